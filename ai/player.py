"""The bot-player interface and the loop that lets a bot play a role's turn.

A bot player decides only from what its role may know: ``game.view(role)`` and ``game.legal(role)``
(the view is the only door out of the engine: docs/ai.md). ``play_turn`` is the one place that touches the
game: it asks for the view and the legal orders, hands them to the player, and applies what it returns.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar, runtime_checkable

from engine import Choice, RuleError, parse_command


class LegalOrders(Protocol):
    """What the platform reads of any module's legal orders (each module has its own type)."""

    @property
    def active(self) -> bool: ...
    @property
    def phase(self) -> str: ...
    @property
    def choices(self) -> Sequence[Choice]: ...


# A module's view and legal-orders types: taken by its players (contravariant), given by its games
# (covariant); ``play_one`` ties a game's to its player's.
ViewT = TypeVar("ViewT", contravariant=True)
LegalT = TypeVar("LegalT", bound=LegalOrders, contravariant=True)
ViewOut = TypeVar("ViewOut", covariant=True)
LegalOut = TypeVar("LegalOut", bound=LegalOrders, covariant=True)
View = TypeVar("View")
Legal = TypeVar("Legal", bound=LegalOrders)


class PlayedGame(Protocol[ViewOut, LegalOut]):
    """What ``play_one`` calls on a game (``engine.GameObject``, whose ``apply`` takes its own order values
    as well as their text): its role's view and legal orders are the module's own types."""

    @property
    def over(self) -> bool: ...
    def view(self, role: str, *, events: bool = True) -> ViewOut: ...
    def legal(self, role: str) -> LegalOut: ...
    def apply(self, role: str, order: Choice) -> object: ...


@runtime_checkable
class Player(Protocol[ViewT, LegalT]):
    """A bot player: given its role's view and legal orders, return one order: one of ``legal.choices`` (an
    order value, or a text for a module whose orders are text) or an order's text.

    ``game_view`` is ``game.view(role)``, ``legal`` is ``game.legal(role)`` (``legal.active`` is true and
    ``legal.choices`` is not empty when it is asked). The order need not be one of ``legal.choices`` (a
    multi-unit ``/move`` or a custom ``/deploy`` is fine) but it must be accepted by the engine.
    """

    def choose(self, game_view: ViewT, legal: LegalT, rng: random.Random) -> Choice: ...


@dataclass
class PlayStats:
    """What ``play_turn`` counts across calls: orders applied, and orders the engine rejected (each replaced
    by a legal fallback)."""

    orders: int = 0
    fallbacks: int = 0
    rejected: list[tuple[str, str, str]] = field(default_factory=list)  # (role, order, error)


def fallback_order(legal: LegalOrders) -> Choice:
    """A safe legal order when a player's order was rejected: end what the role is doing if it may; in a
    movement phase whose /end is held back (6.1: an attack short of 3 units), take the last move back;
    otherwise the first legal choice (a deployment example, a setup placement)."""
    for c in legal.choices:
        if parse_command(str(c)).name == "end":
            return c
    if legal.phase == "movement" and "/undo" in legal.choices:
        return "/undo"
    return next((c for c in legal.choices if c != "/undo"), legal.choices[0])


def play_one(
    game: PlayedGame[View, Legal],
    role: str,
    player: Player[View, Legal],
    rng: random.Random,
    *,
    stats: PlayStats | None = None,
    apply: Callable[[str, Choice], object] | None = None,
) -> Choice | None:
    """Ask ``player`` for one order of ``role`` and apply it; None if the role has nothing to do.

    If the engine rejects the player's order, a legal fallback (``/end`` where legal, else the first legal
    choice) is applied instead, and ``stats.fallbacks`` counts it. ``apply`` (default ``game.apply``) is how
    the order is applied: the bot service stores it with the change it belongs to."""
    apply = apply or game.apply
    if game.over:
        return None
    legal = game.legal(role)
    if not legal.active or not legal.choices:
        return None
    view = game.view(role, events=bool(getattr(player, "wants_events", False)))
    order = player.choose(view, legal, rng)
    try:
        apply(role, order)
    except RuleError as e:
        if stats is not None:
            stats.fallbacks += 1
            stats.rejected.append((role, str(order), str(e)))
        order = fallback_order(legal)
        apply(role, order)
    if stats is not None:
        stats.orders += 1
    return order


def play_turn(
    game: PlayedGame[View, Legal],
    role: str,
    player: Player[View, Legal],
    rng: random.Random,
    limit: int = 500,
    *,
    stats: PlayStats | None = None,
) -> list[Choice]:
    """Apply ``player``'s orders for ``role`` while the role is active (until it is no longer asked to act,
    the game ends, or ``limit`` orders have been applied). Returns the orders applied (see ``play_one``)."""
    applied: list[Choice] = []
    while len(applied) < limit:
        order = play_one(game, role, player, rng, stats=stats)
        if order is None:
            break
        applied.append(order)
    return applied
