"""Loading a game's data, the same for every game: its folder ``<directory>/<name>/`` read, each TOML file
validated by its schema into the read-only models (``read_game``: every fault of every file in one
:class:`~data.base.ScenarioError`, a line a fault naming file, entry and field), the game's own checks across
its files reported the same way (``same_ids``, ``same_name``, ``route_faults``, ``unknown``, ``unreachable``,
``raise_faults``), and the data package's own copy read once per process and shared (``Shared``).

>>> from data.loading import unreachable
>>> unreachable({"a": ["b"], "b": ["a"], "c": []}, "a")
['c']
"""

from __future__ import annotations

import functools
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from .base import DataFile, ScenarioError, _at, _entry_label, _suggest, normalize, read_files, validate_files

T = TypeVar("T")


class Shared(Generic[T]):
    """A game's data as ``build(name, directory)`` makes it: from ``home`` (the data package's own folder)
    once per process, shared by every game of the process (the models are read-only); from any other
    directory (a club's edited copy, a test's broken files) anew each time."""

    def __init__(self, build: Callable[[str, Path], T], home: Path) -> None:
        self._build = build

        @functools.lru_cache(maxsize=None)  # noqa: UP033
        def shared(name: str) -> T:
            return build(name, home)

        self._shared = shared

    def load(self, name: str, directory: Path | None = None) -> T:
        if directory is None:
            return self._shared(name)
        return self._build(name, Path(directory))


def read_game(
    directory: Path,
    name: str,
    schemas: Mapping[str, type[DataFile]],
    *,
    what: str = "scenario",
    prepare: Callable[[dict[str, dict[str, Any]]], None] | None = None,
) -> dict[str, Any]:
    """The files of ``directory / name`` by their names, each validated by its schema (``schemas``, in the
    order the faults are listed); ``prepare`` may fill in what a file leaves out before the files are
    validated. A ScenarioError says that there is no such folder (``no <what> 'name'``), or names every file
    missing or unreadable, or lists every fault of every file."""
    folder = directory / name
    if not folder.is_dir():
        raise ScenarioError([f"no {what} {name!r}: {folder} is not a directory"])
    raw = read_files(folder, name, tuple(schemas))
    if prepare is not None:
        prepare(raw)
    return validate_files(name, raw, schemas)


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
