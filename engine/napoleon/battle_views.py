"""What each role may see of a battle (only ``view(role)`` lets it out; rulings 6.2, 8.5).

- Until both sides have deployed, a side's deployment is seen only by the role that made it (6.2).
- Then the blocks in the three line columns are revealed to everyone (type and current cv); reserves stay
  hidden from everyone but their owner (in a 3-player game from the ally too: product decision 8).
- [3rd] 8.5: a square is stood up, so its face is hidden again; [3.4] 8.5: a square is stood so that both
  players see its label (a change of the edition).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .battle import must_deploy
from .board import LINE, RESERVE, split
from .context import Ctx
from .faces import BlockView, face, face_public
from .state import Battle, BattleStatus, armies_of


@dataclass(frozen=True, slots=True)
class BattleSideView:
    side: str
    left: tuple[
        BlockView, ...
    ]  # the blocks standing in this side's Left (its own and enemy ones that crossed)
    center: tuple[BlockView, ...]
    right: tuple[BlockView, ...]
    reserve: tuple[BlockView, ...]  # faces for the owner; hidden blocks (known=False) for everyone else
    reserve_count: int
    deployed: bool  # this side has finished its deployment (6.2)
    leader: str | None  # the side's leader in the line, if any (10.2)

    def to_dict(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "left": [x.to_dict() for x in self.left],
            "center": [x.to_dict() for x in self.center],
            "right": [x.to_dict() for x in self.right],
            "reserve": [x.to_dict() for x in self.reserve],
            "reserve_count": self.reserve_count,
            "deployed": self.deployed,
            "leader": self.leader,
        }


@dataclass(frozen=True, slots=True)
class BattleView:
    town: str
    attacker: str
    defender: str
    status: str  # "deploy" | "fighting" | "regroup" | "over"
    battle_turn: int
    turn_side: str | None  # whose battle turn
    phase: str  # "retreat" | "combat" | "reinforce" ("" outside a battle turn)
    sides: tuple[BattleSideView, ...]  # attacker first
    last_fire: dict[str, Any] | None
    victor: str | None
    must_deploy: tuple[str, ...] = ()
    idle_rounds: int = 0
    regroup_kind: str | None = None

    def side(self, side: str) -> BattleSideView:
        return next(s for s in self.sides if s.side == side)

    def to_dict(self) -> dict[str, Any]:
        return {
            "town": self.town,
            "attacker": self.attacker,
            "defender": self.defender,
            "status": self.status,
            "battle_turn": self.battle_turn,
            "turn_side": self.turn_side,
            "phase": self.phase,
            "sides": [s.to_dict() for s in self.sides],
            "last_fire": dict(self.last_fire) if self.last_fire else None,
            "victor": self.victor,
            "must_deploy": list(self.must_deploy),
            "idle_rounds": self.idle_rounds,
            "regroup_kind": self.regroup_kind,
        }


def battle_view(ctx: Ctx, b: Battle, role: str) -> BattleView:
    mine = set(armies_of(role))
    units = {uid: ctx.st.units[uid] for uid in b.pos}
    sides = []
    for side in (b.attacker, b.defender):
        cols: dict[str, list[BlockView]] = {c: [] for c in LINE}
        reserve: list[BlockView] = []
        hidden = 0
        side_roles = [r for r in ctx.roles_of_side(side)]
        deployed = b.status != BattleStatus.DEPLOY or all(
            r in b.deployed or not any(u.army in armies_of(r) and u.side == side for u in units.values())
            for r in side_roles
        )
        leader = None
        for uid in sorted(units, key=_order):
            u = units[uid]
            s_side, col = split(b.pos[uid])
            if s_side != side:
                continue
            own = u.army in mine
            if b.status == BattleStatus.DEPLOY:
                # 6.2: secret until both sides have deployed; the owner sees its own placements
                placed = any(uid in ids for r in b.deployed if r == role for ids in b.deployed[r].values())
                if own and placed and col != RESERVE and u.side == side:
                    cols[col].append(face(ctx, u, True))
                elif own:
                    reserve.append(face(ctx, u, True))
                else:
                    reserve.append(face(ctx, u, False))
                    hidden += 1
                continue
            if col == RESERVE:
                reserve.append(face(ctx, u, own))
                hidden += 0 if own else 1
                continue
            cols[col].append(face(ctx, u, own or face_public(ctx, b, u)))
            if u.leader and u.side == side:
                leader = uid
        sides.append(
            BattleSideView(
                side,
                tuple(cols["left"]),
                tuple(cols["center"]),
                tuple(cols["right"]),
                tuple(reserve),
                len(reserve),
                deployed,
                leader,
            )
        )
    return BattleView(
        b.town,
        b.attacker,
        b.defender,
        b.status,
        b.battle_turn,
        b.turn_side,
        b.phase,
        tuple(sides),
        dict(b.last_fire) if b.last_fire else None,
        b.victor,
        tuple(must_deploy(ctx, b)),
        b.idle_rounds,
        b.regroup_kind,
    )


def _order(uid: str) -> tuple[str, int, str]:
    head, _, num = uid.partition("-")
    return (head, int(num) if num.isdigit() else 0, uid)
