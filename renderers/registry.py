"""What draws each game's pictures: module id and picture kind -> ``draw(subject, locale)`` -> image bytes,
and the module's ``warm(locale)`` that draws its static layers ahead of the first picture.

Each game's renderer package declares its own (``PICTURES`` and ``warm`` in its ``__init__``); this file
gathers them, as ``engine/modules.py`` gathers the game modules, so that the import graph sees every edge
(``tests/platform/test_imports.py``). A module outside the repository's games (tests' Dash) adds its own with
``register``. The bot looks a kind up here where it makes a job (``bot/pictures.py``); the job carries the
function itself, which a worker process imports by its module when the job reaches it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from . import eagles, liberty, napoleon, triumph
from .eagles import samples as eagles_samples
from .liberty import samples as liberty_samples
from .napoleon import samples as napoleon_samples
from .triumph import samples as triumph_samples

Draw = Callable[[Any, str], "bytes | None"]  # (subject, locale) -> the picture (a kind's subject is its own)
Warm = Callable[[str], None]  # locale -> None: the static layers drawn now

_DRAW: dict[str, dict[str, Draw]] = {
    "napoleon": dict(napoleon.PICTURES),
    "liberty": dict(liberty.PICTURES),
    "triumph": dict(triumph.PICTURES),
    "eagles": dict(eagles.PICTURES),
}
_WARM: dict[str, Warm] = {
    "napoleon": napoleon.warm,
    "liberty": liberty.warm,
    "triumph": triumph.warm,
    "eagles": eagles.warm,
}
# each game's sample pictures: the picture demo, the render bench, the guide's pictures (showcase.py)
_SAMPLES: dict[str, ModuleType] = {
    "napoleon": napoleon_samples,
    "liberty": liberty_samples,
    "triumph": triumph_samples,
    "eagles": eagles_samples,
}


def register(
    module_id: str, pictures: Mapping[str, Draw], warm: Warm | None = None, samples: ModuleType | None = None
) -> None:
    """Add (or replace) what draws the pictures of module ``module_id`` (and its sample pictures)."""
    _DRAW[module_id] = dict(pictures)
    if warm is not None:
        _WARM[module_id] = warm
    if samples is not None:
        _SAMPLES[module_id] = samples


def samples(module_id: str) -> ModuleType | None:
    """The module of ``module_id``'s sample pictures (``renderers/showcase.py``), or None."""
    return _SAMPLES.get(module_id)


def drawing(module_id: str, kind: str) -> Draw:
    """The function that draws pictures of ``kind`` for module ``module_id``; a LookupError naming what is
    known when none is registered."""
    try:
        return _DRAW[module_id][kind]
    except KeyError:
        known = sorted(_DRAW.get(module_id, {}))
        raise LookupError(f"no drawing of {kind!r} for {module_id!r} (registered: {known})") from None


def warm(locale: str, module_ids: tuple[str, ...] | None = None) -> None:
    """Draw the static layers of ``locale`` of every module (or of ``module_ids``) that has some."""
    for mid, fn in list(_WARM.items()):
        if module_ids is None or mid in module_ids:
            fn(locale)
