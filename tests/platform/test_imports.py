"""The import graph (docs/architecture.md, the layers), built from the source — every import, those inside
functions and under ``TYPE_CHECKING`` included: every arrow points down (data <- engine <- renderers, ai <-
bot <- tools) and no file takes part in a circle."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("data", "engine", "renderers", "ai", "bot", "tools")
# The files of engine/ that stand above the games: the registry, which imports every game, and the runners
# that take a game by its id through it. In the package graph they are a node of their own.
# each layer's registry (and what runs on it) stands above that layer's games: it imports every one of them
ABOVE_THE_GAMES = frozenset(
    {"engine.modules", "engine.scenario", "engine.script", "renderers.registry", "ai.registry"}
)
# What each top-level package may import (besides itself): the layers of docs/architecture.md.
MAY_IMPORT = {
    "data": set(),
    "engine": {"data"},
    "renderers": {"data", "engine"},
    "ai": {"data", "engine"},
    "bot": {"data", "engine", "renderers", "ai"},
    "tools": {"data", "engine", "renderers", "ai", "bot"},  # the top: tools may drive the whole bot
}
# Circles still to break, each the set of its files: the test fails on any circle not listed here and on a
# listed one that is gone, so that the list only shrinks. Empty since the Napoleon engine's was broken.
KNOWN_CIRCLES: list[frozenset[str]] = []


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for p in sorted((ROOT / pkg).rglob("*.py")):
            out[module_name(p)] = p
    return out


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports anywhere in its file (resolved to modules that exist)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_pkg = path.name == "__init__.py"
    base = name.split(".") if is_pkg else name.split(".")[:-1]
    found: set[str] = set()

    def add(mod: str) -> None:
        while mod and mod not in known:
            mod = mod.rpartition(".")[0]
        if mod and mod != name:
            found.add(mod)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                add(a.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                head = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                mod = ".".join([*head, node.module] if node.module else head)
            else:
                mod = node.module or ""
            for a in node.names:  # "from . import battle" imports the module battle
                full = f"{mod}.{a.name}"
                if full in known:
                    add(full)
                else:
                    add(mod)
    return found


def graph() -> dict[str, set[str]]:
    known = sources()
    return {n: imports_of(n, p, known) for n, p in known.items()}


def circles(g: dict[str, set[str]]) -> list[frozenset[str]]:
    """Strongly connected components of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[frozenset[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in g.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(frozenset(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def as_files(comp: frozenset[str]) -> frozenset[str]:
    known = sources()
    return frozenset(str(known[m].relative_to(ROOT)) for m in comp)


def test_every_arrow_points_down():
    wrong = [
        f"{a} -> {b}"
        for a, deps in graph().items()
        for b in deps
        if b.split(".")[0] != a.split(".")[0] and b.split(".")[0] not in MAY_IMPORT[a.split(".")[0]]
    ]
    assert not wrong, "imports against the layers: " + ", ".join(sorted(wrong))


def test_no_new_circle_and_the_known_ones_are_still_there():
    found = {as_files(c) for c in circles(graph())}
    new = [sorted(c) for c in found if c not in KNOWN_CIRCLES]
    assert not new, f"new import circles: {new}"
    gone = [sorted(c) for c in KNOWN_CIRCLES if c not in found]
    assert not gone, f"circles broken (take them off KNOWN_CIRCLES): {gone}"


def test_the_graph_sees_imports_inside_functions_and_type_checking():
    """The checker itself: it finds an import made inside a function and one under TYPE_CHECKING."""
    g = graph()
    assert "ai" in g["bot.service.play"]  # ``from ai import play_one`` inside a function
    assert "engine.napoleon.views" in g["renderers.napoleon.map"]  # under TYPE_CHECKING
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]


def games() -> set[str]:
    """The games' folders: a package under a layer named by a registered game (``engine.napoleon``)."""
    from engine import modules

    return {m.id for m in modules.modules()}


def package_of(module: str, game_ids: set[str]) -> str:
    """The node a module belongs to in the package graph: a game's rooms in a layer (``engine.napoleon``,
    its subpackages with it), the registry and its runners, or the layer's platform part (``engine``)."""
    if module in ABOVE_THE_GAMES:
        return module.split(".")[0] + " (registry)"
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in game_ids:
        return ".".join(parts[:2])
    return parts[0]


def package_graph(g: dict[str, set[str]], game_ids: set[str]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for a, deps in g.items():
        pa = package_of(a, game_ids)
        out.setdefault(pa, set())
        out[pa] |= {pb for b in deps if (pb := package_of(b, game_ids)) != pa}
    return out


def test_no_circle_between_packages():
    """The platform's part of each layer (``engine``, ``data``, ``renderers``, ``ai``: each package's
    ``__init__`` and top-level files) is under every game's rooms (``engine.napoleon``, ``data.liberty``,
    ...), which are under the registry: a layer's package that imported its games while the games import it
    would be a circle, whatever its files' own graph says."""
    pg = package_graph(graph(), games())
    assert {"engine", "engine.napoleon", "engine.liberty", "data", "data.napoleon", "ai.napoleon"} <= set(pg)
    found = [sorted(c) for c in circles(pg)]
    assert not found, f"circles between packages: {found}"
    for layer in ("data", "engine", "renderers", "ai"):
        assert not {p for p in pg.get(layer, ()) if p.split(".")[0] == layer}, f"{layer} imports a game"


def test_the_package_graph_sees_a_package_importing_its_games():
    """The checker itself: a package's ``__init__`` importing its game, whose files import the package's
    own files, is a circle of packages though no file imports itself back."""
    files = {
        "engine": {"engine.napoleon"},  # engine/__init__.py: ``from .napoleon import new_game``
        "engine.napoleon": {"engine.napoleon.game"},
        "engine.napoleon.game": {"engine.dice"},
        "engine.dice": set(),
    }
    assert circles(files) == []
    assert circles(package_graph(files, {"napoleon"})) == [frozenset({"engine", "engine.napoleon"})]


def test_the_games_pictures_and_bot_players_are_imports_the_graph_sees():
    """What draws a game's pictures and plays its seats is reached by import, not by a dotted string: each
    registry imports every game's package of its layer, and the bot reaches them through the registries."""
    g = graph()
    assert {"renderers.napoleon", "renderers.liberty"} <= g["renderers.registry"]
    assert {"ai.napoleon", "ai.liberty"} <= g["ai.registry"]
    assert "renderers.registry" in g["bot.pictures"] and "ai.registry" in g["bot.service.play"]
