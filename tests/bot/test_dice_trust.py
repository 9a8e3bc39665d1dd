"""Dice that players can trust. A commitment to the seed at the start, the seed revealed
at the end, and ``estafette verify`` checking the commitment and every die of an exported game."""

from __future__ import annotations

import random
import re
import subprocess
import sys

import pytest

from bot.outbox import Post, message_from
from bot.pictures import NoPictures
from bot.service import Caller, Service
from bot.storage import Store
from bot.verify import commitment, verify
from engine.napoleon.fuzzing import pick

CH, HOST, ALICE, BOB = 100, 1, 2, 3


def who(user: int) -> Caller:
    return Caller(user, CH, 9)


async def posts(store: Store) -> list[str]:
    rows = await store.outbox_all()
    return [
        m.text
        for m in (message_from(r.kind, r.target, r.body, r.game_id) for r, _d, _e in rows)
        if isinstance(m, Post)
    ]


@pytest.fixture
async def finished(new_store):
    """A whole short game (one day) played through the service with random legal orders."""
    store = await new_store()
    svc = Service(store, pictures=NoPictures())
    await svc.new_game(who(HOST), "setup=historical days=1")
    await svc.join(who(ALICE), "french")
    await svc.join(who(BOB), "allied")
    await svc.start(who(HOST))
    rng = random.Random(4)
    user = {"french": ALICE, "allied": BOB}
    budget: dict[str, int] = {}
    for _ in range(2000):
        game = svc.live[1].game
        if game.over:
            break
        role = rng.choice(game.active())
        await svc.order(who(user[role]), pick(rng, game, role, budget), role=role)
    assert svc.live[1].game.over
    yield svc, store
    await svc.idle()


async def test_the_commitment_posted_at_the_start_matches_the_seed_revealed_at_the_end(finished):
    _svc, store = finished
    said = await posts(store)
    (start,) = [p for p in said if "commitment" in p and "sha256:" in p]
    promised = re.search(r"sha256:([0-9a-f]{64})", start)[1]
    (end,) = [p for p in said if "dice seed of game" in p]
    seed = int(re.search(r"was `(\d+)`", end)[1])
    salt = re.search(r"salt `([0-9a-f]+)`", end)[1]
    assert commitment(1, seed, salt) == promised
    assert seed == (await store.game(1)).seed and seed > 2**31  # a seed too large to guess
    assert str(seed) not in start  # not revealed before the end


async def test_verify_checks_the_commitment_and_every_die_of_an_export(finished, tmp_path):
    svc, _store = finished
    r = await svc.export(Caller(99, CH, 9))  # anyone, once the game is over
    text = r.reply.file[1].decode()
    verdict = verify(text)
    assert verdict.ok, verdict.lines
    assert re.search(r"(\d+) dice replayed", verdict.lines[1])[1] != "0"
    # a die reported otherwise than the seed rolls it
    i = next(n for n, line in enumerate(text.splitlines()) if line.startswith("# dice: "))
    lines = text.splitlines()
    first = lines[i].split()[2]
    lines[i] = lines[i].replace(f"# dice: {first}", f"# dice: {int(first) % 6 + 1}", 1)
    bad = verify("\n".join(lines))
    assert not bad.ok and any("MISMATCH" in x for x in bad.lines)
    # a seed that is not the one committed to
    forged = re.sub(r"^@seed \d+", "@seed 7", text, flags=re.M)
    assert not verify(forged).ok and "does NOT match" in verify(forged).lines[0]
    # the command line
    path = tmp_path / "game.txt"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)], capture_output=True, text=True)
    assert done.returncode == 0 and "commitment matches" in done.stdout, done.stdout + done.stderr
    path.write_text("\n".join(lines), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "bot", "verify", str(path)], capture_output=True, text=True)
    assert done.returncode == 1


async def test_an_imported_game_gets_a_secret_seed_of_its_own(new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures())
    await svc.new_game(who(HOST))
    await svc.import_script(who(HOST), "@options setup=historical\n@seed 5\n")
    await svc.join(who(ALICE), "french")
    await svc.join(who(BOB), "allied")
    await svc.start(who(HOST))
    log = svc.live[1].game.state.log
    assert log[-1].startswith("@dice seed ") and int(log[-1].split()[2]) != 5  # the script's seed is not it
    await svc.idle()


async def test_game_verify_in_discord_checks_an_attached_export(harness):
    from support.discord_fake import Upload

    h = harness
    good = "\n".join(
        [
            "# estafette game 7: dice commitment sha256:" + commitment(7, 99, "ab") + " salt:ab",
            "@options setup=historical",
            "@seed 99",
            "french: /end",
        ]
    )
    d = await h.feed(
        h.slash("game verify", {"script": Upload("g.txt", good.encode())}, user="bob", channel="game-1")
    )
    assert d.reply.ephemeral and "Verified" in d.reply.content
    bad = good.replace("@seed 99", "@seed 98")
    d = await h.feed(
        h.slash("game verify", {"script": Upload("g.txt", bad.encode())}, user="bob", channel="game-1")
    )
    assert "Not verified" in d.reply.content and "does NOT match" in d.reply.content
