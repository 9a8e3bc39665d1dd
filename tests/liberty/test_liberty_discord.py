"""*Liberty* played to its result in Discord: the real discord.py against the fake Discord API
(tests/support/discord_fake.py), every order a slash command made from Liberty's order kinds
(``order_commands``: one command per name, the options of every game that has it), the secret card play 3.1
answered only to the player who played, autocomplete from the caller's own legal orders, each side's hand in
its own DM. Nothing in ``bot/`` knows Liberty's name."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from support.harness import Blank, bot_harness
from support.whole import slash_options

from ai.liberty import LibertyRandomPlayer


@pytest.fixture
async def h(tmp_path):
    async with bot_harness(tmp_path, Blank()) as harness:
        yield harness


def test_the_synced_commands_take_every_games_options(h):
    synced = {c["name"]: c for c in h.fake.synced_commands()}
    assert {"play", "supply", "sea", "build", "place", "battle", "disband", "exchange", "accept"} <= set(
        synced
    )
    move = {o["name"]: o for o in synced["move"]["options"]}
    # Napoleon's and Liberty's (5.6), Napoleon's Triumph's (force, to, at, leave: 9, 10) and Eagles of the
    # Empire's (units, to, facing: 13.1, 13.9)
    assert {"units", "path", "forced", "river", "also", "force", "to", "at", "leave", "facing"} == set(move)
    # required only where every game's /move requires it: Napoleon's Triumph moves a force to a locale
    assert not any(o.get("required") for o in move.values())
    retreat = {o["name"]: o for o in synced["retreat"]["options"]}
    # Napoleon's units/to and Liberty's unit/path: required in neither, since each game lacks the other's
    assert {"units", "to", "unit", "path"} <= set(retreat) and not any(
        o.get("required") for o in retreat.values()
    )
    assert retreat["unit"]["name_localizations"]["ja"] != retreat["units"]["name_localizations"]["ja"]
    fire = {o["name"]: o for o in synced["fire"]["options"]}
    # Napoleon's 8.4 line/square: offered for a Napoleon channel by autocomplete, never as a list every
    # game's /fire would show (tests/bot/test_discord_commands.py)
    assert fire["target"]["autocomplete"] and not fire["target"].get("choices")
    assert synced["play"]["name_localizations"]["ja"] == "カードプレイ"
    new = next(o for o in synced["game"]["options"] if o["name"] == "new")
    typed = {o["name"]: o for o in new["options"]}
    assert {"setup", "players", "last_year", "british_win", "game", "options"} <= set(typed)  # both games'
    assert (typed["last_year"]["min_value"], typed["last_year"]["max_value"]) == (1775, 1790)
    assert typed["last_year"]["name_localizations"]["ja"] == "最終年"
    assert typed["setup"]["autocomplete"] and not typed["setup"].get("choices")  # the chosen game's values
    assert "3.1" in synced["play"]["description"]


async def test_liberty_plays_to_its_result_through_discord(h):
    wrong = await h.feed(
        h.slash("game new", {"game": "liberty", "setup": "free"}, user="alice", channel="game-1")
    )
    assert wrong.reply.ephemeral and "setup" in wrong.reply.content and "last_year" in wrong.reply.content
    # /game new's typed options are every game's: Liberty's 11.1 as an integer with its bounds
    made = await h.feed(
        h.slash("game new", {"game": "liberty", "last_year": 1776}, user="alice", channel="game-1")
    )
    assert "the war ends with 1776" in made.reply.content and not made.reply.ephemeral  # options in words
    assert made.reply.content.startswith("New game of Liberty 1775–83")  # the game's own name, not Napoleon's
    await h.feed(h.slash("game join", {}, user="alice", channel="game-1"))  # british, the first free seat
    await h.feed(h.slash("game join", {}, user="bob", channel="game-1"))  # american
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    channel = h.world.channel("game-1").id
    live = next(iter(h.bot.service.live.values()))
    user = {role: u for role, (u, _bot) in live.row.seats.items()}
    name = {user["british"]: "alice", user["american"]: "bob"}
    assert set(user) == {"british", "american"}
    # 3.0: each side's hand of cards in its own DM only, never in the channel
    posted = [a["filename"] for m in h.fake.messages_in(channel) for a in m["attachments"]]
    assert posted and not [f for f in posted if f.startswith("hand")]
    for u in ("alice", "bob"):
        assert any(
            a["filename"].startswith("hand") for m in h.fake.dms_to(h.world.user(u)) for a in m["attachments"]
        )

    # autocomplete offers the caller's own cards (3.1: hands hidden), nothing of the other side's
    hands = {role: {str(c).split("card:")[1] for c in live.game.legal(role).choices} for role in user}
    auto = h.autocomplete("play", {"card": ""}, focused="card", user="alice", channel="game-1")
    await h.feed(auto)
    offered = {c["value"] for c in h.fake.autocomplete_choices(auto["id"])}
    assert offered == hands["british"] and not offered & (hands["american"] - hands["british"])

    # 3.1: a card played is answered to its player alone; the channel learns only that a card is down
    card = sorted(hands["british"])[0]
    before = len(h.fake.messages_in(channel))
    got = await h.feed(h.slash("play", {"card": card}, user="alice", channel="game-1"))
    assert got.reply.content.startswith("Done") and got.reply.ephemeral
    said = "\n".join(m.get("content") or "" for m in h.fake.messages_in(channel)[before:])
    assert card not in said

    rng = random.Random(7)
    player = LibertyRandomPlayer()
    orders = 1
    commands = {"play"}
    while not live.game.over and orders < 900:
        role = rng.choice(live.game.active())
        order = player.choose(live.game.view(role), live.game.legal(role), rng)
        command, options = slash_options(order)
        got = await h.feed(h.slash(command, options, user=name[user[role]], channel="game-1"))
        assert got.said.content.startswith("Done"), (order, got.said.content)  # deferred, if slow here
        commands.add(command)
        orders += 1
        live = next(iter(h.bot.service.live.values()))
    assert live.game.over and live.row.status == "over", orders
    assert {"play", "move", "end"} <= commands, commands
    said = "\n".join(m.get("content") or "" for m in h.fake.messages_in(channel))
    assert "wins" in said or "won" in said


class Orders:
    """A console's input as a player types it: each line the next order of a random side (``role: /...``),
    read from the game as it stands when the console asks for the line; ``:status`` then the end."""

    def __init__(self, seed: int) -> None:
        self.svc: Any = None
        self.rng, self.player, self.sent, self.done = random.Random(seed), LibertyRandomPlayer(), 0, False

    def readline(self) -> str:
        game = next(iter(self.svc.live.values())).game
        if game.over or self.sent >= 900:
            if self.done:
                return ""
            self.done = True
            return ":status\n"
        role = self.rng.choice(game.active())
        self.sent += 1
        return f"{role}: {self.player.choose(game.view(role), game.legal(role), self.rng)}\n"


async def test_liberty_plays_to_its_result_in_the_console(tmp_path, monkeypatch):
    from bot.console import run_console
    from bot.service import Service

    orders = Orders(3)

    def service(store: Any) -> Service:
        orders.svc = Service(store, pictures=Blank())
        return orders.svc

    monkeypatch.setattr("bot.console.Service", service)
    out = io.StringIO()
    status = await run_console(
        str(tmp_path / "c.db"), str(tmp_path / "pics"), "last_year=1776", orders, out=out, game="liberty"
    )
    text = out.getvalue()
    assert status == 0 and orders.done and orders.sent > 20, orders.sent
    live = next(iter(orders.svc.live.values()))
    assert live.game.over and live.row.status == "over"
    assert "Traceback" not in text and "failed" not in text.lower()
    assert text.count("Done") >= orders.sent  # every order accepted
    assert "wins" in text or "won" in text
    pictures = {p.name for p in (tmp_path / "pics").iterdir()}
    assert "map-public.png" in pictures and {"hand-british.png", "hand-american.png"} <= pictures, pictures


def _components(message: dict) -> list[dict]:
    return [c for row in message.get("components") or [] for c in row.get("components") or []]


def _pick_list(h, user: str) -> tuple[dict, dict]:
    """The user's latest DM with a list of orders to pick, and that list."""
    for m in reversed(h.fake.dms_to(h.world.user(user))):
        picks = [c for c in _components(m) if c["custom_id"].startswith("est:o:")]
        if picks:
            return m, picks[0]
    raise AssertionError(f"no list of orders in {user}'s DMs")


