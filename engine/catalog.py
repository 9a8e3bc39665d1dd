"""The message catalogs: gettext ``.po`` files read with Babel, one domain per layer (and one per game
module), each language in ``<locale dir>/<lang>/LC_MESSAGES/<domain>.po`` (docs/architecture.md,
"Translations").

A message's id is its key (``match.no_town``); its text is a template in the language of
``engine.messages`` (``{unit}``, ``{role:role}``, ``{n:n_units}``...). An entry with a plural form
(``msgid_plural``) has as many texts as the language's ``Plural-Forms`` header says (English 2, Japanese 1),
and ``Catalog.plural`` picks one by that header's rule. Lists and dates are said by Babel
(``format_list``, ``format_date``) in the catalog's language.

Nothing is read at import time: a catalog is read on first use and kept (``read`` is cached).

>>> read(ENGINE_LOCALE, "engine", "en")["match.no_town"]
'no town matches {text!r}'
>>> [read(ENGINE_LOCALE, "engine", lang).plural("term.n_units", 2) for lang in ("en", "ja")]
['{n} units', '{n}ユニット']
>>> format_list(["A", "B", "C"], "ja")
'A、B、C'
"""

from __future__ import annotations

import datetime as dt
import gettext
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, cast

LANGS = ("en", "ja")
ENGINE_LOCALE = Path(__file__).resolve().parent / "locale"


def po_path(locale_dir: Path | str, domain: str, lang: str) -> Path:
    """Where the ``.po`` file of ``domain`` in ``lang`` lives."""
    return Path(locale_dir) / lang / "LC_MESSAGES" / f"{domain}.po"


class Catalog(Mapping[str, str]):
    """One language's messages: key -> template (a plural entry gives its last form here; ``plural`` picks
    the form for a count)."""

    def __init__(
        self,
        lang: str,
        forms: Mapping[str, tuple[str, ...]],
        plural_rule: Callable[[int], int],
        plurals: Iterable[str] = (),
        contexts: Mapping[str, str] | None = None,
    ) -> None:
        self.lang = lang
        self.forms = dict(forms)
        self.plural_rule = plural_rule
        self.plurals = frozenset(plurals)  # the keys that have a msgid_plural
        self.contexts = dict(contexts or {})  # key -> its msgctxt ("phrase": the engine's phrases in events)
        self._texts = {k: v[-1] for k, v in self.forms.items()}

    def __getitem__(self, key: str) -> str:
        return self._texts[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)

    def plural(self, key: str, n: int) -> str:
        """The form of ``key`` for ``n`` things, by the catalog's ``Plural-Forms`` rule."""
        forms = self.forms[key]
        return forms[min(self.plural_rule(int(n)), len(forms) - 1)]

    def merged(self, other: Catalog) -> Catalog:
        """This catalog with ``other``'s entries added (``other`` wins on a shared key)."""
        plurals = (self.plurals - set(other.forms)) | other.plurals
        contexts = {k: v for k, v in self.contexts.items() if k not in other.forms} | other.contexts
        return Catalog(self.lang, {**self.forms, **other.forms}, self.plural_rule, plurals, contexts)

    def in_context(self, context: str) -> dict[str, str]:
        """The entries of one ``msgctxt``: key -> text."""
        return {k: self[k] for k, c in self.contexts.items() if c == context}


@cache
def read(locale_dir: Path | str, domain: str, lang: str) -> Catalog:
    """The catalog of ``domain`` in ``lang``, read from its ``.po`` file (once; then kept)."""
    from babel.messages.pofile import read_po

    with po_path(locale_dir, domain, lang).open("rb") as f:
        po = read_po(f, locale=lang, domain=domain)
    forms: dict[str, tuple[str, ...]] = {}
    plurals: list[str] = []
    contexts: dict[str, str] = {}
    for m in po:
        if not m.id:
            continue  # the header
        if m.context:
            contexts[str(m.id[0] if isinstance(m.id, (list, tuple)) else m.id)] = str(m.context)
        if isinstance(m.id, (list, tuple)):
            forms[str(m.id[0])] = tuple(str(s) for s in m.string or ())
            plurals.append(str(m.id[0]))
        else:
            forms[str(m.id)] = (str(m.string or ""),)
    return Catalog(lang, forms, gettext.c2py(str(po.plural_expr)), plurals, contexts)


