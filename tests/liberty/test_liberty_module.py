"""Liberty as a module of the platform (engine/module.py): its declaration, options (11.1's thresholds),
seats, ownership, the script runner (``@game liberty`` and its directives), the report, and its message
catalogs (English and Japanese with the same keys and fields; every key the rules raise is there)."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from engine import modules
from engine.errors import RuleError
from engine.liberty.messages import EN, LOCALE
from engine.liberty.messages_ja import JA
from engine.liberty.module import MODULE
from engine.module import GameObject
from engine.script import ScriptError, report, run_lines

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def liberty():
    modules.register(MODULE)
    yield MODULE
    modules.unregister("liberty")


def test_liberty_is_built_into_the_registry_after_the_default():
    assert modules.get("liberty") is MODULE and modules.get(None).id == "napoleon"  # Napoleon the default
    ids = [m.id for m in modules.modules()]
    assert ids[0] == "napoleon" and "liberty" in ids and ids[1:] == sorted(ids[1:])  # the default, then by id
    modules.unregister("liberty")  # a built-in module stays
    assert modules.get("liberty") is MODULE


def test_the_module_declares_seats_options_and_ownership():
    opts = MODULE.parse_options("")
    # 11.1 as options; the thresholds calibrated for our board (data/liberty/README.md), the text's 30/12
    assert (opts.british_win, opts.american_win, opts.last_year) == (20, 10, 1783)
    assert MODULE.options_dict(MODULE.parse_options("british_win=25 american_win=10")) == {
        **MODULE.defaults(), "british_win": 25, "american_win": 10,
    }  # fmt: skip
    with pytest.raises(RuleError) as e:
        MODULE.parse_options("british_win=0")
    assert "from 1 to 58" in str(e.value)
    assert MODULE.roles(opts) == ("british", "american")
    assert (
        MODULE.owns("british", "HOWE")
        and MODULE.owns("american", "FR-1")
        and not MODULE.owns("british", "AM-1")
    )
    assert not MODULE.owns("british", "NOPE")
    game = MODULE.new_game(opts, 7)
    assert isinstance(game, GameObject)
    assert MODULE.loads(game.dumps()).dumps() == game.dumps()
    assert {k.name for k in MODULE.orders} >= {"play", "move", "sea", "build", "fire", "retreat", "regroup"}


def test_a_script_plays_secret_card_play_with_the_modules_directives(liberty):
    out = run_lines(
        [
            "@game liberty",
            "@options british_win=25",
            "@seed 3",
            "@hand british ACT-7,ACT-1",
            "@hand american ACT-8,ACT-2",
            "british: /play card:ACT-7",
            "! british: /play card:ACT-1",  # 3.1: one card a turn
            "american: /play card:ACT-8",
            "british: /move units:BR-2 path:Boston>Springfield",
            "! british: /move units:BR-2 path:Springfield>Hartford",  # 5.1: once a turn
            "british: /end",
        ]
    )
    g = out.game
    assert out.ok and out.module == "liberty" and g.options.british_win == 25
    assert g.state.p1 == "british" and g.state.acting == "american"  # T01: the tie goes to the British
    doc = report(out)
    assert doc["active"] == ["american"] and doc["results"][1]["ok"] is False
    assert any(u["id"] == "BR-2" and u["at"] == "20.09" for u in doc["units"])
    assert run_lines(g.script().splitlines()).game.dumps() == g.dumps()


def test_unknown_directives_and_orders_say_what_is_known(liberty):
    with pytest.raises(ScriptError) as e:
        run_lines(["@game liberty", "@turn 3"])
    assert "@dice" in str(e.value) and "@hand" in str(e.value)
    g = MODULE.new_game(MODULE.parse_options(""), 1)
    with pytest.raises(RuleError) as r:
        g.apply("british", "/march units:HOWE")
    assert r.value.key == "liberty.order.unknown" and "play" in str(r.value)
    with pytest.raises(RuleError) as r:
        g.apply("french", "/play card:ACT-1")
    assert r.value.key == "liberty.order.role"


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_the_catalogs_have_the_same_keys_and_fields():
    assert set(EN) == set(JA)
    for key in EN:
        assert _fields(EN[key]) == _fields(JA[key]), key
    assert MODULE.locale == LOCALE  # its gettext catalogs (liberty.po), as Napoleon's


def test_every_message_the_rules_raise_is_in_the_catalog():
    used = set()
    for path in (ROOT / "engine" / "liberty").glob("*.py"):
        if path.name.startswith("messages"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node.value.startswith("liberty.")
                and not node.value.endswith(".")  # a prefix (f"liberty.event.{kind}": the narration)
            ):
                used.add(node.value)
    assert len(used) > 60 and used <= set(EN), used - set(EN)
    # one namespace (a front end merges the catalogs), but for the words of its slash commands and choices,
    # the tables read by name (``command.play``, ``cmd.play``, ``choice.american``, ``term.role.american``):
    # none of them is another catalog's
    tables = ("command.", "option.", "cmd.", "opt.", "choice.", "term.", "title.")
    assert all(k.startswith(("liberty.", *tables)) for k in EN)
    from engine.catalog import ENGINE_LOCALE, read

    others = set(read(ENGINE_LOCALE, "engine", "en")) | set(read(ROOT / "bot" / "locale", "bot", "en"))
    others |= set(read(ROOT / "engine" / "napoleon" / "locale", "napoleon", "en"))
    assert not {k for k in EN if k.startswith(tables)} & others
    assert {k.split(".", 1)[1] for k in EN if k.startswith("command.")} == {
        k.name for k in MODULE.orders if k.name not in {"move", "end", "fire", "retreat", "regroup"}
    }  # a Japanese name for every order of its own (the shared ones are named by the platform)


def test_rule_errors_carry_the_rule_number_key_and_params():
    g = MODULE.new_game(MODULE.parse_options(""), 1)
    with pytest.raises(RuleError) as e:
        g.apply("british", "/play card:NOPE")
    err = e.value
    assert err.rule == "3.1" and err.key == "liberty.card.not_in_hand" and err.params["card"] == "NOPE"
    assert "NOPE" in err.message and str(err).startswith("3.1: ")


def test_every_event_is_told_from_its_public_data_in_both_languages():
    from support.liberty import play_random

    from engine.liberty.messages import narrate

    seen = {}
    for seed in (1, 2):
        game, _ = play_random(seed)
        for e in game.events:
            seen.setdefault(e.kind, e.data)
    assert {"cards_revealed", "moved", "battle", "fired", "captured", "victory_check", "game_over"} <= set(
        seen
    )
    for kind, data in seen.items():
        for lang in ("en", "ja"):
            text = narrate({"kind": kind, **data}, lang)  # a missing field would raise
            assert text and "{" not in text, kind


def test_the_narration_names_the_sides_and_reasons_in_the_players_language():
    """Events carry role ids and reason keys (11.1, 4.0); the narration says them in words, in Japanese with
    the rulebook's names and no English left."""
    from engine.liberty.module import narrate

    over = {"kind": "game_over", "winner": "american", "reason": "last_year", "vp": 15}
    assert narrate(over, "ja", None, None) == (
        "ゲーム終了: アメリカ軍の勝利（最終年が終わってもイギリス軍が勝利していない）"
    )
    assert narrate(over, "en", None, None) == (
        "the game is over: the Americans win (the last year ended without a British victory)"
    )
    weather = {"kind": "weather", "roller": "british", "die": 1, "effect": "north"}
    said = narrate(weather, "ja", None, None)
    assert said == "天候（イギリス軍のダイス 1）: このターンは北部で攻撃できない"
    march = {"kind": "forced_march", "side": "american", "die": 2, "lost": True}
    assert "アメリカ軍" in narrate(march, "ja", None, None) and "True" not in narrate(march, "ja", None, None)
    moved = {"kind": "moved", "side": "british", "n": 2, "path": ["17.07", "18.07"]}
    # 17.07 holds Canajoharie (a town is named by its name), 18.07 no town (its number)
    said = narrate(moved, "ja", None, None)
    assert said == "イギリス軍が 2 ブロックを Canajoharie から ヘクス 18.07 へ移動"
    assert narrate(moved, "en", None, None) == "the British move 2 blocks from Canajoharie to hex 18.07"


def test_the_prompt_asks_each_side_in_its_language_with_ready_orders():
    """3.1: in the card phase both sides are asked to play a card; the Japanese prompt names the command as
    a Japanese client shows it, the English one keeps the engine's words; the other side is not asked."""
    g = MODULE.new_game(MODULE.parse_options(""), 1)
    ja = MODULE.prompt(g, "british", "ja", None, True)
    assert ja.startswith("手札のカードを 1 枚、/カードプレイ (/play) で伏せてプレイしてください（3.1）")
    assert "`/play card:" in ja  # ready orders, from the side's own hand (with a client: its names)
    assert MODULE.prompt(g, "american", "en", None, False) == "play a card face down (3.1)"
    g.apply("british", str(g.legal("british").choices[0]))
    assert MODULE.prompt(g, "british", "ja", None, True) == ""  # it has played: it waits
