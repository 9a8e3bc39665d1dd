"""Liberty as a game module (the contract: ``engine/module.py``), built into the registry
(``engine/modules.py``). Its order kinds become slash commands; a command that shares its name with
another game's (``/move``, ``/end``, ``/fire``, ``/retreat``, ``/regroup``) takes the options of both, each
order checked by its own game (``bot/discord_app/cog.py``, ``order_commands``). The words of its commands
(names, descriptions, options) are in its catalog (``locale/``: ``command.*``, ``cmd.*``, ``opt.*``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, cast

from data.liberty import load_liberty
from data.liberty.dump import dump as dump_data

from .. import catalog
from ..events import Event
from ..messages import EN as ENGINE_EN
from ..messages_ja import JA as ENGINE_JA
from ..module import (
    PICKS_SHOWN,
    EventData,
    Fuzzing,
    GameModule,
    GameObject,
    Interaction,
    OptionValue,
    OrderKind,
    OrderOption,
    Pick,
    PictureKind,
    SealedChoice,
    Standing,
    Text,
    plain,
)
from ..orders import Choice
from .battle import hit_choices
from .battle import step as battle_step
from .game import Game
from .invariants import INVARIANTS
from .messages import LOCALE, describe_options, place, say, status, told
from .messages import narrate as tell
from .options import OPTIONS, Options
from .orders import GRAMMAR
from .sequence import ROWS
from .state import SIDES
from .turns import card
from .views import View
from .winter import attrition_places

_UNITS = OrderOption("units", "units", help="block ids, comma-separated")
_PATH = OrderOption("path", "path", help="hexes or towns joined by >")
_RIVER = OrderOption("river", "bool", False)  # 5.6; 7.4, 7.5: a retreat or regroup by river
ORDERS = (
    # 3.1: the card is played face down, both revealed together
    OrderKind("play", (OrderOption("card", "text", help="a card of your hand"),), "3.1", sealed=True),
    OrderKind("supply", (OrderOption("units", "units", False),), "3.3"),
    OrderKind(
        "move",
        (
            _UNITS,
            _PATH,
            OrderOption("forced", "bool", False),
            _RIVER,
            OrderOption("also", "bool", False, "more of the group your last action moved (no action)"),
        ),
        "5.1",
    ),
    OrderKind("sea", (_UNITS, OrderOption("to", "town", help="Atlantic, a port, a West Indies port")), "5.7"),
    OrderKind("build", (), "6.0", "draw a block blind from your pool"),
    OrderKind("place", (OrderOption("to", "town"),), "6.1"),
    OrderKind("end", (), "3.1", "end your actions, your regroup, your disbanding or your attrition choices"),
    OrderKind("battle", (OrderOption("at", "town"),), "7.1"),
    OrderKind("fire", (OrderOption("unit", "unit", False),), "7.31"),
    OrderKind("hit", (OrderOption("unit", "unit"),), "7.32", "your block to take the hit among equals"),
    OrderKind("retreat", (OrderOption("unit", "unit"), _PATH, _RIVER), "7.4"),
    OrderKind("regroup", (_UNITS, _PATH, _RIVER), "7.5"),
    OrderKind("disband", (_UNITS,), "11.3"),
    OrderKind("attrition", (OrderOption("units", "units", help="the blocks that go, at one place"),), "11.4"),
    OrderKind("exchange", (OrderOption("give", "units", False), OrderOption("take", "units", False)), "11.5"),
    OrderKind("accept", (), "11.5", "accept the other side's exchange offer"),
    OrderKind("decline", (), "11.5", "decline the other side's exchange offer"),
    OrderKind(
        "prefer", (OrderOption("hits", "units"),), "7.32", "your blocks to take hits first among equals"
    ),
)


def narrate(e: EventData, lang: str, options: Options, tx: Text | None) -> str | None:
    """One line for an event as a role sees it (its public data, and its secret part where the role may see
    it): ``liberty.event.<kind>`` of the catalog, said by ``messages.narrate`` (places by name, the sides
    as the language names them, counts by its plural rule); the plain event if a template cannot be
    filled."""
    try:
        said = tell(e, "ja" if lang == "ja" else "en")
    except (KeyError, TypeError, ValueError, IndexError):
        return plain(e)
    return plain(e) if said is None else said


def prompt(game: Game, role: str, lang: str, text: Text | None, examples: bool = True) -> str:
    """What ``role`` is asked to do now, in its language (``liberty.prompt.<phase>``), with up to three
    ready orders; "" when it is not asked."""
    if game.over or role not in game.active():
        return ""
    lg, st = game.legal(role), game.state
    lang = "ja" if lang == "ja" else "en"
    params: dict[str, Any] = {}
    key = ROWS[lg.phase].prompts[0] if ROWS[lg.phase].prompts else ""  # the sequence of play's table
    bt = st.battle
    if lg.phase == "actions":
        params = {"n": st.actions_left}
        if not st.actions_left:  # 3.1: no action left; only more of the group just moved (no action), /end
            key = "liberty.prompt.actions_none"
    elif lg.phase == "place":
        params = {"unit": st.drawn}
    elif lg.phase == "supply":
        params = {"steps": card(game.ctx, st.revealed[role])[1]}  # 3.3: the steps of the card played
    elif lg.phase == "battle" and bt is not None:  # 7.21: which battle, whose attack, the round
        now = battle_step(game.ctx)
        params = {"letter": now[1] if now else "", "at": bt.hex, "round": bt.round, "attacker": bt.attacker}
    elif lg.phase == "hit" and bt is not None:  # 7.32, G25: which of the owner's equal blocks takes the hit
        params = {"units": hit_choices(game.ctx), "at": bt.hex}
        if bt.pending is not None:  # the roll that made the hit, so the choice is read after its cause
            roll = bt.pending
            params.update(by=roll["unit"], side=st.blocks[roll["unit"]].side, dice=roll["dice"])
            key = "liberty.prompt.hit_by"
    elif lg.phase == "withdraw" and bt is not None:  # 7.2 with G30, G27
        params = {"rule": bt.withdraw_rule, "at": bt.hex}
    elif lg.phase == "attrition":  # 11.4
        params = {"places": [place(p, lang) for p in attrition_places(game.ctx, role)]}
    catalog = ENGINE_JA if lang == "ja" else ENGINE_EN  # the engine's (⟨/cmd⟩ said as the client names it)
    said = say(key, lang, **told(params, lang)) if key in catalog else lg.prompt
    # each order as the player's client names it (Japanese: /カードプレイ カード:ACT-1 (/play card:ACT-1))
    orders = [with_names(c.text()) for c in lg.choices[:3]]
    named = [text.term("cmd_text", o, lang) if text else o for o in orders]
    shown = " · ".join(f"`{o}`" for o in named) if examples else ""
    return " ".join(x for x in (said, shown) if x)


_PLACE_OPTIONS = {k.name: {o.name for o in k.options if o.kind in ("path", "town")} for k in ORDERS}


def with_names(order: str) -> str:
    """An order's text with each hex that holds a town written as the town's name, as a player would type it
    (an order names a place by its hex or its town, ``board.resolve``): ``path:Boston>20.07``."""
    o = GRAMMAR.parse(order)
    lib = load_liberty()

    def named(hex_: str) -> str:
        town = lib.town_at(hex_.strip())
        return town.name if town is not None else hex_

    places = _PLACE_OPTIONS.get(o.kind, set())
    given = {f: getattr(o, f) for f, said in getattr(o, "fields_said", ()) if said.name in places}
    # a path's places each named (its declaration says them joined again), a town's one
    names = {f: tuple(map(named, v)) if isinstance(v, tuple) else v and named(v) for f, v in given.items()}
    return dataclasses.replace(cast(Any, o), **names).text() if names else o.text()


def headline(view: View, role: str, lang: str, text: Text | None) -> str:
    """One line for the channel's ping: what ``role`` is asked to do, from the public ``view`` alone (its
    phase, the actions left, the cards once both are face up, the battle's step). What only the side may know
    is not in it, so it is not said: the block a build drew blind (6.0: "Nobody else learns what you drew"),
    and where the side's own prompt names blocks or places the public view does not hold (a hit among equals,
    7.32; a withdrawal's rule, 7.2; the winter's attrition, 11.4), ``liberty.headline.<phase>`` says it
    without them."""
    if view.winner is not None or role not in view.active:
        return ""
    params: dict[str, Any] = {}
    if view.phase == "actions":
        params = {"n": view.actions_left}
    elif view.phase == "supply" and role in view.cards:  # 3.3: the card played, face up once both are
        params = {"steps": next(c.value for c in load_liberty().cards if c.id == view.cards[role])}
    elif view.phase == "battle" and view.battle is not None and view.battle["step"]:
        b = view.battle  # public: the battle's place, round and attacker, whose step it is (7.21)
        params = {"letter": b["step"][1], "at": b["at"], "round": b["round"], "attacker": b["attacker"]}
    elif view.phase in ("hit", "withdraw") and view.battle is not None:
        params = {"at": view.battle["at"]}
    catalog = ENGINE_JA if lang == "ja" else ENGINE_EN
    key = f"liberty.headline.{view.phase}"
    if key not in catalog:
        key = f"liberty.prompt.{view.phase}"
    if key not in catalog:
        return ""
    try:  # a parameter the public view does not give: no headline rather than a guess
        return say(key, lang, **told(params, lang))
    except (KeyError, IndexError):
        return ""


def _battle_places(game: Game, role: str, events: Sequence[Event] | None) -> list[str]:
    """The battle picture: one while a battle is being fought (7.1), none otherwise."""
    bt = game.state.battle
    return [bt.hex] if bt is not None else []


def _hand_places(game: Game, role: str, events: Sequence[Event] | None) -> list[str]:
    """A hand is drawn for its owner's DM only (3.0: hands are hidden)."""
    return ["hand"] if role in ("british", "american") else []


