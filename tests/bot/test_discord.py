"""The bot end to end through the real discord.py, against the fake Discord API on loopback."""

from __future__ import annotations

from support.discord_fake import BotHandle

EPHEMERAL = 64


def chan(h: BotHandle, name: str) -> int:
    return h.world.channel(name).id


def current(h: BotHandle):
    """The (only) game as last committed: every change makes a new one, so look again after each."""
    return next(iter(h.bot.service.live.values())).game


async def new_game(h: BotHandle, options: dict | None = None, channel: str = "game-1"):
    opts = {"setup": "historical", "players": 2, **(options or {})}
    await h.feed(h.slash("game new", opts, user="alice", channel=channel))
    await h.feed(h.slash("game join", {"role": "french"}, user="alice", channel=channel))
    await h.feed(h.slash("game join", {"role": "allied"}, user="bob", channel=channel))
    return await h.feed(h.slash("game start", user="alice", channel=channel))


async def test_sync_registers_every_command_with_its_options(harness):
    names = {c["name"]: c for c in harness.fake.synced_commands()}
    assert {
        "game",
        "move",
        "end",
        "setup",
        "deploy",
        "battle-move",
        "fire",
        "square",
        "unsquare",
        "retreat",
        "reinforce",
        "regroup",
        "orders",
    } <= set(names)
    subs = {o["name"] for o in names["game"]["options"]}
    assert subs >= {
        "new",
        "join",
        "leave",
        "start",
        "status",
        "map",
        "log",
        "options",
        "spectate",
        "prefer",
        "abort",
        "export",
        "import",
    }
    move = {o["name"]: o for o in names["move"]["options"]}
    assert move["units"]["autocomplete"] and move["path"]["autocomplete"]
    # required only where every game's /move requires it (Napoleon's Triumph moves a force:, not units:)
    from engine import modules

    moves = [k for m in modules.modules() for k in m.orders if k.name == "move"]
    every = all(any(o.name == "units" and o.required for o in k.options) for k in moves)
    assert move["units"]["required"] == every


async def test_every_order_command_is_made_from_the_modules_order_kinds(harness):
    """The synced commands are the cog's own (no order among them) and one per order name of the
    registered modules, so that a new order kind gets its command with no code in the cog."""
    from bot.discord_app.cog import EstafetteCog
    from engine import modules

    orders = {k.name for m in modules.modules() for k in m.orders}
    own = {c.name for c in harness.bot.get_cog("EstafetteCog").get_app_commands()}
    assert own == {"game", "mygames", "next", "note", "vacation", "ratings", "profile"} and not own & orders
    leagues = {c.name for c in harness.bot.get_cog("LeagueCog").get_app_commands()}
    assert leagues == {"league"} and not leagues & orders
    assert {c["name"] for c in harness.fake.synced_commands()} == orders | own | leagues
    assert not [n for n in vars(EstafetteCog) if n.replace("_", "-") in orders]  # none written out


