"""``view(role)``: the only way anything leaves the engine. Every block's position, corps and commander are
public (G8); a face only to its owner, or once the rules have shown it (G5) and until it is hidden again
(G6); eliminated blocks are public with their last face. Of the attack under way, the defence leaders are the
defender's secret until the attacker presses (11.4, G7), the counter-attack is shown when made (11.7).
Events show their secret part only to the roles they were meant for."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import attack as attack_rules
from .context import Ctx
from .state import GONE, SIDES, other
from .table import step_of


@dataclass(frozen=True)
class View:
    role: str
    scenario: str
    round: int
    label: str
    night: bool
    side: str  # whose turn
    step: str
    active: tuple[str, ...]
    morale: dict[str, int]
    blocks: tuple[dict[str, Any], ...]
    commanders: tuple[dict[str, Any], ...]
    attack: dict[str, Any] | None
    reinforced: bool
    battery: str | None
    winner: str | None
    reason: str | None
    events: tuple[dict[str, Any], ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.__dict__.items()}


def build_view(ctx: Ctx, role: str, active: list[str], *, events: bool = True) -> View:
    st = ctx.st
    r = ctx.data.scenario(st.scenario).rounds[st.round - 1]
    blocks = []
    for b in sorted(st.blocks.values(), key=lambda x: x.id):
        d: dict[str, Any] = {"id": b.id, "side": b.side, "at": b.at, "on": b.on, "corps": b.corps}
        if b.side == role or b.shown or b.at == GONE:
            d["face"] = b.face
        blocks.append(d)
    commanders = [
        {"id": c.id, "side": c.side, "at": c.at, "on": c.on}
        for c in sorted(st.commanders.values(), key=lambda x: x.id)
    ]
    attack: dict[str, Any] | None = None
    a = st.attack
    if a is not None:
        defender = other(a.attacker)
        attack = {"attacker": a.attacker, "source": a.source, "target": a.target, "step": str(a.step)}
        if a.defenders:
            attack.update(defenders=list(a.defenders), blocked=a.blocked)
        if a.defenders and (role == defender or step_of(st) not in ("defend", "feint")):
            attack["defence_leaders"] = list(a.defence_leaders)
        if a.attackers:
            attack.update(forces=list(a.forces), attackers=list(a.attackers))
        if a.leaders or (step_of(st) in ("counter", "step-up", "retreat") and a.attackers):
            attack.update(width=a.width, leaders=list(a.leaders), ir=a.ir)
        if a.counter:
            attack["counter"] = list(a.counter)
        if a.retreating:
            attack["retreating"] = list(a.retreating)
            if a.step == "retreat":  # 12: the losses the retreating player places (public: faces are shown)
                groups = attack_rules.loss_groups(ctx, a)
                attack["retreat_losses"] = {g: [n, [b.id for b in us]] for g, (n, us) in groups.items()}
    evs: tuple[dict[str, Any], ...] = ()
    if events:
        evs = tuple(e.visible(role) for e in ctx.events)
    return View(
        role=role,
        scenario=st.scenario,
        round=st.round,
        label=r.label,
        night=r.night,
        side=st.side,
        step=str(step_of(st)),
        active=tuple(active),
        morale={s: st.morale[s] for s in SIDES},
        blocks=tuple(blocks),
        commanders=tuple(commanders),
        attack=attack,
        reinforced=st.reinforced,
        battery=st.battery,
        winner=st.winner,
        reason=st.reason or None,
        events=evs,
    )
