"""What the benches share: the games they bench (``--game``, every registered module by default), their
random players, the machine's load, percentiles, and a stored game copied with every row it needs."""

from __future__ import annotations

import gc
import os
import random
import time
from collections.abc import Callable, Mapping

from ai.registry import new_random_player
from bot.storage.base import StoreBase
from engine import modules
from engine.module import AnyModule, GameObject
from engine.orders import text_of
from tools.fuzz import pick as fuzz_pick

# A random legal order of a role: (random.Random, game, role) -> the order's text, or None.
Chooser = Callable[[random.Random, GameObject, str], str | None]


def games_of(game: str) -> list[AnyModule]:
    """The modules a bench runs: ``--game ID`` one of them, "" every registered module (the default first)."""
    return [modules.get(game)] if game else modules.modules()


def chooser(module: AnyModule) -> Chooser:
    """The module's random player as its bench plays it (``Fuzzing.bench_opponent``): the fuzzer's (``fuzz``:
    ``Fuzzing.pick``, which reads the game) or the game's random bot (``random``: its view and legal
    orders only, ``ai/registry.py``)."""
    player = new_random_player(module.id) if module.fuzzing.bench_opponent == "random" else None
    if player is not None:
        bot = player

        def by_view(rng: random.Random, game: GameObject, role: str) -> str | None:
            legal = game.legal(role)
            if not list(getattr(legal, "choices", ())):
                return None
            return text_of(bot.choose(game.view(role), legal, rng))

        return by_view
    budget: dict[str, int] = {}
    return lambda rng, game, role: fuzz_pick(module, rng, game, role, budget)


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


class Collections:
    """The pauses of Python's cycle collector in this process while it listens (``start``/``stop``): a
    collection of the oldest generation walks every object the process holds and holds the event loop."""

    def __init__(self) -> None:
        self.pauses: list[tuple[int, float]] = []  # (generation, ms)
        self._began = 0.0

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.pauses.append((info["generation"], (time.perf_counter() - self._began) * 1000))

    def start(self) -> Collections:
        gc.callbacks.append(self._note)
        return self

    def stop(self) -> None:
        gc.callbacks.remove(self._note)

    def said(self) -> str:
        old = sorted(ms for g, ms in self.pauses if g == 2)
        young = sum(ms for g, ms in self.pauses if g < 2)
        worst = f", the longest {old[-1]:.0f} ms, in all {sum(old):.0f} ms" if old else ""
        return (
            f"Python's collections of the oldest generation {len(old)}{worst}; of the younger"
            f" {len(self.pauses) - len(old)}, in all {young:.0f} ms;"
            f" objects frozen now {gc.get_freeze_count()}"
            f" (ESTAFETTE_COLLECT_SECONDS={os.environ.get('ESTAFETTE_COLLECT_SECONDS', 'default')})"
        )


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


async def _tables(store: StoreBase) -> dict[str, list[str]]:
    """Every table of the store and its columns (SQLite or PostgreSQL)."""
    if hasattr(store, "path"):  # SQLite
        names = [r["name"] for r in await store._all("SELECT name FROM sqlite_master WHERE type='table'")]
        return {
            n: [c["name"] for c in await store._all("SELECT name FROM pragma_table_info(?)", (n,))]
            for n in names
            if not n.startswith("sqlite_")
        }
    rows = await store._all(
        "SELECT table_name AS t, column_name AS c FROM information_schema.columns"
        " WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"
    )
    out: dict[str, list[str]] = {}
    for r in rows:
        out.setdefault(r["t"], []).append(r["c"])
    return out


_known: dict[int, dict[str, list[str]]] = {}  # the tables of each store copied into (its schema is fixed)

# What a copy leaves out: the messages the source's changes sent (delivered already, or not the copy's).
NOT_COPIED = ("outbox",)


async def copy_game(store: StoreBase, source: int, channel_id: int, users: Mapping[int, int]) -> int:
    """A copy of game ``source`` in another channel with every row of every table that holds a game's rows
    (each table with a ``game_id`` column but the outbox), so that it loads as the source does; the players
    ``users`` (source's user id -> the copy's) in place of the source's. Orders keep no interaction id (each
    is the source's, once). The copy's id."""
    tables = _known.get(id(store))
    if tables is None:
        tables = _known[id(store)] = await _tables(store)
    user_cases = " ".join("WHEN ? THEN ?" for _ in users)
    user_params = tuple(x for pair in users.items() for x in pair)

    def column(name: str) -> tuple[str, tuple[int, ...]]:
        if name in ("user_id", "host_id") and users:
            return f"CASE {name} {user_cases} ELSE {name} END", user_params
        if name == "interaction_id":
            return "NULL", ()
        return name, ()

    async with store._tx() as tx:
        cols = [c for c in tables["games"] if c not in ("id", "channel_id")]
        picked = [column(c) for c in cols]
        row = await tx.fetchone(
            f"INSERT INTO games (channel_id, {', '.join(cols)})"
            f" SELECT ?, {', '.join(sql for sql, _ in picked)} FROM games WHERE id=? RETURNING id",
            (channel_id, *(p for _, ps in picked for p in ps), source),
        )
        assert row is not None
        gid = int(row["id"])
        for table, cols in sorted(tables.items()):
            if table == "games" or table in NOT_COPIED or "game_id" not in cols:
                continue
            rest = [c for c in cols if c != "game_id"]
            picked = [column(c) for c in rest]
            await tx.execute(
                f"INSERT INTO {table} (game_id, {', '.join(rest)})"
                f" SELECT ?, {', '.join(sql for sql, _ in picked)} FROM {table} WHERE game_id=?",
                (gid, *(p for _, ps in picked for p in ps), source),
            )
    return gid
