"""The whole state of a game of Napoleon: plain data, copied before every order (``apply`` is atomic)."""

from __future__ import annotations

import copy
import itertools
import json
import threading
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypeVar

from ..dice import Dice
from ..events import Event
from .options import Options
from .sequence import Phase

_T = TypeVar("_T")
_K = TypeVar("_K")
_V = TypeVar("_V")

ARMIES = ("french", "british", "prussian")
SIDE_OF = {"french": "french", "british": "allied", "prussian": "allied"}
LEADER_OF = {
    "french": "NAP",
    "british": "WEL",
    "prussian": "BLU",
}  # 10.0 (unit ids in data/napoleon/units.toml)


_ARMIES_OF = {
    "french": ("french",),
    "allied": ("british", "prussian"),
    "british": ("british",),
    "prussian": ("prussian",),
}


class Kept(dict[_K, _V]):
    """What was worked out once and may be asked again (texts read, walks, moves), forgotten whole when it
    holds ``most`` entries: the texts players type and the groups they move are many over a long life."""

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most

    def keep(self, key: _K, value: _V) -> _V:
        if len(self) >= self.most:
            self.clear()
        self[key] = value
        return value


def armies_of(role: str) -> tuple[str, ...]:
    """The armies a role commands (13.1: in a 3-player game each Allied player commands only his own)."""
    return _ARMIES_OF.get(role, ())


def plain_copy(v: Any) -> Any:
    """A deep copy of plain data (dicts, lists, sets, tuples of str/int/bool/None and dataclasses of those):
    what ``copy.deepcopy`` does for game state, without its memo (faster: docs/performance.md)."""
    t = type(v)
    # scalars inside a dict or a list are taken as they are without a call (the most of the game's data)
    if t is dict:
        return {k: x if type(x) in _SCALARS else plain_copy(x) for k, x in v.items()}
    if t is list:
        return [x if type(x) in _SCALARS else plain_copy(x) for x in v]
    if t is set:
        return set(v)
    if t is tuple:
        return tuple(plain_copy(x) for x in v)
    if t in _SCALARS:
        return v
    if hasattr(t, "__dataclass_fields__"):
        return t(**{name: plain_copy(getattr(v, name)) for name in t.__dataclass_fields__})
    return copy.deepcopy(v)


class BattleStatus(StrEnum):
    """What a battle is doing (``Battle.status``; 6.2, 6.3, 7.6). A str: stored as these very strings. The
    battle's states (who acts, what they may order) are ``battle/machine.py``'s, read from this, its phase and
    the 6.4 lock."""

    DEPLOY = "deploy"  # 6.2: set up in secret
    FIGHTING = "fighting"  # 6.3: battle turns
    REGROUP = "regroup"  # 7.6: the victor may regroup
    OVER = "over"


class BattlePhase(StrEnum):
    """The phase of a battle turn (``Battle.phase``, 6.3; morale, 8.6, is rolled as the battle turn begins).
    A str: stored as these very strings."""

    NONE = ""  # outside a battle turn
    RETREAT = "retreat"  # 7.0
    COMBAT = "combat"  # 8.0
    REINFORCE = "reinforce"  # 9.0


_PLACE_FIELDS = frozenset({"location", "eliminated", "army"})
_SCALARS = (str, int, bool, float, type(None), BattleStatus, BattlePhase)  # the enums are immutable too

# Stamps: ``_PLACE_CHANGES[0]`` changes whenever a unit's place changes (location or elimination), which lets
# ``Ctx`` cache which sides stand in which town between changes; ``REVISION[0]`` changes whenever anything of
# any game state changes through an attribute (a unit's, the state's own) or a directive (``touch``), which
# lets ``Game.legal`` keep its answers for a state until it changes. Each new value is a fresh number from one
# counter (``next`` is atomic): never one a cache has seen, even with games replayed in other threads.
_STAMPS = itertools.count(1)
_encode = json.JSONEncoder(separators=(",", ":")).encode  # what json.dumps(x, separators=...) does
_PLACE_CHANGES = [0]
REVISION = [0]


