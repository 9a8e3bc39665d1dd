"""Events, as a role may see them (``Event.visible(role)``), told in plain English or Japanese by the game's
module (``Module.narrate``: its own words, the texts in its own catalog), said through the bot's ``t``
(the bot's catalog, then the engine's with every module's merged in).

Only what the event dict holds is told, and the dict comes from a view: secret parts are present only for
the roles allowed to see them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine import modules
from engine.events import Event
from engine.module import AnyModule, EventData, plain

from . import i18n


class Catalogs:
    """The bot's catalogs as a module's presentation hooks take them (``engine.module.Text``)."""

    def t(self, key: str, lang: str, /, **params: Any) -> str:
        return i18n.t(key, lang, **params)

    def join(self, items: Iterable[str], lang: str) -> str:
        return i18n.join(items, lang)

    def term(self, kind: str, text: str, lang: str) -> str:
        return i18n.term(kind, text, lang)

    def localize_error(self, err: Exception, lang: str) -> str:
        return i18n.localize_error(err, lang)


TEXT = Catalogs()


def describe(
    e: EventData, locale: str = "en", options: Any = None, module: AnyModule | None = None
) -> str | None:
    """One line for an event (None for bookkeeping nobody needs to read), told by ``module`` (default: the
    default module) for a game with these ``options``. Never raises."""
    m = module or modules.get()
    try:
        return m.narrate(e, locale, options, TEXT)
    except (KeyError, TypeError, ValueError):
        return plain(e)


def tell(
    events: Iterable[Event], role: str, locale: str, options: Any, module: AnyModule | None = None
) -> list[str]:
    """The lines ``role`` reads of these events (each as it sees it), bookkeeping left out."""
    return [x for x in (describe(e.visible(role), locale, options, module) for e in events) if x]


def last_lines(
    events: Sequence[Event],
    role: str,
    locale: str,
    options: Any,
    module: AnyModule | None = None,
    n: int = 6,
    within: int = 60,
) -> list[str]:
    """The last ``n`` lines ``role`` reads of the last ``within`` events, as
    ``tell(events[-within:], ...)[-n:]`` gives them, told from the end and only as far back as needed (the
    pinned status after every change)."""
    out: list[str] = []
    for e in reversed(events[-within:]):
        x = describe(e.visible(role), locale, options, module)
        if x:
            out.append(x)
            if len(out) == n:
                break
    return out[::-1]
