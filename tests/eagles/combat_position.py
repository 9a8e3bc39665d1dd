"""Positions for the combat tests: the Quatre Bras state with every piece off the map, and ``put`` to place
one where a test wants it (its steps, facing, marks); and what the combat tests check the same way (a
combat step refused, changing nothing; the events and the dice of a kind)."""

from __future__ import annotations

from typing import Any

import pytest

from data.eagles import Eagles, load_eagles
from engine.eagles.options import Options
from engine.eagles.state import OFF, State, Unit, step_sp
from engine.eagles.turns import new_state
from engine.errors import RuleError

BOARD: Eagles = load_eagles()


def empty(seed: int = 1) -> State:
    """Every unit, HQ and leader of the scenario, none on the map; turn 1 (14:00, day), clear weather."""
    st = new_state(BOARD, Options(), seed)
    for u in st.units.values():
        u.area, u.facing, u.attached_to = OFF, None, None
    for ld in st.leaders.values():
        ld.area = OFF
    return st


def put(
    st: State, uid: str, area: str, *, facing: str | None = None, steps: int | None = None, **marks: Any
) -> Unit:
    """Place a unit (or a leader: then only ``area``) in ``area``."""
    if uid in st.leaders:
        st.leaders[uid].area = area
        return None  # type: ignore[return-value]
    u = st.units[uid]
    u.area = area
    if steps is not None:
        u.steps = steps
        u.sp = step_sp(u.full_sp, u.full_steps, steps)
    if u.long or u.kind == "artillery":
        u.facing = facing or sorted(BOARD.neighbours(area, diagonal=False))[0]
    for k, v in marks.items():
        setattr(u, k, v)
    return u


def events_of(events: list[Any], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind]


def dice_for(events: list[Any], purpose: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == "dice" and e.data.get("for") == purpose]


def seq(*parts: list[int]) -> list[int]:
    """Forced dice given fire by fire."""
    return [d for part in parts for d in part]


def big(st: State, uid: str, area: str, n: int, **kw: Any) -> None:
    """A unit of ``n`` SP in ``n`` steps (1 SP a step), for the digest's round numbers."""
    put(st, uid, area, full_sp=n, full_steps=n, steps=n, sp=n, **kw)


def refused(st: State, fn: Any, *args: Any, rule: str, key: str, **kw: Any) -> None:
    """``fn(BOARD, st, *args, **kw)`` refuses citing ``rule`` with the message ``key``, and ``st`` is
    unchanged."""
    before = st.to_dict()
    with pytest.raises(RuleError) as e:
        fn(BOARD, st, *args, **kw)
    assert (e.value.rule, e.value.key) == (rule, key), e.value
    assert st.to_dict() == before
