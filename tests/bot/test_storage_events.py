"""Storage that grows by events, not by snapshots (schema 6, docs/service.md), on both backends.

Each change stores its orders and what it did to the game's event log and script log (a row of
``events``); the engine state without those logs is stored every ``snapshot_every`` orders and at the end of
each campaign turn (``snapshots``), so a load replays fewer than ``snapshot_every`` orders. A database of
schema 5 (``fixtures/v5_database.json``, written by the code of schema 5) migrates, its games load from their
whole snapshots, play on, and move to the new tables at their next change."""

from __future__ import annotations

import json
import random
from pathlib import Path

from bot.pictures import NoPictures
from bot.service import Caller, Service
from bot.service.core import Games, canonical
from bot.storage.base import commit_sizes
from engine.napoleon import Game
from engine.napoleon.fuzzing import pick

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "v5_database.json"
SCHEMA_5 = {"sqlite": 5, "postgres": 1}  # PostgreSQL's first schema is SQLite's fifth
CH, HOST, ALICE, BOB = 100, 1, 2, 3
USERS = {"french": ALICE, "allied": BOB}


def who(user: int, channel: int = CH) -> Caller:
    return Caller(user, channel, 9, manager=user == HOST)


async def started(store, options: str = "setup=historical days=0", every: int | None = None) -> Service:
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 7)
    if every is not None:
        svc.games.snapshot_every = every
    await svc.new_game(who(HOST), options)
    await svc.join(who(ALICE), "french")
    await svc.join(who(BOB), "allied")
    await svc.start(who(HOST))
    return svc


async def play(svc: Service, n: int, seed: int = 1, after=None) -> None:
    """``n`` random legal orders in game 1 (``after(role, order)`` is called after each)."""
    rng, budget = random.Random(seed), {}
    for _ in range(n):
        await svc.idle()
        game = svc.live[1].game
        if game.over:
            return
        role = rng.choice(game.active())
        order = pick(rng, game, role, budget)
        r = await svc.order(who(USERS[role]), order, role=role)
        assert r.reply.text.startswith("Done"), r.reply.text
        if after is not None:
            await after(role, order)


async def fresh_load(store, every: int) -> tuple[Game, int]:
    """Game 1 loaded by a process that has never seen it, and how many orders that load replayed."""
    games = Games(store, snapshot_every=every)
    game = await games.load(await store.game(1))
    assert game is not None
    return game, games.replayed


# --- what a change writes ---------------------------------------------------------------------------------


async def test_a_load_replays_fewer_than_n_orders_and_a_snapshot_comes_at_each_turns_end(new_store):
    store = await new_store()
    every = 6
    svc = await started(store, every=every)
    turns: list[int] = []  # the orders after which a campaign turn ended (4.0)
    loads: list[int] = []

    async def after(_role: str, _order: str) -> None:
        row = await store.game(1)
        if svc.live[1].game.state.turn != last[0]:
            turns.append(row.version)
            last[0] = svc.live[1].game.state.turn
        game, replayed = await fresh_load(store, every)
        loads.append(replayed)
        assert replayed < every, f"a load after order {row.version} replayed {replayed} orders"
        assert game.dumps() == svc.live[1].game.dumps(), f"the stored game differs after order {row.version}"

    last = [svc.live[1].game.state.turn]
    await play(svc, 90, after=after)
    assert max(loads) == every - 1  # some stretch of a turn was long enough to need the every-N snapshot
    kept = {int(r["seq"]) for r in await store._all("SELECT seq FROM snapshots WHERE game_id=1")}
    assert len(turns) >= 3 and set(turns) <= kept  # 4.0: each turn's end has its snapshot
    _seq, state = await store.snapshot(1)
    assert json.loads(state)["events"] == [] and json.loads(state)["log"] == []  # without the two logs


