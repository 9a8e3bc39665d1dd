"""``/undo`` (product decision 9, the rule of Rally the Troops): a role takes back its own last order, as
many times as it likes, until a die is rolled, something hidden is revealed to another role, or another role
acts.

The undo data lives in the state (it must survive a save and a load): ``GameState.undo`` is a stack of
entries, one per order that may still be taken back, newest last. An entry holds only what its order changed
— the units it changed, the other parts of the state it changed, and how long the event log and the script
log were before it — so it stays small. The stack is cleared at each *stop*:

- a die was rolled (``dice``: the order rolled one; morale, fire, forced marches, ...);
- something hidden was revealed to another role (``reveal``: a battle line revealed, a block eliminated or
  losing a step, a rout, supply, surrender, the end of the game);
- the campaign turn passed to the other side (``turn``: its end-of-turn steps, 4.0, have been carried out and
  the other side's turn has begun — rulings, "Undo": this counts as another role acting);
- a directive changed the game outside the rules (``@place``, ``@turn``).

Another role acting is the third stop. Its entry goes on top of the stack, so the earlier role's entries
below it cannot be taken back (only the top entry's role may undo); if that other role undoes its own order,
the state is again exactly what it was before, the earlier role's entries included. So an undo always gives
back the state before the undone order — dict order included (``Game.dumps``) — and the same view for
every role.
"""

from __future__ import annotations

from typing import Any

from ..dice import Dice
from ..errors import RuleError
from ..events import Event
from ..messages import rule_error
from .sequence import Phase
from .state import (
    Battle,
    GameState,
    Result,
    Unit,
    _plain,
    battle_fields,
    movement_from_dict,
    movement_to_dict,
)

MAX_UNDO = 100  # entries kept; the oldest goes first (a whole movement phase is at most 44 orders)

# event kinds that tell another role something it did not know: after one, the order cannot be taken back
REVEALING = frozenset(
    {
        "dice",
        "reveal",
        "eliminated",
        "loss",
        "rout",
        "routed",
        "automatic_rout",
        "morale_failed",
        "supply",
        "surrender",
        "battle_won",
        "game_over",
    }
)

_FIELDS = ("dice", "turn", "phase", "setup_waiting", "movement", "battles", "result", "surrendered", "orders")


def _field(st: GameState, name: str) -> Any:
    v = getattr(st, name)
    if name == "dice":
        return v.to_dict()
    if name == "battles":
        return [battle_fields(b) for b in v]  # Battle.to_dict
    if name == "movement":
        return movement_to_dict(v)
    if name == "result":
        return _plain(v)
    if isinstance(v, list):
        return list(v)
    return v


_AS_DATA_IS_AS_OBJECTS = frozenset(("dice", "battles", "movement"))


def stop_of(prev: GameState, work: GameState) -> str | None:
    """Why the order that turned ``prev`` into ``work`` cannot be taken back, or None if it can."""
    if work.dice.rolled != prev.dice.rolled:
        return "dice"
    if any(e.kind in REVEALING for e in work.events[len(prev.events) :]):
        return "reveal"
    if work.turn != prev.turn or work.phase == Phase.OVER:
        return "turn"
    return None


def record(prev: GameState, work: GameState, role: str) -> None:
    """After ``role``'s order turned ``prev`` into ``work``: push its entry, or clear the stack at a stop."""
    stop = stop_of(prev, work)
    if stop is not None:
        clear(work, stop)
        return
    entry: dict[str, Any] = {
        "role": role,
        "events": len(prev.events),
        "log": len(prev.log),
        "units": _changed_units(prev, work),
        "state": {},
    }
    for name in _FIELDS:
        a, b = getattr(prev, name), getattr(work, name)
        if a is b or a == b:
            continue  # equal as objects, so equal as plain data: nothing to keep
        before = _field(prev, name)
        # dice, battles and the movement bookkeeping as data are their fields as they are (copied; the
        # movement's tuples are its frozen forced marches' paths, tuples in both), so unequal objects are
        # unequal data; the others' data turns tuples into lists, so they are compared as data
        if name in _AS_DATA_IS_AS_OBJECTS or before != _field(work, name):
            entry["state"][name] = before
    stack = [*prev.undo, entry]
    work.undo = stack[-MAX_UNDO:]
    work.undo_stop = prev.undo_stop


