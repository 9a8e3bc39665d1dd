"""The guide's Napoleon's Triumph chapters (docs/guide-triumph.md, docs/guide-triumph.ja.md): every order they
show parses with the module's grammar and names only real commanders, units, locales and entry roads of our
map; every picture they show exists; the Japanese chapter teaches the console's own commands. The checks
every game's chapters get are in ``support/guide.py``."""

from __future__ import annotations

import pytest
from support.guide import Orders, check_pictures, check_samples_tool, guides, read

from data.triumph import load_triumph
from engine.errors import RuleError
from engine.triumph.module import ORDERS as KINDS
from engine.triumph.orders import GRAMMAR

GUIDES = guides("triumph")
PLACEHOLDERS = {"FORCES", "部隊", "F", "L", "N", "C", "U", "E", "W", "U,…", "F,…", "L>L", "U>L,…", "L>L>…"}
WORDS = {"yes", "no", "narrow", "wide"}
BARE = {"give-ground", "press", "counter", "ready", "end"}  # the orders that are whole without an option


def names() -> set[str]:
    t = load_triumph()
    out = {loc.id for loc in t.locales} | {e.id for e in t.entries} | {c.id for c in t.commanders}
    return out | {u.id for u in t.units}


KIND_NAMES = [k.name for k in KINDS]  # every order of the game
# a bid is a number (17); a path of locales goes by >
ORDERS = Orders(KIND_NAMES, GRAMMAR.parse, names, PLACEHOLDERS, BARE, WORDS, {"morale"}, r"[,>]")


@pytest.mark.parametrize("guide", GUIDES)
def test_every_order_the_guide_shows_is_one_the_game_reads(guide):
    ORDERS.check_guide(guide)


def test_an_order_with_a_name_of_no_game_is_caught():
    """The check has teeth: a made-up locale, a misspelt option."""
    known = names()
    assert "pratzen" not in known and "pratze" in known
    with pytest.raises(AssertionError):
        ORDERS.check("/attack from:pratzen into:puntowitz", known, "test")
    with pytest.raises(RuleError):
        GRAMMAR.parse("/attack from:pratze to:puntowitz")


@pytest.mark.parametrize("guide", GUIDES)
def test_the_guide_shows_its_pictures_and_says_the_map_is_ours(guide):
    text = check_pictures("triumph", guide, least=3)
    assert "reconstruction" in text or "再構成" in text


def test_the_japanese_chapter_uses_the_consoles_commands_and_the_seeds_words():
    text = read("guide-triumph.ja.md")
    assert ":new" in text and ":legal" in text and ":prefer" in text
    for word in ("攻撃の脅威", "牽制", "リード部隊", "反撃", "ナロウ", "ワイド", "防御アプローチ"):
        assert word in text, word
    console = text.split("**Discord なしで**")[1].split("\n## ")[0]
    assert "estafette console --game triumph --language ja" in console and ":new scenario=1dec" in console
    assert "/game" not in console  # the console's own commands (:new, :prefer), not Discord's


def test_the_guides_pictures_are_drawn_from_a_bot_game_by_the_samples_tool(tmp_path, capsys):
    """``python -m tools.samples docs/images --game triumph``: the seeded game of the bot players reaches the
    attack at 11.3 (two or more defenders named, faces hidden: G5) and draws it small; every picture the
    chapters show is one the tool writes."""
    check_samples_tool("triumph", tmp_path, "feint")