# Copy on write (docs/architecture.md): ``Game.apply`` first tries an order on a *fork* of the state, whose
# units are the state's own until written: a rule writing a unit takes its copy first (``GameState.own``).
# The set of units a fork owns is ``_WRITING.dirty`` while the order runs; a write to any other unit (a rule
# that writes without ``own``) raises ``SharedWrite`` before it changes anything, and ``apply`` runs the
# order again on a full copy (``GameState.clone``). Per thread: games replayed in other threads don't see
# each other's.
_WRITING = threading.local()
COPY_ON_WRITE = [True]  # False: ``fork`` is a full ``clone`` (tests compare both ways, game by game)


class SharedWrite(BaseException):
    """An order on a fork wrote a unit the fork shares with the state it was forked from
    (``Unit.__setattr__``): a signal to ``Game.apply``, never seen by anybody; a BaseException so that no
    rule's ``except`` swallows it."""


def writing(dirty: set[str] | None) -> set[str] | None:
    """Set the units an order may write without ``own`` (the fork's owned set; None: no check); returns the
    one before (to put back)."""
    before: set[str] | None = getattr(_WRITING, "dirty", None)
    _WRITING.dirty = dirty
    return before


def touch() -> None:
    """Something of a game state changed outside an attribute assignment (a directive): caches are stale."""
    REVISION[0] = next(_STAMPS)


def other_side(side: str) -> str:
    return "allied" if side == "french" else "french"


@dataclass
class Unit:
    """One block. Its fields live in its ``__dict__``, always in field order (so a snapshot is that dict as it
    is, and a copy is one dict copy: ``apply`` copies every unit of the state on every order). Its snapshot
    as JSON text is kept outside that dict (``_text``) until it changes."""

    __slots__ = ("__dict__", "_dirty", "_faces", "_text")
    if TYPE_CHECKING:  # the slots, for mypy (not fields: set with ``_set`` and read as they are)
        _text: str | None = field(init=False, repr=False, compare=False)
        # the ids of the units written since the state that holds this unit was made by ``GameState.clone``
        # (that state's set; None for a unit of a state not made by a clone): /undo's entry is made of them
        _dirty: set[str] | None = field(init=False, repr=False, compare=False)
        # what a role sees of it (``faces.face``: [hidden, known]), kept until it changes; its copies share it
        _faces: list[Any] | None = field(init=False, repr=False, compare=False)

    id: str
    army: str
    type: str
    max_cv: int
    cv: int
    location: str | None  # town name; None while waiting to be placed (3.1) or once eliminated
    eliminated: bool = False
    disrupted: bool = False  # 7.4: laid down until the end of the campaign turn
    in_square: bool = False  # 8.5 (only inside a battle)
    moved: bool = False  # moved in this movement phase (one move a unit a phase: rulings 5.1)
    force_marched: bool = False  # 5.5: force-marched this campaign turn, so cannot directly reinforce (9.0)
    retreated: bool = False  # 9.2: retreated from a battle this campaign turn

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in _UNIT_FIELD_SET:
            raise AttributeError(f"a unit has no field {name!r}")
        d = self.__dict__
        if name in d and d[name] is value:
            return  # the same value (True, False, None, the same int or town): nothing changes, nothing stale
        try:
            dirty = self._dirty
        except AttributeError:  # ``__init__``: the slot is not set yet
            _set(self, "_dirty", None)
            dirty = None
        else:
            writer = getattr(_WRITING, "dirty", None)
            if writer is not None and dirty is not writer:
                raise SharedWrite(d["id"])  # a fork's order wrote a unit it shares: nothing changed yet
        if name in _PLACE_FIELDS:
            _PLACE_CHANGES[0] = next(_STAMPS)
        REVISION[0] = next(_STAMPS)
        _set(self, name, value)
        _set(self, "_text", None)
        _set(self, "_faces", None)
        if dirty is not None:
            dirty.add(d["id"])

    @property
    def leader(self) -> bool:
        return self.type == "leader"

    @property
    def side(self) -> str:
        return SIDE_OF[self.army]

    def clone(self) -> Unit:
        new = _new(Unit)
        _set(new, "__dict__", self.__dict__.copy())
        _set(new, "_text", self._text)
        _set(new, "_faces", self._faces)
        _set(new, "_dirty", None)
        return new

    def text(self) -> str:
        """``"id":{snapshot}`` as compact JSON (``state_json``), kept until the unit changes."""
        text = self._text
        if text is None:
            text = _encode(self.id) + ":" + _encode(self.__dict__)
            _set(self, "_text", text)
        return text

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Unit:
        """A unit from its snapshot (``Unit(**d)`` without the checks of each assignment)."""
        extra = d.keys() - _UNIT_FIELD_SET
        if extra:
            raise TypeError(f"a unit has no field {sorted(extra)[0]!r}")
        values = {**_UNIT_DEFAULTS, **d}
        missing = [f for f in _UNIT_FIELDS if f not in values]
        if missing:
            raise TypeError(f"a unit needs {missing[0]!r}")
        new = _new(Unit)
        _set(new, "__dict__", {f: values[f] for f in _UNIT_FIELDS})
        _set(new, "_text", None)
        _set(new, "_faces", None)
        _set(new, "_dirty", None)
        return new

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


