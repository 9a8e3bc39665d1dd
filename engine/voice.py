"""A game's words from its catalog layer (``engine/catalog.py``: ``layer(name, lang)``), said in the languages
it has: a template filled (a plural entry's form by ``n``, a command as the player's client names it, an
English sentence begun with a capital), a word, a word of a family or the value as it is. What a game's
presentation (its ``present.py``) says everything with."""

from __future__ import annotations

from typing import Any

from .catalog import Catalog, layer
from .messages_ja import with_commands


class Voice:
    """The words of the catalog layer ``name`` in ``langs`` (the first the one a language it lacks gets)."""

    def __init__(self, name: str, langs: tuple[str, ...] = ("en", "ja")) -> None:
        self.name = name
        self.langs = langs

    def lang(self, lang: str) -> str:
        """The language said: ``lang`` if the game has it, else its first."""
        return lang if lang in self.langs else self.langs[0]

    def catalog(self, lang: str) -> Catalog:
        return layer(self.name, self.lang(lang))

    def say(self, key: str, lang: str, /, **params: Any) -> str:
        """The template ``key`` in ``lang`` filled with ``params`` (said already: names, lists); a plural
        entry's form by ``n``; an English sentence begins with a capital."""
        cat = self.catalog(lang)
        n = params.get("n")
        template = cat.plural(key, n) if isinstance(n, int) and key in cat.plurals else cat[key]
        if "⟨" in template:  # a command as the player's client names it (⟨/end⟩: /手番終了 (/end))
            template = with_commands({key: template})[key]
        said = template.format(**params)
        return said[:1].upper() + said[1:] if self.lang(lang) == "en" else said

    def word(self, key: str, lang: str) -> str:
        return self.catalog(lang)[key]

    def word_or(self, key: str, value: Any, lang: str) -> str:
        """The word ``key`` (a family's word for ``value``), or the value as it is if the catalog has none."""
        return self.word(key, lang) if key in self.catalog(lang) else str(value)