async def test_napoleons_order_commands_keep_their_options_and_send_the_orders_as_written(harness):
    """Napoleon's own orders (made from engine/napoleon/module.py's ORDERS): the options required,
    autocompleted and renamed as before, and each sends its name and options, which its parser reads into
    the order the text read before and says again (engine/napoleon/orders.py), ``/orders list:`` in quotes."""
    from engine.napoleon.orders import GRAMMAR
    from engine.text import parse_command

    h = harness
    synced = {c["name"]: {o["name"]: o for o in c.get("options", [])} for c in h.fake.synced_commands()}

    def flags(name: str) -> dict[str, tuple[bool, bool]]:
        return {n: (bool(o.get("required")), bool(o.get("autocomplete"))) for n, o in synced[name].items()}

    assert synced["undo"] == {}
    assert flags("setup") == {"auto": (False, False), "units": (False, True), "town": (False, True)}  # 3.1
    no, battle, column = (False, False), (False, True), (True, False)
    # 6.2: the columns written out (or made with the DM's buttons), only the battle offered
    deploy = {"left": column, "center": column, "right": column, "reserve": no, "battle": battle}
    assert flags("deploy") == deploy
    assert flags("battle-move") == {"unit": (True, True), "to": (True, True), "battle": battle}
    assert flags("square") == flags("unsquare") == {"unit": (True, True), "battle": battle}
    assert flags("reinforce") == {"units": (True, True), "from": (True, True), "battle": battle}  # 9.0
    assert flags("orders") == {"list": (True, False), "battle": no}
    sent: list = []

    async def order(interaction, given) -> None:
        sent.append(given)
        await interaction.response.send_message("ok", ephemeral=True)

    h.bot.get_cog("EstafetteCog").order = order
    columns = {"left": "A", "center": "B", "right": "C"}
    given = [
        ("undo", {}, "/undo"),
        ("setup", {"auto": True}, "/setup auto:yes"),
        ("setup", {"units": "FR-1,FR-2", "town": "Ligny"}, "/setup units:FR-1,FR-2 town:Ligny"),
        ("deploy", columns, "/deploy left:A center:B right:C"),
        (
            "deploy",
            {**columns, "reserve": "D,E", "battle": "Ligny"},
            "/deploy left:A center:B right:C reserve:D,E battle:Ligny",
        ),
        ("battle-move", {"unit": "FR-1", "to": "left"}, "/battle-move unit:FR-1 to:left"),
        ("square", {"unit": "FR-1", "battle": "Ligny"}, "/square unit:FR-1 battle:Ligny"),
        ("unsquare", {"unit": "FR-1"}, "/unsquare unit:FR-1"),
        (
            "reinforce",
            {"units": "FR-1", "from": "Fleurus", "battle": "Ligny"},
            "/reinforce units:FR-1 from:Fleurus battle:Ligny",
        ),
        (
            "orders",
            {"list": "fire A; /battle-move unit:B to:left; end"},
            '/orders list:"fire A; /battle-move unit:B to:left; end"',
        ),
        ("orders", {"list": "fire A", "battle": "Ligny"}, '/orders list:"fire A" battle:Ligny'),
    ]
    for name, options, _text in given:
        await h.feed(h.slash(name, options, user="alice", channel="game-1"))
    # sent as the order's name and typed options (the game's parser reads them, no line of text between),
    # the options in the order kind's order: the order and its logged line are those the text gave
    assert [(c.name, list(c.options.items())) for c in sent] == [
        (parse_command(text).name, list(parse_command(text).options.items())) for _n, _o, text in given
    ]
    for command, (_name, _options, text) in zip(sent, given, strict=True):
        assert command.text() == parse_command(text).text()  # the game's log line (Game.apply)
        assert GRAMMAR.read(command) == GRAMMAR.read(parse_command(text))
        assert GRAMMAR.read(command).text() == text


async def test_start_posts_the_public_map_and_dms_private_maps(harness):
    h = harness
    d = await new_game(h)
    assert not d.reply.ephemeral
    posts = h.fake.messages_in(chan(h, "game-1"))
    assert any(p["attachments"] for p in posts), "the public map is posted"
    alice, bob = h.world.user("alice"), h.world.user("bob")
    assert h.fake.dms_to(alice) and h.fake.dms_to(bob)
    assert any(f"<@{alice.id}>" in (p.get("content") or "") for p in posts), "the player to act is pinged"


async def test_an_order_its_rule_error_and_the_wrong_player(harness):
    h = harness
    await new_game(h)
    ok = await h.feed(
        h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    )
    assert ok.reply.ephemeral and ok.reply.content.startswith("Done")
    bad = await h.feed(
        h.slash(
            "move",
            {"units": "FR-2", "path": "Solre-sur-Sambre>Thuin>Marchienne"},
            user="alice",
            channel="game-1",
        )
    )
    assert bad.reply.ephemeral and "5.2" in bad.reply.content
    wrong = await h.feed(h.slash("end", user="bob", channel="game-1"))
    assert wrong.reply.ephemeral and "4.0" in wrong.reply.content
    spect = await h.feed(h.slash("end", user="dave", channel="game-1"))
    assert spect.reply.ephemeral and "no seat" in spect.reply.content


