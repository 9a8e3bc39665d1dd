"""*Liberty* (engine/liberty) played to its result through the platform, as any module is: the Service
(lobby, orders from both seats — the secret card play 3.1 included —, its pictures: the hex map in every
post, a side's hand only in that side's DM), a restart that reloads and checks the game, and the export that
replays it. Nothing in ``bot/`` knows Liberty's name: the game is its module's."""

from __future__ import annotations

import random

import pytest

from ai.liberty import LibertyRandomPlayer
from bot.outbox import DM, Post
from bot.pictures import NoPictures
from bot.service import Caller, Service, ServiceError
from engine import modules
from engine.liberty.module import MODULE
from engine.script import run_lines

CH = 300
HOST, ALICE, BOB = 1, 2, 3


@pytest.fixture
def liberty():
    modules.register(MODULE)
    yield MODULE
    modules.unregister("liberty")


def who(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CH, guild_id=9)


async def test_liberty_plays_to_its_result_through_the_service(liberty, new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 11)
    res = await svc.new_game(who(HOST), "last_year=1776", game="liberty")
    assert "british" in res.reply.text.lower() and "american" in res.reply.text.lower()
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    start = await svc.start(who(HOST))
    posts = [m for m in start.outbox if isinstance(m, Post)]
    dms = [m for m in start.outbox if isinstance(m, DM)]
    assert posts and all("hand" not in [p.kind for p in m.pictures] for m in posts)  # 3.0: hands hidden
    assert "map" in [p.kind for p in posts[0].pictures]
    assert any("hand" in [p.kind for p in m.pictures] for m in dms)  # each side's hand, in its own DM
    live = await svc.current(CH)
    user = {role: u for role, (u, _bot) in live.row.seats.items()}
    assert set(user) == {"british", "american"}
    with pytest.raises(ServiceError):
        await svc.order(who(HOST), "/end")  # the host holds no seat
    rng = random.Random(5)
    player = LibertyRandomPlayer()
    orders = 0
    while not live.game.over and orders < 600:
        role = rng.choice(live.game.active())
        order = player.choose(live.game.view(role), live.game.legal(role), rng)
        done = await svc.order(who(user[role]), order, f"i-{orders}", role=role)
        assert done.reply.text.startswith("Done"), (order, done.reply.text)
        orders += 1
        if orders == 20:  # a restart: the game is loaded from what the store holds and checked
            svc = Service(store, pictures=NoPictures())
            assert await svc.recover() == []
        live = await svc.current(CH, finished=True)
    assert live.game.over and live.row.status == "over", orders
    exported = await svc.export(who(ALICE))
    script = exported.reply.file[1].decode()
    assert next(line for line in script.splitlines() if not line.startswith("#")) == "@game liberty"
    assert run_lines(script.splitlines()).game.dumps() == live.game.dumps()
    await svc.idle()


async def test_liberty_pictures_are_drawn_from_the_roles_view(liberty, new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 3)
    await svc.new_game(who(HOST), game="liberty")
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    start = await svc.start(who(HOST))
    post = next(m for m in start.outbox if isinstance(m, Post) and m.pictures)
    assert (await svc.draw(post.pictures[0])).startswith(b"\x89PNG")
    dm = next(m for m in start.outbox if isinstance(m, DM) and any(p.kind == "hand" for p in m.pictures))
    hand = next(p for p in dm.pictures if p.kind == "hand")
    assert hand.role in ("british", "american")
    assert (await svc.draw(hand)).startswith(b"\x89PNG")
    await svc.idle()


async def test_standing_battle_orders_fire_each_battle_turn_so_a_battle_never_waits(new_store):
    """7.31 as a standing order (``/game prefer key:battle value:fire``): a side away from the table fires in
    every battle turn of its own; it is never asked to fire, and its retreats stay its own decision."""
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 21)
    await svc.new_game(who(HOST), "last_year=1776", game="liberty")
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    await svc.start(who(HOST))
    set_ = await svc.prefer(who(ALICE), "battle", "fire")
    assert "fire" in set_.reply.text
    await svc.prefer(who(BOB), "battle", "fire")
    with pytest.raises(ServiceError):
        await svc.prefer(who(BOB), "battle", "square")  # Napoleon's word, not Liberty's
    live = await svc.current(CH)
    user = {role: u for role, (u, _bot) in live.row.seats.items()}
    rng, player, sent, fired = random.Random(2), LibertyRandomPlayer(), 0, 0
    while not live.game.over and sent < 600:
        role = rng.choice(live.game.active())
        lg = live.game.legal(role)
        assert lg.phase != "battle", "a battle turn waited for a side that left standing orders"
        await svc.order(who(user[role]), player.choose(live.game.view(role), lg, rng), f"s-{sent}", role=role)
        await svc.idle()  # what plays by itself (the standing orders) runs after the change that woke it
        sent += 1
        live = await svc.current(CH, finished=True)
        fired = sum(1 for line in live.game.log if line.split(": ", 1)[-1] == "/fire")
    assert live.game.over and fired > 0, (sent, fired)  # battles were fought, by the standing orders
    await svc.idle()
