"""Properties of the rules core under random legal play: a side's view holds no face of the other side's that
the rules have not shown (G5, G6) and no sealed choice before its step (11.4, G7): it is the same whatever
those hidden faces and sealed leaders are; dumps/loads round trip; every legal order applies."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.triumph.game import Game
from engine.triumph.invariants import problems
from engine.triumph.state import GONE, SIDES, other

FACES = [("infantry", 2, False), ("cavalry", 3, False), ("artillery", 1, False), ("infantry", 3, True)]


def disguised(g: Game, role: str, rng: random.Random) -> Game:
    """The same game with every face ``role`` may not know, and the sealed defence leaders, changed."""
    h = Game.loads(g.dumps())
    for b in h.state.blocks.values():
        if b.side != role and not b.shown and b.at != GONE:
            b.arm, b.strength, b.guard = rng.choice(FACES)
    a = h.state.attack
    if a is not None and a.attacker == role and a.step in ("feint",):
        a.defence_leaders = rng.sample(a.defenders, k=min(1, len(a.defenders)))
    return h


def play(seed: int, steps: int, check: bool) -> Game:
    rng = random.Random(seed)
    g = Game.new(seed=seed)
    for _ in range(steps):
        if g.over:
            break
        role = g.active()[0]
        choices = g.legal(role).choices
        assert choices, (role, g.state.attack)
        attacks = [o for o in choices if o.kind == "attack"]
        ends = [o for o in choices if o.kind == "end"]
        if attacks and rng.random() < 0.5:
            order = rng.choice(attacks)
        elif ends and rng.random() < 0.08:
            order = ends[0]
        else:
            order = rng.choice(choices)
        g.apply(role, order)  # random legal play never raises
        assert problems(g.ctx) == [], (order, problems(g.ctx))
        if check:
            for r in (*SIDES, "public"):
                assert g.view(r).to_dict() == disguised(g, r, rng).view(r).to_dict()
                a = g.view(r).attack
                if a is not None and a["attacker"] == r and a["step"] in ("defend", "feint"):
                    assert "defence_leaders" not in a
                for b in g.view(r).blocks:
                    if b["side"] == other(r) and "face" in b:
                        blk = g.state.blocks[b["id"]]
                        assert blk.shown or blk.at == GONE
    return g


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_views_hold_no_hidden_face_nor_sealed_choice(seed: int) -> None:
    play(seed, 40, check=True)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_dumps_loads_round_trip(seed: int) -> None:
    g = play(seed, 40, check=False)
    h = Game.loads(g.dumps())
    assert h.dumps() == g.dumps()
    for r in SIDES:
        assert h.view(r).to_dict() == g.view(r).to_dict()
        assert [o.text() for o in h.legal(r).choices] == [o.text() for o in g.legal(r).choices]


def test_a_whole_random_game_ends() -> None:
    g = play(7, 2000, check=False)
    assert g.over and g.state.winner in SIDES
