"""Battles (6.0-10.2).

PLACEHOLDER until issue 2/5: a battle is created with everything it needs (attackers, defenders, the path
each attacker used, the towns passed through) and then settled at once: each side rolls one die and adds
its total cv; the lower total routs (7.5). Rules 6.2-10.2 replace this.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, fields
from typing import Any

from .context import Ctx
from .rout import rout
from .state import Attack, other_side


@dataclass
class Battle:
    town: str
    attacker: str  # side whose campaign turn it is
    defender: str
    entries: dict[str, list[str]] = field(default_factory=dict)  # attacking unit -> path it took (7.1)
    passed: list[str] = field(default_factory=list)  # towns the attackers passed through, start included
    origins: list[str] = field(default_factory=list)
    reinforced_from: list[str] = field(default_factory=list)  # 7.1: towns attacker reinforcements came from
    status: str = "over"
    victor: str | None = None

    @property
    def over(self) -> bool:
        return self.status == "over"

    def clone(self) -> Battle:
        return copy.deepcopy(self)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: copy.deepcopy(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Battle:
        return cls(**d)


def start_battle(ctx: Ctx, attack: Attack) -> Battle:
    """6.1 with 3+ defending units: a battle. PLACEHOLDER: settled at once (see module docstring)."""
    town = attack.town
    b = Battle(town=town, attacker=attack.side, defender=other_side(attack.side),
               entries={u: [] for u in attack.units}, passed=list(attack.passed), origins=list(attack.origins))
    ctx.st.battles.append(b)
    ctx.emit("battle", {"town": town, "attacker": b.attacker, "defender": b.defender, "placeholder": True})
    a_units = ctx.units_at(town, b.attacker)
    d_units = ctx.units_at(town, b.defender)
    a_score = sum(u.cv for u in a_units if not u.leader) + ctx.roll(1, "placeholder battle", side=b.attacker)[0]
    d_score = sum(u.cv for u in d_units if not u.leader) + ctx.roll(1, "placeholder battle", side=b.defender)[0]
    loser = b.defender if a_score > d_score else b.attacker
    b.victor = other_side(loser)
    losers = ctx.units_at(town, loser)
    winners = ctx.units_at(town, b.victor)
    cav = {u.id for u in losers if u.type == "cavalry"} if any(w.type == "cavalry" for w in winners) else set()
    rout(ctx, town, losers, side=loser, attacker=b.attacker, enemy=winners, cavalry_engaged=cav,
         passed=b.passed, cause="placeholder battle")
    ctx.emit("battle_over", {"town": town, "victor": b.victor, "placeholder": True})
    return b


def active_roles(ctx: Ctx) -> list[str]:
    return []


def legal_battle(ctx: Ctx, role: str) -> list[str]:
    return []


def apply_battle_order(ctx: Ctx, role: str, cmd) -> None:
    raise ctx.fail("6.0", "no battle is waiting for orders")


def battle_view(ctx: Ctx, b: Battle, role: str) -> dict[str, Any]:
    return {"town": b.town, "attacker": b.attacker, "defender": b.defender, "status": b.status,
            "victor": b.victor}
