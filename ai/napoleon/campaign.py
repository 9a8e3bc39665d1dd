"""Campaign decisions of the heuristic player: the movement phase (5.0-6.1); free deployment (3.1) is in
``deployment``.

The movement plan is made once per movement phase from the view and the legal paths, then given out one
order at a time, each checked against the legal orders of that moment (a plan step that has become illegal
is skipped or cut down, never sent as it was).

Objectives come from the scenario's supply bases (11.0): the French march on them and hold them, the Allies
garrison them and gather the rest of each army there. Every stack of units (one army in one town) gets a
target town; the stacks with the most important moves use the army's group moves (5.1). A stack attacks an
enemy-held town on its way only with clearly superior force (or when the defenders are 1-2 blocks, which
rout at once, 6.1), judging hidden blocks by their count.

``MovePlanner`` puts the plan together from its parts, one file each over the shared situation
(``planning.Planning``): ``garrisons`` (holding the bases), ``objectives`` (each unit's target),
``attacks`` (attacks and grabs of empty bases), ``marches`` (task forces, marches, group moves) and
``leaders`` (the leaders' safety).
"""

from __future__ import annotations

from .attacks import plan_attacks, plan_grabs
from .deployment import plan_setup
from .garrisons import choose_garrisons
from .leaders import plan_leaders
from .marches import choose_stacks, task_forces
from .objectives import objectives, update_targets
from .planning import FULL_GROUP_MOVES, Move, Planning, Stack, StackKey, TaskForce

__all__ = ["FULL_GROUP_MOVES", "Move", "MovePlanner", "TaskForce", "plan_setup"]

GRAB_PRIORITY = 150.0  # the stacks that grab an empty base move before any other (5.1, 11.0)


class MovePlanner(Planning):
    """Plans one movement phase (see ``Planning`` for what it remembers from turn to turn)."""

    def plan(self) -> list[Move]:
        """The moves of this phase, in the order they are to be given: attacks and grabs, the chosen stacks'
        marches (the most important first), then the leaders."""
        choose_garrisons(self)
        mobile, leaders = self._movable()
        value, need = objectives(self)
        targets = update_targets(self, mobile, value, need)
        gm_left = {a: self.view.group_moves_left.get(a, n) for a, n in FULL_GROUP_MOVES.items()}
        attack_moves, used_towns, pri_of = plan_attacks(self, mobile, targets, value, gm_left)
        grabs, grab_towns = plan_grabs(self, mobile, value, gm_left, attack_moves, used_towns)
        attack_moves += grabs
        for k in grab_towns:
            pri_of[k] = max(pri_of.get(k, 0.0), GRAB_PRIORITY)
        used_towns |= grab_towns
        stacks = self._stacks(mobile, attack_moves, pri_of)
        self.orders = task_forces(self, mobile, targets)
        chosen = choose_stacks(self, stacks, used_towns, gm_left, targets, value)
        moves: list[Move] = list(attack_moves)
        for st in chosen:
            moves += st.moves
        moves += plan_leaders(self, leaders, attack_moves, chosen, targets, value)
        return moves

    def _movable(self) -> tuple[list[str], list[str]]:
        """(combat units, leaders) that may move and are not held in a garrison."""
        sit, legal = self.sit, self.legal
        mobile: list[str] = []
        leaders: list[str] = []
        for uid in sorted(set(legal.moves) | set(legal.forced)):
            b = sit.block.get(uid)
            if b is None or sit.where.get(uid) is None or uid in self.locked:
                continue
            if b.type == "leader":
                leaders.append(uid)
            else:
                mobile.append(uid)
        return mobile, leaders

    def _stacks(
        self, mobile: list[str], attack_moves: list[Move], pri_of: dict[StackKey, float]
    ) -> dict[StackKey, Stack]:
        """The stacks (army, town) of the mobile units, less those already attacking or grabbing (a stack's
        strength counts them all), with the priority their attacks give them."""
        sit = self.sit
        busy = {u for m in attack_moves for u in m.units}
        stacks: dict[StackKey, Stack] = {}
        for uid in mobile:
            b = sit.block[uid]
            st = stacks.setdefault((b.army, sit.where[uid]), Stack(b.army, sit.where[uid], [], 0.0))
            if uid not in busy:
                st.units.append(uid)
            st.cv += b.cv or 0
        for key, st in stacks.items():
            st.priority = pri_of.get(key, 0.0)
        return stacks
