"""Japanese templates of the engine's messages (keys and fields as in ``messages.py``), and the Japanese
words of the game, after the Japanese translations of the rules (3rd edition and v3.4): 会戦 (battle),
戦闘ターン (battle turn), 潰走 (rout), 再編成 (regroup), 強行軍 (forced march), 方陣 (square) / 横隊 (line),
予備 (reserve), センターライン (centre line), 士気 (morale), 増援 (reinforcement), 混乱 (disrupted), 親衛隊
(the Guard), サイコロ (dice), ユニット (block). The combat moves are named by edition: 前進 / 後退 in the 3rd
edition, 交戦 / 離脱 in v3.4 (``MOVE_VERB``). Town and unit names stay as the data gives them.

The politeness of each kind of text is written at the top of ``bot/i18n_ja.py``: these templates are messages
to a player (です / ます).

Commands and options are named as a Japanese Discord client shows them, the English as typed in the console
in brackets: a template writes a reference between ⟨ ⟩ (``⟨/end⟩``, ``⟨/move units:A path:町>町⟩``,
``⟨battle:町⟩``) and ``command_ref`` says it (``/手番終了 (/end)``); ``{order:cmd}`` does the same for a
command named by a field.
"""

from __future__ import annotations

import re
from typing import Any

ARMY = {
    "french": "フランス軍",
    "british": "イギリス軍",
    "prussian": "プロシア軍",
    "allied": "連合軍",
    "public": "観戦者",
    "draw": "引き分け",
}

# --- the names a Japanese Discord client shows --------------------------------------------------------------
# Discord: names match ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ and are lowercase; the interaction still
# carries the English names, so the cog and the order text never see these (bot/discord_app/translate.py).

COMMAND_NAMES_JA: dict[str, str] = {
    "game": "ゲーム",
    "game new": "新規",
    "game join": "参加",
    "game leave": "退席",
    "game start": "開始",
    "game status": "状況",
    "game map": "地図",
    "game log": "記録",
    "game options": "オプション",
    "game spectate": "観戦",
    "game prefer": "優先設定",
    "game abort": "中止",
    "game export": "書き出し",
    "game import": "読み込み",
    "game verify": "検証",
    "mygames": "参加ゲーム",
    "move": "移動",
    "end": "手番終了",
    "undo": "取り消し",
    "setup": "配置",
    "deploy": "会戦配置",
    "battle-move": "戦闘移動",
    "fire": "射撃",
    "square": "方陣",
    "unsquare": "方陣解除",
    "retreat": "退却",
    "reinforce": "増援",
    "regroup": "再編成",
    "orders": "一括命令",
}

OPTION_NAMES_JA: dict[str, str] = {
    "setup": "配置方法",
    "players": "人数",
    "ruleset": "ルール版",
    "command_control": "コマンドコントロール",
    "corps_restriction": "軍団制限",
    "days": "日数",
    "deadline_hours": "期限時間",
    "language": "言語",
    "role": "陣営",
    "bot": "ボット",
    "deadline_action": "期限時の処理",
    "last": "行数",
    "options": "オプション",
    "channel": "チャンネル",
    "stop": "停止",
    "key": "項目",
    "value": "値",
    "script": "スクリプト",
    "keep_dice": "固定サイコロを残す",
    "units": "ユニット",
    "unit": "ユニット",
    "path": "経路",
    "forced": "強行軍",
    "town": "町",
    "auto": "自動",
    "game": "ゲーム",
    "left": "左翼",
    "center": "中央",
    "right": "右翼",
    "reserve": "予備",
    "battle": "会戦",
    "to": "行き先",
    "from": "出発地",
    "target": "目標",
    "list": "命令リスト",
}

_OPTION_RX = re.compile(r"^(\[?)([a-z_-]+)([:=])(.*?)(\]?)$")


def _option_ja(token: str) -> str:
    m = _OPTION_RX.match(token)
    if not m or m[2] not in OPTION_NAMES_JA:
        return token
    return f"{m[1]}{OPTION_NAMES_JA[m[2]]}{m[3]}{m[4]}{m[5]}"


