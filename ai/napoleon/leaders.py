"""The leaders' moves (the safety of the commanders): a leader goes where it is safest after the other
moves, with its army, away from enemy stacks, with a way out. It can be caught: a lone leader (7.5), or a
leader in a routed force that cannot get away (Napoleon's death loses the game, 10.0). Napoleon also follows
the force marching on the most valuable objective: where he stands, its forced marches lose a step less
often and may go on at night (5.5, 5.6, 10.1)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .planning import LEADER_FOLLOW_CV, LEADER_PULL, Move, Planning, Stack


@dataclass
class After:
    """The board after the planned moves, as the leaders see it: our strength in each town (``end``), the
    strength of the force marching on the most valuable objective (``main``), the towns attacked."""

    end: dict[str, float] = field(default_factory=dict)
    main: dict[str, float] = field(default_factory=dict)
    attacked: set[str] = field(default_factory=set)
    focus: str | None = None  # the main force's town, if it is one to speak of


def plan_leaders(
    p: Planning,
    leaders: list[str],
    attack_moves: list[Move],
    chosen: list[Stack],
    targets: dict[str, str],
    value: dict[str, float],
) -> list[Move]:
    """Each leader's move to the safest town it may reach (or none: it stays)."""
    sit, legal = p.sit, p.legal
    after = _after(p, attack_moves, chosen, targets, value)
    moves = []
    for lid in leaders:
        here = sit.where.get(lid)
        if here is None:
            continue
        options = {here}
        for path in legal.moves.get(lid, ()):
            t = path[-1]
            if t not in p.enemy_towns and t not in after.attacked and t not in sit.battle_towns:
                options.add(t)
        best = min(
            sorted(options),
            key=lambda t: (danger(p, after, t, here) + (0.0 if t == here else 0.3), t != here, t),
        )
        if best != here:
            path = min((q for q in legal.moves.get(lid, ()) if q[-1] == best), key=lambda q: (len(q), q))
            moves.append(Move([lid], path, False, False))
    return moves


def _after(
    p: Planning,
    attack_moves: list[Move],
    chosen: list[Stack],
    targets: dict[str, str],
    value: dict[str, float],
) -> After:
    """Where our strength stands after the moves (attackers excluded: a leader does not follow them into
    battle), and the French force marching on the most valuable objective, by the town each unit ends in."""
    sit = p.sit
    after = After()
    end, main = after.end, after.main
    top = max(sorted(value), key=lambda o: value[o]) if sit.side == "french" and value else None
    moving: set[str] = set()
    for m in [*attack_moves, *(m for st in chosen for m in st.moves)]:
        moving.update(m.units)
        if m.attack:
            after.attacked.add(m.path[-1])
        else:
            end[m.path[-1]] = end.get(m.path[-1], 0.0) + p.team_cv(m.units)
            ours = [u for u in m.units if targets.get(u) == top]
            if top and ours:
                main[m.path[-1]] = main.get(m.path[-1], 0.0) + p.team_cv(ours)
    for town, bs in sit.mine.items():
        stay = [b for b in bs if b.type != "leader" and b.id not in moving]
        if stay:
            end[town] = end.get(town, 0.0) + sum(b.cv or 0 for b in stay)
        bound = [b for b in stay if top and b.id is not None and targets.get(b.id) == top]
        if bound:
            main[town] = main.get(town, 0.0) + sum(b.cv or 0 for b in bound)
    focus = max(sorted(main), key=lambda t: main[t]) if main else None
    if focus is not None and main[focus] < LEADER_FOLLOW_CV:
        focus = None  # no main body to speak of: the leader just keeps safe
    after.focus = focus
    return after


def danger(p: Planning, after: After, t: str, here: str) -> float:
    """How unsafe town ``t`` is for a leader now in ``here``: enemy strength next door and two towns away
    against ours there, alone (7.5), without a way out, and far from the main force."""
    sit, mi = p.sit, p.mi
    near = sum(sit.enemy_cv(n) for n in mi.adj[t])
    far = sum(sit.enemy_cv(e) for e in sit.enemy if mi.dist[t].get(e, 9) == 2)
    exits = sum(1 for n in mi.adj[t] if n not in p.enemy_towns and n not in after.attacked)
    own = after.end.get(t, 0.0)
    lone = 6.0 if own < 6 and (near or far) else 0.0
    pull = 0.0
    if after.focus:
        # toward the main force only from troops to troops: never alone across the country (7.5)
        toward = t if own >= 6 or t == here else here
        pull = LEADER_PULL * mi.dist[toward][after.focus] - 0.1 * after.main.get(t, 0.0)
    trap = 8.0 if exits <= 1 else 0.0
    return max(0.0, near - 0.6 * own) + 0.3 * far + lone + trap - 0.02 * own + pull
