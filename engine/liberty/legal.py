"""``legal(role)``: what a role may do now, as concrete orders (values of ``orders.py``, each saying the
order line it was before orders were values; for prompts, autocomplete, bot players). Moves are offered per
block and per group along one path (5.1), each checked by the same rules as the order."""

from __future__ import annotations

import functools
import marshal
import pickle
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from data.liberty import Liberty
from engine.errors import RuleError
from engine.gamebase import KeptByContent
from engine.orders import Order

from . import battle as battle_rules
from . import board, turns, winter
from . import orders as O
from .context import Ctx
from .sequence import ANY_TIME, ROWS, Phase
from .state import SIDES, Block, other


@dataclass(frozen=True)
class Legal:
    role: str
    phase: Phase
    active: bool
    prompt: str
    orders: tuple[str, ...] = ()
    choices: tuple[Order, ...] = ()
    attacks: tuple[Order, ...] = ()  # the choices that start or join a battle


Candidate = tuple[list[Block], Sequence[str], bool, bool, bool]  # (group, path, forced, by river, walked)


class _Ask:
    """One ask's view of ``side``'s moves: the state it reads (the occupancy frozen by ``legal``, where the
    enemy stands, the side's crossings of each hexside this turn, 5.2) and what it works out once for every
    place (the walks, kept from one ask to the next while the enemy stays put: ``_walks``)."""

    __slots__ = (
        "crossed",
        "ctx",
        "foe",
        "foes",
        "lands",
        "limits",
        "near",
        "occupied",
        "ships",
        "side",
        "walks",
    )

    def __init__(self, ctx: Ctx, side: str) -> None:
        self.ctx, self.side, self.foe = ctx, side, other(side)
        self.near = self.ships = False  # the last place's walks met the enemy (``_near``); it had warships
        self.occupied = ctx.occupied()
        self.foes = frozenset([p for p, sides in self.occupied.items() if self.foe in sides])
        self.walks = _walks(ctx, side, self.foes)  # one walk serves every like block, and every ask alike
        mine = side + "|"
        crossed: dict[tuple[str, str], int] = {}
        for k, n in ctx.st.hexsides.items():
            if k.startswith(mine):
                x, _, y = k[len(mine) :].partition("|")
                crossed[x, y] = crossed[y, x] = n
        self.crossed = crossed
        self.limits, self.lands = _hexsides(ctx.lib)


@functools.lru_cache(maxsize=4)
def _hexsides(lib: Liberty) -> tuple[dict[tuple[str, str], int], frozenset[tuple[str, str]]]:
    """Each hexside's limit (5.2) and the hexsides land blocks may cross (1.1), both ways round."""
    limits: dict[tuple[str, str], int] = {}
    lands: set[tuple[str, str]] = set()
    for c in lib.hexsides:
        limits[c.a, c.b] = limits[c.b, c.a] = c.limit
        if c.land:
            lands.update(((c.a, c.b), (c.b, c.a)))
    return limits, frozenset(lands)


def _groups(ctx: Ctx, side: str, only: str | None) -> dict[str, list[Block]]:
    """The side's blocks still to move, by place (``only``: in that place), each place's in id order."""
    groups: dict[str, list[Block]] = {}
    for b in ctx.st.at_side(side):
        if not b.moved and (only is None or b.at == only):
            groups.setdefault(b.at, []).append(b)
    return groups


def _moves(ctx: Ctx, side: str, only: str | None = None) -> tuple[list[Order], list[Order]]:
    """The moves of ``side``; with ``only``, the ``also:yes`` moves of the group in that hex (G7)."""
    choices: list[Order] = []
    attacks: list[Order] = []
    ask = _Ask(ctx, side)
    for origin, blocks in _groups(ctx, side, only).items():
        _place_moves(ask, origin, blocks, only is not None, choices, attacks, None)
    return choices, attacks


def _kept_moves(ctx: Ctx, side: str, only: str | None, kept: Kept) -> tuple[list[Order], list[Order]]:
    """``_moves``, the moves from each place that the asks before worked out served again where nothing they
    read has changed (``kept``): the same moves in the same order."""
    choices: list[Order] = []
    attacks: list[Order] = []
    also = only is not None
    ask = _Ask(ctx, side)
    now = _Now(ask)
    places, stamps, n = kept.ask(side)
    for origin, blocks in _groups(ctx, side, only).items():
        key = now.key(origin, blocks, also)
        found = places.get(key)
        place = next((p for p in found if now.fits(p, origin)), None) if found else None
        if place is None:
            place, seen = _Place(), set[str]()
            _place_moves(ask, origin, blocks, also, place.choices, place.attacks, seen)
            now.read(place, origin, frozenset(seen))
            places[key] = (place, *found[: _Place.KEEP - 1]) if found else (place,)
        stamps[key] = n
        choices += place.choices
        attacks += place.attacks
    kept.forget(side)
    return choices, attacks