def command_ref(text: str) -> str:
    """A command, or options, as a Japanese client shows them, then as typed in the console, in brackets:

    >>> command_ref("/end")
    '/手番終了 (/end)'
    >>> command_ref("/game join")
    '/ゲーム 参加 (/game join)'
    >>> command_ref("/move units:A,B path:町>町 [forced:yes]")
    '/移動 ユニット:A,B 経路:町>町 [強行軍:yes] (/move units:A,B path:町>町 [forced:yes])'
    >>> command_ref("battle:町")
    '会戦:町 (battle:町)'
    >>> command_ref("ruleset=")
    'ルール版 (ruleset=)'
    """
    words = text.split(" ")
    if words[0].startswith("/"):
        name, rest = words[0][1:], words[1:]
        shown = [COMMAND_NAMES_JA.get(name, name)]
        if rest and f"{name} {rest[0]}" in COMMAND_NAMES_JA:
            shown.append(COMMAND_NAMES_JA[f"{name} {rest[0]}"])
            rest = rest[1:]
        said = "/" + " ".join(shown + [_option_ja(w) for w in rest])
    else:
        m = _OPTION_RX.match(text)
        if m and m[3] == "=" and m[2] in OPTION_NAMES_JA:  # a key of a game's options text: typed in English
            return f"{OPTION_NAMES_JA[m[2]]} ({text})"
        said = " ".join(_option_ja(w) for w in words)
    return f"{said} ({text})" if said != text else text


_REF_RX = re.compile(r"⟨([^⟩]+)⟩")


def with_commands(catalog: dict[str, str]) -> dict[str, str]:
    """The catalog with every ⟨reference⟩ said by ``command_ref``."""
    return {k: _REF_RX.sub(lambda m: command_ref(m[1]), v) for k, v in catalog.items()}


def _path_ja(value: Any) -> str:
    """``Charleroi>Gosselies>Frasnes`` -> ``Charleroi から Gosselies 経由で Frasnes へ``."""
    towns = [t.strip() for t in str(value).split(">") if t.strip()]
    if len(towns) < 2:
        return str(value)
    via = f" {'、'.join(towns[1:-1])} 経由で" if len(towns) > 2 else ""
    return f"{towns[0]} から{via} {towns[-1]} へ"


# the combat moves by edition (8.1): the 3rd edition's Japanese says 前進 / 後退, v3.4's 交戦 / 離脱 (「A から
# B へ進んで交戦」 in the event log)
MOVE_VERB: dict[str, dict[str, str]] = {
    "3rd": {"engage": "前進", "disengage": "後退", "redeploy": "再配置", "move": "移動"},
    "3.4": {"engage": "進んで交戦", "disengage": "離脱", "redeploy": "再配置", "move": "移動"},
}

JA_TERMS: dict[str, Any] = {
    "_list": "、",
    "_and": "と",
    "_slash": "/",
    "role": ARMY,
    "side": ARMY,
    "army": ARMY,
    "army_name": ARMY,
    "type": {"infantry": "歩兵", "cavalry": "騎兵", "artillery": "砲兵", "leader": "指揮官"},
    "column": {"left": "左翼", "center": "中央", "right": "右翼", "reserve": "予備"},
    "position": {
        "reserve": "予備",
        "left": "左翼",
        "center": "中央",
        "right": "右翼",
        "across-left": "左翼正面の敵コラム",
        "across-center": "中央正面の敵コラム",
        "across-right": "右翼正面の敵コラム",
    },
    "phase": {"morale": "士気", "retreat": "退却", "combat": "戦闘", "reinforce": "増援"},
    "road_class": {"major": "幹線", "minor": "一般"},
    "formation": {"line": "横隊", "square": "方陣"},
    "regroup_kind": {"retreat": "退却", "reinforce": "増援"},
    "bool": {True: "あり", False: "なし"},
    "deploy_area": {
        "french": "フランス国内の町",
        "british": "イギリス−プロシア配置線より西の町",
        "prussian": "イギリス−プロシア配置線より東の町",
    },
    "cmd": lambda name: command_ref(f"/{name}"),
    "cmd_text": command_ref,
    "opt": lambda name: f"{OPTION_NAMES_JA.get(name, name)} ({name})" if name in OPTION_NAMES_JA else name,
    "battle_wait": {
        "deploy": "あなたの配置(" + command_ref("/deploy") + ")",
        "turn": "あなたの戦闘ターン(射撃・移動・方陣・退却・増援、終えたら " + command_ref("/end") + ")",
        "regroup": "あなたの再編成(" + command_ref("/regroup") + " か " + command_ref("/end") + ")",
    },
    "path": _path_ja,
    "n_units": ("{n}ユニット", "{n}ユニット"),
    "n_more_units": ("あと{n}ユニット", "あと{n}ユニット"),
    "n_towns": ("{n}町", "{n}町"),
}

