"""The fixed texts of Napoleon's Triumph's pictures, in English (``EN``) and Japanese (``JA``), with the same
keys and ``{fields}`` (the tests check), in the style of :mod:`renderers.liberty.text`. Locale and
commanders' names are the data's, in Japanese its ``name_ja``; block ids are the same in both. The Japanese
game words are the rules' own (``engine/triumph/locale/ja``): ロケール, アプローチ, リザーブ,
リード部隊, 牽制, 反撃, 退却, ナロウ, ワイド, 士気.
"""

from __future__ import annotations

from typing import Any

EN: dict[str, str] = {
    "title.game": "Napoleon's Triumph · Austerlitz 1805",
    "title.round": "{label} · round {n} of {of}",
    "title.turn": "{side} turn",
    "title.act": "to act: {side}",
    "title.over": "Game over: {side} win ({reason})",
    "title.night": "☾ Night",
    "step.setup": "French set-up (6)",
    "step.orders": "orders",
    "step.defend": "attack: defend or give ground (11.2)",
    "step.feint": "attack: feint or press (11.3)",
    "step.lead": "attack: the attack's leaders (11.5)",
    "step.counter": "attack: counter-attack (11.7)",
    "step.step-up": "attack: defenders step up (11.9)",
    "step.retreat": "attack: retreat (12)",
    "step.advance": "attack: advance (G35)",
    "step.over": "game over",
    "side.french": "French",
    "side.allies": "Allied",
    "side.public": "Public",
    "army.french": "French",
    "army.allies": "Allies",
    "eyes_only": "{side} eyes only",
    "track.time": "Time track (7, 14)",
    "track.night": "night",
    "track.morale": "Morale (13)",
    "track.morale_side": "{side}: {n}",
    "track.eliminated": "Eliminated",
    "track.none": "none",
    "track.off": "Not yet on the map: {names}",
    "key": "Key",
    "key.village": "village",
    "key.open": "open ground",
    "key.hill": "hill",
    "key.wood": "wood",
    "key.marsh": "marsh",
    "key.border": "locale border",
    "key.wide": "wide approach",
    "key.narrow": "narrow approach",
    "key.main": "main road (3)",
    "key.local": "local road (2)",
    "key.stream": "stream, frozen pond",
    "key.star": "objective (16)",
    "key.hidden": "hidden blocks, count",
    "key.face": "face: arm, strength",
    "key.guard": "Guard (band)",
    "key.commander": "commander",
    "key.attack": "attack under way",
    "key.blocking": "blocks on an approach",
    "key.reconstruction": (
        "Our Austerlitz map, after Napoleon's Triumph (Simmons Games, 2007): a reconstruction, "
        "not the published board."
    ),
    "attack.title": "Attack on {target}",
    "attack.from": "from {source} ({width} approach) · {attacker} attack",
    "attack.width.wide": "wide",
    "attack.width.narrow": "narrow",
    "attack.none": "No attack under way.",
    "attack.steps": "The attack's steps (11)",
    "attack.s1": "1 threat",
    "attack.s2": "2 defend or give ground",
    "attack.s3": "3 feint or press",
    "attack.s4": "4 defence leaders",
    "attack.s5": "5 attack leaders",
    "attack.s6": "6 initial result",
    "attack.s7": "7 counter-attack",
    "attack.s8": "8 final result",
    "attack.s9": "9 losses",
    "attack.after": "after the attack: {what}",
    "attack.defenders": "Defenders",
    "attack.blocked": "on the approach",
    "attack.reserve": "from the reserve",
    "attack.dleaders": "Defence leaders",
    "attack.sealed": "sealed until the attacker presses (11.4)",
    "attack.attackers": "Attacking units",
    "attack.aleaders": "Attack leaders ({width})",
    "attack.ir": "Initial result: {ir}",
    "attack.counter": "Counter-attack",
    "attack.retreating": "To retreat",
    "attack.waiting": "not yet",
    "attack.nobody": "none",
    "attack.held": "the defender held",
    "attack.won": "the attacker won: the defender retreats (12)",
    "attack.gave": "the defender gave ground (11.2)",
    "attack.feinted": "the attacker feinted (11.3)",
    "attack.advance": "the attacker may move in (G35)",
    "attack.sign": "+1 or more: the attacker wins; −1 or less: the defender (11.6)",
    "attack.symbols": "Into {target} here: penalties for {arms}",
    "attack.no_penalty": "Into {target} here: no penalty",
    "attack.obstructed": "; obstructed",
    "arm.infantry": "infantry",
    "arm.cavalry": "cavalry",
    "arm.artillery": "artillery",
    "reason.demoralised": "an army demoralised, 13",
    "reason.objectives": "objectives, 16",
}

