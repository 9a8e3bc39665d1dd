"""How the fuzzer and the tools play Napoleon (``Module.fuzzing``; ``python -m tools.fuzz``): the option
combinations a seed plays, the random player's biases, the check of ``/undo`` and what a finished game counts.

Game ``seed`` plays the combination ``plan(seed)`` (both editions, 2 and 3 players, every setup, command
control, the corps restriction, a short and a whole time record, each in every mode), so any single game is
re-run with ``--games 1 --seed S``. The random player (``pick``) reads the game, as a fuzzer may; a bot player
never does.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import RuleError
from ..module import Fuzzing, GameObject
from ..orders import Order
from .game import Game
from .invariants import FINAL
from .legal import Legal
from .movement import attackers_in, incomplete_attacks
from .options import Options
from .orders import BattleMove, End, Fire, Retreat, Undo
from .sequence import Phase
from .state import GameState, armies_of

SIDES = ("french", "allied")  # the sides a bot plays in the fuzzer (allied: every role but the French)
MODES = ("random", *(f"bot-{side}" for side in SIDES))  # who plays: random on both sides, or the bot on one
UNDO_RATE = 0.03  # how often the random player takes its last order back when it may (decision 9)


def _game(game: GameObject) -> Game:
    assert isinstance(game, Game)
    return game


def combinations() -> list[tuple[Options, str]]:
    """Every option combination the fuzzer covers, times every mode (13.3 is a v3.4 rule)."""
    out: list[tuple[Options, str]] = []
    for ruleset in ("3rd", "3.4"):
        for setup in ("historical", "free", "initiative"):
            for players in (2, 3):
                for cc in (False, True):
                    for corps in (False, True) if ruleset == "3.4" else (False,):
                        for days in (0, 2):
                            opts = Options(ruleset, setup, players, cc, corps, days)
                            out.extend((opts, mode) for mode in MODES)
    return out


COMBINATIONS = combinations()


def plan(seed: int, mode: str = "all") -> tuple[Options, str]:
    """The options and mode game ``seed`` plays: a fixed function of the seed (and ``mode``: "all", a mode of
    MODES, or "bot" for either bot mode)."""
    pool = [c for c in COMBINATIONS if mode == "all" or c[1] == mode or (mode == "bot" and c[1] != "random")]
    return pool[seed % len(pool)]


def random_options(rng: random.Random) -> Options:
    ruleset = rng.choice(["3rd", "3.4"])
    return Options(
        ruleset=ruleset,
        setup=rng.choice(["historical", "free", "initiative"]),
        players=rng.choice([2, 3]),
        command_control=rng.random() < 0.3,
        corps_restriction=ruleset == "3.4" and rng.random() < 0.3,
        days=rng.choice([0, 0, 1, 2]),
    )


def bench_options(i: int, rng: random.Random, fixed: Mapping[str, Any]) -> Options:
    """The AI bench's i-th game: editions alternate every two games (so each edition meets both sides),
    setups cycle (unless ``fixed`` names one), optional rules at random; never ``days`` (the whole time
    record); ``fixed`` may give ``players``."""
    ruleset = ("3.4", "3rd")[(i // 2) % 2]
    setup = str(fixed.get("setup") or ("initiative", "historical", "free")[(i // 4) % 3])
    return Options(
        ruleset=ruleset,
        setup=setup,
        players=int(fixed.get("players", 2)),
        command_control=rng.random() < 0.3,
        corps_restriction=ruleset == "3.4" and rng.random() < 0.3,
    )


def side_roles(options: Options, side: str) -> tuple[str, ...]:
    """The roles a side's bot plays: the French, or every allied role (1 or 2 of them)."""
    roles: tuple[str, ...] = options.roles
    if side == "allied":
        return tuple(r for r in roles if r != "french")
    return (side,) if side in roles else ()


def label(o: Options) -> str:
    bits = [o.ruleset, o.setup, f"{o.players}p"]
    bits += ["cc"] if o.command_control else []
    bits += ["corps"] if o.corps_restriction else []
    bits += [f"{o.days}d" if o.days else "whole"]
    return " ".join(bits)


def result(game: GameObject) -> tuple[str, str]:
    r = _game(game).state.result
    return (r.winner, r.reason) if r is not None else ("", "")


def counts(game: GameObject) -> dict[str, int]:
    """Battles fought on the board (6.2-7.6), automatic routs (6.1) and fire rolls (8.3)."""
    st = _game(game).state
    kinds = [e.kind for e in st.events]
    fires = sum(1 for e in st.events if e.kind == "dice" and str(e.data.get("why", "")).startswith("fire"))
    out = {"battles": kinds.count("battle"), "automatic_routs": kinds.count("automatic_rout"), "fires": fires}
    for a in ("french", "british", "prussian"):
        out[f"alive {a}"] = sum(
            1 for u in st.units.values() if u.army == a and not u.eliminated and not u.leader
        )
    return out


def pick(rng: random.Random, game: GameObject, role: str, budget: dict[str, int]) -> str | None:
    """A random legal order of ``role`` (with the biases below), as its text (what a player sends)."""
    o = _pick(rng, _game(game), role, budget)
    return None if o is None else o.text()


