"""The game turn (Introduction, 3.0-3.3, 4.0, 5.0-5.7, 6.0-6.2): the deal, the simultaneous and secret card
play, Player 1, the weather, supply cards, and the action phase (group moves, sea moves, builds)."""

from __future__ import annotations

from collections.abc import Sequence

from ..messages import shown
from . import board
from .board import MOVE, place_name
from .context import Ctx, error
from .sequence import Phase, go
from .state import FRENCH_POOL, POOL, PRISONER, Block, other

WI = ("Jamaica", "Martinique")


def card(ctx: Ctx, card_id: str) -> tuple[str, int]:
    c = next(c for c in ctx.lib.cards if c.id == card_id)
    return c.kind, c.value


# -- 3.0 the deal ------------------------------------------------------------------------------------------


def deal(ctx: Ctx) -> None:
    """3.0: all 25 cards shuffled (the seeded dice), 5 dealt face down to each player; the rest unused."""
    st = ctx.st
    cards = [c.id for c in ctx.lib.cards]
    for i in range(len(cards) - 1, 0, -1):  # Fisher-Yates
        j = ctx.pick(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    hand = ctx.lib.deck.hand
    st.hands = {"british": cards[:hand], "american": cards[hand : 2 * hand]}
    st.deck = cards[2 * hand :]
    ctx.emit("dealt", {"year": st.year, "cards": hand})
    for side in ("british", "american"):
        ctx.emit("hand", {"side": side, "cards": hand}, {"hand": list(st.hands[side])}, (side,))


def start_turn(ctx: Ctx) -> None:
    st = ctx.st
    go(st, Phase.CARDS, None)
    st.played, st.revealed, st.p1, st.weather = {}, {}, None, None
    ctx.emit("turn", {"year": st.year, "turn": st.turn})


# -- Game turn, card phase; 3.1, 3.3 ----------------------------------------------------------------------


def play(ctx: Ctx, side: str, card_id: str) -> None:
    """Card phase: each player plays one card face down; both are turned up together once both are in."""
    st = ctx.st
    if st.phase != Phase.CARDS or side in st.played:
        raise error("3.1", "liberty.card.not_now")
    hand = st.hands.get(side, [])
    match = next((c for c in hand if c.casefold() == card_id.strip().casefold()), None)
    if match is None:
        raise error("3.1", "liberty.card.not_in_hand", card=shown(card_id), hand=hand)
    hand.remove(match)
    st.played[side] = match
    ctx.emit("card_played", {"side": side}, {"card": match}, (side,))
    if len(st.played) == 2:
        reveal(ctx)


def player_one(ctx: Ctx, played: dict[str, str]) -> str:
    """Card phase and 3.1, 3.3: a supply card makes its player P1 (both: the British); else the higher action
    card; a tie: the British."""
    kinds = {s: card(ctx, c) for s, c in played.items()}
    supply = [s for s in ("british", "american") if kinds[s][0] == "supply"]
    if supply:
        return supply[0]
    return "american" if kinds["american"][1] > kinds["british"][1] else "british"


def reveal(ctx: Ctx) -> None:
    st = ctx.st
    st.revealed = dict(st.played)
    st.p1 = player_one(ctx, st.revealed)
    p2 = other(st.p1)
    ctx.emit("cards_revealed", {"british": st.revealed["british"], "american": st.revealed["american"],
                                "p1": st.p1})  # fmt: skip
    die = st.dice.roll()  # 4.0: Player 2 rolls for the weather
    st.weather = die
    ctx.emit("weather", {"roller": p2, "die": die, "effect": {1: "north", 2: "south"}.get(die, "none")})
    st.queue = [f"supply|{s}" for s in (st.p1, p2) if card(ctx, st.revealed[s])[0] == "supply"]  # 3.3, G2
    st.queue += [f"actions|{s}" for s in (st.p1, p2) if card(ctx, st.revealed[s])[0] == "action"]  # G1
    advance(ctx)


def advance(ctx: Ctx) -> None:
    """The next step of the turn: the supply cards first (3.3), then P1's actions, then P2's, then battles."""
    st = ctx.st
    if not st.queue:
        go(st, Phase.BATTLE_PHASE, None)  # flow.run begins them (7.1)
        return
    what, side = st.queue.pop(0).split("|")
    st.acting = side
    if what == "supply":
        go(st, Phase.SUPPLY)
        return
    go(st, Phase.ACTIONS)
    st.actions_left, st.built, st.deployed = card(ctx, st.revealed[side])[1], False, []
    st.group_from = None
    if side != st.p1:
        pin(ctx, side)
    ctx.emit("actions", {"side": side, "actions": st.actions_left})


# -- 3.3 supply cards -------------------------------------------------------------------------------------


def supply_eligible(ctx: Ctx, side: str) -> list[str]:
    """3.3, 9.1, 10.0 with G3: friendly blocks below their maximum in a supply town, the Atlantic box or a
    West Indies port, and Indians in their own town."""
    out = []
    for b in ctx.st.at_side(side):
        unit = ctx.lib.unit(b.id)
        if b.strength >= unit.max_cv:
            continue
        town = ctx.lib.town_at(b.at)
        home = ctx.lib.home_of(b.id)
        if (
            b.at == ctx.lib.atlantic
            or b.at in WI
            or (town is not None and town.supply)
            or (home is not None and home.hex == b.at)
        ):
            out.append(b.id)
    return out


def supply(ctx: Ctx, side: str, units: Sequence[str]) -> None:
    st = ctx.st
    if st.phase != Phase.SUPPLY or st.acting != side:
        raise error("3.3", "liberty.supply.not_now")
    steps = card(ctx, st.revealed[side])[1]
    if len(set(units)) != len(units):
        raise error("3.3", "liberty.supply.one_each")
    if len(units) > steps:
        raise error("3.3", "liberty.supply.too_many", n=len(units), steps=steps)
    ok = supply_eligible(ctx, side)
    for u in units:
        if u not in ok:
            raise error("3.3", "liberty.supply.not_eligible", unit=u)
    for u in units:
        st.blocks[u].strength += 1
    ctx.emit("supplied", {"side": side, "steps": len(units), "card": steps}, {"units": list(units)}, (side,))
    advance(ctx)


# -- 5.0 movement -----------------------------------------------------------------------------------------


def pin(ctx: Ctx, side: str) -> None:
    """5.4 with G15: in each hex P1 attacked, as many of P2's blocks as there are attackers are pinned; the
    defender chooses which by moving the others (``pinned`` holds how many may still leave)."""
    st = ctx.st
    st.pinned = {}
    for hex_, attacker in st.attacks.items():
        if attacker == side:
            continue
        defenders = len(st.at(hex_, side))
        attackers = sum(1 for b in st.at(hex_, attacker) if b.moved and b.came_from is not None)
        if defenders:
            st.pinned[hex_] = defenders - min(attackers, defenders)


def _group(ctx: Ctx, side: str, ids: Sequence[str]) -> list[Block]:
    st = ctx.st
    if not ids:
        raise error("5.1", "liberty.move.no_units")
    if len(set(ids)) != len(ids):
        raise error("5.1", "liberty.move.unit_twice")
    group = []
    for u in ids:
        b = st.blocks.get(u)
        if b is None or b.side != side or b.at in (POOL, FRENCH_POOL, PRISONER):
            raise error("5.1", "liberty.move.not_yours", unit=u)
        if b.moved:
            raise error("5.1", "liberty.move.moved", unit=u)
        group.append(b)
    if len({b.at for b in group}) != 1:
        raise error("5.1", "liberty.move.one_group")
    return group


def _may_act(ctx: Ctx, side: str, *, moving: bool) -> None:
    st = ctx.st
    if st.phase != Phase.ACTIONS or st.acting != side:
        raise error("3.1", "liberty.action.not_now")
    if st.actions_left <= 0:
        raise error("3.1", "liberty.action.none_left")
    if moving and st.built:
        raise error("3.2", "liberty.action.move_after_build")


def _pinning(ctx: Ctx, side: str, origin: str, n: int, first: str | None) -> None:
    """5.4: P2's unpinned blocks may leave an attacked hex, but not across a hexside the attackers used."""
    st = ctx.st
    if origin not in st.pinned or side == st.p1:
        return
    if n > st.pinned[origin]:
        raise error("5.4", "liberty.move.pinned", place=place_name(ctx, origin), free=st.pinned[origin])
    if first is not None and first in st.entries.get(f"{origin}|{other(side)}", []):
        raise error("5.4", "liberty.move.pin_hexside", place=place_name(ctx, first))


def _arrive(ctx: Ctx, side: str, group: Sequence[Block], dest: str, came_from: str, *, sea: bool) -> bool:
    """Blocks enter ``dest``: an attack (G23) if enemy blocks are there; P2's blocks joining a hex P1 attacked
    are reserves (box after 7.5). Returns whether it is an attack. 1.6: no combat in the Atlantic box
    (「戦闘は許されない」): sailing into it where enemy blocks are is no attack and pins nobody (5.4)."""
    st = ctx.st
    attack = board.enemy_in(ctx, dest, side) and dest != ctx.lib.atlantic
    if attack:
        if st.attacks.get(dest) == other(side):
            st.reserves += [b.id for b in group]
        else:
            st.attacks.setdefault(dest, side)
        key = f"{dest}|{side}"
        st.entries.setdefault(key, [])
        if came_from not in st.entries[key]:
            st.entries[key].append(came_from)
    for b in group:
        b.at, b.moved, b.came_from, b.by_sea = dest, True, came_from, sea
    return attack


def move_check(
    ctx: Ctx,
    side: str,
    group: Sequence[Block],
    path: Sequence[str],
    *,
    forced: bool,
    river: bool,
    walked: bool = False,
) -> list[str]:
    """5.1-5.6 and 4.0, 5.4, 8.4 for a group move along ``path`` (from the group's hex); the hexsides.
    ``walked``: ``legal`` found the path by ``board.reach`` for each block of the group and saw room on its
    hexsides (5.2), so the walk is not checked again (and no hexsides are returned)."""
    st = ctx.st
    origin = path[0]
    if origin not in ctx.lib._index.hexes:
        raise error("5.7", "liberty.move.at_sea", place=origin)
    ships = [b for b in group if ctx.lib.unit(b.id).type == "warship"]
    if ships and len(ships) < len(group):
        raise error("8.1", "liberty.move.mixed")
    if ships and river:
        raise error("5.6", "liberty.move.river")
    keys = [] if ships or walked else board.walk(ctx, side, group, path, MOVE, forced=forced, river=river)
    if ships:
        board.naval_walk(ctx, side, path, forced=forced)
    dest = path[-1]
    if board.enemy_in(ctx, dest, side):
        banned = board.weather_bans(ctx, origin, dest)
        if banned:
            raise error("4.0", "liberty.move.weather", region=banned)
        if dest in st.sea_attacks and not ships:  # 8.4: warships moving alone are exempt
            raise error("8.4", "liberty.sea.combined", place=place_name(ctx, dest))
    _pinning(ctx, side, origin, len(group), path[1])
    return keys


def move(
    ctx: Ctx,
    side: str,
    ids: Sequence[str],
    path: Sequence[str],
    *,
    forced: bool,
    river: bool,
    also: bool = False,
) -> None:
    """5.1: one action moves any of the blocks of one group, each up to its move (5.2 limits, 5.5, 5.6);
    G7: the group's blocks may take different paths: ``also:yes`` moves more of the group of the action just
    taken, at no further action."""
    st = ctx.st
    group = _group(ctx, side, ids)
    origin = group[0].at
    if also:
        if st.phase != Phase.ACTIONS or st.acting != side:
            raise error("3.1", "liberty.action.not_now")
        if st.group_from != origin:
            raise error("5.1", "liberty.move.also_group", place=place_name(ctx, origin))
    else:
        _may_act(ctx, side, moving=True)
    path = list(path)
    if path and path[0] != origin:
        path.insert(0, origin)
    keys = move_check(ctx, side, group, path, forced=forced, river=river)
    dest = path[-1]
    for k in keys:
        st.hexsides[k] = st.hexsides.get(k, 0) + len(group)
    if origin in st.pinned and side != st.p1:
        st.pinned[origin] -= len(group)
    attack = _arrive(ctx, side, group, dest, path[-2], sea=False)
    for b in group:
        b.forced, b.by_river = forced, river
    if not also:
        st.actions_left -= 1
        st.group_from = origin
    ctx.emit(
        "moved",
        {"side": side, "path": path, "n": len(group), "attack": attack, "forced": forced, "river": river,
         "also": also},
        {"units": [b.id for b in group]},
        (side,),
    )  # fmt: skip
    if st.actions_left == 0 and not any(not b.moved for b in st.at(origin, side)):
        end_actions(ctx, side)  # the last group has moved all it can: nothing is left to do


# -- 5.7, 8.1, 8.4, 9.1 sea movement ----------------------------------------------------------------------


def sea_check(ctx: Ctx, side: str, group: Sequence[Block], dest: str) -> bool:
    """5.7: port -> Atlantic box, or Atlantic box -> a friendly port with no enemy blocks, one action; 9.1:
    the West Indies ports to and from the Atlantic and each other; 8.4: into an enemy port, a sea attack with
    a warship and at most 3 land blocks, never combined with another attack. Returns whether it attacks."""
    st, lib = ctx.st, ctx.lib
    origin = group[0].at
    for b in group:
        unit = lib.unit(b.id)
        if not unit.can_sea_move:
            raise error("5.7", "liberty.sea.not_by_sea", unit=b.id)
        if unit.nation == "french" and not st.french_in:
            raise error("9.1", "liberty.sea.french_neutral", unit=b.id)
    if not board.is_port(ctx, origin) and origin != lib.atlantic:
        raise error("5.7", "liberty.sea.not_port", place=place_name(ctx, origin))
    if dest not in board.sea_links(ctx, origin):
        raise error("5.7", "liberty.sea.no_link", a=place_name(ctx, origin), b=place_name(ctx, dest))
    if origin != lib.atlantic and not (st.control.get(origin) == side or board.own_in(ctx, origin, side)):
        raise error("5.7", "liberty.sea.unfriendly_from", place=place_name(ctx, origin))
    _pinning(ctx, side, origin, len(group), None)
    land = [b for b in group if lib.unit(b.id).type != "warship"]
    if dest in WI:
        french_port = dest == "Martinique"
        if not st.french_in and french_port != (side == "american"):
            raise error("9.1", "liberty.sea.wi_neutral", place=dest)
        if not st.french_in and len(st.at(dest, side)) + len(group) > lib.west_indies_stack:
            raise error("9.1", "liberty.sea.wi_full", place=dest, limit=lib.west_indies_stack)
    attack = dest != lib.atlantic and (board.enemy_in(ctx, dest, side) or st.control.get(dest) == other(side))
    if attack:
        if len(land) == len(group):
            raise error("8.4", "liberty.sea.no_warship")
        if len(land) > 3:
            raise error("8.4", "liberty.sea.too_many", n=len(land))
        if land and st.attacks.get(dest) == other(side):
            raise error("8.4", "liberty.sea.reinforce", place=place_name(ctx, dest))
        if land and st.attacks.get(dest) == side:
            raise error("8.4", "liberty.sea.combined", place=place_name(ctx, dest))
        banned = board.weather_bans(ctx, origin, dest)
        if banned and board.enemy_in(ctx, dest, side):
            raise error("4.0", "liberty.move.weather", region=banned)
    return attack


def sea_move(ctx: Ctx, side: str, ids: Sequence[str], dest: str) -> None:
    st, lib = ctx.st, ctx.lib
    _may_act(ctx, side, moving=True)
    st.group_from = None
    group = _group(ctx, side, ids)
    origin = group[0].at
    if sea_check(ctx, side, group, dest):
        st.sea_attacks.append(dest)
    if origin in st.pinned and side != st.p1:
        st.pinned[origin] -= len(group)
    # 9.1: a move straight between the West Indies ports came from the other (the way back, 8.4, 8.5)
    came = origin if board.west_indies(origin) and board.west_indies(dest) else "sea"
    battle = _arrive(ctx, side, group, dest, came, sea=dest != lib.atlantic)
    st.actions_left -= 1
    ctx.emit("sea_moved", {"side": side, "from": origin, "to": dest, "n": len(group), "attack": battle},
             {"units": [b.id for b in group]}, (side,))  # fmt: skip
    if st.actions_left == 0:
        end_actions(ctx, side)


def forced_march_rolls(ctx: Ctx, side: str) -> None:
    """5.5 with G12: after the player's movement, a die for each block that force-marched: 1-3 loses a step
    (below 1 it is captured, 11.5)."""
    st = ctx.st
    for b in st.at_side(side):
        if not b.forced:
            continue
        b.forced = False
        die = st.dice.roll()
        lost = die <= 3
        if lost:
            b.strength -= 1
        ctx.emit("forced_march", {"side": side, "die": die, "lost": lost}, {"unit": b.id}, (side,))
        if b.strength <= 0:
            capture(ctx, b, "5.5")


def capture(ctx: Ctx, b: Block, rule: str) -> None:
    """2.11, 11.5: a block below strength 1 is captured: held face up by the enemy."""
    place = b.at
    b.at, b.strength, b.moved = PRISONER, 0, True
    if b.id in ctx.st.reserves:
        ctx.st.reserves.remove(b.id)
    ctx.emit("captured", {"unit": b.id, "side": b.side, "at": place, "rule": rule})


def end_actions(ctx: Ctx, side: str) -> None:
    st = ctx.st
    if not st.built:
        forced_march_rolls(ctx, side)
    st.actions_left = 0
    ctx.emit("actions_done", {"side": side})
    advance(ctx)


# -- 6.0 builds -------------------------------------------------------------------------------------------


def build(ctx: Ctx, side: str) -> None:
    """6.0: one action draws one block blind from the pool; 6.1, 6.2 place it at full strength."""
    st = ctx.st
    _may_act(ctx, side, moving=False)
    pool = st.pool(side)
    if not pool:
        raise error("6.0", "liberty.build.empty")
    st.group_from = None
    if not st.built:
        forced_march_rolls(ctx, side)  # 3.2: the moves are over
        st.built = True
    b = st.blocks[pool[ctx.pick(len(pool))]]
    st.actions_left -= 1
    b.strength, b.moved = ctx.lib.unit(b.id).max_cv, True  # 3.2: a block built this turn does not move
    where = deploy_places(ctx, b)
    if where == [ctx.lib.atlantic] or (len(where) == 1 and ctx.lib.unit(b.id).type == "indians"):
        _deploy(ctx, b, where[0])
    elif not where:
        ctx.emit("build_returned", {"side": side}, {"unit": b.id}, (side,))  # G19
        _after_build(ctx, side)
    else:
        st.drawn = b.id
        go(st, Phase.PLACE)
        ctx.emit("drawn", {"side": side}, {"unit": b.id, "places": where}, (side,))


def deploy_places(ctx: Ctx, b: Block) -> list[str]:
    """6.1, 6.2 with G17, G18, G21: where a drawn block may be placed (never a battle hex, 6.0)."""
    st, lib = ctx.st, ctx.lib
    unit = lib.unit(b.id)
    side = b.side
    battles = set(board.battle_places(st))
    if unit.deploys == "atlantic":
        return [lib.atlantic]
    if unit.deploys == "home_town":
        home = lib.home_of(b.id)
        assert home is not None and home.hex is not None
        if st.control.get(home.hex) != other(side) and not board.enemy_in(ctx, home.hex, side):
            return [home.hex]
        return [
            n for n, c in lib.neighbours(home.hex)
            if lib.hex(n).land and n not in st.control and not st.occupied().get(n)
            and board.indian_may_enter(ctx, b, n)
        ]  # fmt: skip
    out = []
    for town in lib.towns:
        if town.hex is None or not town.supply or town.hex in st.deployed or town.hex in battles:
            continue
        if board.enemy_in(ctx, town.hex, side) or st.control.get(town.hex) != side:
            continue
        if side == "american" and town.colour != "blue" and not unit.militia:
            continue  # 6.2, G18: only militia deploy in red towns
        out.append(town.hex)
    return out


def _deploy(ctx: Ctx, b: Block, where: str) -> None:
    st = ctx.st
    b.at = where
    if where != ctx.lib.atlantic:
        st.deployed.append(where)
    ctx.emit("built", {"side": b.side, "at": where}, {"unit": b.id}, (b.side,))
    _after_build(ctx, b.side)


def _after_build(ctx: Ctx, side: str) -> None:
    st = ctx.st
    go(st, Phase.ACTIONS)
    st.drawn = None
    if st.actions_left == 0:
        end_actions(ctx, side)


def place(ctx: Ctx, side: str, where: str) -> None:
    st = ctx.st
    if st.phase != Phase.PLACE or st.acting != side or st.drawn is None:
        raise error("6.0", "liberty.place.not_now")
    b = st.blocks[st.drawn]
    ok = deploy_places(ctx, b)
    if where not in ok:
        raise error("6.1" if side == "british" else "6.2", "liberty.place.not_there", place=where,
                    places=[place_name(ctx, p) for p in ok])  # fmt: skip
    _deploy(ctx, b, where)


# -- end of the game turn ---------------------------------------------------------------------------------


def end_turn(ctx: Ctx) -> None:
    """5.3: control changes at the end of the game turn; the next turn, or the winter turn after the fifth."""
    st = ctx.st
    board.recompute_control(ctx)
    for b in st.blocks.values():
        b.moved = b.forced = b.by_river = b.by_sea = False
        b.came_from = None
    st.hexsides, st.attacks, st.entries, st.pinned, st.sea_attacks, st.reserves = {}, {}, {}, {}, [], []
    st.battles, st.battle, st.acting = [], None, None
    if st.turn >= ctx.lib.deck.turns_per_year:
        go(st, Phase.WINTER)  # flow.run plays it (11.0)
        return
    st.turn += 1
    start_turn(ctx)
