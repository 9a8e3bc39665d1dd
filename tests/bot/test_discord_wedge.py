"""A campaign never wedges, through the real discord.py and the fake Discord, which refuses what Discord
refuses.

Each test is a finding of the outside reviews: ordinary Discord use that left a campaign that only a hand
edit of the database could repair, or a message the player never got."""

from __future__ import annotations

import logging
import time

from support.discord_fake import BotHandle, Upload

from bot.outbox import DM

EPHEMERAL = 64


def chan(h: BotHandle, name: str) -> int:
    return h.world.channel(name).id


def components_of(message: dict) -> list[dict]:
    out = []
    for row in message.get("components", []):
        out += row.get("components", [])
    return out


def custom_ids(message: dict) -> list[str]:
    return [c["custom_id"] for c in components_of(message) if c.get("custom_id")]


async def new_game(h: BotHandle, options: dict | None = None, channel: str = "game-1"):
    opts = {"setup": "historical", "players": 2, **(options or {})}
    await h.feed(h.slash("game new", opts, user="alice", channel=channel))
    await h.feed(h.slash("game join", {"role": "french"}, user="alice", channel=channel))
    await h.feed(h.slash("game join", {"role": "allied"}, user="bob", channel=channel))
    return await h.feed(h.slash("game start", user="alice", channel=channel))


async def settle(h: BotHandle) -> None:
    """Let the bot finish what runs after a reply (bot seats, the outbox)."""
    await h.bot.service.idle()
    h.bot.outbox.kick()
    await h.bot.outbox.settle()
    await h.drain()


BIG_BATTLE = (
    "@options setup=historical players=2 ruleset=3.4\n@seed 5\n"
    + "".join(f"@place PR-{i} Thuin\n" for i in range(1, 22) if i != 12)  # PR-12 is not in the 82 (2.1)
    + "".join(f"@place BR-{i} Thuin\n" for i in range(1, 9))
).encode()


SMALL_BATTLE = b"@options setup=historical players=2 ruleset=3.4\n@seed 5\n" + b"".join(
    b"@place PR-%d Thuin\n" % i for i in (1, 2, 3)
)


