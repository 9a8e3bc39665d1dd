"""Eagles of the Empire's messages in English: key -> ``str.format`` template, read from its gettext catalog
``locale/en/LC_MESSAGES/eagles.po`` (``engine/catalog.py``). ``messages_ja.py`` has the same keys. Every key
starts with ``eagles.``; the rule number is not in the text (``RuleError.rule`` carries it)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from .. import catalog

LOCALE = str(Path(__file__).resolve().parent / "locale")
catalog.register("eagles", LOCALE, "eagles")  # a layer of its own (read when first looked into)

EN: Mapping[str, str] = catalog.LazyCatalog("eagles", "en")
