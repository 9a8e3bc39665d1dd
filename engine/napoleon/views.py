"""``view(role)``: the only door out of the engine (no role learns what it may not know).

A block's face (unit, type, cv) is known to its owner; everyone sees where blocks stand and how many of
each army are in each town, disrupted blocks, blocks in square, eliminated units and every die roll.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import battle_views
from .active import active_roles
from .campaign import last_turn
from .context import Ctx
from .faces import BlockView, face
from .movement import group_moves_left
from .sequence import Phase
from .state import Kept, armies_of

__all__ = ["BlockView", "TownView", "View", "build_view"]


@dataclass(frozen=True, slots=True)
class TownView:
    name: str
    blocks: tuple[BlockView, ...]
    battle: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "battle": self.battle, "blocks": [b.to_dict() for b in self.blocks]}


@dataclass(frozen=True)
class View:
    role: str
    ruleset: str
    players: int
    setup: str
    turn: int  # 0 during setup
    last_turn: int
    day: str | None
    slot: str | None
    night: bool
    side: str | None  # whose campaign turn
    phase: Phase
    active: tuple[str, ...]
    towns: tuple[TownView, ...]
    unplaced: tuple[BlockView, ...]  # blocks still to deploy (3.1), faces for the owner only
    eliminated: tuple[BlockView, ...]
    battles: tuple[Any, ...]  # BattleView
    group_moves_left: dict[str, int] = field(default_factory=dict)
    surrendered: tuple[str, ...] = ()
    result: dict[str, str] | None = None
    events: tuple[dict[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "role": self.role,
            "ruleset": self.ruleset,
            "players": self.players,
            "setup": self.setup,
            "turn": self.turn,
            "last_turn": self.last_turn,
            "day": self.day,
            "slot": self.slot,
            "night": self.night,
            "side": self.side,
            "phase": self.phase,
            "active": list(self.active),
            "towns": [t.to_dict() for t in self.towns],
            "unplaced": [b.to_dict() for b in self.unplaced],
            "eliminated": [b.to_dict() for b in self.eliminated],
            "battles": [b.to_dict() if hasattr(b, "to_dict") else b for b in self.battles],
            "group_moves_left": dict(self.group_moves_left),
            "surrendered": list(self.surrendered),
            "result": self.result,
            "events": list(self.events),
        }


def _sort_key(b: BlockView) -> tuple[str, bool, str]:
    return (b.army, not b.known, b.id or "")


def _town(name: str, blocks: list[BlockView], battle: bool) -> TownView:
    """The view of one town holding ``blocks`` (in the units' order), the same value each time the same
    blocks stand there: a block's face is kept with its unit until the unit changes (``faces.face``), so an
    order changes the views of the few towns it touched and the others are found by the faces' identities.
    The value kept holds the faces, so their ids are not reused while it is kept."""
    key = (name, battle, *map(id, blocks))
    found = _TOWNS.get(key)
    if found is None:
        found = _TOWNS.keep(key, TownView(name, tuple(sorted(blocks, key=_sort_key)), battle))
    return found


# (town, in a battle, the ids of the faces standing there) -> its view (``_town``)
_TOWNS: Kept[tuple[Any, ...], TownView] = Kept(20_000)


def build_view(ctx: Ctx, role: str, *, events: bool = True) -> View:
    st, sc = ctx.st, ctx.sc
    by_town: dict[str, list[BlockView]] = {}
    unplaced: list[BlockView] = []
    eliminated: list[BlockView] = []
    battle_towns = {b.town for b in st.open_battles()}
    mine = armies_of(role)
    for u in st.units.values():
        if u.eliminated:
            eliminated.append(face(ctx, u, True))  # revealed (``block``)
        elif u.location is None:
            if u.army in mine:
                unplaced.append(face(ctx, u, True))
        else:
            by_town.setdefault(u.location, []).append(face(ctx, u, u.army in mine))
    towns = tuple(_town(t, bs, t in battle_towns) for t, bs in sorted(by_town.items()))
    turn = sc.turns[st.turn - 1] if st.turn else None
    gml = {}
    if st.phase == Phase.MOVEMENT and turn is not None:
        for a in ("french",) if turn.side == "french" else ("british", "prussian"):
            gml[a] = group_moves_left(ctx, a)
    return View(
        role=role,
        ruleset=ctx.opts.ruleset,
        players=ctx.opts.players,
        setup=ctx.opts.setup,
        turn=st.turn,
        last_turn=last_turn(ctx),
        day=str(turn.day) if turn else None,
        slot=turn.slot if turn else None,
        night=bool(turn and turn.night),
        side=turn.side if turn else None,
        phase=st.phase,
        # who acts: kept with the state, as ``Game.active`` keeps it (the same key and value)
        active=st.cached("active", lambda: tuple(active_roles(ctx))),
        towns=towns,
        unplaced=tuple(sorted(unplaced, key=_sort_key)),
        eliminated=tuple(sorted(eliminated, key=_sort_key)),
        battles=tuple(battle_views.battle_view(ctx, b, role) for b in st.open_battles()),
        group_moves_left=gml,
        surrendered=tuple(st.surrendered),
        result={"winner": st.result.winner, "reason": st.result.reason} if st.result else None,
        events=tuple(e.visible(role) for e in st.events) if events else (),
    )
