"""Positions for the rules tests: an empty map (every block and commander off it), then the pieces a test
places, with the faces it gives them; and a data proxy whose approaches a test may change (our map has no
wide approach with only an infantry penalty, which test case T20 needs)."""

from __future__ import annotations

from typing import Any

from engine.triumph.game import Game
from engine.triumph.options import Options
from engine.triumph.state import OFF


def empty(**options: Any) -> Game:
    g = Game.new(Options(**options))
    for b in g.state.blocks.values():
        b.at, b.on, b.corps = OFF, None, None
    for c in g.state.commanders.values():
        c.at, c.on = OFF, None
    return g


def put(
    g: Game, uid: str, at: str, face: str = "inf-2", *, on: str | None = None, corps: str | None = None
) -> None:
    """A block at ``at`` (``on``: the approach facing that neighbour) with face ``inf-2``, ``cav-3``,
    ``art-1``, ``guard-3``, in ``corps`` (its commander, placed with it)."""
    b = g.state.blocks[uid]
    kind, strength = face.split("-")
    b.arm = {"inf": "infantry", "cav": "cavalry", "art": "artillery", "guard": "infantry"}[kind]
    b.guard = kind == "guard"
    b.strength = int(strength)
    b.at, b.on, b.corps = at, on, corps
    if corps is not None:
        c = g.state.commanders[corps]
        c.at, c.on = at, on


class Patched:
    """The data with some approaches changed: ``{(locale, to): {"penalties": (...), ...}}``."""

    def __init__(self, base: Any, changes: dict[tuple[str, str], dict[str, Any]]) -> None:
        self._base = base
        self._changes = {k: base.approach(*k).model_copy(update=v) for k, v in changes.items()}

    def approach(self, locale: str, to: str) -> Any:
        return self._changes.get((locale, to)) or self._base.approach(locale, to)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._base, name)


def patch(g: Game, changes: dict[tuple[str, str], dict[str, Any]]) -> None:
    g.ctx.data = Patched(g.ctx.data, changes)  # type: ignore[assignment]


def french_turn(g: Game) -> None:
    g.state.side = "french"


def faces(g: Game, *ids: str) -> list[str]:
    return [g.state.blocks[u].face if g.state.blocks[u].at != "gone" else "gone" for u in ids]


SRC, TGT = "bosenitz_plain", "krug"  # most attack cases: across the Krug's wide approach without penalties


def threat(g: Game, src: str = SRC, tgt: str = TGT, side: str = "french") -> None:
    """``side``'s turn, and its attack threatened from ``src`` into ``tgt`` (11.1)."""
    g.state.side = side
    g.apply(side, f"/attack from:{src} into:{tgt}")
