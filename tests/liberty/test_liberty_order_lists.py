"""A list of orders in a DM acts only at the moment it was sent, through a whole Liberty game played in the
fake Discord: when the same list (the same orders, e.g. ``/build · /end``) is DMed again at a later moment, a
pick from the old message says it is out of date and changes nothing, and the new one works; a DM with news
for a seat whose list is unchanged carries the news without the list again."""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.harness import Blank, bot_harness, components

NAMES = {"british": "alice", "american": "bob"}


@pytest.fixture
async def h(tmp_path):
    async with bot_harness(tmp_path, Blank()) as harness:
        yield harness


def live(h: Any) -> Any:
    return next(iter(h.bot.service.live.values()))


def _select(m: dict) -> dict | None:
    return next((c for c in components(m) if c["custom_id"].startswith("est:o:")), None)


def _values(select: dict) -> list[str]:
    return [o["value"] for o in select["options"]]


async def _start(h: Any) -> None:
    h.bot.service.seed_source = lambda: 7  # the same game every run (its dice come from this seed)
    await h.feed(h.slash("game new", {"game": "liberty"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))


async def _play_one(h: Any, rng: random.Random) -> None:
    """One order of a random game: from the acting seat's current list where it has one, else by command."""
    game = live(h).game
    role = rng.choice(game.active())
    user = NAMES[role]
    dms = h.fake.dms_to(h.world.user(user))
    lists = [(m, s) for m in dms if (s := _select(m))]
    if lists:
        m, s = lists[-1]
        got = await h.feed(
            h.select(s["custom_id"], [rng.choice(_values(s))], message=m, user=h.world.user(user))
        )
        if got.reply and got.reply.content.startswith("Done"):
            return
    choices = [str(c) for c in game.legal(role).choices]
    order = rng.choice([c for c in choices if c != "/end"] or choices)
    cmd, *opts = order.split()
    options = {k: (True if v == "yes" else v) for k, v in (o.split(":", 1) for o in opts if ":" in o)}
    await h.feed(h.slash(cmd[1:], options, user=user, channel="game-1"))


def _recurrence(h: Any, years: dict[str, list[int]]) -> tuple[str, dict, dict, dict, dict] | None:
    """A user's list DMed again in a later year (the same orders, e.g. ``/build · /end``): its old and new
    DM. ``years``: the year each of the user's list DMs was sent in, kept up to date here."""
    year = live(h).game.state.year
    for user in NAMES.values():
        lists = [(m, s) for m in h.fake.dms_to(h.world.user(user)) if (s := _select(m))]
        sent = years.setdefault(user, [])
        sent += [year] * (len(lists) - len(sent))
        if len(lists) < 2:
            continue
        new_m, new_s = lists[-1]
        for (old_m, old_s), then in zip(lists[:-1], sent, strict=False):
            if _values(old_s) == _values(new_s) and len(_values(new_s)) > 1 and then < sent[-1]:
                return user, old_m, old_s, new_m, new_s
    return None


async def test_a_list_sent_again_later_makes_the_old_one_out_of_date(h):
    """The same list of several orders offered in a later year of a real game (the ``/build · /end`` of 1775
    and 1776): a pick from the earlier DM says it is out of date and changes nothing (the game's revision and
    state stay); the same pick from the new DM is played."""
    await _start(h)
    rng = random.Random(4)
    found, years = None, {}
    for _ in range(600):
        found = _recurrence(h, years)
        if found or live(h).game.over:
            break
        await _play_one(h, rng)
    assert found, "no list recurred"
    user, old_m, old_s, new_m, new_s = found
    role = next(r for r, u in NAMES.items() if u == user)
    assert role in live(h).game.active()
    value = _values(old_s)[-1]
    before = (live(h).row.version, live(h).game.dumps())
    got = await h.feed(h.select(old_s["custom_id"], [value], message=old_m, user=h.world.user(user)))
    assert got.reply.ephemeral and "out of date" in got.reply.content, got.reply.content
    assert (live(h).row.version, live(h).game.dumps()) == before  # nothing changed
    got = await h.feed(h.select(new_s["custom_id"], [value], message=new_m, user=h.world.user(user)))
    assert got.reply.content.startswith("Done"), got.reply.content
    assert live(h).row.version > before[0]


async def test_news_for_a_seat_whose_list_is_unchanged_comes_without_the_list(h, monkeypatch):
    """3.1: both sides play a card at once, so while the British play theirs the Americans' list of cards
    stays theirs. News told to the Americans alone at that moment (here, what their hand holds: 3.0) comes in
    a DM of its own that says it, without the list again; the list they hold is still the one to pick from."""
    from engine.events import Event
    from engine.liberty.game import Game

    await _start(h)
    bob = h.world.user("bob")
    ((m_b, s_b),) = [(m, s) for m in h.fake.dms_to(bob) if (s := _select(m))]
    hand = list(live(h).game.view("american").hand)
    apply = Game.apply

    def with_news(self: Game, role: str, order: Any) -> list[Event]:
        new = apply(self, role, order)
        if role == "british":  # news for the other side, its list unchanged
            return [
                *new,
                Event(
                    "hand", {"side": "american", "cards": len(hand)}, {"hand": hand}, frozenset({"american"})
                ),
            ]
        return new

    monkeypatch.setattr(Game, "apply", with_news)
    alice = h.world.user("alice")
    m_a, s_a = [(m, s) for m in h.fake.dms_to(alice) if (s := _select(m))][-1]
    before = len(h.fake.dms_to(bob))
    got = await h.feed(h.select(s_a["custom_id"], [_values(s_a)[0]], message=m_a, user=alice))
    assert got.reply.content.startswith("Done"), got.reply.content
    news = h.fake.dms_to(bob)[before:]
    assert len(news) == 1, news
    assert hand[0] in news[0]["content"], news[0]["content"]  # the news, said
    assert _select(news[0]) is None and not components(news[0])  # without the list again
    assert "american" in live(h).game.active()
    got = await h.feed(h.select(s_b["custom_id"], [_values(s_b)[0]], message=m_b, user=bob))
    assert got.reply.content.startswith("Done"), got.reply.content  # the list he holds is current
