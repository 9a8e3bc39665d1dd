"""``python -m tools.fuzz_module`` (docs/fuzzing.md): the fuzzer of any game module plays whole games with
the module's invariants after every order, over the module's declared options, and reports a broken one with
the game's seed."""

from __future__ import annotations

import json

import pytest

from engine import modules
from engine.liberty.module import MODULE
from tools import fuzz_module


def _summary(capsys, argv: list[str]) -> dict:
    code = fuzz_module.main(argv)
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    modules.unregister("liberty")
    return out | {"code": code}


def test_liberty_games_by_random_orders_and_by_its_bot_end_with_every_invariant_kept(capsys):
    out = _summary(capsys, ["liberty", "--games", "3", "--seed", "40"])
    assert out["code"] == 0 and out["games"] == 3 and out["failures"] == 0 and out["orders"] > 30
    assert sum(sum(r.values()) for r in out["results"].values()) == 3
    assert all(sum(r.values()) == 1 for r in out["results"].values())  # seed % 3: one game of each mode
    assert sum(out["orders_by_kind"].values()) == out["orders"] and out["orders_by_kind"]["/play"] >= 3 * 10


def test_games_draw_the_modules_options_from_their_seed_and_the_summary_counts_each_combination(capsys):
    seeds = range(200)
    drawn = [fuzz_module.draw(MODULE, s) for s in seeds]
    assert drawn == [fuzz_module.draw(MODULE, s) for s in seeds]  # a fixed function of the seed
    for spec in MODULE.options:
        values = {d[spec.name] for d in drawn}
        assert spec.default in values and len(values) >= 2, spec.name
        if spec.kind == "int":
            assert {spec.lo, spec.hi} <= values
    assert fuzz_module.label(MODULE, MODULE.defaults()) == "defaults"
    assert fuzz_module.label(
        MODULE, MODULE.defaults() | {"last_year": 1775, "indians_wilderness": False}
    ) == ("last_year=1775 indians_wilderness=off")
    out = _summary(capsys, ["liberty", "--games", "4", "--seed", "3", "--options", "last_year=1775"])
    assert out["failures"] == 0
    assert sum(c["games"] for c in out["combinations"].values()) == 4
    assert all("last_year=1775" in c for c in out["combinations"])
    assert out["by_option"]["last_year"] == {
        "1775": {"games": 4, "results": out["by_option"]["last_year"]["1775"]["results"]}
    }
    expected = {
        fuzz_module.label(MODULE, fuzz_module.draw(MODULE, s, {"last_year": 1775})) for s in range(3, 7)
    }
    assert set(out["combinations"]) == expected


def test_defaults_draws_no_option_and_jobs_play_the_same_games_in_worker_processes(capsys):
    one = _summary(capsys, ["liberty", "--games", "4", "--seed", "9", "--defaults"])
    assert list(one["combinations"]) == ["defaults"]
    two = _summary(capsys, ["liberty", "--games", "4", "--seed", "9", "--defaults", "--jobs", "2"])
    assert two["jobs"] == 2 and two["orders"] == one["orders"] and two["results"] == one["results"]


def test_a_bad_options_text_is_refused_with_what_would_be_accepted(capsys):
    with pytest.raises(SystemExit):
        fuzz_module.main(["liberty", "--options", "bogus=1"])
    assert "known: british_win" in capsys.readouterr().err
    modules.unregister("liberty")


def test_a_broken_invariant_is_reported_with_the_games_seed():
    def never(game: object) -> None:
        raise AssertionError("a block off the board")

    class Broken(type(MODULE)):
        fuzz_invariants = (never,)

    broken = Broken()
    with pytest.raises(AssertionError, match="a block off the board"):
        fuzz_module.play(broken, 7, "random", 5000)


def test_the_one_fuzzer_plays_any_module_by_its_id_and_the_old_command_is_its_alias(capsys):
    """``python -m tools.fuzz --game liberty`` plays the same games as ``python -m tools.fuzz_module liberty``
    (the same seeds, the same modes: the bot as the first side is ``bot-british``)."""
    from tools import fuzz

    assert fuzz.main(["--game", "liberty", "--games", "3", "--seed", "40", "--pictures", "0", "--quiet"]) == 0
    one = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    two = _summary(capsys, ["liberty", "--games", "3", "--seed", "40", "--pictures", "0"])
    assert one["game"] == two["game"] == "liberty"
    assert one["orders"] == two["orders"] and one["results"] == two["results"]
    assert set(one["results"]) == {"random", "bot-british", "bot-american"}


def test_a_bot_side_is_named_by_the_game_and_the_old_spellings_still_read():
    from engine.napoleon.module import MODULE as NAPOLEON
    from tools import fuzz

    assert fuzz.modes(MODULE) == ("random", "bot-british", "bot-american")
    assert fuzz.modes(NAPOLEON) == ("random", "bot-french", "bot-allied")
    assert fuzz.mode_of(MODULE, "bot-first") == "bot-british"
    assert fuzz.mode_of(MODULE, "bot-second") == "bot-american"
    three = NAPOLEON.make_options(NAPOLEON.defaults() | {"players": 3})
    assert fuzz.bot_roles(NAPOLEON, three, "bot-allied") == ("british", "prussian")  # every allied seat
    assert fuzz.bot_roles(NAPOLEON, three, "bot-french") == ("french",)
    assert {fuzz.plan(MODULE, s, "bot")[1] for s in range(6)} == {"bot-british", "bot-american"}
    assert {fuzz.plan(MODULE, s, "bot-american")[1] for s in range(6)} == {"bot-american"}
    with pytest.raises(ValueError, match="give one of all, bot, bots, random, bot-british, bot-american"):
        fuzz.mode_of(MODULE, "bot-french")


def test_bot_side_and_an_unknown_mode_or_game_on_the_command_line(capsys, tmp_path):
    from tools import fuzz

    argv = ["--game", "liberty", "--games", "1", "--seed", "5", "--bot", "american", "--pictures", "0"]
    assert fuzz.main([*argv, "--out", str(tmp_path)]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert list(out["modes"]) == ["bot-american"]
    for bad, said in (
        (["--mode", "bot-french"], "--mode: mode 'bot-french'"),
        (["--game", "chess"], "chess"),
    ):
        with pytest.raises(SystemExit):
            fuzz.main(["--games", "1", *(["--game", "liberty"] if bad[0] == "--mode" else []), *bad])
        assert said in capsys.readouterr().err
