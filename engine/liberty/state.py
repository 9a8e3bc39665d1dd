"""Liberty's whole game state as plain dataclasses (deterministic; ``to_dict``/``from_dict`` round trip).

Where a block is (``Block.at``): a hex id (``21.08``), ``Atlantic`` (1.6), a West Indies port
(``Jamaica``, ``Martinique``, 9.1), ``pool`` (its side's replacement pool, 6.0), ``french_pool`` (face up
until French entry, 12.0) or ``prisoner`` (captured, face up, held by the other side, 2.11, 11.5)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.dice import Dice

from .sequence import Phase

SIDES = ("british", "american")
POOL, FRENCH_POOL, PRISONER = "pool", "french_pool", "prisoner"
OFF_MAP = (POOL, FRENCH_POOL, PRISONER)


def other(side: str) -> str:
    return "american" if side == "british" else "british"


@dataclass
class Block:
    id: str
    side: str
    at: str
    strength: int
    # this game turn (5.1: a block moves once a turn; 5.5: forced march rolled after the movement; 5.6, 7.4)
    moved: bool = False
    forced: bool = False
    by_river: bool = False
    by_sea: bool = False
    came_from: str | None = None  # the hex it entered its present hex from this turn (7.4)


@dataclass
class Battle:
    """The battle being fought (7.0): attacker, defender, round 1-3, which blocks have had their combat turn
    this round (7.21), the reserves (box after 7.5) and the retreat counts of this round (7.4)."""

    hex: str
    attacker: str
    round: int = 1
    acted: list[str] = field(default_factory=list)
    reserves: list[str] = field(default_factory=list)
    retreats: dict[str, int] = field(default_factory=dict)  # "a|b" -> blocks retreated this round (7.4)
    sea_retreats: int = 0  # land blocks retreated by sea in this battle (8.5: at most 3)
    warship_retreated: bool = False  # this round, for 8.5
    sea_to: list[str] = field(default_factory=list)  # 8.5, 9.1: where its warships retreated this round
    victor: str | None = None
    regroups: dict[str, int] = field(default_factory=dict)  # "a|b" -> blocks regrouped across it (7.5)
    withdrawing: list[str] = field(default_factory=list)  # blocks that must retreat, their owner choosing
    withdraw_rule: str = ""  # why: "7.2" (after round 3, G30), "7.4" (reserves, G27), "8.6" (G37)
    firing: list[str] = field(default_factory=list)  # the blocks of the combat turn still to fire (7.31)
    # the roll being applied (G25): {"unit", "dice", "hits", "left", "rating"}; a hit among equals may wait on
    # the target's owner (phase "hit", 7.32)
    pending: dict[str, Any] | None = None
    # the last roll (public, 7.31): the firer's unit and side, rating, dice, and the hits taken so far as
    # [target, strength after or "bombardment"] (set at the roll, so shown while a hit choice waits)
    last_fire: dict[str, Any] | None = None

    @property
    def defender(self) -> str:
        return other(self.attacker)


def _plain(v: Any) -> Any:
    """``asdict``'s copy of one value of the state: a block or the battle as a dict of its fields, lists,
    tuples and dicts copied, every other value (str, int, float, bool, None, a StrEnum) as it is."""
    if isinstance(v, (Block, Battle)):
        return {k: _plain(x) for k, x in v.__dict__.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if isinstance(v, tuple):
        return tuple(_plain(x) for x in v)
    return v


@dataclass
class State:
    seed: int
    dice: Dice
    year: int = 1775
    turn: int = 1  # 1..5; 6 is the winter turn
    phase: Phase = Phase.CARDS  # written by sequence.go only
    deck: list[str] = field(default_factory=list)  # the cards not dealt this year (3.0)
    hands: dict[str, list[str]] = field(default_factory=dict)
    played: dict[str, str] = field(default_factory=dict)  # the cards committed this turn (secret till both)
    revealed: dict[str, str] = field(default_factory=dict)  # the cards of this turn once both are played
    p1: str | None = None
    weather: int | None = None
    acting: str | None = None  # whose supply, actions, disbanding or placement it is
    actions_left: int = 0
    built: bool = False  # 3.2: once the acting player builds, it moves no more this turn
    group_from: str | None = None  # the hex of the group the last action moved (G7: ``/move ... also:yes``)
    deployed: list[str] = field(default_factory=list)  # 6.1, 6.2 (G17): hexes built into this action phase
    drawn: str | None = None  # the block drawn by a build, waiting for /place (6.0)
    queue: list[str] = field(default_factory=list)  # "supply|side", "actions|side" still to come this turn
    reserves: list[str] = field(default_factory=list)  # P2 blocks that reinforced a P1 attack (box after 7.5)
    hexsides: dict[str, int] = field(default_factory=dict)  # "side|a|b" -> blocks across this turn (5.2)
    attacks: dict[str, str] = field(default_factory=dict)  # hex -> the side that attacked there (G23)
    entries: dict[str, list[str]] = field(default_factory=dict)  # "hex|side" -> hexes it entered from (7.4)
    pinned: dict[str, int] = field(default_factory=dict)  # hex -> P2 blocks that may leave (5.4)
    sea_attacks: list[str] = field(default_factory=list)  # hexes attacked from the sea this turn (8.4)
    battles: list[str] = field(default_factory=list)  # the battle hexes still to fight (7.1)
    battle: Battle | None = None
    control: dict[str, str] = field(default_factory=dict)  # hex or West Indies port -> side (5.3, G16)
    blocks: dict[str, Block] = field(default_factory=dict)
    french_in: bool = False  # 9.0
    hit_order: dict[str, list[str]] = field(default_factory=dict)  # 7.32: the owner's choice among equals
    winter_todo: list[str] = field(default_factory=list)  # sides still to disband (11.3)
    attrition_todo: list[str] = field(default_factory=list)  # "side|place" awaiting its owner's choice (11.4)
    offer: dict[str, Any] | None = None  # 11.5: {"by": side, "give": [ids], "take": [ids]} awaiting an answer
    winner: str | None = None
    reason: str | None = None
    vp: int = 0  # the British victory points at the last check (11.1)

    def clone(self) -> State:
        """A copy sharing nothing mutable with this state (``apply`` keeps it to undo a rejected order)."""
        d: dict[str, Any] = {
            f: v.copy() if isinstance(v, (list, dict)) else v for f, v in self.__dict__.items()
        }
        d["dice"] = self.dice.clone()
        d["blocks"] = {k: Block(**b.__dict__) for k, b in self.blocks.items()}
        d["battle"] = copy.deepcopy(self.battle)
        for name in ("hands", "entries", "hit_order"):
            d[name] = {k: list(v) for k, v in getattr(self, name).items()}
        return State(**d)

    def to_dict(self) -> dict[str, Any]:
        """What ``dataclasses.asdict`` gives (plain dicts and lists, copies that share nothing with the
        state), made directly: ``asdict`` deep-copies every leaf and was most of a snapshot's cost."""
        d = {k: _plain(v) for k, v in self.__dict__.items() if k != "dice"}
        d["dice"] = self.dice.to_dict()
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        d = dict(d)
        d["dice"] = Dice.from_dict(d["dice"])
        d["blocks"] = {k: Block(**v) for k, v in d["blocks"].items()}
        d["battle"] = Battle(**d["battle"]) if d.get("battle") else None
        d["phase"] = Phase(d.get("phase", Phase.CARDS))  # stored as its string
        return cls(**d)

    # -- lookups --------------------------------------------------------------------------------------------
    def at(self, place: str, side: str | None = None) -> list[Block]:
        """The blocks at ``place`` (of ``side``), in id order."""
        return [
            b for b in sorted(self.blocks.values(), key=lambda b: b.id)
            if b.at == place and (side is None or b.side == side)
        ]  # fmt: skip

    def pool(self, side: str) -> list[str]:
        return sorted(b.id for b in self.blocks.values() if b.side == side and b.at == POOL)

    def occupied(self) -> dict[str, set[str]]:
        """place -> the sides with blocks there (on the map, the Atlantic box and the West Indies)."""
        out: dict[str, set[str]] = {}
        for b in self.blocks.values():
            if b.at not in OFF_MAP:
                out.setdefault(b.at, set()).add(b.side)
        return out

    def at_side(self, side: str) -> list[Block]:
        """The side's blocks on the map, in the Atlantic box and the West Indies, in id order."""
        return [
            b
            for b in sorted(self.blocks.values(), key=lambda b: b.id)
            if b.side == side and b.at not in OFF_MAP
        ]
