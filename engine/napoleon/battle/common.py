"""What every battle rule file uses (no rule of its own): the board of a battle, its blocks and whose they
are, the names of units and towns in orders, rejections (``err``), dice rolls (public), the public or
secret naming of a block in events, and the road limits a battle turn (7.2, 9.1, 7.6)."""

from __future__ import annotations

import re
from typing import Any

from data.napoleon import Road

from ...errors import RuleError
from ...messages import rule_error
from ..board import Board
from ..context import Ctx
from ..faces import face_public
from ..state import SIDE_OF, Battle, Unit, armies_of


def board_of(ctx: Ctx, b: Battle) -> Board:
    """The board of ``b``: its positions (the battle's own dict) and the side of each block in it. A block's
    side never changes (its army's), so the sides are kept with the battle (outside its fields: never in a
    snapshot or a copy) until other blocks stand in it."""
    pos = b.pos
    sides: dict[str, str] | None = b.__dict__.get("_sides")
    if sides is None or sides.keys() != pos.keys():
        units = ctx.st.units
        sides = {uid: SIDE_OF[units[uid].army] for uid in pos}
        b.__dict__["_sides"] = sides  # never changed once made: a board made before keeps its own
    return Board(pos, sides)


def units_in(ctx: Ctx, b: Battle, side: str | None = None) -> list[Unit]:
    return [ctx.st.units[uid] for uid in b.pos if side is None or ctx.st.units[uid].side == side]


def owned(u: Unit, role: str) -> bool:
    return u.army in armies_of(role)


def nat(uid: str) -> tuple[str, int, str]:
    m = re.match(r"([A-Za-z]+)-?(\d*)", uid)
    return (m.group(1), int(m.group(2)) if m and m.group(2) else 0, uid) if m else (uid, 0, uid)


def err(rule: str, key: str, /, **params: Any) -> RuleError:
    """A rejected order: message ``key`` of ``engine.messages`` (``battle.*``) with ``params``."""
    return rule_error(rule, key, **params)


def roll(
    ctx: Ctx,
    n: int,
    why: str,
    public: dict[str, Any],
    secret: dict[str, Any] | None = None,
    to: tuple[str, ...] = (),
) -> list[int]:
    """Every die roll is public (trusted dice); a hidden block's identity goes only to its owners."""
    dice = ctx.st.dice.rolls(n)
    ctx.emit("dice", {"why": why, "dice": dice, **public}, secret=secret, to=to)
    return dice


def road_between(ctx: Ctx, a: str, b: str) -> Road:
    road = ctx.sc.road(a, b)
    if road is None:
        raise err("9.0", "battle.no_road", town=b, battle=a)
    return road


def match_town(ctx: Ctx, text: str) -> str:
    return ctx.match_town(text)


def match_unit(ctx: Ctx, text: str) -> str:
    t = text.strip()
    if t.upper() in ctx.st.units:
        return t.upper()
    return ctx.match_unit(t)


def unit_ids(ctx: Ctx, names: tuple[str, ...]) -> list[str]:
    """The units a battle order names (its syntax read by ``orders.py``), each once."""
    ids = [match_unit(ctx, t) for t in names]
    if len(set(ids)) != len(ids):
        raise err("", "battle.unit_twice")
    return ids


def side_roles(ctx: Ctx, side: str) -> list[str]:
    return list(ctx.roles_of_side(side))


def named(ctx: Ctx, b: Battle, u: Unit) -> tuple[dict[str, Any], dict[str, Any] | None, tuple[str, ...]]:
    """The public and secret parts naming a block: its id in public when its face is public."""
    if face_public(ctx, b, u):
        return {"unit": u.id, "army": u.army}, None, ()
    return {"army": u.army}, {"unit": u.id}, ctx.roles_of_army(u.army)


ROAD_LIMIT = {"major": 2, "minor": 1}  # 7.2, 9.1, 7.6 (FAQ 4, 8.3): per road, per battle turn