async def test_autocomplete_offers_only_legal_units_and_paths(harness):
    h = harness
    await new_game(h)
    d = await h.feed(
        h.autocomplete("move", {"units": "FR-1"}, focused="units", user="alice", channel="game-1")
    )
    values = [c["value"] for c in h.fake.autocomplete_choices(d.interaction_id)]
    assert values and all(v.startswith("FR-1") for v in values) and len(values) <= 25
    d = await h.feed(
        h.autocomplete("move", {"units": "FR-1", "path": ""}, focused="path", user="alice", channel="game-1")
    )
    paths = [c["value"] for c in h.fake.autocomplete_choices(d.interaction_id)]
    assert paths and all(p.startswith("Solre-sur-Sambre>") for p in paths)
    d = await h.feed(h.autocomplete("move", {"units": ""}, focused="units", user="bob", channel="game-1"))
    assert h.fake.autocomplete_choices(d.interaction_id) == []  # not Bob's turn: nothing is legal


async def test_a_duplicated_interaction_is_applied_once(harness):
    h = harness
    await new_game(h)
    p = h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    await h.feed(p)
    again = await h.feed(h.duplicate(p))
    assert again.reply.content.startswith("Done")
    live = next(iter(h.bot.service.live.values()))
    assert live.row.version == 1


async def test_two_players_in_two_games_at_once(harness):
    h = harness
    await new_game(h, channel="game-1")
    await h.feed(h.slash("game new", {"setup": "historical"}, user="carol", channel="game-2"))
    await h.feed(h.slash("game join", {"role": "french"}, user="carol", channel="game-2"))
    await h.feed(h.slash("game join", {"role": "allied"}, user="dave", channel="game-2"))
    await h.feed(h.slash("game start", user="carol", channel="game-2"))
    a, b = await h.feed_concurrently(
        h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1"),
        h.slash("move", {"units": "FR-2", "path": "Solre-sur-Sambre>Thuin"}, user="carol", channel="game-2"),
    )
    assert a.reply.content.startswith("Done") and b.reply.content.startswith("Done")


async def test_closed_dms_get_a_notice_without_secrets_and_ephemeral_replies(harness):
    h = harness
    h.fake.close_dms(h.world.user("bob"))
    await new_game(h)
    notices = [
        m for m in h.fake.messages_in(chan(h, "game-1")) if "DMs are closed" in (m.get("content") or "")
    ]
    assert len(notices) == 1 and "PR-" not in notices[0]["content"] and "BR-" not in notices[0]["content"]
    d = await h.feed(h.slash("game status", user="bob", channel="game-1"))
    private = [r for r in d.replies if r.ephemeral and r.attachments]
    assert len(private) >= 2  # the status map, then the private map that could not be DMed


async def test_restart_in_mid_game_keeps_playing(harness):
    h = harness
    await new_game(h)
    await h.feed(
        h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    )
    await h.restart()
    d = await h.feed(h.slash("end", user="alice", channel="game-1"))
    assert d.reply.content.startswith("Done")
    d = await h.feed(h.slash("game status", user="bob", channel="game-1"))
    assert "Turn 2" in d.reply.content


async def test_spectator_channel_gets_public_posts(harness):
    h = harness
    await new_game(h)
    await h.feed(h.slash("game spectate", {"channel": chan(h, "spectators")}, user="alice", channel="game-1"))
    await h.feed(
        h.slash("move", {"units": "FR-1", "path": "Solre-sur-Sambre>Thuin"}, user="alice", channel="game-1")
    )
    posts = h.fake.messages_in(chan(h, "spectators"))
    assert posts and all("FR-1" not in (p.get("content") or "") for p in posts)


async def test_admin_commands_are_refused_to_others(harness):
    h = harness
    await h.feed(h.slash("game new", {"setup": "historical"}, user="bob", channel="game-1"))
    d = await h.feed(h.slash("game abort", user="carol", channel="game-1"))
    assert d.reply.ephemeral and "host" in d.reply.content
    d = await h.feed(h.slash("game abort", user="alice", channel="game-1"))  # alice is a Manager
    assert "aborted" in d.reply.content