# the orders a side picks from a list in its DM when all it may do is of these kinds: the card it plays face
# down (3.1), the next battle (7.1), a battle turn (7.3-7.4), the block that takes a hit among equals (7.32),
# where a build goes (6.1), who goes in the winter's attrition (11.4), an answer to an exchange offer (11.5);
# moves and the choices made of several blocks go by command
PICK_KINDS = frozenset(
    {"play", "battle", "fire", "hit", "retreat", "place", "build", "attrition", "accept", "decline", "end"}
)


def _interactions(game: Any, role: str) -> list[Interaction]:
    """The side's choices as a list, if all are of the kinds picked from a list and fit one: the card played
    face down is a sealed choice (3.1: both sides' cards are revealed together), the rest a plain pick."""
    choices = game.legal(role).choices
    if not choices or len(choices) > PICKS_SHOWN or not all(c.kind in PICK_KINDS for c in choices):
        return []
    texts = tuple(c.text() for c in choices)
    return [SealedChoice(orders=texts) if all(c.kind == "play" for c in choices) else Pick(texts)]


def _standing_when(game: Game) -> bool:
    """Standing battle orders play in battles only (7.2-7.3)."""
    return bool(game.state.phase == "battle")


def _standing_choose(game: Game, role: str, spec: dict[str, bool]) -> str | None:
    """A side away from the table that left ``fire`` fires each of its battle turns (7.31: ``/fire``, the
    block whose turn it is); retreats stay its own decision (7.4)."""
    if spec.get("fire") and "/fire" in game.legal(role).choices:
        return "/fire"
    return None


