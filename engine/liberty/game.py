"""The Liberty game object (the engine contract, ``engine/module.py``'s ``GameObject``; its common part
``engine/gamebase.py``): ``apply`` takes one order line and is atomic (a rejected order raises RuleError and
changes nothing), ``view`` and ``legal`` per role, ``active``, ``over``, ``result``, ``script``,
``dumps``/``loads``."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any, Self

from data import AmbiguousMatch, NoMatch
from data.liberty import load_liberty
from engine.errors import RuleError
from engine.gamebase import GameBase
from engine.orders import Order
from engine.text import Command, split_list

from . import battle, board, exchange, flow, turns, winter
from . import orders as O
from .context import Ctx, error
from .legal import Kept, Legal, answers, content, legal
from .options import Options
from .orders import GRAMMAR
from .sequence import ROWS, Phase, Who
from .setup import new_state
from .state import SIDES, State
from .views import View, build_view


def active(ctx: Ctx) -> list[str]:
    """The sides that must act now: who the sequence of play's table names (``sequence.Who``)."""
    st = ctx.st
    who = ROWS[st.phase].who
    if who is Who.UNPLAYED:  # 3.1
        return [s for s in SIDES if s not in st.played]
    if who is Who.STEPPING:  # 7.21
        now = battle.step(ctx)
        return [now[0]] if now else []
    if who is Who.ACTING:
        return [st.acting] if st.acting else []
    return []


