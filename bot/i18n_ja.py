"""Japanese texts of the bot (keys and fields as in ``i18n.py``), and the Japanese names of the slash
commands, their options and choices. The game's words follow the Japanese translations of the rules (see
``engine/messages_ja.py``).

Conventions of the Japanese texts (tests/test_japanese.py checks what can be checked):

- **Politeness, one style per kind of text.** Messages to players (replies, refusals, prompts, DMs, the rule
  errors of ``engine/messages_ja.py``: ``svc.*``, ``prompt.*``, ``ui.*``, ``console.*``) are です / ます.
  The event log (``ev.*``) and the labels of the pictures (``renderers/text.py``) are plain or noun style
  (「Ligny の会戦: PR-2 が射撃」, 「Florennes から Philippeville へ潰走」), never です / ます. Command and
  option descriptions (``cmd.*``, ``opt.*``) are short noun or dictionary-form phrases (Discord's 100).
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

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.catalog import LazyCatalog, register
from engine.messages_ja import (
    ARMY,
    COMMAND_NAMES_JA,
    JA_TERMS,
    MOVE_VERB,
    OPTION_NAMES_JA,
    with_commands,
)

__all__ = ["BOT_JA", "BOT_JA_TERMS", "CHOICE_NAMES_JA", "COMMAND_NAMES_JA", "OPTION_NAMES_JA"]

_COLUMN = JA_TERMS["column"]
_SLOT = {"morning": "朝", "afternoon": "午後", "night": "夜"}


def _date(value: Any) -> str:
    """``1815-06-15`` -> ``6月15日``."""
    text = str(value)
    parts = text.split("-")
    if len(parts) == 3 and all(p.isdigit() for p in parts):
        return f"{int(parts[1])}月{int(parts[2])}日"
    return text


def _spot(value: Any) -> str:
    """``french:left`` -> ``フランス軍の左翼``."""
    side, _, column = str(value).partition(":")
    return f"{ARMY.get(side, side)}の{_COLUMN.get(column, column)}"


BOT_JA_TERMS: dict[str, Any] = {
    **JA_TERMS,
    "army_name": {**ARMY, "nobody": "なし"},
    "role_name": ARMY,
    "admin_action": {
        "start": "ゲームを開始",
        "options": "オプションを変更",
        "spectate": "観戦チャンネルを追加",
        "abort": "ゲームを中止",
        "import": "ゲームを読み込み",
        "export": "ゲームのスクリプトを送信",
        "add": "ボットプレイヤーを着席",
    },
    "slot": _SLOT,
    "date": _date,
    "game_phase": {"setup": "配置", "movement": "移動", "battle": "会戦", "over": "終了"},
    "setup_mode": {"historical": "ヒストリカル配置", "free": "自由配置", "initiative": "ナポレオンの先手"},
    "deadline_action": {"pass": "パス", "bot": "ボットに交代"},
    "column_title": _COLUMN,
    "spot": _spot,
    "move_verb": MOVE_VERB["3.4"],
    "move_verb_3rd": MOVE_VERB["3rd"],
    "target_formation": JA_TERMS["formation"],
    "check": {
        "morale (8.6)": "士気チェック(8.6)",
        "forced march (5.5)": "強行軍の判定(5.5)",
        "forced-march retreat (7.3)": "強行軍での退却の判定(7.3)",
    },
}

# the bot's catalog, bot/locale/<lang>/LC_MESSAGES/bot.po (engine/catalog.py): its Japanese templates, every
# ⟨reference⟩ said
register("bot", Path(__file__).resolve().parent / "locale", "bot")
BOT_JA: Mapping[str, str] = LazyCatalog("bot", "ja", after=with_commands)

# --- Japanese names of the choices (the commands' and options' names are in engine/messages_ja.py) ---------

CHOICE_NAMES_JA: dict[str, str] = {
    "napoleon": "ナポレオン ワーテルロー1815 (Napoleon)",
    "initiative": "ナポレオンの先手 (initiative)",
    "historical": "ヒストリカル配置 (historical)",
    "free": "自由配置 (free)",
    "3.4": "v3.4(2006年版)",
    "3rd": "第3版(1994年版 + FAQ)",
    "french": "フランス軍",
    "allied": "連合軍",
    "british": "イギリス軍",
    "prussian": "プロシア軍",
    "hits": "命中の優先順 (hits)",
    "supply": "補給損失の優先順 (supply)",
    "battle": "自動戦闘命令 (battle)",
    "reminders": "リマインダー (reminders)",
    "quiet": "通知しない時間帯 (quiet)",
    "line": "横隊",
    "square": "方陣",
    "pass": "パスする (pass)",
    "bot": "ボットに任せる (bot)",
}
