"""Ratings that know the side (bot/ratings.py, bot/service/records.py): the model's properties, the result
stored by the change that ends a game (both backends, and the games finished before it, filled in at
start-up), what keeps a game out (``rated:no``, a bot seat, one player on both sides), forfeits and
timeouts on the record, and ``/ratings`` and ``/profile`` through the fake Discord, the service and the
console. Played with the tests' tiny module Dash (tests/support/games/dash.py), so no game is named."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.console import run_console
from bot.pictures import NoPictures
from bot.ratings import MU, PROVISIONAL, GameResult, judge, rate
from bot.service import Caller, Service, ServiceError
from bot.service.core import Change
from engine import modules

CH = 100
GUILD = 9
ALICE, BOB, CAROL = 2, 3, 4


def who(user: int, channel: int = CH, locale: str = "en") -> Caller:
    return Caller(user_id=user, channel_id=channel, guild_id=GUILD, locale=locale)


# --- the model, pure ---------------------------------------------------------------------------------------

TWO = ((("a",), ("b",)), {"players": 2})
THREE = ((("a",), ("b", "c")), {"players": 3})  # one against two


@st.composite
def games(draw, n_max: int = 12) -> list[GameResult]:
    """Finished rated games among five players, of one against one and one against two, some at the same
    instant (``finished`` from a few values), with wins of either side and draws."""
    out = []
    for gid in range(1, draw(st.integers(1, n_max)) + 1):
        sides, options = draw(st.sampled_from([TWO, THREE]))
        roles = [r for side in sides for r in side]
        users = draw(st.permutations([1, 2, 3, 4, 5]))[: len(roles)]
        places = draw(st.sampled_from([(1, 2), (2, 1), (1, 1)]))
        out.append(
            GameResult(
                gid,
                GUILD,
                "m",
                options,
                float(draw(st.integers(0, 4))),
                tuple(zip(places, sides, strict=True)),
                dict(zip(roles, users, strict=True)),
            )
        )
    return out


def _skills(table):
    return {u: (s.mu, s.sigma, s.games, s.wins) for u, s in table.players.items()}


@settings(max_examples=60, deadline=None)
@given(games(), st.randoms(use_true_random=False))
def test_ratings_do_not_depend_on_the_order_the_results_are_handed_in(results, rnd):
    """Games are rated in the order they finished, those of the same instant by their number."""
    shuffled = list(results)
    rnd.shuffle(shuffled)
    one, two = rate(results, "m"), rate(shuffled, "m")
    assert _skills(one) == _skills(two)
    sides = [{k: (s.mu, s.sigma) for k, s in t.sides.items()} for t in (one, two)]
    assert sides[0] == sides[1]


@settings(max_examples=80, deadline=None)
@given(games(), st.sampled_from([TWO, THREE]), st.permutations([1, 2, 3, 4, 5]), st.booleans())
def test_a_win_never_lowers_a_winners_rating_nor_a_loss_raises_a_losers(history, kind, users, first):
    sides, options = kind
    roles = [r for side in sides for r in side]
    seats = dict(zip(roles, users[: len(roles)], strict=True))
    places = (1, 2) if first else (2, 1)
    last = GameResult(99, GUILD, "m", options, 10.0, tuple(zip(places, sides, strict=True)), seats)
    before, after = rate(history, "m"), rate([*history, last], "m")
    for place, side in last.placings:
        for role in side:
            u = seats[role]
            was = before.players[u].rating if u in before.players else MU - 3 * MU / 3
            if place == 1:
                assert after.players[u].rating >= was - 1e-9
                assert after.players[u].wins == (before.players[u].wins if u in before.players else 0) + 1
            else:
                assert after.players[u].rating <= was + 1e-9


@settings(max_examples=40, deadline=None)
@given(games(), st.sampled_from(["unrated", "bot", "self", "no_result"]))
def test_a_game_not_rated_changes_no_rating(results, why):
    placings = ((1, ("a",)), (2, ("b",)))
    extra = GameResult(50, GUILD, "m", {"players": 2}, 2.0, placings, {"a": 1, "b": 2}, False, why)
    assert _skills(rate([*results, extra], "m")) == _skills(rate(results, "m"))


@given(games())
@settings(max_examples=40, deadline=None)
def test_a_player_is_provisional_below_five_rated_games(results):
    table = rate(results, "m")
    for user, s in table.players.items():
        counted = sum(1 for r in results if user in r.seats.values())
        assert s.games == counted and s.provisional == (counted < PROVISIONAL)


def test_one_against_two_starts_even_and_the_side_term_learns_which_side_wins():
    """Teams of unequal size (Weng–Lin: a team's skill is its members' sum): the lone side's term starts at
    one player's prior, so the first game is even; a side that keeps winning fits a positive edge, which
    then takes part of its players' gains."""
    seats = {"a": 1, "b": 2, "c": 3}
    first = GameResult(1, GUILD, "m", {"players": 3}, 1.0, ((1, ("a",)), (2, ("b", "c"))), seats)
    table = rate([first], "m")
    lone = next(s for k, s in table.sides.items() if k.roles == ("a",))
    pair = next(s for k, s in table.sides.items() if k.roles == ("b", "c"))
    assert lone.start == MU and pair.start == 0
    assert lone.edge > 0 > pair.edge  # the winner's side moved up, the loser's down
    many = [
        GameResult(
            i,
            GUILD,
            "m",
            {"players": 3},
            float(i),
            ((1, ("a",)), (2, ("b", "c"))),
            {"a": i % 3 + 1, "b": (i + 1) % 3 + 1, "c": (i + 2) % 3 + 1},
        )
        for i in range(1, 13)
    ]
    edge = next(s for k, s in rate(many, "m").sides.items() if k.roles == ("a",)).edge
    assert edge > 1.0


