"""*Ridge* — a second tiny module, of another shape than *Dash*: an area map with elevations (R1), open
information, alternating activations (R3) and one picture. Its rules are ``rules.py``, its words
``locale/``, its picture ``picture.py``, its bot player ``player.py``; this file declares it to the
platform. Tests register it (``engine.modules.register(MODULE)``); nothing outside this folder names it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.module import Module, OptionSpec, OrderKind, OrderOption, PictureKind, Text

from .rules import SIDES, RidgeGame, RidgeOptions, RidgeView, directive

LOCALE = Path(__file__).parent / "locale"


def narrate(event: dict[str, Any], lang: str, options: Any, text: Text) -> str | None:
    kind = event["kind"]
    if kind == "won":
        return text.t(f"ridge.ev.won.{event['why']}", lang, side=event["side"])
    if kind == "attacked":
        return text.t("ridge.ev.attacked", lang, **{**event, "bonus": f"{event['bonus']:+d}"})
    return text.t(f"ridge.ev.{kind}", lang, **event)


def prompt(game: RidgeGame, role: str, lang: str, text: Text, examples: bool = True) -> str:
    if game.over or role not in game.active():
        return ""
    said = text.t("ridge.prompt", lang, round=game.round, rounds=game.options.rounds)
    shown = " · ".join(f"`{c}`" for c in game.legal(role).choices[:3])
    return f"{said}\n{shown}" if examples else said


def headline(view: RidgeView, role: str, lang: str, text: Text) -> str:
    return text.t("ridge.prompt", lang, round=view.round, rounds=view.rounds)  # R2: nothing is hidden


def status(game: RidgeGame, lang: str, text: Text) -> str:
    if game.over:
        return text.t("ridge.over", lang, side=game.winner)
    return text.t("ridge.status", lang, round=game.round, rounds=game.options.rounds, role=game.acting)


MODULE = Module(
    id="ridge",
    title="Ridge (a test module)",
    options=(OptionSpec("rounds", "int", 4, "rounds to play (R3)", lo=1, hi=8),),
    make_options=lambda values: RidgeOptions(**values),
    options_dict=lambda options: options.to_dict(),
    roles=lambda options: SIDES,
    new_game=RidgeGame.new,
    loads=RidgeGame.loads,
    orders=(
        OrderKind("move", (OrderOption("unit", "unit"), OrderOption("to", "town")), "R4", "move a unit"),
        OrderKind("attack", (OrderOption("unit", "unit"), OrderOption("area", "town")), "R5", "attack"),
        OrderKind("pass", (), "R6", "give up the round's remaining activations"),
    ),
    owns=lambda role, unit: unit[:1] == role[:1].upper(),
    locale=str(LOCALE),
    directives=("dice",),
    directive=directive,
    report=lambda game: {"round": game.round, "winner": game.winner, "active": game.active()},
    pictures=(PictureKind("map", "games.ridge.picture:draw_map", board=True),),
    bot_player="games.ridge.player:RidgeBot",
    narrate=narrate,
    prompt=prompt,
    headline=headline,
    status=status,
    outcome=lambda game: f"{game.winner} won" if game.winner else "",
)