async def test_a_card_is_played_from_the_dm_list_even_after_a_restart_and_a_stale_list_is_refused(h):
    """3.1: each side picks its card in its own DM (``Module.interactions``); the list survives a restart (its
    custom id holds the game and the key of the list); once the game has moved on, an old list changes
    nothing and says so."""
    await h.feed(h.slash("game new", {"game": "liberty"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    live = next(iter(h.bot.service.live.values()))
    mine = [str(c) for c in live.game.legal("british").choices]
    message, select = _pick_list(h, "alice")
    assert [o["value"] for o in select["options"]] == mine  # her hand, and only hers
    _m, bobs = _pick_list(h, "bob")
    assert not {o["value"] for o in bobs["options"]} & (
        set(mine) - {str(c) for c in live.game.legal("american").choices}
    )
    await h.restart()  # a new bot process, same database: the list in the DM still works
    got = await h.feed(h.select(select["custom_id"], [mine[0]], message=message, user=h.world.user("alice")))
    assert got.reply.content.startswith("Done"), got.reply.content
    live = next(iter(h.bot.service.live.values()))
    assert live.game.state.played.get("british") == mine[0].split("card:")[1]  # 3.1: played face down
    again = await h.feed(
        h.select(select["custom_id"], [mine[1]], message=message, user=h.world.user("alice"))
    )
    assert again.reply.ephemeral and "out of date" in again.reply.content  # her list is gone: nothing changes
    assert (
        next(iter(h.bot.service.live.values())).game.state.played.get("british") == mine[0].split("card:")[1]
    )
    # the other side's list is still the one it was sent: bob plays from it
    _m, bobs = _pick_list(h, "bob")
    message_b, _ = _pick_list(h, "bob")
    got = await h.feed(
        h.select(
            bobs["custom_id"], [bobs["options"][0]["value"]], message=message_b, user=h.world.user("bob")
        )
    )
    assert got.reply.content.startswith("Done"), got.reply.content
    assert next(iter(h.bot.service.live.values())).game.state.phase != "cards"  # both cards down: revealed


async def test_a_side_whose_dms_are_closed_gets_its_card_list_as_an_ephemeral_reply(h):
    """The service's fallback (docs/service.md): a private message that cannot be DMed is handed over at the
    player's next interaction, as an ephemeral reply, with its list of cards (3.1); the list itself is the
    DM's (picking from it is tested above)."""
    h.fake.close_dms(h.world.user("bob"))
    await h.feed(h.slash("game new", {"game": "liberty"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    d = await h.feed(h.slash("game status", user="bob", channel="game-1"))
    lists = [r for r in d.replies if r.ephemeral and any(c.startswith("est:o:") for c in r.custom_ids)]
    assert lists, [r.custom_ids for r in d.replies]
    live = next(iter(h.bot.service.live.values()))
    hand = [str(c) for c in live.game.legal("american").choices]
    select = next(
        c for row in lists[-1].components for c in row["components"] if c["custom_id"].startswith("est:o:")
    )
    assert [o["value"] for o in select["options"]] == hand
    assert len(set(lists[-1].custom_ids)) == len(lists[-1].custom_ids)  # Discord refuses a repeated id
