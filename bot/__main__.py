"""``estafette``: runs the Discord bot when a token is set, the console when not (``estafette --help``)."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

MODES = """\
modes:
  (none), auto   the Discord bot if ESTAFETTE_DISCORD_TOKEN (or DISCORD_TOKEN) is set, else the console
  console        a local game in the terminal, on the SQLite file (--database); its first game has the
                 module's console options (--options change some of them), --new aborts the game in
                 progress and starts afresh, --language ja speaks Japanese
  discord        the Discord bot (needs ESTAFETTE_DISCORD_TOKEN)
  demo           two bot players play a whole campaign (~20 s): maps, replay, log and script in --out;
                 --scripted prints a short scripted game instead
  verify FILE    check a finished game's export: its dice commitment and every die

game modules (--game, default the first) and their options (--options "key=value key=value"):
{games}
settings (environment or .env): ESTAFETTE_DISCORD_TOKEN, ESTAFETTE_DATABASE, ESTAFETTE_LOG_LEVEL,
  ESTAFETTE_DEV_GUILD, ESTAFETTE_PICTURES, ESTAFETTE_PICTURE_WORKERS, ESTAFETTE_SHARD_COUNT,
  ESTAFETTE_SHARD_IDS
"""


def main(argv: list[str] | None = None) -> int:
    """The command line; Ctrl-C at any moment ends it with one line and status 130, never a traceback."""
    args: argparse.Namespace | None = None
    try:
        args = _parse(argv)
        return _main(args)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        if args is not None and getattr(args, "console_database", None):
            from .i18n import t

            print(t("console.interrupted", args.language, database=args.console_database), file=sys.stderr)
        return 130
    except Exception as e:  # the last resort: one line, never a traceback in the terminal
        from .service.common import ServiceError

        if isinstance(e, ServiceError):
            print(f"error: {e}", file=sys.stderr)
            return 2
        logging.getLogger("estafette").debug("unexpected", exc_info=True)
        print(f"error: something went wrong on our side ({type(e).__name__}: {e})", file=sys.stderr)
        return 1


def _parse(argv: list[str] | None) -> argparse.Namespace:
    from engine.scenario import listing

    ap = argparse.ArgumentParser(
        prog="estafette",
        description="Estafette: block wargames as play-by-chat campaigns on Discord, or in the console.",
        epilog=MODES.format(games=listing()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument(
        "mode", nargs="?", choices=["auto", "console", "discord", "demo", "verify"], default="auto"
    )
    ap.add_argument("file", nargs="?", help="verify: an exported game's script")
    ap.add_argument("--game", default=None, help="console: the game module of a new console game")
    ap.add_argument("--options", default="", help='game options for a new console game, e.g. "players=3"')
    ap.add_argument(
        "--new", action="store_true", help="console: abort the game in progress and start a new one"
    )
    ap.add_argument(
        "--language", choices=["en", "ja"], default="en", help="console: its language (:language changes it)"
    )
    ap.add_argument("--database", default=None, help="the SQLite file (default ./estafette.db)")
    ap.add_argument("--out", default="estafette-demo", help="demo: where the pictures, replay and log go")
    ap.add_argument("--seed", type=int, default=1815, help="demo: the game's seed")
    ap.add_argument("--scripted", action="store_true", help="demo: print the short scripted demo instead")
    return ap.parse_args(argv)


def _main(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from engine.cli import run

    from .config import load_settings

    settings = load_settings()
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    database = args.database or settings.database
    if args.mode == "verify":
        from .verify import main as verify

        if not args.file:
            print("error: estafette verify FILE (a finished game's /game export)", file=sys.stderr)
            return 2
        return verify(args.file)
    if args.mode == "demo":
        from .demo import bots, scripted

        # a closed pipe (`| head`) ends it quietly, anything unexpected is one line (engine.cli)
        if args.scripted:
            return run(scripted)
        return run(lambda: bots(Path(args.out), args.seed, args.options))
    if args.mode == "discord" or (args.mode == "auto" and settings.discord_token):
        if not settings.discord_token:
            print(
                "error: no Discord token: set ESTAFETTE_DISCORD_TOKEN (see README, 'Running on Discord')",
                file=sys.stderr,
            )
            return 2
        try:
            from .discord_app.client import run_discord
        except ImportError as e:  # an install without the Discord adapter
            print(
                f"error: the Discord adapter is not available yet ({e}); run `estafette console`",
                file=sys.stderr,
            )
            return 2
        from .console import unusable_database

        problem = unusable_database(database, "en")
        if problem is not None:  # the bot's database too: one line, not a traceback at start-up
            print(f"error: {problem}", file=sys.stderr)
            return 2
        return run_discord(settings, database)
    from .console import run_console

    args.console_database = database  # Ctrl-C says where the game is kept
    return asyncio.run(
        run_console(
            database, settings.pictures, args.options, locale=args.language, new=args.new, game=args.game
        )
    )


if __name__ == "__main__":
    sys.exit(main())
