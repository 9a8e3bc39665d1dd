"""The application service, without Discord: seats, permissions, storage, recovery, deadlines."""

from __future__ import annotations

import pytest
from support.served import served

from bot.outbox import DM, Post, Thread, message_from
from bot.pictures import NoPictures
from bot.service import Caller, Service, ServiceError
from bot.storage import SCHEMA_VERSION, Store

CH, SPECT = 100, 200
HOST, ALICE, BOB, CAROL, EVE = 1, 2, 3, 4, 5


@pytest.fixture
async def env(tmp_path, new_store):
    async with served(new_store) as (svc, store, clock):
        yield svc, store, clock, tmp_path


async def stored(store: Store) -> list:
    """Every message written to the outbox so far, in order (delivered or not)."""
    return [message_from(r.kind, r.target, r.body, r.game_id) for r, _done, _err in await store.outbox_all()]


def who(user, channel=CH, manager=False):
    return Caller(user_id=user, channel_id=channel, guild_id=9, manager=manager)


async def started(svc, options="setup=historical", players=(ALICE, BOB)):
    await svc.new_game(who(HOST), options)
    for p in players:
        await svc.join(who(p))
    return await svc.start(who(HOST))


async def test_schema_is_migrated_and_wal(env):
    _svc, store, _, _ = env
    if not isinstance(store, Store):
        pytest.skip("SQLite's own schema version and journal")
    async with store._db.execute("PRAGMA user_version") as c:
        assert (await c.fetchone())[0] == SCHEMA_VERSION
    async with store._db.execute("PRAGMA journal_mode") as c:
        assert (await c.fetchone())[0] == "wal"


async def test_a_whole_lobby_to_first_order(env):
    svc, store, _, _ = env
    res = await started(svc)
    assert "campaign begins" in res.reply.text
    posts = [m for m in res.outbox if isinstance(m, Post)]
    dms = [m for m in res.outbox if isinstance(m, DM)]
    assert posts and posts[0].channel_id == CH and ALICE in posts[0].mentions
    assert {d.user_id for d in dms} == {ALICE, BOB}
    assert (await svc.draw(posts[0].pictures[0])).startswith(b"\x89PNG")
    r = await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin", "i-1")
    assert r.reply.text.startswith("Done"), r.reply.text
    assert len(await store.orders(1)) == 1


async def test_one_channel_one_game_but_many_channels(env):
    svc, _, _, _ = env
    await svc.new_game(who(HOST))
    with pytest.raises(ServiceError):
        await svc.new_game(who(HOST))
    await svc.new_game(who(HOST, channel=101))


