"""Liberty's messages in Japanese, read from ``locale/ja/LC_MESSAGES/liberty.po`` (see ``messages.py``)."""

from __future__ import annotations

from collections.abc import Mapping

from .messages import Messages

JA: Mapping[str, str] = Messages("ja")