def _place_moves(
    ask: _Ask,
    origin: str,
    blocks: list[Block],
    also: bool,
    choices: list[Order],
    attacks: list[Order],
    reads: set[str] | None,
) -> None:
    """The moves of the side's ``blocks`` still to move in ``origin``, added to ``choices`` (and those that
    attack to ``attacks``); ``reads``: where the places whose enemy blocks they read are noted."""
    ctx, side = ask.ctx, ask.side
    st = ctx.st
    foe, occupied = ask.foe, ask.occupied
    unpinned = origin not in st.pinned or side == st.p1  # 5.4 binds only P2's blocks in a pinned hex
    calm: tuple[object, ...] | None = None
    done = False
    if not ask.crossed and origin not in st.pinned:  # 5.2, 5.4: nothing of the turn narrows the walks
        calm = (id(ctx.lib), ctx.opts.indians_wilderness, side, origin, tuple([b.id for b in blocks]), also)
        found = _CALM_MOVES.get(calm)
        if found is not None and found[0] is ctx.lib and ask.foes.isdisjoint(found[1]):
            choices += found[2]
            if reads is not None:
                reads.update(found[1])
            done = True
    if not done:
        seen: set[str] = set()
        ask.near = ask.ships = False
        start = len(choices)
        quiet = True  # every move walked, into no enemy, none checked by move_check
        names: dict[int, tuple[str, ...]] = {}  # each group's ids (the candidates share their groups)
        new, Move = _new, O.Move
        for group, path, forced, river, walked in _candidates(ask, origin, blocks, seen):
            attack = foe in occupied.get(path[-1], ())  # board.enemy_in
            # a walked path into no enemy, from a hex that pins nothing: move_check has nothing left to refuse
            # (4.0 and 8.4 are about attacks, 5.4 about pinned hexes)
            if not (walked and unpinned and not attack):
                quiet = False
                try:
                    turns.move_check(ctx, side, group, path, forced=forced, river=river, walked=walked)
                except RuleError:
                    continue
            ids = names.get(id(group))
            if ids is None:
                ids = names[id(group)] = tuple([b.id for b in group])
            move = new(Move)  # ``_move``, inline (a few hundred a call)
            move.__dict__.update(units=ids, path=tuple(path), forced=forced, river=river, also=also)
            choices.append(move)
            if attack:
                attacks.append(move)
        if reads is not None:
            reads.update(seen)
        # no enemy within any walk's calm reach and no warship (whose waters read the enemy, 8.1): the moves
        # are the calm moves of these blocks from this place, kept for the next time they stand there so
        if calm is not None and quiet and not ask.near and not ask.ships:
            if len(_CALM_MOVES) > _KEEP_CALM_MOVES:
                _CALM_MOVES.clear()
            _CALM_MOVES[calm] = (ctx.lib, frozenset(seen), tuple(choices[start:]))
    if not also:
        _sea_moves(ctx, side, origin, blocks, set(), choices, attacks)
    if reads is not None:  # 5.7, 8.4: the sea's ends too (an enemy there makes a sea move an attack)
        reads.add(origin)
        reads.update(board.sea_links(ctx, origin))


class _Place:
    """The moves from one place (``_place_moves``) and what they read of the state beyond the key they are
    kept under (``_Now.key``): the places whose enemy blocks they read (``places``: every place their walks
    reached, 5.1; a warship's waters, 8.1; the sea's ends, 5.7) and the enemy there (``foes``), the side's
    crossings this turn of the hexsides between those places (``crossed``, 5.2: their paths cross no other),
    and the attacks among them the weather forbids (``banned``, 4.0) and the sea attacks (``sea_attacks``,
    8.4)."""

    KEEP = 4  # kept under one key (the same blocks in the same place, in other surroundings)

    __slots__ = ("attacks", "banned", "choices", "crossed", "foes", "places", "sea_attacks")

    def __init__(self) -> None:
        self.choices: list[Order] = []
        self.attacks: list[Order] = []
        self.places: frozenset[str] = frozenset()
        self.foes: frozenset[str] = frozenset()
        self.crossed: dict[tuple[str, str], int] = {}
        self.banned: frozenset[str] = frozenset()
        self.sea_attacks: frozenset[str] = frozenset()