def test_judge_says_why_a_game_is_not_rated():
    placings = [(1, ("a",)), (2, ("b",))]
    people = {"a": (1, False), "b": (2, False)}
    assert judge(placings, people, rated=True, bot_seated=False) == ""
    assert judge(placings, people, rated=False, bot_seated=False) == "unrated"
    assert judge(placings, people, rated=True, bot_seated=True) == "bot"
    assert judge(placings, {"a": (1, False), "b": (None, True)}, rated=True, bot_seated=False) == "bot"
    assert judge(placings, {"a": (1, False), "b": (1, False)}, rated=True, bot_seated=False) == "self"
    assert judge([], people, rated=True, bot_seated=False) == "no_result"


# --- through the service (both backends) -----------------------------------------------------------------


async def play_dash(svc: Service, channel: int, red: int, blue: int | None, *, rated: bool = True) -> int:
    """A game of Dash (length 3) played to its end: red runs 2 a turn and wins (D2, D4), unless a bot
    holds blue (``blue`` None), which runs 2 too and moves second."""
    await svc.new_game(who(red, channel), "length=3", game="dash", rated=rated)
    await svc.join(who(red, channel), "red")
    if blue is None:
        await svc.join(who(red, channel), "blue", bot=True)
    else:
        await svc.join(who(blue, channel), "blue")
    await svc.start(who(red, channel))
    for _ in range(20):
        live = await svc.current(channel, finished=True)
        if live.game.over:
            return live.id
        role = live.game.active()[0]
        user = red if role == "red" else blue
        assert user is not None
        await svc.order(who(user, channel), "/run steps:2")
        await svc.idle()
    raise AssertionError("the game did not end")


async def test_the_change_that_ends_a_game_stores_its_result_and_it_is_rated(dash, new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 7)
    gid = await play_dash(svc, CH, ALICE, BOB)
    (r,) = await store.results(GUILD)
    assert r.game_id == gid and r.rated and r.why == "" and r.how == "end"
    assert r.placings == ((1, ("red",)), (2, ("blue",))) and r.seats == {"red": ALICE, "blue": BOB}
    text = (await svc.ratings(who(CAROL), "dash")).reply.text
    assert text.index(f"<@{ALICE}>") < text.index(f"<@{BOB}>") and "(provisional)" in text
    assert "red: games: 1, won: 1 (100%)" in text  # the side's record beside the ratings


