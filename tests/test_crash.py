"""A small run of the crash test (``tests/crash.py``; 1,000 kills are documented in docs/crash-test.md): the
real bot in a subprocess, killed at random moments and restarted on the same database."""

from __future__ import annotations

from crash import crash_run


async def test_killed_at_random_moments_nothing_acknowledged_is_lost_and_every_post_goes_once(tmp_path):
    figures = await crash_run(kills=6, seed=11, out=tmp_path)
    assert figures["acknowledged_orders"] > 20, figures  # the drivers really played between the kills
    assert figures["lost"] == [] and figures["suspended"] == [] and figures["start_up_problems"] == []
    assert figures["pending"] == 0 and figures["dropped"] == []
    assert figures["posts_twice"] == [] and figures["posts_missing"] == [] and figures["dms_missing"] == []
    assert figures["ok"]