# the pictures (drawn from a role's view by renderers/liberty's functions): the hex map in every post and
# DM; the battle being fought; each side's hand of cards in its own DM only
PICTURES: tuple[PictureKind[Game, View], ...] = (
    PictureKind("map", board=True, rank=0),
    PictureKind("battle", places=_battle_places, rank=1),
    PictureKind("hand", places=_hand_places, rank=3),
)


def owns(role: str, unit_id: str) -> bool:
    """2.0: the British command the red blocks, the Americans the blue (the French included)."""
    try:
        return load_liberty().unit(unit_id).side == role
    except KeyError:
        return False


def directive(game: GameObject, word: str, rest: str) -> None:
    assert isinstance(game, Game)
    game.directive(word, rest)


def report(game: GameObject) -> dict[str, Any]:
    assert isinstance(game, Game)
    st = game.state
    return {
        "options": game.options.to_dict(),
        "seed": st.seed,
        "year": st.year,
        "turn": st.turn,
        "phase": st.phase,
        "active": game.active(),
        "result": game.result(),
        "units": [
            {"id": b.id, "side": b.side, "at": b.at, "strength": b.strength} for b in st.blocks.values()
        ],
        "events": [e.to_dict() for e in game.events],
        "views": {r: game.view(r).to_dict() for r in ("public", "british", "american")},
    }


