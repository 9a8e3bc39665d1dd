"""Eagles of the Empire's whole game state as plain dataclasses (deterministic; ``to_dict``/``from_dict``
round
trip), for our Quatre Bras (``data/eagles/``).

Rule numbers are the series rules' (3 leaders, 4 sequence of play, 5 weather, 6 reinforcements, 7 first
player,
8 activation, 9 command, 10 charges, 11 assignment, 12 bombardment, 13 movement, 14 assault, 15 rally and
recovery); ``G``\\ N a gap of the seed decided in ``docs/rulings.md`` ("Eagles of the Empire — ...").

Where a piece stands: ``area`` an area id (``OFF``: not yet on the map, ``GONE``: eliminated or killed). A
unit's strength is its steps left (``steps``) and the SP those steps give (``sp``, 2.3: a hit removes one
step).
MP are counted in halves (``mp_used``: a road costs 1 half, 13.3). Everything here is open to both players
(no hidden units); only a player's queued orders are his own (``queue``)."""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.dice import Dice

SIDES = ("french", "allies")
OFF, GONE = "off", "gone"


def other(side: str) -> str:
    return "allies" if side == "french" else "french"


def step_sp(full_sp: int, full_steps: int, steps: int) -> int:
    """The SP a unit of ``full_sp`` in ``full_steps`` steps has with ``steps`` left (2.3: the next-lower
    counter; ours: the SP falls evenly, rounding up, so a 3-SP long counter goes 3, 2, 1 and a 2-step 1-SP
    short counter stays 1 until eliminated)."""
    if steps <= 0:
        return 0
    return -(-full_sp * steps // max(full_steps, 1))


@dataclass
class Unit:
    """A combat unit or an HQ (``kind``: infantry, cavalry, artillery, hq; ``arm`` the data's finer type:
    light/heavy/horse/lancers... as the data names it)."""

    id: str
    side: str
    kind: str
    formation: str  # the formation it belongs to (its formation leader's id, or the HQ's): 2.3, 11.1
    full_sp: int
    full_steps: int
    steps: int
    sp: int
    morale: int
    long: bool = False  # a long infantry counter (2.22, 13.7); a reduced one may become short (11.1)
    area: str = OFF
    facing: str | None = None  # the neighbour its front faces (13.9: long counters and artillery)
    attached_to: str | None = None  # 11.2: the infantry division this artillery rides on
    reserve: bool = False  # 11.1, G35: a reserve until the HQ assigns it
    arrive: int = 0  # 6.0: the turn it enters (0: on the map at set-up)
    in_command: bool = True  # 9.x: as determined when its formation last activated
    # this activation (reset when an action phase begins, 8.2)
    charged: bool = False  # 10.7: may not move or assault after a charge
    bombarded: bool = False  # 12.6: may not move or assault after a bombardment
    assaulted: bool = False  # G6: one assault an activation
    moved: bool = False  # 13.1
    mp_used: int = 0  # 13.1: halves of an MP spent in this movement segment
    faced: str = ""  # 13.9: "start" or "end" once it has changed facing in this movement segment
    stopped: bool = False  # 13.7: a long counter that entered a circled area holding a long counter
    detached_now: bool = False  # 11.1: voluntarily detached this activation, MA -1 in its movement segment
    # this turn (cleared in the rally phase, 15.1, G8)
    retreated: bool = False  # 20.0
    disordered: bool = False  # G22
    parent: str | None = None  # 11.3: the division a deployed short counter came from (its ratings)
    # 17.0 defensive postures of infantry, kept until left (13.1) or ended (G13)
    square: bool = False  # 17.1: in square (10.2, 12.3, 14.2)
    reverse_slope: bool = False  # 17.2: in reverse-slope defence (12.3)

    @property
    def on_map(self) -> bool:
        return self.area not in (OFF, GONE)

    @property
    def combat(self) -> bool:
        """A combat unit (infantry, cavalry, artillery): an HQ is not one (9.12, 13.6)."""
        return self.kind != "hq"

    def lose(self, n: int = 1) -> int:
        """Take ``n`` step losses (2.3); the steps actually lost. At 0 the unit is eliminated (``GONE``)."""
        lost = min(n, self.steps)
        self.steps -= lost
        self.sp = step_sp(self.full_sp, self.full_steps, self.steps)
        if self.steps == 0:
            self.area, self.attached_to, self.facing = GONE, None, None
        elif self.long and self.sp <= 1 and self.kind == "infantry":
            self.long = False  # 2.22: the survivors of a large unit are a short counter (ours)
        return lost


@dataclass
class Leader:
    """A leader (3.0). ``kind``: army (commander), intermediate, formation, division (a division commander
    off the map until he takes over, 2.3)."""

    id: str
    side: str
    kind: str
    range: int
    tactical: int
    initiative: int
    area: str = OFF
    alive: bool = True
    arrive: int = 0  # 6.0
    moved: bool = False  # 13.4: an army or intermediate commander moves once a turn
    mp_used: int = 0  # 13.4: halves of an MP in this movement segment
    in_command: bool = True  # 9.2-9.3: as determined at its formation's last activation

    @property
    def on_map(self) -> bool:
        return self.alive and self.area not in (OFF, GONE)


@dataclass
class Formation:
    """A formation (2.3): the unit of activation, named by its formation leader (or the HQ)."""

    id: str
    side: str
    leader: str  # the leader commanding it now (15.3 a replacement takes over)
    activated: bool = False  # 8.16-8.17: its leader shows the Activated side
    last_turn: int = 0  # 8.15: the turn it last activated (once a turn)
    initiative_only: bool = False  # 15.3, G10: its leader is lost and not yet replaced
    released: bool = True  # the Guard light cavalry is held until released (facts 7.3)


@dataclass
class Activation:
    """The action phase under way (8.14, 8.2): the formations activated together and what they did."""

    side: str
    formations: list[str] = field(default_factory=list)
    # the segment under way is the state's ``phase``; these are the per-activation records the segments keep
    targets: dict[str, str] = field(default_factory=dict)  # G6/12.6: firing/assaulting area -> its target
    assigned: list[str] = field(default_factory=list)  # 11.1: units assigned in this assignment segment
    command_rolls: dict[str, int] = field(default_factory=dict)  # 9.3: leader -> his initiative roll


# the state's tables (dicts) whose order ``to_dict`` keeps
TABLES = (
    "units", "leaders", "formations", "army_commander", "due", "assigned", "bonus_vp", "holders", "came",
    "queue",
)  # fmt: skip


@dataclass
class State:
    scenario: str
    seed: int = 0
    turn: int = 1  # 1-based index on the scenario's turn track (8 turns from 14:00)
    phase: str = "roll"  # machine.Phase
    weather: str = "clear"  # 5.0
    first: str | None = None  # 7.0: the side that tries first this turn
    chooser: str | None = None  # 7.0: the side whose higher total lets it choose who starts
    roller: str = "french"  # 8.1: the side whose activation try is next (or under way)
    fails: int = 0  # 8.13, 1.1: failed activation rolls in a row
    may_activate: int = 0  # 8.1: formations the last successful roll allows
    activation: Activation | None = None
    units: dict[str, Unit] = field(default_factory=dict)
    leaders: dict[str, Leader] = field(default_factory=dict)
    formations: dict[str, Formation] = field(default_factory=dict)
    army_commander: dict[str, str] = field(default_factory=dict)  # side -> leader (facts 7.3 Wellington away)
    due: dict[str, list[str]] = field(default_factory=dict)  # 6.0: side -> pieces due to enter this turn
    assigned: dict[str, int] = field(default_factory=dict)  # 11.1: side -> units assigned this turn
    bonus_vp: dict[str, int] = field(default_factory=dict)  # facts 7.3: side -> VP besides objectives, losses
    holders: dict[str, str] = field(default_factory=dict)  # facts 9: objective area -> side last in it
    guard_released: bool = False  # facts 7.3
    came: dict[str, int] = field(default_factory=dict)  # facts 7.2: variant id -> the turn it came
    queue: dict[str, list[str]] = field(default_factory=dict)  # side -> orders queued ahead (its own)
    winner: str | None = None  # a side, "draw", or None while playing
    reason: str = ""
    dice: Dice = field(default_factory=lambda: Dice.seeded(0))

    # --- reading ------------------------------------------------------------------------------------------
    def clone(self) -> State:
        """A copy sharing nothing that a rule writes (pieces and records copied one level; their fields are
        plain values)."""
        new = _copy(self)
        new.units = {k: _copy(v) for k, v in self.units.items()}
        new.leaders = {k: _copy(v) for k, v in self.leaders.items()}
        new.formations = {k: _copy(v) for k, v in self.formations.items()}
        new.activation = copy.deepcopy(self.activation)
        new.army_commander = dict(self.army_commander)
        new.due = {k: list(v) for k, v in self.due.items()}
        new.assigned = dict(self.assigned)
        new.bonus_vp = dict(self.bonus_vp)
        new.holders = dict(self.holders)
        new.came = dict(self.came)
        new.queue = {k: list(v) for k, v in self.queue.items()}
        new.dice = self.dice.clone()
        return new

    def units_in(self, area: str, side: str | None = None) -> list[Unit]:
        return [u for u in self.units.values() if u.area == area and (side is None or u.side == side)]

    def leaders_in(self, area: str, side: str | None = None) -> list[Leader]:
        return [
            ld
            for ld in self.leaders.values()
            if ld.on_map and ld.area == area and (side is None or ld.side == side)
        ]

    def side_of_area(self, area: str) -> str | None:
        """The side whose combat units stand in ``area`` (13.1: never both), or None."""
        for u in self.units.values():
            if u.area == area and u.combat:
                return u.side
        return None

    def formation_units(self, formation: str) -> list[Unit]:
        return [u for u in self.units.values() if u.formation == formation and u.on_map]

    def enemy_combat_in(self, area: str, side: str) -> bool:
        return any(u.area == area and u.side != side and u.combat for u in self.units.values())

    # --- storing ------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        d = {
            name: self.dice.to_dict() if name == "dice" else _plain(getattr(self, name))
            for name in _fields(State)
        }
        # A snapshot is written with its keys sorted, but the rules walk these tables in the order their
        # pieces came (a replacement leader, 15.3, or a deployed counter, 11.3, comes last): that order is
        # kept, so that a game reloaded plays on as the game never stopped.
        d["order"] = {name: keys for name, table in self._tables() if (keys := list(table)) != sorted(keys)}
        return d

    def _tables(self) -> list[tuple[str, dict[str, Any]]]:
        """The state's tables whose order a rule may walk, by name (``activation.`` its activation's)."""
        tables = [(name, getattr(self, name)) for name in TABLES]
        if self.activation is not None:
            act = self.activation
            tables += [("activation.targets", act.targets), ("activation.command_rolls", act.command_rolls)]
        return tables

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> State:
        d = dict(d)
        units = {k: Unit(**v) for k, v in d.pop("units").items()}
        leaders = {k: Leader(**v) for k, v in d.pop("leaders").items()}
        formations = {k: Formation(**v) for k, v in d.pop("formations").items()}
        act = d.pop("activation")
        dice = Dice.from_dict(d.pop("dice"))
        order: dict[str, list[str]] = d.pop("order", {})  # an older snapshot has none: its own order
        st = cls(
            **d,
            units=units,
            leaders=leaders,
            formations=formations,
            activation=Activation(**act) if act else None,
            dice=dice,
        )
        for name, table in st._tables():
            keys = order.get(name)
            if keys is not None and sorted(keys) == sorted(table):
                items = dict(table)
                table.clear()
                table.update((k, items[k]) for k in keys)
        return st