BATTLE_SCRIPT = b"""@options setup=historical players=2 ruleset=3.4
@seed 5
@place PR-1 Thuin
@place PR-2 Thuin
@place PR-3 Thuin
"""


def components_of(message: dict) -> list[dict]:
    out = []
    for row in message.get("components", []):
        out += row.get("components", [])
    return out


async def test_a_battle_deployed_by_dm_components_fought_routed_and_the_turn_ended(harness):
    h = harness
    # the defender deploys first, in secret, with the DM prompt's select and buttons (6.2)
    bob, prompt = await _battle_until_bob_deploys(h, "FR-1,FR-2,FR-3,FR-6")
    select = next(c for c in components_of(prompt) if c["custom_id"].startswith("est:s:"))
    assert {o["value"] for o in select["options"]} == {"PR-1", "PR-2", "PR-3"}
    buttons = {c["label"]: c["custom_id"] for c in components_of(prompt) if c.get("type") == 2}
    for unit, column in (("PR-1", "→ Left"), ("PR-2", "→ Center"), ("PR-3", "→ Right")):
        await h.feed(h.select(select["custom_id"], [unit], message=prompt, user=bob))
        d = await h.feed(h.click(buttons[column], message=prompt, user=bob))
        assert d.reply.type == 7  # the prompt is edited in place
    d = await h.feed(h.click(buttons["Confirm"], message=prompt, user=bob))
    assert d.reply.content.startswith("Done"), d.reply.content
    # the same prompt is now stale: a clear answer, nothing changed
    d = await h.feed(h.click(buttons["→ Left"], message=prompt, user=bob))
    assert d.reply.ephemeral and "out of date" in d.reply.content

    # the attacker deploys with the text form, then fires at long range with its artillery (8.3)
    d = await h.feed(
        h.slash(
            "deploy", {"left": "FR-1,FR-6", "center": "FR-2", "right": "FR-3"}, user="alice", channel="game-1"
        )
    )
    assert d.reply.content.startswith("Done"), d.reply.content
    d = await h.feed(h.slash("fire", {"unit": "FR-6"}, user="alice", channel="game-1"))
    assert d.reply.content.startswith("Done") and "dice" in d.reply.content, d.reply.content
    await h.feed(h.slash("end", user="alice", channel="game-1"))
    # the defender's battle turn: a retreat that empties a column routs the side (7.5)
    d = await h.feed(h.slash("retreat", {"units": "PR-1", "to": "Binche"}, user="bob", channel="game-1"))
    assert d.reply.content.startswith("Done"), d.reply.content
    game = current(h)
    assert all(game.state.units[u].location != "Thuin" for u in ("PR-1", "PR-2", "PR-3"))
    # the victor may regroup; ending it ends the battle phase and the French campaign turn
    if game.state.phase == "battle":
        d = await h.feed(h.slash("end", user="alice", channel="game-1"))
        assert d.reply.content.startswith("Done"), d.reply.content
    game = current(h)
    assert game.state.turn == 2 and game.active() == ["allied"]
    pngs = [u for u in h.fake.uploads() if u.is_png]
    assert pngs, "pictures were uploaded"
    names = {u.filename for u in h.fake.uploads()}
    assert any(n.startswith("battle-") and n.endswith("-public.png") for n in names), (
        "the battle board is posted"
    )
    assert any(n.startswith("battle-") and n.endswith("-allied.png") for n in names), "and DMed to the allies"
    public = " ".join(m.get("content") or "" for m in h.fake.messages_in(chan(h, "game-1")))
    assert "have deployed:" not in public, "no secret deployment in the public channel"
    assert "PR-1 placed" not in public, "placed blocks are anonymous to the other side"