async def test_only_the_seated_player_acts(env):
    svc, _, _, _ = env
    await started(svc)
    r = await svc.order(who(BOB), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    assert r.reply.text.startswith("Not accepted") and "4.0" in r.reply.text
    with pytest.raises(ServiceError):
        await svc.order(who(EVE), "/end")  # a spectator


async def test_rule_errors_change_nothing_and_cite_the_rule(env):
    svc, store, _, _ = env
    await started(svc)
    r = await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin>Marchienne")
    assert "5.2" in r.reply.text
    assert await store.orders(1) == []


async def test_a_retried_interaction_is_applied_once(env):
    svc, store, _, _ = env
    await started(svc)
    a = await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin", "same")
    b = await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin", "same")
    assert a.reply.text == b.reply.text
    assert len(await store.orders(1)) == 1


async def test_admin_commands_need_the_host_or_a_manager(env):
    svc, _, _, _ = env
    await svc.new_game(who(HOST))
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    with pytest.raises(ServiceError):
        await svc.start(who(ALICE))
    await svc.start(who(EVE, manager=True))


async def test_spectators_get_the_public_map_only(env):
    svc, _, _, _ = env
    await started(svc)
    res = await svc.spectate(who(HOST), SPECT)
    assert any(isinstance(m, Post) and m.channel_id == SPECT for m in res.outbox)
    r = await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    spect_posts = [m for m in r.outbox if isinstance(m, Post) and m.channel_id == SPECT]
    assert spect_posts and "FR-1" not in spect_posts[0].text  # no secret unit ids in public posts
    assert spect_posts[0].pictures[0].filename.endswith("public.png")
    dm = [m for m in r.outbox if isinstance(m, DM) and m.user_id == ALICE]
    assert dm and "FR-1" in dm[0].text


async def test_recovery_reloads_and_checks_against_replay(env):
    svc, store, clock, _ = env
    await started(svc)
    await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    await svc.order(who(ALICE), "/end")
    svc2 = Service(store, pictures=NoPictures(), clock=clock)
    assert await svc2.recover() == []
    r = await svc2.order(who(BOB), "/end")
    assert r.reply.text.startswith("Done")


async def test_a_snapshot_that_disagrees_with_the_orders_is_suspended(env):
    svc, store, clock, _ = env
    await started(svc)
    await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    await store._exec("UPDATE orders SET text='/move units:FR-2 path:Solre-sur-Sambre>Thuin'")
    svc2 = Service(store, pictures=NoPictures(), clock=clock)
    problems = await svc2.recover()
    assert problems and "suspended" in problems[0]
    with pytest.raises(ServiceError):
        await svc2.order(who(ALICE), "/end")


async def test_export_replays_to_the_same_game_and_imports(env):
    svc, store, _, _ = env
    await started(svc)
    await svc.order(who(ALICE), "/move units:FR-1 path:Solre-sur-Sambre>Thuin")
    await svc.prefer(who(BOB), "supply", "PR-1")
    with pytest.raises(ServiceError):
        await svc.export(who(ALICE))  # a running game's script holds every secret
    await svc.abort(who(HOST))  # the script goes to every seated player at once
    scripts = [m for m in await stored(store) if isinstance(m, DM) and m.file]
    assert {m.user_id for m in scripts} == {ALICE, BOB} and len({m.file for m in scripts}) == 1
    data = scripts[0].file[1].encode()
    await svc.new_game(who(HOST, channel=300))
    await svc.import_script(who(HOST, channel=300), data.decode())
    await svc.join(who(ALICE, channel=300))
    await svc.join(who(BOB, channel=300))
    await svc.start(who(HOST, channel=300))
    a = svc.live[1].game
    b = svc.live[2].game
    assert a.snapshot()["units"] == b.snapshot()["units"] and a.state.log == b.state.log[: len(a.state.log)]
    assert b.state.log[-1].startswith("@dice seed ")  # the imported game goes on with dice of its own


async def test_deadline_reminder_then_pass(env):
    svc, _, clock, _ = env
    await svc.new_game(who(HOST), "setup=historical", deadline_hours=10)
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    await svc.start(who(HOST))
    assert await svc.tick() == []
    clock.t += 8 * 3600
    out = await svc.tick()
    assert any(isinstance(m, Post) and "reminder" in m.text for m in out)
    clock.t += 3 * 3600
    out = await svc.tick()
    assert any(isinstance(m, Post) and "deadline passed" in m.text for m in out)
    assert svc.live[1].game.state.turn == 2  # the French turn was passed


async def test_three_player_thread_opens_only_in_setup_and_allied_nights(env):
    svc, _, _, _ = env
    res = await started(svc, "setup=historical players=3", (ALICE, BOB, CAROL))
    threads = [m for m in res.outbox if isinstance(m, Thread)]
    assert threads and not threads[-1].open and set(threads[-1].members) == {BOB, CAROL}
    game = svc.live[1].game
    game.set_turn(6)  # Allied night
    r = await svc.order(who(BOB), "/end")
    assert [m for m in r.outbox if isinstance(m, Thread)][-1].open


async def test_preferences_reach_the_engine_and_replay(env):
    svc, store, _, _ = env
    await started(svc)
    await svc.prefer(who(BOB), "hits", "BR-1, PR-2")
    assert svc.live[1].game.state.preferences["allied"]["hits"] == ["BR-1", "PR-2"]
    with pytest.raises(ServiceError):
        await svc.prefer(who(BOB), "hits", "FR-1")
    assert (await store.orders(1))[-1].text.startswith("@prefer")


BATTLE = """@options setup=historical players=2
@seed 5
@place PR-1 Thuin
@place PR-2 Thuin
@place PR-3 Thuin
"""


async def test_standing_battle_orders_play_the_battle_turn_and_are_reported(env):
    svc, store, _, _ = env
    await svc.new_game(who(HOST), "setup=historical")
    await svc.import_script(who(HOST), BATTLE)
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    await svc.start(who(HOST))
    await svc.order(who(ALICE), "/move units:FR-1,FR-2,FR-3,FR-6 path:Solre-sur-Sambre>Thuin")
    await svc.order(who(ALICE), "/end")
    r = await svc.prefer(who(BOB), "battle", "fire square")
    assert "Standing battle orders" in r.reply.text
    await svc.order(who(BOB), "/deploy left:PR-1 center:PR-2 right:PR-3")  # deployments stay the player's
    await svc.order(who(ALICE), "/deploy left:FR-1,FR-6 center:FR-2 right:FR-3")
    n = len(await store.orders(1))
    sent = len(await stored(store))
    await svc.order(who(ALICE), "/end")  # the French battle turn ends: the Allied one plays itself
    await svc.idle()
    rows = await store.orders(1)
    assert len(rows) > n + 1 and rows[-1].role == "allied" and rows[-1].text == "/end"
    new = (await stored(store))[sent:]
    reports = [m for m in new if isinstance(m, DM) and m.user_id == BOB and "Standing orders" in m.text]
    assert reports
    game = svc.live[1].game
    assert "french" in game.active()  # back to the attacker
    await svc.prefer(who(BOB), "battle", "off")
    n = len(await store.orders(1))
    await svc.order(who(ALICE), "/end")
    await svc.idle()
    assert len(await store.orders(1)) == n + 1  # cancelled: Bob's battle turn waits for Bob


async def test_finished_games_can_still_be_looked_at(env):
    svc, _, _, _ = env
    await svc.new_game(who(HOST), "setup=historical days=1")
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    await svc.start(who(HOST))
    svc.live[1].game.set_turn(6)
    await svc.order(who(BOB), "/end")
    assert svc.live[1].game.over
    r = await svc.status(who(ALICE))
    assert "over" in r.reply.text.lower()
    r = await svc.export(who(BOB))
    assert r.reply.file
    await svc.new_game(who(HOST), "setup=historical")  # the channel is free for the next campaign


async def test_bot_players_play_their_seats(env):
    svc, store, _, _ = env
    await svc.new_game(who(HOST), "setup=historical days=1")
    await svc.join(who(ALICE), "french")
    with pytest.raises(ServiceError):
        await svc.join(who(ALICE), "allied", bot=True)  # only the host seats bots
    await svc.join(who(HOST), "allied", bot=True)
    await svc.start(who(HOST))
    await svc.order(who(ALICE), "/end")
    await svc.idle()
    game = svc.live[1].game
    assert game.state.turn == 3 and game.active() == ["french"]  # the bot played the Allied turn
    rows = await store.orders(1)
    assert rows[-1].role == "allied" and rows[-1].user_id is None
    bot = svc.live[1].bot
    assert bot is not None  # one bot player per game, so that it keeps its plans from turn to turn
    await svc.order(who(ALICE), "/end")
    await svc.idle()
    assert svc.live[1].bot is bot and svc.live[1].game.state.turn == 5


async def test_deadline_can_hand_the_seat_to_a_bot_and_the_player_takes_it_back(env):
    svc, _, clock, _ = env
    await svc.new_game(who(HOST), "setup=historical days=1", deadline_hours=10, deadline_action="bot")
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    await svc.start(who(HOST))
    clock.t += 11 * 3600
    out = await svc.tick()
    assert any(isinstance(m, Post) and "bot players now play" in m.text for m in out)
    await svc.idle()
    game = svc.live[1].game
    assert game.state.turn >= 2 and svc.live[1].row.seats["french"] == (ALICE, True)
    with pytest.raises(ServiceError):
        await svc.join(who(BOB), "french")  # not Bob's seat
    r = await svc.join(who(ALICE), "french")
    assert "back" in r.reply.text and svc.live[1].row.seats["french"] == (ALICE, False)


async def test_deadline_pass_ends_only_what_the_late_player_was_doing(env):
    svc, _, clock, _ = env
    await svc.new_game(who(HOST), "setup=initiative", deadline_hours=10)
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    await svc.start(who(HOST))
    clock.t += 11 * 3600
    out = await svc.tick()
    game = svc.live[1].game
    assert game.state.phase == "movement" and game.state.turn == 1  # French deployed, turn 1 not passed
    posts = [m for m in out if isinstance(m, Post) and m.channel_id == CH]
    assert len(posts) <= 3  # one notice and one map, not a post per placed block


@pytest.mark.parametrize(
    ("locale", "asked", "nobody"),
    [
        ("en", "French: your orders now — Move your groups", "nobody is to act"),
        ("ja", "部隊を移動", "行動する陣営はありません"),
    ],
)
async def test_console_legal_listing_speaks_the_console_language(env, locale, asked, nobody):
    import io

    from bot.console import Console

    svc, _store, _clock, tmp_path = env
    out = io.StringIO()
    con = Console(svc, tmp_path / "pictures", out=out, locale=locale)
    await con.ensure_game("setup=historical")
    await con.handle(":legal")
    text = out.getvalue()
    assert asked in text and "/move units:" in text and "/end" in text
    await con.handle(":quit")
    live = await svc.games.read_channel(con.me.channel_id)
    live.game.state.phase = "over"  # a finished game: nobody to act
    await con.handle(":legal")
    assert nobody in out.getvalue()


def test_the_pinned_status_tells_the_last_events_as_telling_them_all_would():
    """The pinned status tells its last public events from the end, only as far back as it needs
    (``bot.narrate.last_lines``): the same lines as telling the last 60 events and keeping the last few, for
    every role, language and count, over random games of both built-in modules."""
    import random

    from bot.narrate import last_lines, tell
    from engine import modules
    from tools.samples import random_games

    napoleon = list(random_games(range(3, 4), every=300, max_orders=300))[-1]
    liberty = modules.get("liberty")
    lib = liberty.new_game(liberty.make_options(liberty.defaults()), 5)
    rng = random.Random(5)
    for _ in range(300):
        if lib.over:
            break
        role = rng.choice(lib.active())
        lib.apply(role, str(rng.choice(list(lib.legal(role).choices))))
    for game, module in ((napoleon, modules.get("napoleon")), (lib, liberty)):
        assert game is not None and len(game.events) > 60
        for role in ("public", *module.roles(game.options)):
            for lang in ("en", "ja"):
                for n in (1, 6, 200):
                    for cut in (10, len(game.events) // 2, len(game.events)):
                        ev = game.events[:cut]
                        want = tell(ev[-60:], role, lang, game.options, module)[-n:]
                        assert last_lines(ev, role, lang, game.options, module, n) == want
