"""*Ridge* — a second tiny module, of another shape than *Dash*: an area map with elevations (R1), open
information, alternating activations (R3) and one picture. Its rules are ``rules.py``, its words
``locale/``, its picture ``picture.py``, its bot player ``player.py``; this file declares it to the
platform. Tests register it (``engine.modules.register(MODULE)``); nothing outside this folder names it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ai import registry as players
from engine.module import (
    EventData,
    Module,
    OptionSpec,
    OptionValue,
    OrderKind,
    OrderOption,
    PictureKind,
    Text,
)
from renderers import registry as pictures

from .picture import draw_map
from .player import RidgeBot
from .rules import SIDES, RidgeGame, RidgeOptions, RidgeView, directive

LOCALE = Path(__file__).parent / "locale"


def narrate(event: EventData, lang: str, text: Text) -> str | None:
    kind = event["kind"]
    if kind == "won":
        return text.t(f"ridge.ev.won.{event['why']}", lang, side=event["side"])
    if kind == "attacked":
        return text.t("ridge.ev.attacked", lang, **{**event, "bonus": f"{event['bonus']:+d}"})
    return text.t(f"ridge.ev.{kind}", lang, **event)


class Ridge(Module[RidgeOptions, RidgeGame, RidgeView]):
    """The module: its declarations, the six hooks every module gives, and what it says better than the
    platform's defaults (its narration, prompt, headline, status, directive and report)."""

    id = "ridge"
    title = "Ridge (a test module)"
    options = (OptionSpec("rounds", "int", 4, "rounds to play (R3)", lo=1, hi=8),)
    orders = (
        OrderKind("move", (OrderOption("unit", "unit"), OrderOption("to", "town")), "R4", "move a unit"),
        OrderKind("attack", (OrderOption("unit", "unit"), OrderOption("area", "town")), "R5", "attack"),
        OrderKind("pass", (), "R6", "give up the round's remaining activations"),
    )
    locale = str(LOCALE)
    directives = ("dice",)
    pictures = (PictureKind[RidgeGame, RidgeView]("map", board=True),)

    def make_options(self, values: Mapping[str, OptionValue]) -> RidgeOptions:
        return RidgeOptions(**values)  # type: ignore[arg-type]  # rounds: the int its OptionSpec reads

    def options_dict(self, options: RidgeOptions) -> dict[str, OptionValue]:
        return options.to_dict()

    def roles(self, options: RidgeOptions) -> tuple[str, ...]:
        return SIDES

    def new_game(self, options: RidgeOptions, seed: int) -> RidgeGame:
        return RidgeGame.new(options, seed)

    def loads(self, snapshot: str) -> RidgeGame:
        return RidgeGame.loads(snapshot)

    def owns(self, role: str, unit: str) -> bool:
        return unit[:1] == role[:1].upper()

    def directive(self, game: RidgeGame, word: str, rest: str) -> None:
        directive(game, word, rest)

    def report(self, game: RidgeGame) -> dict[str, Any]:
        return {"round": game.round, "winner": game.winner, "active": game.active()}

    def outcome(self, game: RidgeGame) -> str:
        return f"{game.winner} won" if game.winner else ""

    def narrate(self, event: EventData, lang: str, options: RidgeOptions, text: Text) -> str | None:
        return narrate(event, lang, text)

    def prompt(self, game: RidgeGame, role: str, lang: str, text: Text, examples: bool = True) -> str:
        if game.over or role not in game.active():
            return ""
        said = text.t("ridge.prompt", lang, round=game.round, rounds=game.options.rounds)
        shown = " · ".join(f"`{c}`" for c in game.legal(role).choices[:3])
        return f"{said}\n{shown}" if examples else said

    def public_headline(self, view: RidgeView, role: str, lang: str, text: Text) -> str:
        return text.t("ridge.prompt", lang, round=view.round, rounds=view.rounds)  # R2: nothing is hidden

    def status(self, game: RidgeGame, lang: str, text: Text) -> str:
        if game.over:
            return text.t("ridge.over", lang, side=game.winner)
        return text.t("ridge.status", lang, round=game.round, rounds=game.options.rounds, role=game.acting)


MODULE = Ridge()

# its picture and its bot player, registered above the engine as a game's own packages do
pictures.register("ridge", {"map": draw_map})
players.register("ridge", RidgeBot)
