"""Every game's data is loaded by the one loader of ``data/loading.py``: a fault in any game's files is
reported in the same form (one line a fault: file, entry, field, what is wrong), the data package's own copy
is read once per process and shared, another directory is read anew each time."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from data import DATA_DIR, ScenarioError
from data.base import DataFile
from data.eagles import load_eagles
from data.liberty import load_liberty
from data.loading import GameData, GameFiles, raise_faults, same_ids, unreachable
from data.napoleon import load_scenario
from data.triumph import load_triumph

# Each game: its folder, its loader (a directory holding one folder per game, or None: the package's own), the
# word its "no such folder" fault uses.
GAMES: dict[str, tuple[Callable[..., Any], str]] = {
    "napoleon": (lambda directory=None: load_scenario("napoleon", directory), "scenario"),
    "liberty": (load_liberty, "scenario"),
    "triumph": (load_triumph, "game data"),
    "eagles": (load_eagles, "game data"),
}


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, Callable[..., Any], Path]:
    """A game's name, its loader and a directory holding a copy of its files."""
    name = request.param
    shutil.copytree(DATA_DIR / name, tmp_path / name, ignore=shutil.ignore_patterns("*.py", "*.md", "__*"))
    return name, GAMES[name][0], tmp_path


def faults(load: Callable[..., Any], root: Path) -> tuple[str, ...]:
    with pytest.raises(ScenarioError) as info:
        load(root)
    return info.value.problems


def test_the_copy_loads_anew_and_the_own_data_is_shared(game: tuple[str, Callable[..., Any], Path]) -> None:
    _name, load, root = game
    own = load()
    assert load() is own
    copy = load(root)
    assert copy == own and copy is not own
    assert load(root) is not copy


def test_a_missing_folder_is_named(game: tuple[str, Callable[..., Any], Path]) -> None:
    name, load, root = game
    shutil.rmtree(root / name)
    assert faults(load, root) == (f"no {GAMES[name][1]} {name!r}: {root / name} is not a directory",)


def test_every_missing_or_broken_file_is_named(game: tuple[str, Callable[..., Any], Path]) -> None:
    name, load, root = game
    (root / name / "units.toml").unlink()
    (root / name / "map.toml").write_text("[[towns]\n", encoding="utf-8")
    first, second = faults(load, root)
    assert first.startswith(f"{name}/map.toml: not valid TOML: ")
    assert second == f"{name}/units.toml: file not found"


def test_a_key_no_schema_knows_is_named_with_its_file(game: tuple[str, Callable[..., Any], Path]) -> None:
    name, load, root = game
    path = root / name / "units.toml"
    path.write_text("colour_of_the_box = 1\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    assert faults(load, root) == (f"{name}/units.toml: colour_of_the_box: Extra inputs are not permitted",)


def test_a_unit_id_twice_is_named_by_file_entry_and_field(game: tuple[str, Callable[..., Any], Path]) -> None:
    """The second [[units]] entry given the first one's id: the same line in every game."""
    name, load, root = game
    path = root / name / "units.toml"
    text = path.read_text(encoding="utf-8")
    ids = re.findall(r'(?m)^\[\[units\]\].*\nid = "([^"]+)"', text)
    first, second = ids[0], ids[1]
    text = re.sub(rf'(\[\[units\]\][^\n]*\n)id = "{re.escape(second)}"', rf'\1id = "{first}"', text, count=1)
    path.write_text(text, encoding="utf-8")
    line = f'{name}/units.toml: units[1] ("{first}"): field "id": same id as units[0] ("{first}")'
    assert line in faults(load, root)


# -- the pieces -------------------------------------------------------------------------------------------


class _Entry:
    def __init__(self, id: str) -> None:
        self.id = id


def test_same_ids_ignores_case() -> None:
    """Players type ids in any case: two that differ only in case are one id twice."""
    entries = [_Entry("A1"), _Entry("b2"), _Entry("a1"), _Entry("B2"), _Entry("A1")]
    assert same_ids("g/units.toml", "units", entries) == [
        'g/units.toml: units[2]: field "id": same id as units[0]',
        'g/units.toml: units[3]: field "id": same id as units[1]',
        'g/units.toml: units[4]: field "id": same id as units[0]',
    ]


def test_unreachable_in_the_graphs_order() -> None:
    graph = {"d": ["e"], "a": ["b"], "b": ["a", "c"], "c": [], "e": ["a"]}
    assert unreachable(graph, "a") == ["d", "e"]
    assert unreachable(graph, "d") == []


def test_raise_faults_reports_all_or_nothing() -> None:
    raise_faults([])
    with pytest.raises(ScenarioError) as info:
        raise_faults(["one", "two"])
    assert info.value.problems == ("one", "two")


class _One(DataFile):
    n: int


class _Two(DataFile):
    words: tuple[str, ...]


class _Files(GameFiles):
    one: _One
    two: _Two


def _write(root: Path, one: str, two: str) -> None:
    (root / "g").mkdir(parents=True, exist_ok=True)
    (root / "g" / "one.toml").write_text(one, encoding="utf-8")
    (root / "g" / "two.toml").write_text(two, encoding="utf-8")


def test_game_data_reads_its_files_builds_once_from_home_and_anew_elsewhere(tmp_path: Path) -> None:
    home, other = tmp_path / "home", tmp_path / "other"
    _write(home, "n = 1\n", 'words = ["a"]\n')
    _write(other, "n = 2\n", 'words = ["b", "c"]\n')
    built: list[tuple[str, int, tuple[str, ...]]] = []

    def build(name: str, files: _Files) -> object:
        built.append((name, files.one.n, files.two.words))
        return object()

    data = GameData(_Files, build, home, what="puzzle")
    assert data.load("g") is data.load("g")
    assert data.load("g", other) is not data.load("g", other)
    assert built == [("g", 1, ("a",)), ("g", 2, ("b", "c")), ("g", 2, ("b", "c"))]
    with pytest.raises(ScenarioError, match=r"^no puzzle 'h': "):
        data.load("h")


def test_game_data_lists_every_file_s_faults_in_the_files_order(tmp_path: Path) -> None:
    _write(tmp_path, 'n = "one"\nm = 2\n', "words = 3\n")
    data = GameData(_Files, lambda name, files: files, tmp_path)
    with pytest.raises(ScenarioError) as info:
        data.load("g", tmp_path)
    assert info.value.problems == (
        "g/one.toml: n: Input should be a valid integer, unable to parse string as an integer",
        "g/one.toml: m: Extra inputs are not permitted",
        "g/two.toml: words: Input should be a valid tuple",
    )


def test_game_data_lets_a_game_fill_in_its_files_before_they_are_validated(tmp_path: Path) -> None:
    _write(tmp_path, "", "words = []\n")

    def prepare(raw: dict[str, dict[str, Any]]) -> None:
        raw["one.toml"].setdefault("n", 7)

    data = GameData(_Files, lambda name, files: files, tmp_path, prepare=prepare)
    assert data.load("g").one.n == 7