_set = object.__setattr__
_new = object.__new__
_UNIT_FIELDS = tuple(f.name for f in fields(Unit))
_UNIT_FIELD_SET = frozenset(_UNIT_FIELDS)
_UNIT_DEFAULTS = {f.name: f.default for f in fields(Unit) if f.default is not MISSING}
_NONE = object()


@dataclass(slots=True)
class Attack:
    """What the attacker brought into one enemy-held town this movement phase (6.1, 7.1, 13.2)."""

    town: str
    side: str
    units: list[str] = field(default_factory=list)
    origins: list[str] = field(default_factory=list)  # towns whose groups attacked (13.2)
    passed: list[str] = field(default_factory=list)  # towns the attackers passed through (7.1)
    roads: list[str] = field(default_factory=list)  # the last segment each attacking unit used (road key)


@dataclass(frozen=True, slots=True)
class PendingForcedMarch:
    """A forced march waiting for its roll (5.5). Never changed once made: the copies of the movement
    bookkeeping share it."""

    unit: str
    path: tuple[str, ...]
    bonus: int  # +1 with an active leader in the town the march started from (10.1)
    penalty: int = 0  # [3rd] 7.3: -1 when force-marching in a retreat


@dataclass(slots=True)
class Movement:
    """Bookkeeping of the current campaign turn's movement phase (5.0)."""

    group_moves: list[str] = field(default_factory=list)  # "army@town": groups that have moved (5.1)
    road_use: dict[str, int] = field(default_factory=dict)  # road key -> units carried this turn (5.3)
    attacks: dict[str, Attack] = field(default_factory=dict)  # town -> attack
    forced: list[PendingForcedMarch] = field(default_factory=list)  # 5.5: rolled after all normal moves
    ended: list[str] = field(default_factory=list)  # roles that have ended their movement (13.1: both allies)


@dataclass(slots=True)
class Result:
    winner: str  # "french" | "allied" | "draw"
    reason: str


