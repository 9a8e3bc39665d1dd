"""The platform names no game: its files (``engine/`` top level but the registry, ``renderers/``, ``ai/`` and
``data/`` top level, ``bot/``, ``tools/``, ``bench/``) say no game's id, army, role, nation, leader, unit
prefix or colour, so that every game is a guest in its own folders (``<layer>/<game>/``) and a new game
changes nothing here. The words are taken from the games themselves (the registry, their data), so that a
game added is checked too."""

from __future__ import annotations

import re
from pathlib import Path

from data.liberty import load_liberty
from data.napoleon import load_scenario
from engine import modules

ROOT = Path(__file__).resolve().parents[2]

# The registry is where the games are named, once (engine/modules.py).
REGISTRY = "engine/modules.py"

# Files or folders still allowed to name a game, each with its reason; ``only`` limits an entry to the lines
# holding that text. An entry that no longer matches anything fails the test: the list only shrinks.
ALLOWED: list[tuple[str, str | None, str]] = [
    # A stored game's module column: rows stored before the schema had it were played by the first game,
    # and must load as it (the migration's default, the row's default).
    ("bot/storage/base.py", '"napoleon"', "games stored before schema 6 are the first game's"),
    ("bot/storage/postgres.py", "DEFAULT 'napoleon'", "the schema 6 migration of stored games"),
    ("bot/storage/sqlite.py", "DEFAULT 'napoleon'", "the schema 6 migration of stored games"),
    # Each layer's registry is the one file of the layer that gathers the games, as engine/modules.py does.
    ("renderers/registry.py", None, "the layer's registry: each game's pictures"),
    ("ai/registry.py", None, "the layer's registry: each game's bot players"),
    # Pending: the bot's catalogs hold the first game's words until they move to the game's own catalog.
    # Pending: the contract's docstrings take their examples from the games while it is being reshaped.
    # Pending: one fuzzer, sample maker, picture demo and bench for every module replaces the games' own.
]


def platform_files() -> list[Path]:
    files: list[Path] = []
    for top in ("engine", "renderers", "ai", "data"):
        files += sorted((ROOT / top).glob("*.py"))
    for top in ("bot", "tools", "bench"):
        files += sorted((ROOT / top).rglob("*.py"))
    return [p for p in files if p.relative_to(ROOT).as_posix() != REGISTRY]


def game_words() -> tuple[set[str], set[str], set[str]]:
    """(words, unit prefixes, leader ids) of every game: ids, roles, armies, sides, nations, colours."""
    words = {"wellington", "blücher", "blucher", "anglo", "france", "dutch", "guard_green"}
    for m in modules.modules():
        if m.id in modules.BUILT_IN:
            words |= {m.id, *m.every_role()}
    nap, lib = load_scenario(), load_liberty()
    for u in nap.units:
        words |= {u.army, u.nation}
    for v in lib.units:
        words |= {v.side, v.nation}
    ids = [u.id for u in nap.units] + [v.id for v in lib.units]
    prefixes = {i.split("-")[0] for i in ids if "-" in i}
    leaders = {i for i in ids if "-" not in i}
    return words, prefixes, leaders


def naming(words: set[str], prefixes: set[str], leaders: set[str]) -> re.Pattern[str]:
    """A game's word where no letter stands before it (``FRENCH``, ``term.role.french``, ``FRANCE_TINT``),
    a unit id's prefix before its number (``FR-1``), a leader's id as a whole word (``NAP``)."""
    alternatives = [
        r"(?<![a-z])(?i:" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + ")",
        r"\b(?:" + "|".join(sorted(prefixes)) + r")-\d",
        r"\b(?:" + "|".join(sorted(leaders)) + r")\b",
    ]
    return re.compile("|".join(alternatives))


def allowance(rel: str, line: str) -> int | None:
    for i, (path, only, _why) in enumerate(ALLOWED):
        if (rel == path or (path.endswith("/") and rel.startswith(path))) and (only is None or only in line):
            return i
    return None


def test_no_platform_file_names_a_game():
    pattern = naming(*game_words())
    found, used = [], set()
    for path in platform_files():
        rel = path.relative_to(ROOT).as_posix()
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                i = allowance(rel, line)
                if i is None:
                    found.append(f"{rel}:{no}: {line.strip()}")
                else:
                    used.add(i)
    assert not found, "a platform file names a game (move it to the game's folder):\n" + "\n".join(found)
    stale = [ALLOWED[i][:2] for i in range(len(ALLOWED)) if i not in used]
    assert not stale, f"allowed entries that name no game any more (take them off ALLOWED): {stale}"


def test_the_check_sees_a_game_named_in_every_way():
    """The checker itself: each kind of name is caught, and plain words are not."""
    pattern = naming(*game_words())
    for named in (
        "from engine.napoleon import Game",
        'role = "french"',
        "C.PRUSSIAN",
        "C.FRANCE_TINT",
        "term.role.allied",
        "units:FR-1,FR-2",
        "leader AM-3",
        "@place NAP Ligny",
        "Liberty's cards",
        "the American side",
    ):
        assert pattern.search(named), named
    for plain in ("the game's roles", "an army's colour", "FRAME-1", "nap time", "a square block"):
        assert not pattern.search(plain), plain
