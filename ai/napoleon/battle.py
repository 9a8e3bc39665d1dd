"""Battle decisions of the heuristic player (6.2-9.2): deployment, battle turns, regroup (the board as it
reads it in ``battle_board``, the combat moves in ``battle_moves``).

Everything is read from the role's view of the battle (``BattleView``): its own blocks with their faces,
the enemy's line blocks once revealed (6.2), and only a count of the enemy's reserve. The legal choices are
complete for battle turns and regroups, so a battle-turn order is always one of them; a deployment is built
by the player (the choices are only examples) and is valid by construction.
"""

from __future__ import annotations

from engine import Order
from engine.napoleon import BattleView, BlockView
from engine.napoleon.orders import Deploy, Fire, Regroup

from .battle_board import FACING, LINE, Board, Choice, my_blocks, parse_choices, read_board
from .battle_moves import plan_move
from .knowledge import MapInfo, Situation

__all__ = ["Choice", "choose_regroup", "choose_turn", "deploy_order", "parse_choices"]

RETREAT_RATIO = 2.5  # retreat what can leave safely when the enemy is this many times stronger


# --- deployment (6.2) ---------------------------------------------------------------------------------------


def deploy_order(sit: Situation, bv: BattleView, legal_deploys: list[Deploy], battle: str | None) -> Deploy:
    """Strongest infantry and the artillery in the line, spread so each column has about the same strength;
    cavalry and the weakest blocks in the Reserve to engage later (the charge), the leader in the Reserve
    where it cannot be hit. Fewer than 3 combat blocks: an engine-validated example."""
    board = read_board(sit, bv)
    mine = my_blocks(board, sit.armies)
    combat = [b for b in mine if b.type != "leader"]
    leaders = [b for b in mine if b.type == "leader"]
    if len(combat) < 3:
        return legal_deploys[0]
    n = len(combat)
    line_n = max(3, min(n, round(n * 0.65)))
    arts = sorted([b for b in combat if b.type == "artillery"], key=lambda b: -(b.cv or 0))
    infs = sorted([b for b in combat if b.type == "infantry"], key=lambda b: -(b.cv or 0))
    cavs = sorted([b for b in combat if b.type == "cavalry"], key=lambda b: -(b.cv or 0))
    line: list[BlockView] = []
    line += arts[:3]
    rest_art = arts[3:]
    for b in infs:
        if (len(line) < line_n and (b.cv or 0) >= 2) or len(line) < 3:
            line.append(b)
    for b in cavs:
        if len(line) >= 3:
            break
        line.append(b)
    for b in infs + rest_art:
        if len(line) >= 3:
            break
        if b not in line:
            line.append(b)
    cols: dict[str, list[BlockView]] = {c: [] for c in LINE}
    strength = {c: 0.0 for c in LINE}
    # artillery first, one per column; then the rest, each to the weakest column (centre first on ties)
    order = ["center", "left", "right"]
    placed = 0
    for b in line:
        if b.type == "artillery" and placed < 3:
            c = order[placed]
            placed += 1
        else:
            c = min(order, key=lambda c: (len(cols[c]) > 0, strength[c], order.index(c)))
        cols[c].append(b)
        strength[c] += b.cv or 0
    reserve = [b for b in combat if b not in line] + leaders

    def ids(bs: list[BlockView]) -> tuple[str, ...]:
        return tuple(b.id for b in bs if b.id)  # own blocks: ids known

    return Deploy(ids(cols["left"]), ids(cols["center"]), ids(cols["right"]), ids(reserve), battle)


# --- battle turns -------------------------------------------------------------------------------------------


def choose_turn(
    sit: Situation, bv: BattleView, choices: list[Choice], locked: set[str], mi: MapInfo
) -> Order:
    """One order of the role's battle turn: retreat when outgunned, squares against engaged cavalry, fire
    with every block that may, engage the weakest enemy column (cavalry for the charge), feed the reserve
    into threatened columns, reinforce from adjacent towns, then /end."""
    board = read_board(sit, bv)
    by: dict[str, list[Choice]] = {}
    for c in choices:
        by.setdefault(c.name, []).append(c)
    end = by.get("end", [choices[-1]])[0].order
    outgunned = board.total(board.foe) > RETREAT_RATIO * max(board.total(board.me), 1.0)

    # 1. Retreat phase: when hopelessly outgunned, take out what can leave without loss.
    if outgunned and by.get("retreat"):
        leave = _retreat(board, by["retreat"], sit, mi)
        if leave is not None:
            return leave.order
    # 2. Squares against engaged enemy cavalry; break squares no longer needed.
    square = _square(board, by)
    if square is not None:
        return square.order
    # 3. Fire with every block that may: the best shot first (a charge, then the strongest dice).
    fires = by.get("fire", [])
    if fires:
        best_fire = _best_fire(board, fires, sit)
        if best_fire is not None:
            return best_fire.order
    # 4. Combat moves.
    moves = by.get("battle-move", [])
    if moves:
        mv = plan_move(board, moves, sit)
        if mv is not None:
            return mv.order
    # 5. Reinforcements (9.0), unless the units guard something or the battle is being given up.
    if not outgunned:
        for c in by.get("reinforce", []):
            if c.unit not in locked:
                return c.order
    return end


