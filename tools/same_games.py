"""``python -m tools.same_games GAME [--seed S] [--games N] [--secrecy]``: the fuzzer's games ``S`` to
``S+N-1`` of GAME (the same options, mode and orders as ``tools.fuzz`` plays them), a line each: the seed, the
mode, the number of orders, the result and a hash of everything the game did (its log, its events and its
saved snapshot at the end); then the processor seconds they took, on stderr. Run it before and after a change
that must not change any game (a faster path, a refactor): the lines must be the same. ``--secrecy`` plays
them with the secrecy scan and the picture sweep, as the fuzzer's long runs do (the games are the same; the
seconds are those of a fuzzed game)."""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine import modules
from engine.module import GameObject
from tools import fuzz


@contextmanager
def _held() -> Iterator[list[GameObject]]:
    """The games ``fuzz.play`` makes while this lasts (the fuzzer hands each to its ``_Moment`` once)."""
    games: list[GameObject] = []
    hold = fuzz._Moment.hold

    def keep(game: GameObject) -> None:
        games.append(game)
        hold(game)

    fuzz._Moment.hold = keep  # type: ignore[method-assign]
    try:
        yield games
    finally:
        fuzz._Moment.hold = hold  # type: ignore[method-assign]


def digest(game: GameObject) -> str:
    """A hash of what ``game`` did: its log, its events and its snapshot."""
    h = hashlib.sha256()
    h.update("\n".join(game.log).encode())
    h.update(repr([(e.kind, e.data, e.secret) for e in game.events]).encode())
    h.update(game.dumps().encode())
    return h.hexdigest()[:16]


def line(game_id: str, seed: int, secrecy: bool = False) -> str:
    """Game ``seed`` of ``game_id`` as the fuzzer plays it, as one line."""
    module = modules.get(game_id)
    options, mode = fuzz.plan(module, seed)
    pictures: Any = fuzz._sampler(module, seed, fuzz.PICTURES) if secrecy else None
    with _held() as games:
        run = fuzz.play(module, seed, options, mode=mode, secrecy=secrecy, pictures=pictures)
    return f"{seed} {run.mode} {run.orders} {run.result or '-'} {digest(games[0])}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.same_games", description=__doc__.split("\n\n")[0])
    ap.add_argument("game", help="a registered game module")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--secrecy", action="store_true", help="with the secrecy scan and the picture sweep")
    args = ap.parse_args(argv)
    if args.game not in {m.id for m in modules.modules()}:
        ap.error(f"no game {args.game!r}; the games: {', '.join(sorted(m.id for m in modules.modules()))}")
    t0 = time.process_time()
    for seed in range(args.seed, args.seed + args.games):
        print(line(args.game, seed, args.secrecy), flush=True)
    print(f"cpu {time.process_time() - t0:.2f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    from engine.cli import run

    sys.exit(run(main))
