"""Whole games of a module, played the same way for every game: through the real discord.py against the fake
Discord API (a ``bot_harness``), every order the slash command of the seat's player, picked at random among
the legal ones by the module's fuzzer (``slash_games``); and through the service, the module's bot players on
every seat (``bots_play``). And a game of random legal orders in the engine alone (``random_game``), to replay
elsewhere, as in the console (``in_console``). Each game's test checks what its channel must say and what its
result is."""

from __future__ import annotations

import io
import random
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.pictures import NoPictures
from bot.service import Caller, Service
from engine.orders import Choice, command_of

GUILD = 9


def slash_options(order: Choice) -> tuple[str, dict[str, Any]]:
    """An order (its value or its text) as the slash command a player fills in: ``/move units:a,b
    path:x>y forced:yes`` -> ``("move", {"units": "a,b", "path": "x>y", "forced": True})`` (a yes is
    Discord's boolean)."""
    cmd = command_of(order)
    return cmd.name, {k: (True if v == "yes" else v) for k, v in cmd.options.items()}


def channel_text(h: Any, channel: int, since: int) -> tuple[list[str], int]:
    """The texts posted in ``channel`` from the ``since``-th post on, and how many posts it has now."""
    posted = h.fake.messages_in(channel)
    return [p.get("content") or "" for p in posted[since:]], len(posted)


def live_game(h: Any) -> Any:
    """The bot's one live game (its row and its game), as it is now."""
    return next(iter(h.bot.service.live.values()))


async def open_game(
    h: Any, game: str, users: dict[str, str], options: dict[str, Any] | None = None, channel: str = "game-1"
) -> Any:
    """``/game new`` of ``game`` (with ``options``) by the first user, each user joining the seat that
    ``users`` gives them (in its order), ``/game start``; the answer to ``/game new``."""
    host = next(iter(users.values()))
    made = await h.feed(h.slash("game new", {"game": game, **(options or {})}, user=host, channel=channel))
    for role, user in users.items():
        await h.feed(h.slash("game join", {"role": role}, user=user, channel=channel))
    await h.feed(h.slash("game start", user=host, channel=channel))
    return made


@dataclass
class Played:
    """One order given as a slash command: the seat that gave it, its text, the command's name, how many
    events the game had before it, and the live game after it."""

    role: str
    order: str
    command: str
    before: int
    live: Any


async def slash_games(
    h: Any, module: Any, rng: random.Random, users: dict[str, str], channel: str = "game-1"
) -> AsyncIterator[Played]:
    """The live game played on to its end (or the fuzzer's cap of orders): the active seat's user sends a
    random legal order (the module's fuzzer) as a slash command, answered "Done"; each order yielded."""
    live, orders = live_game(h), 0
    while not live.game.over and orders < module.fuzzing.cap:
        role = live.game.active()[0]
        order = module.fuzzing.pick(rng, live.game, role, {})
        assert order is not None, (role, live.game.view(role).step)
        before = len(live.game.events)
        command, options = slash_options(order)
        got = await h.feed(h.slash(command, options, user=users[role], channel=channel))
        assert got.said.content.startswith("Done"), (order, got.said.content)
        orders += 1
        live = live_game(h)
        yield Played(role, order, command, before, live)


async def bots_play(
    store: Any, game: str, roles: Sequence[str], options: str = "", channel: int = 700, seed: int = 21
) -> tuple[Any, list[Any]]:
    """The host seats the module's bot player on every seat of a game of ``game``; the service plays the seats
    in the background until the game ends, every order stored without a user. The finished live game and its
    stored orders. ``seed``: the game's, one that ends with a winner (a draw fails)."""
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: seed)
    host = Caller(user_id=1, channel_id=channel, guild_id=GUILD)
    await svc.new_game(host, options, game=game)
    for role in roles:
        await svc.join(host, role, bot=True)
    await svc.start(host)
    await svc.idle()
    live = await svc.current(channel, finished=True)
    assert live.game.over and live.row.status == "over", live.game.view("public").step
    assert live.game.result()["winner"] in roles
    rows = await store.orders(live.row.id)
    assert rows and all(r.user_id is None for r in rows)
    assert {r.role for r in rows} == set(roles)
    await svc.idle()
    return live, rows


def random_game(module: Any, options: Any, seed: int, most: int | None = None) -> Any:
    """A game of random legal orders from ``seed``, each picked by the module's fuzzer (``Fuzzing.pick``):
    ``most`` orders (fewer if it ends), or else the whole game, over before the fuzzer's cap of orders."""
    rng = random.Random(seed)
    game = module.new_game(options, seed)
    n = 0
    while not game.over and (most is None or n < most):
        role = game.active()[0]
        order = module.fuzzing.pick(rng, game, role, {})
        assert order is not None, (seed, role, game.view(role).step)
        game.apply(role, order)
        n += 1
        assert most is not None or n < module.fuzzing.cap, (seed, n)
    return game


async def in_console(
    monkeypatch: Any, tmp_path: Path, game: str, options: str, lines: Sequence[str], seed: int
) -> tuple[int, str]:
    """The console of ``game`` (``estafette console``, in this process) started with ``options`` (``k=v``
    text), its dice from ``seed``, ``lines`` typed on its input: its exit status and all it printed."""
    from bot.console import run_console

    monkeypatch.setattr(
        "bot.console.Service", lambda store: Service(store, pictures=NoPictures(), seed_source=lambda: seed)
    )
    out = io.StringIO()
    typed = io.StringIO("\n".join([*lines, ""]))
    status = await run_console(
        str(tmp_path / "c.db"), str(tmp_path / "pics"), options, typed, out=out, game=game
    )
    return status, out.getvalue()
