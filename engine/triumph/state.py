"""Napoleon's Triumph's whole game state as plain dataclasses (deterministic; ``to_dict``/``from_dict`` round
trip).

Rule numbers are the rulebook's (7 order of play, 8 corps, 9 commands, 10 movement, 11 attacks, 12 retreats,
13 morale, 14 night, 15 elite units, 16 winning); ``11.N`` is step N of an attack (rule 11), ``G``\\ N a gap
of the rules decided in ``docs/rulings.md``.

Where a block stands: ``at`` a locale id (``OFF``: not yet on the map, ``GONE``: eliminated) and ``on`` the
neighbour whose approach it blocks (``None``: the locale's reserve). A corps stands together: every unit of a
commander stands where the commander stands (rule 8; ``invariants``)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.dice import Dice

SIDES = ("allies", "french")  # a round: the Allied turn, then the French turn (7, [Seed])
OFF, GONE = "off", "gone"


def other(side: str) -> str:
    return "french" if side == "allies" else "allies"


@dataclass
class Block:
    id: str
    side: str
    arm: str  # infantry, cavalry, artillery: secret from the enemy (the face)
    strength: int  # secret from the enemy (the face)
    guard: bool = False
    at: str = OFF
    on: str | None = None
    corps: str | None = None  # its commander's id; None: detached (8)
    shown: bool = False  # its face is known to the enemy (the rules revealed it: G5, G6)
    commanded: int = 0  # commands it took part in this turn (9: once a turn)
    defended: str | None = None  # the attack locale it defended against this turn (11.2, G19)
    retreated: bool = False  # fought and retreated this turn (11.2)

    @property
    def face(self) -> str:
        return f"{'guard' if self.guard else self.arm[:3]}-{self.strength}"

    @property
    def where(self) -> tuple[str, str | None]:
        return (self.at, self.on)


@dataclass
class Commander:
    id: str
    side: str
    at: str = OFF
    on: str | None = None
    commands: int = 0  # commands given this turn (9)


@dataclass
class Attack:
    """The attack under way (rule 11): its step and every sealed choice. ``defence_leaders``,
    ``counter`` are the defender's secrets until the steps that reveal them; the attacker's forces are its
    own secret until 11.5 (``views`` keeps each out of the other side's view)."""

    attacker: str
    source: str  # the attack locale
    target: str  # the defence locale (across the approach source -> target)
    step: str  # machine.Step
    defenders: list[str] = field(default_factory=list)  # 11.2: named, faces hidden (G5)
    blocked: bool = False  # the defenders stand on the defence approach
    defence_leaders: list[str] = field(default_factory=list)  # 11.4: sealed until the attacker presses (G7)
    forces: list[str] = field(default_factory=list)  # 11.5: commanders and detached units that attack
    attackers: list[str] = field(default_factory=list)  # 11.5: every unit that moves
    width: str = "wide"
    leaders: list[str] = field(default_factory=list)  # 11.5
    artillery_led: bool = False
    ir: int = 0
    counter: list[str] = field(default_factory=list)  # 11.7
    fr: int = 0
    winner: str | None = None
    losses: dict[str, int] = field(default_factory=dict)  # side -> strength lost in this fight (13)
    retreating: list[str] = field(default_factory=list)  # 12: units still to retreat
    before_combat: bool = False  # the defender gave ground at 11.2 (G35)
    keep: list[str] = field(default_factory=list)  # G26: the units the attacking corps keep if beaten back
    guard: str | None = None  # 15 ([JW]): the Guard unit shown with the threat of a Guard Attack


@dataclass
class State:
    scenario: str
    round: int = 1  # 1-based index on the scenario's time track (7)
    side: str = "allies"  # whose turn (7)
    phase: str = "play"  # "auction" (17), "setup" (6), "play", "over"
    morale: dict[str, int] = field(default_factory=dict)
    lost: dict[str, int] = field(default_factory=dict)  # morale lost so far (14: night recovery)
    blocks: dict[str, Block] = field(default_factory=dict)
    commanders: dict[str, Commander] = field(default_factory=dict)
    corps_commands: int = 0  # corps commands given this turn (9: the Allies at most 5)
    independent: int = 0  # independent commands given this turn (9)
    moved_into: list[str] = field(default_factory=list)  # locales a corps moved into this turn (10)
    road_through: list[str] = field(default_factory=list)  # locales entered or passed by road this turn (10)
    taken: list[str] = field(default_factory=list)  # locales an attack took this turn ([JW])
    closed: list[str] = field(default_factory=list)  # approaches "a>b" feinted or beaten back this turn (G19)
    bombarded: list[str] = field(default_factory=list)  # approaches "a>b" bombarded this turn ([JW], 11)
    bombard_rounds: dict[str, int] = field(
        default_factory=dict
    )  # approach -> the last round it was bombarded
    attack: Attack | None = None
    reinforced: bool = False  # a French reinforcement has entered (13, 16, G30)
    entered: list[str] = field(default_factory=list)  # reinforcement corps that have entered
    entered_now: list[str] = field(default_factory=list)  # ... this turn (9: two commands, [JW])
    guard_barred: list[str] = field(default_factory=list)  # sides whose Guard Attack failed (15, [JW])
    elite_used: dict[str, list[str]] = field(default_factory=dict)  # side -> "guard"/"heavy" (15)
    battery: str | None = None  # the French fixed battery (6, [JW]): face up, on an approach, never moves
    posted: list[str] = field(default_factory=list)  # French units detached at set-up (6, [JW])
    bids: dict[str, int] = field(default_factory=dict)  # 17: each army's sealed bid of morale
    winner: str | None = None
    reason: str = ""
    seed: int = 0
    dice: Dice = field(default_factory=lambda: Dice.seeded(0))  # only to shuffle re-hidden faces (G6)

    def clone(self) -> State:
        """A copy sharing nothing that changes (as ``copy.deepcopy``, several times faster: the state is plain
        values, lists, dicts and its own dataclasses)."""
        new: State = _copied(self)
        return new

    def units_at(self, at: str, on: str | bool | None = False) -> list[Block]:
        """The units in locale ``at`` (``on``: False = anywhere in it; None = its reserve; a neighbour: that
        approach)."""
        return [b for b in self.blocks.values() if b.at == at and (on is False or b.on == on)]

    def corps_units(self, commander: str) -> list[Block]:
        return [b for b in self.blocks.values() if b.corps == commander and b.at != GONE]

    def side_at(self, locale: str) -> str | None:
        """The side holding ``locale`` (only one side may stand in a locale, rule 4)."""
        for b in self.blocks.values():
            if b.at == locale:
                return b.side
        return None

    def to_dict(self) -> dict[str, Any]:
        """``dataclasses.asdict`` of the state, made directly (several times faster: the snapshot)."""
        out: dict[str, Any] = _plain(self)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        d = dict(d)
        blocks = {k: Block(**v) for k, v in d.pop("blocks").items()}
        cmdrs = {k: Commander(**v) for k, v in d.pop("commanders").items()}
        att = d.pop("attack")
        dice = Dice(**d.pop("dice"))
        return cls(**d, blocks=blocks, commanders=cmdrs, attack=Attack(**att) if att else None, dice=dice)


_ATOMS = frozenset({str, int, bool, float, type(None)})
_FLAT = frozenset({Block, Commander})


def _copied(v: Any) -> Any:
    """A deep copy of plain state data: values, lists, dicts, tuples and dataclass instances (Block,
    Commander, Attack, Dice, State) made of them."""
    t = type(v)
    if t in _ATOMS:
        return v
    if t in _FLAT:  # fields of plain values only (their declarations): a copy of the fields is the copy
        flat = object.__new__(t)
        flat.__dict__.update(v.__dict__)
        return flat
    if t is Dice:
        return Dice(v.state, list(v.forced), v.rolled)
    if isinstance(v, str):  # a StrEnum (the attack's step): a value
        return v
    if t is list:
        return [x if type(x) in _ATOMS else _copied(x) for x in v]
    if t is dict:
        return {k: x if type(x) in _ATOMS else _copied(x) for k, x in v.items()}
    if t is tuple:
        return tuple(_copied(x) for x in v)
    if not hasattr(v, "__dataclass_fields__") or not hasattr(v, "__dict__"):
        return copy.deepcopy(v)  # the dice (slots), anything else
    new = object.__new__(t)
    new.__dict__.update({k: x if type(x) in _ATOMS else _copied(x) for k, x in v.__dict__.items()})
    return new


def _plain(v: Any) -> Any:
    """``dataclasses.asdict`` of plain state data: each dataclass instance a dict of its fields, lists, dicts
    and tuples copied, values as they are."""
    t = type(v)
    if t in _ATOMS:
        return v
    if t in _FLAT:
        return dict(v.__dict__)
    if t is list:
        return [x if type(x) in _ATOMS else _plain(x) for x in v]
    if t is dict:
        return {k: x if type(x) in _ATOMS else _plain(x) for k, x in v.items()}
    if t is tuple:
        return tuple(_plain(x) for x in v)
    if t is Dice:
        return {"state": v.state, "forced": list(v.forced), "rolled": v.rolled}
    if isinstance(v, str):  # a StrEnum (the attack's step): a value
        return v
    if hasattr(v, "__dataclass_fields__"):
        return {f: _plain(getattr(v, f)) for f in v.__dataclass_fields__}
    return copy.deepcopy(v)
