"""``python -m tools.picture_demo OUT_DIR [--game ID]``: write a game's sample pictures for a newcomer to open
(``--game``: a registered module's id; the registry's default game without it). Which pictures is the game's
choice: ``demo`` of its samples module (``renderers.registry.samples``, ``renderers/showcase.py``) says; a
game without one has none."""

from __future__ import annotations

import sys

from .outdir import OutDir


def main(argv: list[str] | None = None) -> int:
    out = OutDir.parse(argv, "tools.picture_demo")
    if out is None:
        return 2
    from engine import modules
    from engine.errors import RuleError

    from .samples import random_games, showcase

    try:
        module = modules.get(out.game or None)
    except RuleError as e:
        print(f"python -m tools.picture_demo: {e}", file=sys.stderr)
        return 2
    samples = showcase(module)
    if samples is None:
        print(f"python -m tools.picture_demo: {module.id} has no sample pictures", file=sys.stderr)
        return 2
    samples.demo(out.write, lambda seeds, every: random_games(seeds, every, game=module.id))
    return out.report("files")


if __name__ == "__main__":
    sys.exit(main())
