"""The channel is told when a player's standing orders gave an order, for every game: the fact and the seat
only, never the order nor the words behind it (the player's DM has the order)."""

from __future__ import annotations

import pytest

from bot.outbox import DM, Post, message_from
from bot.pictures import NoPictures
from bot.service import Caller, Service

CH = 100
HOST, ALICE, BOB = 1, 2, 3
BATTLE = """@options setup=historical players=2
@seed 5
@place PR-1 Thuin
@place PR-2 Thuin
@place PR-3 Thuin
"""


def who(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CH, guild_id=9)


@pytest.fixture
async def svc(new_store):
    store = await new_store()
    service = Service(store, pictures=NoPictures(), seed_source=lambda: 42)
    yield service
    await service.idle()


async def test_standing_orders_are_announced_in_the_channel_as_standing(svc):
    store = svc.store
    await svc.new_game(who(HOST), "setup=historical")
    await svc.import_script(who(HOST), BATTLE)
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    await svc.start(who(HOST))
    await svc.order(who(ALICE), "/move units:FR-1,FR-2,FR-3,FR-6 path:Solre-sur-Sambre>Thuin")
    await svc.order(who(ALICE), "/end")
    await svc.prefer(who(BOB), "battle", "fire square")
    await svc.order(who(BOB), "/deploy left:PR-1 center:PR-2 right:PR-3")
    r = await svc.order(who(ALICE), "/deploy left:FR-1,FR-6 center:FR-2 right:FR-3")
    said = "answered by standing orders"
    assert not any(isinstance(m, Post) and said in m.text for m in r.outbox)  # a player's own order: not
    sent = len(await store.outbox_all())
    await svc.order(who(ALICE), "/end")  # the French battle turn ends: the Allied one plays itself
    await svc.idle()
    new = [
        message_from(x.kind, x.target, x.body, x.game_id) for x, _d, _e in (await store.outbox_all())[sent:]
    ]
    posts = [m for m in new if isinstance(m, Post) and m.channel_id == CH and said in m.text]
    reports = [m for m in new if isinstance(m, DM) and m.user_id == BOB and "Standing orders" in m.text]
    assert posts and len(posts) == len(reports)  # one line for each order its standing orders gave
    assert all("allied" in p.text for p in posts)  # the seat, as the sealed line names it
    assert not any("/fire" in p.text or "fire square" in p.text for p in posts)  # never the order or words