@dataclass
class GameState:
    options: Options
    seed: int
    dice: Dice
    units: dict[str, Unit]
    turn: int = 0  # index into the time record, 1-based; 0 during setup
    phase: Phase = Phase.SETUP  # written by sequence.go only (and /undo, which puts an earlier state back)
    setup_waiting: list[str] = field(default_factory=list)  # roles that still place blocks (3.1)
    movement: Movement = field(default_factory=Movement)
    battles: list[Battle] = field(default_factory=list)  # in creation order
    events: list[Event] = field(default_factory=list)
    result: Result | None = None
    surrendered: list[str] = field(default_factory=list)  # armies (12.0)
    preferences: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # role -> {"hits": [...], ...}
    orders: int = 0  # accepted orders so far
    log: list[str] = field(default_factory=list)  # script lines that rebuild this game (orders, directives)
    # /undo (product decision 9; engine/napoleon/undo.py): the orders that may be taken back, newest
    # last, each as what it changed; and why the stack was last cleared ("dice", "reveal", "turn", ...)
    undo: list[dict[str, Any]] = field(default_factory=list)
    undo_stop: str = ""

    def __setattr__(self, name: str, value: Any) -> None:
        REVISION[0] = next(_STAMPS)
        _set(self, name, value)

    def clone(self, *, units: bool = True) -> GameState:
        """A copy that shares nothing that changes with this state (``units=False``: the units' objects are
        shared, for ``fork``)."""
        new = _new(GameState)
        d = self.__dict__.copy()
        d.pop("_cache", None)  # answers about this state (``cached``) are not the copy's
        d["dice"] = self.dice.clone()
        dirty = d["_dirty"] = set()  # the units written from now on (/undo's entry: undo.record)
        if units:
            copies = d["units"] = {}
            for k, u in self.units.items():  # Unit.clone, inline: 82 units an order
                copies[k] = c = _new(Unit)
                _set(c, "__dict__", u.__dict__.copy())
                _set(c, "_text", u._text)
                _set(c, "_faces", u._faces)
                _set(c, "_dirty", dirty)
        else:
            d["units"] = dict(self.units)
        if self.kept_occupancy() is not None:  # the same places: who stands where carries over
            d["_occ"] = (_PLACE_CHANGES[0], d["units"], *self.__dict__["_occ"][2:])
        d["setup_waiting"] = list(self.setup_waiting)
        d["movement"] = copy_movement(self.movement)
        # a battle that is over is never written again (no state of the battle table takes an order in it,
        # 7.6; the campaign turn's end drops it): shared, not copied
        d["battles"] = [b if b.status is BattleStatus.OVER else b.clone() for b in self.battles]
        d["events"] = list(self.events)
        d["surrendered"] = list(self.surrendered)
        d["log"] = list(self.log)
        d["undo"] = list(self.undo)  # entries are never changed once made
        # the standing preferences (product decision 7) are shared: never changed in place, only replaced
        # whole (``Game.prefer``)
        _set(new, "__dict__", d)
        return new

    def fork(self) -> GameState:
        """A copy for one order (``Game.apply``) whose units are this state's own objects until the order
        writes them (``own``): a copy of the dict of 82 references instead of 82 units. Everything else is
        copied as ``clone`` does. The units it owns are its ``_dirty`` set's (empty at first)."""
        return self.clone(units=not COPY_ON_WRITE[0])

    def kept_occupancy(self) -> dict[str, set[str]] | None:
        """Town -> the sides standing in it, as ``Ctx.occupancy`` last found it, if no unit's place has
        changed since (``_PLACE_CHANGES``) and the units are still the same dict; else None."""
        kept = self.__dict__.get("_occ")
        if kept is None or kept[0] != _PLACE_CHANGES[0] or kept[1] is not self.units:
            return None
        occ: dict[str, set[str]] = kept[2]
        return occ

    def own(self, u: Unit) -> Unit:
        """The unit ``u`` of this state (by id) as an object this state may write: itself if this state owns
        it (a state not made by ``fork`` owns all its units), otherwise a copy put in its place. Rules write a
        unit through what ``own`` returns (``SharedWrite`` otherwise, on a fork)."""
        dirty: set[str] | None = self.__dict__.get("_dirty")
        cur = self.units[u.id]
        if dirty is None or cur._dirty is dirty:
            return cur
        c = cur.clone()
        _set(c, "_dirty", dirty)
        self.units[u.id] = c
        return c

    def cached(self, key: Any, make: Callable[[], _T]) -> _T:
        """``make()``, kept with this state until anything of any state changes (``REVISION``): the same
        question asked again of an unchanged state is answered at once (``Game.legal``)."""
        cache: tuple[int, dict[Any, Any]] | None = self.__dict__.get("_cache")
        rev = REVISION[0]
        if cache is None or cache[0] != rev:
            cache = (rev, {})
            _set(self, "_cache", cache)
        found = cache[1].get(key, _NONE)
        if found is _NONE:
            found = cache[1][key] = make()
            if REVISION[0] != rev:
                _set(self, "_cache", None)  # ``make`` changed something: keep nothing it saw
        made: _T = found
        return made

    # --- helpers used everywhere -------------------------------------------------------------------
    def emit(
        self,
        kind: str,
        data: dict[str, Any] | None = None,
        *,
        secret: dict[str, Any] | None = None,
        to: tuple[str, ...] | frozenset[str] = (),
    ) -> Event:
        ev = Event(kind, data or {}, secret, frozenset(to), len(self.events) + 1)
        self.events.append(ev)
        return ev

    def alive(self, army: str | None = None) -> list[Unit]:
        return [u for u in self.units.values() if not u.eliminated and (army is None or u.army == army)]

    def at(self, town: str) -> list[Unit]:
        return [u for u in self.units.values() if u.location == town and not u.eliminated]

    def army_units(self, army: str) -> int:
        """12.0: surrender counts the army's units, its leader included (2.1, 2.5; product
        decision 3)."""
        return sum(1 for u in self.units.values() if u.army == army and not u.eliminated)

    def open_battles(self) -> list[Any]:
        return [b for b in self.battles if not b.over]