def _epoch(game: Game) -> int:
    return int(game.state.year) * 10 + int(game.state.turn)


class Liberty(GameModule[Options, Game, View]):
    """Liberty's declarations and hooks (its rules' messages in ``messages``, its prompts above)."""

    id = "liberty"
    title = "Liberty: The American Revolution 1775–83"
    options = OPTIONS
    orders = ORDERS
    locale = LOCALE  # liberty.po: the rules' messages (engine/catalog.py)
    directives = ("dice", "place", "hand", "french")
    fuzz_invariants = INVARIANTS
    pictures = PICTURES
    standing = Standing("battle", ("fire",), _standing_choose, _standing_when)
    fuzzing: Fuzzing[Options, Game] = Fuzzing(bench_opponent="random")
    game = Game
    sides = SIDES  # 2.0: the British and the Americans

    def make_options(self, values: Mapping[str, OptionValue]) -> Options:
        return Options.from_dict(dict(values))

    def options_dict(self, options: Options) -> dict[str, OptionValue]:
        return options.to_dict()

    def owns(self, role: str, unit: str) -> bool:
        return owns(role, unit)

    def directive(self, game: Game, word: str, rest: str) -> None:
        directive(game, word, rest)

    def report(self, game: Game) -> dict[str, Any]:
        return report(game)

    def passing(self, game: Game, role: str) -> tuple[Choice, bool] | None:
        """A passed deadline: ``/end`` when the rules take it, else what they force (docs/rulings.md "Liberty
        — G4 and 7.21 a passed deadline ..."): a card played, the first offered (G4: one a turn), no supply
        steps added (3.3 "up to"), a placement the rules require (6.0) and then ``/end``, the next battle as
        offered (7.1), a combat turn's fire rather than a retreat (7.21: one or the other; firing moves no
        block), a hit as offered (7.32, G25)."""
        choices = game.legal(role).choices
        if "/end" in choices:
            return "/end", True
        if not choices:
            return None
        for exact in ("/supply", "/fire"):
            if exact in choices:
                return exact, True
        first = choices[0]
        return first, not str(first).startswith("/place")

    def epoch(self, game: Game) -> int:
        """A game turn of a year ("Game turn", "Winter turn": five turns, then the winter): a snapshot kept
        at each one's start."""
        return _epoch(game)

    def narrate(self, event: EventData, lang: str, options: Options, text: Text) -> str | None:
        return narrate(event, lang, options, text)

    def outcome(self, game: Game) -> str:
        """Why the game ended (11.1), once over: its reason's phrase (``liberty.reason.*``, which says who
        won), said in each channel's language by the game-over line."""
        if not game.over:
            return ""
        reason = (game.result() or {}).get("reason")
        return f"liberty.reason.{reason}" if reason else status(game, "en")

    def status(self, game: Game, lang: str, text: Text) -> str:
        return status(game, lang, text)

    def prompt(self, game: Game, role: str, lang: str, text: Text, examples: bool = True) -> str:
        return prompt(game, role, lang, text, examples)

    def public_headline(self, view: View, role: str, lang: str, text: Text) -> str:
        return headline(view, role, lang, text)

    def describe_options(self, options: Options, lang: str, text: Text) -> str:
        return describe_options(options, lang, text)

    def interactions(self, game: Game, role: str) -> Sequence[Interaction]:
        return _interactions(game, role)

    def dump_data(self) -> dict[str, Any]:
        return dump_data()

    def place_said(self, place_: str, lang: str) -> str:
        """A battle's town by its name."""
        return place(place_, "ja" if lang == "ja" else "en")


# its rules' messages join the engine's catalog as soon as the game is imported (engine/catalog.py)
catalog.register("engine", LOCALE, "liberty")

MODULE = Liberty()
