"""The interaction kinds of the contract (``engine/module.py``: ``Pick``, ``SealedChoice``), drawn by the
platform for a game it has never seen: the tiny module *Ambush* (``tests/support/games/ambush.py``) declares a
sealed choice made by a form (A1: scouts hidden in two places, confirmed as one order, revealed once both
sides have hidden) and a pick from a list (A2: where to strike), and no component, prompt or service code of
its own. It plays through the service, the Discord harness (the form's select and buttons, the list's select,
their stale protection) and the console (``:put``, ``:confirm``, ``:pick``)."""

from __future__ import annotations

import io

import pytest
from support.games import ambush as ambush_game

from bot.console import run_console
from bot.outbox import DM, Post
from bot.pictures import NoPictures
from bot.service import Caller, Service, ServiceError
from engine import modules
from engine.module import Pick, SealedChoice, forms, listed

CH = 100
HOST, ALICE, BOB = 1, 2, 3


@pytest.fixture
def ambush():
    modules.register(ambush_game.MODULE)
    yield ambush_game.MODULE
    modules.unregister("ambush")


def who(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CH, guild_id=9)


def test_the_kinds_are_a_closed_set_of_values():
    form = SealedChoice(
        order="hide", pieces=("N1", "N2", "N3"), slots=("ridge", "wood"), place="at", at="pass"
    )
    assert form.form and form.text({"N1": "ridge", "N3": "ridge", "N2": "wood"}) == (
        "/hide ridge:N1,N3 wood:N2 at:pass"  # the slots in their order, the pieces in theirs
    )
    assert listed([form, Pick(("/a", "/b"))]) == ("/a", "/b") and forms([form, Pick(("/a",))]) == [form]
    assert listed([SealedChoice(orders=("/x", "/y"))]) == ("/x", "/y")  # a sealed list is drawn as a pick
    assert listed([Pick(tuple(f"/o{i}" for i in range(40)))]) == tuple(f"/o{i}" for i in range(25))
    with pytest.raises(AssertionError):
        SealedChoice(orders=("/x",), slots=("a",))  # a list or a form, not both


async def test_a_sealed_form_and_a_pick_play_through_the_service(ambush, new_store):
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 5)
    await svc.new_game(who(HOST), game="ambush")
    await svc.join(who(ALICE), "north")
    await svc.join(who(BOB), "south")
    start = await svc.start(who(HOST))
    dms = {m.user_id: m for m in start.outbox if isinstance(m, DM)}
    assert dms[ALICE].forms == ("pass",) and dms[BOB].forms == ("pass",) and not dms[ALICE].picks  # A1
    live = await svc.current(CH)
    epoch, form, draft = svc.draft_prompt(live, "north", "pass")
    assert form.pieces == ("N1", "N2", "N3") and form.slots == ("ridge", "wood") and draft == {}
    text = await svc.draft_assign(live.id, ALICE, epoch, "pass", ["N1", "N2"], "ridge")
    assert "N1" in text and "N3" in text  # the prompt: placed and still to place, in the platform's words
    with pytest.raises(ServiceError):  # not one of his pieces: refused, nothing changes
        await svc.draft_assign(live.id, BOB, epoch, "pass", ["N1"], "wood")
    with pytest.raises(ServiceError, match="still to place"):
        await svc.draft_confirm(live.id, ALICE, epoch, "pass", None)
    await svc.draft_assign(live.id, ALICE, epoch, "pass", ["N3"], "wood")
    done = await svc.draft_confirm(live.id, ALICE, epoch, "pass", "i-1")
    assert done.reply.text.startswith("Done")
    live = await svc.current(CH)
    assert live.game.log == ["north: /hide ridge:N1,N2 wood:N3 at:pass"]  # one order, through the one path
    assert live.row.settings.drafts == {}  # the draft goes once accepted
    told_bob = [m.text for m in done.outbox if isinstance(m, DM) and m.user_id == BOB]
    public = [m.text for m in done.outbox if isinstance(m, Post)]
    assert not any("N1" in t for t in told_bob + public)  # A1: sealed until both have hidden
    with pytest.raises(ServiceError, match="out of date"):  # her form is done: its prompt is stale
        await svc.draft_assign(live.id, ALICE, epoch, "pass", ["N1"], "wood")
    await svc.draft_assign(live.id, BOB, epoch, "pass", None, "wood")  # every piece at once
    both = await svc.draft_confirm(live.id, BOB, epoch, "pass", "i-2")
    assert any("N1" in m.text for m in both.outbox if isinstance(m, Post))  # A1: revealed together
    lists = {m.user_id: m for m in both.outbox if isinstance(m, DM) and m.picks}
    assert set(lists) == {ALICE} and lists[ALICE].picks == ("/strike at:ridge", "/strike at:wood")  # A2
    key = lists[ALICE].picks_key
    struck = await svc.pick(live.id, ALICE, key, "/strike at:wood", "i-3")
    assert struck.reply.text.startswith("Done")
    with pytest.raises(ServiceError, match="out of date"):  # the list the game has moved past
        await svc.pick(live.id, ALICE, key, "/strike at:ridge", "i-4")
    bobs = next(m for m in struck.outbox if isinstance(m, DM) and m.user_id == BOB)
    await svc.pick(live.id, BOB, bobs.picks_key, "/strike at:wood", "i-5")
    live = await svc.current(CH, finished=True)
    assert live.game.over and live.game.winner() == "north"  # A3: 3 captured against none
    await svc.idle()


def _components(message: dict) -> list[dict]:
    return [c for row in message.get("components") or [] for c in row.get("components") or []]