async def test_a_bot_seat_or_rated_no_keeps_a_game_out_of_the_ratings(dash, new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 7)
    made = await svc.new_game(who(ALICE, CH + 1), "length=3", game="dash", rated=False)
    assert "not rated" in made.reply.text
    await svc.abort(who(ALICE, CH + 1))
    await play_dash(svc, CH, ALICE, None)  # a bot holds blue
    await play_dash(svc, CH + 2, ALICE, BOB, rated=False)
    why = {r.game_id: (r.rated, r.why) for r in await store.results(GUILD)}
    assert sorted(why.values()) == [(False, "bot"), (False, "unrated")]
    text = (await svc.ratings(who(ALICE), "dash")).reply.text
    assert "No rated game" in text
    profile = (await svc.profile(who(BOB))).reply.text
    assert "red" not in profile and "blue: games: 1, won: 0" in profile  # on the record all the same


async def test_a_seat_once_handed_to_a_bot_keeps_the_game_unrated(dash, new_store):
    """A bot held a seat during the game (a deadline handed it over, say), then the player took it back."""
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 7)
    await svc.new_game(who(ALICE), "length=5", game="dash")
    await svc.join(who(ALICE), "red")
    await svc.join(who(BOB), "blue")
    gid = (await svc.current(CH)).id
    await svc.start(who(ALICE))

    async def hand(ch: Change) -> None:
        ch.seat("blue", BOB, is_bot=True)

    async def back(ch: Change) -> None:
        ch.seat("blue", BOB, is_bot=False)

    await svc.games.change(gid, hand)
    await svc.games.change(gid, back)
    await svc.order(who(ALICE), "/run steps:2")
    for _ in range(20):
        live = await svc.current(CH, finished=True)
        if live.game.over:
            break
        role = live.game.active()[0]
        await svc.order(who(ALICE if role == "red" else BOB), "/run steps:2")
    (r,) = await store.results(GUILD)
    assert not r.rated and r.why == "bot"


async def test_a_forfeit_ends_the_game_and_counts(dash, new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 7)
    await svc.new_game(who(ALICE), "length=9", game="dash")
    await svc.join(who(ALICE), "red")
    await svc.join(who(BOB), "blue")
    await svc.start(who(ALICE))
    gid = (await svc.current(CH)).id

    async def give_up(ch: Change) -> None:
        ch.forfeit(["red"])

    await svc.games.change(gid, give_up)
    (r,) = await store.results(GUILD)
    assert r.how == "forfeit" and r.rated and r.placings == ((2, ("red",)), (1, ("blue",)))
    table = rate(await store.results(GUILD), "dash")
    assert table.players[BOB].wins == 1 and table.players[ALICE].wins == 0
    assert "ended by forfeit: 1" in (await svc.profile(who(ALICE))).reply.text


async def test_games_finished_before_the_results_table_are_filled_in_at_start_up(dash, new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 7)
    gid = await play_dash(svc, CH, ALICE, BOB)
    (kept,) = await store.results(GUILD)
    await store._exec("DELETE FROM results")  # as a game finished before schema 9 has none
    assert await store.finished_without_result() == [gid]
    again = Service(store, pictures=NoPictures())
    assert await again.recover() == []
    (r,) = await store.results(GUILD)
    assert (r.placings, r.seats, r.rated, r.how) == (kept.placings, kept.seats, kept.rated, kept.how)
    assert await store.finished_without_result() == []


async def test_the_migration_adds_the_results_to_an_older_database(dash, new_store):
    old = await new_store("old", schema=8 if new_store.backend == "sqlite" else 4)
    with pytest.raises(Exception):  # noqa: B017 (either backend's own error: no such table)
        await old._all("SELECT * FROM results")
    await old.close()
    store = await new_store("old")
    assert await store._all("SELECT * FROM results") == []
    assert await store._all("SELECT * FROM timeouts") == []


