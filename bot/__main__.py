"""``estafette``: runs the bot when a Discord token is set, the console when not.

Until issue 4/5 lands there is no Discord bot yet: ``estafette`` plays a short scripted demo game
(``examples/demo.txt``) and prints what happened, as each side would read it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.script import run_lines

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
    print(f"\nNow: turn {v.turn} of {v.last_turn}, {v.day} {v.slot}, phase {v.phase}, "
          f"waiting for {', '.join(v.active) or 'nobody'}.")
    print("\nThe Discord bot and the console front end arrive with issue 4/5; "
          "try `python -m engine.script examples/demo.txt` for the full JSON.")
    return 0


def main() -> int:
    return demo()


if __name__ == "__main__":
    sys.exit(main())