class Game(GameBase[State, Options]):
    name = "liberty"
    sides = SIDES
    grammar = GRAMMAR
    ctx: Ctx

    def __init__(self, ctx: Ctx, log: Sequence[str] | None = None) -> None:
        super().__init__(ctx, log)
        # the moves from each place, kept from one state to the next (``legal.Kept``; a loaded game starts
        # without them, and they are never in its snapshot)
        self._places = Kept()

    @classmethod
    def new(cls, options: Options, seed: int) -> Game:
        return cls(new_state(options, seed))

    @classmethod
    def _stored(cls, state: dict[str, Any], options: dict[str, Any]) -> Ctx:
        return Ctx(State.from_dict(state), load_liberty(), Options.from_dict(options))

    def _not_a_side(self, role: str) -> RuleError:
        return error("", "liberty.order.role", role=role, roles=list(SIDES))

    def _logged(self, order: str | Command | Order, typed: Order) -> str:
        """The order as it was written (a value: its text)."""
        return order.strip() if isinstance(order, str) else order.text()

    def _play(self, role: str, order: Order) -> None:
        if self.ctx.st.phase == Phase.OVER:
            raise error("11.1", "liberty.order.over")
        self._dispatch(role, order)
        flow.run(self.ctx)

    # -- the contract ---------------------------------------------------------------------------------------
    def result(self) -> dict[str, Any] | None:
        st = self.ctx.st
        return {"winner": st.winner, "reason": st.reason, "vp": st.vp, "year": st.year} if self.over else None

    def active(self) -> list[str]:
        return active(self.ctx)

    def view(self, role: str = "public", *, events: bool = True) -> View:
        return build_view(self.ctx, role, self.active(), events=events)

    def legal(self, role: str) -> Legal:
        """What ``role`` may do now. The bot asks again of the same state (each active role's prompt, its
        headline, its drafts), so the answer is kept (``legal.answers``), keyed by the state's whole content
        (``legal.content``): a state changed in any way since (an order, a directive, a field written from
        outside) is a new key, never a stale answer."""
        kept = answers(self.ctx.lib).of(content(self.ctx))
        found = kept.get(role)
        if found is None:
            found = kept[role] = legal(self.ctx, role, self.active(), self._places)
        return found

    # -- orders ---------------------------------------------------------------------------------------------
    def _units(self, names: str | Sequence[str]) -> list[str]:
        """The block ids the names mean (5.1: a block is named by its id, or a unique start of it)."""
        out = []
        for u in split_list(names) if isinstance(names, str) else names:
            try:
                out.append(self.ctx.lib.match_unit(u))
            except (NoMatch, AmbiguousMatch):
                raise error("", "liberty.order.unit", unit=u) from None
        return out

    def _path(self, names: Sequence[str]) -> list[str]:
        return [board.place_of(self.ctx, p) for p in names]

    def _dispatch(self, role: str, o: Order) -> None:
        """The rules of the order's kind, on the blocks and places its names mean."""
        ctx, st = self.ctx, self.ctx.st
        if isinstance(o, O.Play):
            turns.play(ctx, role, o.card)
        elif isinstance(o, O.Supply):
            turns.supply(ctx, role, self._units(o.units))
        elif isinstance(o, O.Move):
            units, path = self._units(o.units), self._path(o.path)
            turns.move(ctx, role, units, path, forced=o.forced, river=o.river, also=o.also)
        elif isinstance(o, O.Sea):
            turns.sea_move(ctx, role, self._units(o.units), board.place_of(ctx, o.to))
        elif isinstance(o, O.Build):
            turns.build(ctx, role)
        elif isinstance(o, O.Place):
            turns.place(ctx, role, board.place_of(ctx, o.to))
        elif isinstance(o, O.End):
            if st.phase == Phase.ACTIONS and st.acting == role:
                turns.end_actions(ctx, role)
            elif st.phase == Phase.REGROUP:
                battle.end_regroup(ctx, role)
            elif st.phase == Phase.DISBAND:
                winter.end_disband(ctx, role)
            elif st.phase == Phase.ATTRITION:
                winter.end_attrition(ctx, role)
            elif st.phase == Phase.WITHDRAW:
                battle.end_withdrawal(ctx, role)
            else:
                raise error("", "liberty.order.end_not_now", phase=st.phase)
        elif isinstance(o, O.Battle):
            battle.choose(ctx, role, board.place_of(ctx, o.at))
        elif isinstance(o, O.Fire):
            battle.fire(ctx, role, self._units([o.unit])[0] if o.unit else None)
        elif isinstance(o, O.Hit):
            battle.choose_hit(ctx, role, self._units([o.unit])[0])
        elif isinstance(o, O.Retreat):
            unit = self._units([o.unit])[0]
            battle.retreat(ctx, role, unit, self._path(o.path), river=o.river)
        elif isinstance(o, O.Regroup):
            units, path = self._units(o.units), self._path(o.path)
            battle.regroup(ctx, role, units, path, river=o.river)
        elif isinstance(o, O.Disband):
            winter.disband(ctx, role, self._units(o.units))
        elif isinstance(o, O.Attrition):
            winter.choose_attrition(ctx, role, self._units(o.units))
        elif isinstance(o, O.Exchange):
            exchange.offer(ctx, role, self._units(o.give), self._units(o.take))
        elif isinstance(o, (O.Accept, O.Decline)):
            exchange.answer(ctx, role, isinstance(o, O.Accept))
        elif isinstance(o, O.Prefer):
            ids = self._units(o.hits)
            for u in ids:
                if st.blocks[u].side != role:
                    raise error("7.32", "liberty.prefer.not_yours", unit=u)
            st.hit_order[role] = ids

    # -- scripts and snapshots ------------------------------------------------------------------------------
    def directive(self, word: str, rest: str) -> None:
        """``@dice 1 5 6`` (forced dice), ``@place UNIT PLACE [cv=N]``, ``@hand SIDE CARD,CARD``,
        ``@french in`` (France at war, 9.0)."""
        st = self.ctx.st
        if word == "dice":
            st.dice.force([int(v) for v in rest.split()])
        elif word == "place":
            parts = rest.split()
            cv = int(parts.pop()[3:]) if parts and parts[-1].startswith("cv=") else None
            if len(parts) < 2:
                raise ValueError("write @place UNIT PLACE [cv=N]")
            unit = self._units(parts[0])[0]
            where = " ".join(parts[1:])
            b = st.blocks[unit]
            b.at = where if where in ("pool", "prisoner", "french_pool") else board.place_of(self.ctx, where)
            b.strength = cv or self.ctx.lib.unit(unit).max_cv
        elif word == "hand":
            side, _, cards = rest.partition(" ")
            ids = split_list(cards)
            known = {c.id for c in self.ctx.lib.cards}
            if side not in SIDES or any(c not in known for c in ids):
                raise ValueError("write @hand SIDE CARD,CARD (card ids of cards.toml)")
            st.hands[side] = ids
        elif word == "french":  # a position after France's entry (9.0), as the winter roll makes it
            if rest.strip() != "in":
                raise ValueError("write @french in")
            winter.french_enter(self.ctx)
        else:
            raise ValueError(f"unknown directive @{word}")
        self._log.append(f"@{word} {rest}")

    def copy(self) -> Self:
        """A game equal to this one that shares nothing that changes with it (``Module.copy``: the service
        applies each order to a copy): the state cloned, the events shared (an event never changes once
        emitted); the ``legal`` answers are kept by the state's content (``legal.answers``): they hold for
        the copy too. Reloading the snapshot instead costs the JSON of the whole event log, every order."""
        game = super().copy()
        state = game.ctx.st
        if state.offer is not None:  # 11.5: its lists of blocks are its own too (``clone`` shares them)
            state.offer = copy.deepcopy(state.offer)
        game._places = self._places.copy()
        return game
