"""The messages of rejected orders: one key per message, its templates in the gettext catalogs
(``engine/locale`` for the engine's own, a game module's ``locale`` dir for its rules: ``engine/catalog.py``),
said here. A front end picks the language (``bot/i18n.py``); the engine only holds the texts.

A template is a ``str.format`` string whose fields may name how a value is said (the format spec):

- ``{unit}`` a unit id, a town, a number: the same in every language;
- ``{role:role}``, ``{army:army}``, ``{type:type}``… a word of the game, the catalog's ``term.role.<id>``
  (a role's id -> its name in the language: ``Words``); a list of them is joined as the language lists them;
- ``{towns:list}`` a list of names joined as the language lists them (Babel); ``{who:role+and}`` joined with
  "and" (``+slash``: with "/"); a table may also be a function of the value;
- ``{n:n_units}`` a count with its noun ("1 unit", "2 units"): the catalog's plural entry ``term.n_units``,
  its form chosen by the language's plural rule (Babel);
- ``{reason:phrase}`` one of the engine's phrases in an event (a loss's reason, a rout's cause): its id is
  its English template (gettext's ``msgid``, ``msgctxt "phrase"`` in the catalog), a ``Phrase`` carries the
  parameters that fill it; ``{move:unsaid}`` a parameter this language does not say (said as nothing);
- ``{error:error}`` a nested error (``RuleError``), said in the same language (``rule_error``: with its rule
  number in front, as ``str(error)``).

>>> str(rule_error("options", "options.range", option="days", value="9", lo=0, hi=5))
"options: days takes a whole number from 0 to 5, not '9'"
"""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from .catalog import LazyCatalog, format_list, generation, layer
from .errors import RuleError

Terms = Mapping[str, Any]


@dataclass(frozen=True)
class Phrase:
    """A phrase of the engine with its parameters, as an event carries them (``reason``/``reason_params``,
    ``cause``/``cause_params``): ``id`` is its English template, its key in the catalogs."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, data: Mapping[str, Any], name: str) -> Phrase:
        """The phrase an event's field ``name`` (and ``name_params``) holds."""
        return cls(str(data.get(name, "")), dict(data.get(f"{name}_params") or {}))


def counted(lang: str, key: str) -> Callable[[int], str]:
    """A count said with its noun: the plural entry ``key`` of the engine's catalog in ``lang``."""
    return lambda n: layer("engine", lang).plural(key, n).format(n=n)


def joined(lang: str, style: str = "standard-narrow") -> Callable[[Any], str]:
    """A list said as ``lang`` says it (Babel's ``format_list``): the plain list, or with "and"."""
    return lambda items: format_list(items, lang, style)


# --- the English templates: the engine's catalog and its game modules' (engine/catalog.py) -----------------

EN: Mapping[str, str] = LazyCatalog("engine", "en")


class Words(Mapping[str, str]):
    """A table of the game's words: a catalog's ``term.<kind>.<value>`` entries (or those under ``prefix``),
    read when first used. A value is looked up as its text (``True`` as ``"True"``)."""

    def __init__(self, catalog: Mapping[str, str], kind: str, prefix: str | None = None) -> None:
        self.catalog, self.prefix = catalog, prefix if prefix is not None else f"term.{kind}."
        self._words: dict[str, str] | None = None
        self._read = -1  # the catalogs' generation it was read in

    def _table(self) -> dict[str, str]:
        if self._words is None or self._read != generation():
            n = len(self.prefix)
            self._words = {k[n:]: self.catalog[k] for k in self.catalog if k.startswith(self.prefix)}
            self._read = generation()
        return self._words

    def __getitem__(self, value: object) -> str:
        return self._table()[str(value)]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


def word_kinds(catalog: Mapping[str, str]) -> tuple[str, ...]:
    """The kinds of words a catalog holds (``term.<kind>.<value>``: a game's come with its catalog)."""
    kinds = dict.fromkeys(k.split(".")[1] for k in catalog if k.startswith("term.") and k.count(".") >= 2)
    return tuple(kinds)


