"""The guide's Napoleon's Triumph chapters (docs/guide-triumph.md, docs/guide-triumph.ja.md): every order they
show parses with the module's grammar and names only real commanders, units, locales and entry roads of our
map; every picture they show exists; the Japanese chapter teaches the console's own commands."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from data.triumph import load_triumph
from engine.errors import RuleError
from engine.orders import command_of
from engine.triumph.module import ORDERS as KINDS
from engine.triumph.orders import GRAMMAR

DOCS = Path(__file__).resolve().parents[2] / "docs"
GUIDES = ("guide-triumph.md", "guide-triumph.ja.md")
ORDERS = [k.name for k in KINDS]  # every order of the game
PLACEHOLDERS = {"FORCES", "部隊", "F", "L", "N", "C", "U", "E", "W", "U,…", "F,…", "L>L", "U>L,…", "L>L>…"}
WORDS = {"yes", "no", "narrow", "wide"}
BARE = {"give-ground", "press", "counter", "ready", "end"}  # the orders that are whole without an option


def examples(text: str) -> list[str]:
    """Every order the chapter shows: the lines of its code blocks and its inline code that begin with one of
    the game's orders (the order reference's syntax column, with its placeholders, and the bare mention of an
    order that needs options, aside)."""
    found: list[str] = []
    blocks = re.findall(r"```\n(.*?)```", text, re.S)
    for block in blocks:
        for line in block.splitlines():
            order = line.split("←")[0].strip()
            if order.startswith("/"):
                found.append(order)
    for span in re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", text, flags=re.S)):
        name = span[1:].split(" ")[0]
        if " " not in span and name not in BARE:
            continue  # a mention of the order (`/battery`), not an example
        if span.startswith("/") and name in ORDERS and "[" not in span:
            values = [v for _, _, v in (w.partition(":") for w in span.split()[1:])]
            if not any(v in PLACEHOLDERS for v in values):
                found.append(span)
    return [f for f in found if f[1:].split(" ")[0] in ORDERS]


def names() -> set[str]:
    t = load_triumph()
    out = {loc.id for loc in t.locales} | {e.id for e in t.entries} | {c.id for c in t.commanders}
    return out | {u.id for u in t.units}


@pytest.mark.parametrize("guide", GUIDES)
def test_every_order_the_guide_shows_is_one_the_game_reads(guide):
    text = (DOCS / guide).read_text(encoding="utf-8")
    shown = examples(text)
    kinds = {o[1:].split(" ")[0] for o in shown}
    assert set(ORDERS) <= kinds, sorted(set(ORDERS) - kinds)  # every order has an example
    known = names()
    for order in shown:
        GRAMMAR.parse(order)  # raises RuleError on a bad option or a missing one
        for key, value in command_of(order).options.items():
            for token in re.split(r"[,>]", value):
                number = key == "morale" and token.isdigit()  # 17: a bid is a number
                assert token in known or token in WORDS or number, (guide, order, key, token)


def test_an_order_with_a_name_of_no_game_is_caught():
    """The check has teeth: a made-up locale, a misspelt option."""
    known = names()
    assert "pratzen" not in known and "pratze" in known
    with pytest.raises(RuleError):
        GRAMMAR.parse("/attack from:pratze to:puntowitz")


@pytest.mark.parametrize("guide", GUIDES)
def test_the_guide_shows_its_pictures_and_says_the_map_is_ours(guide):
    text = (DOCS / guide).read_text(encoding="utf-8")
    pictures = re.findall(r"\]\((images/triumph-[^)]+\.png)\)", text)
    assert len(pictures) >= 3
    for p in pictures:
        assert (DOCS / p).stat().st_size < 400_000, p
    assert "reconstruction" in text or "再構成" in text


def test_the_japanese_chapter_uses_the_consoles_commands_and_the_seeds_words():
    text = (DOCS / "guide-triumph.ja.md").read_text(encoding="utf-8")
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
    from renderers.triumph.samples import GUIDE
    from tools import samples

    assert samples.main([str(tmp_path), "--game", "triumph"], only=("feint",)) == 0
    feint = next(m for m in GUIDE.moments if m.name == "feint")
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(name for name, *_ in feint.draw)
    for p in tmp_path.iterdir():
        assert p.read_bytes().startswith(b"\x89PNG\r\n\x1a\n") and p.stat().st_size < 300 * 1024
    drawn = {name for m in GUIDE.moments for name, *_ in m.draw}
    for guide in GUIDES:
        shown = set(
            re.findall(r"\]\(images/(triumph-[^)]+\.png)\)", (DOCS / guide).read_text(encoding="utf-8"))
        )
        assert shown and shown <= drawn, shown - drawn