_T = TypeVar("_T")


def _copy(x: _T) -> _T:
    """``copy.copy`` of a plain dataclass (its fields one level), made directly: several times faster (the
    state is cloned at every order, each piece in it)."""
    new = object.__new__(type(x))
    new.__dict__.update(x.__dict__)
    return new


_ATOMS = frozenset({str, int, bool, float, type(None)})
_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(t: type) -> tuple[str, ...]:
    names = _FIELDS.get(t)
    if names is None:
        names = _FIELDS[t] = tuple(f.name for f in dataclasses.fields(t))
    return names


def _plain(v: Any) -> Any:
    """``dataclasses.asdict`` of plain state data, made directly (several times faster: a snapshot is taken
    every few orders by the fuzzer's twin): each dataclass instance a dict of its fields in their order,
    lists, dicts and tuples copied, anything else deep-copied as ``asdict`` does."""
    t = type(v)
    if t in _ATOMS:
        return v
    if t is list:
        return [x if type(x) in _ATOMS else _plain(x) for x in v]
    if t is dict:
        return {
            k if type(k) in _ATOMS else _plain(k): x if type(x) in _ATOMS else _plain(x) for k, x in v.items()
        }
    if t is tuple:
        return tuple(_plain(x) for x in v)
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {name: _plain(getattr(v, name)) for name in _fields(t)}
    return copy.deepcopy(v)
