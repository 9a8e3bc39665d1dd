"""A battle as a bot player reads it (6.2-9.2): the legal battle orders with what the player reads of them
(``Choice``), and the blocks on each spot of the battle (``Board``), from the role's view of the battle
(``BattleView``): its own blocks with their faces, the enemy's line blocks once revealed (6.2), and only a
count of the enemy's reserve."""

from __future__ import annotations

from dataclasses import dataclass

from engine import Order
from engine.napoleon import BattleView, BlockView
from engine.napoleon.orders import Regroup, Reinforce, Retreat

from .knowledge import SIDE_OF, Situation

LINE = ("left", "center", "right")
FACING = {"left": "right", "center": "center", "right": "left"}


@dataclass
class Choice:
    """A legal battle order (engine/napoleon/orders.py) and what the player reads of it."""

    order: Order

    @property
    def name(self) -> str:
        return self.order.kind

    @property
    def battle(self) -> str | None:
        return getattr(self.order, "battle", None)

    @property
    def unit(self) -> str | None:
        """The (first) block it orders."""
        o = self.order
        units = o.units if isinstance(o, (Retreat, Reinforce, Regroup)) else getattr(o, "unit", None)
        if isinstance(units, str):
            return units
        return units[0] if units else None

    @property
    def to(self) -> str:
        """Where it goes: a battle position (8.1), a town (7.0, 7.6); "" if nowhere."""
        return getattr(self.order, "to", None) or ""

    @property
    def forced(self) -> bool:
        return bool(getattr(self.order, "forced", False))


def parse_choices(choices: tuple[Order, ...]) -> list[Choice]:
    return [Choice(c) for c in choices]


@dataclass
class Board:
    """One battle seen by one role: ``me`` / ``foe`` sides, blocks on each spot."""

    town: str
    me: str
    foe: str
    spots: dict[tuple[str, str], list[BlockView]]  # (side, column) -> blocks standing there
    pos: dict[str, tuple[str, str]]  # own (and revealed) unit id -> spot
    sit: Situation

    def at(self, side: str, col: str, owner: str | None = None) -> list[BlockView]:
        bs = self.spots.get((side, col), [])
        return [b for b in bs if owner is None or SIDE_OF[b.army] == owner]

    def cv(self, blocks: list[BlockView]) -> float:
        return sum(0.0 if b.type == "leader" else self.sit.block_cv(b) for b in blocks)

    def engaged(self, side: str, col: str) -> bool:
        return col != "reserve" and bool(self.at(side, col, self.me)) and bool(self.at(side, col, self.foe))

    def total(self, owner: str) -> float:
        """All of a side's strength in the battle; hidden enemy reserve blocks at their estimated cv."""
        s = sum(self.cv(self.at(sd, c, owner)) for sd in (self.me, self.foe) for c in LINE)
        return s + self.cv(self.at(owner, "reserve", owner))


def read_board(sit: Situation, bv: BattleView) -> Board:
    me = sit.side
    foe = "allied" if me == "french" else "french"
    spots: dict[tuple[str, str], list[BlockView]] = {}
    pos: dict[str, tuple[str, str]] = {}
    for s in bv.sides:
        for col in (*LINE, "reserve"):
            bs = list(getattr(s, col))
            spots[(s.side, col)] = bs
            for b in bs:
                if b.id:
                    pos[b.id] = (s.side, col)
    return Board(bv.town, me, foe, spots, pos, sit)


def my_blocks(board: Board, armies: tuple[str, ...]) -> list[BlockView]:
    return [b for bs in board.spots.values() for b in bs if b.army in armies and b.known]
