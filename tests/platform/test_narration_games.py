"""A whole seeded game of each module, read as its players read it: every event each role sees, every prompt,
the status line after every order and the options, in English and in Japanese. Each must be a sentence of its
language: no bare role id (``british``, ``allied``), no "1 French block move", no ``block(s)``, no raw phase
id, ``key=value`` or English place word inside Japanese, no hex number where a town has a name, and each
game's Japanese in its own translation's words (tests/platform/test_japanese.py). A refused order says what
was wrong in the same words."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from test_japanese import FORBIDDEN, LIBERTY_FORBIDDEN

from ai.registry import new_player
from bot.i18n import localize_error
from bot.narrate import TEXT
from engine import modules
from engine.errors import RuleError
from engine.script import run_lines

ROLES = re.compile(r"\b(french|allied|british|prussian|american)\b")
# "1 French block move", "1 block regroup": a count of one with a plural verb
ONE_PLURAL = re.compile(r"\b1 (?:[A-Z][a-z]+ )?blocks? (?:move|attack|flee|join|reinforce|regroup|disband)\b")
PLURAL_S = re.compile(r"\w\(s\)")
KEY_VALUE = re.compile(r"[a-z_]+=\S")
# what Liberty's engine calls its phases and the weather's regions, never a word of a Japanese sentence
RAW_WORDS = re.compile(
    r"\b(cards|supply|actions|place|battle_order|battles|battle|hit|withdraw|regroup|disband|attrition"
    r"|winter|over|north|south|Atlantic|True|False|yes|no)\b"
)
HEX = re.compile(r"(?<![\w.])\d\d\.\d\d(?![\w.])")
YES_NO = re.compile(r" (あり|なし)(?:$|[、。）)])")


def prose(text: str) -> str:
    """A text without its ready orders: `code` spans, the English of a command in brackets
    (「/手番終了 (/end)」) and options as typed (``also:yes``): typed, not read."""
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\([a-z_]+:[^()]*\)", " ", text)  # an option as typed: 「追加移動:yes (also:yes)」
    text = re.sub(r"[^\s(]+:(?:yes|no)\b", " ", text)
    return re.sub(r"\(/[^()]*\)", " ", text)


def play(module_id: str, options: str, seed: int, cap: int = 4000) -> Iterator[tuple[str, str, str]]:
    """(what, language, text) for everything the players read in a whole game of bot players, and the
    refusals of a few orders no one may give at that moment."""
    m = modules.get(module_id)
    o = m.parse_options(options)
    game = m.new_game(o, seed)
    roles = list(m.roles(o))
    players = {r: new_player(m.id) for r in roles}
    rng = random.Random(seed)
    langs = ("en", "ja")
    for lang in langs:
        yield "options", lang, m.describe_options(o, lang, TEXT)
    seen = n = 0
    while not game.over and n < cap:
        for lang in langs:
            yield "status", lang, m.status(game, lang, TEXT)
            for r in game.active():
                yield f"prompt {r}", lang, m.prompt(game, r, lang, TEXT, True)
                yield f"ping {r}", lang, m.prompt(game, r, lang, TEXT, False)
        role = game.active()[0]
        if n % 7 == 0:  # a refused order: the game's answer in each language
            for bad in ("/end", "/move units:ZZ-9 path:A>B"):
                idle = [r for r in roles if r not in game.active()]
                who = idle[0] if idle and bad == "/end" else role
                try:
                    m.copy(game).apply(who, bad)
                except RuleError as err:
                    for lang in langs:
                        yield "refusal", lang, localize_error(err, lang)
        game.apply(role, players[role].choose(game.view(role), game.legal(role), rng))
        n += 1
        for e in game.events[seen:]:
            for who in [*roles, "public"]:
                for lang in langs:
                    said = m.narrate(e.visible(who), lang, o, TEXT)
                    if said:
                        yield f"event {e.kind}", lang, said
        seen = len(game.events)
    assert game.over or n == cap
    for lang in langs:
        yield "status", lang, m.status(game, lang, TEXT)


def problems(module_id: str, what: str, lang: str, text: str) -> list[str]:
    found = []
    said = prose(text)
    if ROLES.search(said):
        found.append("a bare role id")
    if lang == "en":
        if ONE_PLURAL.search(said):
            found.append("one block with a plural verb")
        if PLURAL_S.search(said):
            found.append("a (s) plural")
        return found
    if KEY_VALUE.search(said):
        found.append("key=value in a Japanese sentence")
    if YES_NO.search(said):
        found.append("yes/no said as あり/なし")
    forbidden = LIBERTY_FORBIDDEN if module_id == "liberty" else FORBIDDEN
    found += [f"{bad!r} (say {why})" for bad, why in forbidden.items() if bad in said]
    if module_id == "liberty":
        words = RAW_WORDS.findall(said)
        if words:
            found.append(f"engine words {words}")
        if what != "refusal" and any(not said[: m.start()].endswith("ヘクス ") for m in HEX.finditer(said)):
            found.append("a hex number, not a place's name")
    return found


GAMES = [("napoleon", "players=2 setup=historical", 1), ("napoleon", "players=3 setup=historical", 2)]
GAMES += [("liberty", "", 1)]


@pytest.mark.parametrize(("module_id", "options", "seed"), GAMES)
def test_a_whole_game_reads_as_sentences_in_both_languages(module_id, options, seed):
    read = list(play(module_id, options, seed))
    kinds = {what.split(" ")[0] for what, _lang, _text in read}
    assert {"options", "status", "prompt", "ping", "event", "refusal"} <= kinds
    assert len(read) > 2000
    events = {what for what, _lang, _text in read if what.startswith("event ")}
    # the game went through what a player reads most: moves, battles, and for Liberty its winters
    told = {"napoleon": {"move", "battle", "deployed", "dice", "battle_won"}, "liberty": {"moved", "battle"}}
    told["liberty"] |= {"fired", "winter", "victory_check", "cards_revealed", "weather", "game_over"}
    assert {f"event {k}" for k in told[module_id]} <= events, told[module_id] - {e[6:] for e in events}
    bad: dict[str, tuple[str, str]] = {}
    for what, lang, text in read:
        for p in problems(module_id, what, lang, text):
            bad.setdefault(f"{what} [{lang}] {p}", (text, ""))
    assert not bad, "\n".join(f"{k}: {v[0]}" for k, v in list(bad.items())[:40])


def test_the_checks_find_what_a_player_was_shown_before():
    """The detectors are not blind: the sentences of the old catalogs fail them."""
    assert problems("napoleon", "event", "en", "1 French block move Beaumont > Thuin")
    assert problems("napoleon", "event", "en", "Florennes: 1 block(s) cannot stand against 3 (6.1)")
    assert problems("napoleon", "status", "en", "Deployment: waiting for french.")
    assert problems("liberty", "status", "ja", "waiting for british")
    assert problems("liberty", "event", "ja", "フランス参戦判定 3、5: 参戦 なし")
    assert problems("liberty", "event", "ja", "イギリス軍が 2 ブロックを 17.07、18.07 へ移動")
    assert problems("liberty", "prompt", "ja", "補給カードで最大 2 ステップを /補給 (/supply) で補充")
    assert problems("liberty", "refusal", "ja", "いま終えるものはありません（フェイズ battle_order）")
    assert problems("liberty", "options", "ja", "british_win=20 american_win=10")
    assert not problems("liberty", "prompt", "ja", "`/カードプレイ カード:ACT-1 (/play card:ACT-1)`")


def test_an_order_naming_a_block_elsewhere_says_where_the_block_stands():
    """5.0: a path may leave out the town its group stands in; an order whose path starts elsewhere (the
    player thought the block was there) is refused with where the block is and the path read from there."""
    out = run_lines(
        [
            "@options ruleset=3.4 setup=historical players=2",
            "@seed 3",
            "french: /move units:FR-1 path:Beaumont>Thuin",
        ]
    )
    (result,) = out.results
    assert not result["ok"]
    assert "FR-1 (infantry) stands in Solre-sur-Sambre" in result["error"]
    assert "the path Solre-sur-Sambre > Beaumont > Thuin is 2 towns" in result["error"]
    game = out.game
    assert game is not None
    with pytest.raises(RuleError) as info:
        game.apply("french", "/move units:FR-1 path:Beaumont>Thuin")
    ja = localize_error(info.value, "ja")
    assert "FR-1(歩兵)は Solre-sur-Sambre にいます" in ja
    assert "Solre-sur-Sambre から Beaumont 経由で Thuin へは2町の移動" in ja


def test_an_order_whose_path_starts_where_the_block_is_not_says_where_it_is():
    """5.0: a path from a town the group is not in, with no road from where it stands, is refused naming
    where the group stands (not "there is no road")."""
    out = run_lines(
        [
            "@options ruleset=3.4 setup=historical players=2",
            "@seed 3",
            "french: /move units:FR-1 path:Fleurus>Ligny",
        ]
    )
    (result,) = out.results
    assert result["error"] == (
        "5.0: the group FR-1 stands in Solre-sur-Sambre, not in Fleurus: a path starts in Solre-sur-Sambre "
        "(or leaves it out)"
    )
    assert out.game is not None
    with pytest.raises(RuleError) as info:
        out.game.apply("french", "/move units:FR-1 path:Fleurus>Ligny")
    assert localize_error(info.value, "ja").startswith(
        "5.0: FR-1 がいるのは Solre-sur-Sambre です(Fleurus にはいません)"
    )