def road_key(a: str, b: str) -> str:
    """Traffic in both directions shares one count (rulings 5.3)."""
    return f"{a}|{b}" if a < b else f"{b}|{a}"


# --- snapshots ---------------------------------------------------------------------------------------------


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def field_names(t: type) -> tuple[str, ...]:
    """The field names of dataclass ``t``, in order (``dataclasses.fields`` once per class)."""
    names = _FIELD_NAMES.get(t)
    if names is None:
        names = _FIELD_NAMES[t] = tuple(f.name for f in fields(t))
    return names


def _plain(obj: Any) -> Any:
    t = type(obj)
    if t in _SCALARS:
        return obj
    if t is dict:
        return {k: _plain(v) for k, v in obj.items()}
    if t is list or t is tuple:
        return [_plain(v) for v in obj]
    if isinstance(obj, dict):
        return {k: _plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_plain(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted(_plain(v) for v in obj)
    if hasattr(obj, "__dataclass_fields__"):
        return {name: _plain(getattr(obj, name)) for name in field_names(t)}
    return obj


def copy_movement(mv: Movement) -> Movement:
    """The movement bookkeeping copied: ``plain_copy`` for this one shape, by hand (one copy an order)."""
    return Movement(
        list(mv.group_moves),
        dict(mv.road_use),
        {
            k: Attack(a.town, a.side, list(a.units), list(a.origins), list(a.passed), list(a.roads))
            for k, a in mv.attacks.items()
        },
        list(mv.forced),  # frozen: shared
        list(mv.ended),
    )


def movement_to_dict(mv: Movement) -> dict[str, Any]:
    """The movement bookkeeping as plain data: what ``_plain`` gives for this one shape, by hand (the
    snapshot and /undo's entry of every move; ``movement_from_dict`` reads it back)."""
    return {
        "group_moves": list(mv.group_moves),
        "road_use": dict(mv.road_use),
        "attacks": {
            k: {
                "town": a.town,
                "side": a.side,
                "units": list(a.units),
                "origins": list(a.origins),
                "passed": list(a.passed),
                "roads": list(a.roads),
            }
            for k, a in mv.attacks.items()
        },
        "forced": [
            {"unit": f.unit, "path": list(f.path), "bonus": f.bonus, "penalty": f.penalty} for f in mv.forced
        ],
        "ended": list(mv.ended),
    }


def state_to_dict(st: GameState) -> dict[str, Any]:
    return {
        "options": st.options.to_dict(),
        "seed": st.seed,
        "dice": st.dice.to_dict(),
        "units": {k: u.to_dict() for k, u in st.units.items()},
        "turn": st.turn,
        "phase": st.phase,
        "setup_waiting": list(st.setup_waiting),
        "movement": movement_to_dict(st.movement),
        "battles": [b.to_dict() for b in st.battles],
        "events": [e.to_dict() for e in st.events],
        "result": _plain(st.result),
        "surrendered": list(st.surrendered),
        "preferences": _plain(st.preferences),
        "orders": st.orders,
        "log": list(st.log),
        "undo": copy.deepcopy(st.undo),
        "undo_stop": st.undo_stop,
    }


def _events_text(st: GameState) -> str:
    """The events' JSON texts joined, kept with the state (and its copies) as (count, last event, text): the
    next order's state only adds its own events (after an ``/undo`` the kept text no longer matches)."""
    evs = st.events
    kept = st.__dict__.get("_events_text")
    text: str
    if kept is not None and 0 < kept[0] <= len(evs) and evs[kept[0] - 1] is kept[1]:
        n, _, text = kept
        if n < len(evs):
            text = text + "," + ",".join([e.json() for e in evs[n:]])
    else:
        text = ",".join([e.json() for e in evs])
    if evs:
        _set(st, "_events_text", (len(evs), evs[-1], text))
    return text


def state_json(st: GameState) -> str:
    """``json.dumps(state_to_dict(st), separators=(",", ":"))``, the same text, made without copying the
    state first: each part is encoded as it stands (a unit's ``__dict__`` is its snapshot) and each event's
    text is kept with the event (events never change), so a long game's dumps costs little more than a short
    one's. Not sort_keys: the order of the state's dicts is part of the game (``Game.dumps``)."""
    enc = _encode
    battles = ",".join(enc({n: getattr(b, n) for n in field_names(type(b))}) for b in st.battles)
    events = _events_text(st)
    units = ",".join([u.text() if k == u.id else enc(k) + ":" + enc(u.__dict__) for k, u in st.units.items()])
    return "".join(
        [
            '{"options":',
            enc(st.options.to_dict()),
            ',"seed":',
            enc(st.seed),
            ',"dice":',
            enc(st.dice.to_dict()),
            ',"units":{',
            units,
            '},"turn":',
            enc(st.turn),
            ',"phase":',
            enc(st.phase),
            ',"setup_waiting":',
            enc(st.setup_waiting),
            ',"movement":',
            enc(movement_to_dict(st.movement)),
            ',"battles":[',
            battles,
            '],"events":[',
            events,
            '],"result":',
            enc(_plain(st.result)),
            ',"surrendered":',
            enc(st.surrendered),
            ',"preferences":',
            enc(_plain(st.preferences)),
            ',"orders":',
            enc(st.orders),
            ',"log":',
            enc(st.log),
            ',"undo":',
            enc(st.undo),
            ',"undo_stop":',
            enc(st.undo_stop),
            "}",
        ]
    )


def state_from_dict(d: dict[str, Any]) -> GameState:
    movement = movement_from_dict(d["movement"])
    return GameState(
        options=Options.from_dict(d["options"]),
        seed=d["seed"],
        dice=Dice.from_dict(d["dice"]),
        units={k: Unit.from_dict(u) for k, u in d["units"].items()},
        turn=d["turn"],
        phase=Phase(d["phase"]),  # stored as its string
        setup_waiting=list(d["setup_waiting"]),
        movement=movement,
        battles=[Battle.from_dict(b) for b in d["battles"]],
        events=[Event.from_dict(e) for e in d["events"]],
        result=Result(**d["result"]) if d["result"] else None,
        surrendered=list(d["surrendered"]),
        preferences={r: {k: list(v) for k, v in p.items()} for r, p in d["preferences"].items()},
        orders=d["orders"],
        log=list(d.get("log", [])),
        undo=copy.deepcopy(d.get("undo", [])),
        undo_stop=d.get("undo_stop", ""),
    )


def movement_from_dict(mv: dict[str, Any]) -> Movement:
    return Movement(
        group_moves=list(mv["group_moves"]),
        road_use=dict(mv["road_use"]),
        attacks={k: Attack(**copy.deepcopy(a)) for k, a in mv["attacks"].items()},
        forced=[PendingForcedMarch(**{**f, "path": tuple(f["path"])}) for f in mv["forced"]],
        ended=list(mv.get("ended", [])),
    )


@dataclass
class Battle:
    """One battle (6.0-10.2): the rules are the package ``battle/``'s (what the battle is doing, ``status``,
    ``phase`` and ``round_open``, is read and written by ``battle/machine.py`` only); this is its state."""

    town: str
    attacker: str  # side whose campaign turn it is
    defender: str
    entries: dict[str, list[str]] = field(default_factory=dict)  # attacking unit -> path it took (7.1)
    passed: list[str] = field(default_factory=list)  # towns the attackers passed through, start included
    origins: list[str] = field(default_factory=list)
    reinforced_from: list[str] = field(default_factory=list)  # 7.1: towns attacker reinforcements came from
    status: BattleStatus = BattleStatus.DEPLOY
    victor: str | None = None
    deployed: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # role -> column -> ids (secret)
    pos: dict[str, str] = field(
        default_factory=dict
    )  # unit id -> spot (board.py) of every block in the battle
    battle_turn: int = 0  # 6.3: 1 = the attacker's first
    turn_side: str | None = None  # whose battle turn it is
    phase: BattlePhase = BattlePhase.NONE  # 6.3
    ended: list[str] = field(default_factory=list)  # roles that ended this battle turn (or the regroup)
    round_open: bool = False  # 6.4: the attacker started a round here; other battles wait
    acts: dict[str, list[str]] = field(default_factory=dict)  # unit -> what it did this battle turn (8.0)
    fresh: dict[str, int] = field(
        default_factory=dict
    )  # unit -> battle turn of its charge / close double fire
    retreat_use: dict[str, int] = field(default_factory=dict)  # road key -> units, this battle turn (7.2)
    # road key -> units that left an engaged spot this battle turn: they rout (7.0, 7.5), limits 10/6
    rout_use: dict[str, int] = field(default_factory=dict)
    reinforce_use: dict[str, int] = field(default_factory=dict)  # road key -> units, this battle turn (9.1)
    corps_fired: dict[str, str] = field(default_factory=dict)  # 13.3: spot -> the corps whose infantry fired
    last_fire: dict[str, Any] | None = None  # public: the dice of the last fire
    progress: bool = False  # rulings 6.3: the attacker pressed, or a step was lost, or a block left
    idle_rounds: int = 0
    regroup_kind: str | None = None  # 7.6, FAQ 8.2: "retreat" or "reinforce", not both
    regroup_use: dict[str, int] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.status == BattleStatus.OVER

    def acting(self, regroup: bool = False) -> str:
        """The side that acts: the victor in a regroup (7.6), else the side whose battle turn it is (6.3).
        Asked only of a battle where there is one (a battle turn under way, a battle being regrouped)."""
        side = self.victor if regroup else self.turn_side
        assert side is not None, f"no side acts in the battle at {self.town} ({self.status})"
        return side

    def clone(self) -> Battle:
        """``plain_copy(self)`` (every field copied), made without calling ``__init__``; the sides of its
        blocks (``battle/common.board_of``, never changed once made) shared."""
        d = self.__dict__
        new = _new(Battle)
        copied = battle_fields(self)
        sides = d.get("_sides")
        if sides is not None:
            copied["_sides"] = sides
        _set(new, "__dict__", copied)
        return new

    def to_dict(self) -> dict[str, Any]:
        return {f.name: copy.deepcopy(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Battle:
        known = {f.name for f in fields(cls)}
        b = cls(**{k: copy.deepcopy(v) for k, v in d.items() if k in known})
        # stored as plain strings (a snapshot, an undo entry): read back as the enums
        b.status = BattleStatus(b.status)
        b.phase = BattlePhase(b.phase)
        return b


def _lists_by_key(v: dict[str, list[str]]) -> dict[str, list[str]]:
    return {k: list(x) for k, x in v.items()}


def _columns_by_role(v: dict[str, dict[str, list[str]]]) -> dict[str, dict[str, list[str]]]:
    return {r: {c: list(x) for c, x in cols.items()} for r, cols in v.items()}


def _battle_copier(annotation: Any) -> Callable[[Any], Any] | None:
    """How ``battle_fields`` copies one field, by its declared shape: None (a scalar: str, int, bool, None,
    the enums, shared), ``list`` (a list of strings), ``dict`` (a dict of scalars), a dict of lists of
    strings, ``deployed``'s role -> column -> ids; any other shape (``last_fire``, a field added later) by
    ``plain_copy``."""
    shape = str(annotation).replace(" ", "")
    if shape in ("str", "str|None", "int", "bool", "BattleStatus", "BattlePhase"):
        return None
    if shape == "list[str]":
        return list
    if shape in ("dict[str,str]", "dict[str,int]"):
        return dict
    if shape == "dict[str,list[str]]":
        return _lists_by_key
    if shape == "dict[str,dict[str,list[str]]]":
        return _columns_by_role
    return plain_copy


_BATTLE_COPIERS = tuple((f.name, _battle_copier(f.type)) for f in fields(Battle))


def battle_fields(b: Battle) -> dict[str, Any]:
    """A battle's fields copied, in their order (``{name: plain_copy(value)}``: what /undo's entry keeps and
    ``clone`` copies), each by its declared shape (``_battle_copier``): several times quicker than
    ``plain_copy`` walking every value (one copy of each open battle an order in the battle phase, and
    another for /undo's entry)."""
    d = b.__dict__
    return {n: d[n] if cp is None else cp(d[n]) for n, cp in _BATTLE_COPIERS}
