"""Liberty's messages in English: key -> ``str.format`` template (the rule number is not in the text:
``RuleError.rule`` carries it), read from its gettext catalog ``locale/en/LC_MESSAGES/liberty.po`` (Babel,
``engine/catalog.py``; the one translation system). ``messages_ja.py`` has the same keys with the same
{fields}. Every key starts with ``liberty.`` so that a front end may merge it with other catalogs;
``liberty.event.<kind>`` says an event from its public data. Edit the ``.po`` files; ``python -m
tools.catalog check`` compares the languages."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .. import catalog
from ..catalog import format_list

LOCALE = str(Path(__file__).resolve().parent / "locale")
catalog.register("liberty", LOCALE, "liberty")  # a layer of its own (no I/O: read when first looked into)

EN: Mapping[str, str] = catalog.LazyCatalog("liberty", "en")


# --- how Liberty is said: its places by name, its sides as nouns, counts by the plural rule ----------------
# (the module's narration, status, options and prompt; the templates are the catalog's, ``liberty.*``)

_LANGS = ("en", "ja")


def _engine(lang: str) -> Mapping[str, str]:
    """The engine's catalog in ``lang`` (Liberty's merged in), its ⟨/command⟩ references said."""
    from ..messages import EN as ENGINE_EN
    from ..messages_ja import JA as ENGINE_JA

    return ENGINE_JA if lang == "ja" else ENGINE_EN


def place(value: Any, lang: str) -> str:
    """A place as a player reads it: the town in a hex by its name, the Atlantic box, a West Indies port;
    a hex without a town by its number (``hex 12.05`` / ``ヘクス 12.05``)."""
    from data.liberty import load_liberty

    lib = load_liberty()
    text = str(value)
    if text == lib.atlantic:
        return _engine(lang)["liberty.place.atlantic"]
    town = lib.town_at(text) if text[:2].isdigit() else None
    if town is not None:
        return town.name
    if text[:2].isdigit():
        return _engine(lang)["liberty.place.hex"].format(hex=text)
    return text


def _route(lang: str) -> Callable[[Any], str]:
    """A path of places (named, joined by ``>``) as a sentence says it: from, via, to."""

    def said(value: Any) -> str:
        names = [x.strip() for x in str(value).split(">") if x.strip()]
        if len(names) < 2:
            return "".join(names)
        via = format_list(names[1:-1], lang) if len(names) > 2 else ""
        key = "liberty.route_via" if via else "liberty.route"
        return _engine(lang)[key].format(frm=names[0], via=via, to=names[-1])

    return said


def _terms(lang: str) -> dict[str, Any]:
    from ..messages import EN_TERMS, words
    from ..messages_ja import JA_TERMS

    base = JA_TERMS if lang == "ja" else EN_TERMS
    return {
        **base,
        **words(_engine(lang), "army_noun", "role_name"),
        "route": _route(lang),
    }


_TERMS: dict[str, dict[str, Any]] = {}


def terms(lang: str) -> dict[str, Any]:
    if lang not in _TERMS:
        _TERMS[lang] = _terms(lang)
    return _TERMS[lang]


def say(key: str, lang: str, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (``en``/``ja``), a plural entry's form chosen by its ``n`` (the
    language's plural rule, Babel's CLDR data: "1 block", "2 blocks")."""
    from ..messages import render

    lang = lang if lang in _LANGS else "en"
    catalog = _engine(lang)
    template = catalog[key]
    n = next((params[f] for f in ("n", "hits", "actions") if isinstance(params.get(f), int)), None)
    cat = catalog_layer(lang)
    if isinstance(n, int) and key in cat.plurals and len(cat.forms[key]) > 1:
        template = cat.plural(key, n)
    said = render(template, params, catalog, terms(lang))
    box = catalog["liberty.place.atlantic"]
    if not box.isascii():  # a name in the language's own script takes no spaces around it (大西洋ボックスへ)
        said = re.sub(rf" ?{re.escape(box)} ?", box, said)
    return said


def catalog_layer(lang: str) -> catalog.Catalog:
    return catalog.layer("engine", lang)


def status(game: Any, lang: str, tx: Any = None) -> str:
    """The game in one line (the status board, ``/game status``): the year, the game turn, the phase and
    whom it waits for; once over, who won and why (11.1)."""
    st = game.state
    if game.over:
        result = game.result() or {}
        winner = result.get("winner") if isinstance(result, dict) else None
        reason = result.get("reason", "") if isinstance(result, dict) else ""
        why = _engine(lang).get(f"liberty.reason.{reason}", str(reason))
        if winner in ("british", "american"):
            return say("liberty.status_over", lang, winner=winner, reason=why)
        return say("liberty.status_ended", lang)
    active = list(game.active())
    return say("liberty.status", lang, year=st.year, turn=st.turn, phase=st.phase, active=active)


def describe_options(options: Any, lang: str, tx: Any = None) -> str:
    """The options in words (11.1 victory points, the last year; 9.0 the French entry roll; 2.25/10.0)."""
    o = options.to_dict() if hasattr(options, "to_dict") else dict(options)
    wild = "liberty.options_wilderness_" + ("on" if o.get("indians_wilderness") else "off")
    return say(
        "liberty.options",
        lang,
        british_win=o.get("british_win"),
        american_win=o.get("american_win"),
        last_year=o.get("last_year"),
        french_entry=o.get("french_entry"),
        wilderness=_engine(lang)[wild],
    )


# the fields of Liberty's events that hold a place (a hex, the Atlantic box, a West Indies port), a path of
# them, and those a word of the catalog says (why the game ended, 11.1; the weather's effect, 4.0)
_PLACES = ("at", "to", "from")
_WORDS = (("reason", "liberty.reason."), ("effect", "liberty.weather."))
# yes/no results said as what happened: a forced march's step (5.5), France's entry (9.0), an exchange (11.5)
_RESULTS = (
    ("lost", "liberty.forced_march."),
    ("entered", "liberty.french_entry."),
    ("accepted", "liberty.exchange_answer."),
)


def told(e: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """An event's fields as a sentence says them: places by name, a path as ``A>B>C`` of names."""
    said = dict(e)
    for f in _PLACES:
        if isinstance(said.get(f), str):
            said[f] = place(said[f], lang)
    if isinstance(said.get("path"), (list, tuple)):
        said["path"] = ">".join(place(x, lang) for x in said["path"])
    for f, prefix in _WORDS:
        if isinstance(said.get(f), str):
            said[f] = _engine(lang).get(prefix + said[f], said[f])
    for f, prefix in _RESULTS:
        if isinstance(said.get(f), bool):
            said[f] = _engine(lang)[prefix + str(said[f])]
    if e.get("kind") == "cards_revealed":  # 3.1: the cards' values decide; their ids say nothing
        for side in ("british", "american"):
            said[side] = card_said(str(said.get(side, "")), lang)
    return said


def card_said(card_id: str, lang: str) -> str:
    """A card as its kind and value (3.1, 3.3): "action card 3", "supply card 2"."""
    from data.liberty import load_liberty

    c = next((c for c in load_liberty().cards if c.id == card_id), None)
    key = f"liberty.card.{c.kind}" if c is not None else ""
    if c is None or key not in _engine(lang):
        return card_id
    return _engine(lang)[key].format(value=c.value)


def narrate(e: Mapping[str, Any], lang: str) -> str | None:
    """One line for an event as a role sees it: ``liberty.event.<kind>``, or None if it has none."""
    key = f"liberty.event.{e.get('kind', '')}"
    if key not in _engine(lang):
        return None
    return say(key, lang, **told(e, lang))
