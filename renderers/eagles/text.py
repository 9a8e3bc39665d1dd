"""The fixed texts of Eagles of the Empire's pictures, in English (``EN``) and Japanese (``JA``), with the
same keys and ``{fields}`` (the tests check). Area names, unit ids and leaders' names are the data's and the
same in both. The Japanese game words are the rules' own: 活性化, 指揮範囲, 視認線, 砲撃, 長カウンター.
"""

from __future__ import annotations

from typing import Any

EN: dict[str, str] = {
    "title.game": "Eagles of the Empire · Quatre Bras, 16 June 1815",
    "title.turn": "turn {n} of {of} · {time}",
    "title.weather": "weather: {weather}",
    "title.vp": "VP French {french} · Allies {allies}",
    "title.act": "to act: {side}",
    "title.over": "Game over: {result}",
    "weather.clear": "clear",
    "weather.rain": "rain",
    "light.dusk": "dusk",
    "light.night": "night",
    "side.french": "French",
    "side.allies": "Allies",
    "result.french": "French victory",
    "result.allies": "Allied victory",
    "result.draw": "draw",
    "panel.victory": "Victory areas (VP, held by)",
    "panel.none": "none",
    "panel.gone": "Eliminated: {ids}",
    "panel.away": "Not on the map: {ids}",
    "panel.range": "Command range of {leader}: {n} (9.0)",
    "panel.last": "Last activation: {areas}",
    "key": "Key",
    "key.valley": "valley (elevation 0)",
    "key.ridge": "ridge, plateau (+1)",
    "key.slope": "gentle slope (ticks on the high side)",
    "key.woods": "woods (block LOS)",
    "key.marsh": "marsh (the pond)",
    "key.built": "farm, hamlet, village: all-round",
    "key.road": "chaussée (road)",
    "key.trail": "trail",
    "key.stream": "Gemioncourt stream (hedged)",
    "key.bridge": "bridge · ford",
    "key.los": "LOS point, area id, name",
    "key.vp": "victory area: VP, holder",
    "key.unit": "id, type, SP, steps (dots)",
    "key.long": "long counter: front bar, facing arrow",
    "key.leader": "leader: range/tactical/initiative",
    "key.ours": "Our map of Quatre Bras (42 areas): our design after the series' rules, not a published map.",
    "los.title": "Line of sight (12.5): {a} → {b}",
    "los.yes": "Yes: {a} sees {b}",
    "los.no": "No: {a} does not see {b}",
    "los.blocker": "blocked by {what}",
    "los.between": "intervening areas: {areas}",
    "los.border": "the border {a}|{b}",
    "crop.title": "The last activation: {areas}",
    "crop.none": "No activation under way.",
}

JA: dict[str, str] = {
    "title.game": "イーグルス・オブ・ジ・エンパイア · カトル・ブラ 1815年6月16日",
    "title.turn": "ターン {n}/{of} · {time}",
    "title.weather": "天候: {weather}",
    "title.vp": "VP フランス {french} · 連合 {allies}",
    "title.act": "手番: {side}",
    "title.over": "ゲーム終了: {result}",
    "weather.clear": "晴れ",
    "weather.rain": "雨",
    "light.dusk": "薄暮",
    "light.night": "夜",
    "side.french": "フランス",
    "side.allies": "連合",
    "result.french": "フランスの勝利",
    "result.allies": "連合の勝利",
    "result.draw": "引き分け",
    "panel.victory": "勝利エリア (VP、保持)",
    "panel.none": "なし",
    "panel.gone": "除去: {ids}",
    "panel.away": "盤外: {ids}",
    "panel.range": "{leader}の指揮範囲: {n} (9.0)",
    "panel.last": "直前の活性化: {areas}",
    "key": "凡例",
    "key.valley": "谷 (標高0)",
    "key.ridge": "尾根・台地 (+1)",
    "key.slope": "緩斜面 (刻みが高い側)",
    "key.woods": "森 (視認線を遮る)",
    "key.marsh": "湿地 (池)",
    "key.built": "農場・集落・村: 全周",
    "key.road": "舗装道路 (ショセ)",
    "key.trail": "小道",
    "key.stream": "ジェミオンクール川 (生垣)",
    "key.bridge": "橋 · 浅瀬",
    "key.los": "視認点、エリア番号、名前",
    "key.vp": "勝利エリア: VP、保持側",
    "key.unit": "番号、兵科、SP、ステップ (点)",
    "key.long": "長カウンター: 正面の線、向きの矢印",
    "key.leader": "指揮官: 範囲/戦術/主導",
    "key.ours": (
        "カトル・ブラの自作マップ (42エリア): シリーズの規則に基づく独自設計で、出版された地図ではない。"
    ),
    "los.title": "視認線 (12.5): {a} → {b}",
    "los.yes": "可: {a}から{b}が見える",
    "los.no": "不可: {a}から{b}は見えない",
    "los.blocker": "遮るもの: {what}",
    "los.between": "間のエリア: {areas}",
    "los.border": "境界 {a}|{b}",
    "crop.title": "直前の活性化: {areas}",
    "crop.none": "活性化中のフォーメーションはない。",
}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "ja": JA}


def locale_of(locale: str | None) -> str:
    """``ja`` (or ``ja-JP``...) is Japanese; anything else is English."""
    return "ja" if locale and locale.lower().startswith("ja") else "en"


def say(key: str, locale: str = "en", /, **params: Any) -> str:
    return CATALOGUES[locale_of(locale)][key].format(**params)


def side_name(side: str, locale: str = "en") -> str:
    return CATALOGUES[locale_of(locale)].get(f"side.{side}", side)
