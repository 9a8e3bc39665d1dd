"""``python -m tools.liberty_pictures OUT_DIR``: write sample pictures of Liberty for a look.

- ``map-1775-public.png``, ``map-1775-british.png``, ``map-1775-american.png``: the 1775 set-up
  (``data/liberty/setup.toml``, 12.0), public and as each side sees it (its own faces);
- ``map-1775-american-ja.png``: the same in Japanese;
- ``battle-public.png``, ``battle-british.png``, ``battle-british-ja.png``: a battle in its second round;
- ``hand-british.png``, ``hand-american-ja.png``: a hand of cards (DM only).

The inputs come from :mod:`renderers.liberty.samples` (the engine's views do not exist yet).
"""

from __future__ import annotations

from .outdir import OutDir


def main(argv: list[str] | None = None) -> int:
    out = OutDir.parse(argv, "tools.liberty_pictures")
    if out is None:
        return 2
    write = out.write

    from renderers.liberty import draw_battle, draw_hand, draw_map
    from renderers.liberty.samples import sample_battle, sample_hand, setup_picture

    for viewer in ("public", "british", "american"):
        write(f"map-1775-{viewer}.png", draw_map(setup_picture(viewer)))  # type: ignore[arg-type]
    write("map-1775-american-ja.png", draw_map(setup_picture("american", "ja")))
    for viewer in ("public", "british"):
        write(f"battle-{viewer}.png", draw_battle(sample_battle(viewer)))  # type: ignore[arg-type]
    write("battle-british-ja.png", draw_battle(sample_battle("british", "ja")))
    write("hand-british.png", draw_hand(sample_hand("british")))
    write("hand-american-ja.png", draw_hand(sample_hand("american", "ja")))
    return out.report("pictures")


if __name__ == "__main__":
    raise SystemExit(main())
