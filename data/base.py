"""What every game's data shares: name folding and matching (``normalize``, ``NoMatch``,
``AmbiguousMatch``), the read-only models' base, the folder of the games' data (``DATA_DIR``, one folder per
game) and the loader's fault report (``ScenarioError``, one line per fault naming file, entry and field).

>>> normalize("Fontaine-l'Évêque")
'fontaine l eveque'
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

DATA_DIR = Path(__file__).resolve().parent  # one folder per game: data/<game>/
_MAX_PROBLEMS = 40

# Orders are written as text: lists are comma-separated and paths are joined with ">" (docs/guide.md),
# so a name may hold none of these.
_FORBIDDEN_NAME_CHARS = frozenset(",>;:\n\t")
# Letters that NFKD does not split into a base letter and an accent.
_LETTER_FOLDS = str.maketrans({"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o", "ł": "l"})
_SEPARATORS = str.maketrans(dict.fromkeys("-'\u2019\u2018`._/", " "))


def normalize(text: str) -> str:
    """Fold a name for matching: no accents, no case, hyphens/apostrophes/dots as spaces, single spaces.

    >>> normalize("Fontaine-l'Évêque")
    'fontaine l eveque'
    >>> normalize("  LE RŒULX ")
    'le roeulx'
    """
    text = unicodedata.normalize("NFKD", text.translate(_LETTER_FOLDS))
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.casefold().translate(_SEPARATORS).split())


class NoMatch(LookupError):
    """No town or unit matches the text typed."""


class AmbiguousMatch(LookupError):
    """Several towns or units match the text typed; ``candidates`` lists them."""

    def __init__(self, message: str, candidates: tuple[str, ...]) -> None:
        super().__init__(message)
        self.candidates = candidates

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.candidates))


class FrozenDict(dict[Any, Any]):
    """A dict that cannot be changed (the scenario's mappings are shared by every game of the process)."""

    def _read_only(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("scenario data is read-only")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))

    # typeshed declares ``dict.__hash__`` None (dicts are unhashable): this one never changes, so it hashes
    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


def _check_name(value: str) -> str:
    if value != value.strip() or not value:
        raise ValueError("must be a non-empty name without leading or trailing spaces")
    bad = sorted(_FORBIDDEN_NAME_CHARS.intersection(value))
    if bad:
        raise ValueError(f"must not contain {', '.join(repr(c) for c in bad)} (used by the order syntax)")
    return value


def _match(text: str, keys: Mapping[str, str], what: str, fold: Callable[[str], str] = normalize) -> str:
    key = fold(text.strip())
    if not key:
        raise NoMatch(f"no {what} given")
    exact = keys.get(key)
    if exact is not None:
        return exact
    hits = tuple(sorted(name for k, name in keys.items() if k.startswith(key)))
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise NoMatch(f"no {what} matches {text.strip()!r}")
    raise AmbiguousMatch(f"{text.strip()!r} could be any {what} of: {', '.join(hits)}", hits)


class ScenarioError(ValueError):
    """A scenario's files are missing or invalid. ``problems`` holds one line per fault."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        shown = list(self.problems[:_MAX_PROBLEMS])
        if len(self.problems) > _MAX_PROBLEMS:
            shown.append(f"... and {len(self.problems) - _MAX_PROBLEMS} more")
        super().__init__("\n".join(shown))


class DataFile(BaseModel):
    """A data file's schema: read-only, and a field it does not know is a fault (a misspelt key)."""

    model_config = ConfigDict(frozen=True, extra="forbid")


# -- describing faults ---------------------------------------------------------------------------------------


def _entry_label(key: str, index: int, item: Any) -> str:
    """``towns[3] ("Waterloo")``: an entry of a list, with what identifies it to a human."""
    label = f"{key}[{index}]"
    if isinstance(item, BaseModel):
        item = item.model_dump(by_alias=True)
    if not isinstance(item, dict):
        return label
    if isinstance(item.get("id"), str):
        return f'{label} ("{item["id"]}")'
    if isinstance(item.get("name"), str):
        return f'{label} ("{item["name"]}")'
    if isinstance(item.get("a"), str) and isinstance(item.get("b"), str):
        return f'{label} ("{item["a"]}", "{item["b"]}")'
    if "n" in item:
        return f"{label} (n = {item['n']})"
    return label


def _describe(file: str, data: Mapping[str, Any], exc: ValidationError) -> list[str]:
    lines = []
    for error in exc.errors():
        loc = list(error["loc"])
        message = error["msg"].removeprefix("Value error, ")
        if "[key]" in loc:  # a table key that is not allowed, e.g. [free.austrian]
            loc.remove("[key]")
            message = f"not an accepted key: {message}"
        entry = ""
        if loc and isinstance(loc[0], str):
            key = str(loc.pop(0))
            node = data.get(key)
            entry = key
            if loc and isinstance(loc[0], int) and isinstance(node, list) and loc[0] < len(node):
                index = loc.pop(0)
                entry = _entry_label(key, index, node[index])
            elif loc and isinstance(node, dict) and key in ("historical", "free"):
                entry = f'{key}."{loc.pop(0)}"' if key == "historical" else f"{key}.{loc.pop(0)}"
            while loc and isinstance(loc[0], int):  # a position in a plain list: part of the entry
                entry += f"[{loc.pop(0)}]"
        field = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc).lstrip(".")
        where = ": ".join(part for part in (file, entry, f'field "{field}"' if field else "") if part)
        lines.append(f"{where}: {message}")
    return lines


def _at(file: str, entry: str, field: str | None, message: str) -> str:
    return f"{file}: {entry}: " + (f'field "{field}": ' if field else "") + message


def _suggest(name: str, choices: Sequence[str]) -> str:
    close = difflib.get_close_matches(name, choices, n=1, cutoff=0.6)
    return f' (did you mean "{close[0]}"?)' if close else ""
