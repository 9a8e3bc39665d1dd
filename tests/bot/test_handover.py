"""A player who vanishes, through the real discord.py and the fake Discord: a deadline passes (recorded on
the player's record), and the host and the other players vote with /game handover to hand the seat to a
substitute (who is sent what the seat knew), to the bot player, or to end the game as a forfeit."""

from __future__ import annotations

from test_discord_wedge import chan, settle

from bot.storage import GameRow

HOURS = 3600.0


async def running(h, action: str = "pass") -> GameRow:
    """Carol hosts without a seat; Bob plays the French, Alice the Allies; the deadline is 10 hours. (Alice
    owns the server: as a manager she may seat anyone, so the one who vanishes is Bob.)"""
    opts = {"setup": "historical", "players": 2, "deadline_hours": 10, "deadline_action": action}
    await h.feed(h.slash("game new", opts, user="carol", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "french"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "allied"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game start", user="carol", channel="game-1"))
    await settle(h)
    svc = h.bot.service
    return svc.live[max(svc.live)].row


async def miss_deadline(h) -> list[str]:
    """Move the service's clock past the deadline and tick; returns the seats that were late."""
    svc = h.bot.service
    live = next(iter(svc.live.values()))
    late = list(live.game.active())
    now = svc.clock()
    svc.clock = lambda: now + 11 * HOURS
    await svc.tick()
    await settle(h)
    return late


def said(d) -> str:
    return d.reply.content or ""


def posts(h) -> str:
    return "\n".join(m.get("content") or "" for m in h.fake.messages_in(chan(h, "game-1")))


async def vote(h, voter: str, choice: str, **more):
    return await h.feed(h.slash("game handover", {"choice": choice, **more}, user=voter, channel="game-1"))


async def test_a_vanished_players_seat_goes_to_a_substitute_who_is_sent_what_the_seat_knew(harness):
    h = harness
    row = await running(h)
    late = await miss_deadline(h)
    assert late == ["french"]  # the French deploy first
    bob, alice, dave = (h.world.user(n).id for n in ("bob", "alice", "dave"))
    assert "/game handover" in posts(h)  # the notice says what may be done
    # the timeout is on Alice's record, once
    assert [(g, r) for g, r, _at in await h.bot.service.store.timeouts_of(bob)] == [(row.id, "french")]
    assert await h.bot.service.store.timeouts_of(alice) == []
    # refused, changing nothing: someone not seated, the late player, a substitute already seated
    assert "Only the host and the players seated" in said(await vote(h, "dave", "bot"))
    assert "Only the host and the players seated" in said(await vote(h, "bob", "bot"))
    assert "already sits in this game" in said(await vote(h, "alice", "substitute", user="alice"))
    assert "take the seat back" in said(await vote(h, "alice", "substitute", user="bob"))
    assert "Name the substitute" in said(await vote(h, "alice", "substitute"))
    assert "has not missed a deadline" in said(await vote(h, "alice", "bot", role="allied"))
    assert "Unknown choice" in said(await vote(h, "alice", "kick"))
    assert h.bot.service.live[row.id].row.settings.handover_vote is None
    # Alice's vote is one of two (Carol the host, Alice): no majority yet
    first = said(await vote(h, "alice", "substitute", user="dave"))
    assert "1 of 2 votes" in first and h.bot.service.live[row.id].row.seats["french"] == (bob, False)
    before = len(h.fake.dms_to(dave))
    assert "handed over" in said(await vote(h, "carol", "substitute", user="dave"))
    await settle(h)
    assert h.bot.service.live[row.id].row.seats["french"] == (dave, False)
    assert f"<@{dave}> now plays the french" in posts(h)
    dms = h.fake.dms_to(dave)[before:]
    assert any("you now play the french seat" in (m.get("content") or "").lower() for m in dms)
    files = [a for m in dms for a in m.get("attachments") or [] if a["filename"].endswith("-french.txt")]
    assert files, "the seat's history as a file"
    # the old player is refused afterwards; the substitute plays
    out = said(await h.feed(h.slash("end", user="bob", channel="game-1")))
    assert "seat" in out.lower() and h.bot.service.live[row.id].row.seats["french"][0] == dave
    # no vote is left open, and the seat can no longer be voted on
    assert h.bot.service.live[row.id].row.settings.timed_out == {}
    assert "has not missed a deadline" in said(await vote(h, "alice", "bot", role="french"))


async def test_the_seat_handed_to_the_bot_plays_on(harness):
    h = harness
    row = await running(h)
    await miss_deadline(h)
    await vote(h, "alice", "bot")
    await vote(h, "carol", "bot")
    await settle(h)
    live = h.bot.service.live[row.id]
    assert live.row.seats["french"] == (None, True)
    assert "french" not in live.game.active() or live.game.over  # the bot played its deployment
    assert "handed to the bot player" in posts(h)
    # the player who vanished does not take it back by /game join: the vote gave it away
    out = said(await h.feed(h.slash("game join", {"role": "french"}, user="bob", channel="game-1")))
    assert h.bot.service.live[row.id].row.seats["french"] == (None, True), out


async def test_a_forfeit_ends_the_game_with_the_result(harness):
    h = harness
    row = await running(h)
    await miss_deadline(h)
    await vote(h, "alice", "forfeit")
    await vote(h, "carol", "forfeit")
    await settle(h)
    live = h.bot.service.live[row.id]
    assert live.row.status == "over" and live.row.settings.forfeit == "french"
    assert "forfeits; allied win" in posts(h).lower()
    out = said(await h.feed(h.slash("end", user="alice", channel="game-1")))
    assert h.bot.service.live[row.id].row.status == "over", out


async def test_a_forfeit_by_vote_reveals_the_dice_seed_and_its_export_verifies(harness):
    """A game ended by the handover vote is ended like any other: its dice seed and salt are said in the
    post that ends it, and its export checks out with ``estafette verify`` and ``/game verify``."""
    import re

    from support.discord_fake import Upload

    from bot.verify import verify

    h = harness
    row = await running(h)
    promised = re.search(r"commitment: `sha256:([0-9a-f]{64})`", posts(h))
    assert promised, "the commitment posted at the start"
    await miss_deadline(h)
    await vote(h, "alice", "forfeit")
    await vote(h, "carol", "forfeit")
    await settle(h)
    said_end = posts(h)
    revealed = re.search(
        r"dice seed of game \d+ was `(\d+)` \(salt `([0-9a-f]+)`\): sha256 `([0-9a-f]{64})`", said_end
    )
    assert revealed, said_end[-600:]
    assert revealed[3] == promised[1]
    assert h.bot.service.live[row.id].row.settings.dice_revealed
    d = await h.feed(h.slash("game export", user="carol", channel="game-1"))
    (upload,) = d.reply.attachments
    text = upload.data.decode()
    assert f"salt:{revealed[2]}" in text
    verdict = verify(text)
    assert verdict.ok and any("commitment matches" in x for x in verdict.lines), verdict.lines
    d = await h.feed(h.slash("game verify", {"script": Upload("g.txt", upload.data)}, user="bob"))
    assert "commitment matches" in said(d)
    # said once: a later change of the finished game (a rematch press) does not say it again
    await h.feed(h.click(f"est:r:{row.id}", user="alice", channel="game-1"))
    await settle(h)
    assert posts(h).count("dice seed of game") == 1


async def test_the_host_alone_decides_when_the_host_says_so(harness):
    h = harness
    row = await running(h)
    await miss_deadline(h)
    assert "host" in said(await vote(h, "alice", "host-decides")).lower()  # the host's rule only
    assert not h.bot.service.live[row.id].row.settings.handover_host
    await vote(h, "carol", "host-decides")
    await vote(h, "carol", "bot")
    assert h.bot.service.live[row.id].row.seats["french"] == (None, True)


async def test_two_votes_at_the_same_instant_hand_the_seat_over_once(harness):
    h = harness
    row = await running(h)
    await miss_deadline(h)
    dave = h.world.user("dave").id
    before = len(h.fake.dms_to(dave))
    await h.feed_concurrently(
        h.slash("game handover", {"choice": "substitute", "user": "dave"}, user="alice", channel="game-1"),
        h.slash("game handover", {"choice": "substitute", "user": "dave"}, user="carol", channel="game-1"),
    )
    await settle(h)
    assert h.bot.service.live[row.id].row.seats["french"] == (dave, False)
    assert posts(h).count(f"<@{dave}> now plays the french") == 1
    told = [m for m in h.fake.dms_to(dave)[before:] if "You now play" in (m.get("content") or "")]
    assert len(told) == 1


async def test_a_vote_before_any_timeout_is_refused_in_japanese(harness):
    h = harness
    await running(h)
    d = await h.feed(h.slash("game handover", {"choice": "bot"}, user="alice", channel="game-1", locale="ja"))
    assert "期限が過ぎた席" in said(d)


async def test_the_console_says_why_there_is_no_handover_there(tmp_path):
    import io

    from bot.console import Console
    from bot.service import Service
    from bot.storage import Store

    store = Store(tmp_path / "c.db")
    await store.open()
    try:
        out = io.StringIO()
        con = Console(Service(store), tmp_path / "pictures", out=out, locale="ja")
        await con.ensure_game("setup=historical")
        await con.handle(":handover bot")
        assert "引き継ぐ席はありません" in out.getvalue()
    finally:
        await store.close()


async def test_the_buttons_under_the_deadline_notice_vote_and_a_stale_one_is_refused(harness):
    h = harness
    row = await running(h)
    await miss_deadline(h)
    dave = h.world.user("dave").id
    notice = [
        m for m in h.fake.messages_in(chan(h, "game-1")) if "/game handover" in (m.get("content") or "")
    ]
    ids = [c.get("custom_id") for r in notice[-1].get("components") or [] for c in r.get("components") or []]
    pick, bot, forfeit = (
        f"est:hu:{row.id}:french",
        f"est:h:{row.id}:french:bot",
        f"est:h:{row.id}:french:forfeit",
    )
    assert ids == [pick, bot, forfeit]
    # someone not seated presses: refused
    d = await h.feed(h.click(bot, user="dave", channel="game-1"))
    assert "Only the host and the players seated" in said(d)
    await h.feed(h.select(pick, [str(dave)], component_type=5, user="alice", channel="game-1"))
    await h.feed(h.select(pick, [str(dave)], component_type=5, user="carol", channel="game-1"))
    await settle(h)
    assert h.bot.service.live[row.id].row.seats["french"] == (dave, False)
    # the notice's buttons are now out of date: the seat was handed over
    d = await h.feed(h.click(forfeit, user="alice", channel="game-1"))
    assert "has not missed a deadline" in said(d)
    assert h.bot.service.live[row.id].row.status == "running"


async def test_a_button_of_an_earlier_game_in_the_channel_is_refused(harness):
    h = harness
    row = await running(h)
    await miss_deadline(h)
    await h.feed(h.slash("game abort", user="carol", channel="game-1"))
    await running(h)
    d = await h.feed(h.click(f"est:h:{row.id}:french:bot", user="alice", channel="game-1"))
    assert "out of date" in said(d)
