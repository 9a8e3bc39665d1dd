"""The Napoleon game object: ``new_game``, ``apply``, ``view``, ``legal`` (``engine/module.py``)."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from typing import Any

from data.napoleon import Scenario, load_scenario

from ..dice import Dice
from ..events import Event
from ..messages import lookup_error, rule_error
from ..orders import Order
from ..text import Command, parse_command
from . import battle as battle_rules
from . import campaign, movement, setup
from . import undo as undo_rules
from .active import active_roles, movement_roles
from .context import Ctx
from .legal import Legal, legal
from .options import Options
from .orders import GRAMMAR, End, Move, Setup
from .sequence import BATTLE_ORDERS, ROWS, Phase, go
from .state import (
    GameState,
    Kept,
    SharedWrite,
    Unit,
    armies_of,
    state_from_dict,
    state_json,
    state_to_dict,
    touch,
    writing,
)
from .views import View, build_view

PUBLIC = "public"


class Game:
    """One game. ``apply`` is atomic: it works on a copy of the state and keeps it only if the order was
    accepted.

    Not on ``engine/gamebase.py``'s ``GameBase``: the state holds the options and both logs and is replaced
    by each order (a fork copied on write) and by ``/undo`` (product decision 9, which cuts the logs back),
    where the base changes its state in place and keeps the script log apart; the snapshot keeps dict order
    (``dumps``) where the base sorts its keys; the script has no ``@game`` line. It gives the hooks the base
    gives (``engine/module.py``'s ``StoredGame``), so its module is a ``GameModule``."""

    def __init__(self, state: GameState, scenario: Scenario) -> None:
        self.state = state
        self.scenario = scenario

    # --- construction ------------------------------------------------------------------------------------
    @classmethod
    def new(cls, options: Options | None = None, seed: int = 0) -> Game:
        options = options or Options()
        sc = load_scenario(options.scenario)
        units = {}
        for d in sc.units:
            units[d.id] = Unit(d.id, d.army, d.type, d.max_cv, d.max_cv, None)
        st = GameState(options=options, seed=seed, dice=Dice.seeded(seed), units=units)
        game = cls(st, sc)
        ctx = game.ctx()
        ctx.emit("new_game", {"options": options.to_dict(), "seed": seed})
        setup.begin(ctx)
        if not st.setup_waiting:
            campaign.begin_turn(ctx, 1)
        return game

    def ctx(self) -> Ctx:
        return Ctx(self.state, self.scenario)

    @property
    def options(self) -> Options:
        return self.state.options

    # --- the contract ------------------------------------------------------------------------------------
    def apply(self, role: str, order: str | Command | Order) -> list[Event]:
        """Apply one order for ``role`` (its text, read by the one parser of ``orders.py``, or the order
        itself); return the new events. Raises RuleError and changes nothing if the order is not legal now."""
        typed: Order | None = None
        if isinstance(order, Order):
            name, logged, typed = order.kind, order.text(), order
        elif isinstance(order, str) and (read := _READ.get(order)) is not None:
            name, logged, typed = read  # a text read before: the same order (reading is pure)
        else:
            cmd = parse_command(order) if isinstance(order, str) else order
            name, logged = cmd.name, cmd.text()  # the log keeps the order as it was written
        if role not in self.options.roles:
            raise rule_error(
                "13.1" if role in ("british", "prussian", "allied") else "",
                "game.no_role",
                role=role,
                roles=list(self.options.roles),
            )
        if name == "undo":
            # product decision 9: the state before the role's last order (engine/napoleon/undo.py)
            if typed is None:
                GRAMMAR.read(cmd)
            self.state, event = undo_rules.undo(self.state, role)
            return [event]
        prev = self.state
        # who acts, which only the movement phase's gate asks (the set-up's and the battles' rules say who may
        # give an order themselves): kept with the state (``cached``)
        active = self.active() if prev.phase == Phase.MOVEMENT else []
        # copy on write (state.py): the order on a fork first, whose units are copied as the rules
        # write them (``GameState.own``); a rule that writes a unit without ``own`` stops it (``SharedWrite``,
        # before anything changed) and the order runs again on a full copy. Either way ``prev`` is untouched.
        work = prev.fork()
        ctx = Ctx(work, self.scenario)
        # the orders the phase takes (4.0-4.2), asked before the order is read
        wait = _gate(ctx, role, name, active)
        if typed is None:
            typed = GRAMMAR.read(cmd)
            if isinstance(order, str):
                _READ.keep(order, (name, logged, typed))
        before = len(work.events)
        was = writing(work.__dict__["_dirty"])
        try:
            _dispatch(ctx, role, typed, wait)
        except SharedWrite:
            writing(None)
            work = prev.clone()
            ctx = Ctx(work, self.scenario)
            _dispatch(ctx, role, typed, wait)
        finally:
            writing(was)
        work.orders += 1
        work.log.append(f"{role}: {logged}")
        undo_rules.record(prev, work, role)
        self.state = work
        return work.events[before:]

    def view(self, role: str = PUBLIC, *, events: bool = True) -> View:
        if role != PUBLIC and role not in self.options.roles:
            raise rule_error("", "game.no_role_view", role=role, roles=list(self.options.roles))
        if events:
            return build_view(self.ctx(), role, events=True)
        # the bot asks for the public view and each active role's after every order, some twice: kept with
        # the state until anything changes (as ``legal``)
        return self.state.cached(("view", role), lambda: build_view(self.ctx(), role, events=False))

    def legal(self, role: str) -> Legal:
        """What ``role`` may do now; asked again of an unchanged state, the answer kept with it (the
        bot asks for each active role's prompt, its headline and its drafts after every order)."""
        return self.state.cached(("legal", role), lambda: self._legal(role))

    def _legal(self, role: str) -> Legal:
        ctx = self.ctx()
        return legal(ctx, role, active_roles(ctx))

    def active(self) -> list[str]:
        return list(self.state.cached("active", lambda: tuple(active_roles(self.ctx()))))

    @property
    def over(self) -> bool:
        return self.state.phase == Phase.OVER

    # --- directives: set-up helpers for scripts, tests and clubs' own scenarios --------------------------
    def _directive(self, line: str) -> None:
        """Every directive changes the state in place and logs itself here: what was kept about the state
        (``GameState.cached``, e.g. ``legal``) is stale from now on."""
        self.state.log.append(line)
        touch()

    def place(self, unit: str, town: str, cv: int | None = None) -> None:
        """``@place``: put a unit in a town (optionally at a cv), outside the rules."""
        sc = self.scenario
        try:
            uid = sc.match_unit(unit)
        except LookupError as e:
            raise lookup_error(e, "unit", unit) from None
        try:
            t = sc.match_town(town)
        except LookupError as e:
            raise lookup_error(e, "town", town) from None
        u = self.state.own(self.state.units[uid])  # a unit shared with an earlier state is copied first
        if cv is not None and not 1 <= cv <= u.max_cv:
            raise rule_error("2.3", "game.cv_range", unit=uid, max_cv=u.max_cv, cv=cv)
        u.location = t
        u.eliminated = False
        u.cv = cv if cv is not None else (u.cv or u.max_cv)
        self._directive(f"@place {uid} {t}" + (f" cv={cv}" if cv is not None else ""))
        undo_rules.clear(self.state, "directive")
        self.ctx().emit(
            "placed",
            {"army": u.army, "town": t},
            secret={"unit": uid, "cv": u.cv},
            to=self.ctx().roles_of_army(u.army),
        )

    def set_turn(self, n: int) -> None:
        """``@turn``: start at campaign turn ``n`` of the time record (movement phase), ending setup."""
        ctx = self.ctx()
        if self.state.phase == Phase.OVER:  # the sequence of play has no way back from the end (12.0)
            raise rule_error("12.0", "game.over")
        if not 1 <= n <= campaign.last_turn(ctx):
            raise rule_error("4.0", "game.turn_range", last=campaign.last_turn(ctx), turn=n)
        for u in list(self.state.units.values()):
            if u.location is None and not u.eliminated:
                self.state.own(u).location = self.scenario.historical[u.id]
        self.state.setup_waiting = []
        self.state.battles = []
        campaign.begin_turn(ctx, n)
        self._directive(f"@turn {n}")
        undo_rules.clear(self.state, "directive")

    def force_dice(self, values: list[int]) -> None:
        """``@dice``: the next die rolls, in order."""
        self.state.dice.force(values)
        self._directive("@dice " + " ".join(str(v) for v in values))

    def reseed_dice(self, seed: int) -> None:
        """``@dice seed N``: the dice go on from a new seed (an imported game's own dice: the script's
        ``@seed`` was chosen by whoever wrote it)."""
        old = self.state.dice
        # forced dice stay first
        self.state.dice = Dice(Dice.seeded(seed).state, list(old.forced), old.rolled)
        self._directive(f"@dice seed {seed}")

    def clear_forced_dice(self) -> None:
        """``@dice clear``: drop the forced results still queued; the seeded generator goes on."""
        self.state.dice.forced.clear()
        self._directive("@dice clear")

    def prefer(self, role: str, key: str, ids: list[str]) -> None:
        """A standing preference (product decision 7): ``hits`` (which of equal blocks takes a hit first)
        or ``supply`` (which blocks the supply rule removes first). A priority list of own unit ids."""
        if role not in self.options.roles:
            raise rule_error("", "game.no_role_short", role=role)
        if key not in ("hits", "supply"):
            raise rule_error("", "game.unknown_preference", key=key)
        out = []
        for t in ids:
            try:
                uid = self.scenario.match_unit(t)
            except LookupError as e:
                raise lookup_error(e, "unit", t) from None
            if self.state.units[uid].army not in armies_of(role):
                raise rule_error("", "game.not_your_unit", unit=uid, role=role)
            out.append(uid)
        # replaced, never changed in place: the copies of this state share it (``GameState.clone``)
        prefs = dict(self.state.preferences)
        prefs[role] = {**prefs.get(role, {}), key: out}
        self.state.preferences = prefs
        self._directive(f"@prefer {role} {key}:{','.join(out)}")

    def script(self) -> str:
        """The game as a script (``engine/script.py``): replaying it rebuilds this game exactly."""
        o = self.options
        opts = " ".join(f"{k}={_opt(v)}" for k, v in o.to_dict().items())
        return "\n".join([f"@options {opts}", f"@seed {self.state.seed}", *self.state.log]) + "\n"

    # --- snapshots ---------------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return state_to_dict(self.state)

    def dumps(self) -> str:
        # Not sort_keys: the order of the state's dicts (attacks, units, road use, battle positions) is part
        # of the game - the end of movement resolves attacks in that order - so a loaded game must keep it
        # (a game saved and loaded plays on exactly like one that never stopped).
        # state_json is json.dumps(self.snapshot(), separators=(",", ":")) made faster (tests/test_properties)
        return state_json(self.state)

    def dumps_state(self) -> str:
        """The snapshot without the two logs that grow with every order, the events and the script lines
        (stored as events: docs/service.md). The store keeps those as each change adds or cuts them, and
        ``loads_state`` puts them back."""
        light = copy.copy(self.state)
        light.events, light.log = [], []
        return json.dumps(state_to_dict(light), separators=(",", ":"))

    def with_history(self, events: Sequence[Mapping[str, Any]], log: Sequence[str]) -> Game:
        """This game with another event log and script log (``Event.to_dict`` forms); the rest is shared."""
        st = copy.copy(self.state)
        st.events = [Event.from_dict(dict(e)) for e in events]
        st.log = list(log)
        return Game(st, self.scenario)

    @classmethod
    def loads_state(cls, s: str, events: Sequence[Mapping[str, Any]], log: Sequence[str]) -> Game:
        """A game from ``dumps_state`` and its event log and script log."""
        return cls.loads(s).with_history(events, log)

    def copy(self, deep: bool = False) -> Game:
        """A game sharing this one's state (``apply`` replaces the state, so the one shared stays as it
        was), or ``deep``, with a clone of it (a directive changes the state in place)."""
        return Game(self.state.clone() if deep else self.state, self.scenario)

    @classmethod
    def from_snapshot(cls, d: dict[str, Any]) -> Game:
        st = state_from_dict(d)
        return cls(st, load_scenario(st.options.scenario))

    @classmethod
    def loads(cls, s: str) -> Game:
        return cls.from_snapshot(json.loads(s))

    # --- the module contract (engine/module.py GameObject) -------------------------------------------------
    @property
    def log(self) -> list[str]:
        return self.state.log

    @property
    def events(self) -> list[Event]:
        return self.state.events


# order text -> (its name, its text as logged, its value): what ``apply`` read from it, the same every time
# (``parse_command`` and ``GRAMMAR.read`` are pure; only texts that read are kept)
_READ: Kept[str, tuple[str, str, Order]] = Kept(10_000)


def _opt(v: object) -> str:
    if isinstance(v, bool):
        return "on" if v else "off"
    return str(v)


def new_game(options: Options | None = None, seed: int = 0) -> Game:
    return Game.new(options, seed)


def _gate(ctx: Ctx, role: str, name: str, active: list[str]) -> tuple[str, str] | None:
    """Whether the phase takes orders of kind ``name`` from ``role`` now (``active``: the roles who act, in
    the movement phase; not asked in the others), asked before the order is read; in the movement phase,
    the ally's attack that ``role`` may still complete (13.1 with 6.1) while it waits, if any."""
    st = ctx.st
    if st.phase == Phase.OVER:
        if st.result:
            raise rule_error("12.0", "game.over_reason", reason=st.result.reason)
        raise rule_error("12.0", "game.over")
    if st.phase == Phase.SETUP:
        if name not in ROWS[Phase.SETUP].orders:
            raise rule_error("3.1", "game.setup_orders", order=name)
        return None
    if st.phase == Phase.MOVEMENT:
        wait = movement.waiting_for_ally(ctx, role) if role not in st.movement.ended else None
        if role not in active and not (wait and name == "move"):
            if wait:
                raise rule_error("6.1", "move.ally_attack_incomplete", ally=wait[0], town=wait[1])
            raise movement.not_your_move(ctx, role, active)
        if name in ROWS[Phase.MOVEMENT].orders:
            return wait
        if name in BATTLE_ORDERS:
            raise rule_error("4.1", "game.battle_order_in_movement", order=name)
        raise rule_error("", "game.unknown_movement_order", order=name)
    # battle phase
    if name in ("move", "setup"):
        raise rule_error("4.2", "game.not_battle_order", order=name)
    if name not in BATTLE_ORDERS:
        raise rule_error("", "game.unknown_battle_order", order=name, orders=["/" + o for o in BATTLE_ORDERS])
    return None


def _dispatch(ctx: Ctx, role: str, order: Order, wait: tuple[str, str] | None) -> None:
    """``role``'s order on ``ctx``'s state (a copy), which ``_gate`` let through (``wait``: its answer)."""
    st = ctx.st
    if st.phase == Phase.SETUP:
        if isinstance(order, Setup):
            setup.apply_setup(ctx, role, order)
        elif isinstance(order, End):
            _no_options(order)
            if setup.end_setup(ctx, role):
                campaign.begin_turn(ctx, 1)
        return
    if st.phase == Phase.MOVEMENT:
        if isinstance(order, Move):
            plan = movement.parse_move(ctx, role, order)
            if wait and not (plan.attack and plan.path[-1] == wait[1] and _completes(ctx, plan)):
                # 13.1 with 6.1: while an ally's attack is short of 3 units, only units completing it move
                raise rule_error("6.1", "move.ally_attack_incomplete", ally=wait[0], town=wait[1])
            movement.do_move(ctx, role, plan)
        elif isinstance(order, End):
            _no_options(order)
            short = movement.incomplete_attacks(ctx, role)
            if short:
                # 6.1: an attack needs 3 or more units; 1-2 in an enemy-held town wait for a third
                town, n = short[0]
                raise rule_error("6.1", "move.attack_incomplete", town=town, n=n, need=3 - n)
            st.movement.ended.append(role)
            ctx.emit("movement_done", {"role": role})
            if not movement_roles(ctx):
                end_movement_phase(ctx)
        return
    battle_rules.apply_battle_order(ctx, role, order)
    if st.phase != Phase.OVER and not st.open_battles():
        campaign.end_campaign_turn(ctx)


def _completes(ctx: Ctx, plan: movement.MovePlan) -> bool:
    """The move brings the attack on its town to 3 or more combat units (6.1)."""
    n = sum(1 for u in plan.units if not u.leader)
    return movement.attackers_in(ctx, plan.path[-1]) + n >= 3


def _no_options(order: End) -> None:
    """``/end`` of the set-up or the movement names no battle."""
    if order.battle is not None:
        raise rule_error("", "game.end_no_options", options=["battle"])


def end_movement_phase(ctx: Ctx) -> None:
    st = ctx.st
    movement.end_movement(ctx)
    if st.phase == Phase.OVER:
        return
    if st.open_battles():
        go(st, Phase.BATTLE)
        ctx.emit("battle_phase", {"battles": [b.town for b in st.open_battles()]})
    else:
        campaign.end_campaign_turn(ctx)
