"""Japanese that a Japanese club reads as its own. The words of the rules' translations,
the commands as a Japanese Discord client names them (English in brackets), the battle terms of each
edition, the event log in Japanese word order, one politeness style per kind of text (bot/i18n_ja.py)."""

from __future__ import annotations

import re

import pytest
from support.battlefield import fight

from bot.i18n import CATALOGS, TERMS, localize_error, t
from bot.i18n_ja import BOT_JA, CHOICE_NAMES_JA, COMMAND_NAMES_JA, OPTION_NAMES_JA
from bot.narrate import describe
from engine.messages_ja import JA, JA_TERMS, PHRASES_JA, command_ref
from renderers.napoleon.text import JA as PICTURES_JA

COMMANDS = sorted({name.split(" ")[-1] for name in COMMAND_NAMES_JA} | {"game"}, key=len, reverse=True)
# an English command name written bare: "/end" not inside the brackets that follow its Japanese name
BARE_COMMAND = re.compile(r"(?<![(\w])/(?:" + "|".join(re.escape(c) for c in COMMANDS) + r")(?![\w-])")


def _texts(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [x for v in value.values() for x in _texts(v)]
    if isinstance(value, (list, tuple)):
        return [x for v in value for x in _texts(v)]
    return []


def every_japanese_text() -> dict[str, str]:
    """Every Japanese catalog string: the messages, the pictures' labels, the game's words, the names the
    client shows, the engine's phrases."""
    out = {f"catalog {k}": v for k, v in CATALOGS["ja"].items()}
    out |= {f"picture {k}": v for k, v in PICTURES_JA.items()}
    out |= {f"phrase {k}": v for k, v in PHRASES_JA.items()}
    out |= {f"choice {k}": v for k, v in CHOICE_NAMES_JA.items()}
    out |= {f"command {k}": v for k, v in COMMAND_NAMES_JA.items()}
    out |= {f"option {k}": v for k, v in OPTION_NAMES_JA.items()}
    for kind, table in JA_TERMS.items():
        for i, text in enumerate(_texts(table)):
            out[f"term {kind} {i}"] = text
    return out


FORBIDDEN = {
    "中央線": "センターライン",
    "近衛隊": "親衛隊",
    "離席": "退席 (離席 means away from keyboard)",
    "常備": "優先設定 / 自動戦闘命令",
    "ダイス": "サイコロ",
    "ブロック": "ユニット",
    "ではなく": "a Japanese sentence (「X」ではなく is English word order)",
    "/終了": "/手番終了 (/終了 reads as game over)",
    "指揮するのは": "あなた(…)が動かせるのは…",
}


# Napoleon's Japanese rules say ユニット; Liberty's (its Japanese original) say ブロック throughout
# (167 times, never ユニット), and ダイス where Napoleon's say サイコロ: each game keeps its rulebook's word
LIBERTY_TERMS = {"ブロック", "ダイス"}

# Liberty's own words, as its Japanese translation spells them and clubs use them
LIBERTY_FORBIDDEN = {
    "サイコロ": "ダイス (Liberty's translation)",
    "アクション・カード": "アクションカード",
    "アクション・フェイズ": "活動フェイズ",
    "カード・フェイズ": "カードフェイズ",
    "行動": "アクション / 活動 (3.1)",
    "補給カード": "サプライカード (補給 is the winter's 補給源街)",
    "冬季消耗": "冬季損耗 (11.4)",
    "勝利得点": "勝利ポイント",
    "荒野": "原野 (1.4)",
    "損害": "命中 / 命中の配分 (7.32)",
    "徴募": "補充 / 補充プール (6.0)",
    "カード提出": "カードプレイ",
}


def _liberty_texts() -> set[str]:
    """Where every text of Liberty's own catalog is listed (its messages, its commands' words)."""
    from engine.catalog import read
    from engine.liberty.messages import LOCALE

    keys = set(read(LOCALE, "liberty", "ja"))
    return {f"catalog {k}" for k in keys} | {
        f"{kind} {k.split('.', 1)[1]}"
        for k in keys
        for kind in ("command", "option")
        if k.startswith(kind + ".")
    }


def test_no_japanese_text_uses_a_forbidden_term():
    texts = every_japanese_text()
    assert len(texts) > 600
    liberty = _liberty_texts()
    found = [
        f"{where}: {bad!r} (say {FORBIDDEN[bad]})"
        for where, s in texts.items()
        for bad in FORBIDDEN
        if bad in s and not (bad in LIBERTY_TERMS and ("liberty." in where or where in liberty))
    ]
    assert not found, "\n".join(found)


def test_liberty_says_its_translations_words():
    """Liberty's catalog follows its Japanese translation: サプライカード, 活動フェイズ,
    冬季損耗, 勝利ポイント, 原野, 命中, 補充, ダイス; no yes/no left after a word (「受諾 あり」)."""
    from engine.catalog import read
    from engine.liberty.messages import LOCALE

    texts = dict(read(LOCALE, "liberty", "ja"))
    assert len(texts) > 150
    found = [
        f"{key}: {bad!r} (say {LIBERTY_FORBIDDEN[bad]})"
        for key, s in texts.items()
        for bad in LIBERTY_FORBIDDEN
        if bad in s
    ]
    assert not found, "\n".join(found)
    assert not [k for k, s in texts.items() if re.search(r"\{[a-z_]+:bool\}", s)], "yes/no said as あり/なし"
    assert COMMAND_NAMES_JA["build"] == "補充" and COMMAND_NAMES_JA["play"] == "カードプレイ"
    assert COMMAND_NAMES_JA["supply"] == "サプライ" and COMMAND_NAMES_JA["attrition"] == "冬季損耗"


def test_no_message_is_an_english_sentence_in_japanese_words():
    """「〜です: 〜」 (English "is: ...") and 「X」ではなく (English "not X") read as translations."""
    for where, s in every_japanese_text().items():
        assert not re.search(r"(です|ます|ません|ました): ", s), where
    assert (
        t("svc.seats_empty", "ja", roles=["allied"])
        == "まだ連合軍の席が空いています(/ゲーム 参加 (/game join))"
    )


def test_the_formation_opposite_a_square_is_yoko_tai_not_senretsu():
    """戦列 is the line (戦列コラム, a leader in the line); the formation a square is set against is 横隊."""
    assert JA_TERMS["formation"] == {"line": "横隊", "square": "方陣"}
    assert CHOICE_NAMES_JA["line"] == "横隊" and PICTURES_JA["formation.line"] == "横隊"
    for where, s in every_japanese_text().items():
        if "方陣" in s:
            assert "戦列" not in s.replace("戦列コラム", ""), where


def test_no_japanese_message_names_a_bare_english_command():
    bare = {where: BARE_COMMAND.findall(s) for where, s in every_japanese_text().items()}
    assert not {k: v for k, v in bare.items() if v}
    # and the rule applies to what the templates say once filled: a rejected order names the command it got
    said = t("game.setup_orders", "ja", order="move")
    assert said == (
        "配置中に使える命令は /配置 (/setup) と /手番終了 (/end) だけです。/移動 (/move) は使えません"
    )
    assert not BARE_COMMAND.findall(
        t("game.unknown_battle_order", "ja", order="zap", orders=["/fire", "/end"])
    )


def test_the_english_catalog_still_names_its_commands():
    """The detector is not blind: English says /end, and Japanese says it only in brackets."""
    assert BARE_COMMAND.findall(CATALOGS["en"]["game.setup_orders"]) == ["/setup", "/end"]
    assert BARE_COMMAND.findall("まず /end を送ってください") == ["/end"]
    assert BARE_COMMAND.findall("/手番終了 (/end)") == []


def test_a_command_reference_gives_the_clients_names_first_and_the_english_in_brackets():
    assert command_ref("/end") == "/手番終了 (/end)"
    assert command_ref("/game leave") == "/ゲーム 退席 (/game leave)"
    assert command_ref("/game prefer key:battle value:off") == (
        "/ゲーム 優先設定 項目:battle 値:off (/game prefer key:battle value:off)"
    )
    assert command_ref("/retreat units:A to:町") == "/退却 ユニット:A 行き先:町 (/retreat units:A to:町)"
    assert command_ref("battle:町") == "会戦:町 (battle:町)"
    assert command_ref("ruleset=") == "ルール版 (ruleset=)"  # a key of the options text is typed in English
    # every message that tells the player what to type uses it, with the names the client shows
    assert t("setup.usage", "ja") == (
        "/配置 ユニット:A,B 町:町 (/setup units:A,B town:町) と書くか、/配置 自動:yes (/setup auto:yes) で"
        "残りを史実どおりに配置してください"
    )
    made = t("svc.new_game", "ja", game=1, title="Napoleon 1815", options="x", roles=["french"])
    assert "/ゲーム 参加 (/game join)" in made
    where = {"start": "Solre-sur-Sambre", "path": "Solre-sur-Sambre>Beaumont>Thuin", "steps": 2}
    assert "強行軍:yes (" in t("move.needs_forced", "ja", unit="FR-1", type="infantry", speed=1, **where)


def test_the_renamed_commands_and_choices():
    assert COMMAND_NAMES_JA["end"] == "手番終了"  # /終了 reads as "game over"
    assert COMMAND_NAMES_JA["game leave"] == "退席"  # 離席 is "away from keyboard"
    assert COMMAND_NAMES_JA["game prefer"] == "優先設定"
    assert CHOICE_NAMES_JA["battle"] == "自動戦闘命令 (battle)"
    assert t("svc.standing_cancelled", "ja") == "自動戦闘命令を取り消しました。"
    assert BOT_JA["cmd.game.prefer"].startswith("優先設定")


def test_the_discord_descriptions_and_choice_names_fit_discords_100_characters():
    for key, text in CATALOGS["ja"].items():
        if key.startswith(("cmd.", "opt.")):
            assert 1 <= len(text) <= 100, (key, len(text))
    for value, name in CHOICE_NAMES_JA.items():
        assert 1 <= len(name) <= 100, value


# --- the battle terms of each edition (8.1) ----------------------------------------------------------------


def _engage_and_back(ruleset: str):
    f = fight(
        "FR-1,FR-2,FR-3,FR-11,FR-16",
        "PR-1,PR-2,PR-3,PR-4",
        ruleset=ruleset,
        att_cols={"left": "FR-1", "center": "FR-2", "right": "FR-3", "reserve": "FR-11,FR-16"},
        def_cols={"left": "PR-1", "center": "PR-2,PR-3", "right": "PR-4"},
    )
    f.do("french", "/battle-move unit:FR-16 to:center")
    engage = f.do("french", "/battle-move unit:FR-2 to:across-center")
    f.do("french", "/end")
    f.do("allied", "/end")
    back = f.do("french", "/battle-move unit:FR-2 to:center")
    moves = [e for e in engage + back if e.kind == "battle_move"]
    return [describe(e.visible("public"), "ja", ruleset) for e in moves]


@pytest.mark.parametrize(
    ("ruleset", "engage", "disengage"), [("3rd", "前進", "後退"), ("3.4", "進んで交戦", "離脱")]
)
def test_8_1_the_combat_moves_are_named_as_the_editions_translation_names_them(ruleset, engage, disengage):
    said = _engage_and_back(ruleset)
    assert said == [
        f"Ligny の会戦: FR-2 がフランス軍の中央から連合軍の中央へ{engage}",
        f"Ligny の会戦: FR-2 が連合軍の中央からフランス軍の中央へ{disengage}",
    ]
    other = {"3rd": "3.4", "3.4": "3rd"}[ruleset]
    assert TERMS["ja"]["move_verb_3rd" if other == "3rd" else "move_verb"]["disengage"] not in " ".join(said)


def test_8_1_edition_tagged_rule_errors_use_their_editions_words():
    assert (
        JA["battle.engage_disengage"].startswith("[第3版]") and "前進と後退" in JA["battle.engage_disengage"]
    )
    assert JA["battle.artillery_engage"] == "[v3.4] 砲兵は交戦できません"


# --- the event log in Japanese word order ------------------------------------------------------------------


def test_a_rout_goes_from_a_town_to_a_town():
    e = {"kind": "routed", "count": 2, "armies": ["prussian"], "from": "Florennes", "to": "Philippeville"}
    assert describe(e, "ja") == "プロシア軍2ユニットが Florennes から Philippeville へ潰走"
    assert describe(e, "en") == "2 Prussian blocks flee from Florennes to Philippeville"
    assert describe(e | {"count": 1}, "en") == "1 Prussian block flees from Florennes to Philippeville"


def test_a_move_says_where_from_through_and_to():
    e = {"kind": "move", "count": 3, "armies": ["french"], "path": ["Charleroi", "Gosselies", "Frasnes"]}
    assert (
        describe(e | {"attack": False}, "ja")
        == "フランス軍3ユニットが Charleroi から Gosselies 経由で Frasnes へ移動"
    )
    assert describe(e | {"attack": True, "path": ["Fleurus", "Ligny"]}, "ja") == (
        "フランス軍3ユニットが Fleurus から Ligny へ攻撃"
    )
    said = describe(e | {"attack": False}, "en")
    assert said == "3 French blocks move from Charleroi via Gosselies to Frasnes"
    one = e | {"attack": False, "count": 1, "path": ["Beaumont", "Thuin"]}
    assert describe(one, "en") == "1 French block moves from Beaumont to Thuin"


def test_a_die_roll_is_one_flat_line_naming_the_armies():
    e = {"kind": "dice", "why": "morale (8.6)", "dice": [2], "town": "Ligny", "bonus": 0, "need": 4}
    assert describe(e | {"army": "prussian"}, "ja") == (
        "Ligny で プロシア軍のユニットの士気チェック(8.6): 出目 2、4以上で成功 — 失敗"
    )
    fire = {"kind": "dice", "why": "fire (8.3)", "dice": [6, 1], "town": "Ligny", "class": "F1"}
    fire |= {"unit": "BR-3", "army": "british", "target": "allied:right", "formation": "line"}
    said = describe(fire, "ja")
    assert said == (
        "Ligny の会戦: イギリス軍の BR-3 がセンターラインを越えて連合軍の右翼に入ったフランス軍の横隊をF1で射"
        "撃、"
        "サイコロ 6 1(8.3)"
    )
    assert "\n" not in said and "(" not in said.split("射撃")[0].replace("(8.3)", "")  # flat: no nesting
    old = {"kind": "dice", "why": "forced march (5.5)", "dice": [5], "army": "french", "town": "Thuin"}
    assert describe(old, "ja") == "強行軍(5.5)のサイコロ 5"  # a roll stored before "need": still one line


def test_an_elimination_and_a_loss_read_in_japanese_order():
    e = {"kind": "eliminated", "unit": "FR-2", "army": "french", "type": "infantry", "town": "Ligny"}
    assert (
        describe(e | {"reason": "fire (8.3, 8.4)"}, "ja")
        == "FR-2(フランス軍の歩兵)が Ligny で全滅(射撃(8.3、8.4))"
    )
    loss = {
        "kind": "loss",
        "unit": "FR-2",
        "town": "Ligny",
        "steps": 1,
        "reason": "rout attrition (7.5)",
        "cv": 3,
    }
    assert describe(loss, "ja") == "Ligny で FR-2 が1ステップを失う(潰走の消耗(7.5))、残り 3 cv"


# --- one politeness style per kind of text -----------------------------------------------------------------

POLITE = re.compile(r"(です|ます|ました|ません|ください)")


def test_the_event_log_and_the_picture_labels_are_plain_style():
    for key, text in CATALOGS["ja"].items():
        if key.startswith("ev."):
            assert not POLITE.search(text), key
    for key, text in PICTURES_JA.items():
        assert not POLITE.search(text), key


def test_messages_to_players_are_desu_masu():
    prompts = ("prompt.setup", "prompt.setup_done", "prompt.movement", "prompt.deploy", "prompt.regroup")
    for key in (*prompts, "prompt.battle"):
        assert POLITE.search(CATALOGS["ja"][key]), key
    for key in ("svc.standing_set", "svc.new_game", "game.move_ended", "battle.nothing_waiting_yours"):
        assert POLITE.search(CATALOGS["ja"][key]), key


def test_a_rule_error_reads_as_a_japanese_sentence():
    from engine.messages import rule_error

    err = rule_error("5.1", "move.not_yours", unit="BR-1", role="french", armies=["french"])
    assert (
        localize_error(err, "ja")
        == "5.1: BR-1 は動かせません。あなた(フランス軍)が動かせるのはフランス軍のユニットだけです"
    )
    err = rule_error("", "options.players", value="7")
    assert localize_error(err, "ja") == "人数 (players=) は 2 か 3 です。「7」は使えません"


def test_the_guides_japanese_quick_start_uses_the_names_the_client_shows():
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "docs" / "guide.md").read_text(encoding="utf-8")
    start = guide.index("### 日本語クイックスタート")
    section = guide[start : guide.index("## 2. Starting a campaign")]
    shown = set(COMMAND_NAMES_JA.values())
    commands = re.findall(r"`/([^\s`a-z:]+)(?: ([^\s`a-z:]+))?", section)
    assert len(commands) >= 10
    for first, second in commands:
        assert first in shown, first
        assert first != "ゲーム" or second in shown, second  # /ゲーム 参加: a subcommand
    spans = " ".join(re.findall(r"`/[^`]+`", section))
    options = set(re.findall(r"([^\s`/a-z]+):", spans))
    assert options and options <= set(OPTION_NAMES_JA.values()), options - set(OPTION_NAMES_JA.values())
    for bad in FORBIDDEN:
        assert bad not in section, bad


