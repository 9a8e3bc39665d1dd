"""Eagles of the Empire as a game module (the contract: ``engine/module.py``), built into the registry
(``engine/modules.py``). Its order kinds become slash commands (a name another game shares, ``/move``,
``/assault``, takes the options of both, each order checked by its own game); the words of its commands,
events and prompts are its catalog's (``locale/``, ``eagles.*``, ``cmd.*``, ``opt.*``); what it says is
``present.py``. Open information: every role's view is the whole board (``views.py``); only a side's queued
orders are its own, committed as sealed choices when given."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .. import catalog
from ..events import Event
from ..gamebase import winner_and_why
from ..module import (
    Fuzzing,
    GameModule,
    OptionSpec,
    OptionValue,
    OrderKind,
    OrderOption,
    PictureKind,
    Presented,
    Text,
)
from ..orders import Choice, Ids
from ..text import Command
from . import board as B
from . import present
from .game import Game
from .invariants import problems
from .legal import candidates, ok
from .messages import LOCALE
from .options import Options
from .orders import Activate, Charge, Done, Enter, First, Roll
from .state import SIDES
from .views import View

OPTIONS = (
    OptionSpec(
        "scenario", "choice", "quatre-bras", "quatre-bras (16 June 1815, 14:00-21:00)", ("quatre-bras",)
    ),
    OptionSpec(
        "tall_crops", "bool", False, "facts 7.3: tall crops until 16:00 (bombardment at range 2-3 -1)"
    ),
    OptionSpec(
        "nassau_picket",
        "bool",
        False,
        "11.3: the Nassau picket (A02P, 1 SP) deployed from A02 at set-up",
        typed=False,  # in /game new options:nassau_picket=on
    ),
    OptionSpec(
        "derlon",
        "bool",
        False,
        "facts 7.2: d'Erlon may come (from 17:00, on a 1; else the Allies +5 VP)",
        typed=False,  # in /game new options:derlon=on
    ),
)

_UNITS = OrderOption("units", "units", help="units (and leaders) standing together")
GRAND_THEN = ("continue", "return")  # 10.8: after a successful grand charge
_TARGET = OrderOption("target", "town", help="the enemy area")
ORDERS = (
    OrderKind("enter", (OrderOption("delay", "units", False, "arrivals that wait one turn"),), "6.0",
              "bring on the arrivals due"),
    OrderKind("first", (OrderOption("side", "text", choices=SIDES, words="role"),), "7.0",
              "name the side that tries first"),
    OrderKind("roll", (), "8.1", "roll for activation against the army commander's initiative"),
    OrderKind("release", (), "facts 7.3", "release the Guard light cavalry (the Allies score 3 VP)"),
    OrderKind("activate", (OrderOption("formations", "units", help="formations (or their leaders)"),), "8.1",
              "name the formations to activate"),
    OrderKind("charge", (OrderOption("units", "units", False, "the cavalry of one area (not with grand:)"),
                         _TARGET,
                         OrderOption("grand", "unit", False, "10.8: a grand charge's leader, at your try"),
                         OrderOption("from", "town", False, "10.8: its start areas (one, or two adjacent)"),
                         OrderOption("then", "text", False, "10.8: after a success", choices=GRAND_THEN)),
              "10.1", "cavalry charge an area 2 away, or a grand charge (10.8)"),
    OrderKind("assign", (OrderOption("unit", "unit"), OrderOption("to", "text", help="a formation")), "11.1",
              "assign a reserve to a formation"),
    OrderKind("attach", (OrderOption("unit", "unit"), OrderOption("to", "unit", help="an infantry division")),
              "11.2", "attach artillery to a division"),
    OrderKind("detach", (OrderOption("units", "units", help="attached artillery"),), "11.1",
              "detach attached artillery"),
    OrderKind("bombard", (_UNITS, _TARGET), "12.1", "bombard an area in range and sight"),
    OrderKind("move", (_UNITS, OrderOption("to", "town", help="the area to end in"),
                       OrderOption("facing", "town", False, "the neighbour to face at the end")), "13.1",
              "move pieces standing together"),
    OrderKind("face", (OrderOption("unit", "unit"), OrderOption("to", "town", help="the neighbour to face")),
              "13.9", "change facing"),
    OrderKind("assault", (_UNITS, _TARGET), "14.1", "assault an adjacent area"),
    OrderKind("done", (), "8.17", "end the action phase"),
    OrderKind("queue", (OrderOption("orders", "text", False, "orders joined by ;", suggested=False,
                                    quoted=True),), "", "queue orders to play when your turn comes",
              sealed=True),
    OrderKind("los", (OrderOption("from", "town"), OrderOption("to", "town")), "12.5",
              "ask whether one area sees another"),
    OrderKind("range", (OrderOption("leader", "unit", help="a leader on the map"),), "9.2",
              "ask which areas a leader's command range reaches"),
    OrderKind("split", (OrderOption("unit", "unit", help="a division the scenario lets deploy"),), "11.3",
              "deploy a division's short counter (the division loses a step)"),
    OrderKind("reabsorb", (OrderOption("unit", "unit", help="the division (or its short counter)"),), "11.3",
              "take a deployed short counter back into its division"),
    OrderKind("form-square", (OrderOption("units", "units", help="infantry standing together"),), "17.1",
              "infantry forms square instead of moving"),
    OrderKind("reverse-slope", (OrderOption("units", "units", help="infantry standing together"),), "17.2",
              "infantry takes reverse-slope defence instead of moving"),
    OrderKind("line", (OrderOption("units", "units", help="infantry in square or reverse slope"),), "17.0",
              "infantry goes back into line instead of moving"),
)  # fmt: skip


def prompt(game: Game, role: str, lang: str, text: Text | None, examples: bool = True) -> str:
    """What ``role`` is asked in this phase (4.0), with up to three ready orders; "" when not asked."""
    if game.over or role not in game.active():
        return ""
    said = present.prompt(game.view(role, events=False), role, lang)
    orders = [c.text() for c in game.legal(role).choices[:3]]
    named = [text.term("cmd_text", o, lang) if text else o for o in orders]
    shown = " · ".join(f"`{o}`" for o in named) if examples else ""
    return " ".join(x for x in (said, shown) if x)


ACTION = frozenset({"activate", "move", "charge", "bombardment", "assault", "enter"})


def _los_places(game: Game, role: str, events: Sequence[Event] | None) -> list[str]:
    """The line-of-sight picture: one for the question just asked (12.5, ``/los``)."""
    asked = [e for e in events or () if e.kind == "los"]
    return [f"{e.data['from']}>{e.data['to']}" for e in asked[-1:]]


def _los_subject(game: Game, view: View, role: str, place: str) -> object:
    """The view and the answer to ``/los`` for the pair ``place`` ("S1>C2"): yes or no, why, what blocks."""
    a, _, b = place.partition(">")
    e = next(
        (x for x in reversed(game.events) if x.kind == "los" and (x.data["from"], x.data["to"]) == (a, b)),
        None,
    )
    answer = dict(e.data) if e is not None else {"from": a, "to": b}
    return {"view": view, **answer}


def _range_places(game: Game, role: str, events: Sequence[Event] | None) -> list[str]:
    """The command range picture: one for the question just asked (9.2, ``/range``)."""
    asked = [e for e in events or () if e.kind == "range"]
    return [str(e.data["leader"]) for e in asked[-1:]]


def _range_subject(game: Game, view: View, role: str, place: str) -> object:
    """The view and the leader whose range the map draws (the view's own ``command_areas``, 9.2)."""
    return {"view": view, "command": place}


def _action_places(game: Game, role: str, events: Sequence[Event] | None) -> list[str]:
    """The crop round the action: after an order that activated, moved or fought."""
    if events is None:
        return ["action"] if game.state.activation is not None else []
    return ["action"] if any(e.kind in ACTION for e in events) and not game.over else []


_AREA_KEYS = ("area", "from", "to", "target", "path", "areas")


def action_areas(game: Game) -> list[str]:
    """8.1, 8.2: the areas of the activation under way or of the last one: where its formations' units and
    leaders stand and every area its events name (a move's start, path and end, a target), in the map's
    order; [] before the first activation."""
    evs = game.events
    starts = [i for i, e in enumerate(evs) if e.kind == "activate"]
    if not starts:
        return []
    tail = evs[starts[-1] :]
    st = game.state
    formations = set(tail[0].data.get("formations") or ())
    found = {u.area for u in st.units.values() if u.formation in formations and u.on_map}
    heads = {st.formations[f].leader for f in formations if f in st.formations}
    found |= {ld.area for ld in st.leaders.values() if ld.id in heads and ld.on_map}
    for e in tail:
        for k in _AREA_KEYS:
            v = e.data.get(k)
            found.update(x for x in (v if isinstance(v, list) else [v]) if isinstance(x, str))
    return [a for a in B.area_ids(game.ctx.board) if a in found]


def _action_subject(game: Game, view: View, role: str, place: str) -> object:
    """The crop's subject: the view and the areas of the activation under way or just ended."""
    return {"view": view, "areas": action_areas(game)}


PICTURES: tuple[PictureKind[Game, View], ...] = (
    PictureKind("map", board=True, rank=0, private=False),
    PictureKind("los", places=_los_places, subject=_los_subject, private=False, rank=1),
    PictureKind("action", places=_action_places, subject=_action_subject, private=False, rank=2),
    PictureKind("range", places=_range_places, subject=_range_subject, private=False, rank=3),
)


def dump_data() -> dict[str, Any]:
    """Our Quatre Bras as plain values (``python -m engine.scenario eagles --json``)."""
    b = B.load()
    return {
        "name": "Quatre Bras",
        "areas": [
            {
                "id": a.id,
                "name": a.name,
                "terrain": a.terrain,
                "elevation": a.elevation,
                "neighbours": list(B.neighbours(b, a.id)),
            }
            for a in b.areas
        ],
        "units": [
            {
                "id": u.id,
                "side": u.side,
                "type": u.type,
                "arm": u.arm,
                "kind": u.kind,
                "sp": u.sp,
                "morale": u.morale,
                "steps": u.steps,
                "formation": u.formation,
            }
            for u in b.units
            if not getattr(u, "variant", None)
        ],
        "leaders": [
            {
                "id": x.id,
                "name": x.name,
                "side": x.side,
                "role": x.role,
                "range": x.range,
                "tactical": x.tactical,
                "initiative": x.initiative,
            }
            for x in b.leaders
            if not getattr(x, "variant", None)
        ],
        "formations": [
            {
                "id": f.id,
                "name": f.name,
                "side": f.side,
                "leader": f.leader,
                "superior": getattr(f, "superior", None),
            }
            for f in b.formations
            if not getattr(f, "variant", None)
        ],
        "turns": [t.hour for t in B.scenario(b, "quatre-bras").turns],
    }


def report(game: Game) -> dict[str, Any]:
    st = game.state
    return {
        "options": game.options.to_dict(),
        "seed": st.seed,
        "turn": st.turn,
        "phase": st.phase,
        "active": game.active(),
        "result": game.result(),
        "units": [{"id": u.id, "side": u.side, "area": u.area, "steps": u.steps} for u in st.units.values()],
        "events": [e.to_dict() for e in game.events],
        "views": {r: game.view(r).to_dict() for r in ("public", *SIDES)},
    }


def _invariants(game: Game) -> None:
    found = problems(game.ctx)
    assert not found, found


def _pick(rng: random.Random, game: Game, role: str, budget: dict[str, int]) -> str | None:
    """A random legal order, found quickly: the candidates in a random order, the first the rules take; in the
    action phase moves and fights come before ending it most of the time, so that random games fight; at the
    activation try the roll comes before a grand charge (10.8) most of the time, so that random games both
    activate and charge."""
    ctx = game.ctx
    cands = candidates(ctx, role)
    rng.shuffle(cands)
    if rng.random() < 0.8:
        cands.sort(key=lambda c: c.kind == "done" or (isinstance(c, Charge) and bool(c.grand)))
    for c in cands:
        if ok(ctx, role, c):
            return c.text()
    return None


def _counts(game: Game) -> dict[str, int]:
    kinds = Counter(e.kind for e in game.events)
    return {"activations": kinds["activate"], "moves": kinds["move"], "turns": kinds["turn"]}


FUZZING: Fuzzing[Options, Game] = Fuzzing(
    sides=SIDES, pick=_pick, result=winner_and_why, counts=_counts, cap=6000
)


_GIVEN_UNITS = Ids("units", case="upper")


def suggest(
    game: Game, role: str, order: str, option: str, current: str, given: dict[str, str]
) -> list[str] | None:
    """The destinations of the pieces named so far, by the cost of getting there (13.1: the MP left)."""
    from . import movement

    if order != "move" or option != "to" or role not in game.active():
        return None
    ids = list(_GIVEN_UNITS.read(Command(order, given)))  # the pieces named so far
    if not ids or any(movement.may_move(game.ctx, p) is not None for p in ids if p in game.state.units):
        return None
    try:
        routes = movement.reach(game.ctx, ids)
    except (KeyError, IndexError, ValueError):
        return None
    areas = sorted(routes, key=lambda a: (routes[a].cost, a))
    return [a for a in areas if a.lower().startswith(current.strip().lower())]


def owns(role: str, unit: str) -> bool:
    """Whose piece an id is: a unit, an HQ or a leader, by its side (facts 6)."""
    b = B.load()
    u = unit.upper()
    sides = {x.id: x.side for x in b.units} | {x.id: x.side for x in b.leaders}
    sides |= {x.id: x.side for x in b.hqs}
    return sides.get(u) == role


class Eagles(Presented[Options, Game, View], GameModule[Options, Game, View]):
    """Eagles of the Empire's declarations and hooks (its words in ``present``)."""

    id = "eagles"
    title = "Eagles of the Empire (Quatre Bras)"
    options = OPTIONS
    orders = ORDERS
    locale = LOCALE  # eagles.po, joined to the engine's catalog while registered (engine/catalog.py)
    pictures = PICTURES
    fuzz_invariants = (_invariants,)
    fuzzing = FUZZING
    game = Game
    sides = SIDES
    directives = ("dice",)
    presenter = present  # its events, status, headline, options and areas in words

    def make_options(self, values: Mapping[str, OptionValue]) -> Options:
        return Options.from_dict(dict(values))

    def options_dict(self, options: Options) -> dict[str, OptionValue]:
        return dict(options.to_dict())

    def owns(self, role: str, unit: str) -> bool:
        return owns(role, unit)

    def directive(self, game: Game, word: str, rest: str) -> None:
        """``@dice 1 5 6`` (forced results, used first), ``@dice clear``, ``@dice seed N``."""
        dice = game.state.dice
        if word != "dice":
            raise ValueError(f"unknown directive @{word}")
        if rest == "clear":
            dice.forced.clear()
        elif rest.startswith("seed "):
            self.reseed(game, int(rest.split()[1]))
        else:
            dice.force([int(v) for v in rest.split()])

    def forced_dice(self, game: Game) -> list[int]:
        return list(game.state.dice.forced)

    def clear_dice(self, game: Game) -> None:
        game.state.dice.forced.clear()

    def reseed(self, game: Game, seed: int) -> None:
        from ..dice import Dice

        forced = list(game.state.dice.forced)
        game.state.dice = Dice.seeded(seed)
        game.state.dice.forced = forced

    def report(self, game: Game) -> dict[str, Any]:
        return report(game)

    def passing(self, game: Game, role: str) -> tuple[Choice, bool] | None:
        """A passed deadline: the least the rules allow (docs/rulings.md "Eagles of the Empire — 8.15 a passed
        deadline ..."). Entries delayed (6.0), the other side chosen to try first (7.0), the activation roll
        the rules force (8.15: it cannot be refused; a step of its own), one formation activated of those the
        roll allows (8.1, 8.15), and the action phase ended with nothing done (8.15: no unit has to move or
        attack)."""
        choices = game.legal(role).choices
        enters = [c for c in choices if isinstance(c, Enter)]
        if enters:
            return max(enters, key=lambda c: len(c.delay)), True
        firsts = [c for c in choices if isinstance(c, First) and c.side != role]
        if firsts:
            return firsts[0], True
        for c in choices:
            if isinstance(c, Done):
                return c, True
            if isinstance(c, Roll):
                return c, True
        ones = [c for c in choices if isinstance(c, Activate) and len(c.formations) == 1]
        return (ones[0], False) if ones else None

    def epoch(self, game: Game) -> int:
        """A turn (1 hour): a snapshot kept at each one's start."""
        return int(game.state.turn)

    def prompt(self, game: Game, role: str, lang: str, text: Text, examples: bool = True) -> str:
        return prompt(game, role, lang, text, examples)

    def dump_data(self) -> dict[str, Any]:
        return dump_data()

    def suggest(
        self, game: Game, role: str, order: str, option: str, current: str, given: dict[str, str]
    ) -> list[str] | None:
        """``/move ... to:``: the areas the pieces named in ``units:`` reach with the MP they have left
        (13.1), nearest first; otherwise the values of the role's legal orders."""
        return suggest(game, role, order, option, current, given)


# its words join the engine's catalog as soon as the game is imported (engine/catalog.py)
catalog.register("engine", LOCALE, "eagles")

MODULE = Eagles()
