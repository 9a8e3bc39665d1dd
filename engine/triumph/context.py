"""What every rule function works on: the state, the data, the options and the event log."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from data.triumph import Triumph
from engine.errors import RuleError
from engine.events import Event
from engine.messages import render

from .messages import EN
from .options import Options
from .state import GONE, Block, State

# the fields of a rule's message that name one locale or one commander: said by name (our map's names)
_PLACES = ("locale", "source", "target", "to")


def named(params: dict[str, Any]) -> dict[str, Any]:
    """A message's parameters with each locale and commander id said by its name from the data, and by its
    Japanese name as ``<field>_ja`` (the Japanese templates say that one); an id the data does not know, a
    player's typing, as it was."""
    names, names_ja, out = _names(), _names("ja"), dict(params)
    for k in (*_PLACES, "commander"):
        v = out.get(k)
        if isinstance(v, str):
            out[k], out[f"{k}_ja"] = names.get(v, v), names_ja.get(v, v)
    return out


@cache
def _names(lang: str = "en") -> dict[str, str]:
    """Locale and commander ids -> their names on our map (no id is both), in English or Japanese."""
    from data.triumph import load_triumph

    data = load_triumph()
    ja = lang == "ja"
    return {x.id: x.name_ja if ja else x.name for x in data.locales} | {
        c.id: c.name_ja if ja else c.name for c in data.commanders
    }


def error(rule: str, key: str, /, **params: Any) -> RuleError:
    """A RuleError whose English text is the template ``key`` of ``triumph.po``, its locales and commanders
    said by name."""
    said = named(params)
    return RuleError(rule, say=lambda: render(EN[key], said, EN), key=key, params=said)


@dataclass
class Ctx:
    st: State
    data: Triumph
    opts: Options
    events: list[Event] = field(default_factory=list)
    # where the blocks stand, counted once while ``legal`` tries candidates dry (``Places``)
    places: Places | None = field(default=None, compare=False, repr=False)

    def emit(
        self, kind: str, data: dict[str, Any], secret: dict[str, Any] | None = None, to: tuple[str, ...] = ()
    ) -> None:
        """An event: ``data`` for everyone, ``secret`` only for the roles ``to`` (faces, sealed choices)."""
        self.events.append(Event(kind, data, secret, frozenset(to), seq=len(self.events) + 1))


class Places:
    """Where the blocks stand, counted once, for a state that does not change while it is asked: ``legal``
    tries each of a step's hundreds of candidates dry (nothing changes) and each would count the blocks of
    the locales it touches again (``Ctx.places``; None: counted on each question)."""

    def __init__(self, ctx: Ctx) -> None:
        self.count: dict[tuple[str, str], int] = {}  # (locale, side) -> blocks
        self.paired: set[tuple[str, str]] = set()  # (locale, side) where a corps has 2+ blocks (G16)
        self.corps: dict[str, list[Block]] = {}  # commander -> its units not gone, in the state's order
        by_corps: dict[tuple[str, str, str], int] = {}
        for b in ctx.st.blocks.values():
            key = (b.at, b.side)
            self.count[key] = self.count.get(key, 0) + 1
            if b.corps is not None:
                k3 = (b.at, b.side, b.corps)
                n = by_corps[k3] = by_corps.get(k3, 0) + 1
                if n >= 2:
                    self.paired.add(key)
                if b.at != GONE:
                    self.corps.setdefault(b.corps, []).append(b)