def test_orders_said_to_a_japanese_player_name_the_clients_commands():
    from bot.service.prompts import prompt
    from engine.napoleon import Options, new_game

    assert t("svc.standing_dm", "ja", order="/fire unit:PR-2") == (
        "自動戦闘命令で /射撃 ユニット:PR-2 (/fire unit:PR-2) を実行しました。"
    )
    assert t("ev.undo_mine", "en", order="/fire unit:PR-2") == "Taken back: /fire unit:PR-2"
    game = new_game(Options(setup="historical"), seed=1)
    said = prompt(game, "french", "ja")
    assert "`/移動 ユニット:" in said and "(/move units:" in said
    assert not BARE_COMMAND.findall(said), said
    assert "`/move units:" in prompt(game, "french", "en")


# --- Liberty, as a Japanese club reads it (its translation's words) ----------------------------------------


def test_liberty_events_read_as_japanese_sentences_in_its_translations_words():
    """9.0 フランスの参戦ロール, 11.5 an answer, 5.5 the forced-march table (1ステップロス / 効果なし), 7.21
    戦闘ラウンド, 11.0 冬季ターン and 勝利ポイント: no yes/no, no English place word."""
    from engine.liberty.messages import narrate

    entry = {"kind": "french_entry", "dice": [6, 3], "entered": True}
    assert narrate(entry, "ja") == "フランスの参戦ロール 6、3: フランスが参戦"
    assert narrate(entry | {"entered": False}, "en") == "French entry roll 6, 3: France stays out"
    answer = {"kind": "exchange_answered", "by": "american", "accepted": False, "give": [], "take": []}
    assert narrate(answer, "ja") == "アメリカ軍が交換を拒否した"
    march = {"kind": "forced_march", "side": "british", "die": 2, "lost": True}
    assert narrate(march, "ja") == "イギリス軍: 強行軍のダイス 2、1ステップロス"
    assert narrate(march | {"lost": False}, "ja").endswith("効果なし")
    assert narrate({"kind": "round", "at": "21.08", "round": 2}, "ja") == "Boston の戦闘: 戦闘ラウンド 2"
    back = {"kind": "sea_repulsed", "unit": "HE-1", "to": "Atlantic", "at": "21.08"}
    assert narrate(back, "ja") == "HE-1 は大西洋ボックスへ押し戻された"
    vp = {"kind": "victory_check", "year": 1776, "vp": 18}
    assert narrate(vp, "ja") == "1776年の冬季ターン: イギリス軍の勝利ポイントは 18"
    assert narrate({"kind": "hand", "side": "british", "cards": 5}, "en") == "the British hold 5 cards"


