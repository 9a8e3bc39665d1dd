"""Battles (6.1-10.2, 13.3), both editions: a package with one file a rule.

A battle is set up in secret (6.2), then fought in battle turns (6.3) — the attacker first, then the sides
alternate — each with four phases: morale (8.6, rolled by the engine as the battle turn begins), retreat
(7.0-7.4), combat (8.0-8.5) and reinforcement (9.0-9.2). It ends when one side has no block left in it
(product decision 6); the victor may then regroup (7.6). Every decision the texts leave open is in
docs/rulings.md ("Battles"), cited as "rulings".

Where each rule is (each file imports only the ones above it in this list)::

    common.py        helpers: the board of a battle, its blocks, names, dice, road limits (no rule)
    machine.py       the states of a battle and the transitions between them (6.2-7.6)
    destinations.py  7.1   the towns a side may retreat or rout to
    rout.py          7.5   the rout (also the automatic rout of 6.1); a side routs, a battle is won
    retreat.py       7.0, 7.2-7.4   retreats (paths, road limits, forced march, disruption)
    reinforce.py     9.0-9.2   reinforcements
    regroup.py       7.6   the victor's regroup
    combat.py        8.1-8.5, 10.2, 13.3   combat moves, fire, hits, squares
    turns.py         6.3-6.4, 8.6   battle turns, rounds, morale, the attack that stalls
    deploy.py        6.1-6.2   the battle begins, deployment, the reveal
    table.py         who acts in each state, what they may order, the prompt
    orders.py        an order applied to its battle; /orders; legal_battle

The geometry of the board (positions, facing, "engaged") is ``../board.py``; what each role may see is
``../battle_views.py``; the battle's state (``Battle``) is ``../state.py``'s with the rest of the game's.
The campaign code calls ``start_battle``, ``active_roles``, ``legal_battle``, ``apply_battle_order`` and
``prompt_key``; the views call ``must_deploy``; nothing else here is part of the contract.
"""

from __future__ import annotations

from ..state import Battle
from .combat import fire_hits, roll_fire
from .deploy import must_deploy, start_battle
from .orders import apply_battle_order, legal_battle
from .table import active_roles, prompt_key

__all__ = [
    "Battle",
    "active_roles",
    "apply_battle_order",
    "fire_hits",
    "legal_battle",
    "must_deploy",
    "prompt_key",
    "roll_fire",
    "start_battle",
]
