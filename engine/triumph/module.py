"""Napoleon's Triumph as a game module (the contract: ``engine/module.py``), built into the registry
(``engine/modules.py``). Its order kinds become slash commands (a name another game shares, ``/move``,
``/end``, ``/retreat``, takes the options of both, each order checked by its own game); the words of its
commands, events and prompts are its catalog's (``locale/``, ``triumph.*``, ``cmd.*``, ``opt.*``); what it
says is ``present.py``.

The sealed steps (11.2 with 11.4 the defence and its leaders, 11.3 the feint, 11.5 the attack's leaders) are
asked in the role's DM as sealed choices from a list; the views keep them from the other side until the
rules show them (``views.py``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from data.triumph import load_triumph

from .. import catalog
from ..errors import RuleError
from ..events import Event
from ..gamebase import winner_and_why
from ..module import (
    PICKS_SHOWN,
    Fuzzing,
    GameModule,
    Interaction,
    OptionSpec,
    OptionValue,
    OrderKind,
    OrderOption,
    Pick,
    PictureKind,
    Presented,
    SealedChoice,
    Text,
)
from ..orders import Choice, Order, Spoken
from ..text import parse_command
from . import attack as attack_rules
from . import moves, present, turns
from . import orders as O
from .context import Ctx
from .game import Game
from .invariants import problems
from .legal import _ok, candidates, first_choices
from .machine import Step
from .messages import LOCALE
from .options import Options
from .standing import STANDING
from .standing import choose as standing_choice
from .state import SIDES
from .table import ROWS, step_of
from .views import View

OPTIONS = (
    OptionSpec(
        "scenario",
        "choice",
        "2dec",
        "2dec (2 December) or 1dec (1-2 December, with the night)",
        ("2dec", "1dec"),
    ),
    OptionSpec(
        "blockers_must_fight",
        "bool",
        True,
        "G9: units on the attacked approach must fight (off: may give ground)",
    ),
    OptionSpec(
        "road_stop",
        "choice",
        "corps",
        "G16: a road move stops next to an enemy corps (corps) or 2+ units (units)",
        ("corps", "units"),
    ),
    OptionSpec("give_ground_morale", "bool", False, "G21: giving ground before combat costs morale"),
    OptionSpec("french_setup", "bool", False, "6: the French name the fixed battery and detach units first"),
    # the optional rules go in ``options:`` as text (on/off, read as the bool options are): /game new takes at
    # most 25 options of its own, every game's typed ones among them
    OptionSpec("balance", "text", False, "17 (optional): a sealed morale auction first (on/off)"),
    OptionSpec(
        "santon", "text", False, "18 (optional): the Santon's fixed battery (on/off; brings 6's set-up)"
    ),
)
_ON_OFF = {
    o.name: OptionSpec(o.name, "bool", False, o.help) for o in OPTIONS if o.name in ("balance", "santon")
}

_AT = OrderOption("at", "town", False, "the neighbour whose approach it stands on (none: the reserve)")
_CORPS = OrderOption("corps", "unit", help="a commander")
ORDERS = (
    OrderKind(
        "move",
        (
            OrderOption("force", "unit", help="a commander (its corps) or a detached unit"),
            OrderOption("to", "town", help="the locale it moves to"),
            _AT,
            OrderOption("leave", "units", False, "units of the corps left behind"),
        ),
        "10",
        "a basic move of a corps or a unit",
    ),
    OrderKind(
        "march",
        (_CORPS, OrderOption("path", "path", help="locales along roads joined by >"), _AT),
        "10",
        "a road move",
    ),
    OrderKind(
        "detach",
        (_CORPS, OrderOption("units", "units"), OrderOption("to", "town"), _AT),
        "9",
        "a Detach Move",
    ),
    OrderKind(
        "attach", (_CORPS, OrderOption("unit", "unit")), "9", "a commander takes a unit into its corps"
    ),
    OrderKind(
        "enter",
        (_CORPS, OrderOption("entry", "text", help="the entry road")),
        "9, 16",
        "a reinforcement enters",
    ),
    OrderKind(
        "attack",
        (
            OrderOption("from", "town", help="the attack locale"),
            OrderOption("into", "town", help="the enemy locale threatened"),
            OrderOption("guard", "unit", False, "a Guard unit shown for a Guard Attack"),
        ),
        "11.1",
        "threaten an attack across an approach",
    ),
    OrderKind(
        "defend",
        (
            OrderOption("units", "units"),
            OrderOption("leaders", "units", False, "sealed until the attacker presses"),
        ),
        "11.2, 11.4",
        "defend, naming the defending units and their leading units",
    ),
    OrderKind("give-ground", (), "11.2", "retreat before combat instead of defending"),
    OrderKind(
        "feint",
        (
            OrderOption("with", "units", help="the forces that threatened"),
            OrderOption("step", "bool", False, "step onto the approach"),
            OrderOption("road", "path", False, "cavalry riding in by road"),
        ),
        "11.3",
        "the attack was a feint",
    ),
    OrderKind("press", (), "11.3", "press the attack (the defence leaders are shown)"),
    OrderKind(
        "lead",
        (
            OrderOption("with", "units", help="the attacking forces"),
            OrderOption("width", "text", False, choices=("wide", "narrow"), words="triumph_width"),
            OrderOption("leaders", "units", False, "the leading units"),
            OrderOption("target", "unit", False, "the defence leader a narrow attack faces"),
            OrderOption("keep", "units", False, "the unit each corps keeps if beaten back"),
        ),
        "11.5",
        "commit the attack: forces, width, leading units",
    ),
    OrderKind(
        "counter",
        (OrderOption("units", "units", False, "1 or 2 units; none: no counter-attack"),),
        "11.7",
        "counter-attack",
    ),
    OrderKind(
        "step-up", (OrderOption("units", "units"),), "11.3, 11.9", "defenders onto the defence approach"
    ),
    OrderKind(
        "retreat",
        (
            OrderOption("to", "list", False, "a locale for all, or UNIT>LOCALE,..."),
            OrderOption("hits", "units", False, "the units taking the retreat losses, one per point"),
        ),
        "12",
        "retreat the defenders",
    ),
    OrderKind(
        "advance",
        (OrderOption("with", "units"), OrderOption("road", "path", False)),
        "G35",
        "move into the locale given up",
    ),
    OrderKind(
        "battery",
        (
            OrderOption("unit", "unit"),
            OrderOption("facing", "town", False, "the neighbour it faces (none: the Santon's reserve, 18)"),
        ),
        "6",
        "the French fixed battery",
    ),
    OrderKind(
        "post", (OrderOption("unit", "unit"), OrderOption("to", "town"), _AT), "6", "detach a unit at set-up"
    ),
    OrderKind("ready", (), "6", "the French set-up is done"),
    OrderKind(
        "bid",
        (OrderOption("morale", "number", help="the morale your army gives up (sealed until both are in)"),),
        "17",
        "the sealed bid of the morale auction",
        sealed=True,
    ),
    OrderKind("end", (), "7", "end your turn"),
)


# --- what a role is asked ---------------------------------------------------------------------------------


def prompt(game: Game, role: str, lang: str, text: Text | None, examples: bool = True) -> str:
    """What ``role`` is asked at this step of the turn (7) or of the attack (11.2-11.9, 12, G35), in its
    language, with up to three ready orders; "" when it is not asked."""
    if game.over or role not in game.active():
        return ""
    ctx, st = game.ctx, game.state
    view = game.view(role, events=False)
    step = str(step_of(st))
    p = present.prompt_params(view, lang)
    key = f"triumph.prompt.{step}"
    a = st.attack
    if step == "setup":
        p["n"] = ctx.data.setup_rules.french_detached_max - len(st.posted)
    elif step == "auction":  # 17: the most this army may bid
        p["n"] = turns.most_bid(ctx, role)
    elif step == "orders" and role == "allies":  # 9: at most 5 Allied corps commands a turn
        p["n"] = max(ctx.data.commands.allied_corps_commands - st.corps_commands, 0)
        key = "triumph.prompt.orders_allies"
    elif a is not None:
        p["width"] = present.width(attack_rules.width_of(ctx, a), lang)
        if step == "defend":
            block = attack_rules.blockers(ctx, a.source, a.target)
            if block and ctx.opts.blockers_must_fight:  # G9: blockers must fight
                key = "triumph.prompt.defend_blocked"
                p["units"] = present.units([b.id for b in block], lang)
        elif step == "feint":
            p["units"] = present.units(a.defenders, lang)
        elif step == "lead":
            p["leaders"] = present.units(a.defence_leaders, lang)
        elif step == "counter":
            p["ir"] = a.ir
        elif step == "retreat":
            p["units"] = present.units(a.retreating, lang)
            dests = attack_rules.retreat_destinations(ctx, a)
            p["places"] = catalog.format_list([present.place(d, lang) for d in dests], lang) or present.word(
                "triumph.none", lang
            )
    said = present.say(key, lang, **p)
    orders = [c.text() for c in first_choices(ctx, role, 3)]  # legal(role)'s first three
    named = [text.term("cmd_text", o, lang) if text else o for o in orders]
    shown = " · ".join(f"`{o}`" for o in named) if examples else ""
    return " ".join(x for x in (said, shown) if x)


# the steps whose choices are sealed in the role's DM until the rules show them: the morale bid (17), the
# defence and its leaders (11.2, 11.4), the feint or the press (11.3), the attack's forces, width and leaders
# (11.5); the other steps
# of the attack are a plain list (the counter-attack 11.7, the step-up, the retreat 12, the advance G35)
SEALED = frozenset({"auction", "defend", "feint", "lead"})
SEALED_ORDERS = frozenset(k for step in SEALED for k in ROWS[Step(step)].orders)
PICKED = frozenset({"counter", "step-up", "retreat", "advance"})


def interactions(game: Game, role: str) -> list[Interaction]:
    """The role's choices at a step of the attack as a list in its DM (at most ``PICKS_SHOWN``; the rest by
    command): a sealed choice where the rules keep it secret until a later step, else a plain pick."""
    if game.over or role not in game.active():
        return []
    step = str(step_of(game.state))
    if step not in SEALED | PICKED:
        return []
    texts = tuple(c.text() for c in game.legal(role).choices)[:PICKS_SHOWN]
    if not texts:
        return []
    return [SealedChoice(orders=texts) if step in SEALED else Pick(texts)]


# --- pictures ---------------------------------------------------------------------------------------------


def _attack_places(game: Game, role: str, events: Sequence[Event] | None) -> list[str]:
    """The attack picture: one of the defence locale while an attack is under way (11), none otherwise."""
    a = game.state.attack
    return [a.target] if a is not None and not game.over else []


PICTURES: tuple[PictureKind[Game, View], ...] = (
    PictureKind("map", board=True, rank=0),
    PictureKind("attack", places=_attack_places, rank=1),
)


# --- data, reports, the fuzzer ------------------------------------------------------------------------------


def dump_data() -> dict[str, Any]:
    """Our Austerlitz map and order of battle as plain values (``python -m engine.scenario triumph``)."""
    t = load_triumph()
    return {
        "name": t.name,
        "locales": [
            {
                "id": loc.id,
                "name": loc.name,
                "name_ja": loc.name_ja,
                "kind": loc.kind,
                "capacity": loc.capacity,
                "x": loc.x,
                "y": loc.y,
                "approaches": [
                    {
                        "to": ap.to,
                        "width": ap.width,
                        "penalties": list(ap.penalties),
                        "obstructed": ap.obstructed,
                        "impassable": ap.impassable,
                    }
                    for ap in loc.approaches
                ],
            }
            for loc in t.locales
        ],
        "roads": [{"id": r.id, "class": r.road_class, "locales": list(r.locales)} for r in t.roads],
        "entries": [
            {"id": e.id, "side": e.side, "locale": e.locale, "class": e.road_class} for e in t.entries
        ],
        "objectives": [{"locale": o.locale, "colours": list(o.colours)} for o in t.objectives],
        "units": [
            {"id": u.id, "side": u.side, "arm": u.arm, "strength": u.strength, "guard": u.guard}
            for u in t.units
        ],
        "commanders": [
            {
                "id": c.id,
                "name": c.name,
                "name_ja": c.name_ja,
                "side": c.side,
                "nation": c.nation,
                "minimum": c.minimum,
                "setup": c.setup,
            }
            for c in t.commanders
        ],
        "allocation": {k: list(v) for k, v in t.allocation.items()},
        "morale": {"start": dict(t.morale.start), **t.morale.model_dump(exclude={"start"})},
        "scenarios": [
            {"id": s.id, "name": s.name, "rounds": [r.label for r in s.rounds]} for s in t.scenarios
        ],
    }


def report(game: Game) -> dict[str, Any]:
    st = game.state
    return {
        "options": game.options.to_dict(),
        "seed": st.seed,
        "round": st.round,
        "side": st.side,
        "step": str(step_of(st)),
        "active": game.active(),
        "morale": dict(st.morale),
        "result": game.result(),
        "units": [
            {"id": b.id, "side": b.side, "at": b.at, "on": b.on, "strength": b.strength}
            for b in st.blocks.values()
        ],
        "events": [e.to_dict() for e in game.events],
        "views": {r: game.view(r).to_dict() for r in ("public", *SIDES)},
    }


def _invariants(game: Game) -> None:
    found = problems(game.ctx)
    assert not found, found


def _random_options(rng: random.Random) -> Options:
    return Options(
        scenario=rng.choice(("2dec", "1dec")),
        blockers_must_fight=rng.random() < 0.7,
        road_stop=rng.choice(("corps", "units")),
        give_ground_morale=rng.random() < 0.3,
        french_setup=rng.random() < 0.3,
        balance=rng.random() < 0.2,
        santon=rng.random() < 0.2,
    )


def _pick(rng: random.Random, game: Game, role: str, budget: dict[str, int]) -> str | None:
    """A random legal order, found quickly: the candidates in a random order, the first the rules take
    (``legal`` checks them all). In the orders step an attack threat is tried first half the time and the
    turn ends one time in eight, so that random games fight."""
    ctx = game.ctx
    cands = candidates(ctx, role)
    rng.shuffle(cands)
    if str(step_of(ctx.st)) == "orders":
        threats = [c for c in cands if c.kind == "attack"]
        end = [c for c in cands if c.kind == "end"]
        rest = [c for c in cands if c.kind not in ("attack", "end")]
        r = rng.random()
        if r < 0.125:
            cands = end + threats + rest
        elif r < 0.6:
            cands = threats + rest + end
        else:
            cands = rest + threats + end
    for c in cands:
        if _ok(ctx, role, c):
            return c.text()
    return None


def _counts(game: Game) -> dict[str, int]:
    kinds = Counter(e.kind for e in game.events)
    return {
        "attacks": kinds["threat"],
        "feints": kinds["feint"],
        "fights": kinds["lead"],
        "counters": kinds["counter"],
        "retreats": kinds["retreat"],
        "losses": kinds["loss"],
        "rounds": kinds["round"] + 1,
    }


def _label(options: Options) -> str:
    o = options.to_dict()
    defaults = Options().to_dict()
    bits = [f"{k}={v}" for k, v in o.items() if v != defaults.get(k)]
    return " ".join(bits) or "defaults"


FUZZING: Fuzzing[Options, Game] = Fuzzing(
    sides=SIDES,
    random_options=_random_options,
    pick=_pick,
    result=winner_and_why,
    counts=_counts,
    label=_label,
    cap=4000,
    bench_opponent="random",
)


def owns(role: str, unit: str) -> bool:
    """Whose piece an id is: a block (``F12``, ``A07``) or a commander, by its army (rule 4)."""
    t = load_triumph()
    u = next((x for x in t.units if x.id == unit), None)
    if u is not None:
        return u.side == role
    c = next((x for x in t.commanders if x.id == unit), None)
    return c is not None and c.side == role


# G34 (docs/rulings.md): what a silent defender gives at a passed deadline, in the standing answers' words
UNANSWERED: dict[str, Any] = {"defend": True, "counter": True, "retreat": True}
_COMMITTED = ("forces", "units", "morale", "step", "road", "width")  # ranked apart by ``least``


def least(ctx: Ctx, role: str, o: Order) -> tuple[Any, ...]:
    """The rank of a legal order at a passed deadline, by its fields, the least first (G34, docs/rulings.md):
    a feint before a press (11.3: a feint ends the attack, no combat follows); nothing moved on (11.3 no
    ``step`` onto the approach, G11 no ``road``); the fewest units committed (11.5: every unit that moves
    attacks; G35: one piece must enter) or morale bid (17); the fewest leaders and other pieces named; the
    approach's own width, not a narrowing declared (11.5); then the fields themselves, names before the
    order offered."""
    said = o.fields_said if isinstance(o, Spoken) else ()
    values: dict[str, Any] = {name: getattr(o, name) for name, _ in said}
    units = sum(len(moves.group_of(ctx, role, f)[1]) for f in values.get("forces", ()))
    units += len(values.get("units", ())) + values.get("morale", 0)
    moved = bool(values.get("step")) + bool(values.get("road"))
    named = sum(
        len(v) if isinstance(v, tuple) else v is not None for k, v in values.items() if k not in _COMMITTED
    )
    narrowed = (values.get("width") or "wide") != "wide"
    words = tuple(tuple(map(str, v)) if isinstance(v, tuple) else (str(v),) for v in values.values())
    return isinstance(o, O.Press), moved, units, named, narrowed, o.kind, words


class Triumph(Presented[Options, Game, View], GameModule[Options, Game, View]):
    """Napoleon's Triumph's declarations and hooks (its words in ``present``)."""

    id = "triumph"
    title = "Napoleon's Triumph (Austerlitz)"
    options = OPTIONS
    orders = ORDERS
    locale = LOCALE  # triumph.po, joined to the engine's catalog while registered (engine/catalog.py)
    pictures = PICTURES
    fuzz_invariants = (_invariants,)
    fuzzing = FUZZING
    game = Game
    sides = SIDES
    standing = STANDING
    presenter = present  # its events, status, headline, options and locales in words

    def make_options(self, values: Mapping[str, OptionValue]) -> Options:
        d = dict(values)
        for name, spec in _ON_OFF.items():  # 17, 18: on/off given as text in ``options:``
            if isinstance(d.get(name), str):
                d[name] = spec.read(str(d[name]))
        return Options.from_dict(d)

    def options_dict(self, options: Options) -> dict[str, OptionValue]:
        return dict(options.to_dict())

    def owns(self, role: str, unit: str) -> bool:
        return owns(role, unit)

    def report(self, game: Game) -> dict[str, Any]:
        return report(game)

    def passing(self, game: Game, role: str) -> tuple[Choice, bool] | None:
        """A passed deadline (G34: "the documented defaults"; docs/rulings.md "Napoleon's Triumph — G34 a
        passed deadline"): ``/end`` when the rules take it; a defender's step as the standing answers
        ``defend counter retreat`` answer it (11.2 defend with every unit that may, 11.4 the strongest
        leaders, 11.7 a counter-attack only where it turns the result, 12 the retreat); any other step the
        least the rules allow, ranked by the order's fields (``least``): a feint rather than a press
        (11.3), the fewest units, the fewest names. Each hand-off of an attack is a step of its own."""
        choices = game.legal(role).choices
        if "/end" in choices:
            return "/end", True
        if not choices:
            return None
        answer = standing_choice(game, role, UNANSWERED)
        if answer is not None:
            return answer, True
        chosen = min(choices, key=lambda c: least(game.ctx, role, c))
        # ground given: its retreat is the same answer (12)
        return chosen, not isinstance(chosen, O.GiveGround)

    def epoch(self, game: Game) -> int:
        """A round of the time track (7): a snapshot kept at each one's start."""
        return int(game.state.round)

    def prompt(self, game: Game, role: str, lang: str, text: Text, examples: bool = True) -> str:
        return prompt(game, role, lang, text, examples)

    def interactions(self, game: Game, role: str) -> Sequence[Interaction]:
        return interactions(game, role)

    def sealed(self, order: str) -> bool:
        """Whether an accepted order is a sealed choice, whose commitment the platform posts: every order of
        the steps asked as sealed lists (11.2 with 11.4 the defence and its leaders, 11.3 press or feint,
        11.5 the attack's orders), so that whether one is committed says nothing of which was chosen."""
        try:
            return parse_command(order).name in SEALED_ORDERS
        except RuleError:
            return False

    def dump_data(self) -> dict[str, Any]:
        return dump_data()


# its words join the engine's catalog as soon as the game is imported (engine/catalog.py)
catalog.register("engine", LOCALE, "triumph")

MODULE = Triumph()
