"""Loading a game's data, the same for every game: its folder ``<directory>/<name>/`` read, each TOML file
validated by its schema into the read-only models (``read_game``: every fault of every file in one
:class:`~data.base.ScenarioError`, a line a fault naming file, entry and field), the game's own checks across
its files reported the same way (``same_ids``, ``same_name``, ``route_faults``, ``unknown``, ``unreachable``,
``raise_faults``), and the data package's own copy read once per process and shared (``GameData``, which
does it all for a game).

>>> from data.loading import unreachable
>>> unreachable({"a": ["b"], "b": ["a"], "c": []}, "a")
['c']
"""

from __future__ import annotations

import functools
import tomllib
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .base import DataFile, ScenarioError, _at, _describe, _entry_label, _suggest, normalize

T = TypeVar("T")


class GameFiles(BaseModel):
    """A game's files as read: a field a file, named as the file without ``.toml`` (``map``: ``map.toml``)
    and typed by its schema, in the order their faults are listed."""

    model_config = ConfigDict(frozen=True)

    @classmethod
    def schemas(cls) -> dict[str, type[DataFile]]:
        out: dict[str, type[DataFile]] = {}
        for key, field in cls.model_fields.items():
            schema = field.annotation
            if not (isinstance(schema, type) and issubclass(schema, DataFile)):
                raise TypeError(f"{cls.__name__}.{key} is not a data file's schema")
            out[f"{key}.toml"] = schema
        return out


FilesT = TypeVar("FilesT", bound=GameFiles)


class GameData(Generic[FilesT, T]):
    """A game's data: its ``files`` read from ``<directory>/<name>/`` (``read_game``, with ``what`` and
    ``prepare``), then checked across the files and made into the game's model by ``build(name, files)``.
    From ``home`` (the data package's own folder) once per process, shared by every game of the process (the
    models are read-only); from any other directory (a club's edited copy, a test's broken files) anew each
    time."""

    def __init__(
        self,
        files: type[FilesT],
        build: Callable[[str, FilesT], T],
        home: Path,
        *,
        what: str = "scenario",
        prepare: Callable[[dict[str, dict[str, Any]]], None] | None = None,
    ) -> None:
        self._files, self._build, self._what, self._prepare = files, build, what, prepare

        @functools.lru_cache(maxsize=None)  # noqa: UP033
        def shared(name: str) -> T:
            return self._read(name, home)

        self._shared = shared

    def load(self, name: str, directory: Path | None = None) -> T:
        if directory is None:
            return self._shared(name)
        return self._read(name, Path(directory))

    def _read(self, name: str, directory: Path) -> T:
        files = read_game(directory, name, self._files, what=self._what, prepare=self._prepare)
        return self._build(name, files)


def read_game(
    directory: Path,
    name: str,
    files: type[FilesT],
    *,
    what: str = "scenario",
    prepare: Callable[[dict[str, dict[str, Any]]], None] | None = None,
) -> FilesT:
    """The ``files`` of ``directory / name``, each validated by its schema; ``prepare`` may fill in what a
    file leaves out (the raw tables by file name) before they are validated. A ScenarioError says that there
    is no such folder (``no <what> 'name'``), or names every file missing or unreadable, or lists every fault
    of every file."""
    folder = directory / name
    if not folder.is_dir():
        raise ScenarioError([f"no {what} {name!r}: {folder} is not a directory"])
    schemas = files.schemas()
    raw = read_files(folder, name, tuple(schemas))
    if prepare is not None:
        prepare(raw)
    parsed = validate_files(name, raw, schemas)
    return files.model_construct(**{key: parsed[f"{key}.toml"] for key in files.model_fields})


def read_files(folder: Path, label: str, files: Sequence[str]) -> dict[str, dict[str, Any]]:
    """Each TOML file of ``folder`` by its name; a ScenarioError naming every file missing or unreadable
    (``label``/file)."""
    problems: list[str] = []
    raw: dict[str, dict[str, Any]] = {}
    for file in files:
        try:
            raw[file] = tomllib.loads((folder / file).read_text(encoding="utf-8"))
        except FileNotFoundError:
            problems.append(f"{label}/{file}: file not found")
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            problems.append(f"{label}/{file}: not valid TOML: {exc}")
    if problems:
        raise ScenarioError(problems)
    return raw


def validate_files(
    label: str, raw: Mapping[str, dict[str, Any]], schemas: Mapping[str, type[DataFile]]
) -> dict[str, Any]:
    """Each file read by its schema; a ScenarioError listing every fault of every file, each naming its file,
    entry and field."""
    problems: list[str] = []
    parsed: dict[str, Any] = {}
    for file, schema in schemas.items():
        try:
            parsed[file] = schema.model_validate(raw[file])
        except ValidationError as exc:
            problems.extend(_describe(f"{label}/{file}", raw[file], exc))
    if problems:
        raise ScenarioError(problems)
    return parsed


def raise_faults(problems: Sequence[str]) -> None:
    """The faults the checks across the files found, if any, as one ScenarioError."""
    if problems:
        raise ScenarioError(problems)


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


def same_ids(file: str, key: str, entries: Sequence[_Identified]) -> list[str]:
    """Ids must differ even with case ignored (players type them in any case): a fault for each entry of
    ``key`` whose id an earlier one has."""
    problems: list[str] = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(entries):
        folded = entry.id.casefold()
        if folded in seen:
            first = _entry_label(key, seen[folded], entries[seen[folded]])
            problems.append(_at(file, _entry_label(key, i, entry), "id", f"same id as {first}"))
        seen.setdefault(folded, i)
    return problems


class _Named(Protocol):
    @property
    def name(self) -> str: ...


def same_name(file: str, key: str, entries: Sequence[_Named], i: int, seen: dict[str, int]) -> list[str]:
    """Names must differ even with case and accents ignored (players type them so): a fault if entry ``i`` of
    ``key`` has the name of an earlier one. ``seen`` (a folded name: its first entry) is kept across the
    entries, so that a loop checking each entry lists its faults in the entries' order."""
    folded = normalize(entries[i].name)
    first = seen.setdefault(folded, i)
    if first == i:
        return []
    same = f"same name as {_entry_label(key, first, entries[first])} if case and accents are ignored"
    return [_at(file, _entry_label(key, i, entries[i]), "name", same)]


def unknown(what: str, name: str, choices: Sequence[str]) -> str:
    """``unknown area "N44" (did you mean "N4"?)``."""
    return f'unknown {what} "{name}"{_suggest(name, list(choices))}'


def route_faults(
    file: str, entry: str, field: str, what: str, route: Sequence[str], known: Sequence[str]
) -> tuple[list[str], bool]:
    """A road's places in order: a fault for each one not ``known`` (then its steps cannot be checked: False),
    else one if it runs through a place twice."""
    names = set(known)
    missing = [_at(file, entry, field, unknown(what, x, known)) for x in route if x not in names]
    if missing:
        return missing, False
    twice = sorted(x for x, n in Counter(route).items() if n > 1)
    return ([_at(file, entry, field, f"runs through {', '.join(twice)} twice")] if twice else []), True


def unreachable(graph: Mapping[str, Iterable[str]], start: str) -> list[str]:
    """The places of ``graph`` (each with those it leads to) that no path from ``start`` reaches, in the
    graph's order."""
    seen = {start}
    queue = deque([start])
    while queue:
        for nxt in graph[queue.popleft()]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return [place for place in graph if place not in seen]