def _retreat(board: Board, retreats: list[Choice], sit: Situation, mi: MapInfo) -> Choice | None:
    """The retreat of the first block that can leave without loss (the Reserve and spare unengaged line
    blocks; the line holds until it routs), to its best town; None if none can."""
    for c in retreats:
        if c.forced:
            continue
        uid = c.unit
        if uid is None or uid not in board.pos:
            continue
        side, col = board.pos[uid]
        if side != board.me:
            continue
        if col == "reserve" or (not board.engaged(side, col) and len(board.at(side, col, board.me)) > 1):
            same = [x for x in retreats if x.unit == uid and not x.forced]
            return _best_retreat(sit, mi, same)
    return None


def _square(board: Board, by: dict[str, list[Choice]]) -> Choice | None:
    """A square where enemy cavalry engages and outweighs the enemy foot; else a square broken where the
    enemy has no cavalry left (8.5)."""
    for c in by.get("square", []):
        uid = c.unit
        if uid in board.pos:
            side, col = board.pos[uid]
            foes = board.at(side, col, board.foe)
            cav = sum(board.sit.block_cv(b) for b in foes if b.type == "cavalry")
            inf = sum(board.sit.block_cv(b) for b in foes if b.type in ("infantry", "artillery"))
            if cav >= 2 and cav > inf:
                return c
    for c in by.get("unsquare", []):
        uid = c.unit
        if uid in board.pos:
            side, col = board.pos[uid]
            foes = board.at(side, col, board.foe)
            if foes and not any(b.type == "cavalry" for b in foes):
                return c
    return None


def _best_retreat(sit: Situation, mi: MapInfo, cands: list[Choice]) -> Choice:
    def score(c: Choice) -> tuple[float, str]:
        t = c.to
        friends = sit.my_cv(t)
        danger = sum(sit.enemy_cv(n) for n in mi.adj.get(t, ()))
        return (-friends + 0.5 * danger, t)

    return min(cands, key=score)


def _best_fire(board: Board, fires: list[Choice], sit: Situation) -> Choice | None:
    """The fire order with the most expected hits (cv dice at the fire class's odds, 8.3), a little more for
    a shot at a spot with few enemy blocks left (emptying a column routs the enemy, 7.5). With squares and
    blocks in line on the target, each block fires at the formation it hits best (8.5, FAQ 6)."""
    best = None
    best_score = -1.0
    mine = {b.id: b for b in my_blocks(board, sit.armies)}
    for c in sorted(fires, key=lambda c: c.order.text()):
        b = mine.get(c.unit or "")
        if b is None:
            continue
        target = c.order.target if isinstance(c.order, Fire) else None
        if b.type == "cavalry":
            klass = 1.0 if target == "square" else 2.5  # double, or triple on its charge
        elif b.type == "artillery":
            klass = 2.0 if target == "square" else 1.3  # single, double at a square or close up just engaged
        else:
            klass = 2.0 if (target == "square" and not b.in_square) else 1.0
        spot = board.pos.get(b.id or "")
        if spot is None:
            continue
        if not board.engaged(*spot):  # artillery at long range: the enemy column it faces
            spot = (board.foe if spot[0] == board.me else board.me, FACING[spot[1]])
        foes = board.at(spot[0], spot[1], board.foe)
        score = (b.cv or 0) * klass * (1.0 + 1.0 / max(1.0, board.cv(foes)))
        if score > best_score:
            best, best_score = c, score
    return best


def choose_regroup(
    sit: Situation, bv: BattleView, choices: list[Choice], locked: set[str], want_in: bool
) -> Order:
    """7.6: bring units in to a town worth holding, otherwise stay as we are."""
    end = next((c.order for c in choices if c.name == "end"), choices[-1].order)
    if want_in:
        for c in choices:
            if isinstance(c.order, Regroup) and c.order.source is not None and c.unit not in locked:
                return c.order
    return end