async def battle(h: BotHandle, script: bytes, attackers: str = "FR-1,FR-2,FR-3", channel: str = "game-1"):
    await h.feed(h.slash("game new", {"setup": "historical"}, user="alice", channel=channel))
    d = await h.feed(
        h.slash("game import", {"script": Upload("club.txt", script)}, user="alice", channel=channel)
    )
    assert "Imported" in d.reply.content, d.reply.content
    await h.feed(h.slash("game join", {"role": "french"}, user="alice", channel=channel))
    await h.feed(h.slash("game join", {"role": "allied"}, user="bob", channel=channel))
    await h.feed(h.slash("game start", user="alice", channel=channel))
    d = await h.feed(
        h.slash("move", {"units": attackers, "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel=channel)
    )
    assert d.reply.content.startswith("Done"), d.reply.content
    await h.feed(h.slash("end", user="alice", channel=channel))
    await settle(h)


def prompts(h: BotHandle, user) -> list[dict]:
    return [m for m in h.fake.dms_to(user) if any(i.startswith("est:s:") for i in custom_ids(m))]


async def test_a_two_page_deployment_prompt_reaches_the_player(harness):
    """28 allied blocks: two pages. ◀ and ▶ had one custom id, so Discord refused the whole DM (50035)."""
    h = harness
    await battle(h, BIG_BATTLE)
    bob = h.world.user("bob")
    (prompt,) = prompts(h, bob)[-1:]
    ids = custom_ids(prompt)
    assert len(ids) == len(set(ids))
    labels = [c.get("label") for c in components_of(prompt)]
    assert "▶" in labels and "◀" not in labels  # page 1 of 2
    nxt = next(c["custom_id"] for c in components_of(prompt) if c.get("label") == "▶")
    d = await h.feed(h.click(nxt, message=prompt, user=bob))
    assert d.reply.type == 7
    page2 = h.fake.message(prompt["id"])
    labels = [c.get("label") for c in components_of(page2)]
    assert "◀" in labels and "▶" not in labels
    options = next(c for c in components_of(page2) if c["custom_id"].startswith("est:s:"))["options"]
    assert len(options) == 3  # blocks 26-28


async def test_a_reply_over_2000_characters_is_delivered_in_parts(harness):
    h = harness
    await new_game(h)
    d = await h.feed(
        h.slash("game prefer", {"key": "hits", "value": "X" * 1500}, user="bob", channel="game-1")
    )
    assert d.reply.ephemeral and all(len(r.content or "") <= 2000 for r in d.replies)
    d = await h.feed(h.slash("game log", {"last": 100}, user="alice", channel="game-1"))
    assert d.replies and all(r.status in (200, 204) for r in d.replies)


async def test_autocomplete_never_offers_a_value_discord_would_cut(harness):
    h = harness
    await new_game(h)
    typed = ",".join(f"FR-{i}" for i in range(1, 25)) + ","
    d = await h.feed(
        h.autocomplete("move", {"units": typed}, focused="units", user="alice", channel="game-1")
    )
    choices = h.fake.autocomplete_choices(d.interaction_id)
    assert all(len(c["value"]) <= 100 and len(c["name"]) <= 100 for c in choices)
    assert all(c["value"].startswith(typed) for c in choices)  # whole values, never cut into a new order


async def test_a_duplicated_interaction_is_answered_once_without_an_error(harness, caplog):
    h = harness
    await new_game(h)
    p = h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    await h.feed(p)
    with caplog.at_level(logging.INFO):
        again = await h.feed(h.duplicate(p))
    assert again.replies[-1].status == 400  # Discord refuses a second acknowledgment (40060) ...
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # ... and that is no error of ours
    assert (await h.bot.store.game(1)).version == 1


async def test_a_reply_that_fails_after_3_seconds_still_posts_the_map_the_ping_and_the_dms(harness):
    """The interaction expired before the reply (10062): the outbox does not depend on the reply."""
    h = harness
    await new_game(h)
    service = h.bot.service
    real = service.order

    async def slow(*args, **kw):
        res = await real(*args, **kw)
        h.fake.advance(4)  # the reply comes too late, and the bot did not defer in time
        return res

    service.order = slow
    n_posts = len(h.fake.messages_in(chan(h, "game-1")))
    n_dms = len(h.fake.dms_to(h.world.user("bob")))
    d = await h.feed(h.slash("end", user="alice", channel="game-1"))
    assert d.reply.status == 404  # Discord refused the late reply
    await settle(h)
    posts = h.fake.messages_in(chan(h, "game-1"))[n_posts:]
    bob = h.world.user("bob")
    assert any(p["attachments"] for p in posts), "the public map is posted"
    assert any(f"<@{bob.id}>" in (p.get("content") or "") for p in posts), "the next player is pinged"
    assert len(h.fake.dms_to(bob)) > n_dms, "the DMs are sent"


async def test_an_order_slower_than_the_defer_time_is_deferred_then_answered(harness, monkeypatch):
    """A service call still running after ``DEFER_AFTER`` (a busy machine, a slow database) is deferred,
    ephemerally, within Discord's 3 seconds, and its answer replaces the "thinking" message."""
    import asyncio

    import bot.discord_app.cog as cog

    h = harness
    await new_game(h)
    service = h.bot.service
    real = service.order

    async def slow(*args, **kw):
        await asyncio.sleep(0.3)
        return await real(*args, **kw)

    monkeypatch.setattr(cog, "DEFER_AFTER", 0.05)
    service.order = slow
    d = await h.feed(h.slash("end", user="alice", channel="game-1"))
    assert d.reply.type == 5 and d.reply.ephemeral  # deferred first
    assert d.said is not d.reply and d.said.content.startswith("Done")
    assert d.said.ephemeral


async def test_closed_dms_are_retried_with_a_back_off_and_survive_a_restart(harness):
    h = harness
    bob = h.world.user("bob")
    h.fake.close_dms(bob)
    await new_game(h)
    await settle(h)
    assert not h.fake.dms_to(bob)
    pending = await h.bot.store.outbox_pending(kind="dm", target=bob.id)
    assert pending and all(p.attempts == 1 for p in pending)
    h.fake.open_dms(bob)
    await h.restart()  # the queued DMs are in the database, not in the process
    h.bot.outbox.clock = lambda: time.time() + 3600  # past the back-off
    await settle(h)
    assert h.fake.dms_to(bob), "Bob gets his DMs once he opens them"
    assert await h.bot.store.outbox_pending(kind="dm", target=bob.id) == []


async def test_the_ephemeral_fallback_carries_the_deployment_buttons(harness):
    h = harness
    bob = h.world.user("bob")
    h.fake.close_dms(bob)
    await battle(h, SMALL_BATTLE)
    d = await h.feed(h.slash("game status", user="bob", channel="game-1"))
    handed = [r for r in d.replies if r.ephemeral and any(i.startswith("est:s:") for i in r.custom_ids)]
    assert handed, "the deployment prompt, with its select and buttons, as an ephemeral reply"
    assert len(set(handed[-1].custom_ids)) == len(handed[-1].custom_ids)


async def test_a_dm_longer_than_2000_characters_arrives_whole(harness):
    h = harness
    await new_game(h)
    alice = h.world.user("alice")
    text = "\n".join(f"line {i}: " + "x" * 60 for i in range(100))  # about 7,000 characters
    n = len(h.fake.dms_to(alice))

    async def send(ch):
        ch.send(DM(alice.id, text, game_id=1))

    await h.bot.service.games.change(1, send)
    await settle(h)
    parts = h.fake.dms_to(alice)[n:]
    assert len(parts) >= 4 and all(len(p["content"]) <= 2000 for p in parts)
    assert "\n".join(p["content"] for p in parts) == text


async def test_a_post_resent_after_a_crash_is_not_a_second_post(harness):
    """The process dies between Discord's answer and marking the item done: the resend carries the same
    nonce, so Discord (and the fake) keep one message."""
    h = harness
    await new_game(h)
    await settle(h)
    store = h.bot.store
    real = store.outbox_done
    crashed = []

    async def crash(item_id, error=None):
        if not crashed:
            crashed.append(item_id)
            raise RuntimeError("killed")
        await real(item_id, error)

    store.outbox_done = crash
    n = len(h.fake.messages_in(chan(h, "game-1")))
    await h.feed(
        h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    )
    await settle(h)
    store.outbox_done = real
    await h.restart()
    h.bot.outbox.clock = lambda: time.time() + 3600
    await settle(h)
    posts = h.fake.messages_in(chan(h, "game-1"))[n:]
    nonces = [p.get("nonce") for p in posts]
    assert len(nonces) == len(set(nonces)) and crashed
    assert await h.bot.store.outbox_pending() == []


async def test_end_can_name_the_battle(harness):
    """6.4: with two battles open the engine asks for battle:Town, which /end did not have."""
    h = harness
    cmd = next(c for c in h.fake.synced_commands() if c["name"] == "end")
    battle_opt = next(o for o in cmd["options"] if o["name"] == "battle")
    assert battle_opt["autocomplete"] and not battle_opt.get("required")
    await battle(h, SMALL_BATTLE)
    bob = h.world.user("bob")
    d = await h.feed(
        h.slash("deploy", {"left": "PR-1", "center": "PR-2", "right": "PR-3"}, user=bob, channel="game-1")
    )
    assert d.reply.content.startswith("Done"), d.reply.content
    d = await h.feed(
        h.slash("deploy", {"left": "FR-1", "center": "FR-2", "right": "FR-3"}, user="alice", channel="game-1")
    )
    assert d.reply.content.startswith("Done"), d.reply.content
    d = await h.feed(h.slash("end", {"battle": "Thuin"}, user="alice", channel="game-1"))
    assert d.reply.content.startswith("Done"), d.reply.content


async def test_a_prompt_of_an_aborted_game_does_not_act_in_the_next_game_of_the_channel(harness):
    h = harness
    await battle(h, SMALL_BATTLE)
    bob = h.world.user("bob")
    old = prompts(h, bob)[-1]
    await h.feed(h.slash("game abort", user="alice", channel="game-1"))
    await battle(h, SMALL_BATTLE)  # the same battle, same town, same turn, in the channel's next game
    select = next(c for c in components_of(old) if c["custom_id"].startswith("est:s:"))
    buttons = {c["label"]: c["custom_id"] for c in components_of(old) if c.get("type") == 2}
    d = await h.feed(h.select(select["custom_id"], ["PR-1"], message=old, user=bob))
    assert d.reply.ephemeral and ("out of date" in d.reply.content or "no longer" in d.reply.content)
    d = await h.feed(h.click(buttons["Confirm"], message=old, user=bob))
    assert d.reply.ephemeral and ("out of date" in d.reply.content or "no longer" in d.reply.content)
    row = await h.bot.store.game(2)
    assert row.settings.drafts == {} and row.version == 2  # the new game: untouched


async def test_an_unexpected_error_in_a_button_is_answered_and_logged_with_the_game(harness, caplog):
    h = harness
    await battle(h, SMALL_BATTLE)
    bob = h.world.user("bob")
    prompt = prompts(h, bob)[-1]
    buttons = {c["label"]: c["custom_id"] for c in components_of(prompt) if c.get("type") == 2}

    async def broken(*a, **kw):
        raise RuntimeError("a bug")

    h.bot.service.drafts.assign = broken
    with caplog.at_level(logging.ERROR, logger="estafette.discord"):
        d = await h.feed(h.click(buttons["Clear"], message=prompt, user=bob))
    assert d.reply.ephemeral and "Sorry" in d.reply.content
    assert any("game 1" in r.getMessage() for r in caplog.records)


async def test_an_import_is_refused_before_its_attachment_is_downloaded(harness):
    h = harness
    await h.feed(h.slash("game new", {"setup": "historical"}, user="bob", channel="game-1"))
    d = await h.feed(
        h.slash("game import", {"script": Upload("x.txt", b"@seed 1\n")}, user="carol", channel="game-1")
    )
    assert d.reply.ephemeral and "host" in d.reply.content
    assert not [c for c in h.fake.calls if c.path.startswith("/cdn/")], "nothing was downloaded"
    big = Upload("big.txt", b"# x\n" * 100_000)
    d = await h.feed(h.slash("game import", {"script": big}, user="bob", channel="game-1"))
    assert d.reply.ephemeral and "bytes" in d.reply.content
    assert not [c for c in h.fake.calls if c.path.startswith("/cdn/")]


async def test_commands_are_for_server_channels_only(harness):
    h = harness
    for cmd in h.fake.synced_commands():  # /mygames and /next alone work anywhere: the caller's own games
        anywhere = cmd["name"] in ("mygames", "next")
        assert cmd.get("contexts") == ([0, 1, 2] if anywhere else [0]), cmd["name"]
        assert cmd.get("integration_types") == ([0, 1] if anywhere else [0]), cmd["name"]
    d = await h.feed(h.slash("game new", {"setup": "historical"}, user="alice", dm=True))
    assert "server" in d.reply.content
    assert await h.bot.store.game_ids("lobby") == []


async def test_spectating_the_game_channel_itself_is_refused(harness):
    h = harness
    await new_game(h)
    d = await h.feed(h.slash("game spectate", {"channel": chan(h, "game-1")}, user="alice", channel="game-1"))
    assert d.reply.ephemeral and "own channel" in d.reply.content


async def test_a_double_game_start_posts_once(harness):
    h = harness
    await h.feed(h.slash("game new", {"setup": "historical"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "french"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "allied"}, user="bob", channel="game-1"))
    a, b = await h.feed_concurrently(
        h.slash("game start", user="alice", channel="game-1"),
        h.slash("game start", user="alice", channel="game-1"),
    )
    await settle(h)
    assert sorted(["begins" in (a.reply.content or ""), "begins" in (b.reply.content or "")]) == [False, True]
    maps = [m for m in h.fake.messages_in(chan(h, "game-1")) if m["attachments"] and not m.get("pinned")]
    assert len(maps) == 1
    d = await h.feed(
        h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    )
    assert d.reply.content.startswith("Done")


async def test_every_dm_to_the_player_who_must_act_says_what_to_do_with_their_own_ids(harness):
    """The defender's DM carries a ready /deploy with their blocks, not only "your move";
    the channel's ping says what is asked."""
    h = harness
    await battle(h, SMALL_BATTLE)
    bob = h.world.user("bob")
    prompt = prompts(h, bob)[-1]
    assert "`/deploy left:" in prompt["content"] and "battle of Thuin" in prompt["content"]
    assert all(u in prompt["content"] for u in ("PR-1", "PR-2", "PR-3"))
    ping = [m for m in h.fake.messages_in(chan(h, "game-1")) if f"<@{bob.id}>" in (m.get("content") or "")][
        -1
    ]
    assert "Deploy for the battle of Thuin" in ping["content"]
    # the French movement DM: the group moves left and orders of its own ids
    alice = h.world.user("alice")
    first = [m for m in h.fake.dms_to(alice) if "Group moves left" in (m.get("content") or "")]
    assert first and "`/move units:" in first[0]["content"]


async def test_a_battle_moves_positions_are_offered_in_the_players_words(harness):
    """6.1's positions (``OrderOption.words``): autocomplete of ``/battle-move to:`` names each in the
    player's language and sends it as the order writes it."""
    from bot.i18n import term

    h = harness
    await battle(h, SMALL_BATTLE)
    bob = h.world.user("bob")
    await h.feed(
        h.slash("deploy", {"left": "PR-1", "center": "PR-2", "right": "PR-3"}, user=bob, channel="game-1")
    )
    await h.feed(
        h.slash("deploy", {"left": "FR-1", "center": "FR-2", "right": "FR-3"}, user="alice", channel="game-1")
    )
    live = next(iter(h.bot.service.live.values()))
    role = live.game.active()[0]
    move = next(c for c in live.game.legal(role).choices if str(c).startswith("/battle-move"))
    user = "alice" if role == "french" else bob
    asked = {"unit": move.unit}
    d = await h.feed(
        h.autocomplete("battle-move", asked, focused="to", user=user, channel="game-1", locale="ja")
    )
    choices = h.fake.autocomplete_choices(d.interaction_id)
    assert move.to in [c["value"] for c in choices]
    for c in choices:
        assert c["name"] == f"{term('position', c['value'], 'ja')} ({c['value']})"
        assert term("position", c["value"], "ja") != c["value"]  # a word of its own, not the id again
    d = await h.feed(h.autocomplete("battle-move", asked, focused="to", user=user, channel="game-1"))
    assert all(c["name"] == c["value"] for c in h.fake.autocomplete_choices(d.interaction_id))
