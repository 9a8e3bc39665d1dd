"""Helpers for the Eagles of the Empire rules tests: a game's board cleared of every piece, and a piece put
where a test needs it (the rules are then driven through ``apply``, as a player would). The combat tests set
up a bare state instead (``tests/eagles/combat_position.py``)."""

from __future__ import annotations

from engine.eagles.game import Game
from engine.eagles.options import Options
from engine.eagles.state import OFF


def activated(formations: str, side: str = "french", seed: int = 1, picket: bool = False) -> Game:
    """A new game (the Nassau picket option ``picket``) with ``side`` trying first, its roll made (8.1) and
    ``formations`` activated, every unit in command: a position in the activation's first segment."""
    g = Game.new(Options(nassau_picket=picket), seed)
    st = g.state
    g.apply(str(st.chooser), f"/first side:{side}")
    st.dice.force([1])
    g.apply(side, "/roll")
    st.may_activate = 3
    g.apply(side, f"/activate formations:{formations}")
    for u in st.units.values():
        u.in_command = True
    return g


def clear(g: Game) -> None:
    """Every piece off the map, never to arrive: a board to set a case up on."""
    for u in g.state.units.values():
        u.area, u.arrive, u.attached_to, u.facing = OFF, 0, None, None
    for x in g.state.leaders.values():
        x.area, x.arrive = OFF, 0


def put(g: Game, pid: str, area: str, facing: str | None = None) -> None:
    """Unit or leader ``pid`` in ``area``; a long counter or a battery facing ``facing``, by default the
    first of the area's facings."""
    st = g.state
    if pid in st.units:
        u = st.units[pid]
        u.area = area
        if u.long or u.kind == "artillery":
            u.facing = facing or sorted(g.ctx.board.facings(area))[0]
    else:
        st.leaders[pid].area = area