class Kinds:
    """The kinds of words a catalog holds now, read each time it is iterated (``set(WORD_KINDS)``)."""

    def __init__(self, catalog: Mapping[str, str]) -> None:
        self.catalog = catalog

    def __iter__(self) -> Iterator[str]:
        return iter(word_kinds(self.catalog))

    def __contains__(self, kind: object) -> bool:
        return kind in word_kinds(self.catalog)


def words(catalog: Mapping[str, str], *kinds: str) -> dict[str, Words]:
    return {k: Words(catalog, k) for k in kinds}


class Sayings(MutableMapping[str, Any]):
    """How a language says values: its own ways (functions, joiners, counted nouns), then a table of words
    for every kind its catalog holds now (``{role:role}`` reads ``term.role.*``), so that the words of a game
    registered later are said too."""

    def __init__(self, own: Mapping[str, Any], catalog: Mapping[str, str]) -> None:
        self.own, self.catalog = dict(own), catalog
        self._tables: dict[str, Words] = {}
        self._kinds: tuple[int, tuple[str, ...]] | None = None

    def kinds(self) -> tuple[str, ...]:
        if self._kinds is None or self._kinds[0] != generation():  # a module came or went: read again
            self._kinds = (generation(), word_kinds(self.catalog))
        return self._kinds[1]

    def __getitem__(self, key: str) -> Any:
        if key in self.own:
            return self.own[key]
        if key in self.kinds():
            return self._tables.setdefault(key, Words(self.catalog, key))
        raise KeyError(key)

    def __setitem__(self, key: str, value: Any) -> None:
        self.own[key] = value

    def __delitem__(self, key: str) -> None:
        del self.own[key]

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*self.kinds(), *self.own]))

    def __len__(self) -> int:
        return len(dict.fromkeys([*self.kinds(), *self.own]))


# the kinds of words the engine's catalogs hold (the games' merged in), read when looked into
WORD_KINDS = Kinds(EN)


# --- how values are said in English ------------------------------------------------------------------------

EN_OWN: dict[str, Any] = {
    "_list": joined("en"),
    "_and": joined("en", "standard"),
    "_slash": "/".join,
    # a command as the player types it (``end`` -> ``/end``): Japanese gives the client's name first
    "cmd": lambda name: f"/{name}",
    "opt": {},  # an option's name, as typed
    "cmd_text": {},  # a command written out (``/fire``)
    "path": lambda p: " > ".join(str(p).split(">")),  # towns joined by ">"
    "unsaid": lambda v: "",  # a parameter a language does not say (the kind of a move, in Japanese)
    # counted nouns: the plural entries of the catalog
    "n_units": counted("en", "term.n_units"),
    "n_more_units": counted("en", "term.n_more_units"),
    "n_towns": counted("en", "term.n_towns"),
}
EN_TERMS = Sayings(EN_OWN, EN)  # and every kind of words of the catalogs (English says most as spelt)


class _Formatter(string.Formatter):
    def __init__(
        self, catalog: Mapping[str, str], terms: Terms, phrase: Callable[[str], str | None] | None
    ) -> None:
        super().__init__()
        self.catalog = catalog
        self.terms = terms
        self.phrase = phrase

    def format_field(self, value: Any, format_spec: str) -> str:
        kind, _, join = format_spec.partition("+")
        if kind == "error":
            return render_error(value, self.catalog, self.terms, self.phrase)
        if kind == "rule_error":  # with its rule number, as ``str(error)`` says it
            said = render_error(value, self.catalog, self.terms, self.phrase)
            return f"{value.rule}: {said}" if value.rule else said
        if kind == "phrase":  # a phrase of the engine's (a reason, a cause): its template in this language
            p = value if isinstance(value, Phrase) else Phrase(str(value))
            template = self.catalog.get(p.id)
            if template is None:  # not a phrase of the catalog: as the event gave it
                phrased: str | None = self.phrase(p.id) if self.phrase else None
                return phrased if phrased is not None else p.id
            return self.vformat(template, (), dict(p.params))
        if kind.startswith("n_"):
            return str(self.terms[kind](value))
        if kind == "list" or kind in self.terms:
            table = self.terms.get(kind, {}) if kind != "list" else {}
            say = table if callable(table) else (lambda v: table.get(v, v))
            joiner: Callable[[list[str]], str] = self.terms["_" + join] if join else self.terms["_list"]
            if isinstance(value, (list, tuple)):
                return joiner([str(say(v)) for v in value])
            return str(say(value))
        return str(super().format_field(value, format_spec))