async def test_a_passed_deadline_is_a_timeout_on_the_players_record(dash, new_store):
    store = await new_store()
    now = [1_000_000.0]
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 7, clock=lambda: now[0])
    await svc.new_game(who(ALICE), "length=9", game="dash", deadline_hours=1)
    await svc.join(who(ALICE), "red")
    await svc.join(who(BOB), "blue")
    await svc.start(who(ALICE))
    now[0] += 2 * 3600
    await svc.tick()
    assert await store.timeouts_on(ALICE, GUILD) == 1 and await store.timeouts_on(BOB, GUILD) == 0
    text = (await svc.profile(who(BOB), ALICE)).reply.text
    assert "Timeouts: 1" in text and f"games {(await svc.current(CH)).id} (<#{CH}>)" in text


async def test_ratings_of_an_unknown_game_are_refused_naming_the_games(dash, new_store):
    svc = Service(await new_store(), pictures=NoPictures())
    with pytest.raises(ServiceError) as refused:
        await svc.ratings(who(ALICE), "chess")
    assert "dash" in str(refused.value) and "chess" in str(refused.value)


async def test_ratings_and_profile_speak_japanese(dash, new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 7)
    await play_dash(svc, CH, ALICE, BOB)
    text = (await svc.ratings(who(ALICE, locale="ja"), "dash")).reply.text
    assert "レーティング" in text and "暫定" in text
    assert "記録" in (await svc.profile(who(ALICE, locale="ja"))).reply.text


async def test_the_console_shows_ratings_and_the_record(dash, tmp_path, monkeypatch):
    """One player holds every seat in the console: its games are not rated (one player on both sides)."""
    lines = "/run steps:2\n/run steps:2\n/run steps:2\n:ratings\n:profile\n:quit\n"
    out = io.StringIO()
    await run_console(
        str(tmp_path / "c.db"), str(tmp_path / "pics"), "length=3", io.StringIO(lines), out=out, game="dash"
    )
    said = out.getvalue()
    assert "No rated game" in said and "Record of" in said and "red: games: 1, won: 1" in said
    assert not (tmp_path / "pics" / "ratings-dash.png").exists()  # no table to draw


# --- through the fake Discord ------------------------------------------------------------------------------


@pytest.fixture
async def dash_harness(dash, harness):
    yield harness


async def _discord_game(h, channel: str, red: str, blue: str) -> None:
    await h.feed(h.slash("game new", {"game": "dash", "options": "length=3"}, user=red, channel=channel))
    await h.feed(h.slash("game join", {}, user=red, channel=channel))
    await h.feed(h.slash("game join", {}, user=blue, channel=channel))
    await h.feed(h.slash("game start", user=red, channel=channel))
    for _ in range(10):
        live = next(v for v in h.bot.service.live.values() if v.row.status in ("running", "over"))
        if live.game.over:
            return
        user = red if live.game.active()[0] == "red" else blue
        got = await h.feed(h.slash("run", {"steps": 2}, user=user, channel=channel))
        assert got.reply.content.startswith("Done"), got.reply.content


async def test_ratings_and_profile_through_discord(dash_harness):
    h = dash_harness
    await _discord_game(h, "game-1", "alice", "bob")
    alice, bob = h.world.user("alice"), h.world.user("bob")
    got = await h.feed(h.slash("ratings", {"game": "dash"}, user="carol", channel="game-1"))
    assert got.reply.ephemeral and f"<@{alice.id}>" in got.reply.content
    (png,) = got.reply.attachments
    assert png.filename == "ratings-dash.png" and png.is_png
    mine = await h.feed(h.slash("profile", {"user": bob}, user="alice", channel="game-1"))
    assert f"<@{bob.id}>" in mine.reply.content and "blue: games: 1, won: 0" in mine.reply.content
    own = await h.feed(h.slash("profile", {}, user="alice", channel="game-1"))
    assert "red: games: 1, won: 1" in own.reply.content
    bad = await h.feed(h.slash("ratings", {"game": "chess"}, user="carol", channel="game-1"))
    assert bad.reply.ephemeral and "chess" in bad.reply.content and "dash" in bad.reply.content
    ja = await h.feed(h.slash("ratings", {"game": "dash"}, user="carol", channel="game-1", locale="ja"))
    assert "レーティング" in ja.reply.content


