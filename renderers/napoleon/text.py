"""The fixed texts of the pictures, in English (``EN``) and Japanese (``JA``), chosen by a locale.

Every label the renderers draw comes from here: ``say(key, locale, **params)`` fills a template of the
pictures' catalog (``renderers/napoleon/locale/<lang>/LC_MESSAGES/pictures.po``, engine/catalog.py),
``term(family, value, locale)`` names a game word (an army, a column, a phase...) and gives an unknown value
back as it is. A template with a count ``n`` may have plural forms (``msgid_plural``), chosen by the
language's plural rule; lists and dates are said by Babel.
Town names, unit ids and unit names are never translated: they stay as the data gives them.

The Japanese game words are those of the chat (``engine.messages_ja``, ``bot/i18n_ja.py``): 会戦 (battle),
戦闘ターン (battle turn), 予備 (reserve), 方陣 (square), 混乱 (disrupted), 交戦 (engaged), 再編成 (regroup),
フランス軍 / 連合軍 / イギリス軍 / プロシア軍, 横隊 / 方陣, センターライン, 親衛隊, サイコロ, ユニット, so
that a picture and the message it comes with agree. Labels are in plain or noun style (bot/i18n_ja.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from pathlib import Path
from typing import Any

from engine.catalog import LazyCatalog, format_date, format_list, layer, register

LOCALES = ("en", "ja")

register("pictures", Path(__file__).resolve().parent / "locale", "pictures")
EN: Mapping[str, str] = LazyCatalog("pictures", "en")
JA: Mapping[str, str] = LazyCatalog("pictures", "ja")
CATALOGUES: dict[str, Mapping[str, str]] = {"en": EN, "ja": JA}


def locale_of(locale: str | None) -> str:
    """``ja`` (or ``ja-JP``...) is Japanese; anything else is English."""
    return "ja" if locale and locale.lower().startswith("ja") else "en"


def say(key: str, locale: str = "en", /, **params: Any) -> str:
    """The text ``key`` in ``locale``, filled with ``params`` (an entry with plural forms: the form for ``n``,
    by the language's plural rule)."""
    cat = layer("pictures", locale_of(locale))
    if key in cat.plurals and "n" in params:
        return cat.plural(key, params["n"]).format(**params)
    return cat[key].format(**params)


def term(family: str, value: str | None, locale: str = "en") -> str:
    """A game word (``term("army", "french", "ja")`` is フランス軍); an unknown value as it is."""
    if not value:
        return ""
    return CATALOGUES[locale_of(locale)].get(f"{family}.{value}", value)


def join(items: list[str], locale: str = "en") -> str:
    """Items as the language lists them (Babel): ``A, B`` / ``A、B``."""
    return format_list(items, locale_of(locale))


def long_date(day: object, locale: str = "en") -> str:
    """``1815-06-16`` (a date or its ISO text) as "Friday 16 June 1815" or 1815年6月16日(金)."""
    if not day:
        return ""
    if isinstance(day, date):
        d = day
    else:
        try:
            d = date.fromisoformat(str(day))
        except ValueError:
            return str(day)
    lang = locale_of(locale)
    return format_date(d, say("date.long", lang), lang)


def reason(text: str, locale: str = "en") -> str:
    """A result's reason, a phrase of the engine (its id is the English text): in ``locale`` when it is one
    the catalogs know, else as it is."""
    cat = layer("engine", locale_of(locale))
    return cat[text] if cat.contexts.get(text) == "phrase" else text