async def test_every_order_writes_less_than_5_kb_of_rows_whatever_the_game_has_grown_to(new_store):
    """Bounded on the rows each commit writes (``commit_sizes``: deterministic): games row, orders, events,
    snapshots. Schema 5 rewrote the whole snapshot, which grows past 5 KB at once and keeps growing."""
    store = await new_store()
    svc = await started(store)
    sizes: list[int] = []
    reference: list[int] = []
    commit = store.commit

    async def measured(c):
        s = commit_sizes(c)
        sizes.append(s["games"] + s["orders"] + s["events"] + s["snapshots"] + s["other"])
        return await commit(c)

    store.commit = measured

    async def after(_role, _order):
        reference.append(len(svc.live[1].game.dumps()))

    await play(svc, 120, seed=4, after=after)
    snapshots = await store._all("SELECT seq FROM snapshots WHERE game_id=1")
    assert len(sizes) >= 120 and len(snapshots) > 5
    assert max(sizes) < 5000, sorted(sizes)[-5:]
    assert min(reference) > 5000 and reference[-1] > 5 * max(sizes)  # what schema 5 wrote each time


async def test_an_undo_cuts_the_stored_logs_back(new_store):
    store = await new_store()
    svc = await started(store)
    await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    moved = svc.live[1].game
    r = await svc.order(who(ALICE), "/undo")
    assert r.reply.text.startswith("Done"), r.reply.text
    game = svc.live[1].game
    assert len(game.state.events) < len(moved.state.events) and len(game.state.log) < len(moved.state.log)
    (row,) = await store._all("SELECT events_from, log_from FROM events WHERE game_id=1 AND seq=2")
    assert row["events_from"] == len(game.state.events) and row["log_from"] == len(game.state.log)
    events, log = await store.history(1, 2)
    assert events == [e.to_dict() for e in game.state.events] and log == game.state.log
    loaded, _ = await fresh_load(store, 32)
    assert loaded.dumps() == game.dumps()


async def test_moments_after_a_restart_come_from_the_snapshot_before_them(new_store):
    store = await new_store()
    svc = await started(store, every=5)
    await play(svc, 30, seed=2)
    again = Service(store, pictures=NoPictures())
    again.games.snapshot_every = 5
    for seq in (0, 3, 11, 17, 29):
        game = await again.games.game_at(1, seq)
        assert game.dumps() == (await again.games.replay(await store.game(1), upto=seq)).dumps()
    assert again.games.replayed < 5 * 5  # each moment replayed only the orders after a snapshot


# --- the start-up check, from the snapshot before the latest ------------------------------------------------


async def test_a_damaged_latest_snapshot_or_history_suspends_the_game(new_store):
    for damage in ("snapshot", "history"):
        store = await new_store(damage)
        svc = await started(store, every=4)
        await play(svc, 14, seed=3)
        await svc.idle()
        row = await store.game(1)
        if damage == "snapshot":  # the latest snapshot replaced by an older one
            (old,) = await store._all("SELECT state FROM snapshots WHERE game_id=1 ORDER BY seq LIMIT 1")
            await store._exec(
                "UPDATE snapshots SET state=? WHERE game_id=1 AND seq=?", (old["state"], row.snapshot_seq)
            )
        else:  # a line added to the script log of the last change
            await store._exec(
                "UPDATE events SET log='[\"allied: /end\"]' WHERE game_id=1 AND seq=?", (row.version,)
            )
        problems = await Service(store, pictures=NoPictures()).recover()
        assert problems and "suspended" in problems[0], damage
        assert (await store.game(1)).status == "suspended"


async def test_a_full_check_replays_from_the_first_order_and_finds_old_damage(new_store):
    store = await new_store()
    svc = await started(store, every=4)
    await play(svc, 20, seed=3)
    await svc.idle()
    # the history of order 2, far behind both latest snapshots: only a replay from the first order sees it
    await store._exec("UPDATE events SET log='[\"allied: /end\"]' WHERE game_id=1 AND seq=2")
    lazy = Service(store, pictures=NoPictures())
    assert await lazy.recover() == []
    full = Service(store, pictures=NoPictures())
    await full.recover(lazy=True)
    await full.check_all(full=True)
    await full.stop()
    assert full.problems and (await store.game(1)).status == "suspended"


