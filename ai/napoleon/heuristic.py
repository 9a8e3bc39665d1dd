"""The heuristic bot player: legal, sensible decisions in every phase, from the role's view and legal
orders only (see ``docs/ai.md``)."""

from __future__ import annotations

import random

from engine import Order
from engine.napoleon import BattleView, Legal, View
from engine.napoleon.orders import Deploy, End, Undo
from engine.napoleon.orders import Move as MoveOrder

from . import battle as battle_ai
from .campaign import FULL_GROUP_MOVES, Move, MovePlanner, TaskForce, plan_setup
from .knowledge import MapInfo, Situation, map_info, situation

END, UNDO = End(), Undo()


class HeuristicPlayer:
    """A bot player. One object may play one role or several (it keeps what it remembers per role): its plan
    for the current movement phase and setup, and each force's target and progress from turn to turn, so
    that forces do not turn back and forth. It may also be created afresh at any moment: everything it needs
    to play is in the view and the legal orders."""

    def __init__(self, mi: MapInfo | None = None) -> None:
        self.mi = mi or map_info()
        self._setup: list[Order] = []
        self._setup_key: object = None
        self._plan: list[Move] = []
        self._plan_key: object = None
        self._multi = False
        self._road: dict[tuple[str, str], int] = {}
        self._entered: dict[str, int] = {}
        self._targets: dict[str, dict[str, str]] = {}  # role -> unit -> target town
        self._tf: dict[str, dict[str, TaskForce]] = {}  # role -> target -> task-force state

    # -- the Player protocol ---------------------------------------------------------------------------------
    def choose(self, game_view: View, legal: Legal, rng: random.Random) -> Order:
        sit = situation(game_view, self.mi)
        if legal.phase == "setup":
            return self._choose_setup(sit, legal)
        if legal.phase == "movement":
            return self._choose_move(sit, legal, rng)
        return self._choose_battle(sit, legal)

    # -- setup -----------------------------------------------------------------------------------------------
    def _choose_setup(self, sit: Situation, legal: Legal) -> Order:
        if self._setup_key != sit.role or not self._setup:
            self._setup = plan_setup(sit, legal, self.mi)
            self._setup_key = sit.role
        order = self._setup.pop(0)
        if order == END and END not in legal.choices:
            self._setup = []
            return legal.choices[0]
        return order

    # -- movement --------------------------------------------------------------------------------------------
    def _choose_move(self, sit: Situation, legal: Legal, rng: random.Random) -> Order:
        view = sit.view
        key = (view.turn, sit.role)
        if self._plan_key != key:
            planner = MovePlanner(
                sit,
                legal,
                self.mi,
                rng,
                self._targets.setdefault(sit.role, {}),
                self._tf.setdefault(sit.role, {}),
            )
            self._plan = planner.plan()
            self._plan_key = key
            # several units in one order only when this role alone has moved on the roads this phase, from
            # the start of it (2 players, no group move used yet): then the road use is what we count
            self._multi = view.players == 2 and all(
                view.group_moves_left.get(a, 0) == FULL_GROUP_MOVES[a] for a in sit.armies
            )
            self._road = {}
            self._entered = {}
        while self._plan:
            mv = self._plan.pop(0)
            order = self._emit(sit, legal, mv)
            if order is not None:
                return order
        if END not in legal.choices and UNDO in legal.choices:
            return UNDO  # 6.1: an attack short of 3 units holds /end back: take the last move back
        return END

    def _emit(self, sit: Situation, legal: Legal, mv: Move) -> MoveOrder | None:
        """The order for a plan step, cut down to what is legal now (None: skip it)."""
        ok = [
            u
            for u in mv.units
            if mv.path in legal.moves.get(u, ()) or (mv.forced and mv.path in legal.forced.get(u, ()))
        ]
        if not ok:
            return None
        dest = mv.path[-1]
        enemy = bool(sit.enemy.get(dest)) or dest in sit.battle_towns
        combat = [u for u in ok if sit.block.get(u) is None or sit.block[u].type != "leader"]
        if enemy and self._entered.get(dest, 0) < 3:
            # 6.1: the first order into an enemy-held town brings 3 or more; the engine's own attack choice
            # for this path bounds how many the roads take
            cap = 0
            for c in legal.attacks:
                if c.path == mv.path:
                    cap = max(cap, len(c.units))
            ok = combat[:cap] if cap else []
            if len(ok) < 3:
                return None
        elif not self._multi:
            if len(ok) > 1:
                self._plan.insert(0, Move(ok[1:], mv.path, mv.forced, mv.attack))
            ok = ok[:1]
        else:
            room = min(self._room(a, b, sit) for a, b in zip(mv.path, mv.path[1:], strict=False))
            n = len([u for u in ok if u in combat])
            if n > room:
                if room <= 0:
                    return None
                keep = [u for u in ok if u not in combat] + [u for u in ok if u in combat][:room]
                ok = keep
        n = len([u for u in ok if u in combat])
        for a, b in zip(mv.path, mv.path[1:], strict=False):
            k = (a, b) if a < b else (b, a)
            self._road[k] = self._road.get(k, 0) + n
        if enemy:
            self._entered[dest] = self._entered.get(dest, 0) + n
        forced = mv.forced and any(mv.path not in legal.moves.get(u, ()) for u in ok)
        return MoveOrder(tuple(ok), tuple(mv.path), forced)

    def _room(self, a: str, b: str, sit: Situation) -> int:
        r = self.mi.road(a, b)
        limit = r.limit // 2 if (r.river and (sit.enemy.get(b) or b in sit.battle_towns)) else r.limit
        k = (a, b) if a < b else (b, a)
        return limit - self._road.get(k, 0)

    # -- battles ---------------------------------------------------------------------------------------------
    def _choose_battle(self, sit: Situation, legal: Legal) -> Order:
        choices = battle_ai.parse_choices(tuple(c for c in legal.choices if c != UNDO))
        if not choices:
            return END
        battles: dict[str, BattleView] = {bv.town: bv for bv in sit.view.battles}
        town = self._battle_of(sit, choices, battles)
        bv = battles.get(town) if town else None
        mine = [c for c in choices if (c.battle or town) == town] if town else choices
        named = town if any(c.battle for c in choices) else None
        if bv is None or town is None:  # (no town, no battle view)
            return mine[0].order
        locked = self._guard_units(sit)
        deploys = [c.order for c in mine if isinstance(c.order, Deploy)]
        if deploys:
            return battle_ai.deploy_order(sit, bv, deploys, named)
        if bv.status == "regroup":
            want_in = town in self.mi.bases or bool(self._threat_near(sit, town))
            return battle_ai.choose_regroup(sit, bv, mine, locked, want_in)
        return battle_ai.choose_turn(sit, bv, mine, locked, self.mi)

    def _battle_of(
        self, sit: Situation, choices: list[battle_ai.Choice], battles: dict[str, BattleView]
    ) -> str | None:
        for c in choices:
            if c.battle:
                return _canon(c.battle, battles)
        ids = {uid for c in choices for uid in ([c.unit] if c.unit else [])}
        for c in choices:
            if isinstance(c.order, Deploy):
                ids.update(u for col in c.order.columns().values() for u in col)
        for town, bv in battles.items():
            for s in bv.sides:
                for col in ("left", "center", "right", "reserve"):
                    if any(b.id in ids for b in getattr(s, col) if b.id):
                        return town
        # reinforcement or regroup orders only: the battle this side acts in
        for town, bv in battles.items():
            if bv.status == "regroup" and bv.victor == sit.side:
                return town
        for town, bv in battles.items():
            if bv.status == "fighting" and bv.turn_side == sit.side:
                return town
        return next(iter(battles), None)

    def _guard_units(self, sit: Situation) -> set[str]:
        """Units that hold a supply base: they do not leave it to reinforce or regroup elsewhere."""
        out: set[str] = set()
        for base, (army, _loss) in self.mi.bases.items():
            if army in sit.view.surrendered or base in sit.battle_towns:
                continue
            if sit.side != "french" and army not in sit.armies:
                continue
            if sit.side == "french" and sit.enemy.get(base):
                continue
            out.update(b.id for b in sit.mine.get(base, ()) if b.id and b.type != "leader")
        return out

    def _threat_near(self, sit: Situation, town: str) -> float:
        return sum(sit.enemy_cv(n) for n in self.mi.adj.get(town, ()))


def _canon(name: str, battles: dict[str, BattleView]) -> str | None:
    if name in battles:
        return name
    low = name.lower()
    for t in battles:
        if t.lower().startswith(low):
            return t
    return None
