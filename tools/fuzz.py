"""The fuzzer: ``python -m tools.fuzz --games N [--seed S] [--mode all] [--jobs J] [--out DIR]``.

Plays whole campaigns, random against random (orders picked from ``legal()``) and the bot player (``ai``)
against random from either side, across every option combination (both editions, 2 and 3 players, every
setup, command control, the corps restriction, a short and a whole time record): game ``seed`` plays the
combination ``plan(seed)``, so any single game is re-run with ``--games 1 --seed S``. It checks invariants
after every order:
legal() never lists a rejected order, no dead end (an active role with nothing to do), no endless game,
every unit in exactly one place, cv within 1..max, road use and group moves within limits, no hidden face in
another role's view, snapshot round trip, and replay of the game's script reproducing it exactly. Each
failure is written as a replayable script. ``--secrecy``: what the service sends after every order is
scanned for what its audience may not know (``tools/secrecy.py``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ai import Player, PlayStats, play_one
from ai.napoleon import HeuristicPlayer
from engine.errors import RuleError
from engine.napoleon.game import Game, new_game
from engine.napoleon.movement import GROUP_MOVES, attackers_in, incomplete_attacks
from engine.napoleon.options import Options
from engine.napoleon.orders import BattleMove, End, Fire, Retreat, Undo
from engine.napoleon.state import armies_of
from engine.orders import Order
from engine.script import run_lines
from tools.parallel import play_all

MAX_ORDERS = 20000
TWIN_EVERY = 5  # the fuzzer's twin is saved and loaded every this many orders
MODES = ("random", "bot-french", "bot-allied")  # who plays: random on both sides, or the bot on one side
PICTURES = 120  # the pictures of about one state in this many orders are drawn (``tools/picture_sweep.py``)
PICTURES_HELP = "draw every picture of about one state in N orders, every new battle's and the last (0: none)"


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


class Invariant(AssertionError):
    pass


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


def check(game: Game) -> None:
    st, sc = game.state, game.scenario
    for u in st.units.values():
        if u.eliminated:
            if u.location is not None or u.cv != 0:
                raise Invariant(f"eliminated {u.id} still has a place or cv")
        else:
            if u.location is None and st.phase != "setup":
                raise Invariant(f"{u.id} is nowhere")
            if not 1 <= u.cv <= u.max_cv:
                raise Invariant(f"{u.id} has cv {u.cv} outside 1..{u.max_cv}")
    for key, n in st.movement.road_use.items():
        town_a, town_b = key.split("|")
        road = sc.road(town_a, town_b)
        if road is None or n > road.limit:
            raise Invariant(f"road {key} carried {n} units (limit {road.limit if road else '?'})")
    for army, limit in GROUP_MOVES.items():
        used = sum(1 for k in st.movement.group_moves if k.startswith(army + "@"))
        if used > limit:
            raise Invariant(f"{army} used {used} group moves (limit {limit})")
    for role in ("public", *game.options.roles):
        v = game.view(role, events=False)
        mine = armies_of(role)
        for t in v.towns:
            for b in t.blocks:
                if b.known and b.army not in mine:
                    raise Invariant(f"{role} sees the face of {b.id} at {t.name}")
        for b in v.unplaced:
            if b.army not in mine:
                raise Invariant(f"{role} sees an unplaced {b.army} block")


PRIVATE_KINDS = ("move", "placed", "routed", "loss")  # events whose unit ids only the owner may read


def check_events(game: Game) -> None:
    """No event shows another army's block identities where they were not revealed (moves, placements,
    routs and campaign losses name units only for their owners)."""
    for role in ("public", *game.options.roles):
        mine = armies_of(role)
        for e in game.view(role).events:
            if e["kind"] not in PRIVATE_KINDS:
                continue
            armies = e.get("armies") or [e.get("army")]
            named = e.get("units") or ([e["unit"]] if e.get("unit") else [])
            if e["kind"] == "loss" and "forced march" not in e.get("reason", ""):
                continue  # battle losses of revealed line blocks are public (6.2)
            if named and not all(a in mine for a in armies):
                raise Invariant(f"{role} reads the identity of {named} in a {e['kind']} event")


UNDO_RATE = 0.03  # how often the random player takes its last order back when it may (decision 9)


def pick(rng: random.Random, game: Game, role: str, budget: dict[str, int]) -> str | None:
    """A random legal order of ``role`` (with the biases below), as its text (what a player sends)."""
    o = _pick(rng, game, role, budget)
    return None if o is None else o.text()


def _pick(rng: random.Random, game: Game, role: str, budget: dict[str, int]) -> Order | None:
    lg = game.legal(role)
    undo = Undo()
    choices = [c for c in lg.choices if c != undo]
    if undo in lg.choices and (not choices or rng.random() < UNDO_RATE):
        return undo
    if not choices:
        return None
    end = End()
    if lg.phase == "movement":
        moves = [c for c in choices if c != end]
        key = f"{game.state.turn}:{role}"
        budget.setdefault(key, rng.randint(0, 8))
        # 6.1: while an attack short of 3 units holds /end back, bring a third unit (a few tries a turn, so
        # that this ends) or take moves back until it may end
        finish = end if end in choices else undo if undo in lg.choices else None
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
    if lg.phase == "setup":
        return rng.choice(choices)
    # battles: favour fighting (fire, engaging) over shuffling, and mostly avoid moves that empty one's own
    # column (an instant rout, 7.5), or random battles would hardly last a battle turn
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


def _check_undo(game: Game, prev, order: str, befores: list) -> None:
    """An undo gives back exactly the state before the undone order (rules README decision 9)."""
    if order == Undo().text():
        if befores and game.dumps() != Game(befores.pop(), game.scenario).dumps():
            raise Invariant("/undo did not give back the state before the undone order")
        return
    if not game.state.undo:
        befores.clear()  # a stop: nothing before it can be undone
    else:
        befores.append(prev)
        del befores[:-20]


@dataclass
class GameRun:
    seed: int
    options: Options
    orders: int
    result: str
    turns: int
    seconds: float
    battles: int = 0  # battles fought on the board (6.2-7.6)
    automatic_routs: int = 0  # 6.1
    fires: int = 0  # 8.3
    mode: str = "random"
    reason: str = ""
    bot_seconds: float = 0.0  # the bot player's own time (its view, legal and choose calls)
    fallbacks: int = 0  # bot orders the engine rejected (each replaced by a legal fallback)
    rejected: list[tuple[str, str, str]] = field(default_factory=list)
    alive: dict[str, int] = field(default_factory=dict)  # combat blocks left per army at the end


class Failure(Exception):
    """A failed game, with the script that replays it up to the failure."""

    def __init__(self, seed: int, options: Options, mode: str, error: BaseException, script: str):
        super().__init__(f"{type(error).__name__}: {error}")
        self.seed, self.options, self.mode, self.error, self.script = seed, options, mode, error, script
        self.trace: list[str] = []  # the traceback, as text (it crosses process boundaries)


def bot_roles(options: Options, mode: str) -> tuple[str, ...]:
    if mode == "bot-french":
        return ("french",)
    if mode == "bot-allied":
        return tuple(r for r in options.roles if r != "french")
    if mode == "bots":
        return options.roles
    return ()


def play(
    seed: int,
    options: Options | None = None,
    *,
    mode: str = "random",
    check_every: bool = True,
    final_checks: bool = True,
    opponent: Player | None = None,
    secrecy: bool = False,
    pictures: Any = None,
) -> GameRun:
    """Play one whole game. ``mode``: "random", "bot-french", "bot-allied" or "bots" (the bot on both
    sides). The random side uses ``pick`` or, if given, ``opponent`` (an ``ai.Player``). Raises ``Failure``
    (with a replayable script) on a broken invariant or a crash."""
    rng = random.Random(seed)
    options = options or random_options(rng)
    t0 = time.perf_counter()
    game = new_game(options, seed)
    bots: dict[str, Player] = {}
    others: dict[str, Player] = {}
    stats = None
    if bot_roles(options, mode) or opponent is not None:
        bots = {r: HeuristicPlayer() for r in bot_roles(options, mode)}
        if opponent is not None:
            others = {r: opponent for r in options.roles if r not in bots}
        stats = PlayStats()
    budget: dict[str, int] = {}
    bot_time = 0.0
    n = 0
    role, order, pending = "", "", False
    # A twin that is saved and loaded every few orders must stay identical to the game that never stopped
    # (issue 1/6: a restart must never change what happens next).
    twin = Game.loads(game.dumps()) if check_every else None
    befores: list = []  # the states before the orders that may still be undone (rules README decision 9)
    played: list[str] = []  # every order applied, as script lines
    scan = _scan(game, seed) if secrecy else None  # tools/secrecy.py: what the service sends, checked
    try:
        while not game.over:
            active = game.active()
            if not active:
                raise Invariant(f"dead end: nobody may act in phase {game.state.phase}")
            role = rng.choice(active)
            player = bots.get(role) or others.get(role)
            prev = game.state  # apply never changes a state it replaces, so it can be kept as it is
            told = len(game.events)
            if player is not None:
                t1 = time.perf_counter()
                order, pending = "(the bot's order)", True
                done = play_one(game, role, player, rng, stats=stats)
                if role in bots:
                    bot_time += time.perf_counter() - t1
                if done is None:
                    raise Invariant(f"dead end: {role} must act in phase {game.state.phase} but has no order")
                order = str(done)
            else:
                picked = pick(rng, game, role, budget)
                if picked is None:
                    raise Invariant(
                        f"dead end: {role} must act in phase {game.state.phase} but has no legal order"
                    )
                order = picked
                pending = True
                try:
                    game.apply(role, order)
                except RuleError as e:
                    raise Invariant(f"legal() listed {role}: {order} but it was rejected: {e}") from None
            pending = False
            if scan is not None and (scan.order(role, list(game.events[told:]), game) or scan.report.leaks):
                raise Invariant(f"a secret told: {scan.report.leaks[0]}")
            played.append(f"{role}: {order}")
            n += 1
            if n > MAX_ORDERS:
                raise Invariant(f"endless game: {n} orders without an end")
            if check_every:
                check(game)
                _check_undo(game, prev, order, befores)
                assert twin is not None
                twin.apply(role, order)
                if n % TWIN_EVERY == 0:
                    if twin.dumps() != game.dumps():
                        raise Invariant("a game saved and loaded plays on differently from one never stopped")
                    twin = Game.loads(twin.dumps())
            if pictures is not None:  # a ``picture_sweep.Sampler``: this state's pictures, if it is sampled
                pictures.after(game)
        if pictures is not None:
            pictures.end(game)
        if final_checks:
            check_events(game)
            snap = game.snapshot()
            if Game.from_snapshot(json.loads(json.dumps(snap))).snapshot() != snap:
                raise Invariant("snapshot round trip changed the game")

            replay = run_lines(game.script().splitlines())
            if not replay.ok or replay.game is None or replay.game.snapshot() != snap:
                raise Invariant("replaying the game's script did not reproduce it")
        assert game.state.result is not None
    except Exception as e:
        try:
            # every order as played, /undo included (the game's own script leaves out what was undone)
            head = game.script().splitlines()[:2]
            script = "\n".join([*head, *played]) + "\n"
        except Exception:
            script = ""
        if pending:
            script += f"# FAILED HERE (not applied) -- {role}: {order}\n"
        elif order:
            script += f"# FAILED after the last order above: {e}\n"
        raise Failure(seed, options, mode, e, script) from e
    kinds = [e.kind for e in game.state.events]
    fires = sum(
        1 for e in game.state.events if e.kind == "dice" and str(e.data.get("why", "")).startswith("fire")
    )
    alive = {
        a: sum(1 for u in game.state.units.values() if u.army == a and not u.eliminated and not u.leader)
        for a in ("french", "british", "prussian")
    }
    return GameRun(
        seed,
        options,
        n,
        game.state.result.winner,
        game.state.turn,
        time.perf_counter() - t0,
        kinds.count("battle"),
        kinds.count("automatic_rout"),
        fires,
        mode,
        game.state.result.reason,
        bot_time,
        stats.fallbacks if stats else 0,
        list(stats.rejected) if stats else [],
        alive,
    )


def _scan(game: Game, seed: int) -> Any:
    from engine import modules
    from tools.secrecy import Scan

    scan = Scan(modules.get("napoleon"), game, seed)
    scan.start(game)  # what it finds is reported with the first order
    return scan


def _one(args: tuple[int, str, bool, int]) -> GameRun | Failure:
    seed, mode, secrecy, every = args
    options, game_mode = plan(seed, mode)
    try:
        return play(seed, options, mode=game_mode, secrecy=secrecy, pictures=_sampler(seed, every))
    except Failure as f:
        f.__traceback__ = None
        f.__cause__ = None
        f.error = RuntimeError(str(f.error))  # picklable across processes
        f.trace = traceback.format_exception(f.__context__) if f.__context__ else []
        f.__context__ = None
        return f


def _sampler(seed: int, every: int) -> Any:
    """The pictures drawn of game ``seed`` (``tools/picture_sweep.py``), or None (``every`` 0)."""
    if not every:
        return None
    from engine import modules
    from tools.picture_sweep import Sampler

    return Sampler(modules.get("napoleon"), seed, every)


def _label(o: Options) -> str:
    bits = [o.ruleset, o.setup, f"{o.players}p"]
    bits += ["cc"] if o.command_control else []
    bits += ["corps"] if o.corps_restriction else []
    bits += [f"{o.days}d" if o.days else "whole"]
    return " ".join(bits)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.fuzz")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed (game i plays seed S+i)")
    ap.add_argument(
        "--mode",
        default="all",
        choices=("all", "bot", *MODES),
        help="all: random and bot-versus-random games; bot: the bot on either side; or one mode",
    )
    ap.add_argument("--jobs", type=int, default=1, help="processes to play games in")
    ap.add_argument("--out", default="fuzz-failures", help="where failing games are written as scripts")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--secrecy", action="store_true", help="scan what the service sends (tools/secrecy.py)")
    ap.add_argument("--pictures", type=int, default=PICTURES, metavar="N", help=PICTURES_HELP)
    args = ap.parse_args(argv)
    work = [(args.seed + i, args.mode, args.secrecy, args.pictures) for i in range(args.games)]
    t0 = time.perf_counter()
    results: list[GameRun | Failure] = []

    def progress(r: GameRun | Failure) -> None:
        results.append(r)
        if isinstance(r, Failure) or (not args.quiet and len(results) % 500 == 0):
            bad = sum(isinstance(x, Failure) for x in results)
            el = time.perf_counter() - t0
            print(f"{len(results)}/{args.games} games, {bad} failed, {el:.0f} s", file=sys.stderr, flush=True)

    play_all(_one, work, args.jobs, progress)
    dt = time.perf_counter() - t0
    runs = [r for r in results if isinstance(r, GameRun)]
    failures = [r for r in results if isinstance(r, Failure)]
    for f in sorted(failures, key=lambda f: f.seed):
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"seed-{f.seed}.txt"
        head = f"# fuzz failure, seed {f.seed}, {f.mode}, {_label(f.options)}: {f.error}\n"
        path.write_text(head + f.script, encoding="utf-8")
        print(f"FAIL seed {f.seed} ({f.mode}, {_label(f.options)}): {f.error} -> {path}", file=sys.stderr)
        if not args.quiet:
            print("".join(f.trace), file=sys.stderr)
    by_mode: dict[str, dict] = {}
    for r in runs:
        m = by_mode.setdefault(r.mode, {"games": 0, "results": {}, "fallbacks": 0})
        m["games"] += 1
        m["results"][r.result] = m["results"].get(r.result, 0) + 1
        m["fallbacks"] += r.fallbacks
    covered = {(_label(r.options), r.mode) for r in runs}
    summary = {
        "games": args.games,
        "failures": len(failures),
        "modes": by_mode,
        "combinations_covered": len(covered),
        "orders": sum(r.orders for r in runs),
        "battles": sum(r.battles for r in runs),
        "automatic_routs": sum(r.automatic_routs for r in runs),
        "fires": sum(r.fires for r in runs),
        "longest_game_orders": max((r.orders for r in runs), default=0),
        "slowest_game_seconds": round(max((r.seconds for r in runs), default=0.0), 2),
        "seconds": round(dt, 2),
    }
    print(json.dumps(summary))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
