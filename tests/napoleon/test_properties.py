"""Property tests over random legal order sequences (hypothesis) and the fuzzer."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import RuleError, modules
from engine.napoleon import Game, Options, new_game
from engine.napoleon.fuzzing import pick, random_options
from engine.napoleon.invariants import INVARIANTS
from engine.script import run_lines
from tools.fuzz import play

NAPOLEON = modules.get("napoleon")


def check(game: Game) -> None:
    """The fuzzer's invariants of Napoleon (``Module.fuzz_invariants``)."""
    for invariant in INVARIANTS:
        invariant(game)


options_st = st.builds(
    Options,
    ruleset=st.sampled_from(["3rd", "3.4"]),
    setup=st.sampled_from(["historical", "free", "initiative"]),
    players=st.sampled_from([2, 3]),
    command_control=st.booleans(),
)


def random_walk(opts: Options, seed: int, steps: int, each: Callable[[Game], None] = check) -> Game:
    """``steps`` random legal orders; ``each`` (the fuzzer's invariants unless told) after every one."""
    rng = random.Random(seed)
    game = new_game(opts, seed)
    budget: dict[str, int] = {}
    for _ in range(steps):
        if game.over:
            break
        role = rng.choice(game.active())
        order = pick(rng, game, role, budget)
        assert order is not None, f"dead end for {role}"
        game.apply(role, order)
        each(game)
    return game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options_st, st.integers(0, 10**6), st.integers(1, 150))
def test_invariants_hold_over_random_legal_play(opts, seed, steps):
    random_walk(opts, seed, steps)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options_st, st.integers(0, 10**6), st.integers(1, 120))
def test_replay_and_save_load_reproduce_the_state_exactly(opts, seed, steps):
    game = random_walk(opts, seed, steps)
    snap = game.snapshot()
    assert Game.from_snapshot(json.loads(json.dumps(snap))).snapshot() == snap
    again = run_lines(game.script().splitlines())
    assert again.ok and again.game.snapshot() == snap


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options_st, st.integers(0, 10**6), st.integers(20, 200), st.lists(st.integers(1, 12), min_size=1))
def test_a_game_saved_and_loaded_plays_on_exactly_like_one_never_stopped(opts, seed, steps, gaps):
    """A restart must never change what happens next (the bot reloads its games from snapshots). The twin is
    dumped and loaded every few orders (the gaps drawn by hypothesis) and receives the same orders; its
    snapshot, dict order included, stays identical to the game that never stopped, so the dice fall on the
    same battles."""
    rng = random.Random(seed)
    game = new_game(opts, seed)
    twin = Game.loads(game.dumps())
    budget: dict[str, int] = {}
    reload_at = gaps[0]
    for n in range(1, steps + 1):
        if game.over:
            break
        role = rng.choice(game.active())
        order = pick(rng, game, role, budget)
        assert order is not None
        game.apply(role, order)
        twin.apply(role, order)
        assert twin.dumps() == game.dumps(), f"the twin differs after order {n}: {role}: {order}"
        if n == reload_at:
            twin = Game.loads(twin.dumps())
            reload_at += gaps[n % len(gaps)]


def test_replays_agree_across_processes_with_other_string_hashes():
    """Python randomises the order of sets of strings per process (PYTHONHASHSEED): nothing the engine
    decides may depend on it, or a game replayed after a restart would differ from the one played."""
    import os
    import subprocess
    import sys

    code = (
        "import random, hashlib\n"
        "from engine.napoleon import new_game\n"
        "from engine.napoleon.fuzzing import pick, plan\n"
        "for seed in (3, 8, 21):\n"
        "    opts, _ = plan(seed, 'random')\n"
        "    rng = random.Random(seed); g = new_game(opts, seed); b = {}\n"
        "    while not g.over:\n"
        "        r = rng.choice(g.active()); g.apply(r, pick(rng, g, r, b))\n"
        "    print(hashlib.sha256(g.dumps().encode()).hexdigest())\n"
    )
    outs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True, timeout=300
        )
        outs.append(done.stdout)
    assert outs[0] == outs[1] and len(outs[0].split()) == 3


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options_st, st.integers(0, 10**6), st.integers(0, 80), st.text(max_size=40))
def test_rejected_orders_change_nothing(opts, seed, steps, junk):
    game = random_walk(opts, seed, steps)
    rng = random.Random(seed)
    before = game.dumps()
    candidates = [
        "/end extra:1",
        "/move units:NAP path:Lille>Lille",
        "/fire unit:FR-1",
        "/" + junk,
        "/setup units:BR-1 town:Beaumont",
        "/move units:FR-1,BR-1 path:Mons>Binche",
        "/deploy left:FR-1",
        "/move units:PR-1 path:Liège>Namur forced:yes",
    ]
    for role in game.options.roles:
        for order in rng.sample(candidates, 4):
            try:
                game.apply(role, order)
            except RuleError:
                assert game.dumps() == before
            else:
                before = game.dumps()


def test_fuzzer_plays_whole_games_to_a_result():
    rng = random.Random(5)
    for seed in range(6):
        run = play(NAPOLEON, seed, random_options(rng))
        assert run.result in ("french", "allied", "draw")


def test_fuzzer_plan_covers_every_option_combination_and_mode():
    from engine.napoleon.fuzzing import COMBINATIONS, MODES, plan

    # 3rd: 3 setups x 2 player counts x command control on/off; 3.4 adds the corps restriction (13.3);
    # each with a short and a whole time record, each in every mode
    assert len(COMBINATIONS) == (3 * 2 * 2 + 3 * 2 * 2 * 2) * 2 * len(MODES)
    seen = {plan(seed) for seed in range(len(COMBINATIONS))}
    assert len(seen) == len(COMBINATIONS)
    assert all(not (o.corps_restriction and o.ruleset == "3rd") for o, _ in seen)
    assert {plan(s, "bot")[1] for s in range(10)} == {"bot-french", "bot-allied"}


def test_fuzzer_sample_of_random_and_bot_versus_random_games(tmp_path, capsys):
    """The CI sample: short games (days=2) of each mode, through the command line."""
    from engine.napoleon.fuzzing import plan
    from tools.fuzz import main

    seeds = [s for s in range(3, 40) if plan(s)[0].days == 2][:6]
    assert {plan(s)[1] for s in seeds} == {"random", "bot-french", "bot-allied"}
    for s in seeds:
        assert main(["--games", "1", "--seed", str(s), "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    summaries = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert len(summaries) == len(seeds) and all(x["failures"] == 0 for x in summaries)
    assert sum(x["orders"] for x in summaries) > 100
    assert not list(tmp_path.iterdir())


def test_fuzzer_writes_a_failure_as_a_replayable_script(tmp_path, monkeypatch):

    import tools.fuzz as fuzz

    calls = {"n": 0}

    def broken(game):
        calls["n"] += 1
        if calls["n"] == 40:
            raise AssertionError("planted failure")

    class Planted(type(NAPOLEON)):  # the same game, one invariant more
        fuzz_invariants = (*NAPOLEON.fuzz_invariants, broken)

    planted = Planted()
    monkeypatch.setitem(modules._MODULES, "napoleon", planted)
    assert fuzz.main(["--games", "1", "--seed", "3", "--out", str(tmp_path), "--quiet"]) == 1
    (path,) = tmp_path.iterdir()
    text = path.read_text(encoding="utf-8")
    assert text.startswith("# fuzz failure, seed 3") and "planted failure" in text
    replay = run_lines(text.splitlines())
    assert replay.ok and replay.game is not None
    assert len(replay.results) == 40  # every order up to the failure (undos included), none after it