def test_liberty_status_options_and_prompts_say_the_game_in_japanese():
    """/ゲーム 状況 and the options in words; the action prompt once no action is left (3.1) offers no build;
    the battle prompt names the battle, its round and who attacks (7.21)."""
    from support.liberty import actions, empty, put

    from bot.narrate import TEXT
    from engine.liberty.module import MODULE

    g = MODULE.new_game(MODULE.parse_options(""), 1)
    assert (
        MODULE.status(g, "ja", TEXT)
        == "1775年 第1ゲームターン、カードフェイズ。イギリス軍、アメリカ軍を待っています。"
    )
    assert MODULE.status(g, "en", TEXT) == (
        "1775, game turn 1, card phase; waiting for the British and the Americans."
    )
    said = MODULE.describe_options(g.options, "ja", TEXT)
    assert "=" not in said and "勝利ポイント 20 以上" in said and "原野ヘクス" in said
    g = empty(1)
    put(g, "BR-1", "21.08")
    put(g, "BR-2", "21.08")
    actions(g, "british", 1)
    g.apply("british", "/move units:BR-1 path:21.08>20.08")  # the last action: BR-2 may still follow
    asked = MODULE.prompt(g, "british", "ja", TEXT, False)
    assert asked.startswith("アクションは残っていません。") and "/補充" not in asked
    assert MODULE.prompt(g, "british", "en", TEXT, False).startswith("no action left")
    g = empty(1)
    put(g, "BR-1", "21.08")
    put(g, "AM-1", "20.08")
    actions(g, "british", 1)
    g.apply("british", "/move units:BR-1 path:21.08>20.08")  # an attack: the battle follows (7.1)
    assert g.state.phase == "battle" and g.active() == ["american"]
    assert g.ctx.lib.town_at("20.08") is None  # a hex without a town: by its number
    asked = MODULE.prompt(g, "american", "ja", TEXT, False)
    assert asked.startswith("ヘクス 20.08 の戦闘（戦闘ラウンド 1、イギリス軍の攻撃）。あなたの "), asked
    assert MODULE.prompt(g, "american", "en", TEXT, False).startswith(
        "battle in hex 20.08, battle round 1, the British attacking: your "
    )