JA: dict[str, str] = {
    "match.no_town": "「{text}」に当たる町はありません",
    "match.no_unit": "「{text}」に当たるユニットはありません",
    "match.no_town_given": "町が指定されていません",
    "match.no_unit_given": "ユニットが指定されていません",
    "match.ambiguous_town": "「{text}」に当たる町が複数あります。候補は {candidates:list} です",
    "match.ambiguous_unit": "「{text}」に当たるユニットが複数あります。候補は {candidates:list} です",
    "match.other": "{text}",
    "text.no_slash": "命令は「/」で始めます。例: ⟨/move units:FR-1 path:Beaumont>Charleroi⟩(入力は「{text}」)"
    "",
    "text.bad_name": "「{name}」という命令はありません",
    "text.not_name_value": "{order:cmd} のオプションは 名前:値 の形で書きます。「{text}」は読めません",
    "text.open_quote": "「{option}」の値の引用符が閉じられていません",
    "text.after_quote": "「{option}」の引用符で囲んだ値の後に余分な文字があります",
    "text.option_twice": "オプション「{option}」が2回指定されています",
    "text.yes_no": "オプション「{option}」は yes か no で指定します。「{value}」は使えません",
    "options.ruleset": "⟨ruleset=⟩ に使えるのは {known:list} です。「{value}」は使えません",
    "options.setup": "⟨setup=⟩ に使えるのは {known:list} です。「{value}」は使えません",
    "options.players": "⟨players=⟩ は 2 か 3 です。「{value}」は使えません",
    "options.corps_restriction": "軍団制限は v3.4 だけの選択ルールです(⟨ruleset=⟩3.4)",
    "options.days": "⟨days=⟩ は 0(時間記録表の全期間)か正の日数です",
    "options.unknown": "「{item}」というオプションはありません。使えるのは {known:list} です(名前=値 の形で)",
    "options.on_off": "{option} は on か off で指定します。「{value}」は使えません",
    "options.whole_number": "{option} は整数で指定します。「{value}」は使えません",
    "options.range": "{option} には {lo} から {hi} までの整数を指定してください。「{value}」は使えません",
    "options.choice": "{option} に使えるのは {known:list} です。「{value}」は使えません",
    "options.game": "ゲーム「{value}」はありません。遊べるゲームは {known:list} です",
    "game.no_role": "このゲームに「{role}」の陣営はありません。陣営は {roles:role} です",
    "game.no_role_view": "このゲームに「{role}」の陣営はありません。陣営は {roles:role}、観戦者です",
    "game.no_role_short": "このゲームに「{role}」の陣営はありません",
    "game.cv_range": "{unit} の最大戦力は {max_cv} cv なので、cv={cv} は範囲外です",
    "game.turn_range": "ターンは 1〜{last} の範囲で指定します。{turn} は範囲外です",
    "game.unknown_preference": "「{key}」という設定はありません。使えるのは hits と supply です",
    "game.not_your_unit": "{unit} は{role:role}のユニットではありません",
    "game.over": "ゲームは終了しています",
    "game.over_reason": "ゲームは終了しています({reason:phrase})",
    "game.setup_orders": "配置中に使える命令は ⟨/setup⟩ と ⟨/end⟩ だけです。{order:cmd} は使えません",
    "game.not_your_move": "いまは{side:side}のキャンペーンターンなので、{role:role}は移動できません",
    "game.move_ended": "{side:side}のキャンペーンターンのうち、{role:role}の移動は ⟨/end⟩ で終わっています。"
    "{waiting:role+and}が移動を終えるのを待っています",
    "game.battle_order_in_movement": "{order:cmd} は会戦の命令です。会戦は移動フェイズの後です(まず ⟨/end⟩ で"
    "移動フェイズを終えてください)",
    "game.unknown_movement_order": "{order:cmd} という命令はありません。移動フェイズの命令は ⟨/move⟩ と "
    "⟨/end⟩ です",
    "game.not_battle_order": "{order:cmd} は会戦フェイズの命令ではありません",
    "game.unknown_battle_order": "{order:cmd} という命令はありません。会戦の命令は {orders:cmd_text} です",
    "game.end_no_options": "⟨/end⟩ にオプションは付けられません(指定されたもの: {options:list})",
    "setup.not_your_turn": "いまはあなたの配置の番ではありません({who:role+and}を待っています。"
    "連合軍が先に、フランス軍が後に配置します)",
    "setup.not_your_turn_nobody": "いまはあなたの配置の番ではありません(誰も待っていません。"
    "連合軍が先に、フランス軍が後に配置します)",
    "setup.end_not_your_turn": "いまはあなたの配置の番ではありません({who:role+and}を待っています)",
    "setup.usage": "⟨/setup units:A,B town:町⟩ と書くか、⟨/setup auto:yes⟩ "
    "で残りを史実どおりに配置してください",
    "setup.auto_nothing": "すべて配置済みです。⟨/end⟩ で終えるか、⟨/setup units:A town:町⟩ "
    "で置き直してください",
    "setup.no_units": "ユニットを1つ以上指定してください(⟨units:A,B⟩)",
    "setup.not_yours": "{unit} はあなたが配置するユニットではありません",
    "setup.historical": "このゲームでは {unit} はヒストリカル配置です(⟨setup=⟩{setup})",
    "setup.not_in_france": "連合軍ユニットはフランス国内に配置できません({town} はフランスの町です)",
    "setup.where": "{unit} を配置できるのは{army:deploy_area}だけで、{town} には配置できません",
    "setup.cap": "1つの町に配置できる{army:army}ユニットは最大{cap}個です。{town} は{total}個になります",
    "setup.place_all": "配置を終える前にすべてのユニットを配置してください。未配置のユニットは {units:list} "
    "です",
    "move.usage": "⟨/move units:A,B,C path:町>町[>町] [forced:yes]⟩ と書いてください",
    "move.no_units": "ユニットを1つ以上指定してください(⟨units:A,B,C⟩)",
    "move.unit_twice": "⟨units:⟩ に同じユニットが2回あります",
    "move.not_yours": "{unit} は動かせません。あなた({role:role})"
    "が動かせるのは{armies:army}のユニットだけです",
    "move.eliminated": "{unit} は全滅しています",
    "move.moved": "{unit} はこのターンにすでに移動しました(1ユニットは1ターンに1回移動)",
    "move.one_group": "1つの命令で動かせるのは1グループのユニットです。指定したユニットは "
    "{towns:list} にいます",
    "move.no_path": "{start} から通る町を指定してください(⟨path:{start}>町⟩)",
    "move.no_road": "{a} から {b} への道路はありません({a} からの道路は {roads:list} へ通じています)",
    "move.town_twice": "経路で同じ町を2回通ることはできません",
    "move.must_stop": "{town} には敵ユニットがいるので、入るユニットはそこで停止します",
    "move.night_attack": "夜間ターンには攻撃できません({town} には敵ユニットがいます)",
    "move.leader_forced": "{unit} は指揮官です。指揮官の移動は最大2町で、強行軍はできません",
    "move.too_far": "{unit}({type:type})の移動は{speed:n_towns}、強行軍で{forced}町までですが、"
    "この経路は{steps}町あります",
    "move.needs_forced": "{unit}({type:type})の移動は1ターンに{speed:n_towns}です。1町多く強行軍するには "
    "⟨forced:yes⟩ を加えてください(5.5)",
    "move.night_forced": "夜間ターンの強行軍は {town} にいる自軍の指揮官の命令がなければできません(10.1)",
    "move.night_forced_unit": "{unit} は夜間に強行軍できません。自軍の指揮官が {town} "
    "にいる必要があります(10.1)",
    "move.group_moves": "{army:army_name}はこのターンのグループ移動{limit}回をすべて使いました({towns:list} "
    "から)。それらの町に残るユニットは移動できます",
    "move.road_full": "{a}–{b} の道路はこのターンすでに{used}ユニットが通行しました"
    "({cls:road_class}道路の通行制限{limit})",
    "move.road_full_river": "{a}–{b} の道路はこのターンすでに{used}ユニットが通行しました"
    "({cls:road_class}道路の通行制限{limit}、{river}越えで敵のいる町へは半分の{halved}(5.4))",
    "move.road_room": "{a}–{b} の道路がこのターン通せるのは{room:n_more_units}で、{n}ユニットは通れません"
    "({cls:road_class}道路の通行制限{limit})",
    "move.road_room_river": "{a}–{b} の道路がこのターン通せるのは{room:n_more_units}で、{n}ユニットは"
    "通れません({cls:road_class}道路の通行制限{limit}、{river}越えで敵のいる町へは半分の{halved}(5.4))",
    "undo.over": "ゲームは終了しました。取り消せる命令はありません",
    "undo.nothing": "取り消せるあなたの命令はありません",
    "undo.other_role": "あなたの最後の命令の後に{other:role}が行動したので、もう取り消せません"
    "(取り消しは他の陣営が行動すると止まります)",
    "undo.after_dice": "最後にサイコロが振られてから取り消せる命令はありません"
    "(取り消しはサイコロを振ると止まります)",
    "undo.after_reveal": "隠れていた情報が最後に他の陣営へ明かされてから取り消せる命令はありません"
    "(取り消しは情報が明かされると止まります)",
    "undo.after_turn": "このキャンペーンターンが始まってから取り消せる命令はありません"
    "(取り消しは他の陣営が行動すると止まります。ターンが相手側に移るのもその行動にあたります)",
    "undo.after_directive": "指令(@place、@turn)でゲームが変更されてから取り消せる命令はありません",
    "move.attack_leader_alone": "指揮官だけで {town} を攻撃することはできません。指揮官は移動に関して無視"
    "され(10.0)、攻撃は戦闘ユニットで行います(6.1)",
    "move.attack_incomplete": "{town} にいるあなたの攻撃ユニットは{n:n_units}だけですが、"
    "攻撃には3ユニット以上が"
    "必要です(6.1)。{town} へ{need:n_more_units}を移動させるか、そこへの移動を ⟨/undo⟩ してください",
    "move.ally_attack_incomplete": "{ally:army_name}の {town} への攻撃がまだ3ユニットに足りません(6.1)。"
    "{ally:role}が完成させるか取り消すまで、動けるのはそれを完成させるユニットだけです",
    "move.command_control": "{origin} のグループがすでに {town} を攻撃しています。{start} のグループが"
    "加われるのは {start} と {origin} が道路でつながっている場合だけです(または増援、9.0)",
    "board.already_there": "すでにそこにいます",
    "board.enemy_reserve": "敵の予備には入れません",
    "board.reserve_first": "予備のユニットはまず自軍の戦列コラムに移動します。センターラインを越えるのは"
    "2回目の移動です",
    "board.engaged_to_reserve": "交戦中のユニットが自軍の戦列コラムから動けるのは予備へだけです",
    "board.sideways_engage": "横移動で交戦中のコラムに入ることはできません",
    "board.cross_facing": "センターラインを越えられるのは、自軍のコラムに対面する敵コラムへだけです",
    "board.disengage_engage": "交戦中のユニットは、1回の移動で交戦を抜けて別の敵コラムに入ることはできません",
    "board.back_only": "センターラインを越えたユニットが戻れるのは、対面する自軍のコラムだけです",
    "board.own_engaged": "自軍のコラムが交戦中なので、1回の移動でそこを抜けて敵コラムに入ることはできません",
    "battle.no_road": "{town} は {battle} と道路でつながっていません",
    "battle.needs_units": "{order:cmd} には {option:opt}:A,B(ユニットのIDか名前)が必要です",
    "battle.unit_twice": "同じユニットが2回指定されています",
    "battle.deploy_not_yours": "{unit} は {town} の会戦にいるあなたのユニットではありません。"
    "あなたのユニットは {mine:list} です",
    "battle.placed_twice": "同じユニットが2回配置されています",
    "battle.place_all": "すべてのユニットを配置してください。{missing:list} が未配置です"
    "(余ったユニットは ⟨reserve:⟩ へ)",
    "battle.one_leader_deploy": "戦列に立てる指揮官は1陣営1人までです。もう1人は ⟨reserve:⟩ へ置いてください",
    "battle.fill_columns": "⟨left:⟩、⟨center:⟩、⟨right:⟩ のそれぞれに1ユニット以上が必要です",
    "battle.already_set_up": "{town} の会戦はすでに配置済みです",
    "battle.trapped_neighbour": "{unit} には {battle} から退却できる道がありません(7.5: 退却できなかった"
    "ユニットは全滅します)。それでも退却させるなら、{town} の代わりに {battle} の隣の町を指定してください",
    "battle.deploy_final": "{town} では攻撃側が配置を始めたので、防御側の配置はもう変更できません",
    "battle.deploy_options": "⟨/deploy⟩ のオプションは ⟨left:⟩、⟨center:⟩、⟨right:⟩、⟨reserve:⟩ だけです"
    "({options:list} は使えません)",
    "battle.phase_over": "この戦闘ターンはすでに{current:phase}フェイズなので、{phase:phase}フェイズは"
    "終わっています(フェイズの順は士気、退却、戦闘、増援)",
    "battle.not_waiting_here": "{town} の会戦はいま{role:role}のこの命令を待っていません",
    "battle.not_waiting_here_others": "{town} の会戦はいま{role:role}のこの命令を待っていません。"
    "待っているのは {towns:list} の会戦です",
    "battle.no_battle": "{town} に会戦はありません",
    "battle.nothing_waiting": "いま{role:role}の {order:cmd} を待っている会戦はありません",
    "battle.nothing_waiting_for": "いま{role:role}の {order:cmd} を待っている会戦はありません"
    "({waiting:role}の行動を待っています)",
    "battle.nothing_waiting_yours": "いまあなたの {order:cmd} を待っている会戦はありません。"
    "{towns:list} の会戦が待っているのは{wait:battle_wait}です",
    "battle.which": "{role:role}には {towns:list} の会戦があります。⟨battle:町⟩ を加えてください",
    "battle.end_options": "ここで ⟨/end⟩ に付けられるのは ⟨battle:町⟩ だけです(指定されたもの: "
    "{options:list})",
    "battle.unknown_order": "{order:cmd} という会戦の命令はありません",
    "battle.cannot_read": "「{item}」を読めません",
    "battle.cannot_read_usage": "「{item}」を読めません。'fire A [line|square]'、'A>位置'、'square A'、"
    "'unsquare A'、'end' か、⟨/retreat units:A to:町⟩ のような完全な命令を書いてください",
    "battle.nested_orders": "⟨/orders⟩ の中に ⟨/orders⟩ は書けません",
    "battle.orders_usage": '⟨/orders⟩ には ⟨list:"fire A; B>across-left; square C"⟩ が必要です',
    "battle.orders_item": "{i}番目の命令「{item}」: {error:error}",
    "battle.retreat_forced_34": "[v3.4] 強行軍で退却することはできません(7.3)",
    "battle.regroup_not_forced": "再編成は強行軍ではありません(裁定 7.6)",
    "battle.path_end": "経路は {town} で終わらなければなりません",
    "battle.not_your_block_at": "{unit} は {town} にいるあなたのユニットではありません",
    "battle.not_your_block": "{unit} は {town} の会戦にいるあなたのユニットではありません",
    "battle.leader_forced": "指揮官は強行軍できません",
    "battle.cannot_retreat_to": "{unit} は {town} へ退却できません。退却できる先は {ok:list} です",
    "battle.cannot_retreat_nowhere": "{unit} は {town} へ退却できません。退却できる先はありません",
    "battle.cannot_retreat_to_3rd": "{unit} は {town} へ退却できません(強行軍{forced:bool})。"
    "退却できる先は {ok:list} です",
    "battle.cannot_retreat_nowhere_3rd": "{unit} は {town} へ退却できません(強行軍{forced:bool})。"
    "退却できる先はありません",
    "battle.retreat_road_full": "{town}-{to} の道路({cls:road_class})はこの戦闘ターンの上限{limit}ユニットが"
    "通行済みです(幹線2、一般1)",
    "battle.regroup_road_full": "{town}-{to} の道路({cls:road_class})はこの再編成の上限{limit}ユニットが"
    "通行済みです(幹線2、一般1)",
    "battle.retreat_phase_over": "退却は戦闘ターンでどのユニットも移動・射撃する前に行います(7.0)。"
    "この戦闘ターンの退却フェイズは終わりました",
    "battle.retreat_needs_to": "⟨/retreat⟩ には ⟨to:町⟩ が必要です",
    "battle.fired_no_move": "{unit} はこの戦闘ターンに射撃しました。"
    "ユニットは移動か射撃のどちらかしかできません",
    "battle.squared_no_move": "{unit} はこの戦闘ターンに方陣を組んだか解きました。それがその戦闘移動です",
    "battle.morale_moved": "{unit} は士気チェックに失敗したときに戦闘移動を済ませています",
    "battle.moves_done_one": "{unit} はこの戦闘ターンの戦闘移動を済ませました(騎兵と指揮官は2回、"
    "他のユニットは1回)",
    "battle.moves_done_two": "{unit} はこの戦闘ターンの戦闘移動を2回とも済ませました(騎兵と指揮官は2回、"
    "他のユニットは1回)",
    "battle.square_no_move": "{unit} は方陣です。[第3版] 方陣は解くまで(⟨/unsquare⟩)他の戦闘移動を行えません",
    "battle.cannot_move_to": "{unit} は{position:position}へ移動できません。{why:error}",
    "battle.artillery_engage": "[v3.4] 砲兵は交戦できません",
    "battle.engage_disengage": "[第3版] {type:type}は同じ戦闘ターンに前進と後退の両方はできません",
    "battle.one_leader": "戦列に立てる指揮官は1陣営1人までです({other} がすでに立っています)",
    "battle.move_usage": "⟨/battle-move unit:A to:位置⟩ と書いてください。位置は reserve(予備)、left(左翼)、"
    "center(中央)、right(右翼)、across-left / across-center / across-right(正面の敵コラム)です",
    "battle.unknown_position": "「{text}」という位置はありません。位置は {positions:list} です",
    "battle.leader_no_fire": "指揮官は射撃できません",
    "battle.already_fired": "{unit} はこの戦闘ターンにすでに射撃しました",
    "battle.moved_no_fire": "{unit} はこの戦闘ターンに移動した(または方陣を組んだか解いた)ので射撃できません",
    "battle.reserve_no_fire": "{unit} は予備にいます。予備のユニットは射撃せず、射撃もされません",
    "battle.no_long_range": "{unit} は長射程で射撃できません。対面する敵コラムが交戦中です",
    "battle.not_engaged": "{unit} は交戦中ではありません。歩兵と騎兵は交戦中でなければ射撃できません(FAQ 9)",
    "battle.target_usage": "⟨target:⟩ は line(横隊)か square(方陣)です",
    "battle.no_target": "射撃できる敵の{target:formation}はいません。目標にできるのは{targets:formation}です",
    "battle.choose_target": "このコラムには方陣と横隊のユニットがいます。⟨target:line⟩ か ⟨target:square⟩ を"
    "加えてください(FAQ 6: 各ユニットはどちらか一方の隊形を射撃します)",
    "battle.corps": "この戦闘ターン、この交戦中のコラムで射撃できるのは {corps} の歩兵だけです",
    "battle.fire_usage": "⟨/fire⟩ には ⟨unit:A⟩ を1つ指定します",
    "battle.only_infantry_square": "方陣を組めるのは歩兵だけです",
    "battle.square_acted": "{unit} はこの戦闘ターンにすでに移動か射撃をしました。方陣を組む・解くのは"
    "戦闘移動です",
    "battle.already_square": "{unit} はすでに方陣です",
    "battle.square_reserve": "方陣は予備では組めません。戦列コラムで組みます(裁定 8.5)",
    "battle.not_square": "{unit} は方陣ではありません",
    "battle.square_usage": "{order:cmd} には ⟨unit:A⟩ を1つ指定します",
    "battle.enemy_town": "{town} には敵ユニットがいるので、そこのユニットは増援に出られません(裁定 9.0)",
    "battle.not_your_unit_at": "{unit} は {town} にいるあなたのユニットではありません",
    "battle.cannot_reinforce_disrupted": "{unit} は混乱しているので増援できません(7.4)",
    "battle.cannot_reinforce_retreated": "{unit} は会戦から退却したので増援できません(9.2)",
    "battle.cannot_reinforce_forced": "{unit} はこのターンに強行軍したので増援できません(5.5)",
    "battle.cannot_reinforce_not_free": "{unit} は動ける状態ではないので増援できません",
    "battle.reinforce_road": "{town}-{battle} の{cls:road_class}道路を通れるのは1戦闘ターンに{limit}ユニット"
    "までで、すでに{used}ユニットが通りました",
    "battle.regroup_reinforce_road": "{town}-{battle} の{cls:road_class}道路を通れるのは1回の再編成で"
    "{limit}ユニットまでで、すでに{used}ユニットが通りました",
    "battle.reinforce_needs_from": "⟨/reinforce⟩ には ⟨from:町⟩ が必要です",
    "battle.regroup_usage": "⟨/regroup⟩ には ⟨units:A,B⟩ と、⟨to:町⟩(退却して出る)か ⟨from:町⟩(呼び込む)の"
    "どちらかを指定します",
    "battle.regroup_kind": "勝利者の再編成は退却か増援のどちらか一方です(FAQ 8.2)。この再編成は"
    "{kind:regroup_kind}です",
}
JA = with_commands(JA)


