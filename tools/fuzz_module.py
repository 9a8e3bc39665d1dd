"""``python -m tools.fuzz_module GAME [flags]``: the older spelling of ``python -m tools.fuzz --game GAME``
(the one fuzzer of every module, ``tools/fuzz.py``), with its defaults of then (``--games 100 --seed 0``), and
``play`` as it was called (a module, a seed, a mode, a cap and option values; the winner and the number of
orders back). Modes "bot-first" and "bot-second" are the bot on the module's first or second side."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from engine import modules
from engine.module import AnyModule, OptionValue
from tools import fuzz
from tools.fuzz import draw, label

if TYPE_CHECKING:
    from tools.picture_sweep import Sampler

MODES = ("random", "bot-first", "bot-second")
__all__ = ["MODES", "draw", "label", "main", "play"]


def play(
    module: AnyModule,
    seed: int,
    mode: str,
    cap: int,
    values: dict[str, OptionValue] | None = None,
    kinds: dict[str, int] | None = None,
    secrecy: bool = False,
    pictures: Sampler | None = None,
) -> tuple[str, int]:
    """One whole game on the option ``values`` (the defaults when None); its winner and number of orders,
    counted by kind into ``kinds``. Raises what broke (AssertionError on a broken invariant, a rejected order
    or a game that does not end)."""
    options = module.make_options(module.defaults() | (values or {}))
    try:
        run = fuzz.play(module, seed, options, mode=mode, secrecy=secrecy, pictures=pictures, cap=cap)
    except fuzz.Failure as f:  # what broke, as it was raised
        raise f.__cause__ or AssertionError(str(f)) from None
    for k, n in run.kinds.items():
        if kinds is not None:
            kinds[k] = kinds.get(k, 0) + n
    return run.result, run.orders


def _module(game_id: str) -> AnyModule:
    return modules.get(game_id)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0].startswith("-"):
        print("usage: python -m tools.fuzz_module GAME [python -m tools.fuzz's flags]", file=sys.stderr)
        return 2
    return fuzz.main(
        ["--game", args[0], "--games", "100", "--seed", "0", *args[1:]], "python -m tools.fuzz_module"
    )


if __name__ == "__main__":
    from engine.cli import run

    sys.exit(run(main))
