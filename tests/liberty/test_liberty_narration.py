"""Liberty's battles told in order in Discord (the real discord.py against the fake Discord API,
tests/support/discord_fake.py): each roll, then its hits naming the block that lost a step, then the choice
among equals the next hit waits on (7.31, 7.32, G25); a capture after the roll and the hit that made it
(2.11); the battle's place by its town; the cards revealed by their values (3.1); the battle picture's last
fire saying who fired and whom it hit; the winter map's title."""

from __future__ import annotations

from typing import Any

import pytest
from support.discord_fake import Upload
from support.harness import Blank, bot_harness

from engine.liberty.module import narrate
from renderers.liberty.from_view import battle_picture, hand_picture, map_picture
from renderers.liberty.pictures import last_fire_text

# The British (P1: action card 2 against 1) attack Newport from Boston with BR-2 (C2, 4 steps);
# AM-2 and AM-3 defend at 1 step each. Dice: the weather 6; AM-2 and AM-3 miss (6, 6); BR-2 rolls 1 1 6 6:
# two hits, the first among equals (the American chooses), each one a capture.
NEWPORT = (
    "@game liberty\n@seed 3\n"
    "@hand british ACT-7,ACT-2,ACT-3,ACT-4,ACT-5\n@hand american ACT-1,ACT-8,ACT-9,ACT-10,ACT-11\n"
    + "".join(
        f"@place {u} pool\n" for u in ("WASHINGTON", "AM-1", "AM-9", "HOWE", "BR-3", "BR-7", "CORNWALLIS")
    )
    + "@place RN-1 pool\n@place AM-2 Newport cv=1\n@place AM-3 Newport cv=1\n@place BR-2 Boston cv=4\n"
    + "@dice 6 6 6 1 1 6 6\n"
).encode()


@pytest.fixture
async def h(tmp_path):
    async with bot_harness(tmp_path, Blank()) as harness:
        yield harness


def live(h) -> Any:
    return next(iter(h.bot.service.live.values()))


async def order(h, user: str, command: str, **options: Any) -> None:
    d = await h.feed(h.slash(command, options, user=user, channel="game-1"))
    assert d.said.content.startswith("Done"), (command, d.said.content)


def lines(messages: list[dict]) -> list[tuple[int, str]]:
    """(message id, line) of each line of ``messages``, in the order they were sent, but the pinned status
    (one message edited in place, its "Last:" list a summary)."""
    return [
        (int(m["id"]), line)
        for m in messages
        if not (m.get("content") or "").startswith("📌")
        for line in (m.get("content") or "").splitlines()
    ]


def first(said: list[tuple[int, str]], text: str) -> int:
    """The place of the first line holding ``text`` in ``said``."""
    return next(i for i, (_m, line) in enumerate(said) if text in line)