def _latest(h, user: str, prefix: str) -> tuple[dict, list[dict]]:
    for m in reversed(h.fake.dms_to(h.world.user(user))):
        found = [c for c in _components(m) if c.get("custom_id", "").startswith(prefix)]
        if found:
            return m, _components(m)
    raise AssertionError(f"no {prefix} component in {user}'s DMs")


@pytest.fixture
async def ambush_harness(ambush, harness):
    yield harness


async def test_the_discord_components_of_both_kinds_are_the_platforms(ambush_harness):
    h = ambush_harness
    await h.feed(h.slash("game new", {"game": "ambush"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "north"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "south"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    for user, placing in (("alice", (("N1,N2", "ridge"), ("N3", "wood"))), ("bob", (("S1,S2,S3", "wood"),))):
        prompt, parts = _latest(h, user, "est:s:")
        select = next(c for c in parts if c["custom_id"].startswith("est:s:"))
        assert [o["value"] for o in select["options"]] == list(
            ambush_game.SCOUTS[ambush_game.ROLES[user == "bob"]]
        )
        buttons = {c["custom_id"].split(":")[5]: c["custom_id"] for c in parts if c.get("type") == 2}
        assert {"ridge", "wood", "clear", "confirm"} <= set(buttons)  # a button per slot, from the form
        u = h.world.user(user)
        for pieces, slot in placing:
            await h.feed(h.select(select["custom_id"], pieces.split(","), message=prompt, user=u))
            d = await h.feed(h.click(buttons[slot], message=prompt, user=u))
            assert d.reply.type == 7, d.reply  # the prompt redrawn in place
        d = await h.feed(h.click(buttons["confirm"], message=prompt, user=u))
        assert d.reply.content.startswith("Done"), d.reply.content
    message, parts = _latest(h, "alice", "est:o:")
    pick = next(c for c in parts if c["custom_id"].startswith("est:o:"))
    assert [o["value"] for o in pick["options"]] == ["/strike at:ridge", "/strike at:wood"]
    alice = h.world.user("alice")
    d = await h.feed(h.select(pick["custom_id"], ["/strike at:wood"], message=message, user=alice))
    assert d.reply.content.startswith("Done"), d.reply.content
    d = await h.feed(h.select(pick["custom_id"], ["/strike at:ridge"], message=message, user=alice))
    assert d.reply.ephemeral and "out of date" in d.reply.content  # the moment in the custom id
    live = next(iter(h.bot.service.live.values()))
    assert live.game.struck == {"north": "wood"}


async def test_the_console_draws_both_kinds(ambush, tmp_path, monkeypatch):
    monkeypatch.setattr("bot.console.Service", lambda store: Service(store, pictures=NoPictures()))
    lines = [
        ":pick 1",  # no list yet: said, nothing changes
        ":put north N1,N2 ridge",
        ":put north N3 wood",
        ":confirm north",
        ":put S1,S2,S3 wood",  # the one seat whose form is still open
        ":confirm",
        ":pick 3",
        ":pick 2",
        ":pick 1",
        "",
    ]
    out = io.StringIO()
    status = await run_console(
        str(tmp_path / "c.db"), str(tmp_path / "p"), "", io.StringIO("\n".join(lines)), out=out, game="ambush"
    )
    text = out.getvalue()
    assert status == 0 and "Traceback" not in text
    assert "No list or form waits" in text
    assert "Not yet placed: N3" in text  # the form's prompt, redrawn after each :put
    assert "  1. /strike at:ridge\n  2. /strike at:wood" in text
    assert "1 to 2" in text  # :pick 3 is no order of the list
    assert "won: role=north" in text


def test_a_dm_row_stored_before_the_kinds_still_names_its_forms():
    """An outbox row written when forms were a game's deployment only (``deploy``) loads with its places."""
    from bot.outbox import message_from

    old = message_from("dm", 7, {"text": "x", "game": 1, "role": "north", "deploy": ["pass"]})
    assert isinstance(old, DM) and old.forms == ("pass",)
    new = message_from("dm", 7, old.to_body())
    assert isinstance(new, DM) and new.forms == ("pass",) and new.to_body()["forms"] == ["pass"]


def test_the_built_in_games_declare_theirs_through_the_one_hook():
    """Napoleon's deployment (6.2) is a sealed form per battle, confirmed as the ``/deploy`` its rules take;
    Liberty's card (3.1) a sealed list, its next battle or a hit a plain pick."""
    from support.battlefield import Fight

    from engine.napoleon.game import Game

    napoleon = modules.get("napoleon")
    f = Fight(["FR-1", "FR-2", "FR-3"], ["PR-1", "PR-2", "PR-3", "PR-4"])
    game = Game(f.state, f.sc)
    (form,) = napoleon.interactions(game, "allied")  # 6.2: the defender deploys first
    assert napoleon.interactions(game, "french") == []  # not asked yet: nothing to draw
    assert form.form and form.at == "Ligny" and form.pieces == ("PR-1", "PR-2", "PR-3", "PR-4")
    assert form.slots == ("left", "center", "right", "reserve") and form.head == "svc.draft_head"
    placed = {"PR-1": "left", "PR-2": "center", "PR-3": "center", "PR-4": "right"}
    order = form.text(placed)
    assert order == "/deploy left:PR-1 center:PR-2,PR-3 right:PR-4 battle:Ligny"
    game.apply("allied", order)  # the form's one order is the rules' own
    assert napoleon.interactions(game, "allied") == []
    liberty = modules.get("liberty")
    g = liberty.new_game(liberty.make_options(liberty.defaults()), 3)
    (card,) = liberty.interactions(g, "british")
    assert isinstance(card, SealedChoice) and not card.form  # 3.1: played face down, revealed together
    assert card.orders == tuple(c.text() for c in g.legal("british").choices)
