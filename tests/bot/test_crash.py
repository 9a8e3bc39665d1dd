"""A small run of the crash test (``tests/support/crash.py``; 1,000 kills are documented in
docs/crash-test.md): the real bot in a subprocess, killed at random moments and restarted on the same
database."""

from __future__ import annotations

import pytest
from support.crash import crash_run


async def test_two_bot_processes_on_one_postgresql_database_lose_nothing_and_apply_nothing_twice(
    tmp_path, monkeypatch
):
    """Two bot processes on one PostgreSQL database, orders for the same games arriving at both
    (and both killed now and then): nothing applied twice, nothing lost, every post once."""
    import uuid

    import asyncpg
    from support.harness import POSTGRES

    if not POSTGRES:
        pytest.skip("no PostgreSQL server: set ESTAFETTE_TEST_POSTGRES (bash .ci/run starts one)")
    name = f"estafette_crash_{uuid.uuid4().hex[:10]}"
    admin = await asyncpg.connect(POSTGRES)
    await admin.execute(f'CREATE DATABASE "{name}"')
    monkeypatch.setenv("ESTAFETTE_OUTBOX_LEASE", "4")  # a killed process's claims lapse soon
    try:
        figures = await crash_run(
            kills=3, seed=5, out=tmp_path, processes=2, database=POSTGRES.rsplit("/", 1)[0] + "/" + name
        )
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()
    assert figures["acknowledged_orders"] > 10, figures
    wrong = {k: figures[k] for k in FAULTS if figures[k]}
    assert figures["ok"] and not wrong, wrong


FAULTS = (
    "lost",
    "suspended",
    "start_up_problems",
    "pending",
    "dropped",
    "posts_twice",
    "posts_missing",
    "dms_missing",
)


async def test_killed_at_random_moments_nothing_acknowledged_is_lost_and_every_post_goes_once(tmp_path):
    figures = await crash_run(kills=6, seed=11, out=tmp_path)
    assert figures["acknowledged_orders"] > 20, figures  # the drivers really played between the kills
    assert figures["lost"] == [] and figures["suspended"] == [] and figures["start_up_problems"] == []
    assert figures["pending"] == 0 and figures["dropped"] == []
    assert figures["posts_twice"] == [] and figures["posts_missing"] == [] and figures["dms_missing"] == []
    assert figures["ok"]