async def test_two_hosts_make_a_game_rated_no_at_the_same_instant(dash_harness):
    """``/game new rated:no`` changes something: two at once in one channel make one unrated game."""
    h = dash_harness
    made = await h.feed_concurrently(
        h.slash("game new", {"game": "dash", "rated": False}, user="alice", channel="game-1"),
        h.slash("game new", {"game": "dash", "rated": False}, user="bob", channel="game-1"),
    )
    said = sorted(d.reply.content for d in made)
    assert sum("not rated" in s for s in said) == 1 and sum("already" in s for s in said) == 1, said
    (gid,) = await h.bot.store.game_ids("lobby")
    assert (await h.bot.store.game(gid)).settings.rated is False


async def test_two_players_ask_for_the_ratings_as_the_last_move_lands(dash_harness):
    """The last move and two readers at the same instant: the result is stored once, and each reader sees
    the game rated or not yet, never half of it."""
    h = dash_harness
    await h.feed(h.slash("game new", {"game": "dash", "options": "length=3"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    await h.feed(h.slash("run", {"steps": 2}, user="alice", channel="game-1"))
    await h.feed(h.slash("run", {"steps": 2}, user="bob", channel="game-1"))
    got = await h.feed_concurrently(
        h.slash("run", {"steps": 2}, user="alice", channel="game-1"),
        h.slash("ratings", {"game": "dash"}, user="bob", channel="game-1"),
        h.slash("ratings", {"game": "dash"}, user="carol", channel="game-1"),
    )
    assert got[0].reply.content.startswith("Done")
    for d in got[1:]:
        assert "No rated game" in d.reply.content or "rated games: 1" in d.reply.content
    assert len(await h.bot.store.results(h.world.guild().id)) == 1
    after = await h.feed(h.slash("ratings", {"game": "dash"}, user="carol", channel="game-1"))
    assert "rated games: 1" in after.reply.content


# --- each module's sides and places (the module contract's ``placings``) -----------------------------------


def test_napoleons_sides_are_the_french_against_every_allied_role():
    """One French player against one or two allied roles (a game of three: british and prussian as one
    team, rated as played); a draw (12.3) places both first; the side of a role that forfeits loses."""
    from engine.napoleon.sequence import Phase
    from engine.napoleon.state import Result as Over

    napoleon = modules.get("napoleon")
    game = napoleon.new_game(napoleon.make_options({**napoleon.defaults(), "players": 3}), 1)
    assert napoleon.placings(game) == []  # not over: no result
    assert napoleon.placings(game, ["prussian"]) == [(1, ("french",)), (2, ("british", "prussian"))]
    game.state.phase, game.state.result = Phase.OVER, Over("allied", "12.1")
    assert napoleon.placings(game) == [(2, ("french",)), (1, ("british", "prussian"))]
    game.state.result = Over("draw", "12.3")
    assert napoleon.placings(game) == [(1, ("french",)), (1, ("british", "prussian"))]


def test_a_module_without_its_own_placings_is_read_from_its_public_views_winner():
    from engine.liberty.sequence import Phase

    liberty = modules.get("liberty")
    game = liberty.new_game(liberty.make_options(liberty.defaults()), 1)
    assert liberty.placings(game) == []
    game.ctx.st.phase, game.ctx.st.winner = Phase.OVER, "american"
    assert liberty.placings(game) == [(2, ("british",)), (1, ("american",))]
    assert liberty.placings(game, ["american"]) == [(1, ("british",)), (2, ("american",))]
