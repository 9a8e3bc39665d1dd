"""The script runner and the scenario dump (a contract: docs/architecture.md, the script runner)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.script import ScriptError, run_lines

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path, text, *args):
    f = tmp_path / "s.txt"
    f.write_text(text, encoding="utf-8")
    p = subprocess.run(
        [sys.executable, "-m", "engine.script", str(f), *args], capture_output=True, text=True, cwd=ROOT
    )
    return p.returncode, (json.loads(p.stdout) if p.stdout.strip() else None)


SCRIPT = """\
# comments and blank lines are ignored
@options ruleset=3.4 setup=historical players=2 command_control=off corps_restriction=off
@seed 7

@turn 1
@place FR-7 Charleroi cv=2
@dice 1 5 6
french: /move units:FR-7 path:Charleroi>Gosselies
! french: /move units:FR-7 path:Gosselies>Frasnes   # a unit moves once a turn
"""


def test_script_output_keys_and_exit_zero(tmp_path):
    code, out = run(tmp_path, SCRIPT)
    assert code == 0
    for key in ("turn", "phase", "active", "units", "battles", "events", "results", "views"):
        assert key in out
    u = next(u for u in out["units"] if u["id"] == "FR-7")
    assert set(u) >= {
        "id",
        "army",
        "nation",
        "type",
        "cv",
        "max_cv",
        "location",
        "disrupted",
        "in_square",
        "eliminated",
    }
    assert (u["location"], u["cv"]) == ("Gosselies", 2)
    assert [r["ok"] for r in out["results"]] == [True, False]
    assert out["results"][1]["error"].startswith("5.1:")
    assert set(out["views"]) == {"public", "french", "allied"}
    assert out["active"] == ["french"]


def test_script_exit_one_when_a_line_misbehaves(tmp_path):
    code, out = run(tmp_path, SCRIPT.replace("! french", "french"))
    assert code == 1
    assert out["results"][1].get("unexpected")


def test_script_exit_two_when_unreadable(tmp_path):
    code, _ = run(tmp_path, "@frobnicate\n")
    assert code == 2
    code, _ = run(tmp_path, "@options ruleset=5\n")
    assert code == 2
    code, _ = run(tmp_path, "french /end\n")
    assert code == 2


def test_seed_option_overrides_and_replays_identically(tmp_path):
    text = "@options setup=historical\n@seed 3\nfrench: /end\nallied: /end\n"
    a = run_lines(text.splitlines())
    b = run_lines(text.splitlines())
    assert a.game.dumps() == b.game.dumps()
    c = run_lines(text.splitlines(), seed=4)
    assert c.game.state.seed == 4


def test_game_script_rebuilds_the_game():
    out = run_lines(SCRIPT.splitlines())
    again = run_lines(out.game.script().splitlines())
    assert again.ok and again.game.dumps() == out.game.dumps()


def test_options_after_start_is_unreadable():
    with pytest.raises(ScriptError):
        run_lines(["@turn 1", "@options players=3"])


def test_scenario_dump_contract():
    p = subprocess.run(
        [sys.executable, "-m", "engine.scenario", "napoleon", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    d = json.loads(p.stdout)
    assert {"towns", "roads", "units", "setups", "turns"} <= set(d)
    assert set(d["towns"][0]) >= {"name", "country", "deploy_side", "supply_base", "x", "y"}
    assert set(d["roads"][0]) >= {"a", "b", "class", "river"}
    assert set(d["units"][0]) >= {"id", "army", "nation", "type", "max_cv", "corps"}
    assert set(d["turns"][0]) >= {"n", "side", "night"}
    assert {r["class"] for r in d["roads"]} == {"major", "minor"}


def test_demo_runs():
    p = subprocess.run(
        [sys.executable, "-m", "bot", "demo", "--scripted"], capture_output=True, text=True, cwd=ROOT
    )
    assert p.returncode == 0, p.stderr
    assert "Turn 1" in p.stdout
    assert "rejected" not in p.stdout  # the demo script replays cleanly


def test_scenario_dump_contract_liberty():
    """``python -m engine.scenario liberty --json`` : Napoleon's kind of keys for the hex
    map of *Liberty* (our reconstruction in data/liberty)."""
    p = subprocess.run(
        [sys.executable, "-m", "engine.scenario", "liberty", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    d = json.loads(p.stdout)
    assert d["name"] == "liberty"
    assert {"places", "hexes", "hexsides", "units", "setup", "cards", "victory"} <= set(d)
    assert set(d["places"][0]) >= {"name", "value", "port", "hex", "colour"}
    assert set(d["hexes"][0]) >= {"id", "terrain"}
    assert set(d["hexsides"][0]) >= {"a", "b", "terrain"}
    assert set(d["units"][0]) >= {"id", "side", "type", "rating", "max_cv"}
    hexes = {h["id"] for h in d["hexes"]}
    assert all(p["hex"] in hexes for p in d["places"] if not p["west_indies"])
    assert {u["side"] for u in d["units"]} == {"british", "american"}
    assert len(d["units"]) == 50 and len(d["cards"]) == 25


def test_an_unexpected_error_of_a_command_line_tool_is_one_line_not_a_traceback(capsys):
    """No traceback ever reaches a terminal (the guide): ``engine.cli.run`` says what broke in one line."""
    from engine.cli import run

    def broken() -> int:
        raise ValueError("a scenario file is damaged")

    assert run(broken) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ValueError: a scenario file is damaged" in err
    assert "Traceback" not in err
    assert run(lambda: 0) == 0


def _forced_march_loss(with_leader: bool) -> int:
    """FR-13 force-marches Beaumont>Walcourt>Laneffe on a forced 3; the steps it loses."""
    units = "NAP,FR-13" if with_leader else "FR-13"
    out = run_lines(
        [
            "@options setup=historical",
            "@place NAP Beaumont",
            "@place FR-13 Beaumont",
            "@dice 3",
            f"french: /move units:{units} path:Beaumont>Walcourt>Laneffe forced:yes",
            "french: /end",
        ]
    )
    assert out.ok, out.results
    rolls = [e.data for e in out.game.events if e.kind == "dice" and e.data["why"] == "forced march (5.5)"]
    assert [r["dice"] for r in rolls] == [[3]]
    assert rolls[0]["need"] == 3  # 10.1: the leader's +1, so 3 counts as 4
    u = out.game.state.units["FR-13"]
    return u.max_cv - u.cv


def test_10_1_the_leader_counts_where_he_stands_when_the_order_is_given():
    """10.1 (rulings 10.1): the +1 goes to a forced march starting from the town where the army's active
    leader stands when the order is given, so Napoleon marching off with the group still gives it."""
    assert _forced_march_loss(with_leader=False) == 0  # Napoleon stays in Beaumont
    assert _forced_march_loss(with_leader=True) == 0  # Napoleon marches with FR-13
