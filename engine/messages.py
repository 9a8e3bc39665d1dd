"""The messages of rejected orders: one key per message, its English template here, its Japanese one in
``messages_ja.py``. A front end picks the language (``bot/i18n.py``); the engine only holds the texts.

A template is a ``str.format`` string whose fields may name how a value is said (the format spec):

- ``{unit}`` a unit id, a town, a number: the same in every language;
- ``{role:role}``, ``{army:army}``, ``{type:type}``… a word of the game from the language's ``TERMS`` table
  (``french`` -> ``フランス軍``); a list of them is joined with the language's comma;
- ``{towns:list}`` a list of names joined with the language's comma; ``{who:role+and}`` joined with "and"
  (``+slash``: with "/"); a table may also be a function of the value;
- ``{n:n_units}`` a count with its noun ("1 unit", "2 units");
- ``{error:error}`` a nested error (``RuleError``), said in the same language (``rule_error``: with its rule
  number in front, as ``str(error)``).

>>> str(rule_error("5.3", "move.road_full", a="Ligny", b="Fleurus", used=6, cls="minor", limit=6))
'5.3: the Ligny–Fleurus road has already carried 6 units this turn (minor road limit 6)'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from typing import Any

from .errors import RuleError

Terms = Mapping[str, Any]

# --- how values are said in English ------------------------------------------------------------------------

EN_TERMS: dict[str, Any] = {
    "_list": ", ",
    "_and": " and ",
    "_slash": "/",
    # English says most of the game's words as the engine spells them: identity unless listed
    "role": {},
    "side": {},
    "army": {},
    "army_name": {"french": "French", "british": "British", "prussian": "Prussian", "allied": "Allied"},
    "type": {},
    "column": {},
    "position": {},
    "phase": {},
    "road_class": {},
    "formation": {},
    "regroup_kind": {},
    "bool": {True: "True", False: "False"},
    "deploy_area": {
        "french": "French towns",
        "british": "towns west of the deployment line",
        "prussian": "towns east of the deployment line",
    },
    # a command as the player types it (``end`` -> ``/end``): Japanese gives the client's name first
    "cmd": lambda name: f"/{name}",
    "opt": {},  # an option's name, as typed
    "cmd_text": {},  # a command written out (``/fire``)
    "path": lambda p: " > ".join(str(p).split(">")),  # towns joined by ">"
    # what the battles wait for from a role (engine/napoleon/battle.py ``_battles_for``)
    "battle_wait": {
        "deploy": "your deployment (/deploy)",
        "turn": "your battle turn (fire, move, square, retreat or reinforce; /end when done)",
        "regroup": "your regroup (/regroup, or /end)",
    },
    # counted nouns: (one, other)
    "n_units": ("{n} unit", "{n} units"),
    "n_more_units": ("{n} more unit", "{n} more units"),
    "n_towns": ("{n} town", "{n} towns"),
}


class _Formatter(string.Formatter):
    def __init__(
        self, catalog: Mapping[str, str], terms: Terms, phrase: Callable[[str], str | None] | None
    ) -> None:
        super().__init__()
        self.catalog = catalog
        self.terms = terms
        self.phrase = phrase

    def format_field(self, value: Any, format_spec: str) -> str:
        kind, _, join = format_spec.partition("+")
        if kind == "error":
            return render_error(value, self.catalog, self.terms, self.phrase)
        if kind == "rule_error":  # with its rule number, as ``str(error)`` says it
            said = render_error(value, self.catalog, self.terms, self.phrase)
            return f"{value.rule}: {said}" if value.rule else said
        if kind == "phrase":  # an English phrase of the engine's (a reason, a cause): translated if known
            phrased: str | None = self.phrase(str(value)) if self.phrase else None
            return phrased if phrased is not None else str(value)
        if kind.startswith("n_"):
            one, other = self.terms[kind]
            return str((one if value == 1 else other).format(n=value))
        if kind == "list" or kind in self.terms:
            table = self.terms.get(kind, {}) if kind != "list" else {}
            say = table if callable(table) else (lambda v: table.get(v, v))
            sep: str = self.terms["_" + join] if join else self.terms["_list"]
            if isinstance(value, (list, tuple)):
                return sep.join(str(say(v)) for v in value)
            return str(say(value))
        return str(super().format_field(value, format_spec))


def render(
    template: str,
    params: Mapping[str, Any],
    catalog: Mapping[str, str],
    terms: Terms = EN_TERMS,
    phrase: Callable[[str], str | None] | None = None,
) -> str:
    """Fill a template with ``params``, saying terms with ``terms`` and nested errors from ``catalog``."""
    return _Formatter(catalog, terms, phrase).vformat(template, (), dict(params))


def render_error(
    err: RuleError,
    catalog: Mapping[str, str],
    terms: Terms = EN_TERMS,
    phrase: Callable[[str], str | None] | None = None,
) -> str:
    """The message of ``err`` (without its rule number) from ``catalog``; its English text if it has no key
    or the catalog lacks it."""
    if err.key is None or err.key not in catalog:
        return err.message
    return render(catalog[err.key], err.params, catalog, terms, phrase)


def rule_error(rule: str, key: str, /, **params: Any) -> RuleError:
    """A RuleError whose English text is the template ``key`` filled with ``params``."""
    return RuleError(rule, render(EN[key], params, EN), key=key, params=params)


def error_data(err: RuleError) -> dict[str, Any]:
    """``err`` as plain data (an event holds only plain data): its rule, key, params (a nested error as
    data too) and English text. ``error_from_data`` gives it back, to be said in any language."""

    def plain(v: Any) -> Any:
        if isinstance(v, RuleError):
            return {"__error__": error_data(v)}
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        return v if isinstance(v, (str, int, float, bool, type(None))) else str(v)

    return {
        "rule": err.rule,
        "key": err.key,
        "params": {k: plain(v) for k, v in err.params.items()},
        "message": err.message,
    }


def error_from_data(data: Mapping[str, Any]) -> RuleError:
    """The RuleError that ``error_data`` wrote."""

    def back(v: Any) -> Any:
        if isinstance(v, dict) and "__error__" in v:
            return error_from_data(v["__error__"])
        if isinstance(v, list):
            return [back(x) for x in v]
        return v

    params = {k: back(v) for k, v in (data.get("params") or {}).items()}
    return RuleError(
        str(data.get("rule", "")), str(data.get("message", "")), key=data.get("key"), params=params
    )


def lookup_error(e: LookupError, what: str, text: str) -> RuleError:
    """A name that matches no town or unit, or several (``data``'s ``NoMatch`` / ``AmbiguousMatch``), as a
    RuleError with a key. ``what`` is ``"town"`` or ``"unit"``; ``text`` is what was typed."""
    t = text.strip()
    candidates = getattr(e, "candidates", None)
    if candidates is not None:
        err = rule_error("", f"match.ambiguous_{what}", text=t, candidates=list(candidates))
    elif str(e) == f"no {what} given":
        err = rule_error("", f"match.no_{what}_given")
    else:
        err = rule_error("", f"match.no_{what}", text=t)
    if str(err) != str(e):  # the data layer worded it otherwise: keep its words
        return RuleError("", str(e), key="match.other", params={"text": str(e)})
    return err


# --- the English templates ---------------------------------------------------------------------------------

EN: dict[str, str] = {
    # names typed by players (data.models.Scenario.match_town / match_unit)
    "match.no_town": "no town matches {text!r}",
    "match.no_unit": "no unit matches {text!r}",
    "match.no_town_given": "no town given",
    "match.no_unit_given": "no unit given",
    "match.ambiguous_town": "{text!r} could be any town of: {candidates:list}",
    "match.ambiguous_unit": "{text!r} could be any unit of: {candidates:list}",
    "match.other": "{text}",
    # orders as text (engine/text.py)
    "text.no_slash": "an order starts with '/', for example '/move units:FR-1 path:Beaumont>Charleroi' "
    "(got {text!r})",
    "text.bad_name": "'{name}' is not an order name",
    "text.not_name_value": "'{order:cmd}' expects options written as name:value, not {text!r}",
    "text.open_quote": "the value of '{option}' opens a quote that is never closed",
    "text.after_quote": "unexpected text after the quoted value of '{option}'",
    "text.option_twice": "option '{option}' is given twice",
    "text.yes_no": "option '{option}' takes yes or no, not {value!r}",
    # game options (engine/napoleon/options.py)
    "options.ruleset": "ruleset must be one of {known:list}, not {value!r}",
    "options.setup": "setup must be one of {known:list}, not {value!r}",
    "options.players": "players must be 2 or 3, not {value!r}",
    "options.corps_restriction": "the corps restriction is an optional rule of v3.4 only (ruleset=3.4)",
    "options.days": "days must be 0 (whole time record) or a positive number of days",
    "options.unknown": "unknown option {item!r}; known: {known:list} (as name=value)",
    "options.on_off": "{option} takes on or off, not {value!r}",
    "options.whole_number": "{option} takes a whole number, not {value!r}",
    "options.range": "{option} takes a whole number from {lo} to {hi}, not {value!r}",
    "options.choice": "{option} must be one of {known:list}, not {value!r}",
    "options.game": "there is no game {value!r}; the games are {known:list}",
    # the game object (engine/napoleon/game.py)
    "game.no_role": "no role {role!r} in this game; roles: {roles:role}",
    "game.no_role_view": "no role {role!r} in this game; roles: {roles:role}, public",
    "game.no_role_short": "no role {role!r} in this game",
    "game.cv_range": "{unit} has a maximum of {max_cv} cv; cv={cv} is out of range",
    "game.turn_range": "turn must be 1..{last}, not {turn}",
    "game.unknown_preference": "unknown preference {key!r}; known: hits, supply",
    "game.not_your_unit": "{unit} is not one of {role:role}'s units",
    "game.over": "the game is over",
    "game.over_reason": "the game is over: {reason:phrase}",
    "game.setup_orders": "during deployment the orders are /setup and /end, not {order:cmd}",
    "game.not_your_move": "it is the {side:side} campaign turn; {role:role} cannot move now",
    "game.move_ended": "the {role:role} part of the {side:side} campaign turn is done (/end); waiting for "
    "{waiting:role+and} to finish moving",
    "game.battle_order_in_movement": "{order:cmd} is a battle order; battles come after the movement phase "
    "(/end it first)",
    "game.unknown_movement_order": "unknown order {order:cmd}; in the movement phase: /move, /end",
    "game.not_battle_order": "{order:cmd} is not an order of the battle phase",
    "game.unknown_battle_order": "unknown order {order:cmd}; battle orders: {orders:cmd_text}",
    "game.end_no_options": "/end takes no options (got {options:list})",
    # deployment before the game (engine/napoleon/setup.py)
    "setup.not_your_turn": "it is not your turn to deploy (waiting for {who:role+and}; the Allies deploy "
    "first, then the French)",
    "setup.not_your_turn_nobody": "it is not your turn to deploy (waiting for nobody; the Allies deploy "
    "first, then the French)",
    "setup.end_not_your_turn": "it is not your turn to deploy (waiting for {who:role+and})",
    "setup.usage": "write /setup units:A,B town:Town, or /setup auto:yes to place the rest as in history",
    "setup.auto_nothing": "every block is placed already: /end, or move one again with /setup units:A town:T",
    "setup.no_units": "name at least one unit: units:A,B",
    "setup.not_yours": "{unit} is not yours to deploy",
    "setup.historical": "{unit} deploys historically in this game (setup={setup})",
    "setup.not_in_france": "no Allied unit may deploy in France ({town} is a French town)",
    "setup.where": "{unit} may deploy only in {army:deploy_area}, not {town}",
    "setup.cap": "at most {cap} {army:army} units may deploy in one town; {town} would hold {total}",
    "setup.place_all": "place every unit before ending deployment; still to place: {units:list}",
    # the movement phase (engine/napoleon/movement.py)
    "move.usage": "write /move units:A,B,C path:Town>Town[>Town] [forced:yes]",
    "move.no_units": "name at least one unit: units:A,B,C",
    "move.unit_twice": "a unit is named twice in units:",
    "move.not_yours": "{unit} is not yours to move ({role:role} commands the {armies:army} army)",
    "move.eliminated": "{unit} has been eliminated",
    "move.moved": "{unit} has already moved this turn (one move a unit a turn)",
    "move.one_group": "one order moves units of one group: these units stand in {towns:list}",
    "move.no_path": "give the towns to move through, from {start}: path:{start}>Town",
    "move.no_road": "there is no road from {a} to {b} (roads from {a} lead to {roads:list})",
    "move.town_twice": "a path may not visit a town twice",
    "move.must_stop": "units entering {town} must stop there: it holds enemy units",
    "move.night_attack": "no attacks on a night turn: {town} holds enemy units",
    "move.leader_forced": "{unit} is a leader: leaders move at most 2 towns and cannot force-march",
    "move.too_far": "{unit} ({type:type}) moves {speed:n_towns}, {forced} with a forced march; "
    "this path is {steps} towns",
    "move.needs_forced": "{unit} ({type:type}) moves {speed:n_towns} a turn; add forced:yes to force-march "
    "one town more (5.5)",
    "move.night_forced": "no forced march on a night turn unless ordered by your leader in {town} (10.1)",
    "move.night_forced_unit": "{unit}: no forced march at night unless its own leader is in {town} (10.1)",
    "move.group_moves": "the {army:army_name} have used all {limit} group moves this turn "
    "(from {towns:list}); units still in those towns may move",
    "move.road_full": "the {a}–{b} road has already carried {used} units this turn "
    "({cls:road_class} road limit {limit})",
    "move.road_full_river": "the {a}–{b} road has already carried {used} units this turn "
    "({cls:road_class} road limit {limit}, halved to {halved} across the {river} into an enemy-held town "
    "(5.4))",
    "move.road_room": "the {a}–{b} road can carry {room:n_more_units} this turn, not {n} "
    "({cls:road_class} road limit {limit})",
    "move.road_room_river": "the {a}–{b} road can carry {room:n_more_units} this turn, not {n} "
    "({cls:road_class} road limit {limit}, halved to {halved} across the {river} into an enemy-held town "
    "(5.4))",
    "undo.over": "the game is over: nothing can be taken back",
    "undo.nothing": "there is no order of yours to take back",
    "undo.other_role": "{other:role} has acted since your last order, which can no longer be taken back "
    "(an undo stops when another role acts)",
    "undo.after_dice": "there is nothing to take back since the last die roll (an undo stops when a die is "
    "rolled)",
    "undo.after_reveal": "there is nothing to take back since something hidden was revealed to another role "
    "(an undo stops at a reveal)",
    "undo.after_turn": "there is nothing to take back since this campaign turn began (an undo stops when "
    "another role acts, and the turn passing to the other side counts as its acting)",
    "undo.after_directive": "there is nothing to take back since a directive (@place, @turn) changed the "
    "game",
    "move.attack_leader_alone": "a leader cannot attack {town} by itself: leaders are ignored for movement "
    "(10.0) and an attack is made by combat units (6.1)",
    "move.attack_incomplete": "{town} holds only {n:n_units} of your attack, and an attack needs 3 or more "
    "(6.1): move {need:n_more_units} into {town}, or /undo the move that went there",
    "move.ally_attack_incomplete": "the {ally:army_name} attack on {town} is still short of 3 units (6.1): "
    "until {ally:role} completes it or undoes it, only units that complete it may move",
    "move.command_control": "the group in {origin} already attacks {town}; a group from {start} may join "
    "only if {start} and {origin} are joined by a road (or reinforce, 9.0)",
    # the battle board (engine/napoleon/board.py): why no combat move goes there
    "board.already_there": "it is already there",
    "board.enemy_reserve": "no block may enter the enemy's Reserve",
    "board.reserve_first": "from the Reserve a block first moves into one of its own line columns; "
    "crossing the centre line is a second move",
    "board.engaged_to_reserve": "an engaged block disengages from its own line column only to the Reserve",
    "board.sideways_engage": "a block may not engage by moving sideways into an engaged column",
    "board.cross_facing": "a block may cross the centre line only into the enemy column facing its own",
    "board.disengage_engage": "an engaged block cannot disengage and engage in one move",
    "board.back_only": "a block across the centre line can only disengage back to its own column facing it",
    "board.own_engaged": "its own column is engaged, and one move cannot disengage and engage",
    # battles (engine/napoleon/battle.py)
    "battle.no_road": "{town} is not next to {battle} by a road",
    "battle.needs_units": "{order:cmd} needs {option:opt}:A,B (unit ids or names)",
    "battle.unit_twice": "a unit is named twice",
    "battle.deploy_not_yours": "{unit} is not one of your blocks in the battle at {town}; yours: {mine:list}",
    "battle.placed_twice": "a block is placed twice",
    "battle.place_all": "every block must be placed: {missing:list} missing (put spare blocks in reserve:)",
    "battle.one_leader_deploy": "at most one leader per side may stand in the line; put the other in "
    "reserve:",
    "battle.fill_columns": "each of left:, center: and right: needs at least one block",
    "battle.already_set_up": "the battle at {town} is already set up",
    "battle.trapped_neighbour": "{unit} has no way out of {battle} (7.5: a unit that cannot retreat is "
    "eliminated); to retreat it anyway, name a town next to {battle}, not {town}",
    "battle.deploy_final": "the attacker has started deploying at {town}: the defender's deployment can no "
    "longer be changed",
    "battle.deploy_options": "/deploy takes left:, center:, right:, reserve: (not {options:list})",
    "battle.phase_over": "the {current:phase} phase of this battle turn has begun; the {phase:phase} phase "
    "is over (phases: morale, retreat, combat, reinforcement)",
    "battle.not_waiting_here": "the battle at {town} is not waiting for this order from {role:role} now",
    "battle.not_waiting_here_others": "the battle at {town} is not waiting for this order from {role:role} "
    "now; it is: {towns:list}",
    "battle.no_battle": "there is no battle at {town}",
    "battle.nothing_waiting": "no battle is waiting for {order:cmd} from {role:role} now",
    "battle.nothing_waiting_for": "no battle is waiting for {order:cmd} from {role:role} now "
    "(waiting for: {waiting:role})",
    "battle.nothing_waiting_yours": "no battle is waiting for {order:cmd} from you now; the battle of "
    "{towns:list} waits for {wait:battle_wait}",
    "battle.which": "{role:role} has battles at {towns:list}: add battle:Town",
    "battle.end_options": "/end takes no options here but battle:Town (got {options:list})",
    "battle.unknown_order": "unknown battle order {order:cmd}",
    "battle.cannot_read": "cannot read {item!r}",
    "battle.cannot_read_usage": "cannot read {item!r}: use 'fire A [line|square]', 'A>POSITION', "
    "'square A', 'unsquare A', 'end' or a full order such as '/retreat units:A to:Town'",
    "battle.nested_orders": "/orders cannot contain /orders",
    "battle.orders_usage": '/orders needs list:"fire A; B>across-left; square C"',
    "battle.orders_item": "item {i} ({item!r}): {error:error}",
    "battle.retreat_forced_34": "[3.4] units cannot retreat by forced march (7.3)",
    "battle.regroup_not_forced": "a regroup is not a forced march (rulings 7.6)",
    "battle.path_end": "the path must end at {town}",
    "battle.not_your_block_at": "{unit} is not one of your blocks at {town}",
    "battle.not_your_block": "{unit} is not one of your blocks in the battle at {town}",
    "battle.leader_forced": "leaders cannot force-march",
    "battle.cannot_retreat_to": "{unit} cannot retreat to {town}; it may retreat to: {ok:list}",
    "battle.cannot_retreat_nowhere": "{unit} cannot retreat to {town}; it may retreat to: nowhere",
    "battle.cannot_retreat_to_3rd": "{unit} cannot retreat to {town} (forced march: {forced:bool}); "
    "it may retreat to: {ok:list}",
    "battle.cannot_retreat_nowhere_3rd": "{unit} cannot retreat to {town} (forced march: {forced:bool}); "
    "it may retreat to: nowhere",
    "battle.retreat_road_full": "the road {town}-{to} ({cls:road_class}) has carried its {limit} unit(s) "
    "this battle turn (2 per major, 1 per minor road)",
    "battle.regroup_road_full": "the road {town}-{to} ({cls:road_class}) has carried its {limit} unit(s) "
    "this regroup (2 per major, 1 per minor road)",
    "battle.retreat_phase_over": "retreats come before any block moves or fires in the battle turn (7.0); "
    "the retreat phase of this battle turn is over",
    "battle.retreat_needs_to": "/retreat needs to:Town",
    "battle.fired_no_move": "{unit} has fired this battle turn; a block moves or fires, not both",
    "battle.squared_no_move": "{unit} formed or broke square this battle turn; that was its combat move",
    "battle.morale_moved": "{unit} made its combat move when it failed its morale check",
    "battle.moves_done_one": "{unit} has made its combat move this battle turn (cavalry and leaders 2, "
    "other blocks 1)",
    "battle.moves_done_two": "{unit} has made its two combat moves this battle turn (cavalry and leaders 2, "
    "other blocks 1)",
    "battle.square_no_move": "{unit} is in square; [3rd] a square makes no other combat move until it "
    "breaks square (/unsquare)",
    "battle.cannot_move_to": "{unit} cannot move to {position:position}: {why:error}",
    "battle.artillery_engage": "[3.4] artillery may not engage",
    "battle.engage_disengage": "[3rd] {type:type} may not engage and disengage in the same battle turn",
    "battle.one_leader": "only one leader per side may stand in the line ({other} already does)",
    "battle.move_usage": "/battle-move takes unit:A to:POSITION (reserve, left, center, right, across-left, "
    "across-center, across-right)",
    "battle.unknown_position": "unknown position {text!r}; positions: {positions:list}",
    "battle.leader_no_fire": "a leader has no fire",
    "battle.already_fired": "{unit} has already fired this battle turn",
    "battle.moved_no_fire": "{unit} has moved this battle turn (or formed or broke square), so it cannot "
    "fire",
    "battle.reserve_no_fire": "{unit} is in the Reserve; reserve blocks neither fire nor are fired at",
    "battle.no_long_range": "{unit} cannot fire at long range: the enemy column it faces is engaged",
    "battle.not_engaged": "{unit} is not engaged; infantry and cavalry must be engaged to fire (FAQ 9)",
    "battle.target_usage": "target: takes line or square",
    "battle.no_target": "there is no enemy {target:formation} to fire at; targets: {targets:formation}",
    "battle.choose_target": "the column holds squares and blocks in line: add target:line or target:square "
    "(FAQ 6: each firing block fires at one formation)",
    "battle.corps": "only infantry of {corps} may fire in this engaged column this battle turn",
    "battle.fire_usage": "/fire takes one unit:A",
    "battle.only_infantry_square": "only infantry forms square",
    "battle.square_acted": "{unit} has already moved or fired this battle turn; forming or breaking square "
    "is its combat move",
    "battle.already_square": "{unit} is already in square",
    "battle.square_reserve": "a square is formed in a line column, not in the Reserve (rulings 8.5)",
    "battle.not_square": "{unit} is not in square",
    "battle.square_usage": "{order:cmd} takes one unit:A",
    "battle.enemy_town": "{town} holds enemy blocks; its units are not free to reinforce (rulings 9.0)",
    "battle.not_your_unit_at": "{unit} is not one of your units at {town}",
    "battle.cannot_reinforce_disrupted": "{unit} cannot reinforce: it is disrupted (7.4)",
    "battle.cannot_reinforce_retreated": "{unit} cannot reinforce: it retreated from a battle (9.2)",
    "battle.cannot_reinforce_forced": "{unit} cannot reinforce: it force-marched this turn (5.5)",
    "battle.cannot_reinforce_not_free": "{unit} cannot reinforce: it is not free",
    "battle.reinforce_road": "the {cls:road_class} road {town}-{battle} takes {limit} unit(s) per battle "
    "turn; {used} already used",
    "battle.regroup_reinforce_road": "the {cls:road_class} road {town}-{battle} takes {limit} unit(s) per "
    "regroup; {used} already used",
    "battle.reinforce_needs_from": "/reinforce needs from:Town",
    "battle.regroup_usage": "/regroup takes units:A,B and either to:Town (retreat out) or from:Town "
    "(bring in)",
    "battle.regroup_kind": "the victor regroups either by retreating or by reinforcing, not both (FAQ 8.2); "
    "this regroup is a {kind:regroup_kind}",
}
