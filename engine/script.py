"""The script runner (a contract: tests and tools outside the engine rely on it).

    python -m engine.script FILE [--seed N]

plays a script and prints one JSON document on stdout. Exit status: 0 when every order line behaved as
marked (accepted, or rejected where marked ``!``), 1 otherwise, 2 for a script that cannot be read.

    # comments and blank lines are ignored
    @game GAME                  # the game module (or the default one; python -m engine.scenario --list)
    @options KEY=VALUE ...      # the game's options (python -m engine.scenario --list)
    @seed 7
    @turn 3                     # a directive of the game's own (Module.directives)
    @dice 1 5 6
    @dice clear                 # drop the forced results still queued
    @dice seed 12345            # the dice go on from this seed
    ROLE: /ORDER OPTION:VALUE ...
    ! ROLE: /ORDER ...          # an order that must be refused

A whole game's script, with its own directives (``@place``, ``@prefer``): ``docs/guide.md``.

``--seed N`` overrides the script's ``@seed``. Directives may stand anywhere and take effect where they
stand; ``@game``, ``@options`` and ``@seed`` must come before the first other line (``@game`` first of all).
``game=NAME`` in the first ``@options`` line is ``@game NAME`` (as ``/game new game:`` is); the ``@options``
lines are read as one, so an option given twice in them is refused.
Directives other than those three are the game module's (``Module.directives``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import modules
from .errors import RuleError
from .module import GameObject


class ScriptError(Exception):
    """The script cannot be read (exit status 2)."""


@dataclass
class Outcome:
    game: Any = None  # the module's game object (GameObject)
    results: list[dict[str, Any]] = field(default_factory=list)
    ok: bool = True
    module: str = modules.DEFAULT


_ROLE_LINE = re.compile(r"^(!\s*)?([a-z]+)\s*:\s*(/.*)$")
_GAME_ITEM = re.compile(r"^game=", re.IGNORECASE)


def strip_comment(line: str) -> str:
    if line.lstrip().startswith("#"):
        return ""
    m = re.search(r"\s#", line)
    return line[: m.start()] if m else line


def run_lines(
    lines: list[str],
    seed: int | None = None,
    *,
    before: Callable[[GameObject], None] | None = None,
    after: Callable[[GameObject], None] | None = None,
    start: GameObject | None = None,
    module: str | None = None,
) -> Outcome:
    """Play script lines. Raises ScriptError for a line that cannot be read. ``before(game)`` and
    ``after(game)`` are called around every order line (accepted or not): a replay watches the game through
    them, with no interpreter of its own. ``start``: play on from this game (a stored snapshot, say) instead
    of a new one, a game of ``module`` (default: the default module's, or the one ``@game`` names)."""
    out = Outcome(game=start)
    module_ = modules.get(module)
    values: dict[str, Any] | None = None
    texts: list[str] = []  # the @options lines' items, game= taken out
    chosen: str | None = None  # the module @game named
    script_seed = 0

    def game() -> GameObject:
        if out.game is None:
            options = module_.parse_options("", values)
            out.game = module_.new_game(options, seed if seed is not None else script_seed)
        current: GameObject = out.game  # Outcome.game is Any: each module's own game class
        return current

    for no, raw in enumerate(lines, 1):
        line = strip_comment(raw).strip()
        if not line:
            continue
        try:
            if line.startswith("@"):
                word, _, rest = line[1:].partition(" ")
                rest = rest.strip()
                if word in ("game", "options", "seed") and out.game is not None:
                    raise ScriptError(f"line {no}: @{word} must come before the game starts")
                if word == "game":
                    if values is not None:
                        raise ScriptError(f"line {no}: @game must come before @options")
                    module_ = modules.get(rest)
                    chosen = module_.id
                elif word == "options":
                    # ``game=`` as with ``/game new``: read as ``@game`` (before the module's own options)
                    items = rest.split()
                    named = [i.partition("=")[2] for i in items if _GAME_ITEM.match(i)]
                    if named:
                        if len(named) > 1:
                            raise ScriptError(f"line {no}: option game is given twice; give it once")
                        if values is not None:
                            raise ScriptError(f"line {no}: game= must come in the first @options line")
                        if chosen is not None and modules.get(named[0]).id != chosen:
                            raise ScriptError(f"line {no}: game={named[0]} but @game {chosen}")
                        module_ = modules.get(named[0])
                    texts.append(" ".join(i for i in items if not _GAME_ITEM.match(i)))
                    # every @options line read as one, so that an option given twice is refused
                    values = module_.options_dict(module_.parse_options(" ".join(texts)))
                elif word == "seed":
                    script_seed = int(rest)
                else:
                    if word not in module_.directives:
                        known = ", ".join(f"@{w}" for w in ("game", "options", "seed", *module_.directives))
                        raise ScriptError(f"line {no}: unknown directive @{word} (known: {known})")
                    module_.directive(game(), word, rest)
                continue
        except (ValueError, RuleError) as e:
            raise ScriptError(f"line {no}: {e}") from None
        m = _ROLE_LINE.match(line)
        if not m:
            raise ScriptError(f"line {no}: expected 'role: /order ...' or a @directive, got {line!r}")
        expect_reject = bool(m.group(1))
        role, text = m.group(2), m.group(3)
        g = game()
        if before is not None:
            before(g)
        try:
            g.apply(role, text)
            error = None
        except RuleError as e:
            error = str(e)
        accepted = error is None
        behaved = accepted != expect_reject
        out.ok &= behaved
        res: dict[str, Any] = {"line": no, "ok": accepted, "error": error, "events": len(g.events)}
        if not behaved:
            res["unexpected"] = True
        out.results.append(res)
        if after is not None:
            after(g)
    game()
    out.module = module_.id
    return out


def public_views(script: str | Iterable[str]) -> list[Any]:
    """The public view at the start of the game, at the start of every campaign turn of a game's script, and
    at its end (the frames of a replay): the script played once, through ``run_lines``."""
    lines = script.splitlines() if isinstance(script, str) else list(script)
    views: list[Any] = []

    def first(game: GameObject) -> None:
        if not views:
            views.append(game.view("public", events=False))

    def keep(game: GameObject) -> None:
        v = game.view("public", events=False)
        # a frame a turn, for a game whose view counts turns (a view without: its first and last frames)
        if getattr(v, "turn", None) != getattr(views[-1], "turn", None):
            views.append(v)

    out = run_lines(lines, before=first, after=keep)
    assert out.game is not None
    if not views:  # no line after the start: the game as it began
        views.append(out.game.view("public", events=False))
    last = out.game.view("public", events=False)
    if last != views[-1]:
        views.append(last)
    return views


def report(out: Outcome) -> dict[str, Any]:
    """The JSON document of ``python -m engine.script``: the module's own report of the game (the first
    game's is a contract tests and tools read), with each order line's result."""
    assert out.game is not None
    return {**modules.get(out.module).report(out.game), "results": out.results}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.script", description="Play an Estafette script.")
    ap.add_argument("file")
    ap.add_argument("--seed", type=int, default=None, help="override the script's @seed")
    args = ap.parse_args(argv)
    try:
        lines = Path(args.file).read_text(encoding="utf-8").splitlines()
        out = run_lines(lines, args.seed)
    except (OSError, UnicodeDecodeError, ScriptError) as e:
        print(json.dumps({"error": str(e)}), file=sys.stdout)
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(report(out), ensure_ascii=False))
    return 0 if out.ok else 1


if __name__ == "__main__":
    from .cli import run

    sys.exit(run(main))