Places = dict[tuple[object, ...], tuple[_Place, ...]]


class Kept:
    """The moves from each place of each side, kept with a game (never in its snapshot) from one ask to the
    next: an order changes the moves of the group it moved and of the places whose walks reach where it
    went, so most places' moves of the ask before still hold, and a side's first ask of a turn finds most
    of its places as its last ask left them. What the side's last ``KEEP`` asks of its moves (the moves and
    the ``also:yes`` moves of one ask are two) did not use is forgotten."""

    KEEP = 2

    __slots__ = ("asks", "places", "stamps")

    def __init__(self) -> None:
        self.asks: dict[str, int] = {}
        self.places: dict[str, Places] = {}
        self.stamps: dict[str, dict[tuple[object, ...], int]] = {}  # the side's last ask using each key

    def ask(self, side: str) -> tuple[Places, dict[tuple[object, ...], int], int]:
        n = self.asks[side] = self.asks.get(side, 0) + 1
        return self.places.setdefault(side, {}), self.stamps.setdefault(side, {}), n

    def forget(self, side: str) -> None:
        """Forget what the side's last ``KEEP`` asks did not use (after every ask, so that each frees a few:
        freeing them costs about what making them did)."""
        places, stamps, oldest = self.places[side], self.stamps[side], self.asks[side] - self.KEEP
        for key in [k for k, n in stamps.items() if n <= oldest]:
            del places[key], stamps[key]

    def copy(self) -> Kept:
        """Its own tables (a copy of the game asks on its own), the places' moves shared (never changed)."""
        out = Kept()
        out.asks = dict(self.asks)
        out.places = {s: dict(p) for s, p in self.places.items()}
        out.stamps = {s: dict(p) for s, p in self.stamps.items()}
        return out


class _Now:
    """What the moves from a place read of the state now: the key they are kept under (the place, its
    blocks still to move, ``also``, its pinning, 5.4, and for blocks that may go by sea the ports' control,
    attacks and the West Indies' blocks, 5.7, 8.4, 9.1), and whether moves kept under it still hold
    (``fits``: the enemy where they read it, the side's crossings of their hexsides, the weather's and the
    sea attacks' bans on their attacks)."""

    __slots__ = ("ask", "foes")

    def __init__(self, ask: _Ask) -> None:
        self.ask = ask
        self.foes = ask.foes

    def key(self, origin: str, blocks: list[Block], also: bool) -> tuple[object, ...]:
        ctx, side = self.ask.ctx, self.ask.side
        st, lib = ctx.st, ctx.lib
        ids = tuple([b.id for b in blocks])
        pin = None
        if origin in st.pinned and side != st.p1:
            pin = (st.pinned[origin], tuple(st.entries.get(f"{origin}|{self.ask.foe}", ())))
        sea = None
        if (
            not also
            and (board.is_port(ctx, origin) or origin == lib.atlantic)
            and any(lib.unit(u).can_sea_move for u in ids)
        ):
            sea = (st.french_in, st.control.get(origin), *self._ports(origin))
        return (origin, ids, also, pin, sea)

    def _ports(self, origin: str) -> tuple[object, ...]:
        ctx, side = self.ask.ctx, self.ask.side
        st = ctx.st
        out: list[object] = []
        for d in board.sea_links(ctx, origin):
            out += (st.control.get(d), st.attacks.get(d))
            if board.west_indies(d):  # 9.1: the side's blocks there, against the stacking limit
                out.append(sum(1 for b in st.blocks.values() if b.at == d and b.side == side))
        return tuple(out)

    def _crossed(self, places: frozenset[str]) -> dict[tuple[str, str], int]:
        return {xy: n for xy, n in self.ask.crossed.items() if xy[0] in places and xy[1] in places}

    def _banned(self, origin: str, foes: frozenset[str]) -> frozenset[str]:
        return frozenset([p for p in foes if board.weather_bans(self.ask.ctx, origin, p)])

    def _sea_attacks(self, foes: frozenset[str]) -> frozenset[str]:
        sea = self.ask.ctx.st.sea_attacks
        return foes.intersection(sea) if sea else frozenset()

    def read(self, place: _Place, origin: str, places: frozenset[str]) -> None:
        """What ``place``'s moves, just worked out, read of the state now (``places``: where they read)."""
        place.places = places
        place.foes = self.foes.intersection(place.places)
        place.crossed = self._crossed(place.places) if self.ask.crossed else {}
        if place.foes:
            place.banned = self._banned(origin, place.foes)
            place.sea_attacks = self._sea_attacks(place.foes)

    def fits(self, place: _Place, origin: str) -> bool:
        """Whether the moves kept in ``place`` are the moves now (everything they read is as it was)."""
        foes = self.foes.intersection(place.places)
        if foes != place.foes:
            return False
        if (self.ask.crossed or place.crossed) and self._crossed(place.places) != place.crossed:
            return False
        return not foes or (
            self._banned(origin, foes) == place.banned and self._sea_attacks(foes) == place.sea_attacks
        )


