"""Through the fake Discord: the game channel's pinned status message, edited in place after
every change (the REST calls: one message, one pin, then edits of that message)."""

from __future__ import annotations

from test_discord_wedge import chan, new_game, settle


def pinned_status(h):
    ch = chan(h, "game-1")
    pins = h.fake.pinned(ch)
    assert len(pins) == 1, pins
    return pins[0]


async def test_one_status_message_is_pinned_and_edited_in_place_after_every_change(harness):
    h = harness
    await h.feed(
        h.slash("game new", {"setup": "historical", "deadline_hours": 24}, user="alice", channel="game-1")
    )
    await h.feed(h.slash("game join", {"role": "french"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "allied"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    await settle(h)
    first = pinned_status(h)
    alice = h.world.user("alice")
    assert "Turn 1/24" in first["content"] and f"<@{alice.id}>" in first["content"]
    assert "<t:" in first["content"] and ":R>" in first["content"]  # the deadline as a Discord timestamp
    assert first["attachments"], "the latest public map"
    (made,) = [
        c for c in h.fake.calls if c.method == "POST" and (c.body or {}).get("content") == first["content"]
    ]
    assert made.body["allowed_mentions"].get("users", []) == [] and not made.body["allowed_mentions"].get(
        "parse"
    )
    await h.feed(
        h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    )
    await h.feed(h.slash("end", user="alice", channel="game-1"))
    await settle(h)
    now = pinned_status(h)
    assert now["id"] == first["id"], "edited in place, not posted again"
    assert "Allied turn" in now["content"] and "move" in now["content"].lower()
    edits = [c for c in h.fake.calls if c.method == "PATCH" and c.path.endswith(f"/messages/{first['id']}")]
    assert 1 <= len(edits) <= 2  # the edits of waiting statuses are folded into the latest
    assert len([m for m in h.fake.messages_in(chan(h, "game-1")) if m.get("pinned")]) == 1


async def test_a_deleted_status_message_is_made_again(harness):
    h = harness
    await new_game(h)
    await settle(h)
    first = pinned_status(h)
    h.fake.messages.pop(int(first["id"]))  # someone deleted it
    await h.feed(
        h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    )
    await settle(h)
    ch = chan(h, "game-1")
    again = [m for m in h.fake.messages_in(ch) if m.get("pinned")]
    assert len(again) == 1 and again[0]["id"] != first["id"]
