"""Napoleon's Triumph played whole through the platform, as any module is: the script runner (``@game
triumph``, both scenarios, a script that replays its game), the service (lobby, orders from both seats, the
sealed steps by DM, a restart that reloads the game, the export that replays it), the console (its own
lines, a picture failure said in one line), the fuzzer with the secrecy scan of what the service sends. The
platform learns of the game only through the registry; a drawing or a bot player the registries do not hold
yet is a stub registered here, by this test alone."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from support.whole import in_console, random_game

from ai import registry as players
from bot.outbox import DM, Post
from bot.pictures import NoPictures
from bot.service import Caller, Service
from engine import modules
from engine.module import OrderKind
from engine.script import run_lines
from engine.triumph.options import Options
from renderers import registry as drawings
from tools import fuzz

MODULE = modules.get("triumph")
CH = 700
HOST, ALICE, BOB = 1, 2, 3
PNG = b"\x89PNG\r\n\x1a\n"  # a stub's picture: the platform only carries it


# --- the script runner --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("scenario", "seed"), [("2dec", 3), ("1dec", 4)])
def test_a_whole_game_of_each_scenario_replays_from_its_script(scenario, seed):
    """16: the game ends (the last round, or an army demoralised, 13); its script (``@game triumph``, the
    options, the seed, every order) replays it to the same state through ``engine.script``."""
    t0 = time.perf_counter()
    game = random_game(MODULE, Options(scenario=scenario), seed)
    took = time.perf_counter() - t0
    assert game.over and game.result()["winner"] in ("allies", "french")
    script = game.script()
    assert script.splitlines()[0] == "@game triumph"
    out = run_lines(script.splitlines())
    assert out.ok, [r for r in out.results if not r["ok"]][:3]
    assert out.game.dumps() == game.dumps()
    assert took < 60, took  # a whole random game, legal orders found by the random pick


def test_a_script_that_breaks_a_rule_says_which_line_and_why():
    out = run_lines(["@game triumph", "@seed 1", "french: /end"])
    assert not out.ok
    bad = next(r for r in out.results if not r["ok"])
    assert bad["line"] == 3 and bad["error"].startswith("7")  # the Allies move first (7)


# --- the service -------------------------------------------------------------------------------------------


def who(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CH, guild_id=9)


@pytest.fixture
def stub_drawings():
    """Map and attack pictures drawn by a stub where the renderer registry has no drawing of the game yet."""
    had = {k: _has_drawing(k) for k in ("map", "attack")}
    if not all(had.values()):
        drawings.register("triumph", {"map": _stub, "attack": _stub})
    yield
    if not all(had.values()):
        drawings._DRAW.pop("triumph", None)


def _has_drawing(kind: str) -> bool:
    try:
        drawings.drawing("triumph", kind)
    except LookupError:
        return False
    return True


def _stub(subject: object, locale: str) -> bytes:
    return PNG


async def test_a_whole_game_plays_through_the_service_with_a_restart_and_its_export_replays(new_store):
    """Both seats order through the one path; the defending side is asked its sealed choice by DM (11.2,
    11.4); a restart reloads the game from the store; the export replays to the same game."""
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 5)
    res = await svc.new_game(who(HOST), "scenario=2dec", game="triumph")
    assert "2 December" in res.reply.text
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    start = await svc.start(who(HOST))
    posts = [m for m in start.outbox if isinstance(m, Post)]
    assert posts and "map" in [p.kind for p in posts[0].pictures]
    live = await svc.current(CH)
    user = {role: u for role, (u, _bot) in live.row.seats.items()}
    assert set(user) == {"allies", "french"}
    dms = {m.user_id: m for m in start.outbox if isinstance(m, DM)}
    assert "your turn, round 1 of 10" in dms[user["allies"]].text.lower()
    rng = random.Random(5)
    orders, sealed = 0, 0
    while not live.game.over and orders < MODULE.fuzzing.cap:
        role = live.game.active()[0]
        order = MODULE.fuzzing.pick(rng, live.game, role, {})
        done = await svc.order(who(user[role]), order, f"o-{orders}", role=role)
        assert done.reply.text.startswith("Done"), (order, done.reply.text)
        if order.startswith("/attack"):  # 11.2: the defender is asked in its DM, with its list sealed
            asked = [m for m in done.outbox if isinstance(m, DM) and m.user_id == user[MODULE_OTHER[role]]]
            picks = asked[-1].picks if asked else ()
            assert picks and all(p.startswith(("/defend", "/give-ground")) for p in picks), asked
            sealed += 1
        orders += 1
        if orders == 30:  # a restart: the game is loaded from what the store holds and checked
            svc = Service(store, pictures=NoPictures())
            assert await svc.recover() == []
        live = await svc.current(CH, finished=True)
    assert live.game.over and live.row.status == "over", orders
    assert sealed > 0
    exported = await svc.export(who(ALICE))
    script = exported.reply.file[1].decode()
    assert run_lines(script.splitlines()).game.dumps() == live.game.dumps()
    await svc.idle()


MODULE_OTHER = {"allies": "french", "french": "allies"}


async def test_the_service_draws_the_pictures_the_module_declares(new_store, stub_drawings):
    """The map in every post; the attack picture of the defence locale while an attack is under way (11)."""
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 5)
    await svc.new_game(who(HOST), game="triumph")
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    start = await svc.start(who(HOST))
    post = next(m for m in start.outbox if isinstance(m, Post) and m.pictures)
    assert (await svc.draw(post.pictures[0])).startswith(PNG)
    live = await svc.current(CH)
    user = {role: u for role, (u, _bot) in live.row.seats.items()}
    threat = next(str(c) for c in live.game.legal("allies").choices if str(c).startswith("/attack"))
    done = await svc.order(who(user["allies"]), threat)
    kinds = {(p.kind, p.town) for m in done.outbox if isinstance(m, Post) for p in m.pictures}
    target = live.game.state.attack.target if live.game.state.attack else threat.split("into:")[1].split()[0]
    assert ("attack", target) in kinds, kinds
    await svc.idle()


# --- the console --------------------------------------------------------------------------------------------


async def test_a_whole_game_plays_in_the_console(tmp_path, monkeypatch):
    """The console game of the 1-2 December scenario (the night, 14), every order typed as ``ROLE: /order``;
    a picture the renderer registry cannot draw yet fails in one line and the game goes on."""
    seed = 8
    game = random_game(MODULE, Options(scenario="1dec"), seed)
    lines = [":legal", *game.log, ":status"]
    status, text = await in_console(monkeypatch, tmp_path, "triumph", "scenario=1dec", lines, seed)
    assert status == 0
    assert "/end" in text and "Traceback" not in text
    winner = "the Allies win" if game.result()["winner"] == "allies" else "the French win"
    assert winner in text, text[-2000:]
    assert "round 21" in text.lower() or game.result()["reason"] == "demoralised"
    if not _has_drawing("map"):  # the renderer registry has no drawing of the game yet: one line, no more
        assert "(picture map-" in text and "no drawing of 'map'" in text
    else:
        assert (tmp_path / "pics" / "map-public.png").read_bytes().startswith(PNG)


# --- the fuzzer and the secrecy scan ------------------------------------------------------------------------


class _RandomPlayer:
    """A stand-in bot player (any legal choice) while the registry holds none of this game."""

    def choose(self, view: object, legal: object, rng: random.Random) -> object:
        return rng.choice(list(legal.choices))  # type: ignore[attr-defined]


@pytest.fixture
def a_bot():
    had = players.has_player("triumph")
    if not had:
        players.register("triumph", _RandomPlayer, _RandomPlayer)
    yield
    if not had:
        players._PLAYERS.pop("triumph", None)
        players._RANDOM.pop("triumph", None)


def test_the_fuzzer_plays_games_with_the_secrecy_scan(a_bot, tmp_path, capsys):
    """``python -m tools.fuzz --game triumph --games 6 --secrecy``: random games and a bot on either side,
    every text the service would send after each order checked against what its audience may know (the
    defence, its leaders, the attack's leaders and the feint sealed until the rules show them: 11.2-11.5)."""
    code = fuzz.main(
        [
            "--game",
            "triumph",
            "--games",
            "6",
            "--secrecy",
            "--pictures",
            "0",
            "--quiet",
            "--out",
            str(tmp_path),
        ]
    )
    said = capsys.readouterr().out
    assert code == 0, said[-3000:]
    assert '"failures": 0' in said
    assert '"attacks": 0' not in said


# --- the Discord harness ---------------------------------------------------------------------------------


def _components(message: dict) -> list[dict]:
    return [c for row in message.get("components") or [] for c in row.get("components") or []]


def _latest_pick(h: Any, user: str) -> tuple[dict, dict]:
    for m in reversed(h.fake.dms_to(h.world.user(user))):
        found = [c for c in _components(m) if c.get("custom_id", "").startswith("est:o:")]
        if found:
            return m, found[0]
    raise AssertionError(f"no list in {user}'s DMs")


async def test_an_attack_is_fought_through_discord_with_its_sealed_steps_picked_in_the_dms(harness):
    """The threat by slash command (11.1); the defence picked from the defender's DM list, its leaders told
    to the defender alone (11.2, 11.4); press or feint picked from the attacker's (11.3); the channel told
    each step in order, never a sealed leader before the press."""
    h = harness
    synced = {c["name"] for c in h.fake.synced_commands()}
    assert {"attack", "defend", "give-ground", "feint", "press", "lead", "counter"} <= synced
    await h.feed(h.slash("game new", {"game": "triumph"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "allies"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "french"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    live = next(iter(h.bot.service.live.values()))
    threat = next(c for c in live.game.legal("allies").choices if c.kind == "attack")
    options = {"from": threat.source, "into": threat.target}
    d = await h.feed(h.slash("attack", options, user="alice", channel="game-1"))
    assert d.reply.content.startswith("Done"), d.reply.content
    message, pick = _latest_pick(h, "bob")
    values = [o["value"] for o in pick["options"]]
    assert all(v.startswith(("/defend", "/give-ground")) for v in values), values
    chosen = next((v for v in values if "leaders:" in v), values[0])
    d = await h.feed(h.select(pick["custom_id"], [chosen], message=message, user=h.world.user("bob")))
    assert d.reply.content.startswith("Done"), d.reply.content
    live = next(iter(h.bot.service.live.values()))
    channel = h.world.channel("game-1").id
    said = "\n".join(p.get("content") or "" for p in h.fake.messages_in(channel))
    assert "The Allies threaten an attack from" in said
    leader = chosen.split("leaders:")[-1]
    assert "sealed leading units" not in said  # 11.4: the defence's leaders are not told in the channel
    assert not [line for line in said.splitlines() if "leading units" in line and leader in line]
    assert chosen.startswith("/defend") and "leaders:" in chosen, values  # the set-up's first threat
    if "sealed" in OrderKind.__dataclass_fields__:  # a platform that commits sealed choices (SHA-256)
        assert "sha256:" in said and leader not in said.split("sha256:")[1].splitlines()[0]
    to_bob = "\n".join(m.get("content") or "" for m in h.fake.dms_to(h.world.user("bob")))
    assert "The French defend" in said and "your sealed leading units" in to_bob
    message, pick = _latest_pick(h, "alice")
    values = [o["value"] for o in pick["options"]]
    assert "/press" in values and any(v.startswith("/feint") for v in values), values
    d = await h.feed(h.select(pick["custom_id"], ["/press"], message=message, user=h.world.user("alice")))
    assert d.reply.content.startswith("Done"), d.reply.content
    said = "\n".join(p.get("content") or "" for p in h.fake.messages_in(channel))
    assert "The Allies press the attack; the defence's leading units are shown" in said
