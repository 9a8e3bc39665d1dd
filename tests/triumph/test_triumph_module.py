"""Napoleon's Triumph as a module of the platform (``engine/triumph/module.py``, ``present.py``): its options,
order kinds and seats as the platform reads them, the scenario dump, snapshots, and its words in English and
Japanese: every event told as its audience sees it (names from the data, no template left unfilled, no raw
id), a prompt at each step of the turn and of the attack (7, 11.2-11.9, 12, G35), the channel's headline made
of the public view alone, and the sealed choices (11.2 with 11.4, 11.3, 11.5) asked as sealed lists in the
role's DM while the other side's view and its lines say nothing of them until the rules show them."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.narrate import TEXT
from data.triumph import load_triumph
from engine import modules
from engine.errors import RuleError
from engine.module import Pick, SealedChoice
from engine.triumph import orders as O
from engine.triumph import present
from engine.triumph.game import Game
from engine.triumph.options import Options

from .position import empty, put

ROOT = Path(__file__).resolve().parents[2]
MODULE = modules.get("triumph")
SRC, TGT = "bosenitz_plain", "krug"  # the French attack the Krug across its wide approach (the rules tests')
ARMS = ("infantry", "cavalry", "artillery", "Guard", "歩兵", "騎兵", "砲兵", "近衛")
BRACES = re.compile(r"[{}]")


def tell(event: dict[str, Any], lang: str) -> str | None:
    return MODULE.narrate(event, lang, Options(), TEXT)


def play(seed: int, options: Options, until: Any = None) -> Game:
    """A random game (the module's random pick) to its end, or to the first state ``until(game)`` holds."""
    rng = random.Random(seed)
    game = MODULE.new_game(options, seed)
    while not game.over and not (until and until(game)):
        role = game.active()[0]
        game.apply(role, MODULE.fuzzing.pick(rng, game, role, {}))
    return game


# --- the module's declarations ------------------------------------------------------------------------------


def test_the_module_is_registered_with_its_seats_and_options():
    assert MODULE.id == "triumph" and MODULE.title == "Napoleon's Triumph (Austerlitz)"
    assert "triumph" in [m.id for m in modules.modules()]
    opts = MODULE.parse_options("scenario=1dec french_setup=on")
    assert opts == Options(scenario="1dec", french_setup=True)
    assert MODULE.roles(opts) == ("allies", "french")  # 7: the Allied turn, then the French
    assert MODULE.options_dict(opts) == opts.to_dict()
    with pytest.raises(RuleError, match="2dec, 1dec"):
        MODULE.parse_options("scenario=3dec")
    en = MODULE.describe_options(opts, "en", TEXT)
    ja = MODULE.describe_options(opts, "ja", TEXT)
    assert "1–2 December" in en and "the French set up first" in en
    assert "12月1〜2日" in ja and "フランス軍が先に配置" in ja


def test_every_order_of_the_grammar_is_an_order_kind_with_the_options_its_parser_takes():
    """Slash commands and autocomplete come from the order kinds: each order of ``orders.py`` has one, with
    exactly the options the one parser reads (the docstring's forms)."""
    kinds = {k.name: k for k in MODULE.orders}
    assert set(kinds) == set(O.GRAMMAR.kinds)
    doc = O.__doc__ or ""
    for line in doc.splitlines():
        m = re.match(r"\s+/([a-z-]+)(.*)", line)
        if not m:
            continue
        said = set(re.findall(r"(?:\s|\[)([a-z]+):\S", m[2]))
        declared = {o.name for o in kinds[m[1]].options}
        assert said <= declared, (m[1], said - declared)
    for k in MODULE.orders:  # a required option of the kind is one the parser needs
        for o in k.options:
            if o.required:
                with pytest.raises(RuleError):
                    O.GRAMMAR.parse(f"/{k.name}")


def test_owns_says_whose_block_or_commander_an_id_is():
    assert MODULE.owns("french", "F12") and not MODULE.owns("allies", "F12")
    assert MODULE.owns("allies", "A01") and MODULE.owns("allies", "bagration")
    assert MODULE.owns("french", "lannes") and not MODULE.owns("french", "nobody")


def test_the_scenario_dump_gives_the_map_the_order_of_battle_and_morale():
    out = subprocess.run(
        [sys.executable, "-m", "engine.scenario", "triumph", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    d = json.loads(out.stdout)
    t = load_triumph()
    assert len(d["locales"]) == len(t.locales) and len(d["units"]) == len(t.units)
    krug = next(loc for loc in d["locales"] if loc["id"] == "krug")
    assert krug["name"] == t.locale("krug").name and krug["capacity"] == t.locale("krug").capacity
    assert {"to", "width"} <= set(krug["approaches"][0])
    assert {a["width"] for loc in d["locales"] for a in loc["approaches"]} == {"wide", "narrow"}
    assert {"id", "side", "arm", "strength"} <= set(d["units"][0])
    assert {c["id"] for c in d["commanders"]} >= {"lannes", "bagration"}
    assert d["morale"]["start"] == {"french": 23, "allies": 27}


def test_a_snapshot_round_trips_and_the_loaded_game_plays_on_the_same():
    rng = random.Random(2)
    game = MODULE.new_game(Options(scenario="1dec"), 2)
    rounds = []
    while not game.over:
        role = game.active()[0]
        game.apply(role, MODULE.fuzzing.pick(rng, game, role, {}))
        if len(game.log) % 40 == 0:
            back = MODULE.loads(game.dumps())
            assert back.dumps() == game.dumps()
            assert [str(c) for c in back.legal(back.active()[0]).choices] == [
                str(c) for c in game.legal(game.active()[0]).choices
            ]
            assert back.view("allies") == game.view("allies")
            before = game.dumps()
            copy = MODULE.copy(game)  # the working copy an order is applied to
            copy.apply(copy.active()[0], MODULE.fuzzing.pick(random.Random(0), copy, copy.active()[0], {}))
            assert game.dumps() == before and copy.dumps() != before  # the copy changed, not the game
        rounds.append(MODULE.epoch(game))
    assert rounds == sorted(rounds) and rounds[-1] > rounds[0]  # a snapshot kept per round (7)
    json.dumps(MODULE.report(game))  # the script runner's document


# --- the words ----------------------------------------------------------------------------------------------


@cache
def emitted_kinds() -> frozenset[str]:
    src = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine" / "triumph").glob("*.py"))
    return frozenset(re.findall(r'emit\(\s*"([a-z-]+)"', src))


@cache
def sample_games() -> tuple[Game, ...]:
    """Random games over the options (the set-up step, both scenarios: the night), and a Detach Move (9)
    the random pick does not make."""
    games = [
        play(1, Options(french_setup=True)),
        play(2, Options(scenario="1dec")),
        play(4, Options(scenario="1dec", french_setup=True, blockers_must_fight=False)),
        play(6, Options(balance=True, santon=True)),  # the optional rules 17 and 18
    ]
    g = MODULE.new_game(Options(), 5)
    for c in g.state.commanders.values():
        units = g.state.corps_units(c.id)
        if c.side != "allies" or len(units) < 2 or c.at == "off":
            continue
        for n in load_triumph().neighbours(c.at):
            try:
                g.apply("allies", f"/detach corps:{c.id} units:{units[0].id} to:{n}")
                break
            except RuleError:
                continue
        if g.log:
            break
    assert g.log and g.events[-1].kind == "detach"
    return (*games, g)


def raw_ids() -> re.Pattern[str]:
    """A locale's, a commander's or a seat's id as a word of its own: never in a line a player reads."""
    t = load_triumph()
    ids = {loc.id for loc in t.locales} | {c.id for c in t.commanders} | {"allies", "french"}
    return re.compile(r"(?<![A-Za-z_])(?:" + "|".join(sorted(ids, key=len, reverse=True)) + r")(?![A-Za-z_])")


def test_every_event_kind_the_engine_emits_is_told_in_english_and_japanese():
    raw = raw_ids()
    seen: set[str] = set()
    for game in sample_games():
        for e in game.events:
            seen.add(e.kind)
            for role in ("public", "allies", "french"):
                d = e.visible(role)
                for lang in ("en", "ja"):
                    said = tell(d, lang)
                    assert said, (e.kind, lang)
                    assert not said.startswith(e.kind + ":"), said  # not the plain fallback
                    assert not BRACES.search(said), said
                    assert not raw.search(said), (said, raw.search(said))
                    if lang == "ja":  # in Japanese, the names of our map as the data spells them
                        assert re.search(r"[^\x00-\x7f]", said), said
    assert emitted_kinds() <= seen, emitted_kinds() - seen


def test_a_line_tells_a_locale_and_a_commander_by_name_and_a_face_only_where_the_rules_showed_it():
    g = empty()
    put(g, "F12", SRC, corps="lannes")
    put(g, "F13", SRC, "cav-3", corps="lannes")
    put(g, "A01", TGT, corps="bagration")
    put(g, "A02", TGT, corps="bagration")
    g.state.side = "french"
    ev = g.apply("french", f"/attack from:{SRC} into:{TGT}")
    assert tell(ev[0].visible("public"), "en") == (
        "The French threaten an attack from Plain of Bosenitz into Krug across a wide approach"
    )
    assert (
        tell(ev[0].visible("public"), "ja")
        == "フランス軍がボゼニッツ平原からクルークへ攻撃の脅威（ワイドアプローチ）"  # the data's name_ja
    )
    ev = g.apply("allies", "/defend units:A01,A02 leaders:A01")
    public = tell(ev[-1].visible("public"), "en") or ""
    french = tell(ev[-1].visible("french"), "en") or ""
    allies = tell(ev[-1].visible("allies"), "en") or ""
    assert public == french and "sealed" not in french  # 11.4: the attacker is told nothing of the leaders
    assert "your sealed leading units: A01" in allies
    assert "封印" in (tell(ev[-1].visible("allies"), "ja") or "")
    ev = g.apply("french", "/press")
    said = [tell(e.visible("french"), "en") for e in ev]
    assert any("A01 (infantry 2)" in (s or "") for s in said), said  # G7: shown once the attacker presses
    ev = g.apply("french", "/lead with:lannes width:wide leaders:F13")
    said = [tell(e.visible("public"), "ja") for e in ev]
    assert any("リード部隊" in (s or "") for s in said), said
    assert any("F13（騎兵3）" in (s or "") for s in said), said  # 11.5: the leaders' faces shown
    assert any("士気" in (s or "") for s in said), said  # 15: heavy cavalry's first use costs morale


# --- the sealed steps, the prompts, the headline ------------------------------------------------------------


def attack_under_way() -> Game:
    g = empty()
    put(g, "F12", SRC, corps="lannes")
    put(g, "F13", SRC, "cav-3", corps="lannes")
    put(g, "A01", TGT, corps="bagration")
    put(g, "A02", TGT, "inf-3", corps="bagration")
    put(g, "A03", "bosenitz_woods" if "bosenitz_woods" in load_triumph().neighbours(TGT) else TGT)
    g.state.side = "french"
    g.apply("french", f"/attack from:{SRC} into:{TGT}")
    return g


def test_11_2_the_defence_is_a_sealed_choice_of_the_defender_and_the_attacker_learns_its_leaders_at_11_4():
    g = attack_under_way()
    (asked,) = MODULE.interactions(g, "allies")
    assert isinstance(asked, SealedChoice) and not asked.form
    assert asked.orders[0] == "/give-ground" and any(o.startswith("/defend") for o in asked.orders)
    assert MODULE.interactions(g, "french") == []  # not its step
    g.apply("allies", "/defend units:A01,A02 leaders:A02")
    for role in ("french", "public"):
        assert "defence_leaders" not in (g.view(role).attack or {})  # 11.4: sealed until the attacker presses
        assert "A02" not in json.dumps(
            [e.visible(role) for e in g.events if e.kind == "defend"][-1].get("leaders", [])
        )
    assert g.view("allies").attack["defence_leaders"] == ["A02"]
    (asked,) = MODULE.interactions(g, "french")  # 11.3: press or feint, sealed in the attacker's DM
    assert isinstance(asked, SealedChoice) and "/press" in asked.orders
    assert any(o.startswith("/feint") for o in asked.orders)
    g.apply("french", "/press")
    assert g.view("french").attack["defence_leaders"] == ["A02"]  # G7: shown when the attacker presses
    (asked,) = MODULE.interactions(g, "french")  # 11.5: the attack's forces, width and leaders
    assert isinstance(asked, SealedChoice) and all(o.startswith("/lead") for o in asked.orders)


def test_every_order_of_a_sealed_step_is_a_sealed_choice_and_no_other_is():
    """The platform posts a commitment to each sealed choice when it is accepted: the defence or giving
    ground (11.2, 11.4), press or feint (11.3), the attack's orders (11.5); whichever was chosen, one is
    posted, so its presence tells nothing. Moves, threats and retreats are plain orders."""
    for order in (
        "/defend units:A01 leaders:A01",
        "/give-ground",
        "/press",
        "/feint with:lannes",
        "/lead with:x",
    ):
        assert MODULE.sealed(order), order
    for order in (
        "/move force:lannes to:krug",
        "/attack from:a into:b",
        "/counter",
        "/retreat to:krug",
        "/end",
    ):
        assert not MODULE.sealed(order), order
    assert not MODULE.sealed("not an order")


def test_after_the_sealed_steps_the_counter_attack_and_the_retreat_are_plain_picks():
    g = attack_under_way()
    g.apply("allies", "/defend units:A01,A02")
    g.apply("french", "/press")
    g.apply("french", "/lead with:lannes width:wide leaders:F13")
    step = g.view("allies").step
    if step == "counter":  # 11.7
        (asked,) = MODULE.interactions(g, "allies")
        assert isinstance(asked, Pick) and "/counter" in asked.orders
        g.apply("allies", "/counter")
    if g.view("public").step == "retreat":  # 12
        (asked,) = MODULE.interactions(g, "allies")
        assert isinstance(asked, Pick) and all(o.startswith("/retreat") for o in asked.orders)


def test_the_attack_picture_is_of_the_defence_locale_while_an_attack_is_under_way():
    kind = MODULE.picture("attack")
    assert kind is not None and kind.places is not None
    g = empty()
    put(g, "F12", SRC, corps="lannes")
    put(g, "A01", TGT)
    g.state.side = "french"
    assert kind.places(g, "public", None) == []
    g.apply("french", f"/attack from:{SRC} into:{TGT}")
    assert kind.places(g, "public", None) == [TGT]
    assert MODULE.place_said(TGT, "en") == load_triumph().locale(TGT).name
    board = MODULE.picture("map")
    assert board is not None and board.board and board.places is None


def test_each_step_prompts_its_role_in_both_languages_with_ready_orders():
    prompted: dict[str, dict[str, str]] = {}
    for game_seed, options in ((1, Options(french_setup=True)), (3, Options())):
        rng = random.Random(game_seed)
        g = MODULE.new_game(options, game_seed)
        while not g.over:
            role = g.active()[0]
            step = g.view(role).step
            if step not in prompted:
                prompted[step] = {lang: MODULE.prompt(g, role, lang, TEXT) for lang in ("en", "ja")}
                other = "french" if role == "allies" else "allies"
                assert MODULE.prompt(g, other, "en", TEXT) == ""  # 7: only the role asked
            g.apply(role, MODULE.fuzzing.pick(rng, g, role, {}))
    assert {"setup", "orders", "defend", "feint", "lead", "retreat", "advance", "step-up"} <= set(prompted)
    for step, said in prompted.items():
        for lang, text in said.items():
            assert text and "`/" in text and not BRACES.search(text.split("`")[0]), (step, lang, text)
    assert "攻撃の脅威" in prompted["defend"]["ja"] and "牽制" in prompted["feint"]["ja"]
    # a command and its options as the Japanese client names them in this command (/move at: アプローチ)
    assert "/移動 部隊:" in prompted["orders"]["ja"] and "/手番終了 (/end)" in prompted["orders"]["ja"]
    assert "/防御 ユニット:" in prompted["defend"]["ja"] and "/defend units:" in prompted["defend"]["ja"]
    assert "リード部隊" in prompted["lead"]["ja"] and "ナロウ" in prompted["lead"]["ja"]


def test_a_command_is_said_with_the_option_names_the_client_shows_in_that_command():
    """``/move at:`` is the approach a force stands on (10), named アプローチ in /move, though ``at:`` is
    another game's battle (戦場) elsewhere."""
    from engine.messages_ja import command_ref

    said = command_ref("/move force:lannes to:krug at:santon")
    assert said == "/移動 部隊:lannes 行き先:krug アプローチ:santon (/move force:lannes to:krug at:santon)"
    assert command_ref("/retreat hits:A01") == "/退却 退却損失:A01 (/retreat hits:A01)"


def test_a_refused_order_names_locales_and_commanders_by_name_in_both_languages():
    """11.1: a threat across no approach is refused, its locales said as our map names them, not by id."""
    from bot.i18n import localize_error

    g = empty()
    put(g, "F12", SRC, corps="lannes")
    g.state.side = "french"
    with pytest.raises(RuleError) as e:
        g.apply("french", f"/attack from:{SRC} into:sokolnitz")
    assert e.value.rule == "11.1"
    assert str(e.value) == "11.1: Plain of Bosenitz has no passable approach to Sokolnitz"
    ja = localize_error(e.value, "ja")  # in Japanese by the data's Japanese names (name_ja)
    assert "ボゼニッツ平原" in ja and "ソコルニッツ" in ja and SRC not in ja and "Plain of Bosenitz" not in ja
    put(g, "A01", TGT)
    g.state.commanders["lannes"].commands = 1  # 9: its command given this turn
    with pytest.raises(RuleError) as e:
        g.apply("french", f"/move force:lannes to:{TGT}")
    assert str(e.value) == "9: Lannes has already given its command this turn"
    assert localize_error(e.value, "ja").startswith("9: ランヌ")


def test_the_headline_is_made_of_the_public_view_and_never_names_a_face_or_a_unit():
    rng = random.Random(6)
    g = MODULE.new_game(Options(), 6)
    said: set[str] = set()
    while not g.over:
        role = g.active()[0]
        for lang in ("en", "ja"):
            line = MODULE.headline(g, role, lang, TEXT)
            assert line == present.headline(g.view("public", events=False), role, lang)
            assert line and not re.search(r"\b[FA]\d\d\b", line), line
            assert not any(a in line for a in ARMS), line
            said.add(g.view("public").step)
        g.apply(role, MODULE.fuzzing.pick(rng, g, role, {}))
    assert {"orders", "defend", "feint"} <= said


def test_the_status_line_names_the_round_the_side_and_both_armies_morale():
    g = MODULE.new_game(Options(), 1)
    en, ja = MODULE.status(g, "en", TEXT), MODULE.status(g, "ja", TEXT)
    assert en.startswith("Round 1/10, 2 December, 07:00: the Allies to act") and "the French 23" in en
    assert ja.startswith("第1/10ラウンド") and "士気" in ja and "連合軍 27" in ja
    over = play(3, Options())
    said = MODULE.status(over, "en", TEXT)
    assert " win: " in said and MODULE.outcome(over) == said