def plural_forms(lang: str) -> tuple[int, str]:
    """How many plural forms ``lang`` has and its gettext rule (Babel's data): ``(2, "(n != 1)")``."""
    from babel.messages.plurals import get_plural

    p = get_plural(lang)
    return int(p.num_plurals), str(p.plural_expr)


# --- catalogs made of several domains: the engine's own and its game modules' ------------------------------

_SOURCES: dict[str, list[tuple[str, str]]] = {"engine": [(str(ENGINE_LOCALE), "engine")]}
_changes = [0]  # how many times the sources changed: what was read from them before is stale


def generation() -> int:
    """A number that changes whenever a domain joins or leaves a layer (``Words`` re-reads its table)."""
    return _changes[0]


def register(layer: str, locale_dir: Path | str, domain: str) -> None:
    """Add a domain to a layer's catalog (a game module's catalog to the engine's). No I/O: the file is read
    when a message is first looked up."""
    entry = (str(locale_dir), domain)
    sources = _SOURCES.setdefault(layer, [])
    if entry not in sources:
        sources.append(entry)
        _changes[0] += 1


def unregister(layer: str, locale_dir: Path | str, domain: str) -> None:
    """Take a domain out of a layer's catalog (a module unregistered takes its words with it)."""
    entry = (str(locale_dir), domain)
    if entry in _SOURCES.get(layer, []):
        _SOURCES[layer].remove(entry)
        _changes[0] += 1


def sources(layer: str) -> tuple[tuple[str, str], ...]:
    return tuple(_SOURCES.get(layer, ()))


@cache
def _merged(srcs: tuple[tuple[str, str], ...], lang: str) -> Catalog:
    cat = read(srcs[0][0], srcs[0][1], lang)
    for d, domain in srcs[1:]:
        cat = cat.merged(read(d, domain, lang))
    return cat


def layer(name: str, lang: str) -> Catalog:
    """A layer's catalog in ``lang``: its domains merged, in the order they were registered."""
    return _merged(sources(name), lang)


class LazyCatalog(Mapping[str, str]):
    """A layer's catalog in one language, read when first looked into (so that a module may be imported,
    and register its own domain, without reading any file)."""

    def __init__(self, name: str, lang: str, after: Callable[[Catalog], Mapping[str, str]] | None = None):
        self.name, self.lang, self.after = name, lang, after
        self._done: tuple[tuple[tuple[str, str], ...], Mapping[str, str]] | None = None

    def _get(self) -> Mapping[str, str]:
        srcs = sources(self.name)
        if self._done is None or self._done[0] != srcs:
            cat = _merged(srcs, self.lang)
            self._done = (srcs, self.after(cat) if self.after else cat)
        return self._done[1]

    def catalog(self) -> Catalog:
        return _merged(sources(self.name), self.lang)

    def __getitem__(self, key: str) -> str:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


class Chain(Mapping[str, str]):
    """Several catalogs seen as one (the first that has a key says it), each read when first looked into."""

    def __init__(self, *maps: Mapping[str, str]) -> None:
        self.maps = maps

    def __getitem__(self, key: str) -> str:
        for m in self.maps:
            if key in m:
                return m[key]
        raise KeyError(key)

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys(k for m in reversed(self.maps) for k in m))

    def __len__(self) -> int:
        return len(set().union(*self.maps))


# --- lists and dates, by Babel ------------------------------------------------------------------------------


def format_list(items: Iterable[object], lang: str, style: str = "standard-narrow") -> str:
    """Items joined as ``lang`` joins a list (Babel, CLDR): ``standard-narrow`` is the plain comma list
    (``A, B, C`` / ``A、B、C``), ``standard`` the list with "and" (``A, B, and C``)."""
    from babel.lists import format_list as babel_list

    said: Sequence[str] = [str(x) for x in items]
    # "standard-narrow" is CLDR's and Babel's, though not in Babel's type of ``style``
    return str(babel_list(list(said), style=cast(Any, style), locale=lang)) if said else ""


def format_date(day: dt.date, pattern: str, lang: str) -> str:
    """``day`` in a CLDR date pattern (``EEEE d MMMM y``), with ``lang``'s names of days and months."""
    from babel.dates import format_date as babel_date

    return str(babel_date(day, pattern, locale=lang))
