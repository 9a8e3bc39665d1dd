"""The fixed texts of Liberty's pictures, in English (``EN``) and Japanese (``JA``), with the same keys and
the same ``{fields}`` (``tests/liberty/test_liberty_render.py`` checks), in the style of
:mod:`renderers.napoleon.text` so that they can move into the shared catalogues later. Town names, hex ids and
block ids are the data's and never translated. The Japanese game words follow the translation of the rules
the clubs read: アクションカード, サプライカード, 戦闘, 予備, 冬季ターン, 原野, 天候境界線,
大西洋ボックス, 西インド諸島.
"""

from __future__ import annotations

from typing import Any

EN: dict[str, str] = {
    "side.british": "British",
    "side.american": "American",
    "side.french": "French",
    "side.public": "Public",
    "title.game": "Liberty 1775–83",
    "title.turn": "{year}, turn {turn} of 5",
    "title.winter": "{year}, winter turn",
    "title.vp": "British victory points: {vp}",
    "eyes_only": "{side} eyes only",
    "key": "Key",
    "key.clear": "clear hex",
    "key.wilderness": "wilderness (1.4)",
    "key.water": "sea or lake",
    "key.south": "South region (4.0)",
    "key.weather_line": "weather line (4.0)",
    "key.forest": "forest hexside: 2, stop",
    "key.swamp": "swamp hexside: 2, stop",
    "key.river": "river: 3 through forest (5.2)",
    "key.water_side": "water: no land crossing",
    "key.clear_side": "clear hexside: 4 (5.2)",
    "key.town": "supply town, value 1–4",
    "key.small_town": "town without value",
    "key.colours": "blue / red / Indian town",
    "key.port": "port (1.3)",
    "key.fort": "fort",
    "key.control": "ring: held by the enemy",
    "key.battle": "battle",
    "key.back": "hidden blocks, with count",
    "key.face": "your block: id, rating, strength",
    "key.hex_id": "hex id, for orders",
    "key.bars": "No disbanding (11.3) in {ports} while the enemy holds {town}.",
    "key.reconstruction": "Map: our reconstruction from history, not the published board.",
    "box.atlantic": "Atlantic box (1.6)",
    "box.west_indies": "West Indies (9.1)",
    "box.empty": "empty",
    "box.pools": "Pools (6.1)",
    "pool.british": "British pool: {n}",
    "pool.american": "American pool: {n}",
    "pool.french": "French pool: {n}",
    "french.in": "France is at war (9.0)",
    "french.out": "France not yet at war (9.0)",
    "battle.title": "Battle at {place}",
    "battle.round": "Round {n} of 3",
    "battle.sides": "{attacker} attack, {defender} defend",
    "battle.firing": "To fire: {side} {letter} blocks",
    "battle.order": "A blocks act before B, B before C; the defender first in each letter (7.21).",
    "battle.attacker": "Attacker: {side}",
    "battle.defender": "Defender: {side}",
    "battle.reserves": "{side} reserves: hidden, in action from round 2 (7.21)",
    "battle.none": "none",
    "battle.last_fire": "Last fire: {firer} ({side}): {result} (at {fire} or less)",
    "battle.hits": "hit {hits}",
    "battle.hit": "{id} (−{n})",
    "battle.no_hits": "missed",
    "battle.waiting": "{n} hit(s) await the owner's choice",
    "battle.then": "; ",
    "hand.title": "Your hand: {side}",
    "hand.turn": "{year}, turn {turn}",
    "hand.winter": "{year}, winter",
    "hand.action": "Action",
    "hand.supply": "Supply",
    "hand.actions": "{n} actions",
    "hand.actions#one": "{n} action",
    "hand.steps": "{n} steps",
    "hand.played": "Played this turn",
    "hand.empty": "No cards in hand.",
    "hand.note": "Private: do not share.",
}