def render(
    template: str,
    params: Mapping[str, Any],
    catalog: Mapping[str, str],
    terms: Terms = EN_TERMS,
    phrase: Callable[[str], str | None] | None = None,
) -> str:
    """Fill a template with ``params``, saying terms with ``terms`` and nested errors from ``catalog``."""
    return _Formatter(catalog, terms, phrase).vformat(template, (), dict(params))


def render_error(
    err: RuleError,
    catalog: Mapping[str, str],
    terms: Terms = EN_TERMS,
    phrase: Callable[[str], str | None] | None = None,
) -> str:
    """The message of ``err`` (without its rule number) from ``catalog``; its English text if it has no key
    or the catalog lacks it."""
    if err.key is None or err.key not in catalog:
        return err.message
    return render(catalog[err.key], err.params, catalog, terms, phrase)


def rule_error(rule: str, key: str, /, **params: Any) -> RuleError:
    """A RuleError whose English text is the template ``key`` filled with ``params``, said when first asked
    for (``RuleError.message``: ``legal()`` drops most of the errors it makes unread)."""
    return RuleError(rule, key=key, params=params, say=lambda: render(EN[key], params, EN))


def error_data(err: RuleError) -> dict[str, Any]:
    """``err`` as plain data (an event holds only plain data): its rule, key, params (a nested error as
    data too) and English text. ``error_from_data`` gives it back, to be said in any language."""

    def plain(v: Any) -> Any:
        if isinstance(v, RuleError):
            return {"__error__": error_data(v)}
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        return v if isinstance(v, (str, int, float, bool, type(None))) else str(v)

    return {
        "rule": err.rule,
        "key": err.key,
        "params": {k: plain(v) for k, v in err.params.items()},
        "message": err.message,
    }


def error_from_data(data: Mapping[str, Any]) -> RuleError:
    """The RuleError that ``error_data`` wrote."""

    def back(v: Any) -> Any:
        if isinstance(v, dict) and "__error__" in v:
            return error_from_data(v["__error__"])
        if isinstance(v, list):
            return [back(x) for x in v]
        return v

    params = {k: back(v) for k, v in (data.get("params") or {}).items()}
    return RuleError(
        str(data.get("rule", "")), str(data.get("message", "")), key=data.get("key"), params=params
    )


def shown(text: str) -> str:
    """What a player typed, fit to be said back to them: without control, format (bidi, zero-width) and
    separator-of-line characters, which would reorder, hide or break the message around it."""
    return "".join(c for c in text if unicodedata.category(c) not in _UNSHOWN).strip()


_UNSHOWN = frozenset({"Cc", "Cf", "Zl", "Zp"})


def lookup_error(e: LookupError, what: str, text: str) -> RuleError:
    """A name that matches no town or unit, or several (``data``'s ``NoMatch`` / ``AmbiguousMatch``), as a
    RuleError with a key. ``what`` is ``"town"`` or ``"unit"``; ``text`` is what was typed."""

    def said(t: str) -> RuleError:
        if candidates is not None:
            return rule_error("", f"match.ambiguous_{what}", text=t, candidates=list(candidates))
        if str(e) == f"no {what} given":
            return rule_error("", f"match.no_{what}_given")
        return rule_error("", f"match.no_{what}", text=t)

    candidates = getattr(e, "candidates", None)
    t = text.strip()
    err = said(t)
    if str(err) != str(e):  # the data layer worded it otherwise: keep its words
        return RuleError("", shown(str(e)), key="match.other", params={"text": shown(str(e))})
    return err if shown(t) == t else said(shown(t))  # said back less what would garble the message
