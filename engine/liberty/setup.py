"""12.0: the 1775 set-up from ``data/liberty/setup.toml`` (our reconstruction), the pools, the first deal."""

from __future__ import annotations

from data.liberty import load_liberty
from engine.dice import Dice

from . import board
from .context import Ctx
from .options import Options
from .state import FRENCH_POOL, POOL, Block, State
from .turns import deal, start_turn


def new_state(options: Options, seed: int) -> Ctx:
    lib = load_liberty()
    st = State(seed=seed, dice=Dice.seeded(seed), year=lib.victory.first_year)
    ctx = Ctx(st, lib, options)
    for unit in lib.units:
        entry = lib.start(unit.id)
        if entry is None:
            at = FRENCH_POOL if unit.id in lib.pool("french") else POOL
            st.blocks[unit.id] = Block(unit.id, unit.side, at, unit.max_cv)
            continue
        st.blocks[unit.id] = Block(unit.id, unit.side, board.place_of(ctx, entry.at), entry.cv or unit.max_cv)
    board.recompute_control(ctx)
    ctx.emit("setup", {"year": st.year})
    deal(ctx)
    start_turn(ctx)
    return ctx