JA: dict[str, str] = {
    "side.british": "イギリス軍",
    "side.american": "アメリカ軍",
    "side.french": "フランス軍",
    "side.public": "公開",
    "title.game": "リバティ 1775–83",
    "title.turn": "{year}年 第{turn}ターン（全5）",
    "title.winter": "{year}年 冬季ターン",
    "title.vp": "イギリス軍の勝利ポイント: {vp}",
    "eyes_only": "{side}専用",
    "key": "凡例",
    "key.clear": "平地ヘクス",
    "key.wilderness": "原野 (1.4)",
    "key.water": "海・湖",
    "key.south": "天候境界線の南 (4.0)",
    "key.weather_line": "天候境界線 (4.0)",
    "key.forest": "森林ヘクスサイド: 2、停止",
    "key.swamp": "沼地ヘクスサイド: 2、停止",
    "key.river": "河川: 森林でも3 (5.2)",
    "key.water_side": "水域: 陸上移動不可",
    "key.clear_side": "平地ヘクスサイド: 4 (5.2)",
    "key.town": "補給源の街、価値1–4",
    "key.small_town": "価値のない街",
    "key.colours": "青・赤・インディアンの街",
    "key.port": "港 (1.3)",
    "key.fort": "砦",
    "key.control": "輪: 相手側が支配",
    "key.battle": "戦闘",
    "key.back": "伏せたブロックと数",
    "key.face": "自軍: ID・戦闘力・戦力",
    "key.hex_id": "ヘクス番号（命令用）",
    "key.bars": "{town}に敵がいる間、{ports}では解散できない (11.3)。",
    "key.reconstruction": "地図は史実からの再構成で、市販版の盤面ではない。",
    "box.atlantic": "大西洋ボックス (1.6)",
    "box.west_indies": "西インド諸島 (9.1)",
    "box.empty": "なし",
    "box.pools": "プール (6.1)",
    "pool.british": "イギリス軍プール: {n}",
    "pool.american": "アメリカ軍プール: {n}",
    "pool.french": "フランス軍プール: {n}",
    "french.in": "フランス参戦済み (9.0)",
    "french.out": "フランス未参戦 (9.0)",
    "battle.title": "{place}の戦闘",
    "battle.round": "戦闘ラウンド {n}（全3）",
    "battle.sides": "攻撃側 {attacker}、防御側 {defender}",
    "battle.firing": "射撃: {side}の{letter}ブロック",
    "battle.order": "AはBより、BはCより先に行動。同じ文字では防御側が先 (7.21)。",
    "battle.attacker": "攻撃側: {side}",
    "battle.defender": "防御側: {side}",
    "battle.reserves": "{side}の予備: 第2ラウンドから行動 (7.21)",
    "battle.none": "なし",
    "battle.last_fire": "直前の射撃: {firer}（{side}）{result}（{fire}以下で命中）",
    "battle.hits": "→ {hits} に命中",
    "battle.hit": "{id}（−{n}）",
    "battle.no_hits": "→ 命中なし",
    "battle.waiting": "→ {n} 命中は持ち主の選択待ち",
    "battle.then": "、",
    "hand.title": "手札: {side}",
    "hand.turn": "{year}年 第{turn}ターン",
    "hand.winter": "{year}年 冬季",
    "hand.action": "アクション",
    "hand.supply": "サプライ",
    "hand.actions": "アクション {n}",
    "hand.steps": "{n}ステップ",
    "hand.played": "このターンに出したカード",
    "hand.empty": "手札なし。",
    "hand.note": "非公開: 他の人に見せないこと。",
}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "ja": JA}
LOCALES = ("en", "ja")


def locale_of(locale: str | None) -> str:
    """``ja`` (or ``ja-JP``...) is Japanese; anything else is English."""
    return "ja" if locale and locale.lower().startswith("ja") else "en"


def say(key: str, locale: str = "en", /, **params: Any) -> str:
    """The text ``key`` in ``locale``, filled with ``params`` (``key#one`` when ``n`` is 1 and it exists)."""
    cat = CATALOGUES[locale_of(locale)]
    if params.get("n") == 1 and f"{key}#one" in cat:
        key = f"{key}#one"
    return cat[key].format(**params)


def side_name(side: str, locale: str = "en") -> str:
    return CATALOGUES[locale_of(locale)].get(f"side.{side}", side)


def join(items: list[str], locale: str = "en") -> str:
    return ("、" if locale_of(locale) == "ja" else ", ").join(items)
