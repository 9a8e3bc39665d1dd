"""Liberty's messages in English: key -> ``str.format`` template (the rule number is not in the text:
``RuleError.rule`` carries it), read from its gettext catalog ``locale/en/LC_MESSAGES/liberty.po`` (Babel,
``engine/catalog.py``; the one translation system). ``messages_ja.py`` has the same keys with the same
{fields}. Every key starts with ``liberty.`` so that a front end may merge it with other catalogs;
``liberty.event.<kind>`` says an event from its public data. Edit the ``.po`` files; ``python -m
tools.catalog check`` compares the languages."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from .. import catalog

LOCALE = str(Path(__file__).resolve().parent / "locale")
catalog.register("liberty", LOCALE, "liberty")  # a layer of its own (no I/O: read when first looked into)

EN: Mapping[str, str] = catalog.LazyCatalog("liberty", "en")
