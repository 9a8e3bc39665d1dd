"""A role's view of Eagles of the Empire (a dict, ``engine/eagles``' ``view(role)``) read into what the
pictures draw: the one place that knows the view's keys. Open information: every role's view is the whole
game, so every picture shows every unit. Fixed ratings (a unit's type, whether it is a long counter, its
steps at full strength; a leader's name and values) come from the data (:mod:`renderers.eagles.board`) where
the view does not carry them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import board as G

OFF = frozenset(("", "off", "gone", "eliminated", "dead", "killed", "reserve", "offmap", "off-map"))


@dataclass(frozen=True)
class Unit:
    id: str
    side: str
    kind: str
    long: bool
    sp: int
    steps: int
    most: int  # steps at full strength
    at: str
    facing: str | None  # the neighbour it faces (13.9), None: all round
    posture: str = ""  # 17.0: "square" (17.1), "slope" (17.2), "" in line


@dataclass(frozen=True)
class Leader:
    id: str
    side: str
    name: str
    at: str
    range: int
    tactical: int
    initiative: int


@dataclass(frozen=True)
class Picture:
    role: str
    turn: int
    turns: int
    time: str
    weather: str
    light: str  # day, dusk (the 21:00 turn)
    vp: dict[str, int]
    active: str
    winner: str
    units: tuple[Unit, ...]
    leaders: tuple[Leader, ...]
    holders: dict[str, str]  # victory area -> the side holding it
    last: tuple[str, ...]  # the areas of the last activation
    army: dict[str, str] = field(default_factory=dict)  # side -> its army commander (9.5)
    command: dict[str, tuple[str, ...]] = field(default_factory=dict)  # leader -> areas in range, if told

    def on_map(self) -> dict[str, tuple[list[Unit], list[Leader]]]:
        """area -> (units, leaders) standing there."""
        out: dict[str, tuple[list[Unit], list[Leader]]] = {}
        for u in self.units:
            if u.at not in OFF:
                out.setdefault(u.at, ([], []))[0].append(u)
        for ld in self.leaders:
            if ld.at not in OFF:
                out.setdefault(ld.at, ([], []))[1].append(ld)
        return out


def _g(d: Any, *keys: str, default: Any = None) -> Any:
    for k in keys:
        v = d.get(k) if isinstance(d, Mapping) else getattr(d, k, None)
        if v is not None:
            return v
    return default


def _items(v: Any) -> Iterable[dict[str, Any]]:
    """A list of records, or a mapping id -> record (each given its id)."""
    if isinstance(v, Mapping):
        return [{"id": k, **(r if isinstance(r, Mapping) else {"at": r})} for k, r in v.items()]
    return [dict(r) if isinstance(r, Mapping) else dict(vars(r)) for r in v or ()]


def _at(r: Mapping[str, Any]) -> str:
    at = _g(r, "area", "at", default="")
    if _g(r, "alive", default=True) is False:
        return "gone"
    return str(at) if at is not None else ""


AREA_KEYS = ("area", "from", "to", "target", "path", "areas")


def action_areas(
    view: Any, units: Iterable[Unit], leaders: Iterable[Leader], log: Iterable[Any] | None = None
) -> tuple[str, ...]:
    """The areas of the activation under way or of the last one (8.1): where the units and leaders of its
    formations stand, and the areas its events name (a move's start, path and end, a target), in the map's
    order. Its events are those from the last ``activate`` on (the view may carry the whole log)."""
    areas = G.board().areas
    act = _g(view, "activation", default=None)
    formations = set(_g(act, "formations", default=()) or ()) if act else set()
    events = list(log if log is not None else _g(view, "events", default=()) or ())
    starts = [i for i, e in enumerate(events) if _g(e, "kind") == "activate"]
    events = events[starts[-1] :] if starts else []
    if events and not formations:
        formations = set(_g(events[0], "formations", default=()) or ())
    found: set[str] = set()
    if formations:
        side = {f.get("id"): f.get("leader") for f in _items(_g(view, "formations", default=()))}
        heads = {side.get(f) for f in formations}
        for r in _items(_g(view, "units", default=())):
            if _g(r, "formation") in formations:
                found.add(str(_g(r, "area", "at", default="")))
        found |= {ld.at for ld in leaders if ld.id in heads}
    for e in events:
        for k in AREA_KEYS:
            v = _g(e, k)
            for x in v if isinstance(v, (list, tuple)) else (v,):
                if isinstance(x, str):
                    found.add(x)
    order = {a: i for i, a in enumerate(areas)}
    return tuple(sorted((a for a in found if a in areas), key=lambda a: order[a]))


def _side(uid: str) -> str:
    return "french" if uid.upper().startswith("F") else "allies"


def read(view: Any, events: Iterable[Any] | None = None) -> Picture:
    """The picture's reading of ``view`` (``events``: the log to find the last activation in, where the
    view carries none)."""
    b = G.board()
    units = []
    for r in _items(_g(view, "units", default=())):
        uid = str(r["id"])
        info = b.units.get(uid)
        kind = info.kind if info else _kind(str(_g(r, "kind", "arm", default="infantry")))
        long = bool(_g(r, "long", default=info.long if info else False))
        most = int(_g(r, "full_steps", "max_steps", default=info.steps if info else 1))
        steps = int(_g(r, "steps", default=most))
        sp = int(_g(r, "sp", "strength", default=info.sp if info else steps))
        facing = _g(r, "facing", "faces", default=None)
        posture = "square" if _g(r, "square") else "slope" if _g(r, "reverse_slope") else ""  # 17.0
        units.append(
            Unit(
                uid,
                str(_g(r, "side", default=info.side if info else _side(uid))),
                kind,
                long,
                sp,
                steps,
                max(most, steps),
                _at(r),
                str(facing) if facing else None,
                posture,
            )
        )
    leaders = []
    for r in _items(_g(view, "leaders", default=())):
        lid = str(r["id"])
        li = b.leaders.get(lid)
        leaders.append(
            Leader(
                lid,
                str(_g(r, "side", default=li.side if li else _side(lid))),
                str(_g(r, "name", default=li.name if li else lid)),
                _at(r),
                int(_g(r, "range", "command_range", default=li.range if li else 0)),
                int(_g(r, "tactical", default=li.tactical if li else 0)),
                int(_g(r, "initiative", default=li.initiative if li else 0)),
            )
        )
    vp = _g(view, "vp", "victory_points", default={}) or {}
    holders = _g(view, "holders", "control", "held", default={}) or {}
    last = _g(view, "last_activation", default=None)
    if isinstance(last, Mapping):
        last = _g(last, "areas", default=()) or ()
    if last is None:
        last = action_areas(view, units, leaders, events)
    command = _g(view, "command_areas", default={}) or {}
    turns = len(b.turns)
    active = _g(view, "active", default="") or ""
    if not isinstance(active, str):
        active = ",".join(str(x) for x in active)
    winner = _g(view, "winner", default="") or ""
    turn = int(_g(view, "turn", default=1))
    time = str(_g(view, "time", default=b.turns[min(turn, turns) - 1] if turns else ""))
    return Picture(
        role=str(_g(view, "role", default="public")),
        turn=turn,
        turns=int(_g(view, "turns", default=turns)),
        time=time,
        weather=str(_g(view, "weather", default="clear")),
        light=str(_g(view, "light", default="day")),
        vp={"french": int(_g(vp, "french", default=0)), "allies": int(_g(vp, "allies", default=0))},
        active=str(active),
        winner=str(winner),
        units=tuple(sorted(units, key=lambda u: u.id)),
        leaders=tuple(sorted(leaders, key=lambda x: x.id)),
        holders={str(k): str(v) for k, v in dict(holders).items() if v},
        last=tuple(str(a) for a in last),
        command={str(k): tuple(v) for k, v in dict(command).items()},
        army={str(k): str(v) for k, v in dict(_g(view, "army_commander", default={}) or {}).items()},
    )


def _kind(kind: str) -> str:
    k = kind.lower()
    if "horse" in k:
        return "horse"
    for name in ("hq", "artillery", "cavalry", "infantry"):
        if name in k:
            return name
    return "infantry"
