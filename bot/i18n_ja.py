"""Japanese texts of the bot (keys and fields as in ``i18n.py``), and the Japanese names of the slash
commands, their options and choices. The game's words follow the Japanese translations of the rules (see
``engine/messages_ja.py``).

Conventions of the Japanese texts (tests/platform/test_japanese.py checks what can be checked):

- **Politeness, one style per kind of text.** Messages to players (replies, refusals, prompts, DMs, the rule
  errors of ``engine/messages_ja.py``: ``svc.*``, ``prompt.*``, ``ui.*``, ``console.*``) are です / ます.
  The event log (``ev.*``) and the labels of the pictures (each game's ``renderers/<game>/text.py``) are plain
  or noun style (「町 の会戦: ブロック が射撃」, 「町 から 町 へ潰走」), never です / ます.
  Command and option descriptions (``cmd.*``, ``opt.*``) are short noun or dictionary-form phrases
  (Discord's 100).
- **Commands and options are named as the client shows them**, with the English as typed in the console in
  brackets: 「/手番終了 (/end)」, 「会戦:町 (battle:町)」. A template writes ⟨/end⟩ or ⟨battle:町⟩ and
  ``engine.messages_ja.command_ref`` says it; never a bare English command name.
- **Words**: センターライン (never 中央線); 横隊 for the formation opposite a 方陣 (戦列 only in
  戦列コラム, the line columns, and the line itself); 親衛隊; イギリス−プロシア配置線; サイコロ (not
  ダイス) and ユニット (not ブロック); the combat moves by edition: 前進 / 後退 ([第3版]), 交戦 / 離脱
  ([v3.4]); 退席, 優先設定, 自動戦闘命令.
- **Japanese sentences, not English ones in Japanese words**: no 「X」ではなく…, no 「〜です: 〜」; a place
  then its movement (「A から B へ」); one flat line per die roll naming the blocks' armies.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.catalog import Chain, LazyCatalog, format_date, register
from engine.messages import Kinds, Sayings, Words
from engine.messages_ja import (
    ARMY,
    COMMAND_NAMES_JA,
    JA,
    JA_OWN,
    JA_TERMS,
    OPTION_NAMES_JA,
    with_commands,
)

__all__ = ["BOT_JA", "BOT_JA_TERMS", "CHOICE_NAMES_JA", "COMMAND_NAMES_JA", "OPTION_NAMES_JA"]

# the bot's catalog, bot/locale/<lang>/LC_MESSAGES/bot.po (engine/catalog.py): its Japanese templates, every
# ⟨reference⟩ said
register("bot", Path(__file__).resolve().parent / "locale", "bot")
BOT_JA: Mapping[str, str] = LazyCatalog("bot", "ja", after=with_commands)

# the kinds of words the bot's catalog and the engine's hold (the games' merged in), read when looked into
BOT_WORD_KINDS = Kinds(Chain(LazyCatalog("bot", "ja"), JA))


def day(lang: str) -> Any:
    """A day of the time record (``1815-06-15``) as the catalog's pattern ``date.day`` says it (Babel):
    ``6月15日``; any other text as it is."""

    def said(value: Any) -> str:
        try:
            d = dt.date.fromisoformat(str(value))
        except ValueError:
            return str(value)
        pattern = (BOT_JA if lang == "ja" else LazyCatalog("bot", lang))["date.day"]
        return format_date(d, pattern, lang)

    return said


def _spot(value: Any) -> str:
    """``SIDE:COLUMN`` -> the side's army name and the column, in Japanese (…軍の左翼)."""
    side, _, column = str(value).partition(":")
    return f"{ARMY.get(side, side)}の{JA_TERMS['column'].get(column, column)}"


BOT_JA_TERMS = Sayings(
    {
        **JA_OWN,
        "date": day("ja"),
        "spot": _spot,
        "route": JA_OWN["path"],  # Charleroi から Gosselies 経由で Frasnes へ
    },
    Chain(BOT_JA, JA),
)

# --- Japanese names of the choices (the commands' and options' names are in engine/messages_ja.py) ---------

# the names of choices: the bot's, then the games' own (a module's ``choice.*``: its title, its seats)
CHOICE_NAMES_JA: Mapping[str, str] = Words(
    Chain(LazyCatalog("bot", "ja"), LazyCatalog("engine", "ja")), "choice", prefix="choice."
)
