"""``view(role)``: the only way anything leaves the engine. A side sees its own blocks (id, strength), the
other side's only as a colour in a place (G50) unless they stand revealed in the battle being fought (7.1;
the reserves from round 2), its own hand and the cards of this turn once both are turned up, its own pool's
blocks and the other's count; prisoners and the French pool before entry are face up for both (11.5, 12.0).
Events show their secret part only to the roles they were meant for."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import battle as battle_rules
from .context import Ctx
from .sequence import Phase
from .state import FRENCH_POOL, OFF_MAP, POOL, PRISONER, SIDES, Block
from .winter import british_vp


@dataclass(frozen=True)
class View:
    role: str
    year: int
    turn: int
    phase: Phase
    active: tuple[str, ...]
    p1: str | None
    weather: int | None
    acting: str | None
    actions_left: int
    hand: tuple[str, ...]
    hands: dict[str, int]
    committed: dict[str, bool]
    cards: dict[str, str]  # the cards of this turn, once both are played
    blocks: tuple[dict[str, Any], ...]
    pool: tuple[str, ...]  # one's own pool (face down: the owner knows what is in it)
    pools: dict[str, int]
    french_pool: tuple[str, ...]
    french_in: bool
    prisoners: tuple[dict[str, Any], ...]
    control: dict[str, str]
    vp: int
    battle: dict[str, Any] | None
    drawn: str | None
    winner: str | None
    reason: str | None
    hit_order: tuple[str, ...] = ()
    offer: dict[str, Any] | None = None  # 11.5: public (prisoners are face up)
    events: tuple[dict[str, Any], ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.__dict__.items()}


def shown(ctx: Ctx, b: Block, role: str) -> bool:
    """G50, 7.1: may ``role`` see this block's face?"""
    if b.side == role:
        return True
    bt = ctx.st.battle
    if (
        bt is not None
        and ctx.st.phase in (Phase.COMBAT, Phase.HIT, Phase.WITHDRAW, Phase.REGROUP)
        and b.at == bt.hex
    ):
        return not (bt.round == 1 and b.id in bt.reserves)
    return False


def block_view(ctx: Ctx, b: Block, role: str) -> dict[str, Any]:
    if not shown(ctx, b, role):
        return {"at": b.at, "side": b.side}
    unit = ctx.lib.unit(b.id)
    return {
        "at": b.at,
        "side": b.side,
        "id": b.id,
        "strength": b.strength,
        "max": unit.max_cv,
        "type": unit.type,
        "rating": unit.rating,
        "moved": b.moved if b.side == role else None,
    }


def build_view(ctx: Ctx, role: str, active: list[str], *, events: bool = True) -> View:
    st = ctx.st
    mine = role in SIDES
    on_map = [b for b in st.blocks.values() if b.at not in OFF_MAP]
    blocks = sorted(
        (block_view(ctx, b, role) for b in on_map), key=lambda d: (d["at"], d["side"], d.get("id", ""))
    )
    bt = st.battle
    battle = None
    if bt is not None:
        now = battle_rules.step(ctx) if st.phase == Phase.COMBAT else None
        battle = {
            "at": bt.hex,
            "attacker": bt.attacker,
            "round": bt.round,
            "reserves": len(bt.reserves),
            "victor": bt.victor,
            "step": [now[0], now[1]] if now else None,
            # the reserves this role may name (box after 7.5): its own; from round 2, every one (7.21)
            "reserve_ids": [r for r in bt.reserves if shown(ctx, st.blocks[r], role)],
            "last_fire": bt.last_fire,
            # its hits still to land, waiting on the owner's choice among equals (7.32, G25)
            "waiting": bt.pending["left"] if st.phase == Phase.HIT and bt.pending else 0,
        }  # fmt: skip  (public: every roll is, 7.31)
    both = len(st.played) == 2
    return View(
        role=role,
        year=st.year,
        turn=st.turn,
        phase=st.phase,
        active=tuple(active),
        p1=st.p1,
        weather=st.weather,
        acting=st.acting,
        actions_left=st.actions_left,
        hand=tuple(st.hands.get(role, ())) if mine else (),
        hands={s: len(st.hands.get(s, ())) for s in SIDES},
        committed={s: s in st.played for s in SIDES},
        cards=dict(st.revealed) if both else ({role: st.played[role]} if role in st.played else {}),
        blocks=tuple(blocks),
        pool=tuple(st.pool(role)) if mine else (),
        pools={s: len(st.pool(s)) for s in SIDES},
        french_pool=tuple(sorted(b.id for b in st.blocks.values() if b.at == FRENCH_POOL)),
        french_in=st.french_in,
        prisoners=tuple(
            {"id": b.id, "side": b.side}
            for b in sorted(st.blocks.values(), key=lambda b: b.id)
            if b.at == PRISONER
        ),
        control=dict(st.control),
        vp=british_vp(ctx),
        battle=battle,
        drawn=st.drawn if st.drawn and st.acting == role else None,
        winner=st.winner,
        reason=st.reason,
        hit_order=tuple(st.hit_order.get(role, ())),
        offer=dict(st.offer) if st.offer else None,
        events=tuple(e.visible(role) for e in ctx.events) if events else (),
    )


__all__ = ["POOL", "View", "build_view"]