async def test_a_battle_is_told_roll_then_hits_then_the_choice_and_captures_after_their_roll(h):
    await h.feed(h.slash("game new", {"game": "liberty"}, user="alice", channel="game-1"))
    d = await h.feed(
        h.slash(
            "game import",
            {"script": Upload("newport.txt", NEWPORT), "keep_dice": True},
            user="alice",
            channel="game-1",
        )
    )
    assert "Imported" in d.reply.content, d.reply.content
    await h.feed(h.slash("game join", {"role": "british"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "american"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    channel = h.world.channel("game-1").id
    await order(h, "alice", "play", card="ACT-7")
    await order(h, "bob", "play", card="ACT-1")
    # 3.1: the cards by their values, not their ids
    said = lines(h.fake.messages_in(channel))
    reveal = said[first(said, "cards played:")][1]
    assert "action card 2" in reveal and "action card 1" in reveal and "ACT-" not in reveal
    await order(h, "alice", "move", units="BR-2", path="Boston>Newport")  # the British's 2 actions: one
    await order(h, "alice", "end")
    await order(h, "bob", "end")
    said = lines(h.fake.messages_in(channel))
    assert said[first(said, "the British attack")][1].startswith("battle in Newport")  # the town named
    await order(h, "bob", "fire")  # the defender's C blocks first (7.21): both miss
    await order(h, "alice", "fire")  # BR-2: 1 1 6 6, two hits; the first falls between equals
    game = live(h).game
    assert game.state.phase == "hit" and game.active() == ["american"]

    # the roll, posted before the choice is asked in the channel and in bob's DM
    said = lines(h.fake.messages_in(channel))
    roll = first(said, "BR-2 (C2) rolls 1, 1, 6, 6: 2 hits")
    asked = first(said, "choose which of your equally strong blocks")  # the public headline
    assert roll < asked and not any("loses a step" in line for _m, line in said)
    dm = [(m, line) for m, line in lines(h.fake.dms_to(h.world.user("bob"))) if "choose which" in line]
    assert dm and dm[-1][0] > said[roll][0]  # the DM comes after the post with the roll...
    assert "the British rolled 1, 1, 6, 6 with BR-2" in dm[-1][1]  # ...and says which roll it answers
    # the picture shows this roll (not the one before), and says who fired: BR-2, nobody hit yet
    pic = battle_picture(game.view("public"))
    assert pic.dice == (1, 1, 6, 6) and pic.firer == "BR-2" and pic.firer_side == "british" and pic.hits == ()
    waits = "Last fire: BR-2 (British): 2 hit(s) await the owner's choice (at 2 or less)"
    assert last_fire_text(pic) == waits

    await order(h, "bob", "hit", unit="AM-3")
    said = lines(h.fake.messages_in(channel))
    told = [line for _m, line in said[asked + 1 :]]
    steps = [i for i, line in enumerate(told) if "loses a step" in line or "captured" in line]
    assert [told[i] for i in steps] == [
        "AM-3 loses a step to BR-2's fire in Newport: strength 0",
        "AM-3 is captured in Newport",
        "AM-2 loses a step to BR-2's fire in Newport: strength 0",
        "AM-2 is captured in Newport",
    ]
    assert first(said, "captured") > roll and "the battle in Newport is over" in told[steps[-1] + 1]
    # the last fire names the firer and the blocks it hit
    bt = live(h).game.state.battle
    assert bt is not None and bt.last_fire["took"] == [["AM-3", 0], ["AM-2", 0]]
    pic = battle_picture(live(h).game.view("public"))
    assert pic.hits == (("AM-3", 1), ("AM-2", 1))
    assert last_fire_text(pic) == "Last fire: BR-2 (British): hit AM-3 (−1), AM-2 (−1) (at 2 or less)"
    ja = battle_picture(live(h).game.view("public"), "ja")
    assert (
        last_fire_text(ja) == "直前の射撃: BR-2（イギリス軍）→ AM-3（−1）、AM-2（−1） に命中（2以下で命中）"
    )


def test_the_hit_and_the_card_reveal_are_told_in_japanese():
    hit = {"kind": "hit", "at": "21.09", "unit": "AM-3", "side": "american", "by": "BR-2", "strength": 2}
    assert narrate(hit, "ja", None, None) == "Newport で BR-2 の射撃が AM-3 に命中: ステップロス（戦力 2）"
    cards = {"kind": "cards_revealed", "british": "SUP-4", "american": "ACT-16", "p1": "british"}
    assert narrate(cards, "en", None, None) == (
        "cards played: British supply card 3, American action card 3; Player 1: the British"
    )
    assert "サプライカード 3" in narrate(cards, "ja", None, None)
    sea = {"kind": "sea_moved", "side": "british", "from": "21.08", "to": "Atlantic", "n": 2}
    assert narrate(sea, "en", None, None).endswith("from Boston to the Atlantic box")


def test_the_winter_turn_is_titled_winter_not_turn_6_of_5():
    """11.0: the engine's turn 6 is the winter turn; the map and the hand say so."""
    from support.liberty import new

    g = new(3)
    g.state.turn = 6
    assert map_picture(g.view("public")).turn == 0 and hand_picture(g.view("british")).turn == 0
    from renderers.liberty.pictures import _turn_text

    assert _turn_text(1775, map_picture(g.view("public")).turn, "en") == "1775, winter turn"
    g.state.turn = 5
    assert _turn_text(1775, map_picture(g.view("public")).turn, "en") == "1775, turn 5 of 5"


def test_the_battle_picture_shows_the_roll_whose_hits_wait_on_a_choice():
    """7.32 with G25: while the owner chooses among equals, the picture shows the roll being applied (not
    the one before), the steps it took so far, and the hits still waiting; each hit is told as it lands."""
    from support.liberty import actions, empty, put

    g = empty()
    for u in ("AM-2", "AM-3", "AM-4"):
        put(g, u, "20.08", 3)
    put(g, "BR-2", "21.08", 4)
    actions(g, "british", 3)
    g.state.queue = []
    g.apply("british", "/move units:BR-2 path:21.08>20.08")
    g.apply("british", "/end")
    g.state.dice.force([6] * 9 + [1, 1, 6, 6])
    g.apply("american", "/fire")  # AM-2, AM-3, AM-4 miss
    g.apply("british", "/fire")  # two hits, three equals
    pic = battle_picture(g.view("american"))
    assert (pic.firer, pic.dice, pic.hits, pic.waiting) == ("BR-2", (1, 1, 6, 6), (), 2)
    g.apply("american", "/hit unit:AM-3")  # the second hit: AM-2 and AM-4 are equal now
    pic = battle_picture(g.view("public"))
    assert (pic.hits, pic.waiting) == ((("AM-3", 1),), 1)
    assert last_fire_text(pic) == (
        "Last fire: BR-2 (British): hit AM-3 (−1); 1 hit(s) await the owner's choice (at 2 or less)"
    )
    last = max(i for i, e in enumerate(g.events) if e.kind == "fired")
    assert [e.kind for e in g.events[last:]] == ["fired", "hit"]  # the roll, then the hit that landed
    g.apply("american", "/hit unit:AM-4")
    assert battle_picture(g.view("public")).waiting == 0
    assert [e.data["unit"] for e in g.events if e.kind == "hit"] == ["AM-3", "AM-4"]
