"""Napoleon's Triumph's messages in Japanese, read from ``locale/ja/LC_MESSAGES/triumph.po``."""

from __future__ import annotations

from collections.abc import Mapping

from .. import catalog
from .messages import LOCALE as LOCALE  # importing it registers the "triumph" layer

JA: Mapping[str, str] = catalog.LazyCatalog("triumph", "ja")
