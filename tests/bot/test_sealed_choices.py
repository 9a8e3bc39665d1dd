"""Sealed choices players can trust: every order of a kind a module declares sealed
(``OrderKind(sealed=True)``: Liberty's card played face down, 3.1; Napoleon's battle deployment, 6.2) is
committed when it is accepted, ``sha256("estafette-sealed:{game}:{order}:{role}:{text}:{salt}")``, told in
the post of that step (the hash, never the choice), listed in ``/game log``, carried by the finished game's
export beside its line and checked by ``estafette verify`` / ``/game verify`` once the salt is revealed at
the end."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from typing import Any

import pytest
from support.discord_fake import Upload
from support.harness import Blank, bot_harness
from test_console_ja import console

from bot.outbox import Post, message_from
from bot.pictures import NoPictures
from bot.service import Caller, Service
from bot.verify import sealed_commitment, verify
from engine import modules

SEALED = re.compile(r"(\w+) has sealed its choice — sha256:([0-9a-f]{64})")
OPTIONS = "last_year=1775"  # 11.1: a game of one year, about ten cards played


@pytest.fixture
async def h(tmp_path):
    async with bot_harness(tmp_path, Blank()) as harness:
        yield harness


def chan(h, name: str) -> int:
    return h.world.channel(name).id


def live(h) -> Any:
    return next(iter(h.bot.service.live.values()))


def texts(messages: list[dict]) -> list[str]:
    return [m.get("content") or "" for m in messages if not (m.get("content") or "").startswith("📌")]


async def liberty_game(h) -> None:
    """A Liberty game of one year in game-1, alice British, bob American, watched from ``spectators``."""
    await h.feed(h.slash("game new", {"game": "liberty", "options": OPTIONS}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "british"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "american"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game spectate", {"channel": chan(h, "spectators")}, user="alice", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))


def a_card(h, role: str) -> str:
    """The id of a card the side may play now (3.1)."""
    plays = [str(c) for c in live(h).game.legal(role).choices if str(c).startswith("/play ")]
    return plays[0].split("card:")[1]


async def finish(h) -> None:
    """The rest of the game by random legal orders, through the service (Discord is tested up to here)."""
    svc = h.bot.service
    user = {"british": h.world.user("alice").id, "american": h.world.user("bob").id}
    guild = h.world.guild().id
    rng = random.Random(5)
    for _ in range(3000):
        game = live(h).game
        if game.over:
            break
        role = rng.choice(game.active())
        choice = rng.choice(game.legal(role).choices)
        r = await svc.order(Caller(user[role], chan(h, "game-1"), guild), str(choice), role=role)
        assert r.reply.text.startswith("Done"), r.reply.text
    assert live(h).game.over
    await svc.idle()
    h.bot.outbox.kick()
    await h.drain(timeout=120)  # every post delivered


async def test_a_card_played_face_down_is_committed_in_the_post_and_the_finished_export_verifies(h, tmp_path):
    await liberty_game(h)
    row = live(h).row
    salt = row.settings.dice_salt
    card = a_card(h, "british")
    seen = len(h.fake.messages_in(chan(h, "game-1")))
    d = await h.feed(h.slash("play", {"card": card}, user="alice", channel="game-1"))
    assert d.said.content.startswith("Done"), d.said.content
    # 3.1: the channel and the spectators are told that a card was played, with its commitment, not the card
    for where in ("game-1", "spectators"):
        posts = texts(h.fake.messages_in(chan(h, where)))
        (post,) = [p for p in posts if SEALED.search(p)]
        role, promised = SEALED.search(post).groups()
        assert role == "british" and card not in post
        seq = live(h).row.version
        assert promised == sealed_commitment(row.id, seq, "british", f"/play card:{card}", salt)
        assert salt not in post
    (post,) = [p for p in texts(h.fake.messages_in(chan(h, "game-1"))[seen:]) if SEALED.search(p)]
    # the step's news and its commitment, in the one post
    assert post.index("have played a card face down") < post.index("british has sealed its choice")
    # /game log lists it, and says it cannot be checked before the end
    d = await h.feed(h.slash("game log", user="carol", channel="game-1"))
    assert f"order {seq}: british — sha256:{promised}" in d.reply.content
    assert "until then they cannot be checked" in d.reply.content and card not in d.reply.content
    # the other side's card: its own commitment, then both revealed together (3.1)
    other = a_card(h, "american")
    await h.feed(h.slash("play", {"card": other}, user="bob", channel="game-1"))
    said = texts(h.fake.messages_in(chan(h, "game-1")))
    assert [SEALED.search(p)[1] for p in said if SEALED.search(p)] == ["british", "american"]
    assert any("cards played" in p for p in said)

    await finish(h)
    said = "\n".join(texts(h.fake.messages_in(chan(h, "game-1"))))
    assert "The same salt opens every sealed choice's commitment" in said and f"salt `{salt}`" in said
    posted = SEALED.findall(said)
    d = await h.feed(h.slash("game export", user="carol", channel="game-1"))
    (upload,) = d.reply.attachments
    text = upload.data.decode()
    plays = [x for x in text.splitlines() if re.match(r"(british|american): /play ", x)]
    assert len(plays) == len(posted) >= 4
    # each commitment in the export is the one posted at the moment, beside its line
    assert [m[1] for m in re.finditer(r"^# sealed: order \d+ sha256:([0-9a-f]{64})$", text, re.M)] == [
        h_ for _r, h_ in posted
    ]
    verdict = verify(text)
    assert verdict.ok, verdict.lines
    assert f"{len(plays)} sealed choices checked against their commitments (salt {salt}): all match" in (
        verdict.lines
    )

    # a card changed after the fact: the order is named, and verification fails
    lines = text.splitlines()
    i = lines.index(plays[0])
    n = int(
        re.match(r"# sealed: order (\d+)", next(x for x in lines[i + 1 :] if x.startswith("# sealed")))[1]
    )
    lines[i] = plays[0].replace(f"card:{card}", "card:ACT-99")
    forged = "\n".join(lines) + "\n"
    bad = verify(forged)
    assert not bad.ok
    assert any(f"order {n} (british): does NOT match its commitment" in x for x in bad.lines), bad.lines
    d = await h.feed(h.slash("game verify", {"script": Upload("g.txt", forged.encode())}, user="bob"))
    assert "Not verified" in d.reply.content and f"order {n} (british): does NOT match" in d.reply.content
    d = await h.feed(h.slash("game verify", {"script": Upload("g.txt", text.encode())}, user="bob"))
    assert "Verified" in d.reply.content and "all match" in d.reply.content
    # the command line: 0 for the export, 1 for the forgery, naming the order
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)], capture_output=True, text=True)
    assert done.returncode == 0 and "all match" in done.stdout, done.stdout + done.stderr
    path.write_text(forged, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)], capture_output=True, text=True)
    assert done.returncode == 1 and f"order {n} (british): does NOT match" in done.stdout
    # a commitment taken away is a failure too
    lines = text.splitlines()
    cut = "\n".join(x for x in lines if not x.startswith(f"# sealed: order {n} ")) + "\n"
    gone = verify(cut)
    assert not gone.ok and any(
        f"order {n} (british): a sealed choice without its commitment" in x for x in gone.lines
    )


async def test_both_cards_played_at_the_same_instant_are_each_committed_once(h):
    """3.1: both sides play at once; each order gets its own number, and its commitment is posted once."""
    await liberty_game(h)
    row = live(h).row
    cards = {"alice": a_card(h, "british"), "bob": a_card(h, "american")}
    done = await h.feed_concurrently(
        *(h.slash("play", {"card": c}, user=u, channel="game-1") for u, c in cards.items())
    )
    assert all(d.said.content.startswith("Done") for d in done), [d.said.content for d in done]
    said = texts(h.fake.messages_in(chan(h, "game-1")))
    commits = [m.groups() for p in said for m in SEALED.finditer(p)]
    assert sorted(r for r, _ in commits) == ["american", "british"]
    orders = await h.bot.service.store.orders(row.id)
    expected = {
        (o.role, sealed_commitment(row.id, o.seq, o.role, o.text, row.settings.dice_salt))
        for o in orders
        if o.text.startswith("/play ")
    }
    assert set(commits) == expected and len({o.seq for o in orders}) == len(orders)
    # the commitment after a restart is the same (a function of the stored order and the salt)
    await h.restart()
    d = await h.feed(h.slash("game log", user="carol", channel="game-1"))
    assert all(f"sha256:{x}" in d.reply.content for _r, x in commits)


# --- Napoleon's deployment (6.2), through the service -------------------------------------------------------

BATTLE = """@options setup=historical players=2
@seed 5
@place PR-1 Thuin
@place PR-2 Thuin
@place PR-3 Thuin
"""
CH, HOST, ALICE, BOB = 100, 1, 2, 3


def who(user: int) -> Caller:
    return Caller(user, CH, 9)


async def test_a_battle_deployment_is_committed_when_given_and_its_columns_stay_secret(new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures())
    await svc.new_game(who(HOST), "setup=historical")
    await svc.import_script(who(HOST), BATTLE)
    await svc.join(who(ALICE))
    await svc.join(who(BOB))
    await svc.start(who(HOST))
    await svc.order(who(ALICE), "/move units:FR-1,FR-2,FR-3,FR-6 path:Solre-sur-Sambre>Thuin")
    await svc.order(who(ALICE), "/end")
    before = len(await store.outbox_all())
    r = await svc.order(who(BOB), "/deploy left:PR-1 center:PR-2 right:PR-3")
    assert r.reply.text.startswith("Done"), r.reply.text
    new = [
        message_from(x.kind, x.target, x.body, x.game_id) for x, _d, _e in (await store.outbox_all())[before:]
    ]
    (post,) = [m.text for m in new if isinstance(m, Post) and SEALED.search(m.text)]
    row = await store.game(1)
    (order,) = [o for o in await store.orders(1) if o.text.startswith("/deploy")]
    assert SEALED.search(post).groups() == (
        "allied",
        sealed_commitment(1, order.seq, "allied", order.text, row.settings.dice_salt),
    )
    assert "left:" not in post and "PR-1" not in post  # 6.2: the columns revealed once both have placed
    await svc.idle()


def test_the_sealed_kinds_are_declared_by_the_modules():
    liberty, napoleon = modules.get("liberty"), modules.get("napoleon")
    assert liberty.sealed("/play card:ACT-7") and not liberty.sealed("/battle at:Boston")
    assert napoleon.sealed("/deploy left:FR-1 center:FR-2 right:FR-3 battle:Thuin")
    assert not napoleon.sealed("/move units:FR-1 path:A>B") and not napoleon.sealed("not an order")
    assert {k.name for m in modules.modules() for k in m.orders if k.sealed} >= {"play", "deploy"}


def test_an_export_from_before_sealed_choices_still_verifies_its_dice():
    from bot.verify import commitment

    old = "\n".join(
        [
            "# estafette game 7: dice commitment sha256:" + commitment(7, 99, "ab") + " salt:ab",
            "@options setup=historical",
            "@seed 99",
            "french: /end",
        ]
    )
    verdict = verify(old)
    assert verdict.ok and verdict.lines[0].startswith("commitment matches"), verdict.lines
    assert verdict.lines[-1] == "no sealed choices in this game"
    # a Liberty game exported before: its cards are not checked, and it says so
    played = old.replace("@options setup=historical", "@game liberty").replace(
        "french: /end", "british: /play card:ACT-1"
    )
    assert "1 orders of sealed kinds carry no commitment" in verify(played).lines[-1]


def test_the_console_shows_the_commitment_and_lists_it_in_its_log(tmp_path):
    text = console(tmp_path, ":pick british 1\n:log\n", "--game", "liberty", "--options", OPTIONS)
    m = SEALED.search(text)
    assert m and m[1] == "british", text
    assert f"— sha256:{m[2]}" in text.split(m[0], 1)[1]  # the log lists it again
    assert "until then they cannot be checked" in text


def test_a_game_from_before_commits_only_its_sealed_choices_from_then_on():
    """A game under way when sealed choices began to be committed: its earlier cards were never committed,
    so its export carries no commitment for them and ``verify`` asks none; those from then on are checked."""
    from bot.verify import annotate

    m = modules.get("liberty")
    g = m.new_game(m.make_options({**m.defaults(), "last_year": 1775}), 3)
    rng = random.Random(3)
    while not g.over:
        role = rng.choice(g.active())
        g.apply(role, rng.choice(g.legal(role).choices))
    head = ["@game liberty", f"@options {OPTIONS}", "@seed 3"]
    lines = head + list(g.log)
    plays = [n for n, x in enumerate(g.log, 1) if ": /play " in x]
    first = plays[2]  # the third card played was the first committed
    text = annotate(lines, 4, "c0ffee", len(head), first)
    said = re.findall(r"^# sealed: order (\d+) ", text, re.M)
    assert [int(n) for n in said] == plays[2:]
    verdict = verify(text)
    assert verdict.ok and f"{len(plays) - 2} sealed choices checked" in verdict.lines[-1], verdict.lines
    # the header says from which order: an earlier one claimed without its commitment is not asked for, a
    # later one without its commitment is
    cut = re.sub(rf"^# sealed: order {plays[3]} .*\n", "", text, flags=re.M)
    assert not verify(cut).ok and f"order {plays[3]} (" in "\n".join(verify(cut).lines)


def test_the_japanese_console_says_it_in_japanese(tmp_path):
    text = console(
        tmp_path, ":pick british 1\n:log\n", "--game", "liberty", "--options", OPTIONS, "--language", "ja"
    )
    m = re.search(r"🔒 (\S+)は選択を封印しました — sha256:([0-9a-f]{64})", text)
    assert m and m[1] == "イギリス軍", text
    assert f"イギリス軍 — sha256:{m[2]}" in text and "それまでは確かめられません" in text
    assert "has sealed" not in text
