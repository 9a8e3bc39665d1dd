"""The benches run, at tiny sizes, and say what they measured: every game they made loads (the bot bench
once counted copies that never loaded as games under load), both games by default, wall-clock figures with
a reference from the same run. No timing is asserted (docs/performance.md: timed tests fail on a loaded
machine); what is asserted is what the benches print and check."""

from __future__ import annotations

import asyncio
import importlib
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.harness import POSTGRES

from bench.common import copy_game, games_of
from bot.pictures import NoPictures
from bot.service import Caller, Service
from bot.service.core import Games
from engine import modules
from tools.fuzz import pick

ROOT = Path(__file__).resolve().parents[2]
GAMES = [m.id for m in modules.modules() if m.id in modules.BUILT_IN]


def run(name: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """A bench's ``main`` in this process; what it printed."""
    importlib.import_module(f"bench.{name}").main(argv)
    return capsys.readouterr().out


async def _played(svc: Service, module_id: str, channel: int, orders: int) -> int:
    """A game of the module started in ``channel`` by users 1 and 2 and played ``orders`` random orders."""
    module = modules.get(module_id)
    host = Caller(1, channel, 9, manager=True)
    await svc.new_game(host, module.first_options, game=module.id)
    await svc.join(host)
    await svc.join(Caller(2, channel, 9))
    await svc.start(host)
    gid = await svc.store.game_id_in_channel(channel)
    assert gid is not None
    who = {role: Caller(u or 0, channel, 9) for role, (u, _b) in svc.live[gid].row.seats.items()}
    rng, budget = random.Random(channel), {}
    for _ in range(orders):
        game = svc.live[gid].game
        assert game is not None
        role = rng.choice(game.active())
        await svc.order(who[role], pick(module, rng, game, role, budget), role=role)
    await svc.idle()
    return gid


async def test_a_copied_game_loads_as_its_source_with_its_own_players(new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures())
    for k, module_id in enumerate(GAMES):
        source = await _played(svc, module_id, 100 + k, 12)
        copy = await copy_game(store, source, 200 + k, {1: 11, 2: 12})
        fresh = Games(store)  # a process that never saw either
        a, b = await store.game(copy), await store.game(source)
        assert a is not None and b is not None
        ga, gb = await fresh.load(a), await fresh.load(b)
        assert ga is not None and gb is not None and ga.dumps() == gb.dumps()
        assert (a.module, a.version, a.channel_id) == (module_id, b.version, 200 + k)
        assert sorted(u for u, _b in a.seats.values()) == [11, 12]
        assert await store.game_id_in_channel(200 + k) == copy
    checked = Service(store, pictures=NoPictures())
    assert await checked.recover() == []  # the start-up check passes every copy


@pytest.mark.parametrize("table", ["events", "snapshots"])
async def test_a_copy_short_of_a_table_is_caught_by_the_check_the_bench_makes(new_store, table):
    """What the bot bench's copies once were (rows of games, seats and orders only): the start-up check that
    the bench now runs on every game reports such a copy, so the bench stops instead of counting it."""
    store = await new_store()
    svc = Service(store, pictures=NoPictures())
    source = await _played(svc, GAMES[0], 100, 12)
    copy = await copy_game(store, source, 200, {})
    await store._exec(f"DELETE FROM {table} WHERE game_id=?", (copy,))
    checked = Service(store, pictures=NoPictures())
    problems = await checked.recover()
    assert len(problems) == 1 and str(copy) in problems[0], problems


def test_the_bot_bench_loads_every_game_it_makes_and_plays_both_games_at_once(capsys, monkeypatch):
    monkeypatch.setenv("ESTAFETTE_PICTURE_WORKERS", "0")
    out = run(
        "bot",
        [
            *("--games", "6", "--distinct", "4", "--forward", "2:4", "--hunt", "6", "--rounds", "2"),
            *("--overlap", "3", "--workers", "0", "--reference-runs", "1", "--no-memory"),
        ],
        capsys,
    )
    assert "games made 6, checked against a replay and loaded 6 (4 played, 2 copied;" in out
    assert "problems: 0" in out
    for what in ("interaction -> reply", "interaction -> public map posted"):
        assert re.search(rf"{what} +n=   6  min .* median .* p99 .* max .* ms", out), what
    for game in GAMES:
        assert f"{game}: one public map drawn" in out
    # its interactions go to games of more than one module (6 of them over three games here)
    replied = [
        g for g in GAMES if re.search(rf"{g}: reply +n=", out) and re.search(rf"{g}: map posted +n=", out)
    ]
    assert len(replied) >= 2, out
    got = re.search(
        r"concurrency achieved: 6 interactions handed 3 at once; interactions in the bot at once"
        r" .*?, the most in a round: min (\d)",
        out,
    )
    assert got and int(got.group(1)) >= 2, out
    assert "refused 0, replies 6" in out


def test_the_engine_bench_reports_wall_time_with_processor_time_beside_it_and_a_reference(capsys):
    out = run("engine", ["--games", "1", "--cap", "40"], capsys)
    for module in games_of(""):
        assert f"{module.title}: 1 whole games" in out
    assert out.count("wall: min   median      p99   CPU: med      p99") == len(games_of(""))
    for label in (
        "apply one order",
        "legal(role), first ask",
        "whole game, all (s)",
        "reference: replayed alone",
    ):
        assert out.count(label) == len(games_of("")), label
    assert "apply / reference (wall medians)" in out


def test_the_startup_bench_answers_in_a_copied_game_of_each_and_checks_them_all(capsys):
    out = run("startup", ["--games", "5", "--orders", "4", "--runs", "1", "--check-all"], capsys)
    assert f"built 5 running games of 4 orders each ({len(GAMES)} played, the others copies)" in out
    for label in (
        "first interaction answered",
        "every game checked (full)",
        "reference: answered, the same",
    ):
        assert re.search(rf"{re.escape(label)} +min .* median .* max", out), label


def test_the_storage_bench_prints_the_whole_file_per_order_for_each_game(capsys):
    out = run("storage", ["--campaigns", "1", "--cap", "6"], capsys)
    assert "budget < 1.5 KB an order, the whole file over whole campaigns of " in out
    for game in GAMES:
        assert re.search(rf"  {game} alone, the whole file over its whole campaigns: \d+ B", out), game
    assert f"reference: not pruned: orders per campaign {[6] * len(GAMES)}" in out


needs_postgres = pytest.mark.skipif(
    not POSTGRES, reason="no PostgreSQL server: set ESTAFETTE_TEST_POSTGRES (bash .ci/run starts one)"
)


async def _bench_databases() -> set[str]:
    import asyncpg

    admin = await asyncpg.connect(POSTGRES)
    try:
        rows = await admin.fetch("SELECT datname FROM pg_database WHERE datname LIKE 'estafette_bench_%'")
    finally:
        await admin.close()
    return {r["datname"] for r in rows}


@needs_postgres
def test_the_storage_bench_prints_the_whole_database_per_order_on_postgresql_with_sqlite_beside(capsys):
    before = asyncio.run(_bench_databases())
    out = run("storage", ["--database", str(POSTGRES), "--campaigns", "1", "--cap", "4"], capsys)
    assert "what counts: every relation of the database" in out and "not the WAL" in out
    assert "budget < 1.5 KB an order, the whole database on PostgreSQL (autovacuum" in out
    assert "together, autovacuum as the server's would run it" in out
    assert f"orders per campaign {[4] * len(GAMES)}" in out
    for game in GAMES:
        assert re.search(
            rf"  {game} alone: \d+ B \((ok|OVER)\); SQLite's whole file in this run \d+ B", out
        ), game
    # every club's reference: the same campaigns on SQLite, and where PostgreSQL's bytes are, by table
    assert out.count("reference, SQLite, the same campaigns: the whole file") == len(GAMES) + 1
    assert re.search(r"    orders +\d+\.\d B an order \(heap +\d+\.\d, indexes +\d+\.\d, TOAST", out)
    assert asyncio.run(_bench_databases()) == before  # each club's database dropped after it


@needs_postgres
async def test_the_storage_bench_vacuums_a_table_when_autovacuum_would_and_never_without_it():
    from bench.storage import PgDisk

    for vacuum, runs in (("auto", 1), ("none", 0)):
        disk = PgDisk(str(POSTGRES), vacuum)
        store = await disk.store(prune=True)
        try:
            if not disk.exact:  # the statistics collector's counts lag: the model is not exact then
                pytest.skip("the server has no pgstattuple (postgresql-contrib)")
            await disk.con.execute("INSERT INTO users (user_id) SELECT g FROM generate_series(1, 200) g")
            await disk.con.execute("VACUUM (ANALYZE) users")  # 200 rows: autovacuum's bar is 50 + 0.2 x 200
            await disk.con.execute("DELETE FROM users WHERE user_id <= 80")  # 80 dead: under it
            await disk.after_order()
            assert disk.vacuums == 0
            await disk.con.execute("DELETE FROM users WHERE user_id <= 100")  # 100 dead: past it
            await disk.after_order()
            assert disk.vacuums == runs, vacuum
        finally:
            await store.close()
            await disk.close()


@pytest.mark.parametrize("name", ["bot", "engine"])
def test_each_bench_runs_as_a_script(name):
    """``python bench/NAME.py`` (the path the docs give) finds the project's packages (the tests' fake
    Discord too); the others put the same paths first."""
    done = subprocess.run(
        [sys.executable, f"bench/{name}.py", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "--game" in done.stdout
