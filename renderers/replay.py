"""A game's history as an animated GIF of the public map, one frame a campaign turn.

``render_replay(views, scenario, locale)`` takes public :class:`~engine.napoleon.views.View` objects, oldest
first, and draws their texts in ``locale`` (``en`` or ``ja``, as the map). Every frame is the campaign map on
the scenario's fixed palette, so the GIF needs no re-quantising and Pillow stores each frame after the first
as the rectangle that changed (the title bar and the blocks that moved): a whole campaign stays small.

``public_views(script)`` builds that list from a game's script (``game.script()``) by replaying it through
the engine's public API and keeping the public view each time the campaign turn changes.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from PIL import Image

from .map import map_image

if TYPE_CHECKING:
    from data import Scenario
    from engine.napoleon.game import Game
    from engine.napoleon.views import View

FRAME_MS = 1200
LAST_FRAME_MS = 4000
_ORDER = re.compile(r"^(!\s*)?([a-z]+)\s*:\s*(/.*)$")


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


def _directive(game: Game, line: str) -> None:
    """Apply a mid-script directive (those ``game.script()`` writes after the start) through the API."""
    word, _, rest = line[1:].partition(" ")
    rest = rest.strip()
    if word == "turn":
        game.set_turn(int(rest))
    elif word == "place":
        parts = rest.split()
        cv = int(parts.pop()[3:]) if parts and parts[-1].startswith("cv=") else None
        game.place(parts[0], " ".join(parts[1:]), cv)
    elif word == "dice":
        game.force_dice([int(v) for v in rest.split()])
    elif word == "prefer":
        role, _, spec = rest.partition(" ")
        key, _, ids = spec.partition(":")
        game.prefer(role.strip(), key.strip(), [i.strip() for i in ids.split(",") if i.strip()])
    else:
        raise ValueError(f"cannot replay the directive {line!r}")


def public_views(script: str | Iterable[str]) -> list[View]:
    """The public view at the start of every campaign turn of a game's script, and at its end."""
    from engine.errors import RuleError
    from engine.script import run_lines, strip_comment

    lines = script.splitlines() if isinstance(script, str) else list(script)
    cleaned = [strip_comment(x).strip() for x in lines]
    first_order = next((i for i, x in enumerate(cleaned) if _ORDER.match(x)), len(cleaned))
    out = run_lines(lines[:first_order])
    game = out.game
    assert game is not None
    views = [game.view("public", events=False)]
    for line in cleaned[first_order:]:
        if not line:
            continue
        if line.startswith("@"):
            _directive(game, line)
            continue
        m = _ORDER.match(line)
        if not m:
            raise ValueError(f"not a script line: {line!r}")
        try:
            game.apply(m.group(2), m.group(3))
        except RuleError:
            continue  # a line marked "!" (rejected) changes nothing
        v = game.view("public", events=False)
        if v.turn != views[-1].turn:
            views.append(v)
    last = game.view("public", events=False)
    if last != views[-1]:
        views.append(last)
    return views