async def _battle_until_bob_deploys(h, attackers: str = "FR-1,FR-2,FR-3"):
    """A game imported from BATTLE_SCRIPT, started, and the French attack on Thuin: returns Bob (the Allied
    player) and his deployment prompt (a DM with the select and the buttons, 6.2)."""
    from support.discord_fake import Upload

    await h.feed(h.slash("game new", {"setup": "historical"}, user="alice", channel="game-1"))
    d = await h.feed(
        h.slash("game import", {"script": Upload("club.txt", BATTLE_SCRIPT)}, user="alice", channel="game-1")
    )
    assert "Imported" in d.reply.content
    await h.feed(h.slash("game join", {"role": "french"}, user="alice", channel="game-1"))
    await h.feed(h.slash("game join", {"role": "allied"}, user="bob", channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    await h.feed(
        h.slash(
            "move",
            {"units": attackers, "path": "Solre-sur-Sambre>Thuin"},
            user="alice",
            channel="game-1",
        )
    )
    await h.feed(h.slash("end", user="alice", channel="game-1"))
    bob = h.world.user("bob")
    prompts = [
        m
        for m in h.fake.dms_to(bob)
        if any(c.get("custom_id", "").startswith("est:s:") for c in components_of(m))
    ]
    assert prompts, "Bob gets a deployment prompt by DM"
    return bob, prompts[-1]


async def test_deployment_buttons_still_work_after_a_restart(harness):
    h = harness
    bob, prompt = await _battle_until_bob_deploys(h)
    select = next(c for c in components_of(prompt) if c["custom_id"].startswith("est:s:"))
    buttons = {c["label"]: c["custom_id"] for c in components_of(prompt) if c.get("type") == 2}
    await h.feed(h.select(select["custom_id"], ["PR-1"], message=prompt, user=bob))
    await h.feed(h.click(buttons["→ Left"], message=prompt, user=bob))
    await h.restart()  # a new bot process, same database: the draft and the prompt survive
    for unit, column in (("PR-2", "→ Center"), ("PR-3", "→ Right")):
        await h.feed(h.select(select["custom_id"], [unit], message=prompt, user=bob))
        d = await h.feed(h.click(buttons[column], message=prompt, user=bob))
        assert d.reply.type == 7, d.reply
    d = await h.feed(h.click(buttons["Confirm"], message=prompt, user=bob))
    assert d.reply.content.startswith("Done"), d.reply.content
    assert current(h).active() == ["french"]  # the attacker deploys next (6.2)


async def test_confirming_an_incomplete_deployment_says_what_is_missing(harness):
    h = harness
    bob, prompt = await _battle_until_bob_deploys(h)
    buttons = {c["label"]: c["custom_id"] for c in components_of(prompt) if c.get("type") == 2}
    d = await h.feed(h.click(buttons["Confirm"], message=prompt, user=bob))
    assert d.reply.ephemeral and "still to place" in d.reply.content
    alice = h.world.user("alice")
    d = await h.feed(h.click(buttons["Confirm"], message=prompt, user=alice))  # not her deployment
    assert d.reply.ephemeral and ("out of date" in d.reply.content or "no seat" in d.reply.content)


async def test_three_player_allied_thread_is_created_open_and_locked_by_the_rules(harness):
    h = harness
    await h.feed(h.slash("game new", {"setup": "free", "players": 3}, user="alice", channel="game-1"))
    for user, role in (("alice", "french"), ("bob", "british"), ("carol", "prussian")):
        await h.feed(h.slash("game join", {"role": role}, user=user, channel="game-1"))
    await h.feed(h.slash("game start", user="alice", channel="game-1"))
    threads = h.fake.threads()
    assert len(threads) == 1 and threads[0]["type"] == 12  # a private thread, open during deployment (13.1)
    members = h.fake.thread_members.get(int(threads[0]["id"]), set())
    assert {h.world.user("bob").id, h.world.user("carol").id} <= set(members)
    assert h.world.user("alice").id not in members
    # deploy both allied armies and the French: the first campaign turn is French, by day: locked
    for role in ("british", "prussian", "french"):
        user = {"british": "bob", "prussian": "carol", "french": "alice"}[role]
        while role in current(h).active():
            lg = current(h).legal(role)
            order = "/end" if "/end" in lg.choices else lg.choices[0].text()
            cmd = order.split()
            opts = dict(o.split(":", 1) for o in cmd[1:])
            await h.feed(h.slash(cmd[0][1:], opts, user=user, channel="game-1"))
    assert current(h).state.phase == "movement"
    edits = h.fake.thread_edits(int(threads[0]["id"]))
    assert edits and edits[-1].get("locked") is True