@functools.lru_cache(maxsize=1024)
def _waters(lib: Liberty, origin: str) -> frozenset[str]:
    """8.1: the hexes a warship's move from ``origin`` may cross or end in (3 hexes across sea hexsides)."""
    seen = {origin}
    frontier = [origin]
    for _ in range(3):
        nxt = []
        for h in frontier:
            for n, c in lib.neighbours(h):
                if c.navigable and n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return frozenset(seen)


# The land and river walks of a side (``board.reach``, ``board.river_reach``) read nothing of the state but
# where the enemy stands (5.1: a walk stops where enemy blocks are) and the blocks' own kind, start and
# allowance (their memo's keys); so they are kept from one call to the next while the enemy blocks stand
# where they stood (the side to act moves on and on, one action after another), for the last few such
# positions of any game.
_WALKS: OrderedDict[tuple[object, ...], tuple[object, board.Walks]] = OrderedDict()
_KEEP_WALKS = 8


def _walks(ctx: Ctx, side: str, here: frozenset[str]) -> board.Walks:
    """The memo of ``side``'s walks for where the enemy stands now (``here``; made empty for a new
    position)."""
    key = (id(ctx.lib), ctx.opts.indians_wilderness, side, here)
    kept = _WALKS.get(key)
    if kept is not None and kept[0] is ctx.lib:
        _WALKS.move_to_end(key)
        return kept[1]
    walks: board.Walks = {}
    _WALKS[key] = (ctx.lib, walks)
    if len(_WALKS) > _KEEP_WALKS:
        _WALKS.popitem(last=False)
    return walks


_new = object.__new__


def _move(units: tuple[str, ...], path: tuple[str, ...], forced: bool, river: bool, also: bool) -> O.Move:
    """``O.Move(units, path, forced, river, also)``, its fields set at once (the frozen dataclass's
    ``__init__`` sets them one by one through ``object.__setattr__``: a few hundred moves a call)."""
    move: O.Move = _new(O.Move)
    move.__dict__.update(units=units, path=path, forced=forced, river=river, also=also)
    return move


def _candidates(ask: _Ask, origin: str, blocks: list[Block], reads: set[str] | None) -> list[Candidate]:
    """The moves worth checking from ``origin``: on each path one block, and as many as the hexsides carry
    (5.2; a pinned hex's, 5.3); each block by forced march (5.5) and by river (5.6); the warships together
    and one alone (8.1). A path ``board.reach`` or ``board.river_reach`` found for every block of the group,
    across land hexsides with room for the group (5.2), is ``walked``: ``walk`` would find nothing more to
    refuse; so is each path ``board.naval_reach`` found (``naval_walk`` checks what it walked by).
    ``reads``: where the places whose enemy blocks the walks read are noted (every place they reached)."""
    ctx, side = ask.ctx, ask.side
    st, lib = ctx.st, ctx.lib
    by_path: dict[tuple[str, ...], list[Block]] = {}
    path_rooms: dict[tuple[str, ...], int] = {}
    extra: list[Candidate] = []
    if origin in lib._index.hexes:
        ships = [b for b in blocks if lib.unit(b.id).type == "warship"]
        ask.ships = bool(ships)
        if ships:  # 8.1: the warships of the hex together, and one alone, along the paths they sail
            lone = ships[:1]
            for forced in (False, True):
                for path in board.naval_reach(ctx, side, origin, forced=forced).values():
                    sail = tuple(path)
                    extra.append((lone, sail, forced, False, True))
                    if len(ships) > 1 and not forced:
                        extra.append((ships, sail, False, False, True))
            if reads is not None:
                reads.update(_waters(lib, origin))
        kinds = [(lib.unit(b.id).type == "warship", *board._walker(ctx, b)) for b in blocks]
        plans: dict[tuple[object, ...], _Plan] = {}
        for b, kind in zip(blocks, kinds, strict=True):
            if kind not in plans:  # like blocks walk alike (``board._walker``), and so share their plan
                plans[kind] = _block_plan(ask, b, kind, reads)
        if len(plans) == 1:  # one kind: every path is every block's
            moves = next(iter(plans.values()))[0]
            by_path = dict.fromkeys([p for p, _ in moves], blocks)
            path_rooms = dict(moves)
        else:
            for b, kind in zip(blocks, kinds, strict=True):
                for path_t, room in plans[kind][0]:
                    movers = by_path.get(path_t)
                    if movers is None:
                        by_path[path_t] = [b]
                        path_rooms[path_t] = room
                    else:
                        movers.append(b)
        for b, kind in zip(blocks, kinds, strict=True):
            one = [b]
            plan = plans[kind]
            for path_t, walked in plan[1]:
                extra.append((one, path_t, True, False, walked))
            for path_t, walked in plan[2]:
                extra.append((one, path_t, False, True, walked))
    candidates: list[Candidate] = []
    pinned = st.pinned.get(origin) if side != st.p1 else None
    firsts: dict[int, list[Block]] = {}
    for path_t, movers in by_path.items():
        room = path_rooms[path_t]
        if pinned is not None:
            room = min(room, pinned)
        if room <= 0:
            continue
        first = firsts.get(id(movers))
        if first is None:
            first = firsts[id(movers)] = movers[:1]
        candidates.append((first, path_t, False, False, True))
        if len(movers) > 1 and room > 1:
            candidates.append((movers[:room], path_t, False, False, True))
    return candidates + extra


