"""Eagles of the Empire's messages in Japanese, read from ``locale/ja/LC_MESSAGES/eagles.po``."""

from __future__ import annotations

from collections.abc import Mapping

from .. import catalog
from .messages import LOCALE as LOCALE  # importing it registers the "eagles" layer

JA: Mapping[str, str] = catalog.LazyCatalog("eagles", "ja")
