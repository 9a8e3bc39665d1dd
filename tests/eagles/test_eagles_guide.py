"""The guide's Eagles of the Empire chapters (docs/guide-eagles.md, docs/guide-eagles.ja.md): every order they
show parses with the module's grammar (a queued order's orders too) and names only real areas, units, leaders,
formations and sides of our Quatre Bras; every order kind has an example; every picture they show is one the
samples tool draws from a game of the bot players; the Japanese chapter speaks the seed's words. The checks
every game's chapters get are in ``support/guide.py``."""

from __future__ import annotations

import pytest
from support.guide import Orders, check_pictures, check_samples_tool, guides, read

from data.eagles import load_eagles
from engine.eagles.module import ORDERS as KINDS
from engine.eagles.orders import GRAMMAR, Queue
from engine.errors import RuleError

GUIDES = guides("eagles")
PLACEHOLDERS = {
    "U",
    "A",
    "F",
    "S",
    "L",
    "指揮官",
    "U,…",
    "F,…",
    "…; …",
    "ユニット",
    "ユニット,…",
    "エリア",
    "部隊",
    "部隊,…",
    "陣営",
}
BARE = {"roll", "release", "done", "enter", "queue"}  # the orders that are whole without an option


def names() -> set[str]:
    d = load_eagles()
    out = {a.id for a in d.areas} | {u.id for u in d.units} | {x.id for x in d.leaders}
    return out | {h.id for h in d.hqs} | {f.id for f in d.formations} | {"french", "allies"}


def queued(order: object) -> tuple[str, ...]:
    """The orders a queue holds (8.1), each checked as an order of its own."""
    return tuple(order.orders) if isinstance(order, Queue) else ()


KIND_NAMES = [k.name for k in KINDS]  # every order of the game
ORDERS = Orders(KIND_NAMES, GRAMMAR.parse, names, PLACEHOLDERS, BARE, queued=("orders", queued))


@pytest.mark.parametrize("guide", GUIDES)
def test_every_order_the_guide_shows_is_one_the_game_reads_with_our_names(guide):
    shown = ORDERS.check_guide(guide)
    assert len(shown) >= 40, len(shown)


def test_an_order_with_a_name_of_no_game_is_caught():
    """The check has teeth: a made-up area, a unit of another game, a misspelt option."""
    known = names()
    for bad in ("/move units:F02 to:V9", "/assault units:F37 target:V1", "/activate formations:davout"):
        with pytest.raises(AssertionError):
            ORDERS.check(bad, known, "test")
    with pytest.raises(RuleError):
        GRAMMAR.parse("/bombard unit:F13 target:V1")
    with pytest.raises(AssertionError):
        ORDERS.check('/queue orders:"/roll; /activate formations:ney"', known, "test")


@pytest.mark.parametrize("guide", GUIDES)
def test_the_guide_shows_its_pictures_and_says_the_map_is_ours(guide):
    text = check_pictures("eagles", guide, least=4)
    assert "our own design" in text or "独自" in text
    for rule in ("8.1", "9.0", "10", "12.5", "13.6", "13.9", "14"):
        assert rule in text, rule


def test_the_japanese_chapter_speaks_the_seeds_words_and_the_consoles_commands():
    text = read("guide-eagles.ja.md")
    for word in (
        "活性化",
        "指揮範囲",
        "騎兵突撃",
        "砲撃",
        "視認線",
        "強襲",
        "イニシアティブ",
        "長カウンター",
    ):
        assert word in text, word
    console = text.split("**Discord なしで**")[1].split("\n## ")[0]
    assert "estafette console --game eagles --language ja" in console and ":legal" in console
    assert "/game" not in console  # the console's own commands, not Discord's


def test_the_guides_pictures_are_drawn_from_a_bot_game_by_the_samples_tool(tmp_path):
    """``python -m tools.samples docs/images --game eagles``: the seeded game of the bot players reaches the
    set-up, an Allied activation with Wellington on the map and a French assault, and draws them; every
    picture the chapters show is one the tool writes."""
    check_samples_tool("eagles", tmp_path, "start")


def test_the_keys_victory_badge_names_no_areas_value(monkeypatch):
    """The map's key shows what a victory area's badge looks like; a number there (it was "★10") would be
    read as some area's value, and no area of Quatre Bras is worth 10. The key's sample says "VP"."""
    from renderers.eagles import base
    from renderers.eagles import sprites as S

    asked: list[object] = []
    real = S.vp_badge

    def badge(vp, holder):
        asked.append(vp)
        return real(vp, holder)

    monkeypatch.setattr(S, "vp_badge", badge)
    base._key_item(base.Image.new("RGB", (60, 30), "white"), "vp", 0, 0)
    assert asked == ["VP"]
    assert not str(asked[0]).isdigit()
    assert real("VP", "allies").tobytes() != real(10, "allies").tobytes()
