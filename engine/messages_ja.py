"""Japanese templates of the engine's messages (keys and fields as in ``messages.py``), and the Japanese
words of the game, after the Japanese translations of the rules (3rd edition and v3.4): 会戦 (battle),
戦闘ターン (battle turn), 潰走 (rout), 再編成 (regroup), 強行軍 (forced march), 方陣 (square), 予備 (reserve),
交戦 / 離脱 / 再配置 (engage / disengage / redeploy), 士気 (morale), 増援 (reinforcement), 混乱 (disrupted).
Town and unit names stay as the data gives them."""

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
    "formation": {"line": "戦列", "square": "方陣"},
    "regroup_kind": {"retreat": "退却", "reinforce": "増援"},
    "bool": {True: "あり", False: "なし"},
    "deploy_area": {
        "french": "フランス国内の町",
        "british": "イギリス−プロシア配置線より西の町",
        "prussian": "イギリス−プロシア配置線より東の町",
    },
    "n_units": ("{n}ユニット", "{n}ユニット"),
    "n_more_units": ("あと{n}ユニット", "あと{n}ユニット"),
    "n_towns": ("{n}町", "{n}町"),
}

JA: dict[str, str] = {
    "match.no_town": "「{text}」に当たる町はありません",
    "match.no_unit": "「{text}」に当たるユニットはありません",
    "match.no_town_given": "町が指定されていません",
    "match.no_unit_given": "ユニットが指定されていません",
    "match.ambiguous_town": "「{text}」に当たる町が複数あります: {candidates:list}",
    "match.ambiguous_unit": "「{text}」に当たるユニットが複数あります: {candidates:list}",
    "match.other": "{text}",
    "text.no_slash": "命令は「/」で始めます。例: /move units:FR-1 path:Beaumont>Charleroi (入力: 「{text}」)",
    "text.bad_name": "「{name}」は命令の名前ではありません",
    "text.not_name_value": "「/{order}」のオプションは 名前:値 の形で書きます(「{text}」ではなく)",
    "text.open_quote": "「{option}」の値の引用符が閉じられていません",
    "text.after_quote": "「{option}」の引用符で囲んだ値の後に余分な文字があります",
    "text.option_twice": "オプション「{option}」が2回指定されています",
    "text.yes_no": "オプション「{option}」は yes か no で指定します(「{value}」ではなく)",
    "options.ruleset": "ruleset は {known:list} のいずれかです(「{value}」ではなく)",
    "options.setup": "setup は {known:list} のいずれかです(「{value}」ではなく)",
    "options.players": "players は 2 か 3 です(「{value}」ではなく)",
    "options.corps_restriction": "軍団制限は v3.4 だけの選択ルールです(ruleset=3.4)",
    "options.days": "days は 0(時間記録表の全期間)か正の日数です",
    "options.unknown": "不明なオプション「{item}」。使えるもの: {known:list}(名前=値 の形で)",
    "options.on_off": "{option} は on か off で指定します(「{value}」ではなく)",
    "options.whole_number": "{option} は整数で指定します(「{value}」ではなく)",
    "options.range": "{option} には {lo} から {hi} までの整数を指定してください(指定値: {value})",
    "options.choice": "{option} には {known:list} のいずれかを指定してください(指定値: {value})",
    "options.game": "ゲーム「{value}」はありません。遊べるゲーム: {known:list}",
    "game.no_role": "このゲームに「{role}」の陣営はありません。陣営: {roles:role}",
    "game.no_role_view": "このゲームに「{role}」の陣営はありません。陣営: {roles:role}、観戦者",
    "game.no_role_short": "このゲームに「{role}」の陣営はありません",
    "game.cv_range": "{unit} の最大戦力は {max_cv} cv です。cv={cv} は範囲外です",
    "game.turn_range": "ターンは 1〜{last} です({turn} ではなく)",
    "game.unknown_preference": "不明な設定「{key}」。使えるもの: hits、supply",
    "game.not_your_unit": "{unit} は{role:role}のユニットではありません",
    "game.over": "ゲームは終了しています",
    "game.over_reason": "ゲームは終了しています: {reason:phrase}",
    "game.setup_orders": "配置中の命令は /setup と /end です(/{order} ではなく)",
    "game.not_your_move": "いまは{side:side}のキャンペーンターンです。{role:role}は移動できません",
    "game.battle_order_in_movement": "/{order} は会戦の命令です。会戦は移動フェイズの後です(まず /end で"
    "移動フェイズを終えてください)",
    "game.unknown_movement_order": "不明な命令 /{order}。移動フェイズの命令: /move、/end",
    "game.not_battle_order": "/{order} は会戦フェイズの命令ではありません",
    "game.unknown_battle_order": "不明な命令 /{order}。会戦の命令: {orders:list}",
    "game.end_no_options": "/end にオプションはありません(指定: {options:list})",
    "setup.not_your_turn": "いまはあなたの配置の番ではありません({who:role+and}を待っています。"
    "連合軍が先に、フランス軍が後に配置します)",
    "setup.not_your_turn_nobody": "いまはあなたの配置の番ではありません(誰も待っていません。"
    "連合軍が先に、フランス軍が後に配置します)",
    "setup.end_not_your_turn": "いまはあなたの配置の番ではありません({who:role+and}を待っています)",
    "setup.usage": "/setup units:A,B town:町 と書くか、/setup auto:yes で残りを史実どおりに配置してください",
    "setup.auto_nothing": "すべて配置済みです: /end するか、/setup units:A town:町 で置き直してください",
    "setup.no_units": "ユニットを1つ以上指定してください: units:A,B",
    "setup.not_yours": "{unit} はあなたが配置するユニットではありません",
    "setup.historical": "{unit} はこのゲームではヒストリカル配置です(setup={setup})",
    "setup.not_in_france": "連合軍ユニットはフランス国内に配置できません({town} はフランスの町です)",
    "setup.where": "{unit} は{army:deploy_area}にしか配置できません({town} ではなく)",
    "setup.cap": "1つの町に配置できる{army:army}ユニットは最大{cap}個です。{town} は{total}個になります",
    "setup.place_all": "配置を終える前にすべてのユニットを配置してください。未配置: {units:list}",
    "move.usage": "/move units:A,B,C path:町>町[>町] [forced:yes] と書いてください",
    "move.no_units": "ユニットを1つ以上指定してください: units:A,B,C",
    "move.unit_twice": "units: に同じユニットが2回あります",
    "move.not_yours": "{unit} はあなたが移動させるユニットではありません({role:role}が指揮するのは"
    "{armies:army}です)",
    "move.eliminated": "{unit} は全滅しています",
    "move.moved": "{unit} はこのターンにすでに移動しました(1ユニットは1ターンに1回移動)",
    "move.one_group": "1つの命令で動かせるのは1グループのユニットです。指定したユニットは "
    "{towns:list} にいます",
    "move.no_path": "{start} から通る町を指定してください: path:{start}>町",
    "move.no_road": "{a} から {b} への道路はありません({a} からの道路の行き先: {roads:list})",
    "move.town_twice": "経路で同じ町を2回通ることはできません",
    "move.must_stop": "{town} に入るユニットはそこで停止します: 敵ユニットがいます",
    "move.night_attack": "夜間ターンに攻撃はできません: {town} に敵ユニットがいます",
    "move.leader_forced": "{unit} は指揮官です: 指揮官は最大2町まで移動し、強行軍はできません",
    "move.too_far": "{unit}({type:type})の移動は{speed:n_towns}、強行軍で{forced}町です。"
    "この経路は{steps}町です",
    "move.needs_forced": "{unit}({type:type})の移動は1ターンに{speed:n_towns}です。1町多く強行軍するには "
    "forced:yes を加えてください(5.5)",
    "move.night_forced": "夜間ターンの強行軍は {town} にいる自軍の指揮官の命令がなければできません(10.1)",
    "move.night_forced_unit": "{unit}: 夜間の強行軍は自軍の指揮官が {town} にいなければできません(10.1)",
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
    "(取り消しは他の役割が行動すると止まります)",
    "undo.after_dice": "最後にサイコロが振られてから取り消せる命令はありません"
    "(取り消しはサイコロを振ると止まります)",
    "undo.after_reveal": "隠れていた情報が最後に他の役割へ明かされてから取り消せる命令はありません"
    "(取り消しは情報が明かされると止まります)",
    "undo.after_turn": "このキャンペーンターンが始まってから取り消せる命令はありません"
    "(取り消しは他の役割が行動すると止まります。ターンが相手側に移るのもその行動にあたります)",
    "undo.after_directive": "指令(@place、@turn)でゲームが変更されてから取り消せる命令はありません",
    "move.attack_leader_alone": "指揮官だけで {town} を攻撃することはできません: 指揮官は移動に関して無視"
    "され(10.0)、攻撃は戦闘ユニットで行います(6.1)",
    "move.attack_incomplete": "{town} にいるあなたの攻撃ユニットは{n:n_units}だけで、攻撃には3ユニット以上が"
    "必要です(6.1): {town} へ{need:n_more_units}を移動させるか、そこへの移動を /undo してください",
    "move.ally_attack_incomplete": "{ally:army_name}の {town} への攻撃がまだ3ユニットに足りません(6.1): "
    "{ally:role}が完成させるか取り消すまで、動けるのはそれを完成させるユニットだけです",
    "move.command_control": "{origin} のグループがすでに {town} を攻撃しています。{start} のグループが"
    "加われるのは {start} と {origin} が道路でつながっている場合だけです(または増援、9.0)",
    "board.already_there": "すでにそこにいます",
    "board.enemy_reserve": "敵の予備には入れません",
    "board.reserve_first": "予備のユニットはまず自軍の戦列コラムに移動します。センターラインを越えるのは"
    "2回目の移動です",
    "board.engaged_to_reserve": "交戦中のユニットは自軍の戦列コラムから予備へしか離脱できません",
    "board.sideways_engage": "横移動で交戦中のコラムに入って交戦することはできません",
    "board.cross_facing": "センターラインを越えられるのは自軍のコラムに対面する敵コラムへだけです",
    "board.disengage_engage": "交戦中のユニットは1回の移動で離脱と交戦を行えません",
    "board.back_only": "センターラインを越えたユニットは対面する自軍のコラムへ離脱するしかできません",
    "board.own_engaged": "自軍のコラムが交戦中です。1回の移動で離脱と交戦は行えません",
    "battle.no_road": "{town} は {battle} と道路でつながっていません",
    "battle.needs_units": "/{order} には {option}:A,B(ユニットのIDか名前)が必要です",
    "battle.unit_twice": "同じユニットが2回指定されています",
    "battle.deploy_not_yours": "{unit} は {town} の会戦にいるあなたのユニットではありません。"
    "あなたのユニット: {mine:list}",
    "battle.placed_twice": "同じユニットが2回配置されています",
    "battle.place_all": "すべてのユニットを配置してください: {missing:list} が未配置です"
    "(余ったユニットは reserve: へ)",
    "battle.one_leader_deploy": "戦列に立てる指揮官は1陣営1人までです。もう1人は reserve: へ",
    "battle.fill_columns": "left:、center:、right: のそれぞれに1ユニット以上が必要です",
    "battle.already_set_up": "{town} の会戦はすでに配置済みです",
    "battle.trapped_neighbour": "{unit} には {battle} から退却できる道がありません(7.5: 退却できなかった"
    "ユニットは全滅します)。それでも退却させるなら {town} ではなく {battle} の隣の町を指定してください",
    "battle.deploy_final": "{town} では攻撃側が配置を始めたので、防御側の配置はもう変更できません",
    "battle.deploy_options": "/deploy のオプションは left:、center:、right:、reserve: です"
    "({options:list} ではなく)",
    "battle.phase_over": "この戦闘ターンの{current:phase}フェイズが始まっています。{phase:phase}フェイズは"
    "終わりました(フェイズ: 士気、退却、戦闘、増援)",
    "battle.not_waiting_here": "{town} の会戦はいま{role:role}のこの命令を待っていません",
    "battle.not_waiting_here_others": "{town} の会戦はいま{role:role}のこの命令を待っていません。"
    "待っているのは: {towns:list}",
    "battle.no_battle": "{town} に会戦はありません",
    "battle.nothing_waiting": "いま{role:role}の /{order} を待っている会戦はありません",
    "battle.nothing_waiting_for": "いま{role:role}の /{order} を待っている会戦はありません"
    "(待っているのは: {waiting:role})",
    "battle.which": "{role:role}には {towns:list} の会戦があります: battle:町 を加えてください",
    "battle.end_options": "ここでの /end のオプションは battle:町 だけです(指定: {options:list})",
    "battle.unknown_order": "不明な会戦の命令 /{order}",
    "battle.cannot_read": "「{item}」を読めません",
    "battle.cannot_read_usage": "「{item}」を読めません: 'fire A [line|square]'、'A>位置'、'square A'、"
    "'unsquare A'、'end' か、'/retreat units:A to:町' のような完全な命令を使ってください",
    "battle.nested_orders": "/orders の中に /orders は書けません",
    "battle.orders_usage": '/orders には list:"fire A; B>across-left; square C" が必要です',
    "battle.orders_item": "{i}番目(「{item}」): {error:error}",
    "battle.retreat_forced_34": "[3.4] 強行軍で退却することはできません(7.3)",
    "battle.regroup_not_forced": "再編成は強行軍ではありません(裁定 7.6)",
    "battle.path_end": "経路は {town} で終わらなければなりません",
    "battle.not_your_block_at": "{unit} は {town} にいるあなたのユニットではありません",
    "battle.not_your_block": "{unit} は {town} の会戦にいるあなたのユニットではありません",
    "battle.leader_forced": "指揮官は強行軍できません",
    "battle.cannot_retreat_to": "{unit} は {town} へ退却できません。退却できる先: {ok:list}",
    "battle.cannot_retreat_nowhere": "{unit} は {town} へ退却できません。退却できる先: なし",
    "battle.cannot_retreat_to_3rd": "{unit} は {town} へ退却できません(強行軍: {forced:bool})。"
    "退却できる先: {ok:list}",
    "battle.cannot_retreat_nowhere_3rd": "{unit} は {town} へ退却できません(強行軍: {forced:bool})。"
    "退却できる先: なし",
    "battle.retreat_road_full": "{town}-{to} の道路({cls:road_class})はこの戦闘ターンの上限{limit}ユニットが"
    "通行済みです(幹線2、一般1)",
    "battle.regroup_road_full": "{town}-{to} の道路({cls:road_class})はこの再編成の上限{limit}ユニットが"
    "通行済みです(幹線2、一般1)",
    "battle.retreat_phase_over": "退却は戦闘ターンでどのユニットも移動・射撃する前に行います(7.0)。"
    "この戦闘ターンの退却フェイズは終わりました",
    "battle.retreat_needs_to": "/retreat には to:町 が必要です",
    "battle.fired_no_move": "{unit} はこの戦闘ターンに射撃しました。ユニットは移動か射撃のどちらかです",
    "battle.squared_no_move": "{unit} はこの戦闘ターンに方陣を組んだか解きました。それがその戦闘移動です",
    "battle.morale_moved": "{unit} は士気チェックに失敗したときに戦闘移動を済ませています",
    "battle.moves_done_one": "{unit} はこの戦闘ターンの戦闘移動を済ませました(騎兵と指揮官は2回、"
    "他のユニットは1回)",
    "battle.moves_done_two": "{unit} はこの戦闘ターンの戦闘移動を2回とも済ませました(騎兵と指揮官は2回、"
    "他のユニットは1回)",
    "battle.square_no_move": "{unit} は方陣です。[3rd] 方陣は解くまで(/unsquare)他の戦闘移動を行えません",
    "battle.cannot_move_to": "{unit} は{position:position}へ移動できません: {why:error}",
    "battle.artillery_engage": "[3.4] 砲兵は交戦移動できません",
    "battle.engage_disengage": "[3rd] {type:type}は同じ戦闘ターンに交戦と離脱の両方はできません",
    "battle.one_leader": "戦列に立てる指揮官は1陣営1人までです({other} がすでに立っています)",
    "battle.move_usage": "/battle-move は unit:A to:位置 です(reserve、left、center、right、across-left、"
    "across-center、across-right)",
    "battle.unknown_position": "不明な位置「{text}」。位置: {positions:list}",
    "battle.leader_no_fire": "指揮官は火力を持ちません",
    "battle.already_fired": "{unit} はこの戦闘ターンにすでに射撃しました",
    "battle.moved_no_fire": "{unit} はこの戦闘ターンに移動した(または方陣を組んだか解いた)ので射撃できません",
    "battle.reserve_no_fire": "{unit} は予備にいます。予備のユニットは射撃できず、射撃もされません",
    "battle.no_long_range": "{unit} は長射程で射撃できません: 対面する敵コラムが交戦中です",
    "battle.not_engaged": "{unit} は交戦中ではありません。歩兵と騎兵は交戦中でなければ射撃できません(FAQ 9)",
    "battle.target_usage": "target: は line か square です",
    "battle.no_target": "射撃できる敵の{target:formation}はありません。目標: {targets:formation}",
    "battle.choose_target": "このコラムには方陣と戦列のユニットがいます: target:line か target:square を"
    "加えてください(FAQ 6: 各ユニットはどちらか一方の隊形を射撃します)",
    "battle.corps": "この戦闘ターン、この交戦中のコラムで射撃できるのは {corps} の歩兵だけです",
    "battle.fire_usage": "/fire は unit:A を1つ指定します",
    "battle.only_infantry_square": "方陣を組めるのは歩兵だけです",
    "battle.square_acted": "{unit} はこの戦闘ターンにすでに移動か射撃をしました。方陣を組む・解くのは"
    "戦闘移動です",
    "battle.already_square": "{unit} はすでに方陣です",
    "battle.square_reserve": "方陣は予備ではなく戦列コラムで組みます(裁定 8.5)",
    "battle.not_square": "{unit} は方陣ではありません",
    "battle.square_usage": "/{order} は unit:A を1つ指定します",
    "battle.enemy_town": "{town} には敵ユニットがいます。そこのユニットは増援に出られません(裁定 9.0)",
    "battle.not_your_unit_at": "{unit} は {town} にいるあなたのユニットではありません",
    "battle.cannot_reinforce_disrupted": "{unit} は増援できません: 混乱しています(7.4)",
    "battle.cannot_reinforce_retreated": "{unit} は増援できません: 会戦から退却しました(9.2)",
    "battle.cannot_reinforce_forced": "{unit} は増援できません: このターンに強行軍しました(5.5)",
    "battle.cannot_reinforce_not_free": "{unit} は増援できません: 動ける状態ではありません",
    "battle.reinforce_road": "{town}-{battle} の{cls:road_class}道路を通れるのは1戦闘ターンに{limit}ユニット"
    "までです。{used}ユニット使用済み",
    "battle.regroup_reinforce_road": "{town}-{battle} の{cls:road_class}道路を通れるのは1回の再編成で"
    "{limit}ユニットまでです。{used}ユニット使用済み",
    "battle.reinforce_needs_from": "/reinforce には from:町 が必要です",
    "battle.regroup_usage": "/regroup は units:A,B と、to:町(退却して出る)か from:町(呼び込む)のどちらかです",
    "battle.regroup_kind": "勝利者の再編成は退却か増援のどちらか一方です(FAQ 8.2)。この再編成は"
    "{kind:regroup_kind}です",
}


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
_MOVE_JA = {"engage": "交戦", "disengage": "離脱", "redeploy": "再配置"}


def _columns(text: str) -> str:
    return "、".join(_COLUMNS_JA.get(c.strip(), c.strip()) for c in text.split(","))


_PATTERNS_JA: list[tuple[re.Pattern[str], Any]] = [
    (
        re.compile(r"^supply: the French hold (.+) \(11\.0\)$"),
        lambda m: f"補給: フランス軍が {m[1]} を占領(11.0)",
    ),
    (
        re.compile(r"^a line column emptied by (\S+)'s (engage|disengage|redeploy) \(7\.5, 8\.1\)$"),
        lambda m: f"{m[1]} の{_MOVE_JA[m[2]]}で空いた戦列コラム(7.5、8.1)",
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
            return fn(m)
    m = re.match(r"^(.*): ((?:left|center|right)(?:, (?:left|center|right))*) empty$", text)
    if m:
        head = phrase_ja(m[1])
        if head is not None:
            return f"{head}: {_columns(m[2])}が空"
    return None