_Plan = tuple[
    list[tuple[tuple[str, ...], int]], list[tuple[tuple[str, ...], bool]], list[tuple[tuple[str, ...], bool]]
]


def _block_plan(ask: _Ask, b: Block, kind: tuple[object, ...], reads: set[str] | None) -> _Plan:
    """``b``'s plan (``_plan``) from its place now: its place's calm plan where no enemy block stands
    anywhere its walks reached (``_calm``), else walked now."""
    if kind[0]:
        return [], [], []  # 8.1: a warship walks no land
    calm = _calm(ask, b, kind)
    near = ask.foes.intersection(calm[0])
    if near:  # 5.1: the walks stop at the enemy blocks within their calm reach, and read no other
        ask.near = True
        calm = _near(ask, b, kind, near)
    if reads is not None:
        reads.update(calm[0])
    return calm[1] if not ask.crossed else _crossed_plan(ask, calm[1])


Walked = dict[str, list[str]]
_Calm = tuple[frozenset[str], _Plan]
# Each place's walks with no enemy block on the map, for each kind of block (``board._walker``): a table of
# the scenario, made as it is needed (a few kinds for each hex where blocks stand, some 6 KB each).
_CALM: dict[tuple[object, ...], tuple[Liberty, _Calm]] = {}
_KEEP_CALM = 4096


def _calm(ask: _Ask, b: Block, kind: tuple[object, ...]) -> _Calm:
    """The plan of ``b``'s kind from its place where no enemy stands (5.1: a walk stops only where enemy
    blocks are, so where none stands anywhere they reached, they are the walks), with the places its walks
    reached; its rooms those of a turn nobody has crossed a hexside in (5.2)."""
    ctx = ask.ctx
    key = (id(ctx.lib), ctx.opts.indians_wilderness, b.at, *kind)
    found = _CALM.get(key)
    if found is not None and found[0] is ctx.lib:
        return found[1]
    alone = Ctx(ctx.st, ctx.lib, ctx.opts, frozen={})  # the map with nobody on it
    memo: board.Walks = {}
    land = board.reach(alone, ask.side, b, memo=memo)
    forced = board.reach(alone, ask.side, b, forced=True, memo=memo)
    river = board.river_reach(alone, ask.side, b, memo=memo)
    reached = frozenset(land).union(forced, river)
    calm = (reached, _plan(ask, land, forced, river, {}))
    if len(_CALM) > _KEEP_CALM:
        _CALM.clear()
    _CALM[key] = (ctx.lib, calm)
    return calm


# The moves of each group of blocks from each place where no enemy stands within their walks' calm reach
# (``_place_moves``): its calm moves, the places they reached (``_calm``), for a turn nobody has crossed a
# hexside in (5.2), from a hex that pins nothing (5.4); their sea moves are worked out every time (5.7).
_CALM_MOVES: dict[tuple[object, ...], tuple[Liberty, frozenset[str], tuple[Order, ...]]] = {}
_KEEP_CALM_MOVES = 1024  # a few hundred moves each

