"""Liberty's messages in Japanese, read from ``locale/ja/LC_MESSAGES/liberty.po`` (see ``messages.py``)."""

from __future__ import annotations

from collections.abc import Mapping

from .. import catalog
from .messages import LOCALE as LOCALE  # importing it registers the "liberty" layer

JA: Mapping[str, str] = catalog.LazyCatalog("liberty", "ja")
