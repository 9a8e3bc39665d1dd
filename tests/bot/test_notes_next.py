"""Private notes, /next and /mygames anywhere, through the real discord.py and the fake Discord
(tests/support/discord_fake.py): /note answers its player alone, never shows one player's notes to another,
and puts them in that player's own export only; /next points to the game whose move runs out soonest; /mygames
and /next work in a DM and, as a user's own install, where the bot is not."""

from __future__ import annotations

import asyncio

import pytest
from support.discord_fake import FormErrors, _install_problems
from test_discord_wedge import settle


@pytest.fixture
async def dash_harness(dash, harness):
    yield harness


async def dash_game_in(h, channel: str, red: str = "alice", blue: str = "bob", hours: int | None = None):
    opts = {"game": "dash", "options": "length=5"} | ({"deadline_hours": hours} if hours else {})
    await h.feed(h.slash("game new", opts, user=red, channel=channel))
    await h.feed(h.slash("game join", {"role": "red"}, user=red, channel=channel))
    await h.feed(h.slash("game join", {"role": "blue"}, user=blue, channel=channel))
    await h.feed(h.slash("game start", user=red, channel=channel))
    await settle(h)


def everything_said(h) -> str:
    """Every message the bot sent anywhere but a reply to an interaction (posts, DMs)."""
    return "\n".join(p.get("content") or "" for cid in list(h.fake.channels) for p in h.fake.messages_in(cid))


async def test_a_note_is_shown_to_its_player_alone_and_never_to_another(dash_harness):
    h = dash_harness
    await dash_game_in(h, "game-1")
    added = await h.feed(h.slash("note", {"text": "feint left, then sprint"}, user="alice", channel="game-1"))
    assert added.said.ephemeral and "only you see it" in added.said.content
    mine = await h.feed(h.slash("note", user="alice", channel="game-1"))
    assert mine.said.ephemeral and "feint left, then sprint" in mine.said.content
    theirs = await h.feed(h.slash("note", user="bob", channel="game-1"))
    assert "no notes" in theirs.said.content and "feint" not in theirs.said.content
    stranger = await h.feed(h.slash("note", {"text": "x"}, user="carol", channel="game-1"))
    assert stranger.said.ephemeral and "do not sit in game" in stranger.said.content
    both = await h.feed(h.slash("note", {"text": "x", "clear": True}, user="alice", channel="game-1"))
    assert "not both" in both.said.content
    await settle(h)
    assert "feint" not in everything_said(h)  # no post, no DM carries it
    cleared = await h.feed(h.slash("note", {"clear": True}, user="alice", channel="game-1"))
    assert "deleted" in cleared.said.content
    assert "no notes" in (await h.feed(h.slash("note", user="alice", channel="game-1"))).said.content


async def test_two_notes_at_the_same_instant_both_land_and_a_long_one_is_refused(dash_harness):
    h = dash_harness
    await dash_game_in(h, "game-1")
    a, b = await asyncio.gather(
        h.feed(h.slash("note", {"text": "first"}, user="alice", channel="game-1")),
        h.feed(h.slash("note", {"text": "second"}, user="alice", channel="game-1")),
    )
    assert "only you see it" in a.said.content and "only you see it" in b.said.content
    shown = (await h.feed(h.slash("note", user="alice", channel="game-1"))).said.content
    assert "first" in shown and "second" in shown
    long = await h.feed(h.slash("note", {"text": "y" * 600}, user="alice", channel="game-1"))
    assert "at most 500 characters" in long.said.content and "600" in long.said.content


async def test_notes_go_in_their_players_own_export_only(dash_harness):
    h = dash_harness
    await dash_game_in(h, "game-1")
    await h.feed(h.slash("note", {"text": "red plan: two twos"}, user="alice", channel="game-1"))
    await h.feed(h.slash("note", {"text": "blue plan: wait"}, user="bob", channel="game-1"))
    for user, order, opts in [
        ("alice", "run", {"steps": 2}),
        ("bob", "run", {"steps": 1}),
        ("alice", "run", {"steps": 2}),
        ("bob", "run", {"steps": 1}),
        ("alice", "run", {"steps": 1}),
    ]:
        await h.feed(h.slash(order, opts, user=user, channel="game-1"))
    live = next(iter(h.bot.service.live.values()))
    assert live.row.status == "over"
    gid = live.row.id
    svc = h.bot.service
    from bot.service.common import Caller

    def who(name: str) -> Caller:
        return Caller(user_id=h.world.user(name).id, channel_id=h.world.channel("game-1").id)

    alice_script = (await svc.export(who("alice"))).reply.file[1].decode()
    bob_script = (await svc.export(who("bob"))).reply.file[1].decode()
    carol_script = (await svc.export(who("carol"))).reply.file[1].decode()
    assert "# note: red plan: two twos" in alice_script and "blue plan" not in alice_script
    assert "# note: blue plan: wait" in bob_script and "red plan" not in bob_script
    assert "note:" not in carol_script
    # a finished game's notes stay its player's: /note game:N from anywhere in a server
    kept = await h.feed(h.slash("note", {"game": gid}, user="alice", channel="general"))
    assert "red plan" in kept.said.content and "blue plan" not in kept.said.content
    nope = await h.feed(h.slash("note", {"game": 999}, user="alice", channel="general"))
    assert "There is no game 999" in nope.said.content


