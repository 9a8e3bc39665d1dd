"""Napoleon as a game module (the contract: ``engine/module.py``): its options, seats, orders, private talk
and unit ownership, declared once for the bot, the console, the script runner and the tools."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from data.napoleon.dump import dump as dump_data

from .. import catalog
from ..module import (
    EventData,
    GameModule,
    GameObject,
    Interaction,
    OptionValue,
    OrderKind,
    OrderOption,
    SealedChoice,
    Standing,
    Text,
)
from ..orders import Choice
from . import narrate, present, prompts, standing
from .fuzzing import FUZZING
from .game import Game
from .invariants import INVARIANTS
from .options import OPTIONS, Options
from .orders import Deploy, parse
from .pictures import PICTURES
from .present import LEADERS, PREFIXES, owns
from .sequence import Phase
from .views import View

__all__ = ["LEADERS", "MODULE", "PREFIXES", "owns"]

_BATTLE = OrderOption("battle", "town", required=False, help="which battle, when several are open (6.4)")
_UNITS = OrderOption("units", "units", help="unit ids, comma-separated")
ORDERS = (
    OrderKind(
        "setup",
        (  # auto first: ``/setup auto:yes``, as the order is written (engine/napoleon/orders.py Setup)
            OrderOption("auto", "bool", False, "place every block still to place, as in history if it may"),
            OrderOption("units", "units", False, "unit ids, comma-separated (with town:, without auto:)"),
            OrderOption("town", "town", False, "the town to place them in (with units:)"),
        ),
        "3.1",
        "place blocks before the game, changed at will until /end: units: and town: both (the engine says"
        " which is missing), or auto: for every block still to place",
    ),
    OrderKind(
        "move",
        (_UNITS, OrderOption("path", "path", help="towns joined by >"), OrderOption("forced", "bool", False)),
        "5.0",
    ),
    OrderKind("end", (_BATTLE,), "4.0"),
    OrderKind(
        "undo",
        (),
        "",
        "take back your last order, until a die is rolled, something hidden is shown or another role acts"
        " (product decision 9)",
    ),
    OrderKind(
        "deploy",
        (  # the columns the player writes (or makes with the DM's buttons, ``SealedChoice``): not suggested
            OrderOption("left", "list", suggested=False),
            OrderOption("center", "list", suggested=False),
            OrderOption("right", "list", suggested=False),
            OrderOption("reserve", "list", False, suggested=False),
            _BATTLE,
        ),
        "6.2",
        sealed=True,  # 6.2: placed hidden, the line columns revealed once both sides have placed
    ),
    OrderKind(
        "battle-move",
        (
            OrderOption("unit", "unit"),
            OrderOption("to", "text", words="position"),
            _BATTLE,
        ),  # 6.1's positions
        "6.3",
    ),
    OrderKind(
        "fire",
        (
            OrderOption("unit", "unit"),
            OrderOption("target", "text", False, choices=("line", "square")),
            _BATTLE,
        ),
        "8.1",
    ),
    OrderKind("square", (OrderOption("unit", "unit"), _BATTLE), "8.5"),
    OrderKind("unsquare", (OrderOption("unit", "unit"), _BATTLE), "8.5"),
    OrderKind(
        "retreat",
        (
            _UNITS,
            OrderOption("to", "town"),
            OrderOption("path", "path", False),
            OrderOption("forced", "bool", False),
            _BATTLE,
        ),
        "7.0",
    ),
    OrderKind("reinforce", (_UNITS, OrderOption("from", "town"), _BATTLE), "9.0"),
    OrderKind(
        "regroup",
        (_UNITS, OrderOption("to", "town", False), OrderOption("from", "town", False), _BATTLE),
        "7.6",
    ),
    OrderKind(
        "orders",
        (
            OrderOption("list", "text", help="battle orders separated by ;", suggested=False, quoted=True),
            OrderOption("battle", "town", False, _BATTLE.help, suggested=False),
        ),
        "",
        "several battle orders for one battle turn, applied in order; the first not legal then stops the list"
        ' (docs/guide.md, "Several orders at once")',
    ),
)


def private_talk(game: GameObject) -> list[tuple[str, ...]]:
    """13.1 with product decision 8: in a 3-player game the British and Prussian players may confer in private
    during the set-up and the allied night turns (the allied thread)."""
    assert isinstance(game, Game)
    if game.options.players != 3 or game.over:
        return []
    st = game.state
    turn = game.scenario.turns[st.turn - 1] if st.turn else None
    if st.phase == Phase.SETUP or (turn is not None and turn.side == "allied" and turn.night):
        return [("british", "prussian")]
    return []


DIRECTIVES = ("turn", "place", "prefer", "dice")


def directive(game: GameObject, word: str, rest: str) -> None:
    """The script directives of Napoleon (``engine/script.py``): ``@turn N``, ``@place UNIT TOWN [cv=N]``,
    ``@prefer ROLE KEY:IDS``, ``@dice 1 5 6`` / ``@dice clear`` / ``@dice seed N``. A ValueError or RuleError
    says what is wrong with the line."""
    assert isinstance(game, Game)
    if word == "turn":
        game.set_turn(int(rest))
    elif word == "place":
        parts = rest.split()
        cv = int(parts.pop()[3:]) if parts and parts[-1].startswith("cv=") else None
        if len(parts) < 2:
            raise ValueError("write @place UNIT TOWN [cv=N]")
        game.place(parts[0], " ".join(parts[1:]), cv)
    elif word == "dice" and rest == "clear":
        game.clear_forced_dice()
    elif word == "dice" and rest.startswith("seed "):
        game.reseed_dice(int(rest.split()[1]))
    elif word == "dice":
        game.force_dice([int(v) for v in rest.split()])
    elif word == "prefer":
        role, _, spec = rest.partition(" ")
        key, _, ids = spec.partition(":")
        game.prefer(role.strip(), key.strip(), [i.strip() for i in ids.split(",") if i.strip()])
    else:
        raise ValueError(f"unknown directive @{word}")


def report(game: GameObject) -> dict[str, Any]:
    """The JSON document of ``python -m engine.script`` for a Napoleon game (a contract: tools read it)."""
    assert isinstance(game, Game)
    st, sc = game.state, game.scenario
    units = []
    for u in st.units.values():
        d = sc.unit(u.id)
        units.append(
            {
                "id": u.id,
                "army": u.army,
                "nation": d.nation,
                "type": u.type,
                "cv": u.cv,
                "max_cv": u.max_cv,
                "location": u.location,
                "disrupted": u.disrupted,
                "in_square": u.in_square,
                "eliminated": u.eliminated,
            }
        )
    views = {"public": game.view("public").to_dict()}
    for r in game.options.roles:
        views[r] = game.view(r).to_dict()
    return {
        "options": game.options.to_dict(),
        "seed": st.seed,
        "turn": st.turn,
        "phase": st.phase,
        "active": game.active(),
        "result": {"winner": st.result.winner, "reason": st.result.reason} if st.result else None,
        "units": units,
        "battles": [b.to_dict() for b in st.battles],
        "events": [e.to_dict() for e in st.events],
        "views": views,
    }


COLUMNS = ("left", "center", "right", "reserve")  # where a block deploys (6.2)


def _deployments(game: Game, role: str) -> list[Interaction]:
    """6.2: each battle awaiting the role's deployment is a sealed choice made by a form (its blocks into the
    columns, confirmed as one ``/deploy``, revealed once both sides have deployed); every other order is
    given by command."""
    towns = present.deploying(game)
    if not towns or game.over or role not in game.active():
        return []
    choices = [o for o in map(parse, game.legal(role).choices) if isinstance(o, Deploy)]
    out: list[Interaction] = []
    for town in towns:
        mine: list[str] = []
        for o in choices:
            if (town if o.battle is None else o.battle) == town:
                for col in o.columns().values():
                    mine += col
        if mine:
            pieces = tuple(sorted(dict.fromkeys(mine), key=_unit_order))
            form = SealedChoice(
                order="deploy", pieces=pieces, slots=COLUMNS, place="battle", at=town, words="column"
            )
            out.append(
                replace(form, head="svc.draft_head", help="svc.draft_help")
            )  # its lines in 6.2's words
    return out


def _unit_order(uid: str) -> tuple[str, int]:
    head, _, num = uid.partition("-")
    return (head, int(num) if num.isdigit() else 0)


class Napoleon(GameModule[Options, Game, View]):
    """Napoleon's declarations and hooks: the rules' own functions (``present``, ``prompts``, ``narrate``,
    ``standing``), each behind the contract's name for it."""

    id = "napoleon"
    title = "Napoleon: The Waterloo Campaign 1815"
    options = OPTIONS
    orders = ORDERS
    locale = str(Path(__file__).resolve().parent / "locale")  # napoleon.po: the rules' messages
    directives = DIRECTIVES
    pictures = PICTURES  # engine/napoleon/pictures.py, drawn by renderers/napoleon
    first_options = "setup=historical"
    seats = ("french", "allied", "british", "prussian")
    game = Game
    sides = seats  # every role any options give; ``roles`` says which play
    preferences = ("hits", "supply")
    standing = Standing("battle", standing.WORDS, standing.choose, standing.when, always=("hold",))
    fuzz_invariants = INVARIANTS  # engine/napoleon/invariants.py
    fuzzing = FUZZING  # engine/napoleon/fuzzing.py: the combinations, the random player, /undo's check

    def make_options(self, values: Mapping[str, OptionValue]) -> Options:
        return Options.from_dict(dict(values))

    def options_dict(self, options: Options) -> dict[str, OptionValue]:
        return options.to_dict()

    def roles(self, options: Options) -> tuple[str, ...]:
        return options.roles  # 13.1: two or three players, as the options say

    def owns(self, role: str, unit: str) -> bool:
        return owns(role, unit)

    def private_talk(self, game: Game) -> list[tuple[str, ...]]:
        return private_talk(game)

    def private_roles(self, options: Options) -> tuple[str, ...]:
        return ("british", "prussian") if options.players == 3 else ()

    def directive(self, game: Game, word: str, rest: str) -> None:
        directive(game, word, rest)

    def report(self, game: Game) -> dict[str, Any]:
        return report(game)

    def copy(self, game: Game, deep: bool = False) -> Game:
        return game.copy(deep)

    def passing(self, game: Game, role: str) -> tuple[Choice, bool] | None:
        """A passed deadline: ``/end`` when the rules take it. Else what they force (docs/rulings.md "Napoleon
        — 6.1 a passed deadline ..."): the set-up's remaining units placed as in history (3.1), a battle's
        deployment (6.2: the first the rules give), and an attack short of 3 units taken back with ``/undo``
        (6.1: it may not stand, and undoing moves nothing the player did not move)."""
        choices = game.legal(role).choices
        if "/end" in choices:
            return "/end", True
        said = [(str(c).split()[0], c) for c in choices]
        for name, c in said:
            if name == "/setup" and str(c) == "/setup auto:yes":
                return c, False
            if name == "/deploy":
                return c, True
        if game.state.phase == Phase.MOVEMENT:
            undo = next((c for name, c in said if name == "/undo"), None)
            if undo is not None:
                return undo, False
        return None

    def epoch(self, game: Game) -> int:
        return game.state.turn

    def waiting(self, game: Game) -> str:
        return present.waiting(game)

    def outcome(self, game: Game) -> str:
        return present.outcome(game)

    def placings(self, game: Game, forfeits: Sequence[str] = ()) -> list[tuple[int, tuple[str, ...]]]:
        """The French against the allied roles (one or two, as the game is played by two or three); a draw
        (12.3) places both first; a side any of whose roles forfeits places last."""
        allied = tuple(r for r in self.roles(game.options) if r != "french")
        result = game.state.result
        if forfeits:
            winner = "allied" if "french" in forfeits else "french"
        elif game.over and result is not None:
            winner = result.winner
        else:
            return []
        place = {"french": (1, 2), "allied": (2, 1), "draw": (1, 1)}.get(winner)
        return [(place[0], ("french",)), (place[1], allied)] if place else []

    def narrate(self, event: EventData, lang: str, options: Options, text: Text) -> str | None:
        return narrate.describe(event, lang, options, text)

    def status(self, game: Game, lang: str, text: Text) -> str:
        return present.status(game, lang, text)

    def prompt(self, game: Game, role: str, lang: str, text: Text, examples: bool = True) -> str:
        return prompts.prompt(game, role, lang, text, examples)

    def public_headline(self, view: View, role: str, lang: str, text: Text) -> str:
        return prompts.headline(view, role, lang, text)

    def describe_options(self, options: Options, lang: str, text: Text) -> str:
        return present.describe_options(options, lang, text)

    def ranked(self, choices: Sequence[Choice]) -> list[Choice]:
        return prompts.ranked(choices)

    def suggest(
        self, game: Game, role: str, order: str, option: str, current: str, given: dict[str, str]
    ) -> list[str] | None:
        return present.suggest(game, role, order, option, current, given)

    def forced_dice(self, game: Game) -> list[int]:
        return list(game.state.dice.forced)

    def clear_dice(self, game: Game) -> None:
        game.clear_forced_dice()

    def reseed(self, game: Game, seed: int) -> None:
        game.reseed_dice(seed)

    def preferred(self, game: Game, role: str, key: str) -> list[str]:
        return list(game.state.preferences[role][key])

    def interactions(self, game: Game, role: str) -> list[Interaction]:
        return _deployments(game, role)

    def dump_data(self) -> dict[str, Any]:
        return dump_data()


# its rules' messages join the engine's catalog as soon as the game is imported (engine/catalog.py)
catalog.register("engine", Napoleon.locale, Napoleon.id)

MODULE = Napoleon()
