"""Property tests of battles under random legal play (both editions, 2 and 3 players):
- every order legal_battle lists is accepted, an active role always has something to do, and every battle ends
  (docs/rulings.md, 6.3: a stalled attack routs);
- no hidden reserve face or secret deployment reaches another role's view or events before it is revealed;
- a block's cv changes only through a recorded loss or elimination event."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.battlefield import Fight

from engine.napoleon import battle as B
from engine.napoleon.battle_views import battle_view
from engine.napoleon.faces import face_public
from engine.napoleon.state import armies_of

ROLES2 = ("french", "allied")
ROLES3 = ("french", "british", "prussian")


def random_fight(seed: int, ruleset: str, players: int) -> Fight:
    rng = random.Random(seed)
    fr = [f"FR-{i}" for i in rng.sample(range(1, 21), rng.randint(3, 8))] + (
        ["NAP"] if rng.random() < 0.3 else []
    )
    al = [f"PR-{i}" for i in rng.sample(range(1, 21), rng.randint(1, 5))]
    al += [f"BR-{i}" for i in rng.sample(range(1, 21), rng.randint(2, 4))]
    al += [x for x in ("WEL", "BLU") if rng.random() < 0.3]
    others = {f"FR-{i}": "Fleurus" for i in range(1, 21) if f"FR-{i}" not in fr and rng.random() < 0.2}
    others.update(
        {f"PR-{i}": "Sombreffe" for i in range(1, 21) if f"PR-{i}" not in al and rng.random() < 0.2}
    )
    corps = ruleset == "3.4" and rng.random() < 0.5
    if rng.random() < 0.5:
        return Fight(
            fr, al, ruleset=ruleset, players=players, seed=seed, others=others, corps_restriction=corps
        )
    return Fight(
        al,
        fr,
        ruleset=ruleset,
        players=players,
        seed=seed,
        others=others,
        attacker="allied",
        passed=("Sombreffe",),
        corps_restriction=corps,
    )


def hidden_ids(f: Fight) -> dict[str, set[str]]:
    """For each army, the ids of its blocks in the battle whose faces are not public now."""
    b = f.b
    out: dict[str, set[str]] = {}
    for uid in b.pos:
        u = f.unit(uid)
        if not face_public(f.ctx(), b, u):
            out.setdefault(u.army, set()).add(uid)
    return out


def check_secrets(f: Fight, revealed: set[str]) -> None:
    roles = ROLES3 if f.state.options.players == 3 else ROLES2
    for army, ids in hidden_ids(f).items():
        secret = ids - revealed  # blocks never shown to anyone so far
        for role in (*roles, "public"):
            if army in armies_of(role):
                continue
            view = str(battle_view(f.ctx(), f.b, role).to_dict())
            events = str([e.visible(role) for e in f.state.events])
            for uid in secret:
                assert f"'{uid}'" not in view, f"{role} sees hidden {uid} in the battle view"
                assert f"'{uid}'" not in events, f"{role} sees hidden {uid} in the events"


def play(seed: int, ruleset: str, players: int, *, check_hidden: bool) -> Fight:
    f = random_fight(seed, ruleset, players)
    rng = random.Random(seed * 7 + 1)
    revealed: set[str] = set()
    for _ in range(3000):
        if f.b.over or f.state.phase == "over":
            return f
        roles = f.active()
        assert roles, "dead end: a battle is open but nobody may act"
        role = rng.choice(roles)
        legal = f.legal(role)
        assert legal, f"{role} is active but has no legal order"
        order = rng.choice(legal)
        cvs = {u.id: u.cv for u in f.state.units.values()}
        before = len(f.state.events)
        f.do(role, order)  # raises if a listed order is rejected
        new = f.state.events[before:]
        for e in new:
            if e.kind == "reveal":
                revealed.update(x["unit"] for x in e.data["blocks"])
            for k in ("unit",):
                if k in e.data:
                    revealed.add(e.data[k])
            for x in e.data.get("units", []) if isinstance(e.data.get("units"), list) else []:
                revealed.add(x)
        changed = {uid for uid, v in cvs.items() if f.state.units[uid].cv != v}
        recorded = set()
        for e in new:
            if e.kind in ("loss", "eliminated"):
                recorded.add(e.data.get("unit") or (e.secret or {}).get("unit"))
        assert changed <= recorded, f"cv changed without a loss event: {changed - recorded}"
        if check_hidden:
            check_secrets(f, revealed)
    raise AssertionError("the battle did not end in 3000 orders")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), ruleset=st.sampled_from(["3rd", "3.4"]), players=st.sampled_from([2, 3]))
def test_every_battle_ends_under_random_legal_play_and_cv_changes_only_by_events(seed, ruleset, players):
    play(seed, ruleset, players, check_hidden=False)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), ruleset=st.sampled_from(["3rd", "3.4"]), players=st.sampled_from([2, 3]))
def test_no_hidden_face_or_secret_deployment_reaches_another_role(seed, ruleset, players):
    play(seed, ruleset, players, check_hidden=True)


def test_a_battle_snapshot_round_trips_through_plain_json():
    import json

    f = random_fight(3, "3.4", 2)
    f.do("allied", f.legal("allied")[0])
    d = f.b.to_dict()
    again = B.Battle.from_dict(json.loads(json.dumps(d)))
    assert again.to_dict() == d
    assert again.clone().to_dict() == d
