"""The fixed texts of the pictures, in English (``EN``) and Japanese (``JA``), chosen by a locale.

Every label the renderers draw comes from here: ``say(key, locale, **params)`` fills a template,
``term(family, value, locale)`` names a game word (an army, a column, a phase...) and gives an unknown value
back as it is. A template with a count ``n`` may have a ``key#one`` variant for ``n == 1`` (English plurals).
Town names, unit ids and unit names are never translated: they stay as the data gives them.

The Japanese game words are those of the chat (``engine.messages_ja``, ``bot/i18n_ja.py``): 会戦 (battle),
戦闘ターン (battle turn), 予備 (reserve), 方陣 (square), 混乱 (disrupted), 交戦 (engaged), 再編成 (regroup),
フランス軍 / 連合軍 / イギリス軍 / プロシア軍, 横隊 / 方陣, センターライン, 親衛隊, サイコロ, ユニット, so
that a picture and the message it comes with agree. Labels are in plain or noun style (bot/i18n_ja.py).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from engine.messages_ja import ARMY as _ARMY_JA
from engine.messages_ja import JA_TERMS as _JA_TERMS
from engine.messages_ja import phrase_ja

LOCALES = ("en", "ja")

EN: dict[str, str] = {
    # game words
    "army.french": "French",
    "army.british": "British",
    "army.prussian": "Prussian",
    "army.allied": "Allied",
    "army.public": "Public",
    "type.infantry": "infantry",
    "type.cavalry": "cavalry",
    "type.artillery": "artillery",
    "type.leader": "leader",
    "column.left": "Left",
    "column.center": "Center",
    "column.right": "Right",
    "column.reserve": "Reserve",
    "phase.setup": "setup",
    "phase.movement": "movement",
    "phase.battle": "battle",
    "phase.over": "over",
    "slot.morning": "morning",
    "slot.afternoon": "afternoon",
    "slot.night": "night",
    "setup.free": "free deployment (3.1)",
    "setup.initiative": "Napoleon's initiative (3.3)",
    "setup.historical": "historical deployment (3.2)",
    "winner.french": "French victory",
    "winner.allied": "Allied victory",
    "winner.draw": "a draw",
    "battle_phase.morale": "morale",
    "battle_phase.retreat": "retreat",
    "battle_phase.combat": "combat",
    "battle_phase.reinforce": "reinforce",
    "regroup.retreat": "retreat",
    "regroup.reinforce": "reinforce",
    "range.engaged": "engaged",
    "range.short": "short",
    "range.long": "long",
    "formation.line": "line",
    "formation.square": "square",
    "list": ", ",
    # the map's key
    "key": "Key",
    "legend.guard": "Imperial Guard",
    "legend.dutch_belgian": "Dutch-Belgian",
    "legend.own_block": "your own block:",
    "legend.own_block_what": "unit id, type, cv",
    "legend.hidden": "hidden blocks,",
    "legend.hidden_what": "with their count",
    "legend.disrupted": "laid down: disrupted",
    "legend.square": "in square",
    "legend.major_road": "major road",
    "legend.minor_road": "minor road",
    "legend.river": "river",
    "legend.border": "border of 1815",
    "legend.deployment_line": "Allied deployment line",
    "legend.supply_base": "supply base",
    "legend.battle": "battle",
    "legend.france": "France",
    # the map's title bar, panels and result
    "title.deployment": "Deployment before the campaign",
    "title.turn": "Turn {turn} of {last} · {date}",
    "title.slot": " · {slot}",
    "title.side_turn": "{side} turn — {phase}",
    "title.game_over": "Game over: {winner}",
    "title.to_act": "To act: {roles}",
    "title.night": "☾ Night",
    "title.day": "☀ Day",
    "title.sample": "Turn 12 of 24 · Friday 16 June 1815 · afternoon",
    "eyes_only": "{role} eyes only",
    "panel.to_place": "To place ({n})",
    "panel.eliminated": "{army} eliminated ({n})",
    "panel.more": " — {n} more not shown",
    # the battle board
    "battle.title": "Battle of {town}",
    "battle.sample": "Battle of Fleurus Battle turn 2: French, combat phase ⚔ engaged",
    "battle.sides": "{attacker} attack, {defender} defend",
    "battle.secret": "Secret deployment (6.2)",
    "battle.waiting": ": waiting for {roles}",
    "battle.turn": "Battle turn {n}: {side}",
    "battle.phase": ", {phase} phase",
    "battle.won": "Won by the {victor}: regroup{kind} (7.6)",
    "battle.regroup_kind": " ({kind})",
    "battle.over_won": "Over: won by the {victor}",
    "battle.over": "Over",
    "battle.idle": "Rounds without progress: {n}",
    "spot": "{side} {column}",
    "fire.block": "a {army} block",
    "fire.fired": "{who} fired {cls}{extra}",
    "fire.extra": " ({kinds})",
    "fire.charge": "charge",
    "fire.at": "at the {target}",
    "fire.formation": " {formation}",
    "fire.hits": "{n} hits",
    "fire.hits#one": "{n} hit",
    "fire.taken": ", {n} taken",
    "fire.faces": " (hit on {faces})",
    "cell.blocks": "{n} blocks",
    "cell.blocks#one": "{n} block",
    "cell.attacker": "attacker",
    "cell.defender": "defender",
    "cell.secret": "{side} ({role}) · {blocks}, deployment secret (6.2)",
    "cell.reserve_state": "{side} Reserve ({role}) · {blocks} {state}",
    "cell.reserve": "{side} Reserve ({role}) · {blocks}",
    "cell.deployed": "deployed",
    "cell.to_deploy": "to deploy",
    "cell.column": "{side} {column}",
    "cell.engaged": "⚔ engaged",
    "cell.last_fire": "last fire: {n} hits",
    "cell.last_fire#one": "last fire: {n} hit",
    "cell.secret_until": "secret until both sides have deployed",
    "centre_line": "centre line",
    "panel.battle": "Battle",
    "panel.leader": "★ {side} leader in the line: {leader}",
    "panel.last_fire": "Last fire",
    "panel.none_yet": "none yet",
    "bkey.revealed": "revealed block:",
    "bkey.revealed_what": "unit, type, current cv",
    "bkey.hidden": "hidden blocks",
    "bkey.hidden_what": "and their count",
    "bkey.square": "yellow frame: in square",
    "bkey.engaged": "orange: engaged column",
    "bkey.facing": "A Left faces the enemy's Right.",
    "bkey.dice": "Hits on the dice are marked.",
}

_COLUMN_JA: dict[str, str] = _JA_TERMS["column"]
_TYPE_JA: dict[str, str] = _JA_TERMS["type"]
_PHASE_JA: dict[str, str] = _JA_TERMS["phase"]

JA: dict[str, str] = {
    # game words (as in the chat: engine/messages_ja.py, bot/i18n_ja.py)
    **{f"army.{k}": _ARMY_JA[k] for k in ("french", "british", "prussian", "allied", "public")},
    **{f"type.{k}": v for k, v in _TYPE_JA.items()},
    **{f"column.{k}": v for k, v in _COLUMN_JA.items()},
    "phase.setup": "配置フェイズ",
    "phase.movement": "移動フェイズ",
    "phase.battle": "会戦フェイズ",
    "phase.over": "終了",
    "slot.morning": "朝",
    "slot.afternoon": "午後",
    "slot.night": "夜",
    "setup.free": "自由配置(3.1)",
    "setup.initiative": "ナポレオンの先手(3.3)",
    "setup.historical": "ヒストリカル配置(3.2)",
    "winner.french": "フランス軍の勝利",
    "winner.allied": "連合軍の勝利",
    "winner.draw": "引き分け",
    **{f"battle_phase.{k}": v for k, v in _PHASE_JA.items()},
    "regroup.retreat": "退却",
    "regroup.reinforce": "増援",
    "range.engaged": "交戦中",
    "range.short": "短射程",
    "range.long": "長射程",
    **{f"formation.{k}": v for k, v in _JA_TERMS["formation"].items()},
    "list": "、",
    # the map's key
    "key": "凡例",
    "legend.guard": "親衛隊",
    "legend.dutch_belgian": "オランダ・ベルギー軍",
    "legend.own_block": "自軍のユニット:",
    "legend.own_block_what": "ユニット・兵科・cv",
    "legend.hidden": "伏せたユニット:",
    "legend.hidden_what": "数を表示",
    "legend.disrupted": "横倒し: 混乱",
    "legend.square": "方陣",
    "legend.major_road": "幹線道路",
    "legend.minor_road": "一般道路",
    "legend.river": "河川",
    "legend.border": "1815年の国境",
    "legend.deployment_line": "イギリス−プロシア配置線",
    "legend.supply_base": "補給基地",
    "legend.battle": "会戦",
    "legend.france": "フランス",
    # the map's title bar, panels and result
    "title.deployment": "キャンペーン開始前の配置",
    "title.turn": "ターン {turn}/{last} · {date}",
    "title.slot": " {slot}",
    "title.side_turn": "{side}のターン — {phase}",
    "title.game_over": "ゲーム終了: {winner}",
    "title.to_act": "行動待ち: {roles}",
    "title.night": "☾ 夜",
    "title.day": "☀ 昼",
    "title.sample": "ターン 12/24 · 1815年6月16日(金) 午後",
    "eyes_only": "{role}のみ閲覧可",
    "panel.to_place": "未配置({n})",
    "panel.eliminated": "{army}の全滅ユニット({n})",
    "panel.more": " — ほか{n}ユニットは省略",
    # the battle board
    "battle.title": "{town} の会戦",
    "battle.sample": "Fleurus の会戦 戦闘ターン 2: フランス軍、戦闘フェイズ ⚔ 交戦中",
    "battle.sides": "{attacker}が攻撃、{defender}が防御",
    "battle.secret": "秘密配置(6.2)",
    "battle.waiting": ": {roles}の配置待ち",
    "battle.turn": "戦闘ターン {n}: {side}",
    "battle.phase": "、{phase}フェイズ",
    "battle.won": "{victor}の勝利: 再編成{kind}(7.6)",
    "battle.regroup_kind": "({kind})",
    "battle.over_won": "終了: {victor}の勝利",
    "battle.over": "終了",
    "battle.idle": "進展のないラウンド: {n}",
    "spot": "{side}の{column}",
    "fire.block": "{army}のユニット",
    "fire.fired": "{who}が{cls}で射撃{extra}",
    "fire.extra": "({kinds})",
    "fire.charge": "突撃",
    "fire.at": "目標: {target}",
    "fire.formation": "の{formation}",
    "fire.hits": "命中 {n}",
    "fire.hits#one": "命中 {n}",
    "fire.taken": "、損害 {n}",
    "fire.faces": "(命中の目: {faces})",
    "cell.blocks": "{n}ユニット",
    "cell.blocks#one": "{n}ユニット",
    "cell.attacker": "攻撃側",
    "cell.defender": "防御側",
    "cell.secret": "{side}({role}) · {blocks}、配置は秘密(6.2)",
    "cell.reserve_state": "{side}の予備({role}) · {blocks} {state}",
    "cell.reserve": "{side}の予備({role}) · {blocks}",
    "cell.deployed": "配置済み",
    "cell.to_deploy": "未配置",
    "cell.column": "{side}の{column}",
    "cell.engaged": "⚔ 交戦中",
    "cell.last_fire": "最後の射撃: 命中 {n}",
    "cell.last_fire#one": "最後の射撃: 命中 {n}",
    "cell.secret_until": "両軍の配置が終わるまで秘密",
    "centre_line": "センターライン",
    "panel.battle": "会戦",
    "panel.leader": "★ 戦列に立つ{side}の指揮官: {leader}",
    "panel.last_fire": "最後の射撃",
    "panel.none_yet": "まだなし",
    "bkey.revealed": "公開されたユニット:",
    "bkey.revealed_what": "ユニット・兵科・現在の cv",
    "bkey.hidden": "伏せたユニット:",
    "bkey.hidden_what": "数を表示",
    "bkey.square": "黄色の枠: 方陣",
    "bkey.engaged": "オレンジの枠: 交戦中のコラム",
    "bkey.facing": "左翼は敵の右翼と向き合う。",
    "bkey.dice": "命中したサイコロには印が付く。",
}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "ja": JA}
_WEEKDAYS_JA = "月火水木金土日"


def locale_of(locale: str | None) -> str:
    """``ja`` (or ``ja-JP``...) is Japanese; anything else is English."""
    return "ja" if locale and locale.lower().startswith("ja") else "en"


def say(key: str, locale: str = "en", /, **params: Any) -> str:
    """The text ``key`` in ``locale``, filled with ``params`` (``key#one`` when ``n`` is 1 and it exists)."""
    cat = CATALOGUES[locale_of(locale)]
    if params.get("n") == 1 and f"{key}#one" in cat:
        key = f"{key}#one"
    return cat[key].format(**params)


def term(family: str, value: str | None, locale: str = "en") -> str:
    """A game word (``term("army", "french", "ja")`` is フランス軍); an unknown value as it is."""
    if not value:
        return ""
    return CATALOGUES[locale_of(locale)].get(f"{family}.{value}", value)


def join(items: list[str], locale: str = "en") -> str:
    return say("list", locale).join(items)


def long_date(day: object, locale: str = "en") -> str:
    """``1815-06-16`` (a date or its ISO text) as "Friday 16 June 1815" or 1815年6月16日(金)."""
    if not day:
        return ""
    if isinstance(day, date):
        d = day
    else:
        try:
            d = date.fromisoformat(str(day))
        except ValueError:
            return str(day)
    if locale_of(locale) == "ja":
        return f"{d.year}年{d.month}月{d.day}日({_WEEKDAYS_JA[d.weekday()]})"
    return f"{d.strftime('%A')} {d.day} {d.strftime('%B')} {d.year}"


def reason(text: str, locale: str = "en") -> str:
    """A result's reason, which the engine gives in English: translated when it is one it knows."""
    if locale_of(locale) == "ja":
        return phrase_ja(text) or text
    return text
