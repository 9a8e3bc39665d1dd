"""The guide's Eagles of the Empire chapters (docs/guide-eagles.md, docs/guide-eagles.ja.md): every order they
show parses with the module's grammar (a queued order's orders too) and names only real areas, units, leaders,
formations and sides of our Quatre Bras; every order kind has an example; every picture they show is one the
samples tool draws from a game of the bot players; the Japanese chapter speaks the seed's words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from data.eagles import load_eagles
from engine.eagles.module import ORDERS as KINDS
from engine.eagles.orders import GRAMMAR, Queue
from engine.errors import RuleError
from engine.orders import command_of

DOCS = Path(__file__).resolve().parents[2] / "docs"
GUIDES = ("guide-eagles.md", "guide-eagles.ja.md")
ORDERS = [k.name for k in KINDS]  # every order of the game
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


def examples(text: str) -> list[str]:
    """Every order the chapter shows: the lines of its code blocks and its inline code that begin with one of
    the game's orders (the reference's syntax column, with its placeholders, and the bare mention of an order
    that needs options, aside)."""
    found: list[str] = []
    for block in re.findall(r"```\n(.*?)```", text, re.S):
        for line in block.splitlines():
            order = line.split("←")[0].strip()
            if order.startswith("/"):
                found.append(order)
    for span in re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", text, flags=re.S)):
        name = span[1:].split(" ")[0]
        if " " not in span and name not in BARE:
            continue  # a mention of the order (`/charge`), not an example
        if span.startswith("/") and name in ORDERS and "[" not in span:
            values = [v for _, _, v in (w.partition(":") for w in span.split()[1:])]
            if not any(v in PLACEHOLDERS for v in values):
                found.append(span)
    return [f for f in found if f[1:].split(" ")[0] in ORDERS]


def names() -> set[str]:
    d = load_eagles()
    out = {a.id for a in d.areas} | {u.id for u in d.units} | {x.id for x in d.leaders}
    return out | {h.id for h in d.hqs} | {f.id for f in d.formations} | {"french", "allies"}


def check(order: str, known: set[str], where: str) -> None:
    """``order`` parses, and every name in it is one of our map's, units' or formations'."""
    parsed = GRAMMAR.parse(order)  # raises RuleError on a bad option or a missing one
    for key, value in command_of(order).options.items():
        if key == "orders":
            assert isinstance(parsed, Queue), order
            for inner in parsed.orders:
                check(inner, known, where)
            continue
        for token in value.split(","):
            assert token in known, (where, order, key, token)


@pytest.mark.parametrize("guide", GUIDES)
def test_every_order_the_guide_shows_is_one_the_game_reads_with_our_names(guide):
    text = (DOCS / guide).read_text(encoding="utf-8")
    shown = examples(text)
    kinds = {o[1:].split(" ")[0] for o in shown}
    assert set(ORDERS) <= kinds, sorted(set(ORDERS) - kinds)  # every order has an example
    known = names()
    for order in shown:
        check(order, known, guide)
    assert len(shown) >= 40, len(shown)


def test_an_order_with_a_name_of_no_game_is_caught():
    """The check has teeth: a made-up area, a unit of another game, a misspelt option."""
    known = names()
    for bad in ("/move units:F02 to:V9", "/assault units:F37 target:V1", "/activate formations:davout"):
        with pytest.raises(AssertionError):
            check(bad, known, "test")
    with pytest.raises(RuleError):
        GRAMMAR.parse("/bombard unit:F13 target:V1")
    with pytest.raises(AssertionError):
        check('/queue orders:"/roll; /activate formations:ney"', known, "test")


@pytest.mark.parametrize("guide", GUIDES)
def test_the_guide_shows_its_pictures_and_says_the_map_is_ours(guide):
    text = (DOCS / guide).read_text(encoding="utf-8")
    pictures = re.findall(r"\]\((images/eagles-[^)]+\.png)\)", text)
    assert len(pictures) >= 4
    for p in pictures:
        assert (DOCS / p).stat().st_size < 400_000, p
    assert "our own design" in text or "独自" in text
    for rule in ("8.1", "9.0", "10", "12.5", "13.6", "13.9", "14"):
        assert rule in text, rule


def test_the_japanese_chapter_speaks_the_seeds_words_and_the_consoles_commands():
    text = (DOCS / "guide-eagles.ja.md").read_text(encoding="utf-8")
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
    from renderers.eagles.samples import GUIDE
    from tools import samples

    assert samples.main([str(tmp_path), "--game", "eagles"], only=("start",)) == 0
    start = next(m for m in GUIDE.moments if m.name == "start")
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(name for name, *_ in start.draw)
    for p in tmp_path.iterdir():
        assert p.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") and p.stat().st_size < 300 * 1024
        assert (DOCS / "images" / p.name).is_file(), p.name
    drawn = {name for m in GUIDE.moments for name, *_ in m.draw}
    for guide in GUIDES:
        text = (DOCS / guide).read_text(encoding="utf-8")
        shown = set(re.findall(r"\]\(images/(eagles-[^)]+\.png)\)", text))
        assert shown and shown <= drawn, shown - drawn