# Each place's walks with the enemy standing where it does within their calm reach (``_calm``), for each kind
# of block: a walk reads no enemy beyond the places the walk with no enemy reached (5.1: enemy blocks only
# stop it), so its plan holds wherever else the enemy goes, from one position to the next and game to game.
_NEAR: dict[tuple[object, ...], tuple[Liberty, _Calm]] = {}
_KEEP_NEAR = 4096


def _near(ask: _Ask, b: Block, kind: tuple[object, ...], near: frozenset[str]) -> _Calm:
    """The plan of ``b``'s kind from its place with the enemy in ``near`` (the places of its calm reach where
    enemy blocks stand), and the places its walks reached; its rooms those of a turn nobody has crossed a
    hexside in (5.2)."""
    ctx, side = ask.ctx, ask.side
    key = (id(ctx.lib), ctx.opts.indians_wilderness, side, b.at, *kind, near)
    found = _NEAR.get(key)
    if found is not None and found[0] is ctx.lib:
        return found[1]
    land = board.reach(ctx, side, b, memo=ask.walks)
    forced = board.reach(ctx, side, b, forced=True, memo=ask.walks)
    river = board.river_reach(ctx, side, b, memo=ask.walks)
    reached = frozenset(land).union(forced, river)
    plan = (reached, _plan(ask, land, forced, river, {}))
    if len(_NEAR) > _KEEP_NEAR:
        _NEAR.clear()
    _NEAR[key] = (ctx.lib, plan)
    return plan


def _plan(
    ask: _Ask, land: Walked, forced: Walked, river: Walked, crossed: dict[tuple[str, str], int] | None = None
) -> _Plan:
    """A block's moves from its walks: its moves' paths with their room (5.2), its forced marches' (5.5)
    and river moves' (5.6) with whether they are ``walked`` (room for it on every hexside, each a land
    hexside). Each room is its path's parent's and its last step's (a walk's paths are a tree, each path
    one step beyond another of its paths or the start). ``crossed``: the side's crossings (the ask's)."""
    limits, lands = ask.limits, ask.lands
    crossed = ask.crossed if crossed is None else crossed
    rooms: dict[str, int] = {}
    moves: list[tuple[tuple[str, ...], int]] = []
    marches: list[tuple[tuple[str, ...], bool]] = []
    for walk in (land, forced):
        for d, p in walk.items():  # in the walk's order: a path's parent before it
            step = (p[-2], d)
            room = limits[step] - crossed.get(step, 0) if crossed else limits[step]
            if len(p) > 2:
                room = min(rooms[p[-2]], room)
            rooms[d] = room
            if walk is land:
                moves.append((tuple(p), room))
            else:
                marches.append((tuple(p), room > 0))
    rivers = []
    for p in river.values():
        steps = list(pairwise(p))
        room = min([limits[s] - crossed.get(s, 0) for s in steps])
        rivers.append((tuple(p), room > 0 and all(s in lands for s in steps)))
    return moves, marches, rivers


def _crossed_plan(ask: _Ask, plan: _Plan) -> _Plan:
    """A calm plan's paths with their rooms this turn (5.2: the side's crossings of each hexside so far)."""
    limits, crossed, lands = ask.limits, ask.crossed, ask.lands

    def room(path: tuple[str, ...]) -> int:
        return min([limits[s] - crossed.get(s, 0) for s in pairwise(path)])

    return (
        [(p, room(p)) for p, _ in plan[0]],
        [(p, room(p) > 0) for p, _ in plan[1]],
        [(p, room(p) > 0 and all(s in lands for s in pairwise(p))) for p, _ in plan[2]],
    )


def _sea_moves(
    ctx: Ctx,
    side: str,
    origin: str,
    blocks: list[Block],
    seas: set[tuple[tuple[str, ...], str]],
    choices: list[Order],
    attacks: list[Order],
) -> None:
    """5.7, 8.4: sea moves of the blocks that can go by sea, from a port or the Atlantic box; the same
    group to the same place offered once (``seas``)."""
    if not (origin == ctx.lib.atlantic or board.is_port(ctx, origin)):
        return
    sailors = [b for b in blocks if ctx.lib.unit(b.id).can_sea_move]
    if not sailors:
        return
    dests = board.sea_links(ctx, origin)
    ships = [b for b in sailors if ctx.lib.unit(b.id).type == "warship"]
    land = [b for b in sailors if b not in ships]
    groups = [g for g in ([*ships[:1], *land[:3]], land[:2], sailors, ships[:1]) if g]
    ids_of = [tuple([b.id for b in g]) for g in groups]
    for dest in dests:
        tried: set[tuple[str, ...]] = set()  # a group like one tried before fares as it did
        for group, ids in zip(groups, ids_of, strict=True):
            if ids in tried:
                continue
            tried.add(ids)
            try:
                attack = turns.sea_check(ctx, side, group, dest)
            except RuleError:
                continue
            if (ids, dest) not in seas:
                seas.add((ids, dest))
                sea = O.Sea(ids, dest)
                choices.append(sea)
                if attack:
                    attacks.append(sea)


