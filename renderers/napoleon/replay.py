"""A game's history as an animated GIF of the public map, one frame a campaign turn.

``render_replay(views, scenario, locale)`` takes public :class:`~engine.napoleon.views.View` objects, oldest
first, and draws their texts in ``locale`` (``en`` or ``ja``, as the map). Every frame is the campaign map on
the scenario's fixed palette, so the GIF needs no re-quantising and Pillow stores each frame after the first
as the rectangle that changed (the title bar and the blocks that moved): a whole campaign stays small.

``engine.script.public_views(script)`` builds that list from a game's script (``game.script()``): the engine
plays games, the renderers only draw views.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PIL import Image

from .map import map_image

if TYPE_CHECKING:
    from data.napoleon import Scenario
    from engine.napoleon.views import View

FRAME_MS = 1200
LAST_FRAME_MS = 4000


def render_replay(
    views: Sequence[View],
    scenario: Scenario | None = None,
    locale: str = "en",
    *,
    frame_ms: int = FRAME_MS,
    last_frame_ms: int = LAST_FRAME_MS,
) -> bytes:
    """An animated GIF (looping) of the maps of ``views``, oldest first, their texts in ``locale``."""
    if not views:
        raise ValueError("a replay needs at least one view")
    frames: list[Image.Image] = [map_image(v, scenario, locale) for v in views]
    durations = [frame_ms] * (len(frames) - 1) + [last_frame_ms]
    buf = io.BytesIO()
    frames[0].save(
        buf,
        "GIF",
        save_all=True,
        append_images=frames[1:],
        duration=durations,
        loop=0,
        disposal=1,
        optimize=True,
    )
    return buf.getvalue()
