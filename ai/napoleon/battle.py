"""Battle decisions of the heuristic player (6.2-9.2): deployment, battle turns, regroup.

Everything is read from the role's view of the battle (``BattleView``): its own blocks with their faces,
the enemy's line blocks once revealed (6.2), and only a count of the enemy's reserve. The legal choices are
complete for battle turns and regroups, so a battle-turn order is always one of them; a deployment is built
by the player (the choices are only examples) and is valid by construction.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Order
from engine.napoleon import BattleView, BlockView
from engine.napoleon.orders import Deploy, Fire, Regroup, Reinforce, Retreat

from .knowledge import LEADERS, SIDE_OF, MapInfo, Situation

LINE = ("left", "center", "right")
FACING = {"left": "right", "center": "center", "right": "left"}

RETREAT_RATIO = 2.5  # retreat what can leave safely when the enemy is this many times stronger
ENGAGE_RATIO = 1.0  # engage an enemy column when the blocks crossing are at least this strong
MIN_ENGAGE_CV = 2  # blocks with 1 cv do not engage (8.6: engaged 1-cv blocks check morale)


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
        mv = _plan_move(board, moves, sit)
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


def _plan_move(board: Board, moves: list[Choice], sit: Situation) -> Choice | None:
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
