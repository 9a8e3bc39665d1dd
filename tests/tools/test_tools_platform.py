"""The platform's tools and benches name no game: the fuzzer, the sample maker, the picture demo and the
benches play any module through the registry (``engine.modules``) and the hooks it declares
(``Module.fuzz_invariants``, ``Module.fuzzing``, ``renderers.registry.samples``)."""

from __future__ import annotations

import re
from pathlib import Path

from ai.registry import new_random_player
from engine import modules
from renderers.registry import samples

ROOT = Path(__file__).resolve().parents[2]
PLATFORM = (
    "tools/fuzz.py",
    "tools/fuzz_module.py",
    "tools/samples.py",
    "tools/picture_demo.py",
    "tools/outdir.py",
    "tools/parallel.py",
    "tools/picture_sweep.py",
    "bench/ai.py",
    "bench/render.py",
    "bench/bot.py",
    "bench/engine.py",
    "bench/startup.py",
    "bench/storage.py",
    "bench/common.py",
    "renderers/showcase.py",
)


def _words() -> re.Pattern[str]:
    """Every game's id and seats (the roles a bot may take), and the unit prefixes of the built-in games."""
    names = {m.id for m in modules.modules()}
    for m in modules.modules():
        names |= set(m.seats) | set(m.fuzzing.sides) | set(m.roles(m.make_options(m.defaults())))
    return re.compile(
        r"\b(" + "|".join(sorted(map(re.escape, names))) + r")\b|\b(FR|BR|PR)-\d", re.IGNORECASE
    )


def test_the_tools_and_benches_name_no_game_and_no_side():
    words = _words()
    found = []
    for rel in PLATFORM:
        for no, line in enumerate((ROOT / rel).read_text(encoding="utf-8").splitlines(), 1):
            if words.search(line):  # a game's id names its packages too (engine.<id>, renderers.<id>, ...)
                found.append(f"{rel}:{no}: {line.strip()}")
    assert not found, "\n".join(found)


def test_each_built_in_game_declares_what_the_tools_need():
    for m in modules.modules():
        assert m.fuzz_invariants, m.id
        assert samples(m.id) is not None, m.id
        assert new_random_player(m.id) is not None, m.id
