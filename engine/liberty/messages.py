"""Liberty's messages in English: key -> ``str.format`` template (the rule number is not in the text:
``RuleError.rule`` carries it), read from its gettext catalog ``locale/en/LC_MESSAGES/liberty.po`` (Babel,
``engine/catalog.py``; the one translation system). ``messages_ja.py`` has the same keys with the same
{fields}. Every key starts with ``liberty.`` so that a front end may merge it with other catalogs;
``liberty.event.<kind>`` says an event from its public data. Edit the ``.po`` files; ``python -m
tools.catalog check`` compares the languages."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

from .. import catalog

LOCALE = str(Path(__file__).resolve().parent / "locale")


class Messages(Mapping[str, str]):
    """Liberty's catalog in one language, read when first looked into (no I/O at import)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def _get(self) -> Mapping[str, str]:
        return catalog.read(LOCALE, "liberty", self.lang)

    def __getitem__(self, key: str) -> str:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


EN: Mapping[str, str] = Messages("en")
