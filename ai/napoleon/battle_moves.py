"""Combat moves of a battle turn (8.1, 8.2): reserve blocks into own columns the enemy has engaged, the
weakest enemy column engaged (cavalry for the charge), thin columns thickened. Never empties an own column
(that would rout the side, 7.5)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.napoleon import BlockView

from .battle_board import FACING, LINE, Board, Choice, my_blocks
from .knowledge import LEADERS, Situation

ENGAGE_RATIO = 1.0  # engage an enemy column when the blocks crossing are at least this strong
MIN_ENGAGE_CV = 2  # blocks with 1 cv do not engage (8.6: engaged 1-cv blocks check morale)


@dataclass
class _Moving:
    """What the three kinds of combat move weigh: the board, the moves offered by block and destination,
    the side's own blocks and its leaders (never moved by these plans)."""

    board: Board
    avail: dict[str, dict[str, Choice]]
    mine: dict[str, BlockView]
    leaders: set[str]

    def holders(self, col: str) -> list[BlockView]:
        return self.board.at(self.board.me, col, self.board.me)

    def cv(self, bs: list[BlockView]) -> float:
        return self.board.cv(bs)


def plan_move(board: Board, moves: list[Choice], sit: Situation) -> Choice | None:
    """Combat moves: (a) reserve blocks into own columns the enemy has engaged, (b) engage the weakest
    enemy column with cavalry (for the charge) and spare infantry, (c) thin columns get reserve infantry.
    Never empties an own column (that would rout the side, 7.5)."""
    avail: dict[str, dict[str, Choice]] = {}
    for c in moves:
        if c.unit:
            avail.setdefault(c.unit, {})[c.to] = c
    m = _Moving(
        board,
        avail,
        {b.id: b for b in my_blocks(board, sit.armies) if b.id},
        {LEADERS[a] for a in sit.armies},
    )
    return _defend(m) or _engage(m) or _thicken(m)


def _defend(m: _Moving) -> Choice | None:
    """(a) Defend engaged own columns: reserve infantry and cavalry move in (cavalry charges next turn)."""
    board, mine = m.board, m.mine
    threatened = []
    for col in LINE:
        if board.engaged(board.me, col):
            ratio = m.cv(board.at(board.me, col, board.foe)) / max(1.0, m.cv(m.holders(col)))
            threatened.append((ratio, col))
    threatened.sort(reverse=True)
    for ratio, col in threatened:
        if ratio < (0.3 if len(m.holders(col)) <= 1 else 0.6):
            continue
        for uid, opts in sorted(
            m.avail.items(), key=lambda kv: -(mine[kv[0]].cv or 0) if kv[0] in mine else 0
        ):
            if uid in m.leaders or uid not in mine or board.pos.get(uid, ("", ""))[1] != "reserve":
                continue
            if mine[uid].type == "artillery" or (mine[uid].cv or 0) < MIN_ENGAGE_CV:
                continue
            if col in opts:
                return opts[col]
    return None


def _engage(m: _Moving) -> Choice | None:
    """(b) Engage: the lane whose enemy column is weakest and not yet engaged by the enemy."""
    board, me, foe = m.board, m.board.me, m.board.foe
    lanes = []
    for col in LINE:
        enemy_col = FACING[col]
        if board.engaged(me, col):
            continue  # an engaged block cannot cross; our column is the battleground here
        enemy_hold = board.at(foe, enemy_col, foe)
        if not enemy_hold:
            continue
        lanes.append((m.cv(enemy_hold) - 0.5 * m.cv(board.at(foe, enemy_col, me)), col))
    lanes.sort()
    for _enemy_cv, col in lanes:
        enemy_col = FACING[col]
        enemy_cv = m.cv(board.at(foe, enemy_col, foe))
        already = m.cv(board.at(foe, enemy_col, me))
        across = "across-" + col
        cand = _crossers(m, col, across)
        step_to_col = _cavalry_to(m, col)
        force = sum(p for p, _ in cand) / 1.0
        cross_cv = sum((m.mine[u].cv or 0) for _, u in cand) + sum(c for c, _ in step_to_col)
        if cross_cv + already >= ENGAGE_RATIO * enemy_cv and (cand or step_to_col) and force >= 0:
            if cand:
                cand.sort(reverse=True)
                return m.avail[cand[0][1]][across]
            step_to_col.sort(reverse=True)
            return m.avail[step_to_col[0][1]][col]
    return None


def _crossers(m: _Moving, col: str, across: str) -> list[tuple[float, str]]:
    """Who may cross from our column ``col``: its blocks but one holder (the weakest or the artillery),
    cavalry first."""
    cand: list[tuple[float, str]] = []
    keep = _keeper(m.holders(col))
    for uid, opts in m.avail.items():
        if uid not in m.mine or uid in m.leaders or across not in opts:
            continue
        b = m.mine[uid]
        if (b.cv or 0) < MIN_ENGAGE_CV or b.in_square:
            continue
        spot = m.board.pos.get(uid)
        if spot == (m.board.me, col) and keep is not None and uid == keep.id:
            continue
        pri = (3.0 if b.type == "cavalry" else 1.0) * (b.cv or 0)
        cand.append((pri, uid))
    return cand


def _cavalry_to(m: _Moving, col: str) -> list[tuple[float, str]]:
    """Cavalry elsewhere (the reserve, or a column it does not hold alone): a first step to ``col``, to
    cross with its second move next order."""
    step_to_col: list[tuple[float, str]] = []
    for uid, opts in m.avail.items():
        if uid not in m.mine or uid in m.leaders:
            continue
        b = m.mine[uid]
        if b.type != "cavalry" or (b.cv or 0) < MIN_ENGAGE_CV or col not in opts:
            continue
        spot = m.board.pos.get(uid)
        if spot is None or spot[0] != m.board.me:
            continue
        if spot[1] != "reserve" and len(m.holders(spot[1])) <= 1:
            continue
        step_to_col.append(((b.cv or 0), uid))
    return step_to_col


def _thicken(m: _Moving) -> Choice | None:
    """(c) Reserve blocks to the thinnest columns (so an unlucky hit cannot empty one and rout the side)."""
    thin = sorted(LINE, key=lambda c: (len(m.holders(c)), m.cv(m.holders(c))))
    for col in thin:
        if len(m.holders(col)) >= 2 and m.cv(m.holders(col)) > 3:
            break
        pool = [
            (0 if m.mine[uid].type in ("infantry", "artillery") else 1, -(m.mine[uid].cv or 0), uid)
            for uid in m.avail
            if uid in m.mine and uid not in m.leaders and m.board.pos.get(uid, ("", ""))[1] == "reserve"
        ]
        for _k, _cv, uid in sorted(pool):
            if col in m.avail[uid]:
                return m.avail[uid][col]
    return None


def _keeper(hold: list[BlockView]) -> BlockView | None:
    """The block that stays to hold a column when others cross: artillery first (it cannot engage in
    [3.4] and fires at long range), else the weakest infantry, else the weakest block."""
    if not hold:
        return None
    return min(
        hold,
        key=lambda b: (
            {"artillery": 0, "infantry": 1, "leader": 2, "cavalry": 3}.get(b.type or "", 4),
            b.cv or 0,
            b.id or "",
        ),
    )
