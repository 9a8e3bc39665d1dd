"""The battle board (6.2, 8.1): positions, facing and "engaged" — the whole geometry, in one place.

The board (rulings 6.2, docs/rulings.md "Battles")::

        defender:  Right    Center    Left          <- the defender's three line columns
                  ----------------------------      <- the centre line ([3.4] 8.1)
        attacker:  Left     Center    Right         <- the attacker's three line columns
                  (each side also has a Reserve behind its line)

- A *spot* is one side's column: ``"french:left"``, ``"allied:reserve"``. Every block in a battle stands on
  exactly one spot. A block that engaged across the centre line stands on an *enemy* spot.
- Facing: a side's Left faces the enemy's Right, Center faces Center, Right faces Left (6.2 diagram, 8.1
  example). A side's column and the enemy column facing it form a *lane*; there are three lanes.
- A spot is *engaged* when blocks of both sides stand on it ([3rd] translator's note: "enemy and own troops
  in the same position"). A block is engaged when its spot is engaged. A Reserve is never engaged: no one may
  enter the enemy's Reserve.
- A side's line column is *held* only by that side's blocks standing on its own spot: a block that crossed
  into the enemy column no longer holds its own column (8.1 example: "if D were not there, any move by C
  would empty the Centre and cause a rout"). An empty own line column routs the side (7.5).
- Names used in orders are relative to the mover's side (docs/guide.md, the board): ``reserve``, ``left``,
  ``center``, ``right`` are its own spots; ``across-left`` is the enemy spot facing its own Left (the enemy's
  Right), and so on.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..messages import EN

LINE = ("left", "center", "right")
RESERVE = "reserve"
COLUMNS = (*LINE, RESERVE)
FACING = {"left": "right", "center": "center", "right": "left"}  # 6.2: Left faces the enemy's Right
RELATIVE = (RESERVE, *LINE, "across-left", "across-center", "across-right")


def spot(side: str, column: str) -> str:
    return f"{side}:{column}"


def split(s: str) -> tuple[str, str]:
    side, _, column = s.partition(":")
    return side, column


def other(side: str) -> str:
    return "allied" if side == "french" else "french"


def to_spot(name: str, mover_side: str) -> str:
    """A relative position name (``across-left``) as a spot, seen from ``mover_side``."""
    if name in COLUMNS:
        return spot(mover_side, name)
    if name.startswith("across-") and name[7:] in LINE:
        return spot(other(mover_side), FACING[name[7:]])
    raise ValueError(name)


def relative(s: str, viewer_side: str) -> str:
    """A spot named from ``viewer_side`` (the inverse of ``to_spot``)."""
    side, column = split(s)
    if side == viewer_side:
        return column
    return "across-" + FACING[column]


def facing_spot(s: str) -> str:
    """The enemy spot a line spot faces (long-range artillery fires at it, 8.3)."""
    side, column = split(s)
    return spot(other(side), FACING[column])


def lane(s: str) -> str:
    """The lane of a line spot, named by the attacker-independent pair: the French column's name."""
    side, column = split(s)
    return column if side == "french" else FACING[column]


class Board:
    """A read-only look at the blocks of one battle: ``pos`` maps unit id -> spot, ``side_of`` unit id ->
    side. All geometric questions of 8.1-8.6 are answered here."""

    __slots__ = ("pos", "side_of")

    def __init__(self, pos: Mapping[str, str], side_of: Mapping[str, str]) -> None:
        self.pos = pos
        self.side_of = side_of

    def at(self, s: str, side: str | None = None) -> list[str]:
        return [u for u, p in self.pos.items() if p == s and (side is None or self.side_of[u] == side)]

    def engaged(self, s: str) -> bool:
        """8.1: a spot holding blocks of both sides."""
        sides = {self.side_of[u] for u, p in self.pos.items() if p == s}
        return len(sides) == 2

    def unit_engaged(self, uid: str) -> bool:
        return self.engaged(self.pos[uid])

    def holds(self, side: str, column: str) -> list[str]:
        """The blocks holding ``side``'s own column (crossed blocks do not hold their column)."""
        return self.at(spot(side, column), side)

    def empty_columns(self, side: str) -> list[str]:
        """7.5: the side's line columns left with no friendly block."""
        return [c for c in LINE if not self.holds(side, c)]

    def in_lane(self, uid: str, s: str) -> bool:
        """10.2 / FAQ 11: the same lane (own column or the enemy column facing it); Reserves: none."""
        p = self.pos[uid]
        if split(p)[1] == RESERVE or split(s)[1] == RESERVE:
            return False
        return lane(p) == lane(s)

    def enemies_at(self, s: str, side: str) -> list[str]:
        return self.at(s, other(side))


class MoveRefused(ValueError):
    """No combat move goes there: ``key`` names the reason in ``engine.messages`` (``board.*``)."""

    def __init__(self, key: str) -> None:
        super().__init__(EN[key])
        self.key = key


def classify(board: Board, uid: str, dest: str) -> str:
    """8.1: the kind of a combat move of ``uid`` to spot ``dest``: ``engage``, ``disengage`` or ``redeploy``.
    Raises MoveRefused (a ValueError) with the reason (in the game's words) when no combat move goes there."""
    side = board.side_of[uid]
    src = board.pos[uid]
    if dest == src:
        raise MoveRefused("board.already_there")
    s_side, s_col = split(src)
    d_side, d_col = split(dest)
    if d_side != side and d_col == RESERVE:
        raise MoveRefused("board.enemy_reserve")
    src_engaged = board.engaged(src)
    if s_side == side and s_col == RESERVE:
        if d_side != side:
            raise MoveRefused("board.reserve_first")
        return "engage" if board.engaged(dest) else "redeploy"  # 8.1: Reserve -> an engaged friendly column
    if s_side == side:  # in its own line column
        if d_side == side and d_col == RESERVE:
            return "disengage" if src_engaged else "redeploy"
        if d_side == side:
            if src_engaged:
                raise MoveRefused("board.engaged_to_reserve")
            if board.engaged(dest):
                raise MoveRefused("board.sideways_engage")
            return "redeploy"
        if dest != facing_spot(src):
            raise MoveRefused("board.cross_facing")
        if src_engaged:
            raise MoveRefused("board.disengage_engage")
        return "engage"
    # standing in the enemy column (it crossed the centre line): it may only go back the way it came
    back = facing_spot(src)
    if dest != back:
        raise MoveRefused("board.back_only")
    if board.engaged(back):
        raise MoveRefused("board.own_engaged")
    return "disengage"
