"""``python -m tools.liberty_samples OUT_DIR``: the pictures of the guide's Liberty chapters
(``docs/guide-liberty.md``, ``docs/guide-liberty.ja.md``), drawn from a real game.

Two bot players (the module's, ``ai/liberty.py``) play a seeded game of *Liberty 1775–83* through the engine
(``engine/liberty``), and at a few moments the pictures the bot would send are drawn from the views, by the
module's own drawing functions (``renderers/liberty/from_view.py``):

- ``liberty-map-1775-public.png``: the public map of the 1775 set-up (12.0), the first card phase;
- ``liberty-map-battle-public.png``: the public map while the first big battle is fought (round 2);
- the same two in Japanese (``-ja``), for the Japanese chapter;
- ``liberty-battle-british.png`` and ``liberty-battle-british-ja.png``: that battle as the British see it;
- ``liberty-map-american.png`` and ``liberty-map-american-ja.png``: the American player's private map in
  the first action phase of 1778, France in the war;
- ``liberty-hand-british.png`` and ``liberty-hand-american-ja.png``: a hand of cards (DM only), in the card
  phase of 1776, the British card already played face down.

The same seed gives the same game, so the same pictures (``docs/guide-liberty.md`` describes them). Each
picture is written as it is drawn but saved with Pillow's strongest PNG compression (the pictures are the
same pixels; the files are smaller for the repository).
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .outdir import OutDir

SEED = 1
MAX_ORDERS = 5000


@dataclass(frozen=True)
class Moment:
    """A moment of the game worth a picture: ``when`` holds before an order (the game as the next player
    finds it); ``draw`` names the pictures then, as (file, picture kind, role, locale)."""

    name: str
    when: Callable[[Any], bool]
    draw: tuple[tuple[str, str, str, str], ...]


def _big_battle(game: Any) -> bool:
    """7.2: a battle in its second round with at least 6 blocks in the hex, 2 of each side or more (a picture
    worth a look)."""
    st = game.state
    bt = st.battle
    if st.phase != "battle" or bt is None or bt.round != 2:
        return False
    sides = [b.side for b in st.blocks.values() if b.at == bt.hex]
    return len(sides) >= 6 and min(sides.count("british"), sides.count("american")) >= 2


def _british_committed(game: Any) -> bool:
    """Card phase (3.1): the British card is down, the American one not yet."""
    st = game.state
    return st.year == 1776 and st.phase == "cards" and "british" in st.played and "american" not in st.played


MOMENTS = (
    Moment(
        "start",
        lambda g: g.state.year == 1775 and g.state.turn == 1 and g.state.phase == "cards",
        (
            ("liberty-map-1775-public.png", "map", "public", "en"),
            ("liberty-map-1775-public-ja.png", "map", "public", "ja"),
        ),
    ),
    Moment(
        "battle",
        _big_battle,
        (
            ("liberty-map-battle-public.png", "map", "public", "en"),
            ("liberty-map-battle-public-ja.png", "map", "public", "ja"),
            ("liberty-battle-british.png", "battle", "british", "en"),
            ("liberty-battle-british-ja.png", "battle", "british", "ja"),
        ),
    ),
    Moment(
        "private",
        lambda g: g.state.year >= 1778 and g.state.phase == "actions",
        (
            ("liberty-map-american.png", "map", "american", "en"),
            ("liberty-map-american-ja.png", "map", "american", "ja"),
        ),
    ),
    Moment(
        "hand",
        _british_committed,
        (
            ("liberty-hand-british.png", "hand", "british", "en"),
            ("liberty-hand-american-ja.png", "hand", "american", "ja"),
        ),
    ),
)


def _small(png: bytes) -> bytes:
    """The same picture saved with the strongest compression (palette kept)."""
    from PIL import Image

    out = io.BytesIO()
    Image.open(io.BytesIO(png)).save(out, "PNG", optimize=True)
    smaller = out.getvalue()
    return smaller if len(smaller) < len(png) else png


def pictures(moments: Iterable[Moment], seed: int = SEED) -> Iterable[tuple[str, bytes]]:
    """(file name, PNG) of each moment's pictures, as the seeded bot game reaches it; each moment once. The
    game stops once every moment asked for is drawn."""
    from ai.registry import new_player
    from engine.liberty.module import MODULE
    from renderers.liberty.from_view import battle_png, hand_png, map_png

    draw = {"map": map_png, "battle": battle_png, "hand": hand_png}
    todo = list(moments)
    game = MODULE.new_game(MODULE.parse_options(""), seed)
    players: dict[str, Any] = {role: new_player(MODULE.id) for role in MODULE.roles(game.options)}
    rng = random.Random(seed)
    for _ in range(MAX_ORDERS):
        for m in [m for m in todo if m.when(game)]:
            todo.remove(m)
            for name, kind, role, locale in m.draw:
                png = draw[kind](game.view(role, events=False), locale)
                assert png is not None, f"no {kind} picture for {role} at {m.name}"
                yield name, _small(png)
        if not todo or game.over:
            break
        role = game.active()[0]
        game.apply(role, players[role].choose(game.view(role, events=False), game.legal(role), rng))
    if todo:
        raise RuntimeError(f"seed {seed}: the game never reached {', '.join(m.name for m in todo)}")


def main(argv: list[str] | None = None, only: tuple[str, ...] = ()) -> int:
    """``only``: the names of the moments to draw (all by default)."""
    out = OutDir.parse(argv, "tools.liberty_samples")
    if out is None:
        return 2
    for name, png in pictures(m for m in MOMENTS if not only or m.name in only):
        out.write(name, png)
    return out.report("pictures")


if __name__ == "__main__":
    raise SystemExit(main())
