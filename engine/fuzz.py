"""Random-play fuzzer: ``python -m engine.fuzz --games N [--seed S] [--out DIR]``.

Plays whole campaigns by picking random orders from ``legal()`` and checks invariants after every order:
legal() never lists a rejected order, no dead end (an active role with nothing to do), no endless game,
every unit in exactly one place, cv within 1..max, road use and group moves within limits, no hidden face in
another role's view, snapshot round trip, and replay of the game's script reproducing it exactly. Each
failure is written as a replayable script.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from .errors import RuleError
from .napoleon.game import Game, new_game
from .napoleon.movement import GROUP_MOVES
from .napoleon.options import Options
from .napoleon.state import armies_of

MAX_ORDERS = 20000


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
        a, b = key.split("|")
        road = sc.road(a, b)
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


def pick(rng: random.Random, game: Game, role: str, budget: dict[str, int]) -> str | None:
    lg = game.legal(role)
    choices = list(lg.choices)
    if not choices:
        return None
    if lg.phase == "movement":
        moves = [c for c in choices if c != "/end"]
        key = f"{game.state.turn}:{role}"
        budget.setdefault(key, rng.randint(0, 8))
        if not moves or budget[key] <= 0:
            return "/end"
        budget[key] -= 1
        if lg.attacks and rng.random() < 0.5:
            return rng.choice(lg.attacks)  # attack often, or random play would hardly ever fight a battle
        return rng.choice(moves)
    if lg.phase == "setup":
        return rng.choice(choices)
    # battles: favour fighting (fire, engaging) over shuffling, and mostly avoid moves that empty one's own
    # column (an instant rout, 7.5), or random battles would hardly last a battle turn
    if rng.random() < 0.9:
        choices = [c for c in choices if not _routs_itself(game, role, c)] or choices
    fire = [c for c in choices if c.startswith("/fire")]
    engage = [c for c in choices if c.startswith("/battle-move") and " to:across-" in c]
    r = rng.random()
    if fire and r < 0.5:
        return rng.choice(fire)
    if engage and r < 0.7:
        return rng.choice(engage)
    calm = [c for c in choices if c != "/end" and not c.startswith("/retreat")]
    if calm and rng.random() < 0.7:
        return rng.choice(calm)
    return rng.choice(choices)


def _routs_itself(game: Game, role: str, order: str) -> bool:
    if not (order.startswith("/battle-move") or order.startswith("/retreat")):
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


def play(seed: int, options: Options | None = None, *, check_every: bool = True) -> GameRun:
    rng = random.Random(seed)
    options = options or random_options(rng)
    t0 = time.perf_counter()
    game = new_game(options, seed)
    budget: dict[str, int] = {}
    n = 0
    while not game.over:
        active = game.active()
        if not active:
            raise Invariant(f"dead end: nobody may act in phase {game.state.phase}")
        role = rng.choice(active)
        order = pick(rng, game, role, budget)
        if order is None:
            raise Invariant(f"dead end: {role} must act in phase {game.state.phase} but has no legal order")
        try:
            game.apply(role, order)
        except RuleError as e:
            raise Invariant(f"legal() listed {role}: {order} but it was rejected: {e}") from None
        n += 1
        if n > MAX_ORDERS:
            raise Invariant(f"endless game: {n} orders without an end")
        if check_every:
            check(game)
    check_events(game)
    snap = game.snapshot()
    if Game.from_snapshot(json.loads(json.dumps(snap))).snapshot() != snap:
        raise Invariant("snapshot round trip changed the game")
    from .script import run_lines

    replay = run_lines(game.script().splitlines())
    if not replay.ok or replay.game is None or replay.game.snapshot() != snap:
        raise Invariant("replaying the game's script did not reproduce it")
    assert game.state.result is not None
    kinds = [e.kind for e in game.state.events]
    fires = sum(
        1 for e in game.state.events if e.kind == "dice" and str(e.data.get("why", "")).startswith("fire")
    )
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
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.fuzz")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="fuzz-failures", help="where failing games are written as scripts")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    failures = 0
    wins: dict[str, int] = {}
    total_orders = 0
    battles = routs = fires = 0
    t0 = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        try:
            run = play(seed)
            wins[run.result] = wins.get(run.result, 0) + 1
            total_orders += run.orders
            battles += run.battles
            routs += run.automatic_routs
            fires += run.fires
        except Exception as e:
            failures += 1
            out = Path(args.out)
            out.mkdir(parents=True, exist_ok=True)
            path = out / f"seed-{seed}.txt"
            try:
                rng = random.Random(seed)
                opts = random_options(rng)
                # re-play up to the failure to write its script
                game = new_game(opts, seed)
                budget: dict[str, int] = {}
                script_lines = []
                while not game.over and len(script_lines) < MAX_ORDERS:
                    role = rng.choice(game.active())
                    order = pick(rng, game, role, budget)
                    if order is None:
                        break
                    try:
                        game.apply(role, order)
                    except Exception:
                        script_lines.append(f"{role}: {order}   # FAILED HERE")
                        break
                text = game.script() + "\n".join(script_lines[-1:]) + "\n"
            except Exception:
                text = ""
            path.write_text(f"# fuzz failure, seed {seed}: {e}\n" + text, encoding="utf-8")
            print(f"FAIL seed {seed}: {e}", file=sys.stderr)
            if not args.quiet:
                traceback.print_exc()
    dt = time.perf_counter() - t0
    print(
        json.dumps(
            {
                "games": args.games,
                "failures": failures,
                "results": wins,
                "orders": total_orders,
                "battles": battles,
                "automatic_routs": routs,
                "fires": fires,
                "seconds": round(dt, 2),
            }
        )
    )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