def _pick(rng: random.Random, game: Game, role: str, budget: dict[str, int]) -> Order | None:
    lg = game.legal(role)
    undo = Undo()
    choices: list[Order] = [c for c in lg.choices if c != undo]
    if undo in lg.choices and (not choices or rng.random() < UNDO_RATE):
        return undo
    if not choices:
        return None
    if lg.phase == Phase.MOVEMENT:
        return _pick_move(rng, game, lg, role, budget, choices, undo if undo in lg.choices else None)
    if lg.phase == Phase.SETUP:
        return rng.choice(choices)
    return _pick_battle(rng, game, role, choices)


def _pick_move(
    rng: random.Random,
    game: Game,
    lg: Legal,
    role: str,
    budget: dict[str, int],
    choices: list[Order],
    undo: Order | None,
) -> Order | None:
    end = End()
    moves = [c for c in choices if c != end]
    key = f"{game.state.turn}:{role}"
    budget.setdefault(key, rng.randint(0, 8))
    # 6.1: while an attack short of 3 units holds /end back, bring a third unit (a few tries a turn, so
    # that this ends) or take moves back until it may end
    finish = end if end in choices else undo
    if not moves or budget[key] <= 0:
        if finish == undo and budget.get(key + ":joins", 0) < 3:
            short = {t for t, _n in incomplete_attacks(game.ctx(), role)}
            completing = [c for c in lg.attacks if c.path[-1] in short]
            if completing:
                budget[key + ":joins"] = budget.get(key + ":joins", 0) + 1
                return rng.choice(completing)
        return finish
    budget[key] -= 1
    ctx = game.ctx()
    begun = {t for t in ctx.st.movement.attacks if attackers_in(ctx, t) >= 1}
    joins = [c for c in lg.attacks if c.path[-1] in begun]
    # 6.1: an attack may begin with 1-2 units that other groups complete; such starts are tried now and
    # then (they are mostly undone at the end), not as often as whole attacks, or random play would
    # attack less than it used to
    starts = [c for c in lg.attacks if c not in joins and len(c.units) < 3]
    whole = [c for c in lg.attacks if c not in joins and c not in starts]
    short = {t for t, _n in incomplete_attacks(ctx, role)}
    completing = [c for c in joins if c.path[-1] in short]
    if completing and rng.random() < 0.7:
        return rng.choice(completing)  # mostly bring the third unit to an attack begun with 1-2
    if (whole or joins) and rng.random() < 0.5:
        return rng.choice(whole + joins)  # attack often, or random play would hardly ever fight a battle
    if starts and rng.random() < 0.05:
        return rng.choice(starts)
    moves = [c for c in moves if c not in starts]
    return rng.choice(moves) if moves else finish


def _pick_battle(rng: random.Random, game: Game, role: str, choices: list[Order]) -> Order:
    # battles: favour fighting (fire, engaging) over shuffling, and mostly avoid moves that empty one's own
    # column (an instant rout, 7.5), or random battles would hardly last a battle turn
    end = End()
    careful = rng.random() < 0.9
    fire: list[Order] = [c for c in choices if isinstance(c, Fire)]
    engage: list[Order] = [c for c in choices if isinstance(c, BattleMove) and c.to.startswith("across-")]
    calm = [c for c in choices if c != end and not isinstance(c, Retreat)]
    r = rng.random()
    if fire and r < 0.5:
        pool = fire
    elif engage and r < 0.7:
        pool = engage
    elif calm and rng.random() < 0.7:
        pool = calm
    else:
        pool = choices
    if not careful:
        return rng.choice(pool)
    # try candidates in a random order until one does not rout its own side; only the ones looked at are
    # tried on a copy of the game (trying them all made this the fuzzer's main cost)
    for pool_ in (pool, choices):
        for c in rng.sample(pool_, len(pool_)):
            if not _routs_itself(game, role, c):
                return c
    return rng.choice(pool)


def _routs_itself(game: Game, role: str, order: Order) -> bool:
    if not isinstance(order, (BattleMove, Retreat)):
        return False
    trial = Game(game.state.clone(), game.scenario)
    try:
        events = trial.apply(role, order)
    except RuleError:
        return False
    mine = {
        trial.ctx().unit(u).side for u in trial.state.units if trial.state.units[u].army in armies_of(role)
    }
    return any(e.kind == "rout" and e.data.get("side") in mine for e in events)


def watch(game: GameObject) -> Callable[[GameObject, str], None]:
    """A check of each order: an undo gives back exactly the state before the undone order (product
    decision 9)."""
    prev: list[GameState] = [_game(game).state]  # apply never changes a state it replaces: kept as it is
    befores: list[GameState] = []  # the states before the orders that may still be undone

    def after(game: GameObject, order: str) -> None:
        g = _game(game)
        if order == Undo().text():
            if befores and g.dumps() != Game(befores.pop(), g.scenario).dumps():
                raise AssertionError("/undo did not give back the state before the undone order")
        elif not g.state.undo:
            befores.clear()  # a stop: nothing before it can be undone
        else:
            befores.append(prev[0])
            del befores[:-20]
        prev[0] = g.state

    return after


FUZZING: Fuzzing[Options, Game] = Fuzzing(
    sides=SIDES,
    side_roles=side_roles,
    plan=plan,
    random_options=random_options,
    bench_options=bench_options,
    pick=pick,
    watch=watch,
    final=FINAL,
    result=result,
    counts=counts,
    label=label,
    cap=20000,
    bot_fallbacks=True,
)