async def test_next_points_to_the_game_whose_move_runs_out_soonest(dash_harness):
    h = dash_harness
    none = await h.feed(h.slash("next", user="carol", channel="general"))
    assert "in no game" in none.said.content
    await dash_game_in(h, "game-1", hours=48)  # alice's move, 48 hours
    await dash_game_in(h, "game-2", hours=6)  # alice's move, 6 hours: sooner
    g2 = h.world.channel("game-2").id
    got = await h.feed(h.slash("next", user="alice", channel="general"))
    assert f"<#{g2}>" in got.said.content and "your move (red)" in got.said.content
    await h.feed(h.slash("run", {"steps": 1}, user="alice", channel="game-2"))  # now bob's there
    got = await h.feed(h.slash("next", user="alice", channel="general"))
    assert f"<#{h.world.channel('game-1').id}>" in got.said.content
    bob = await h.feed(h.slash("next", user="bob", channel="general"))
    assert f"<#{g2}>" in bob.said.content and "your move (blue)" in bob.said.content


async def test_mygames_and_next_work_in_a_dm_and_as_a_users_own_install(dash_harness):
    h = dash_harness
    await dash_game_in(h, "game-1")
    g1 = h.world.channel("game-1").id
    dm = await h.feed(h.slash("mygames", user="alice", dm=True))
    assert f"<#{g1}>" in dm.said.content and "your move" in dm.said.content
    away = await h.feed(h.slash("mygames", user="bob", elsewhere=True))
    assert f"<#{g1}>" in away.said.content
    nxt = await h.feed(h.slash("next", user="alice", elsewhere=True))
    assert f"<#{g1}>" in nxt.said.content
    with pytest.raises(AssertionError, match="would not offer /note"):
        h.slash("note", user="alice", elsewhere=True)  # a server's command: Discord offers it nowhere else


def test_the_fake_refuses_the_installs_discord_refuses():
    def problems(cmd, allowed=(0, 1), guild=False):
        errors = FormErrors()
        _install_problems(cmd, errors, (0,), allowed, guild)
        return str(errors.answer().body) if errors else ""

    assert problems({"integration_types": [0, 1], "contexts": [0, 1, 2]}) == ""
    assert "NOT_SUPPORTED" in problems({"integration_types": [1]}, allowed=(0,))  # the app allows no user
    assert "NOT_SUPPORTED" in problems({"integration_types": [0, 1]}, guild=True)  # a server's own command
    assert "BASE_TYPE_CHOICES" in problems({"contexts": [3]})
    assert "BASE_TYPE_CHOICES" in problems({"integration_types": [2]})
    assert "BASE_TYPE_REQUIRED" in problems({"contexts": []})


async def test_notes_and_next_in_the_console(dash, tmp_path, monkeypatch):
    import io

    from bot.console import run_console
    from bot.pictures import NoPictures
    from bot.service import Service

    monkeypatch.setattr("bot.console.Service", lambda store: Service(store, pictures=NoPictures()))
    lines = "\n".join([":note", ":note hold the river", ":note", ":next", ":note clear", ":note", ""])
    out = io.StringIO()
    status = await run_console(
        str(tmp_path / "c.db"), str(tmp_path / "pics"), "length=3", io.StringIO(lines), out=out, game="dash"
    )
    text = out.getvalue()
    assert status == 0
    assert text.count("no notes") == 2 and "hold the river" in text
    assert "Next: **game 1**" in text and "your move (red)" in text
    assert "are deleted" in text


async def test_notes_are_stored_per_player_and_game_on_both_backends(new_store):
    store = await new_store()
    gid = await store.create_game(1, 2, 3, {}, 7, {}, module="dash")
    assert await store.note(gid, 3) == ""
    a, b = await asyncio.gather(
        store.add_note(gid, 3, "one", 1.0, 20), store.add_note(gid, 3, "two", 1.0, 20)
    )
    assert a and b and sorted((await store.note(gid, 3)).splitlines()) == ["one", "two"]
    assert await store.note(gid, 4) == ""  # another player's are not theirs
    assert not await store.add_note(gid, 3, "x" * 15, 2.0, 20)  # past the most: refused, nothing changed
    assert sorted((await store.note(gid, 3)).splitlines()) == ["one", "two"]
    assert await store.clear_note(gid, 3) and await store.note(gid, 3) == ""
    assert not await store.clear_note(gid, 3)
