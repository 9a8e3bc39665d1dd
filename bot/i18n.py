"""English and Japanese: every text the bot shows a player, chosen by the player's locale.

``t(key, locale, **params)`` says one message; ``localize_error`` says a rejected order (``RuleError``,
whose texts live in ``engine.messages``) or a refused request (``ServiceError``). The English templates are
here, the Japanese ones in ``i18n_ja.py``; both share the engine's template language (``engine.messages``):
fields such as ``{role:role}`` name a word of the game, which each language says its own way. Town and unit
names stay as the data gives them. No discord here: the service and the console use this too.

>>> t("svc.aborted", "en", game=3, user=42)
'Game 3 aborted by <@42>.'
>>> t("svc.aborted", "ja", game=3, user=42)
'ゲーム 3 は <@42> によって中止されました。'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from contextvars import ContextVar
from typing import Any

from engine import modules as _modules  # noqa: F401  (the registered games add their catalogs to the engine's)
from engine.catalog import Chain, LazyCatalog, layer
from engine.errors import RuleError
from engine.messages import EN as ENGINE_EN
from engine.messages import EN_OWN, Phrase, Sayings, render, render_error
from engine.messages_ja import JA as ENGINE_JA

from .i18n_ja import BOT_JA, BOT_JA_TERMS, day

LOCALES = ("en", "ja")
DEFAULT = "en"


def locale_of(discord_locale: object) -> str:
    """``"ja"`` for Discord's Japanese (``"ja"``), else English. Accepts ``discord.Locale`` or its string."""
    text = str(getattr(discord_locale, "value", discord_locale) or "").strip().lower()
    return "ja" if text == "ja" or text.startswith("ja-") or text.startswith("ja_") else "en"


# --- the English templates and words: bot/locale/en/LC_MESSAGES/bot.po (engine/catalog.py) ----------------

BOT_EN: Mapping[str, str] = LazyCatalog("bot", "en")


def route(value: Any) -> str:
    """A path as a sentence says it: ``Charleroi>Gosselies>Frasnes`` -> ``from Charleroi via Gosselies to
    Frasnes``."""
    towns = [x.strip() for x in str(value).split(">") if x.strip()]
    if len(towns) < 2:
        return str(value)
    via = f" via {join(towns[1:-1], 'en')}" if len(towns) > 2 else ""
    return f"from {towns[0]}{via} to {towns[-1]}"


def _spot(value: Any) -> str:
    """``SIDE:COLUMN`` -> the side's army name and the column (the army's name, not its id)."""
    side, _, column = str(value).partition(":")
    return f"{BOT_EN_TERMS['army_name'].get(side, side)} {column}".strip()


BOT_EN_TERMS = Sayings(
    {**EN_OWN, "date": day("en"), "spot": lambda s: _spot(s), "route": route},
    Chain(BOT_EN, ENGINE_EN),  # and every kind of words of the bot's and the engine's catalogs
)


# the engine's keys and the bot's are distinct (tests/platform/test_i18n.py); read when first looked into
CATALOGS: dict[str, Mapping[str, str]] = {"en": Chain(BOT_EN, ENGINE_EN), "ja": Chain(BOT_JA, ENGINE_JA)}
TERMS: dict[str, Sayings] = {"en": BOT_EN_TERMS, "ja": BOT_JA_TERMS}


def _seat(loc: str) -> Any:
    """A seat as a list to pick from says it: its name and the id a player types or picks
    (``ROLE`` -> ``Name (`ROLE`)``, the catalog's ``svc.seat_named``); the id alone if it has no
    name."""

    def said(role: Any) -> str:
        name = TERMS[loc]["role_name"].get(str(role), str(role))
        if name == str(role):
            return f"`{role}`"
        return CATALOGS[loc]["svc.seat_named"].format(name=name, id=role)

    return said


for _loc in LOCALES:
    TERMS[_loc]["seat"] = _seat(_loc)


# the front end saying the texts, as the prefix of its own entries (``console.say.``): a text it says its own
# way (the service's "autocomplete shows them", "/game export") is its entry ``<prefix><key>``, same fields
FRONT: ContextVar[str] = ContextVar("estafette_front", default="")


def t(key: str, locale: str = DEFAULT, /, **params: Any) -> str:
    """The message ``key`` in ``locale`` (``"en"``, ``"ja"``, or a Discord locale such as ``"en-US"``), as
    the front end (``FRONT``) says it."""
    loc = locale_of(locale)
    catalog = CATALOGS[loc]
    front = FRONT.get()
    if front and front + key in catalog:
        key = front + key
    template = _counted(key, loc, params) or catalog.get(key)
    if template is None:
        template = CATALOGS["en"][key]  # a KeyError here is a bug: the test of the catalogs catches it
    return render(template, params, catalog, TERMS[loc])


def _counted(key: str, loc: str, params: Mapping[str, Any]) -> str | None:
    """The form of a plural entry (``msgid_plural``) for the count its ``n`` (or ``count``, or its one
    number) gives, by the
    language's plural rule (Babel's CLDR data: "1 block moves", "2 blocks move"); None for any other entry
    or a language with one form (its template then is the catalog's, its ⟨references⟩ said)."""
    counts = [v for v in params.values() if isinstance(v, int) and not isinstance(v, bool)]
    n = params.get("n", params.get("count", counts[0] if len(counts) == 1 else None))
    if not isinstance(n, int):
        return None
    for name in ("bot", "engine"):
        cat = layer(name, loc)
        if key in cat.plurals:
            return cat.plural(key, n) if len(cat.forms[key]) > 1 else None
    return None


def term(kind: str, value: Any, locale: str = DEFAULT) -> str:
    """One word (``term("deadline_action", "pass", "ja")`` -> ``パス``; a game's words from its catalog)."""
    return render("{v:" + kind + "}", {"v": value}, CATALOGS[locale_of(locale)], TERMS[locale_of(locale)])


def join(items: Iterable[str], locale: str = DEFAULT) -> str:
    """Items as the language lists them (Babel): ``a, b`` / ``a、b``."""
    return str(TERMS[locale_of(locale)]["_list"](list(items)))


def phrase(text: str | Phrase, locale: str = DEFAULT) -> str:
    """One of the engine's phrases (a loss's reason, a rout's cause, a result: its id, the English template,
    or a ``Phrase`` with its parameters) in ``locale``; a text that is none as it is."""
    return render("{p:phrase}", {"p": text}, CATALOGS[locale_of(locale)], TERMS[locale_of(locale)])


def localize_error(err: BaseException, locale: str = DEFAULT) -> str:
    """What a rejected order (``RuleError``) or a refused request (``ServiceError``: any error with ``key``
    and ``params``) says in ``locale``; in English exactly ``str(err)``."""
    loc = locale_of(locale)
    if loc == "en":
        return str(err)
    if isinstance(err, RuleError):
        said = render_error(err, CATALOGS[loc], TERMS[loc])
        return f"{err.rule}: {said}" if err.rule else said
    key = getattr(err, "key", None)
    if key is not None and key in CATALOGS[loc]:
        return t(key, loc, **getattr(err, "params", {}))
    return str(err)
