"""The checks every game's guide chapters (``docs/guide-GAME.md`` and ``docs/guide-GAME.ja.md``) get, the same
for each game: every order they show parses with the game's grammar and names only the game's own ids (and
each order kind has an example); every picture they show is small, and is one that ``python -m tools.samples
OUT_DIR --game GAME`` draws from the seeded game of the bot players (``GUIDE`` of the game's samples module).
Each game's guide test says what its orders may say (``Orders``) and keeps its own checks of the words."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.orders import command_of

DOCS = Path(__file__).resolve().parents[2] / "docs"
PNG = b"\x89PNG\r\n\x1a\n"
SMALL = 300 * 1024  # a picture the samples tool writes for the guide (docs/images)
SHOWN = 400_000  # a picture the chapters show


def guides(game: str) -> tuple[str, str]:
    """The game's chapters, English and Japanese."""
    return (f"guide-{game}.md", f"guide-{game}.ja.md")


def read(guide: str) -> str:
    return (DOCS / guide).read_text(encoding="utf-8")


def pictures(game: str, text: str) -> list[str]:
    """The game's pictures a chapter shows, as ``images/GAME-….png``."""
    return re.findall(rf"\]\((images/{game}-[^)]+\.png)\)", text)


def check_pictures(game: str, guide: str, least: int) -> str:
    """At least ``least`` of the game's pictures shown in ``guide``, each small; the chapter's text."""
    text = read(guide)
    shown = pictures(game, text)
    assert len(shown) >= least, shown
    for p in shown:
        assert (DOCS / p).stat().st_size < SHOWN, p
    return text


def check_samples_tool(game: str, out: Path, moment: str) -> None:
    """``python -m tools.samples OUT --game GAME`` asked for ``moment`` writes that moment's pictures, each a
    small PNG that ``docs/images`` holds; every picture the chapters show is one of a moment of the tool's."""
    from renderers import registry
    from tools import samples

    module = registry.samples(game)
    assert module is not None and module.GUIDE is not None, game
    assert samples.main([str(out), "--game", game], only=(moment,)) == 0
    at = next(m for m in module.GUIDE.moments if m.name == moment)
    written = sorted(p.name for p in out.iterdir())
    assert written == sorted(name for name, *_ in at.draw)
    for p in out.iterdir():
        data = p.read_bytes()
        assert data.startswith(PNG) and len(data) < SMALL, p.name
        assert (DOCS / "images" / p.name).is_file(), p.name
    drawn = {name for m in module.GUIDE.moments for name, *_ in m.draw}
    for guide in guides(game):
        shown = {p.removeprefix("images/") for p in pictures(game, read(guide))}
        assert shown and shown <= drawn, shown - drawn


@dataclass(frozen=True)
class Orders:
    """What a game's orders in its chapters may say. ``kinds``: every order kind's name (each to have an
    example); ``parse``: the game's grammar (a RuleError on a bad option or a missing one); ``names``: every
    id an order may name; ``placeholders``: the values of the reference's syntax column (not examples);
    ``bare``: the orders that are whole without an option; ``words``: option values that are words, not ids;
    ``numbers``: options whose value is a number; ``split``: what separates the ids of one option;
    ``queued``: the option that holds orders, and the orders its parsed order holds (each checked as an
    order of its own)."""

    kinds: Sequence[str]
    parse: Callable[[str], Any]
    names: Callable[[], set[str]]
    placeholders: Collection[str]
    bare: Collection[str]
    words: Collection[str] = ()
    numbers: Collection[str] = ()
    split: str = ","
    queued: tuple[str, Callable[[Any], Sequence[str]]] | None = None

    def examples(self, text: str) -> list[str]:
        """Every order the chapter shows: the lines of its code blocks and its inline code that begin with
        one of the game's orders (the reference's syntax column, with its placeholders, and the bare mention
        of an order that needs options, aside)."""
        found: list[str] = []
        for block in re.findall(r"```\n(.*?)```", text, re.S):
            for line in block.splitlines():
                order = line.split("←")[0].strip()
                if order.startswith("/"):
                    found.append(order)
        for span in re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", text, flags=re.S)):
            name = span[1:].split(" ")[0]
            if " " not in span and name not in self.bare:
                continue  # a mention of the order (`/attack`), not an example
            if span.startswith("/") and name in self.kinds and "[" not in span:
                values = [v for _, _, v in (w.partition(":") for w in span.split()[1:])]
                if not any(v in self.placeholders for v in values):
                    found.append(span)
        return [f for f in found if f[1:].split(" ")[0] in self.kinds]

    def check(self, order: str, known: set[str], where: str) -> None:
        """``order`` parses (a RuleError if not), and every name in it is one of the game's."""
        parsed = self.parse(order)
        for key, value in command_of(order).options.items():
            if self.queued is not None and key == self.queued[0]:
                inner = self.queued[1](parsed)
                assert inner, (where, order)
                for each in inner:
                    self.check(each, known, where)
                continue
            for token in re.split(self.split, value):
                number = key in self.numbers and token.isdigit()
                assert token in known or token in self.words or number, (where, order, key, token)

    def check_guide(self, guide: str) -> list[str]:
        """Every order ``guide`` shows checked, every order kind with an example; the orders shown."""
        shown = self.examples(read(guide))
        kinds = {o[1:].split(" ")[0] for o in shown}
        assert set(self.kinds) <= kinds, sorted(set(self.kinds) - kinds)  # every order has an example
        known = self.names()
        for order in shown:
            self.check(order, known, guide)
        return shown
