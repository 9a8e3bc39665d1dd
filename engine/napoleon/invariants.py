"""Checks a fuzzer runs after every order (``Module.fuzz_invariants``) and at a game's end
(``Fuzzing.final``): each raises AssertionError with what is wrong. They read the state, as a fuzzer may; a
bot player never does."""

from __future__ import annotations

from ..module import GameObject
from .game import Game
from .movement import GROUP_MOVES
from .sequence import Phase
from .state import armies_of


def _game(game: GameObject) -> Game:
    assert isinstance(game, Game)
    return game


def places_and_strengths(game: GameObject) -> None:
    """Every unit in exactly one place (an eliminated one in none, at cv 0), its cv within 1..max."""
    st = _game(game).state
    for u in st.units.values():
        if u.eliminated:
            if u.location is not None or u.cv != 0:
                raise AssertionError(f"eliminated {u.id} still has a place or cv")
        else:
            if u.location is None and st.phase != Phase.SETUP:
                raise AssertionError(f"{u.id} is nowhere")
            if not 1 <= u.cv <= u.max_cv:
                raise AssertionError(f"{u.id} has cv {u.cv} outside 1..{u.max_cv}")


def roads_and_group_moves(game: GameObject) -> None:
    """No road carries more units than its limit in a turn; no army makes more group moves than its
    limit (5.1)."""
    g = _game(game)
    st, sc = g.state, g.scenario
    for key, n in st.movement.road_use.items():
        town_a, town_b = key.split("|")
        road = sc.road(town_a, town_b)
        if road is None or n > road.limit:
            raise AssertionError(f"road {key} carried {n} units (limit {road.limit if road else '?'})")
    for army, limit in GROUP_MOVES.items():
        used = sum(1 for k in st.movement.group_moves if k.startswith(army + "@"))
        if used > limit:
            raise AssertionError(f"{army} used {used} group moves (limit {limit})")


def hidden_faces(game: GameObject) -> None:
    """No role's view shows the face of another army's block, on the map or waiting to be placed."""
    g = _game(game)
    for role in ("public", *g.options.roles):
        v = g.view(role, events=False)
        mine = armies_of(role)
        for t in v.towns:
            for b in t.blocks:
                if b.known and b.army not in mine:
                    raise AssertionError(f"{role} sees the face of {b.id} at {t.name}")
        for b in v.unplaced:
            if b.army not in mine:
                raise AssertionError(f"{role} sees an unplaced {b.army} block")


PRIVATE_KINDS = ("move", "placed", "routed", "loss")  # events whose unit ids only the owner may read


def event_identities(game: GameObject) -> None:
    """No event shows another army's block identities where they were not revealed (moves, placements,
    routs and campaign losses name units only for their owners)."""
    g = _game(game)
    for role in ("public", *g.options.roles):
        mine = armies_of(role)
        for e in g.view(role).events:
            if e["kind"] not in PRIVATE_KINDS:
                continue
            armies = e.get("armies") or [e.get("army")]
            named = e.get("units") or ([e["unit"]] if e.get("unit") else [])
            if e["kind"] == "loss" and "forced march" not in e.get("reason", ""):
                continue  # battle losses of revealed line blocks are public (6.2)
            if named and not all(a in mine for a in armies):
                raise AssertionError(f"{role} reads the identity of {named} in a {e['kind']} event")


INVARIANTS = (places_and_strengths, roads_and_group_moves, hidden_faces)
FINAL = (event_identities,)