def _changed_units(prev: GameState, work: GameState) -> dict[str, dict[str, Any]]:
    """The units the order changed, as they were before it: those written since ``work`` was cloned from
    ``prev`` (``GameState.clone`` gives its units one set of the ids written, ``Unit.__setattr__`` adds to
    it) whose fields differ; every unit compared where ``work`` was not made by a clone."""
    written: set[str] | None = work.__dict__.get("_dirty")
    if written is None:
        return {uid: u.to_dict() for uid, u in prev.units.items() if _changed(u, work.units[uid])}
    units = prev.units
    if not written:
        return {}
    # in the units' own order, as the walk of all 82 gave them (the snapshot's bytes stay as they were): the
    # few ids written, sorted by their place in that order, not all 82 walked. Each id's place is kept with
    # the state and carried to its copies (``GameState.clone`` copies its dict), whose units are the same ids
    # in the same order (no rule adds or removes a unit); checked by their number
    place: dict[str, int] | None = work.__dict__.get("_places")
    if place is None or len(place) != len(units):
        place = {uid: i for i, uid in enumerate(units)}
        object.__setattr__(work, "_places", place)  # not a field, not a change
    return {
        uid: units[uid].to_dict()
        for uid in sorted(written, key=place.__getitem__)
        if uid in units and _changed(units[uid], work.units[uid])
    }


def _changed(before: Unit, after: Unit) -> bool:
    """Whether a unit changed: a copy that still holds its original's JSON text (``Unit.text``; any change
    drops it) is unchanged; otherwise its fields (its __dict__) are compared."""
    text = before._text
    if text is not None and after._text is text:
        return False
    return before.__dict__ != after.__dict__


def clear(st: GameState, stop: str) -> None:
    st.undo = []
    st.undo_stop = stop


def refusal(st: GameState, role: str) -> RuleError | None:
    """The RuleError for an ``/undo`` of ``role`` now, or None if it may undo (product decision 9)."""
    if st.phase == Phase.OVER:
        return rule_error("", "undo.over")
    if st.undo:
        top = st.undo[-1]["role"]
        if top == role:
            return None
        return rule_error("", "undo.other_role", other=top)
    key = {
        "dice": "undo.after_dice",
        "reveal": "undo.after_reveal",
        "turn": "undo.after_turn",
        "directive": "undo.after_directive",
    }.get(st.undo_stop, "undo.nothing")
    return rule_error("", key)


def undo(st: GameState, role: str) -> tuple[GameState, Event]:
    """The state before ``role``'s last order, and an event (returned to the caller, not kept: the state is
    exactly the one before the undone order) naming the order for that role."""
    err = refusal(st, role)
    if err is not None:
        raise err
    entry = st.undo[-1]
    text = st.log[entry["log"]] if entry["log"] < len(st.log) else ""
    out = st.clone()
    out.events = st.events[: entry["events"]]
    out.log = st.log[: entry["log"]]
    for name, value in entry["state"].items():
        setattr(out, name, _from_plain(name, value))
    for uid, u in entry["units"].items():
        out.units[uid] = Unit.from_dict(u)
    out.__dict__.pop("_occ", None)  # units put back in place: who stands where is asked again (Ctx)
    out.undo = st.undo[:-1]
    out.undo_stop = st.undo_stop
    order = text.partition(": ")[2]
    return out, Event("undo", {"role": role}, {"order": order}, frozenset({role}))


def _from_plain(name: str, value: Any) -> Any:
    if name == "dice":
        return Dice.from_dict(value)
    if name == "battles":
        return [Battle.from_dict(b) for b in value]
    if name == "movement":
        return movement_from_dict(value)
    if name == "result":
        return Result(**value) if value else None
    if name == "phase":
        return Phase(value)
    if isinstance(value, list):
        return list(value)
    return value


__all__ = ["MAX_UNDO", "REVEALING", "clear", "record", "refusal", "undo"]
