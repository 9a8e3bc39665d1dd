"""``estafette``: runs the Discord bot when a token is set, the console when not.

estafette                 # Discord if ESTAFETTE_DISCORD_TOKEN (or DISCORD_TOKEN) is set, else the console
estafette console [--options "setup=historical players=3"] [--database FILE]
estafette demo            # a short scripted demo game, printed
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from engine.script import run_lines

from .config import load_settings
from .narrate import describe

DEMO = Path(__file__).resolve().parent.parent / "examples" / "demo.txt"


def demo(path: Path = DEMO) -> int:
    out = run_lines(path.read_text(encoding="utf-8").splitlines())
    game = out.game
    assert game is not None
    print(f"Estafette demo — {path.name} (ruleset {game.options.ruleset}, setup {game.options.setup})\n")
    for line in (describe(e) for e in game.view("public").events):
        if line:
            print(line)
    for r in out.results:
        if not r["ok"]:
            print(f"  (line {r['line']} rejected: {r['error']})")
    v = game.view("public")
    print(
        f"\nNow: turn {v.turn} of {v.last_turn}, {v.day} {v.slot}, phase {v.phase}, "
        f"waiting for {', '.join(v.active) or 'nobody'}."
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="estafette", description="Napoleon 1815 play-by-chat bot")
    ap.add_argument("mode", nargs="?", choices=["auto", "console", "discord", "demo"], default="auto")
    ap.add_argument("--options", default="", help='game options for a new console game, e.g. "players=3"')
    ap.add_argument("--database", default=None, help="the SQLite file (default ./estafette.db)")
    args = ap.parse_args(argv)
    settings = load_settings()
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    database = args.database or settings.database
    if args.mode == "demo":
        return demo()
    if args.mode == "discord" or (args.mode == "auto" and settings.discord_token):
        if not settings.discord_token:
            print(
                "error: no Discord token: set ESTAFETTE_DISCORD_TOKEN (see README, 'Running on Discord')",
                file=sys.stderr,
            )
            return 2
        try:
            from .discord_app.client import run_discord
        except ImportError as e:  # the adapter arrives with issue 4/5
            print(
                f"error: the Discord adapter is not available yet ({e}); run `estafette console`",
                file=sys.stderr,
            )
            return 2
        return run_discord(settings, database)
    from .console import run_console

    return asyncio.run(run_console(database, settings.pictures, args.options))


if __name__ == "__main__":
    sys.exit(main())