def _side_moves(ctx: Ctx, side: str, only: str | None, kept: Kept | None) -> tuple[list[Order], list[Order]]:
    return _moves(ctx, side, only) if kept is None else _kept_moves(ctx, side, only, kept)


# ``Game.legal``'s answers, kept by the state's whole content (``content``) for each scenario's data (which
# they read too; a game's is the process's one): the working copies of one game share them
ANSWERS: dict[int, tuple[Liberty, KeptByContent[Legal]]] = {}


def answers(lib: Liberty) -> KeptByContent[Legal]:
    """The answers kept for the games of ``lib`` (held with it: its id is no other data's while kept)."""
    found = ANSWERS.get(id(lib))
    if found is None or found[0] is not lib:
        if len(ANSWERS) >= 4:
            ANSWERS.clear()
        found = ANSWERS[id(lib)] = (lib, KeptByContent(64))
    return found[1]


def content(ctx: Ctx) -> bytes:
    """Everything ``legal`` reads (the state and the options; the rules' data never changes) as bytes: equal
    bytes are an equal state, and a state changed in any way (in place too) gives other bytes. ``marshal``
    writes plain values (each block as the tuple of its fields' values, the phase as its string) faster than
    ``pickle`` writes the state, and what it writes reads back: unequal values never give equal bytes. A
    value it cannot write goes to ``pickle`` (whose bytes begin otherwise: no key of one is one of the
    other's)."""
    st = ctx.st
    d = dict(st.__dict__)
    d["phase"] = str(st.phase)  # a StrEnum, which marshal does not write; legal reads it as its string
    blocks = st.blocks
    d["blocks"] = (tuple(blocks), tuple(map(tuple, map(dict.values, map(vars, blocks.values())))))
    d["battle"] = None if st.battle is None else st.battle.__dict__
    d["dice"] = (st.dice.state, st.dice.forced, st.dice.rolled)
    whole = (d, ctx.opts.__dict__)
    try:
        return marshal.dumps(whole)
    except ValueError:
        return pickle.dumps(whole, pickle.HIGHEST_PROTOCOL)


def legal(ctx: Ctx, role: str, active: list[str], kept: Kept | None = None) -> Legal:
    """What ``role`` may do now; ``kept``: the moves of each place worked out by the asks before (the game's
    own, ``Kept``), served again where nothing they read has changed (the same answer, in the same order)."""
    ctx.frozen = ctx.st.occupied()
    try:
        out = _legal(ctx, role, active, kept)
    finally:
        ctx.frozen = None
    offer = ctx.st.offer
    if out.active and offer is not None and offer["by"] != role:  # 11.5: an answer, in turn or not
        out = replace(
            out, orders=(*out.orders, "accept", "decline"), choices=(*out.choices, O.Accept(), O.Decline())
        )
    return out


