"""The fuzzer for any game module (``engine/module.py``): whole games by random legal orders and by the
module's bot player against random ones, over the module's declared options, the module's own invariants
(``Module.fuzz_invariants``) checked after every order, and at the end the snapshot and the script replayed
to the same game.

    python -m tools.fuzz_module liberty [--games 1000] [--seed 0] [--cap 5000] [--jobs 2]
        [--options "key=value ..."] [--defaults] [--secrecy]

(``python -m tools.fuzz`` is Napoleon's, with its own option combinations and checks.) Game ``S`` (seeds
``--seed`` onwards) plays mode ``S % 3`` — random against random, the bot as the first seat, the bot as the
second — and options drawn from the seed (``draw``): each declared option (``Module.options``) takes, at
random, its default or another value (a bool either; a choice any of its choices; an int its default twice as
often as its lowest, its highest or its middle value); ``--options`` fixes some (``/game new``'s text),
``--defaults`` draws none. So any one game is re-run with ``--games 1 --seed S`` (and the same ``--options``).
Every order a player picks must be accepted (a rejected legal order is a failure), and a game must end within
``--cap`` orders. Every 500 games a line of progress goes to stderr. A failure prints the game's seed, mode,
options and what broke, and the run goes on; the exit status is 1 if any game failed. Prints a JSON summary:
games, failures, results by mode, by option combination (its non-default values, "defaults" for none) and by
each option's value, orders (and by kind: ``/move``, ``/retreat``, ...), seconds. ``--secrecy``: after
every order, what the service sends is scanned for what its audience may not know (``tools/secrecy.py``;
about seven times the game's cost); a leak fails the game."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from ai.registry import has_player, new_player
from engine import modules
from engine.errors import RuleError
from engine.module import Module, OptionSpec, parse_values
from engine.script import run_lines
from tools.parallel import play_all

MODES = ("random", "bot-first", "bot-second")
PICTURES = 120  # the pictures of about one state in this many orders are drawn (``tools/picture_sweep.py``)
PICTURES_HELP = "draw every picture of about one state in N orders, every new battle's and the last (0: none)"


class _Random:
    def choose(self, view: Any, legal: Any, rng: random.Random) -> str:
        return str(rng.choice(list(legal.choices)))


def _values(spec: OptionSpec) -> list[Any]:
    """The values an option is drawn from (the default weighted as the others together, or twice)."""
    if spec.kind == "bool":
        return [False, True]
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.kind == "int" and spec.lo is not None and spec.hi is not None:
        return [spec.default, spec.default, spec.lo, spec.hi, (spec.lo + spec.hi) // 2]
    return [spec.default]  # a text option, or an int without bounds: its default only


def draw(module: Module, seed: int, fixed: dict[str, Any] | None = None) -> dict[str, Any]:
    """Game ``seed``'s option values: ``fixed`` as given, every other option drawn (``_values``) from the
    seed alone."""
    rng = random.Random(f"options {seed}")
    out = {spec.name: rng.choice(_values(spec)) for spec in module.options}
    return out | (fixed or {})


def label(module: Module, values: dict[str, Any]) -> str:
    """An option combination in words: its values other than the defaults, or "defaults"."""
    bits = [f"{s.name}={_text(values[s.name])}" for s in module.options if values[s.name] != s.default]
    return " ".join(bits) or "defaults"


def _text(v: Any) -> str:
    return ("on" if v else "off") if isinstance(v, bool) else str(v)


def play(
    module: Module,
    seed: int,
    mode: str,
    cap: int,
    values: dict[str, Any] | None = None,
    kinds: dict[str, int] | None = None,
    secrecy: bool = False,
    pictures: Any = None,
) -> tuple[str, int]:
    """One whole game on the option ``values`` (the defaults when None); returns its winner
    (``result()["winner"]`` or "") and its number of orders, counted by kind into ``kinds`` (``/move``: n).
    Raises AssertionError on a broken invariant, a rejected legal order or a game that does not end."""
    options = module.make_options(module.defaults() | (values or {}))
    game = module.new_game(options, seed)
    seats = module.roles(options)
    rng = random.Random(seed)
    players: dict[str, Any] = {r: _Random() for r in seats}
    if mode != "random" and has_player(module.id):
        players[seats[0 if mode == "bot-first" else 1]] = new_player(module.id)
    orders = 0
    scan = _scan(module, game, seed) if secrecy else None  # tools/secrecy.py: what the service sends, checked
    while not game.over:
        assert orders < cap, f"no result after {cap} orders"
        role = rng.choice(game.active())
        order = players[role].choose(game.view(role, events=False), game.legal(role), rng)
        new = game.apply(role, order)
        orders += 1
        leaks = scan.order(role, list(new), game) if scan is not None else []
        assert not leaks, f"a secret told: {leaks[0]}"
        if kinds is not None:
            text = str(order)  # an order value or its text
            kind = text.split()[0] if text.strip() else "?"
            kinds[kind] = kinds.get(kind, 0) + 1
        for check in module.fuzz_invariants:
            check(game)
        if pictures is not None:  # a ``picture_sweep.Sampler``: this state's pictures, if it is sampled
            pictures.after(game)
    if pictures is not None:
        pictures.end(game)
    again = module.loads(game.dumps())
    assert again.dumps() == game.dumps(), "the snapshot does not load back to the same game"
    assert run_lines(game.script().splitlines()).game.dumps() == game.dumps(), "the script replays otherwise"
    result = getattr(game, "result", None)
    won = result() if callable(result) else result
    return (str(won.get("winner", "")) if isinstance(won, dict) else str(won or "")), orders


def _scan(module: Module, game: Any, seed: int) -> Any:
    from tools.secrecy import Scan

    scan = Scan(module, game, seed)
    assert not scan.start(game), "a secret told at the start"
    return scan


def _module(game_id: str) -> Module:
    if game_id == "liberty":
        from engine.liberty.module import MODULE as LIBERTY

        modules.register(LIBERTY)  # not in the default registry yet (engine/liberty/module.py)
    return modules.get(game_id)


def _one(work: tuple[str, int, int, dict[str, Any], bool, bool, int]) -> dict[str, Any]:
    """Game ``seed`` (in this process or a worker): its mode, options, winner and orders, or its error."""
    game_id, seed, cap, fixed, drawn, secrecy, every = work
    module = _module(game_id)
    mode = MODES[seed % len(MODES)]
    values = draw(module, seed, fixed) if drawn else module.defaults() | fixed
    run = {"seed": seed, "mode": mode, "options": label(module, values), "values": values}
    kinds: dict[str, int] = {}
    try:
        winner, n = play(module, seed, mode, cap, values, kinds, secrecy, _sampler(module, seed, every))
    except Exception as e:  # a failure of the game under test, reported with its seed
        return run | {"error": f"{type(e).__name__}: {e}"}
    return run | {"winner": winner, "orders": n, "kinds": kinds}


def _sampler(module: Module, seed: int, every: int) -> Any:
    """The pictures drawn of game ``seed`` (``tools/picture_sweep.py``), or None (``every`` 0)."""
    from tools.picture_sweep import Sampler

    return Sampler(module, seed, every) if every else None


def _tally(into: dict[str, Any], key: str, winner: str) -> None:
    t = into.setdefault(key, {"games": 0, "results": {}})
    t["games"] += 1
    t["results"][winner] = t["results"].get(winner, 0) + 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.fuzz_module")
    ap.add_argument("game", help="a registered game module (liberty is registered by this tool)")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0, help="the first game's seed (then seed+1, ...)")
    ap.add_argument("--cap", type=int, default=5000, help="orders after which a game has failed to end")
    ap.add_argument("--jobs", type=int, default=1, help="processes to play games in")
    ap.add_argument("--options", default="", help='option values every game plays ("key=value ...")')
    ap.add_argument("--defaults", action="store_true", help="draw no options: the defaults (and --options)")
    ap.add_argument("--secrecy", action="store_true", help="scan what the service sends (tools/secrecy.py)")
    ap.add_argument("--pictures", type=int, default=PICTURES, metavar="N", help=PICTURES_HELP)
    args = ap.parse_args(argv)
    module = _module(args.game)
    try:
        fixed = parse_values(module.options, args.options, {})  # only the values given
    except RuleError as e:
        ap.error(f"--options: {e}")
    work = [
        (args.game, args.seed + i, args.cap, fixed, not args.defaults, args.secrecy, args.pictures)
        for i in range(args.games)
    ]
    started = time.perf_counter()
    runs: list[dict[str, Any]] = []

    def progress(r: dict[str, Any]) -> None:
        runs.append(r)
        if len(runs) % 500 == 0:
            bad = sum("error" in x for x in runs)
            took = time.perf_counter() - started
            print(f"{len(runs)}/{args.games} games, {bad} failed, {took:.0f} s", file=sys.stderr, flush=True)

    play_all(_one, work, args.jobs, progress)
    runs.sort(key=lambda r: r["seed"])
    failures = [r for r in runs if "error" in r]
    for f in failures:
        print(f"seed {f['seed']} ({f['mode']}; {f['options']}): {f['error']}", file=sys.stderr)
    results: dict[str, dict[str, int]] = {m: {} for m in MODES}
    combinations: dict[str, Any] = {}
    by_option: dict[str, dict[str, Any]] = {s.name: {} for s in module.options}
    kinds: dict[str, int] = {}
    for r in runs:
        if "error" in r:
            continue
        for k, n in r["kinds"].items():
            kinds[k] = kinds.get(k, 0) + n
        results[r["mode"]][r["winner"]] = results[r["mode"]].get(r["winner"], 0) + 1
        _tally(combinations, r["options"], r["winner"])
        for name, v in r["values"].items():
            if name in by_option:
                _tally(by_option[name], _text(v), r["winner"])
    summary = {
        "game": module.id,
        "games": args.games,
        "failures": len(failures),
        "results": results,
        "orders": sum(r.get("orders", 0) for r in runs),
        "longest_game_orders": max((r.get("orders", 0) for r in runs), default=0),
        "orders_by_kind": dict(sorted(kinds.items(), key=lambda kv: -kv[1])),
        "seconds": round(time.perf_counter() - started, 1),
        "jobs": args.jobs,
        "by_option": by_option,
        "combinations": dict(sorted(combinations.items(), key=lambda kv: (-kv[1]["games"], kv[0]))),
        "failed": [{k: f[k] for k in ("seed", "mode", "options", "error")} for f in failures[:20]],
    }
    print(json.dumps(summary))
    return 1 if failures else 0


if __name__ == "__main__":
    from engine.cli import run

    sys.exit(run(main))
