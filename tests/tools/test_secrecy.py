"""Nothing the service sends tells its audience what it may not know, in any game (the platform's secrecy
scan, ``tools/secrecy.py``, over whole seeded games of every module); the channel's ping says what a seat is
asked from the public view alone (Liberty 6.0: "Nobody else learns what you drew"), and in a game of more
than two seats whose each line is; a list of orders in a DM acts only at the moment it was sent, and the
same list is not sent twice in a row."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from support.harness import Blank, bot_harness

from bot.narrate import TEXT
from bot.outbox import pick_moment, picks_key
from bot.pictures import NoPictures
from engine import modules
from tools import fuzz
from tools.fuzz_module import _module, draw
from tools.fuzz_module import play as play_module
from tools.secrecy import Scan, scan_game

NAPOLEON = modules.get("napoleon")


@pytest.fixture
async def h(tmp_path):
    async with bot_harness(tmp_path, Blank()) as harness:
        yield harness


def live(h: Any) -> Any:
    return next(iter(h.bot.service.live.values()))


# --- the scan --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [6, 7, 11])
def test_no_secret_is_told_in_whole_liberty_games(seed):
    """Whole seeded Liberty games (the fuzzer's options for the seed; seeds whose games build, 6.0), played as
    the service plays them: no post, status, DM, pick label or reply names a word of the game its audience
    may not know."""
    module = _module("liberty")
    report = scan_game(module, seed, values=draw(module, seed), cap=400)
    assert report.orders > 20
    assert not report.leaks, "\n".join(map(str, report.leaks[:5]))


@pytest.mark.parametrize("seed", [1, 41, 100, 131])
def test_no_secret_is_told_in_the_napoleon_fuzzers_games(seed):
    """Napoleon's fuzzer's games (its option combination for the seed: 2 and 3 players, both editions, the
    historical and the free set-up, battles), with the scan after every order (``--secrecy``): a leak fails
    the game."""
    options, mode = fuzz.plan(NAPOLEON, seed)
    run = fuzz.play(NAPOLEON, seed, options, mode=mode, check_every=False, final_checks=False, secrecy=True)
    assert run.orders > 20


def test_the_module_fuzzer_scans_with_secrecy():
    """``tools/fuzz_module.py --secrecy``: the same scan, the game applied in place by the fuzzer."""
    module = _module("liberty")
    winner, orders = play_module(module, 5, "bot-second", 3000, draw(module, 5), secrecy=True)
    assert orders > 20 and winner


def test_the_scan_finds_a_drawn_block_named_in_the_ping(monkeypatch):
    """The scan itself: with the ping's headline made from the side's own prompt (as it was: "place AM-11
    (6.1, 6.2)"), it reports the drawn block named to the public."""
    import bot.service.broadcast as broadcast

    def private(game: Any, role: str, lang: str, module: Any) -> str:
        return module.prompt(game, role, lang, TEXT, examples=False)

    monkeypatch.setattr(broadcast, "headline", private)
    report = scan_game(_module("liberty"), 0, cap=60, lang="en")
    assert report.leaks, "the scan missed the drawn block"
    leak = report.leaks[0]
    assert (
        leak.recipient == "public" and leak.what in ("post", "status") and f"place {leak.word}" in leak.text
    )


def test_a_secret_in_a_dm_to_the_other_side_is_found():
    """A DM is checked against its own seat's knowledge: the British hand named to the Americans is a leak,
    to the British it is not (3.0: hands are hidden)."""
    module = _module("liberty")
    game = module.new_game(module.make_options(module.defaults()), 3)
    scan = Scan(module, game, 3)
    assert not scan.start(game)
    card = game.view("british").hand[0]
    from tools.secrecy import said

    lawful_b = scan.seen["british"] | scan.told["british"]
    lawful_a = scan.seen["american"] | scan.told["american"]
    everything = scan.secret.union(*scan.seen.values())
    assert said(f"you hold {card}.", everything - lawful_a) == {card}
    assert not said(f"you hold {card}.", everything - lawful_b)


# --- the channel's ping: the public view only --------------------------------------------------------------


def _to_build(game: Any, rng: random.Random) -> tuple[str, str] | None:
    """The next order of a game driven to a build (6.0): /build where a side may, else a random one."""
    for role in game.active():
        if "/build" in [str(c) for c in game.legal(role).choices]:
            return role, "/build"
    role = rng.choice(game.active())
    choices = [str(c) for c in game.legal(role).choices]
    return role, rng.choice([c for c in choices if c != "/end"] or choices)


async def test_the_ping_of_a_build_names_no_drawn_block(h):
    """6.0 "Nobody else learns what you drew": while a side places the block it drew blind, the channel's
    ping says a block is to be placed, and names none; the side's own DM names it (6.1)."""
    await h.feed(h.slash("game new", {"game": "liberty"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    name = {"british": "alice", "american": "bob"}
    rng = random.Random(2)
    for _ in range(60):
        game = live(h).game
        if game.state.phase == "place":
            break
        role, order = _to_build(game, rng)
        cmd, *opts = order.split()
        options = {k: (True if v == "yes" else v) for k, v in (o.split(":", 1) for o in opts)}
        await h.feed(h.slash(cmd[1:], options, user=name[role], channel="game-1"))
    game = live(h).game
    assert game.state.phase == "place", game.state.phase
    drawn, side = game.state.drawn, game.state.acting
    channel = h.world.channel("game-1").id
    ping = h.fake.messages_in(channel)[-1]["content"]
    assert "place the block drawn blind (6.1, 6.2)" in ping, ping
    assert drawn not in ping
    for m in h.fake.messages_in(channel):  # nor anything the channel was ever sent
        assert drawn not in (m.get("content") or "") or drawn in str(game.view("public").to_dict())
    assert drawn in h.fake.dms_to(h.world.user(name[side]))[-1]["content"]  # the side is told (6.1)


def test_every_headline_is_made_from_the_public_view():
    """The contract: a module's ``headline`` is handed the public view, nothing else; Liberty's for a build
    is the same whichever block was drawn."""
    module = _module("liberty")
    seen: list[Any] = []

    class Spy(type(module)):
        def public_headline(self, view, role, lang, text):
            seen.append(view)
            return "x"

    spy = Spy()
    game = module.new_game(module.make_options(module.defaults()), 1)
    assert spy.headline(game, game.active()[0], "en", TEXT) == "x"
    assert seen and seen[0].role == "public"


def test_liberty_has_a_headline_wherever_a_side_is_asked():
    """Liberty's headline, from the public view, is said in every phase a side is asked something, in both
    languages; in a build's (6.0, 6.1) it names no block."""
    module = _module("liberty")
    phases: set[str] = set()
    for seed in (3, 7):
        game = module.new_game(module.make_options(module.defaults()), seed)
        rng = random.Random(seed)
        for _ in range(300):
            if game.over:
                break
            for role in game.active():
                for lang in ("en", "ja"):
                    head = module.headline(game, role, lang, TEXT)
                    assert head or not module.prompt(game, role, lang, TEXT, False), game.state.phase
                    if game.state.phase == "place":
                        assert game.state.drawn not in head
                phases.add(game.state.phase)
            role, order = _to_build(game, rng)
            game.apply(role, order)
    assert {"cards", "actions", "place", "battle"} <= phases, phases


def test_napoleons_headline_says_what_its_prompt_says():
    """Napoleon's headline, from the public view, says what the role's own one-line prompt says (5.0 group
    moves, 6.2 deployments, 6.3 battle turns, 7.6 regroups), but for set-up (3.1), whose count is the
    role's: through random games of two and three players."""
    module = modules.get("napoleon")
    compared = 0
    for seed, players in ((1, 2), (2, 3)):
        game = module.new_game(module.make_options(module.defaults() | {"players": players}), seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.over:
                break
            for role in game.active():
                head = module.headline(game, role, "en", TEXT)
                if game.view("public", events=False).phase == "setup":
                    assert head == TEXT.t("headline.setup", "en")
                else:
                    assert head == module.prompt(game, role, "en", TEXT, examples=False)
                    compared += 1
            role = rng.choice(game.active())
            game.apply(role, rng.choice(list(game.legal(role).choices)))
    assert compared > 100


async def test_a_three_player_ping_says_whose_each_line_is(tmp_path):
    """13.1: in a game of three seats, each waiting seat's line of the ping names it (both Allied players
    move at once on an Allied turn)."""
    async with bot_harness(tmp_path, NoPictures()) as h:
        await h.feed(
            h.slash("game new", {"setup": "historical", "players": 3}, user="alice", channel="game-1")
        )
        for user, role in (("alice", "french"), ("bob", "british"), ("carol", "prussian")):
            await h.feed(h.slash("game join", {"role": role}, user=user, channel="game-1"))
        await h.feed(h.slash("game start", user="alice", channel="game-1"))
        who = {"french": "alice", "british": "bob", "prussian": "carol"}
        for _ in range(10):
            game = live(h).game
            if len(game.active()) > 1:
                break
            role = game.active()[0]
            await h.feed(h.slash("end", {}, user=who[role], channel="game-1"))
        game = live(h).game
        assert set(game.active()) == {"british", "prussian"}, game.active()
        ping = h.fake.messages_in(h.world.channel("game-1").id)[-1]["content"]
        lines = ping.splitlines()
        for role, word in (("british", "British"), ("prussian", "Prussian")):
            mine = [x for x in lines if x.startswith(f"{word}: ")]
            assert mine == [f"{word}: " + module_headline(game, role)], ping


def module_headline(game: Any, role: str) -> str:
    return modules.get("napoleon").headline(game, role, "en", TEXT)


# --- a list to pick from: current only at the moment it was sent --------------------------------------------


def _components(message: dict) -> list[dict]:
    return [c for row in message.get("components") or [] for c in row.get("components") or []]


def _lists(h: Any, user: str) -> list[tuple[dict, dict]]:
    """The user's DMs with a list of orders to pick, each with its list."""
    out = []
    for m in h.fake.dms_to(h.world.user(user)):
        picks = [c for c in _components(m) if c["custom_id"].startswith("est:o:")]
        if picks:
            out.append((m, picks[0]))
    return out


async def test_a_list_from_an_earlier_moment_is_out_of_date_and_the_same_list_is_not_sent_again(h):
    """A list in a DM is the decision of the moment it was sent: the same texts offered again later (the
    ``/build · /end`` of one year and the next) are another list, and a pick from the old one says it is out
    of date and changes nothing. While only the other side acts (3.1: both play a card at once), the list
    stays current and is not sent again."""
    await h.feed(h.slash("game new", {"game": "liberty"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    bobs = _lists(h, "bob")
    assert len(bobs) == 1
    alices = _lists(h, "alice")
    message, select = alices[-1]
    hand = [o["value"] for o in select["options"]]
    # a DM of the same texts from an earlier moment of hers: its key is of that moment
    game = live(h).game
    assert picks_key(hand, pick_moment(game.log, "british")) in select["custom_id"]
    old = select["custom_id"].rsplit(":", 1)[0] + ":" + picks_key(hand, pick_moment(game.log, "british") - 1)
    before = (len(game.log), game.dumps())
    sent_then = json.loads(
        json.dumps(message).replace(select["custom_id"], old)
    )  # that DM, as discord.py reads it
    got = await h.feed(h.select(old, [hand[0]], message=sent_then, user=h.world.user("alice")))
    assert got.reply.ephemeral and "out of date" in got.reply.content, got.reply.content
    game = live(h).game
    assert (len(game.log), game.dumps()) == before  # nothing changed
    # her list as sent works; bob, who only watched her play, is not sent his list again
    got = await h.feed(h.select(select["custom_id"], [hand[0]], message=message, user=h.world.user("alice")))
    assert got.reply.content.startswith("Done"), got.reply.content
    assert len(_lists(h, "bob")) == 1
    m_b, s_b = _lists(h, "bob")[-1]
    got = await h.feed(
        h.select(s_b["custom_id"], [s_b["options"][0]["value"]], message=m_b, user=h.world.user("bob"))
    )
    assert got.reply.content.startswith("Done"), got.reply.content


def test_the_scan_finds_the_other_sides_log_and_map_asked_for(monkeypatch):
    """The scan asks, as each seat, ``/game status``, ``/game map`` and ``/game log`` (by the service's own
    code): with the seat each is answered as made the other side's, it reports the other side's map (its
    picture) and what the other side's log tells of its hidden set-up (Napoleon 3.1)."""
    import bot.service.lobby as lobby

    other = {"french": "allied", "allied": "french"}
    monkeypatch.setattr(lobby, "seat_of", lambda row, game, caller, role: other[role])
    report = scan_game(modules.get("napoleon"), 0, cap=41, lang="en")
    found = {(leak.what, leak.recipient) for leak in report.leaks}
    assert {("picture", "french"), ("picture", "allied"), ("log", "allied")} <= found, found


def test_the_scan_finds_a_secret_in_a_deadlines_post(monkeypatch):
    """The post of a passed deadline is checked against the channel's knowledge: made to name the late
    side's hand, it is a leak (3.0)."""
    import bot.service.deadlines as deadlines

    real = deadlines.t

    def t(key: str, lang: str, **params: Any) -> str:
        if key.startswith("svc.deadline_passed"):
            game = live_game[0]
            return real(key, lang, **params) + " " + " ".join(game.view("british").hand)
        return real(key, lang, **params)

    live_game: list[Any] = []
    original = deadlines.Deadlines._passed

    async def passed(self: Any, ch: Any) -> None:
        live_game[:] = [ch.game]
        await original(self, ch)

    monkeypatch.setattr(deadlines, "t", t)
    monkeypatch.setattr(deadlines.Deadlines, "_passed", passed)
    report = scan_game(_module("liberty"), 0, cap=21, lang="en")
    assert any(leak.what == "post" and leak.recipient == "public" for leak in report.leaks), report.leaks[:3]


def test_a_word_a_rule_says_in_public_is_known_to_the_public():
    """A reason told to everyone (7.5 [3rd]: the lone leader eliminated because cavalry caught him) makes
    its words known: the scan must not count the rule's own words as a leak, and still counts a word no
    public part says."""
    from tools.secrecy import said, told

    known = told(
        {"kind": "eliminated", "reason": "7.5 [3rd]: a lone leader caught by 3+ enemy units with cavalry"},
        set(),
    )
    assert "cavalry" in known and not said("BLU eliminated: ... units with cavalry", {"cavalry"} - known)
    assert said("FR-3 is artillery", {"artillery"} - known) == {"artillery"}