def _legal(ctx: Ctx, role: str, active: list[str], kept: Kept | None) -> Legal:
    st = ctx.st
    if st.phase == Phase.OVER:
        return Legal(role, Phase.OVER, False, "the game is over")
    answers: tuple[Order, ...] = ()
    if st.offer is not None and st.offer["by"] != role and role in SIDES:
        answers = (O.Accept(), O.Decline())  # 11.5: answered at any time, in turn or not
    if role not in SIDES or role not in active:
        wait = f"waiting for {', '.join(active) or 'nobody'}"
        return Legal(role, st.phase, False, wait, ANY_TIME, answers)
    orders = ROWS[st.phase].orders  # the kinds the sequence of play's table says
    if st.phase == Phase.CARDS:
        cards = tuple(O.Play(c) for c in st.hands[role])
        return Legal(role, st.phase, True, "play a card face down (3.1)", orders, cards)
    if st.phase == Phase.SUPPLY:
        ok = turns.supply_eligible(ctx, role)
        steps = turns.card(ctx, st.revealed[role])[1]
        supplies = [O.Supply(), *(O.Supply((u,)) for u in ok)]
        if len(ok) > 1:
            supplies.append(O.Supply(tuple(ok[:steps])))
        return Legal(
            role, st.phase, True, f"add up to {steps} steps, 1 a block (3.3)", orders, tuple(supplies)
        )
    if st.phase == Phase.ACTIONS:
        choices, attacks = ([], []) if st.built or not st.actions_left else _side_moves(ctx, role, None, kept)
        if st.group_from is not None:
            also, also_attacks = _side_moves(ctx, role, st.group_from, kept)
            choices, attacks = also + choices, also_attacks + attacks
        if st.pool(role) and st.actions_left:
            choices.append(O.Build())
        choices.append(O.End())
        return Legal(role, st.phase, True, f"{st.actions_left} action(s) left: move, build or /end (3.1)",
                     orders, tuple(choices), tuple(attacks))  # fmt: skip
    if st.phase == Phase.PLACE:
        assert st.drawn is not None
        places = turns.deploy_places(ctx, st.blocks[st.drawn])
        return Legal(role, st.phase, True, f"place {st.drawn} (6.1, 6.2)", orders,
                     tuple(O.Place(p) for p in places))  # fmt: skip
    if st.phase == Phase.CHOOSING_BATTLE:
        return Legal(role, st.phase, True, "choose the next battle (7.1)", orders,
                     tuple(O.Battle(h) for h in st.battles))  # fmt: skip
    if st.phase == Phase.COMBAT:
        now = battle_rules.step(ctx)
        assert now is not None
        turn: list[Order] = [O.Fire()]
        for b in now[2]:
            turn.append(O.Fire(b.id))
            for path, river in battle_rules.retreat_options(ctx, b):
                turn.append(O.Retreat(b.id, tuple(path), river))
            for place in battle_rules.sea_retreat_places(ctx, b):  # 8.5, 9.1
                turn.append(O.Retreat(b.id, (place,)))
        return Legal(role, st.phase, True, f"combat turn: {now[1]} blocks fire or retreat (7.21)",
                     orders, tuple(turn))  # fmt: skip
    if st.phase == Phase.HIT:  # 7.32, G25: the owner chooses which of its equally strong blocks takes the hit
        units = battle_rules.hit_choices(ctx)
        prompt = f"choose which of {', '.join(units)} takes the hit (7.32)"
        return Legal(role, st.phase, True, prompt, orders, tuple(O.Hit(u) for u in units))
    if (
        st.phase == Phase.WITHDRAW
    ):  # 7.2 with G30, G27: each block's way; /end: the engine's (the way it came)
        bt = st.battle
        assert bt is not None
        ways: list[Order] = []
        for u in bt.withdrawing:
            for p, river in battle_rules.withdrawal_options(ctx, st.blocks[u]):
                sea = p[-1] == ctx.lib.atlantic or board.west_indies(p[-1])
                ways.append(O.Retreat(u, (p[-1],) if sea else tuple(p), river))
        prompt = f"your blocks must retreat ({bt.withdraw_rule}): choose each one's way, or /end"
        return Legal(role, st.phase, True, prompt, orders, (*ways, O.End()))
    if st.phase == Phase.REGROUP:
        regroups = [
            O.Regroup((u,), tuple(p)) for u, paths in battle_rules.regroup_options(ctx).items() for p in paths
        ] + [
            O.Regroup((u,), tuple(p), river=True)
            for u, paths in battle_rules.river_regroups(ctx).items()
            for p in paths
        ]
        return Legal(role, st.phase, True, "regroup, or /end (7.5)", orders, (*regroups, O.End()))
    if st.phase == Phase.DISBAND:
        ids = [b.id for b in st.at_side(role) if winter.may_disband(ctx, b)]
        return Legal(role, st.phase, True, "disband blocks, then /end (11.3)", orders,
                     (*(O.Disband((u,)) for u in ids), O.End()))  # fmt: skip
    if st.phase == Phase.ATTRITION:  # 11.4: the owner chooses who goes; /end: the standing order decides
        places = winter.attrition_places(ctx, role)
        goes = [O.Attrition(tuple(ids)) for p in places for ids in winter.attrition_choices(ctx, role, p)]
        prompt = f"winter attrition: choose the blocks that go at {', '.join(places)}, or /end (11.4)"
        return Legal(role, st.phase, True, prompt, orders, (*goes, O.End()))
    return Legal(role, st.phase, False, "")