# --- the engine's English phrases inside events and results (reasons, causes, dice) ------------------------

PHRASES_JA: dict[str, str] = {
    # dice
    "forced march (5.5)": "強行軍(5.5)",
    "morale (8.6)": "士気(8.6)",
    "forced-march retreat (7.3)": "強行軍での退却(7.3)",
    "fire (8.3)": "射撃(8.3)",
    # losses and eliminations
    "retreat from an engaged column (7.0, 7.5)": "交戦中のコラムからの退却(7.0、7.5)",
    "forced-march retreat (5.5, 7.3)": "強行軍での退却(5.5、7.3)",
    "fire (8.3, 8.4)": "射撃(8.3、8.4)",
    "rout attrition (7.5)": "潰走の消耗(7.5)",
    "could not get away from the rout (7.5)": "潰走で退却できなかった(7.5)",
    "no way out of the battle: a unit that cannot retreat is eliminated (7.5)": "会戦から退却できる道がない: "
    "退却できなかったユニットは全滅(7.5)",
    "7.5 [3rd]: a lone leader caught by 3+ enemy units with cavalry": "7.5 [3rd]: 単独の指揮官が騎兵を含む"
    "3ユニット以上の敵に捕捉された",
    # routs
    "6.1: fewer than 3 attacking units after forced-march losses": "6.1: 強行軍の損害で攻撃ユニットが3未満",
    "6.1: fewer than 3 defending units": "6.1: 防御ユニットが3未満",
    "a line column left empty at the set-up (6.2, 7.5)": "配置で空いた戦列コラム(6.2、7.5)",
    "a line column emptied by a failed morale check (7.5, 8.6)": "士気チェックの失敗で空いた戦列コラム"
    "(7.5、8.6)",
    "a line column emptied by retreat (7.5)": "退却で空いた戦列コラム(7.5)",
    "a line column emptied by fire (7.5)": "射撃で空いた戦列コラム(7.5)",
    # results
    "Napoleon was killed (10.0)": "ナポレオンが戦死した(10.0)",
    "the French had not won by the end of the time record (12.2)": "時間記録表の終わりまでにフランス軍が"
    "勝利しなかった(12.2)",
    "all three armies have surrendered (12.3)": "3軍すべてが降伏した(12.3)",
    "the French army surrendered (12.2)": "フランス軍が降伏した(12.2)",
    "both Allied armies surrendered (12.1)": "連合軍の両軍が降伏した(12.1)",
}