# --- the game module --------------------------------------------------------------------------------------


async def test_the_game_module_is_stored_with_the_game_and_kept_by_every_change(new_store):
    store = await new_store()
    from support.games import dash as dash_game

    from engine import modules

    modules.register(dash_game.MODULE)
    try:
        gid = await store.create_game(9, CH, HOST, {"length": 6}, 1, {}, module="dash")
        svc = Service(store, pictures=NoPictures())
        await svc.join(who(ALICE), "red")  # the module's seats, not Napoleon's
        assert (await store.game(gid)).module == "dash"
    finally:
        modules.unregister("dash")
    other = await store.create_game(9, CH + 1, HOST, {}, 1, {})
    assert (await store.game(other)).module == "napoleon"


# --- migration of a schema-5 database ---------------------------------------------------------------------


async def v5_database(new_store, name: str = "v5"):
    """A database at schema 5 holding the rows the code of schema 5 wrote, then opened by this code."""
    old = await new_store(name, schema=SCHEMA_5[new_store.backend])
    data = json.loads(FIXTURE.read_text())
    for table in ("games", "seats", "spectators", "orders", "preferences", "imports", "users"):
        cols = data[table]["columns"]
        sql = f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})"
        for values in data[table]["rows"]:
            await old._exec(sql, tuple(values))
    if new_store.backend == "postgres":
        await old._exec("SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT MAX(id) FROM games))")
    with_snapshot = await old._one("SELECT snapshot FROM games WHERE id=1")
    await old.close()
    return await new_store(name), with_snapshot["snapshot"], data["script"]


async def test_a_v5_database_migrates_and_its_games_load_and_play_on(new_store):
    store, whole, script = await v5_database(new_store)
    row = await store.game(1)
    assert row.module == "napoleon" and row.snapshot == whole and row.snapshot_seq is None
    assert (await store.game(2)).status == "lobby"
    svc = Service(store, pictures=NoPictures())
    assert await svc.recover() == []  # checked against a replay of all its orders
    live = await svc.games.read(1)
    # the same game; its events as this engine says them (dice events gained what a roll needed): the replay
    # of the orders is kept, not a suspension
    assert canonical(live.game.dumps(), events=False) == canonical(Game.loads(whole).dumps(), events=False)
    assert live.game.dumps() == (await svc.games.replay(row)).dumps()
    assert await svc.lobby.script_text(row) == script  # the export is the one schema 5 made
    await play(svc, 12, seed=6)
    await svc.idle()
    row = await store.game(1)
    assert row.snapshot is None and row.snapshot_seq is not None  # moved to the tables of schema 6
    assert (await store.snapshot(1))[0] == row.snapshot_seq
    again = Service(store, pictures=NoPictures())
    assert await again.recover() == []
    loaded = await again.games.read(1)
    assert loaded.game.dumps() == svc.live[1].game.dumps()
    assert again.games.replayed < again.games.snapshot_every
    assert (await again.lobby.script_text(row)).startswith(script.rstrip("\n"))  # the same, and on
    # the moments before the move come from a whole replay (schema 5 kept no snapshot of them)
    early = await again.games.game_at(1, 30)
    assert early.dumps() == (await again.games.replay(row, upto=30)).dumps()
    # the lobby game of schema 5 starts as a game of schema 6
    await again.join(who(ALICE, CH + 1), "french")
    await again.join(who(BOB, CH + 1), "allied")
    r = await again.start(who(HOST, CH + 1))
    assert r.reply.text.startswith("The campaign begins"), r.reply.text
    assert (await store.game(2)).snapshot_seq == 0
