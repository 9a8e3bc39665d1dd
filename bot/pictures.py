"""Pictures for the service: a thin seam over ``renderers`` so tests and the console can swap it.

``draw(picture, game)`` draws a picture spec (``outbox.Picture``) from the game as it was at the picture's
moment, through ``game.view`` only. ``locale`` is the language of whoever will see the picture (``en`` or
``ja``): the pictures' fixed texts follow it (``renderers.text``)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .outbox import Picture

# Pictures are drawn off the event loop (a map takes tens of milliseconds: other games must not wait), one at
# a time (Pillow's fonts are not meant to be shared between threads).
_RENDER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="estafette-render")


class Pictures:
    """Draws PNGs from views (never from engine state)."""

    executor = _RENDER

    def draw(self, picture: Picture, game: Any) -> bytes:
        if picture.kind == "map":
            return self.map(game.view(picture.role, events=False), game.scenario, picture.locale)
        if picture.kind == "battle":
            view = game.view(picture.role, events=False)
            battle = next((b for b in view.battles if b.town == picture.town), None)
            if battle is None:  # the battle ended before this moment: the map says what happened
                return self.map(view, game.scenario, picture.locale)
            return self.battle(battle, picture.role, picture.locale)
        if picture.kind == "replay":
            return self.replay(game.script(), game.scenario, picture.locale)
        raise ValueError(f"unknown picture kind {picture.kind!r}")

    def map(self, view: Any, scenario: Any, locale: str = "en") -> bytes:
        from renderers.map import render_map

        return render_map(view, scenario, locale)

    def battle(self, battle_view: Any, role: str, locale: str = "en") -> bytes:
        from renderers.battle import render_battle

        return render_battle(battle_view, role, locale)

    def replay(self, script: str, scenario: Any, locale: str = "en") -> bytes:
        from engine.script import public_views
        from renderers.replay import render_replay

        return render_replay(public_views(script), scenario, locale)


class NoPictures(Pictures):
    """For tests that do not look at pictures: a 1x1 PNG, instantly."""

    PNG = (
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15"
        b"\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\xff\xff?\x03\x00\x08\xfc\x02\xfe\xa7\x9a\xa0\xa0\x00\x00\x00"
        b"\x00IEND\xaeB`\x82"
    )

    def map(self, view: Any, scenario: Any, locale: str = "en") -> bytes:
        return self.PNG

    def battle(self, battle_view: Any, role: str, locale: str = "en") -> bytes:
        return self.PNG

    def replay(self, script: str, scenario: Any, locale: str = "en") -> bytes:
        return b"GIF89a"