_COLUMNS_JA = JA_TERMS["column"]


def _columns(text: str) -> str:
    return "、".join(_COLUMNS_JA.get(c.strip(), c.strip()) for c in text.split(","))


_PATTERNS_JA: list[tuple[re.Pattern[str], Any]] = [
    (
        re.compile(r"^supply: the French hold (.+) \(11\.0\)$"),
        lambda m: f"補給: フランス軍が {m[1]} を占領(11.0)",
    ),
    (
        re.compile(r"^a line column emptied by (\S+)'s (engage|disengage|redeploy) \(7\.5, 8\.1\)$"),
        lambda m: f"{m[1]} が動いて空いた戦列コラム(7.5、8.1)",  # the move's name differs by edition
    ),
    (
        re.compile(r"^the attack stalled: (\d+) battle turns \(rulings 6\.3\)$"),
        lambda m: f"攻撃が停滞した: {m[1]}戦闘ターン(裁定 6.3)",
    ),
    (
        re.compile(
            r"^the attack stalled: (\d+) rounds without the attacker firing or reinforcing and without a "
            r"loss \(rulings 6\.3\)$"
        ),
        lambda m: f"攻撃が停滞した: 攻撃側が射撃も増援もせず損害もないまま{m[1]}ラウンド(裁定 6.3)",
    ),
]


def phrase_ja(text: str) -> str | None:
    """The Japanese of one of the engine's English phrases, or None if it is not known. A rout's cause may
    end with the columns it left empty (``...: left, center empty``)."""
    if text in PHRASES_JA:
        return PHRASES_JA[text]
    for rx, fn in _PATTERNS_JA:
        m = rx.match(text)
        if m:
            return str(fn(m))
    m = re.match(r"^(.*): ((?:left|center|right)(?:, (?:left|center|right))*) empty$", text)
    if m:
        head = phrase_ja(m[1])
        if head is not None:
            return f"{head}: {_columns(m[2])}が空"
    return None
