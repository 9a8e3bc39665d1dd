"""What every part of the service shares: who calls (``Caller``), what it refuses (``ServiceError``), a
loaded game (``Live``) and a few small helpers."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from engine import RuleError, modules
from engine.module import AnyModule, GameObject

from ..i18n import locale_of, t
from ..storage import GameRow

if TYPE_CHECKING:
    from ai.player import Player

    from ..storage import StoreBase

# a new game's deadlines: a day to act, a reminder four hours before, and the late player's part passed
NEW_GAME_DEADLINE_HOURS, NEW_GAME_REMINDER_HOURS = 24.0, 4.0
MAX_DEADLINE_HOURS = 720.0  # 30 days: a campaign turn that waits longer has been abandoned
SHOWN = 100  # characters of a user's own text repeated in an answer (Discord's messages are 2,000 at most)


class ServiceError(Exception):
    """A request the service refuses (not a rule of the game): wrong channel, not your seat, not host.

    ``key`` and ``params`` name the message in ``i18n`` (``svc.*``) so that each front end says it in the
    player's language (``i18n.localize_error``); ``str()`` is the English. A key the catalog does not know is
    taken as the English text itself."""

    def __init__(self, key: str, /, **params: Any) -> None:
        try:
            text = t(key, "en", **params)
        except KeyError:
            text, key = key, ""
        self.key: str | None = key or None
        self.params = params
        super().__init__(text)

    @classmethod
    def of_rule(cls, err: RuleError) -> ServiceError:
        """A rule error (bad options, say) refused as a request: said exactly as ``str(err)``."""
        return cls("svc.rule", error=err)


@dataclass(frozen=True)
class Caller:
    user_id: int
    channel_id: int
    guild_id: int = 0
    manager: bool = False  # holds Manage Server: may run administrative commands in any game
    name: str = ""
    locale: str = "en"  # the user's language (Discord's interaction locale): replies are in it

    @property
    def loc(self) -> str:
        return locale_of(self.locale)


@dataclass
class Live:
    """A game as last committed: its row and, once started, its engine game. Never changed in place by the
    service: a change works on copies and, once stored, a new ``Live`` takes this one's place."""

    row: GameRow
    game: GameObject | None = None
    # the game's bot player (``ai.registry.new_player``), kept so that it remembers its plans
    bot: Player[Any, Any] | None = None

    @property
    def id(self) -> int:
        return self.row.id


class Hub(Protocol):
    """What the service's parts (lobby, play, drafts, deadlines) use of the ``Service`` that holds them: the
    parts depend on this, not on ``service.py`` (no import circle)."""

    store: StoreBase
    # the parts themselves (core.Games, play.Play, deadlines.Deadlines) import this file: named here by
    # what they are, they would make a circle of imports
    games: Any
    clock: Callable[[], float]
    seed_source: Callable[[], int]
    play: Any
    deadlines: Any

    def moment(self, live: Live) -> int: ...
    async def seen(self, caller: Caller) -> None: ...
    def background(self, coro: Coroutine[Any, Any, Any], name: str) -> None: ...


def roles_of(row: GameRow, user_id: int) -> list[str]:
    """The seats a user holds in a game."""
    return [r for r, (u, _bot) in row.seats.items() if u == user_id]


def is_admin(row: GameRow, caller: Caller) -> bool:
    return caller.manager or caller.user_id == row.host_id


def need_admin(row: GameRow, caller: Caller, what: str) -> None:
    """``what``: the action refused (``start``, ``options``, ``spectate``, ``abort``, ``import``, ...)."""
    if not is_admin(row, caller):
        raise ServiceError("svc.need_admin", host=row.host_id, what=what)


def need_game(live_row: GameRow, game: GameObject | None) -> GameObject:
    if live_row.status == "aborted":
        raise ServiceError("svc.game_gone")
    if game is None or live_row.status == "lobby":
        raise ServiceError("svc.not_started")
    if live_row.status == "suspended":
        raise ServiceError("svc.suspended")
    return game


def need_open(row: GameRow) -> None:
    """Under the lock: the game is still open (another change may have aborted it since it was read)."""
    if row.status not in ("lobby", "running", "suspended"):
        raise ServiceError("svc.game_gone")


def language(row: GameRow) -> str:
    """The game's language: its channel posts and reminders (``/game new language:``)."""
    return locale_of(row.settings.language)


def module_of(row: GameRow) -> AnyModule:
    """The game module a game is played by (stored with it: schema 6; the default game for older ones)."""
    return modules.get(row.module)


def options_of(row: GameRow) -> Any:
    """The game's options object, as its module reads the stored values."""
    m = module_of(row)
    return m.make_options({**m.defaults(), **row.options})


def thread_roles(row: GameRow) -> tuple[str, ...]:
    """The seats that ever share a private thread (the two partners of a 3-player game, say)."""
    return module_of(row).private_roles(options_of(row))


def options_line(d: dict[str, Any]) -> str:
    return " ".join(f"{k}={('on' if v else 'off') if isinstance(v, bool) else v}" for k, v in d.items())


def shown(text: str) -> str:
    """A user's own text, cut to a length an answer can repeat."""
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def owns(row: GameRow, role: str, unit_id: str) -> bool:
    """The unit is the seat's (the module says: by army, say)."""
    return module_of(row).owns(role, unit_id.upper())


def unit_order(uid: str) -> tuple[str, int]:
    head, _, num = uid.partition("-")
    return (head, int(num) if num.isdigit() else 0)


def last_order(game: GameObject) -> tuple[str, str]:
    """The role and text of the order just accepted, as the engine logged it (``role: /order``)."""
    role, _, text = game.log[-1].partition(": ")
    return role, text
