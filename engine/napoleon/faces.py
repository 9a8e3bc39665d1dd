"""What a role sees of one block (a face is its owner's alone): its face, or only its army's colour. Shared
by the campaign map's views (``views.py``) and the battle board's (``battle_views.py``), and by the battle
rules, which say in events whether a face was public (rulings 8.5)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from .board import RESERVE, split
from .context import Ctx
from .state import Battle, BattleStatus, Unit


@dataclass(frozen=True, slots=True)
class BlockView:
    army: str
    known: bool  # the face is visible to the role looking
    id: str | None = None
    name: str | None = None
    nation: str | None = None
    type: str | None = None
    cv: int | None = None
    max_cv: int | None = None
    guard: bool = False
    disrupted: bool = False
    in_square: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def face(ctx: Ctx, u: Unit, known: bool) -> BlockView:
    """``u`` with its face (unit, name, nation, type, cv) when ``known``, else its army's colour only. Kept
    with the unit until it changes (``Unit._faces``): every view of every state that shares it asks again."""
    kept = u._faces
    if kept is None:
        kept = [None, None]
        object.__setattr__(u, "_faces", kept)  # not a field: nothing of the game changes
    v: BlockView | None = kept[known]
    if v is None:
        v = kept[known] = _face(ctx, u, known)
    return v


def _face(ctx: Ctx, u: Unit, known: bool) -> BlockView:
    if known:
        d = ctx.sc.unit(u.id)
        return BlockView(
            u.army,
            True,
            u.id,
            d.name,
            d.nation,
            u.type,
            u.cv,
            u.max_cv,
            bool(d.guard),
            u.disrupted,
            u.in_square,
        )
    return BlockView(u.army, False, disrupted=u.disrupted, in_square=u.in_square)


def face_public(ctx: Ctx, b: Battle, u: Unit) -> bool:
    """Is the face of ``u`` (in battle ``b``) known to everyone?"""
    s = b.pos.get(u.id)
    if s is None or b.status == BattleStatus.DEPLOY:
        return False
    if split(s)[1] == RESERVE:
        return False
    return not (u.in_square and ctx.third)
