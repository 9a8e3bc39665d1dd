"""What a game's sample pictures give the platform's tools (``renderers.registry.samples`` names the game's
module of them, e.g. ``renderers/<game>/samples.py``): the picture demo (``python -m tools.picture_demo
OUT_DIR
--game ID``), the picture bench (``python bench/render.py --game ID``) and the guide's pictures drawn from a
real game (``python -m tools.samples OUT_DIR --game ID``). That module defines

- ``demo(write, games)``: writes its sample pictures (``write(name, png)``); ``games(seeds, every)`` yields
  the states of random games (``tools.samples.random_games``);
- ``render_warm()``: the one-off costs the bench times first, (name, call);
- ``render_bench(games) -> RenderBench``: what the bench times then;
- ``GUIDE``: a ``Guide`` (or None): the seeded game and the moments worth a picture.

The budgets are the platform's (``docs/performance.md``): a map in at most 75 ms median and under 1 MB, a
battle board or a hand under 50 ms. At the end, what several games' sample modules share: the bench's
steps for a map with a static layer a locale (``warm_steps``, ``rgb_png``, ``map_parts``) and a moment's
picture in both languages (``in_both``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

from PIL import Image

from .palette import PNG_COMPRESS, encode_png

MAP_BUDGET_MS = 75
BATTLE_BUDGET_MS = 50
SIZE_BUDGET = 1_000_000

Games = Callable[[range, int], Iterator[Any]]  # (seeds, every) -> the states of random games


@dataclass
class RenderBench:
    """A game's pictures to time. ``reference``: what
    the pictures are compared with in the same run (words, call returning bytes); ``pictures``: (name, call
    returning PNG bytes, budget in ms, compared with the reference); ``parts``: where one picture's time goes
    (title, name -> call); ``levels``: lines comparing PNG compression levels (runs -> lines), or None."""

    reference: tuple[str, Callable[[], bytes]]
    pictures: list[tuple[str, Callable[[], bytes], float, bool]]
    parts: tuple[str, dict[str, Callable[[], object]]] = ("", {})
    levels: Callable[[int], list[str]] | None = None


@dataclass(frozen=True)
class Moment:
    """A moment of a game worth a picture: ``when`` holds before an order (the game as the next player finds
    it); ``draw`` names the pictures then, as (file, picture kind, role, locale)."""

    name: str
    when: Callable[[Any], bool]
    draw: tuple[tuple[str, str, str, str], ...]


@dataclass(frozen=True)
class Guide:
    """The guide's pictures: a game of the module's bot players from ``seed``, drawn at each moment by
    ``draw(kind, view, locale)`` (PNG bytes, or None)."""

    seed: int
    moments: tuple[Moment, ...]
    draw: Callable[[str, Any, str], bytes | None]
    max_orders: int = 5000
    about: str = ""  # what the pictures are for (a line of the tool's help)


# --- what the maps drawn on a fixed palette share, for their ``render_warm`` and ``render_bench``


def warm_steps(warm: Callable[[str], None]) -> list[tuple[str, Callable[[], object]]]:
    """``render_warm`` of a map with a static layer a locale: the English one with the palette made from it,
    then the Japanese one."""
    return [
        ("static layer and palette (en)", partial(warm, "en")),
        ("static layer (ja)", partial(warm, "ja")),
    ]


def rgb_png(map_image: Callable[[Any], Image.Image], subject: Any) -> bytes:
    """The reference: the map of ``subject`` as an RGB PNG (no fixed palette), at the same level."""
    im: Image.Image = map_image(subject).convert("RGB")
    return encode_png(im)


def map_parts(map_image: Callable[[Any], Image.Image], subject: Any) -> dict[str, Callable[[], object]]:
    """Where the time of the map of ``subject`` goes: drawing it and mapping it onto the palette, encoding
    the PNG."""
    im = map_image(subject)
    return {
        "draw and map onto the palette": partial(map_image, subject),
        f"PNG encoding (level {PNG_COMPRESS})": partial(encode_png, im),
    }


def in_both(stem: str, kind: str, role: str) -> tuple[tuple[str, str, str, str], ...]:
    """A picture of a ``Moment`` in English and in Japanese: ``STEM.png`` and ``STEM-ja.png``."""
    return ((f"{stem}.png", kind, role, "en"), (f"{stem}-ja.png", kind, role, "ja"))
