"""A finished game's archive through the fake Discord: ``/game archive`` shows the public picture after an
order with first / back / next / last buttons, each press shows another in the same message, and a press
out of date or out of range, a game not over, and an order past the last are refused in one clear line."""

from __future__ import annotations

import random

from bot.service import Caller

EPHEMERAL = 64


def chan(h, name: str) -> int:
    return h.world.channel(name).id


async def finished_game(h, channel: str = "game-1") -> int:
    """A one-day Napoleon game in ``channel`` played to its end by random legal orders, through the service
    (Discord is what is tested after it); its number of orders."""
    svc = h.bot.service
    guild = h.world.guild().id
    alice, bob = h.world.user("alice").id, h.world.user("bob").id

    def who(user: int) -> Caller:
        return Caller(user, chan(h, channel), guild)

    await svc.new_game(who(alice), "setup=historical days=1")
    await svc.join(who(alice), "french")
    await svc.join(who(bob), "allied")
    await svc.start(who(alice))
    user = {"french": alice, "allied": bob}
    rng = random.Random(4)
    for _ in range(3000):
        live = next(iter(svc.live.values()))
        if live.game.over:
            break
        role = rng.choice(live.game.active())
        await svc.order(who(user[role]), str(rng.choice(live.game.legal(role).choices)), role=role)
    live = next(iter(svc.live.values()))
    assert live.game.over and live.row.status == "over"
    await svc.idle()
    return live.row.version


def buttons(reply) -> dict[str, dict]:
    """The archive's buttons by what they do (the custom id's last part)."""
    return {
        c["custom_id"].rsplit(":", 1)[1]: c
        for row in reply.components
        for c in row.get("components", [])
        if c.get("custom_id", "").startswith("est:a:")
    }


async def test_stepping_through_a_finished_game_in_one_message(harness):
    h = harness
    m = await finished_game(h)
    d = await h.feed(h.slash("game archive", user="carol", channel="game-1"))  # anyone may look
    said = d.said
    assert said.content == f"Game 1: after order 0 of {m}" and said.ephemeral
    assert [f.filename for f in said.attachments] == ["map-1-0-en-public.png"]
    b = buttons(said)
    assert list(b) == ["first", "back", "next", "last"]  # one row of four (Discord: at most five)
    assert b["first"]["disabled"] and b["back"]["disabled"] and not b["next"].get("disabled")
    assert all(len(c["custom_id"]) <= 100 for c in b.values())
    msg = said.message
    # next, next, last, back: the same message shows each step, its picture drawn for that order
    for how, at in (("next", 1), ("next", 2), ("last", m), ("back", m - 1)):
        d = await h.feed(h.click(buttons(said)[how]["custom_id"], message=msg, user="carol"))
        said = d.said
        assert said.kind == "callback" and said.type == 7  # the message updated, not a new one
        assert said.content == f"Game 1: after order {at} of {m}"
        assert [f.filename for f in said.attachments] == [f"map-1-{at}-en-public.png"]
        msg = said.message or msg
    assert buttons(said)["last"].get("disabled") is not True  # at m - 1, last still moves
    # in Japanese, where the player's client is
    d = await h.feed(h.slash("game archive", {"at": 3}, user="bob", channel="game-1", locale="ja"))
    assert d.said.content == f"ゲーム 1: 命令 3 / {m} の後" and buttons(d.said)["first"]["label"] == "⏮ 最初"


async def test_a_press_out_of_date_or_out_of_range_changes_nothing_and_says_why(harness):
    h = harness
    m = await finished_game(h)
    d = await h.feed(h.slash("game archive", {"at": m + 1}, user="carol", channel="game-1"))
    assert (
        f"There is no order {m + 1} in this game: give a number from 0 (the start) to {m}" in d.said.content
    )
    # a button made when the game had another count of orders (never sent as it stands now)
    d = await h.feed(h.click(f"est:a:1:2:{m + 7}:next", user="carol", channel="game-1"))
    assert "out of date" in d.said.content and d.said.ephemeral and not d.said.attachments
    d = await h.feed(h.click(f"est:a:1:{m + 1}:{m}:next", user="carol", channel="game-1"))
    assert "There is no order" in d.said.content and not d.said.attachments
    d = await h.feed(h.click("est:a:99:0:0:first", user="carol", channel="game-1"))  # no such game
    assert d.said.ephemeral and not d.said.attachments


async def test_a_game_not_over_is_refused_in_one_line(harness):
    h = harness
    await h.feed(h.slash("game new", {"setup": "historical", "players": 2}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "french"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "allied"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    for d in (
        await h.feed(h.slash("game archive", user="alice", channel="game-1")),
        await h.feed(h.slash("game export", {"format": "html"}, user="alice", channel="game-1")),
        await h.feed(h.click("est:a:1:0:0:first", user="alice", channel="game-1")),
    ):
        assert "Game 1 is not over yet" in d.said.content and not d.said.attachments


async def test_the_html_export_is_a_file_of_the_command(harness):
    h = harness
    await finished_game(h)
    d = await h.feed(h.slash("game export", {"format": "html"}, user="carol", channel="game-1"))
    (f,) = d.said.attachments
    assert f.filename == "estafette-game-1.html" and f.data.startswith(b"<!DOCTYPE html>")
    d = await h.feed(h.slash("game export", user="carol", channel="game-1"))  # the script, as before
    assert [a.filename for a in d.said.attachments] == ["estafette-game-1.txt"]


async def test_two_players_stepping_at_the_same_instant_each_see_their_own_step(harness):
    """The archive changes nothing: two presses at once each get the picture of their own button."""
    h = harness
    m = await finished_game(h)
    a = (await h.feed(h.slash("game archive", user="alice", channel="game-1"))).said
    b = (await h.feed(h.slash("game archive", {"at": m}, user="bob", channel="game-1"))).said
    da, db = await h.feed_concurrently(
        h.click(buttons(a)["next"]["custom_id"], message=a.message, user="alice"),
        h.click(buttons(b)["back"]["custom_id"], message=b.message, user="bob"),
    )
    assert da.said.content == f"Game 1: after order 1 of {m}"
    assert db.said.content == f"Game 1: after order {m - 1} of {m}"
    assert next(iter(h.bot.service.live.values())).row.version == m  # nothing stored


async def test_a_slow_step_is_deferred_and_then_shown(harness, monkeypatch):
    """A moment far from the game's last snapshot is replayed: past Discord's deadline the answer is
    deferred, then the same message is updated."""
    h = harness
    m = await finished_game(h)
    monkeypatch.setattr("bot.discord_app.cog.DEFER_AFTER", 0.0)
    d = await h.feed(h.slash("game archive", {"at": 2}, user="carol", channel="game-1"))
    assert d.said.content == f"Game 1: after order 2 of {m}"
    msg = d.said.message or d.fake.message(d.said.data["id"])
    d = await h.feed(h.click(buttons(d.said)["next"]["custom_id"], message=msg, user="carol"))
    assert d.reply.type == 6  # a deferred update, then the message edited
    (edit,) = [r for r in d.replies if r.kind == "edit_original"]
    assert edit.ok and edit.content == f"Game 1: after order 3 of {m}"
    assert [f.filename for f in edit.attachments] == ["map-1-3-en-public.png"]