JA: dict[str, str] = {
    "title.game": "ナポレオンズ・トライアンフ・アウステルリッツ 1805",
    "title.round": "{label}・第{n}ラウンド（全{of}）",
    "title.turn": "{side}のターン",
    "title.act": "行動: {side}",
    "title.over": "終了: {side}の勝利（{reason}）",
    "title.night": "☾ 夜間",
    "step.setup": "フランス軍の配置 (6)",
    "step.orders": "命令",
    "step.defend": "攻撃: 防御か退却 (11.2)",
    "step.feint": "攻撃: 牽制か続行 (11.3)",
    "step.lead": "攻撃: 攻撃のリード部隊 (11.5)",
    "step.counter": "攻撃: 反撃 (11.7)",
    "step.step-up": "攻撃: 防御部隊の前進 (11.9)",
    "step.retreat": "攻撃: 退却 (12)",
    "step.advance": "攻撃: 進入 (G35)",
    "step.over": "ゲーム終了",
    "side.french": "フランス軍",
    "side.allies": "連合軍",
    "side.public": "公開",
    "army.french": "フランス軍",
    "army.allies": "連合軍",
    "eyes_only": "{side}専用",
    "track.time": "時間トラック (7, 14)",
    "track.night": "夜間",
    "track.morale": "士気 (13)",
    "track.morale_side": "{side}: {n}",
    "track.eliminated": "除去された部隊",
    "track.none": "なし",
    "track.off": "未登場: {names}",
    "key": "凡例",
    "key.village": "村",
    "key.open": "平地",
    "key.hill": "丘",
    "key.wood": "森",
    "key.marsh": "湿地",
    "key.border": "ロケールの境界",
    "key.wide": "ワイドのアプローチ",
    "key.narrow": "ナロウのアプローチ",
    "key.main": "主要道路 (3)",
    "key.local": "地方道路 (2)",
    "key.stream": "小川・凍った池",
    "key.star": "目標 (16)",
    "key.hidden": "伏せた部隊と数",
    "key.face": "表: 兵科・戦力",
    "key.guard": "近衛（帯）",
    "key.commander": "指揮官",
    "key.attack": "進行中の攻撃",
    "key.blocking": "アプローチ上の部隊",
    "key.reconstruction": (
        "地図はナポレオンズ・トライアンフ（Simmons Games, 2007）に倣った再構成で、市販版の盤面ではない。"
    ),
    "attack.title": "{target}への攻撃",
    "attack.from": "{source}から（{width}のアプローチ）・攻撃側 {attacker}",
    "attack.width.wide": "ワイド",
    "attack.width.narrow": "ナロウ",
    "attack.none": "進行中の攻撃はない。",
    "attack.steps": "攻撃の手順 (11)",
    "attack.s1": "1 攻撃の脅威",
    "attack.s2": "2 防御か退却",
    "attack.s3": "3 牽制か続行",
    "attack.s4": "4 防御リード部隊",
    "attack.s5": "5 攻撃リード部隊",
    "attack.s6": "6 初期結果",
    "attack.s7": "7 反撃",
    "attack.s8": "8 最終結果",
    "attack.s9": "9 損害",
    "attack.after": "攻撃の後: {what}",
    "attack.defenders": "防御部隊",
    "attack.blocked": "アプローチ上",
    "attack.reserve": "リザーブから",
    "attack.dleaders": "防御リード部隊",
    "attack.sealed": "攻撃側が続行するまで非公開 (11.4)",
    "attack.attackers": "攻撃部隊",
    "attack.aleaders": "攻撃リード部隊（{width}）",
    "attack.ir": "初期結果: {ir}",
    "attack.counter": "反撃",
    "attack.retreating": "退却する部隊",
    "attack.waiting": "まだ",
    "attack.nobody": "なし",
    "attack.held": "防御側が守った",
    "attack.won": "攻撃側の勝ち: 防御側は退却 (12)",
    "attack.gave": "防御側は退却した (11.2)",
    "attack.feinted": "攻撃側は牽制した (11.3)",
    "attack.advance": "攻撃側は進入できる (G35)",
    "attack.sign": "+1以上は攻撃側、−1以下は防御側の勝ち (11.6)",
    "attack.symbols": "ここから{target}へ: {arms}にペナルティ",
    "attack.no_penalty": "ここから{target}へ: ペナルティなし",
    "attack.obstructed": "、障害あり",
    "arm.infantry": "歩兵",
    "arm.cavalry": "騎兵",
    "arm.artillery": "砲兵",
    "reason.demoralised": "士気崩壊、13",
    "reason.objectives": "目標、16",
}

CATALOGUES: dict[str, dict[str, str]] = {"en": EN, "ja": JA}


def locale_of(locale: str | None) -> str:
    """``ja`` (or ``ja-JP``...) is Japanese; anything else is English."""
    return "ja" if locale and locale.lower().startswith("ja") else "en"


def say(key: str, locale: str = "en", /, **params: Any) -> str:
    return CATALOGUES[locale_of(locale)][key].format(**params)


def when(label: str, locale: str = "en") -> str:
    """A round's label ("2 Dec 07:00", "1 Dec night", or the day alone, "2 Dec") in the picture's language:
    in Japanese 「12月2日 07:00」, 「12月1日 夜」, 「12月2日」."""
    day, _, hour = label.partition(" Dec")
    if locale_of(locale) != "ja" or not day.isdigit():
        return label
    hour = hour.strip()
    said = f"12月{day}日"
    return f"{said} {say('track.night', 'ja') if hour == 'night' else hour}" if hour else said


def side_name(side: str, locale: str = "en") -> str:
    return CATALOGUES[locale_of(locale)].get(f"side.{side}", side)
