"""The real command tree, as Discord receives it when the bot syncs (every registered game's order commands
and the cog's own): a command several games share carries no static ``choices`` on any option — Discord
would show one game's values in every game's channel — each game's values come by autocomplete for the
channel's game; and a list the cog's own commands carry is the platform's, the same for every game (never a
game's options, seats or order values). Through the fake Discord: Eagles' ``/charge then:`` (10.8) offers
``continue`` and ``return`` in an Eagles channel, nothing in another game's."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine import modules

# the lists of the cog's own commands, each the same in every channel: a game's (its id), a deadline's
# action, a pace, a language, an export's format, a league's rounds
PLATFORM_LISTS = {
    ("league new", "rounds"),
    ("game new", "game"),
    ("game new", "deadline_action"),
    ("game new", "pace"),
    ("game new", "language"),
    ("game export", "format"),
}


def options_of(command: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Each option of a synced command and of its subcommands, with the command's full name."""
    name = f"{path} {command['name']}".strip()
    for o in command.get("options", ()):
        if o["type"] in (1, 2):  # a subcommand or a group of them
            yield from options_of(o, name)
        else:
            yield name, o


def games_of_orders() -> dict[str, set[str]]:
    """Each order name of the registered games: the games that have it."""
    games: dict[str, set[str]] = {}
    for module in modules.modules():
        for kind in module.orders:
            games.setdefault(kind.name, set()).add(module.id)
    return games


def game_values() -> set[str]:
    """Every value a game lists or names: its options' listed values, its order options' listed values, its
    seats and its options' names."""
    out: set[str] = set()
    for m in modules.modules():
        out |= {str(c) for o in m.options for c in o.choices} | {o.name for o in m.options}
        out |= {str(c) for k in m.orders for o in k.options for c in o.choices}
        out |= set(m.seats) | set(m.roles(m.make_options({})))
    return out


async def synced(harness) -> list[dict[str, Any]]:
    await harness.bot.tree.sync()
    return harness.fake.synced_commands()


async def test_no_option_of_a_command_two_games_share_carries_static_choices(harness):
    payload = {c["name"]: c for c in await synced(harness)}
    shared = {name: games for name, games in games_of_orders().items() if len(games) > 1 and name in payload}
    assert {"move", "fire", "end", "retreat"} <= set(shared)  # the real games do share commands
    listed = [
        (name, o["name"], shared[name])
        for name in shared
        for _c, o in options_of(payload[name])
        if o.get("choices")
    ]
    assert listed == []
    fire = {o["name"]: o for _c, o in options_of(payload["fire"])}
    assert fire["target"].get("autocomplete") is True  # 8.4's line/square: by autocomplete, for the game


async def test_the_cogs_own_lists_are_the_platforms_never_a_games(harness):
    """Every static list in the tree is one of the cog's own, the same for every channel; none of its values
    is one a game lists or names (its options' values, its seats), which a game's channel of another game
    would be offered."""
    orders = games_of_orders()
    lists = {
        (name, o["name"]): [c["value"] for c in o["choices"]]
        for command in await synced(harness)
        for name, o in options_of(command)
        if o.get("choices")
    }
    assert not {name for name, _o in lists} & set(orders)  # no order command has a list
    assert set(lists) == PLATFORM_LISTS, sorted(set(lists) ^ PLATFORM_LISTS)
    values = game_values()
    per_game = {k: [v for v in vs if v in values] for k, vs in lists.items() if k != ("game new", "game")}
    assert per_game == {k: [] for k in per_game}
    assert lists[("game new", "game")] == [m.id for m in modules.modules()]  # the games themselves


async def test_eagles_charge_then_values_come_by_autocomplete_in_an_eagles_channel_only(harness):
    """10.8: after a grand charge's success, continue or return; offered where the channel's game has it."""
    h = harness
    payload = {c["name"]: c for c in await synced(h)}
    then = {o["name"]: o for _c, o in options_of(payload["charge"])}["then"]
    assert then.get("autocomplete") is True and not then.get("choices")
    for game, channel in (("eagles", "game-1"), ("napoleon", "game-2")):
        await h.feed(h.slash("game new", {"game": game}, user="alice", channel=channel))
        await h.feed(h.slash("game join", {}, user="alice", channel=channel))
        await h.feed(h.slash("game join", {}, user="bob", channel=channel))
        await h.feed(h.slash("game start", user="alice", channel=channel))

    async def offered(channel: str, typed: str = "") -> list[str]:
        ask = h.autocomplete("charge", {"then": typed}, focused="then", user="alice", channel=channel)
        await h.feed(ask)
        return [c["value"] for c in h.fake.autocomplete_choices(ask["id"])]

    assert await offered("game-1") == ["continue", "return"]
    assert await offered("game-1", "re") == ["return"]
    assert await offered("game-2") == []  # Napoleon has no /charge
    assert await offered("spectators") == []  # no game in the channel
