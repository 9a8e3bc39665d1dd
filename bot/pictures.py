"""Pictures for the service: a thin seam over ``renderers`` so tests and the console can swap it.

``locale`` is the language of whoever will see the picture (``en`` or ``ja``): the pictures' fixed texts
follow it (``renderers.text``)."""

from __future__ import annotations

from typing import Any


class Pictures:
    """Draws PNGs from views (never from engine state)."""

    def map(self, view: Any, scenario: Any, locale: str = "en") -> bytes:
        from renderers.map import render_map

        return render_map(view, scenario, locale)

    def battle(self, battle_view: Any, role: str, locale: str = "en") -> bytes:
        from renderers.battle import render_battle

        return render_battle(battle_view, role, locale)

    def replay(self, script: str, scenario: Any, locale: str = "en") -> bytes:
        from renderers.replay import public_views, render_replay

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
