"""Eagles of the Empire saved and loaded: a game reloaded from its snapshot (or copied as the bot copies it
to apply an order) plays on exactly as the game never stopped, even where a rule walks the state's tables in
the order their pieces came (3.13 leaders displaced one by one; a replacement leader, 15.3, made in play)."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path
from typing import Any

from engine.eagles.game import Game
from engine.eagles.module import MODULE
from engine.eagles.state import TABLES, Leader, State
from engine.script import run_lines

SCRIPT = (Path(__file__).parent / "reload_displaced_leaders.txt").read_text(encoding="utf-8").splitlines()


def _played(lines: list[str]) -> Game:
    out = run_lines(lines)
    assert out.ok and out.game is not None
    game: Game = out.game
    return game


def _moved(events: list[Any]) -> list[str]:
    return [e.data["leader"] for e in events if e.kind == "leader-moved"]


def test_a_game_reloaded_displaces_leaders_in_the_order_of_the_game_never_stopped() -> None:
    """3.13: A-L7 entering C2 displaces F-L8 and the replacement F-L6R (15.3, made in play, so after F-L8 in
    the game's tables); the game saved and loaded just before, and the bot's copy, displace them alike."""
    *before, last = SCRIPT
    role, _, order = last.partition(": ")
    game = _played(before)
    assert "F-L6R" in game.ctx.st.leaders and list(game.ctx.st.leaders)[-1] == "F-L6R"
    reloaded, copied = MODULE.loads(game.dumps()), MODULE.copy(game)
    assert copied.dumps() == reloaded.dumps() == game.dumps()
    moved = [_moved(g.apply(role, order)) for g in (game, reloaded, copied)]
    assert moved[0] == ["F-L8", "F-L6R"]
    assert moved[1] == moved[2] == moved[0]
    assert reloaded.dumps() == copied.dumps() == game.dumps()


def test_every_table_of_the_state_keeps_its_order_through_a_snapshot() -> None:
    game = _played(SCRIPT[:10])
    st = game.ctx.st
    st.leaders["F-L6R"] = Leader("F-L6R", "french", "formation", 1, 0, 1)  # 15.3: comes last, after F-L8
    st.holders = dict(reversed(list(st.holders.items())))
    back = State.from_dict(json.loads(json.dumps(st.to_dict(), sort_keys=True)))
    for name in TABLES:
        assert list(getattr(back, name)) == list(getattr(st, name)), name
    # every dict of the state is one of the tables kept
    assert {f.name for f in fields(State) if str(f.type).startswith("dict")} == set(TABLES)


def test_an_older_snapshot_without_the_order_still_loads() -> None:
    game = _played(SCRIPT[:40])
    d = json.loads(game.dumps())
    del d["state"]["order"]
    old = Game.loads(json.dumps(d, sort_keys=True))
    assert list(old.ctx.st.units) == sorted(game.ctx.st.units)
    assert {k: v.area for k, v in old.ctx.st.units.items()} == {
        k: v.area for k, v in game.ctx.st.units.items()
    }
    assert json.loads(old.dumps())["state"]["units"] == d["state"]["units"]
