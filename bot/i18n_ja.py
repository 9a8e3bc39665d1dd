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

from typing import Any

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

BOT_JA: dict[str, str] = {
    "svc.rule": "{error:rule_error}",
    "svc.no_game": "このチャンネルにゲームはありません。⟨/game new⟩ で始めてください",
    "svc.need_admin": "{what:admin_action}できるのはホスト(<@{host}>)か「サーバー管理」権限を持つメンバーだけ"
    "です",
    "svc.not_started": "ゲームはまだ始まっていません(⟨/game start⟩)",
    "svc.suspended": "このゲームは停止中です。保存された状態が起動時の検査に通りませんでした",
    "svc.channel_has_game": "このチャンネルにはすでにゲームがあります。終えるか ⟨/game abort⟩ してから、"
    "または別のチャンネルを使ってください(1つのサーバーで複数のゲームを進められます)",
    "svc.deadline_hours": "期限は 0(期限なし)から {most:g} までの時間数で指定します",
    "svc.deadline_action": "期限切れの処理は pass か bot です",
    "svc.language": "言語は en(英語)か ja(日本語)です。「{value}」は使えません",
    "svc.started_no_join": "ゲームは始まっています。取り戻せるのは、あなたの代わりにボットプレイヤーが"
    "ついている席だけです(ホストは誰でもその席につけられます)",
    "svc.export_running": "進行中のゲームのスクリプトにはすべての秘密(配置、伏せたユニット、"
    "サイコロ)が含まれるので、ゲームの終了後に取り出せます(中止したゲームは着席者全員に同時に送られます)",
    "svc.seat_back": "<@{user}> がボットプレイヤーから{role:role_name}の席を取り戻しました。",
    "svc.bot_joins": "ボットプレイヤーが{role:role_name}の席につきました。空いている席は{free:role}です。",
    "svc.seats_full": "すべての席が埋まっています",
    "svc.no_such_seat": "このゲームに「{role}」の席はありません。席は{seats:role}です",
    "svc.seat_taken": "{role:role}の席は <@{holder}> が使っています",
    "svc.no_seat": "あなたはこのゲームの席を持っていません",
    "svc.started_no_leave": "ゲームは始まっています。席の引き継ぎはホストに頼んでください",
    "svc.already_started": "ゲームはすでに始まっています",
    "svc.seats_empty": "まだ{roles:role}の席が空いています(⟨/game join⟩)",
    "svc.options_fixed": "ゲーム開始後はオプションを変えられません",
    "svc.import_started": "読み込みは開始前のゲームにだけできます(⟨/game new⟩ の後 ⟨/game import⟩)",
    "svc.script_unreadable": "スクリプトを読めません({error})",
    "svc.script_bad": "スクリプトが正しく再現できません({line}行目)",
    "svc.prefs_no_seat": "設定を持てるのは席についているプレイヤーだけです",
    "svc.pref_keys": "設定できる項目は hits(同じ戦力のユニットのどれが先に命中を受けるか)、"
    "supply(補給ルールで"
    "どのユニットから除去するか)、battle(自動戦闘命令)、reminders(例: 8h 2h)、quiet(例: "
    "23:00-07:00 Asia/Tokyo)です",
    "svc.reminders_bad": "リマインダーの時刻は期限の何時間前・何分前かで書きます(例: 8h 2h 30m)。"
    "「{value}」は使えません",
    "svc.reminders_many": "リマインダーは {most} 個までです",
    "svc.quiet_bad": "通知しない時間帯は 23:00-07:00 とタイムゾーンで書きます(例: 23:00-07:00 Asia/Tokyo)。"
    "「{value}」は使えません",
    "svc.quiet_zone": "「{zone}」はタイムゾーンではありません。Asia/Tokyo のように 地域/都市 "
    "で書いてください",
    "svc.reminders_set": "参加しているすべてのゲームで、期限の {hours:list} 時間前にお知らせします。",
    "svc.reminders_default": "リマインダーは各ゲームの設定に戻りました。",
    "svc.reminders_off": "リマインダーを送りません(期限はそのままです)。",
    "svc.quiet_set": "通知しない時間帯を {quiet} にしました。"
    "その間のリマインダーは時間帯が終わるまで待ちます。",
    "svc.quiet_off": "通知しない時間帯はありません。",
    "svc.mygames_none": "参加中の進行中ゲームはありません。",
    "svc.mygames_lobby": "ゲーム {game}(<#{channel}>)は未開始です。あなたの席は{roles:role}です。",
    "svc.mygames_yours": "**ゲーム {game}**(<#{channel}>)はあなたの番です({roles:role}){when}。",
    "svc.mygames_theirs": "ゲーム {game}(<#{channel}>、{roles:role}):",
    "svc.standing_bad": "自動戦闘命令に使えるのは fire(射撃できる全ユニットで射撃)、square(騎兵に対して方陣)"
    "、"
    "hold(退却しない。常に有効)です。{words:list} は使えません",
    "svc.no_seat_order": "あなたはこのゲームの席を持っていません(観戦者は見るだけです。プレイヤーは開始前に"
    " ⟨/game join⟩ してください)",
    "svc.not_your_seat": "あなたは{role:role}の席を持っていません",
    "svc.game_gone": "そのゲームはもうありません",
    "svc.prompt_stale": "この配置の案内は古くなっています。{town} の会戦はもうあなたの配置を待っていません",
    "svc.not_your_block": "{unit} は {town} の会戦にいるあなたのユニットではありません",
    "svc.no_seat_that": "あなたはそのゲームの席を持っていません",
    "svc.place_all": "先にすべてのユニットを配置してください。未配置のユニットは {units:list} です",
    "svc.new_game": "Napoleon 1815 の新しいゲームを作りました(ゲーム {game}、{options})。\n"
    "席は{roles:role}です。⟨/game join⟩ で席につき、ホストが ⟨/game start⟩ で開始します。",
    "svc.joined_free": "<@{user}> が{role:role_name}の席につきました。空いている席は{free:role}です。",
    "svc.joined_full": "<@{user}> が{role:role_name}の席につきました。すべての席が埋まりました。",
    "svc.left": "<@{user}> が{roles:role}の席を離れました。",
    "svc.begins": "キャンペーンを開始します({options})。",
    "svc.status_lobby": "ゲーム {game}(開始前、{options})。席: {seats}。",
    "svc.seat_held": "{role:role}: <@{user}>",
    "svc.seat_free": "{role:role}: 空き",
    "svc.map": "{role:role_name}から見た地図です。",
    "svc.log_empty": "まだ何も起きていません",
    "svc.options_show": "{options}。期限: {settings}",
    "svc.options_set": "オプションを設定しました({options})。",
    "svc.spectate_stop": "<#{channel}> はこのゲームの観戦をやめました。",
    "svc.following": "ゲーム {game} を観戦します。\n{status}",
    "svc.spectate": "<#{channel}> でこのゲームを観戦します(公開地図のみ)。",
    "svc.aborted": "ゲーム {game} は <@{user}> によって中止されました。",
    "svc.spectate_self": "このチャンネルはゲーム自身のチャンネルです。観戦は別のチャンネルから行います",
    "svc.aborted_script": "ゲーム {game} は中止されました。スクリプトにはすべての秘密(伏せたユニット、配置、"
    "サイコロのシード)が含まれるため、着席しているプレイヤー全員({players:list})に同時に DM で送ります。",
    "svc.script_dm": "ゲーム {game} のスクリプトです(すべての秘密を含みます)。"
    "着席しているプレイヤー全員が同時に受け取ります。`python -m engine.script FILE` で再現でき、"
    "⟨/game import⟩ で新しいゲームを始められます。",
    "svc.export_sent": "ゲーム {game} のスクリプト(すべての秘密とサイコロのシード)を、"
    "着席しているプレイヤー全員({players:list})に同時に DM で送ります。",
    "svc.export_to_all": "ゲーム {game} の着席しているプレイヤー全員に同時に送りました(すべての秘密を含むため"
    "、"
    "一人だけには送りません)。",
    "svc.import_too_big": "スクリプトは {size} バイトあります。読み込めるのは {most} バイトまでです",
    "svc.import_too_long": "スクリプトは {lines} 行あります。読み込めるのは {most} 行までです",
    "svc.import_fixes": "<@{user}> がこのゲームにスクリプトを読み込みました。決まっていることは {fixes} "
    "です。",
    "svc.fix_orders": "すでに指した命令 {n} 件",
    "svc.fix_places": "手で置いたユニット {n} 個(@place)",
    "svc.fix_turn": "キャンペーンターン {turn} からの開始(@turn)",
    "svc.fix_prefs": "優先設定 {n} 件(@prefer)",
    "svc.fix_dice": "それらの命令の間に固定されたサイコロ {n} 個(@dice)",
    "svc.fix_dice_kept": "さらにホストが本番用に残した次のサイコロの目({dice})",
    "svc.fix_dice_dropped": "残っていた固定のサイコロ {n} 個は捨てました。本番のサイコロはシードどおりです",
    "svc.stale": "処理中にゲームが変わりました。何も変更していません。もう一度お試しください",
    "svc.storage": "保存できませんでした({error})。何も変更していません。しばらくしてからお試しください",
    "svc.export": "ゲーム {game} のスクリプトです。`python -m engine.script FILE` で再現できます。",
    "svc.imported": "読み込みました({options}、ターン {turn})。席は{roles:role}です。席が埋まったら "
    "⟨/game start⟩ してください。",
    "svc.standing_cancelled": "自動戦闘命令を取り消しました。",
    "svc.standing_set": "自動戦闘命令を設定しました({spec})。戦闘ターンごとに通常の命令として実行し、"
    "あなたに報告します。⟨/game prefer key:battle value:off⟩ で取り消せます。",
    "svc.pref_empty": "優先する順にユニットを挙げてください(例: {key} BR-3,BR-5)。何も保存していません",
    "svc.pref_saved": "設定を保存しました({key} {units:list})。",
    "svc.already_done": "実行済みです",
    "svc.not_accepted": "受け付けられません — {error}",
    "svc.done": "実行しました。",
    "svc.standing_dm": "自動戦闘命令で {order:cmd_text} を実行しました。",
    "svc.your_forces": "あなたの部隊({role:role_name})です。",
    "svc.game_over_ping": "**ゲーム終了** — {reason:phrase}",
    "svc.your_move": "{mentions} あなたの番です({active:role}){when}",
    "svc.deadline_when": " — 期限 <t:{due}:R>",
    "svc.reminder": "{mentions} お知らせします。期限は <t:{due}:R> です。",
    "svc.deadline_passed": "期限が過ぎたので、{late:role}はパスしました。",
    "svc.deadline_passed_bot": "期限が過ぎたので、{late:role}はボットプレイヤーが指揮します。"
    "⟨/game join⟩ で席を取り戻せます。",
    "svc.status_over": "ゲーム終了 — {reason:phrase}",
    "svc.status_setup": "配置中です。{active:role}を待っています。",
    "svc.status": "ターン {turn}/{last} — {day:date} {when:slot}、{side:role_name}のターン、"
    "{phase:game_phase}フェイズ。行動待ち: {waiting}。",
    "svc.nobody": "なし",
    "svc.dice_commitment": "🎲 ゲーム {game} のサイコロは、いま決めたシードから振られます。ゲーム中は"
    "ホストを含め誰も見ることも選ぶこともできません。コミットメントは `sha256:{hash}` です。ゲーム終了時に"
    "シードを公開し、`estafette verify`(または ⟨/game verify⟩)ですべての出目を確かめられます。",
    "svc.dice_reveal": "🎲 ゲーム {game} のサイコロのシードは `{seed}`(ソルト `{salt}`)でした。sha256 は "
    "`{hash}` で、開始時に示したコミットメントと同じです。確かめるには ⟨/game export⟩ のあと ⟨/game verify⟩ "
    "か "
    "`estafette verify FILE` を使ってください。",
    "svc.verified": "✅ 確認しました。サイコロはシードどおりで、シードは開始時にコミットしたものです。",
    "svc.not_verified": "❌ 確認できませんでした:",
    "prompt.setup": "⟨/setup⟩ でユニットを配置してください(3.1)。残りは {n} 個です。終えたら ⟨/end⟩ を"
    "送ってください。",
    "prompt.setup_done": "すべて配置しました。よければ ⟨/end⟩ を送ってください(3.1)。置き直すこともできます。"
    "",
    "prompt.movement": "⟨/move⟩ で部隊を移動し、⟨/end⟩ で終えてください(5.0)。残りのグループ移動は {n} "
    "回です。",
    "prompt.deploy": "{towns:list} の会戦の配置です(6.2)。DM のボタンか ⟨/deploy⟩ で配置してください。",
    "prompt.deploy_template": "\nあなたのユニットで書いた命令(そのまま送れます)\n`{order}`",
    "prompt.regroup": "会戦に勝ちました。⟨/regroup⟩ で再編成する(7.6)か、⟨/end⟩ を送ってください。",
    "prompt.battle": "{towns:list} であなたの戦闘ターンです。射撃・移動・方陣・退却・増援を行い、終えたら "
    "⟨/end⟩ を送ってください(6.3)。",
    "prompt.examples": "\n例: {orders}",
    "prompt.more": " …ほか {n} 件(オートコンプリートに出ます)",
    "svc.board_head": "📌 **ゲーム {game}** —",
    "svc.board_seat": "<@{user}>({role:role_name})",
    "svc.board_bot": "ボットプレイヤー({role:role_name})",
    "svc.board_waiting": "{who:list}の行動を待っています{deadline}。",
    "svc.board_deadline": "(期限 <t:{due}:f>、<t:{due}:R>)",
    "svc.board_battles": "会戦: {towns:list}",
    "svc.board_last": "最近の出来事:",
    "svc.status_waiting": "{active:role}",
    "svc.draft_stale": "{town} の会戦はもうあなたの配置を待っていません。",
    "svc.draft_head": "**{town} の会戦** — {n}ユニットを配置してください(6.2)。左翼・中央・右翼にそれぞれ"
    "1ユニット以上、予備には何ユニットでも置けます。配置は両軍が配置を終えるまで秘密です。",
    "svc.draft_column": "{column:column_title}: {units}",
    "svc.draft_none": "—",
    "svc.draft_todo": "未配置: {units}",
    "svc.draft_todo_none": "なし",
    "svc.draft_help": "ユニットを選んでからコラムを押し、終わったら「確定」を押してください。テキストでは "
    "`⟨/deploy left:… center:… right:… reserve:… battle:{town}⟩` です。",
    "svc.options_text": "{players}人、ルール {ruleset}、{setup:setup_mode}{days}{extras}",
    "svc.options_days": "、{days}日間",
    "svc.options_extras": "、{extras:list}",
    "svc.options_command_control": "コマンドコントロール 13.2",
    "svc.options_corps_restriction": "軍団制限 13.3",
    "svc.deadline_none": "なし",
    "svc.deadline_text": "{hours:g}時間、{reminder:g}時間前にお知らせ、その後{action:deadline_action}",
    "svc.standing_fire": "射撃できる全ユニットで射撃",
    "svc.standing_square": "騎兵に対して方陣",
    "svc.standing_hold": "退却しない",
    "svc.standing_sep": "、",
    "ev.turn": "— ターン {turn}: {side:army_name}のキャンペーンターン、{day:date} {when:slot} —",
    "ev.blocks": "{armies:army_name+slash}{count}ユニット",
    "ev.blocks_one": "{armies:army_name+slash}{count}ユニット",
    "ev.move": "{blocks}が {path:path}移動{forced}{units}",
    "ev.move_attack": "{blocks}が {path:path}攻撃{forced}{units}",
    "ev.move_forced": "、うち{n}ユニットは強行軍",
    "ev.units": "({units:list})",
    "ev.dice": "{why:phrase}のサイコロ {dice}",
    "ev.dice_fire": "{town} の会戦: {who}が{target}を{cls}で射撃、サイコロ {dice}(8.3)",
    "ev.fire_at_own": "センターラインを越えて{spot:spot}に入った{enemy:army_name}の{formation:target_formatio"
    "n}",
    "ev.fire_at_enemy": "{spot:spot}の{formation:target_formation}",
    "ev.check": "{town} で {who}の{check:check}: 出目 {die}、{need}以上で成功 — {result}",
    "ev.check_passed": "成功",
    "ev.check_failed": "失敗",
    "ev.who_unit": "{army:army_name}の {unit} ",  # an id is set off by spaces from the Japanese around it
    "ev.who_id": "{unit} ",
    "ev.who_hidden": "{army:army_name+slash}のユニット",
    "ev.who_typed": "{army:army_name+slash}の{type:type}ユニット",
    "ev.loss": "{town} で {who}が{steps}ステップを失う({reason:phrase}){cv}",
    "ev.loss_one": "{town} で {who}が{steps}ステップを失う({reason:phrase}){cv}",
    "ev.loss_cv": "、残り {cv} cv",
    "ev.eliminated": "{unit}({army:army_name+slash}の{type:type})が{where}全滅({reason:phrase})",
    "ev.at_town": " {town} で",
    "ev.placed": "{who}を {town} に配置",
    "ev.automatic_rout": "{town}: {defenders}ユニットでは{attackers}ユニットに対抗できない(6.1)",
    "ev.rout": "{town}: {side:army_name+slash}が潰走({cause:phrase})",
    "ev.routed": "{blocks}が {frm} から {to} へ潰走{units}",
    "ev.battle": "{town} の会戦: {attacker:army_name+slash}が攻撃、{defender:army_name+slash}が防御",
    "ev.deployed_battle": "{town} の会戦: {role:army_name+slash}が配置を完了{detail}",
    "ev.deployed_detail": "({columns})",
    "ev.deployed_column": "{column:column} {units:list}",
    "ev.deployed_sep": "、",
    "ev.deployed": "{blocks}を {town} に配置{units}",
    "ev.reveal": "{town} の会戦: 戦列を公開 — {shown}{more}",
    "ev.reveal_block": "{unit} {type:type} {cv}",
    "ev.reveal_more": " …",
    "ev.battle_turn": "{town} の会戦: 戦闘ターン {n}、{side:army_name+slash}の番",
    "ev.battle_move": "{town} の会戦: {who}が{frm:spot}から{to:spot}へ{move:move_verb}",
    "ev.battle_move_3rd": "{town} の会戦: {who}が{frm:spot}から{to:spot}へ{move:move_verb_3rd}",
    "ev.morale_failed": "{town} の会戦: {who}が士気チェックに失敗して後退(8.6)",
    "ev.square": "{town} の会戦: {who}が方陣を組む(8.5)",
    "ev.square_break": "{town} の会戦: {who}が方陣を解く(8.5)",
    "ev.retreat": "{town} の会戦: {who}が {to} へ退却",
    "ev.retreat_engaged": "{town} の会戦: {who}が交戦中のコラムから {to} へ退却(7.0)",
    "ev.reinforce": "{town} の会戦: {blocks}が {frm} から増援{units}",
    "ev.attack_stalling": "{town} の会戦: 攻撃が停滞(進展のないラウンド {idle}/{limit}、{limit}で"
    "攻撃側が潰走)",
    "ev.battle_won": "{town} の会戦: {victor:army_name+slash}が戦場を確保",
    "ev.regroup": "{town} の会戦: {count}ユニットが{where}再編成(7.6){units}",
    "ev.regroup_one": "{town} の会戦: {count}ユニットが{where}再編成(7.6){units}",
    "ev.regroup_to": " {to} へ",
    "ev.regroup_from": " {frm} から",
    "ev.battle_over": "{town} の会戦が終了、{victor:army_name+slash}の勝利",
    "ev.orders_stopped": "⟨/orders⟩ は{item}番目の「{text}」で停止: {why}。それより前の{done}件は実行済み",
    "ev.orders_stopped_hidden": "{role:role_name}の ⟨/orders⟩ は{item}番目で停止。"
    "それより前の{done}件は実行済み",
    "ev.supply": "補給(11.0): フランス軍が {base} を占領、{army:army_name+slash}は{units}ユニットを失う",
    "ev.surrender": "{army:army_name+slash}が降伏(残り{blocks}ユニット、12.0)",
    "ev.outcome_draw": "引き分け",
    "ev.outcome_win": "{winner:army_name+slash}の勝利",
    "ev.game_over": "ゲーム終了 — {outcome}({reason:phrase})",
    "ev.setup_done": "{role:role}が配置を完了",
    "ev.undo": "{role:role_name}のプレイヤーが命令を取り消し(⟨/undo⟩)",
    "ev.undo_mine": "取り消した命令: {order:cmd_text}",
    "cmd.undo": "直前の命令を取り消す(サイコロを振るか、隠れた情報が明かされるまで)",
    "ui.not_done": "実行できません — {error}",
    "ui.guild_only": "ゲームはサーバーのチャンネルで行います。"
    "サーバーのチャンネルでコマンドを使ってください。",
    "ui.not_allowed": "許可されていません — {error}",
    "ui.sorry": "申し訳ありません。こちら側で問題が起きました。記録しましたので、もう一度お試しください。",
    "ui.stale": "この配置の案内は古くなっています。{town} の会戦はもうあなたの配置を待っていません。"
    "最新の案内か ⟨/game status⟩ を使ってください。",
    "ui.pick_first": "先にリストからユニットを選び、それからコラムを押してください。",
    "ui.pick_blocks": "ユニットを選択",
    "ui.now": "現在: {column:column}",
    "ui.now_unplaced": "現在: 未配置",
    "ui.to_column": "→ {column:column_title}",
    "ui.clear": "クリア",
    "ui.confirm": "確定",
    "ui.dms_closed": "<@{user}> さん、ダイレクトメッセージを送れません(DM が閉じています)。あなた専用の地図と"
    "報告は、次にここでコマンドを使ったときに本人だけに見える返信で届きます(⟨/game map⟩ を試してください)。",
    "ui.thread_name": "連合軍司令部(ゲーム {game})",
    "ui.thread_open": "連合軍の指揮官は協議できます(配置中または連合軍の夜間ターン)。",
    "ui.thread_locked": "ロックしました。連合軍はいま協議できません(13.1)。",
    "ui.position": "{position:position}",
    "console.help": "コンソールのコマンドです:\n"
    "  陣営: /命令 ...   その席の命令(french、allied、british、prussian)\n"
    "  /命令 ...         行動すべきあなたの席の命令\n"
    "  :status [席]  :map [席]  :log [席]  :legal [席]   (省略時は行動すべき席)\n"
    "  :prefer [席] 項目 値  :export ファイル  :tick  :quit\n"
    "コンソールでは命令を英語の名前で書きます(例: french: ⟨/end⟩)。"
    "変更のたびに、すべての席の画像を pictures フォルダに書き出します。",
    "console.failed": "こちら側の問題で失敗しました({error})。ほかには何も変更していません。",
    "console.unknown": "{command} はコンソールのコマンドではありません。:help で一覧を表示します",
    "console.unknown_seat": "席「{seat}」はありません。席は {seats:list} です",
    "console.legal.more": "…ほか {n} 件",
    "console.bad_options": "エラー: {error}(ゲームは作成していません)",
    "console.options_ignored": "{database} には進行中のゲームがあるので、それを再開します(--options "
    "は無視します)。新しく始めるには --new を付けてください(進行中のゲームは中止されます)。",
    "console.not_done": "実行できません — {error}",
    "console.slash": "命令は「/」で始めます。:help でコンソールのコマンドを表示します",
    "console.hello": "Estafette コンソールです。Discord のトークンがないので、ローカルのゲームです。"
    ":help でヘルプを表示します。",
    "console.channel": "[ゲームチャンネル] {text}",
    "console.dm": "[{role} への DM] {text}",
    "console.thread_open": "[連合軍スレッド 開]",
    "console.thread_locked": "[連合軍スレッド ロック]",
    "console.written": "{path} に書き出しました",
    "console.write_failed": "{path} に書き込めませんでした({error})",
    "console.picture_failed": "(画像 {file} を作れませんでした。{error})",
    "console.legal.setup": "{role:role_name}: ⟨/setup⟩ でユニットを配置し、⟨/end⟩ で終えてください(3.1)",
    "console.legal.movement": "{role:role_name}: ⟨/move⟩ で部隊を移動し、⟨/end⟩ で終えてください(5.0)",
    "console.legal.battle": "{role:role_name}: 会戦を戦ってください(6.0)",
    "console.legal.none": "いま行動する陣営はありません",
    "cmd.game": "このチャンネルの Napoleon 1815 キャンペーン",
    "cmd.game.new": "このチャンネルで新しいキャンペーンを始める",
    "cmd.game.join": "このチャンネルのゲームの席につく",
    "cmd.game.leave": "開始前に席を離れる",
    "cmd.game.start": "キャンペーンを開始する(ホストかサーバー管理者)",
    "cmd.game.status": "ターン、フェイズ、誰の番か",
    "cmd.game.map": "あなた専用の地図(自軍ユニットの内容つき)",
    "cmd.game.log": "これまでの出来事(あなたが知りうる範囲)",
    "cmd.game.options": "開始前にオプションを表示・変更する",
    "cmd.game.spectate": "このゲームの公開地図を別のチャンネルにも投稿する",
    "cmd.game.prefer": "優先設定: hits、supply、battle(自動戦闘命令)",
    "cmd.game.abort": "このチャンネルのゲームを終わらせる(ホストかサーバー管理者)",
    "cmd.game.export": "ゲームをスクリプトファイルとして書き出す",
    "cmd.mygames": "参加しているすべてのゲーム(サーバーをまたいで): 誰の番か、期限",
    "cmd.game.verify": "終わったゲームのサイコロを確かめる(コミットメントとすべての出目)",
    "cmd.game.import": "スクリプトファイルからこのチャンネルの新しいゲームを始める",
    "cmd.move": "1グループのユニットを経路に沿って移動する(5.0)",
    "cmd.end": "いまの手番(移動フェイズ、配置、戦闘ターン)を終える",
    "cmd.setup": "ゲーム前の自由配置(3.1)",
    "cmd.deploy": "会戦の秘密配置(6.2)。DM のボタンでも同じことができる",
    "cmd.battle-move": "戦闘移動(8.1-8.2)",
    "cmd.fire": "1ユニットで射撃する(8.3)",
    "cmd.square": "方陣を組む(8.5)",
    "cmd.unsquare": "方陣を解く(8.5)",
    "cmd.retreat": "ユニットを会戦から退却させる(7.0-7.3)",
    "cmd.reinforce": "ユニットを会戦の予備に増援する(9.0)",
    "cmd.regroup": "勝利の後: 町から退却させるか、町へ増援する(7.6)",
    "cmd.orders": '複数の戦闘命令を一度に: "fire A; B>across-left"',
    "opt.game.new.game": "遊ぶゲーム(いまはナポレオン1815のみ)",
    "opt.game.new.setup": "historical(3.2)、free(3.1)、initiative(3.3、既定)",
    "opt.game.new.players": "2(フランス軍 / 連合軍)か 3(フランス軍 / イギリス軍 / プロシア軍)",
    "opt.game.new.ruleset": "ルールの版: 3.4(2006年、既定)か 3rd(1994年 + FAQ)",
    "opt.game.new.command_control": "選択ルール 13.2",
    "opt.game.new.corps_restriction": "選択ルール 13.3(3.4 のみ)",
    "opt.game.new.days": "時間記録表の最初の N 日だけ遊ぶ(0 = 4日間すべて)",
    "opt.game.new.deadline_hours": "各プレイヤーが行動するまでの時間(0 = 期限なし)",
    "opt.game.new.language": "ゲームチャンネルへの投稿の言語(返信は各自の Discord の言語)",
    "opt.game.join.role": "つく席(省略時は最初の空き席)",
    "opt.game.join.bot": "自分の代わりにボットプレイヤーを席につける(ホストまたはサーバー管理者)",
    "opt.game.new.deadline_action": "期限が過ぎたとき: パスする、またはボットプレイヤーに席を任せる",
    "opt.retreat.path": "退却で通る町(> でつなぐ。2町・3町の退却のとき)",
    "opt.retreat.forced": "強行軍でさらに1町退却する([第3版] のみ、7.3)",
    "opt.game.log.last": "表示する行数(既定 25)",
    "opt.game.options.options": "例: players=3 ruleset=3rd command_control=on(空なら表示)",
    "opt.game.spectate.channel": "このゲームを観戦するチャンネル",
    "opt.game.spectate.stop": "そのチャンネルへの投稿をやめる",
    "opt.game.prefer.key": "hits / supply: 自軍ユニットの優先順リスト。battle: 自動戦闘命令",
    "opt.game.prefer.value": "例: BR-3,BR-5。battle なら 'fire square' か 'off'",
    "opt.game.verify.script": "⟨/game export⟩ で得た、終わったゲームのスクリプト",
    "opt.game.import.script": "⟨/game export⟩ が書き出す形式のスクリプトファイル",
    "opt.game.import.keep_dice": "スクリプトが残した固定のサイコロを残す(チャンネルに告知)",
    "opt.end.battle": "複数の会戦があるとき、戦闘ターンを終える会戦の町(6.4)",
    "opt.move.units": "1グループのユニット(カンマ区切り)",
    "opt.move.path": "町を > でつないだ経路",
    "opt.move.forced": "強行軍で1町多く移動する(5.5)",
    "opt.setup.units": "配置するユニット(カンマ区切り)",
    "opt.setup.town": "配置する町",
    "opt.setup.auto": "未配置のユニットをすべて配置(できる限り史実どおり。手番終了の前に変更可)",
    "opt.deploy.left": "左翼コラムのユニット(カンマ区切り)",
    "opt.deploy.center": "中央コラムのユニット(カンマ区切り)",
    "opt.deploy.right": "右翼コラムのユニット(カンマ区切り)",
    "opt.deploy.reserve": "予備のユニット(カンマ区切り)",
    "opt.deploy.battle": "会戦の町(複数の会戦があるとき)",
    "opt.battle-move.unit": "移動するユニット",
    "opt.battle-move.to": "reserve(予備)、left(左翼)、center(中央)、right(右翼)、across-left / "
    "across-center / across-right(正面の敵コラム)",
    "opt.battle-move.battle": "会戦の町(複数の会戦があるとき)",
    "opt.fire.unit": "射撃するユニット",
    "opt.fire.target": "敵コラムに両方いるとき: line(横隊)か square(方陣)",
    "opt.fire.battle": "会戦の町(複数の会戦があるとき)",
    "opt.square.unit": "方陣を組む歩兵ユニット",
    "opt.square.battle": "会戦の町(複数の会戦があるとき)",
    "opt.unsquare.unit": "方陣を解くユニット",
    "opt.unsquare.battle": "会戦の町(複数の会戦があるとき)",
    "opt.retreat.units": "退却するユニット(カンマ区切り)",
    "opt.retreat.to": "退却先の町",
    "opt.retreat.battle": "会戦の町(複数の会戦があるとき)",
    "opt.reinforce.units": "増援するユニット(カンマ区切り)",
    "opt.reinforce.from": "ユニットがいる町",
    "opt.reinforce.battle": "会戦の町(複数の会戦があるとき)",
    "opt.regroup.units": "ユニット(カンマ区切り)",
    "opt.regroup.to": "町からこの町へ退却する",
    "opt.regroup.from": "またはこの町からユニットを呼び込む",
    "opt.regroup.battle": "会戦の町(複数あるとき)",
    "opt.orders.list": '";" で区切った命令。例: "fire A; B>across-left; square C"',
    "opt.orders.battle": "会戦の町(複数の会戦があるとき)",
    "console.legal.orders": "{role:role_name}: いま出せる命令",
    "svc.import_other_game": "このチャンネルのゲームは {game} です。スクリプトは {other} のものです",
    "opt.game.new.options": "ゲームのオプションを key=value で(例: length=8)。上の指定の後に読みます",
}
BOT_JA = with_commands(BOT_JA)

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
