"""Every registered game module says the result of a game it ends: ``Module.placings`` gives every seat one
place, agreeing with the winner the game itself names and with ``Module.outcome``, at the end of the rules,
at a forfeit and at a resignation (a whole side giving up). The ratings, the leagues and the profiles read a
finished game's result only from there (``bot/service/core.py`` ``result_of``); a test module that once
never named its winner made a won league game count as a draw, unseen.

Each game is brought to its end quickly by a script made as it is played: each seat gives its shortest legal
order (an ``/end``, a ``/done``), so the game runs down its clock with few orders. Through the service the
same script is imported and the last orders given by the seated players, so the end the platform meets is
the one it meets in play. A module whose finished game places nobody is the module's fault: the game still
ends, unrated, its channel is told its result is unknown and the log names the module (a league counts it as
a draw, ``test_league_no_result.py``)."""

from __future__ import annotations

import functools
import logging
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest
from support.games import ambush as ambush_game
from support.games import dash as dash_game
from support.games import ridge as ridge_game

from bot.i18n import t
from bot.outbox import Post, message_from
from bot.pictures import NoPictures
from bot.service import Caller, Service
from bot.service.core import unplaced
from engine import RuleError, modules
from engine.module import AnyModule, GameObject

TOYS = (dash_game.MODULE, ambush_game.MODULE, ridge_game.MODULE)
# every module the registry holds in play and in the tests; a side of two roles too (13.1: the three-player
# game, the British and the Prussians one side)
CASES = [
    *[(mid, {}) for mid in modules.BUILT_IN],
    ("napoleon", {"players": 3}),
    *[(m.id, {}) for m in TOYS],
]
CAP = 2000  # orders: a game brought to its end by its shortest orders ends long before
GUILD, CH = 9, 100


@pytest.fixture
def registry() -> Iterator[None]:
    """The tests' toy modules registered beside the built-in ones, as the tests that play them do."""
    for m in TOYS:
        modules.register(m)
    yield
    for m in TOYS:
        modules.unregister(m.id)


def _shortest(game: GameObject, role: str) -> str:
    choices = sorted((str(c) for c in game.legal(role).choices), key=lambda c: (len(c), c))
    assert choices, (role, "no legal order while asked to act")
    return choices[0]


def quick_end(module: AnyModule, values: Mapping[str, Any], seed: int = 1) -> GameObject:
    """A game of ``module`` played to its end by its shortest legal orders (a seat gives its last order
    again while the rules take it: fewer questions of ``legal``)."""
    game = module.new_game(module.make_options(values), seed)
    last: dict[str, str] = {}
    for _ in range(CAP):
        if game.over:
            return game
        role = game.active()[0]
        again = last.get(role)
        if again is not None:
            work = module.copy(game)
            try:
                work.apply(role, again)
            except RuleError:
                pass
            else:
                game = work
                continue
        last[role] = _shortest(game, role)
        game.apply(role, last[role])
    raise AssertionError(f"{module.id}: not over after {CAP} orders of its shortest")


@functools.cache
def ended(mid: str, values: tuple[tuple[str, Any], ...] = ()) -> GameObject:
    """``quick_end`` of a registered module, once for every test that reads it (it is not changed)."""
    return quick_end(modules.get(mid), dict(values))


def said_winner(module: AnyModule, game: GameObject) -> str | None:
    """The winner as the game itself names it (a side or a role, or "draw"): the module's fuzzer's reading,
    the game's ``result()``, its public view's ``winner``, or the game's ``winner``; None if it names none."""
    if module.fuzzing.result is not None:
        return module.fuzzing.result(game)[0] or None
    result = getattr(game, "result", None)
    if callable(result) and isinstance(got := result(), Mapping) and got.get("winner"):
        return str(got["winner"])
    for holder in (game.view("public", events=False), game):
        winner = getattr(holder, "winner", None)
        winner = winner() if callable(winner) else winner
        if isinstance(winner, str) and winner:
            return winner
    return None


def side_of(module: AnyModule, game: GameObject, side: str) -> set[str]:
    """The roles of a side the game names (a role is its own side)."""
    if module.fuzzing.side_roles is not None:
        roles = module.fuzzing.side_roles(game.options, side)
        if roles:
            return set(roles)
    return {side}


def assert_every_seat_placed(
    module: AnyModule, game: GameObject, placings: Sequence[tuple[int, Sequence[str]]]
) -> None:
    roles = list(module.roles(game.options))
    placed = [r for _p, rs in placings for r in rs]
    assert sorted(placed) == sorted(roles), (module.id, placings)  # every seat, once
    assert all(isinstance(p, int) and p >= 1 for p, _rs in placings), placings
    assert min(p for p, _rs in placings) == 1, placings  # somebody is first
    assert unplaced(module, game, placings) == []  # the service's own check agrees


@pytest.mark.parametrize(("mid", "values"), CASES, ids=[f"{m}{'-' + str(v) if v else ''}" for m, v in CASES])
def test_every_module_places_every_seat_when_its_game_ends(registry, mid, values):
    module = modules.get(mid)
    fresh = module.new_game(module.make_options(values), 1)
    assert module.placings(fresh) == [] and module.outcome(fresh) == ""  # not over: no result, no outcome
    game = ended(mid, tuple(sorted(values.items())))
    placings = module.placings(game)
    assert_every_seat_placed(module, game, placings)
    first = {r for p, rs in placings if p == 1 for r in rs}
    winner = said_winner(module, game)
    assert winner is not None, f"{mid}: the game names no winner once over"
    if winner == "draw":
        assert all(p == 1 for p, _rs in placings), placings
    else:
        assert first == side_of(module, game, winner), (winner, placings)
        assert all(p > 1 for p, rs in placings if not set(rs) & first), placings
    if mid in modules.BUILT_IN:  # a game played in a club says why it ended (the channel's game-over line)
        assert module.outcome(game).strip(), f"{mid}: over with no outcome said"
        for lang in ("en", "ja"):  # in the channel's language, never a catalog's key
            said = t("svc.game_over_ping", lang, reason=module.outcome(game))
            assert f"{mid}." not in said, said


def test_the_cases_cover_every_registered_module(registry):
    assert {m.id for m in modules.modules()} <= {mid for mid, _v in CASES}


@pytest.mark.parametrize(("mid", "values"), CASES, ids=[f"{m}{'-' + str(v) if v else ''}" for m, v in CASES])
def test_a_forfeit_or_a_resignation_places_the_side_that_gave_up_last(registry, mid, values):
    """A seat's forfeit (a timeout voted away, a league drop) and a whole side resigning, at any moment of
    the game: its side last, every other side first, every seat placed."""
    module = modules.get(mid)
    game = module.new_game(module.make_options(values), 1)
    for role in module.roles(game.options):
        forfeit = module.placings(game, [role])
        assert_every_seat_placed(module, game, forfeit)
        side = next(set(rs) for _p, rs in forfeit if role in rs)
        lost = next(p for p, rs in forfeit if role in rs)
        assert lost > 1 and all(p == 1 for p, rs in forfeit if not set(rs) & side), (role, forfeit)
        assert module.placings(game, sorted(side)) == forfeit  # the whole side resigning: the same result


# --- through the service: the result stored where the platform meets the module's end -----------------------


def who(user: int) -> Caller:
    return Caller(user_id=user, channel_id=CH, guild_id=GUILD)


async def play_out(svc: Service, module: AnyModule, script: str, users: Mapping[str, int], tail: int) -> Any:
    """A lobby of ``module`` whose seats ``users`` take, the game imported from ``script`` but for its last
    ``tail`` orders, started, and played on to its end by each seated player's shortest legal order."""
    lines = script.splitlines()
    await svc.new_game(who(1), game=module.id)
    await svc.import_script(who(1), "\n".join(lines[: len(lines) - tail]))
    for role, user in users.items():
        await svc.join(who(user), role)
    await svc.start(who(1))
    for _ in range(CAP):
        live = await svc.current(CH, finished=True)
        if live.game.over:
            return live
        role = live.game.active()[0]
        done = await svc.order(who(users[role]), _shortest(live.game, role), role=role)
        assert done.reply.text.startswith("Done"), done.reply.text
    raise AssertionError(f"{module.id}: not over through the service")


@pytest.mark.parametrize("mid", [*modules.BUILT_IN, *(m.id for m in TOYS)])
async def test_a_game_ended_through_the_service_stores_every_seats_place(registry, mid, new_store):
    module = modules.get(mid)
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 1)
    script = ended(mid).script()
    users = {r: 10 + i for i, r in enumerate(module.roles(module.make_options({})))}
    live = await play_out(svc, module, script, users, tail=3)
    [result] = await store.results(GUILD, mid)
    assert result.rated and result.why == "" and result.how == "end"
    assert [(p, tuple(rs)) for p, rs in module.placings(live.game)] == list(result.placings)
    assert_every_seat_placed(module, live.game, result.placings)
    ends = [p.text for p in await outbox_posts(store) if p.result]
    said = bool(module.outcome(live.game))  # every built-in game's (above); a toy may keep the default ""
    assert len(ends) == 1 and ("**Game over**" in ends[0]) == said, ends
    await svc.idle()


# --- a module that places nobody: its fault, said -----------------------------------------------------------


class Silent(type(dash_game.MODULE)):  # type: ignore[misc]
    """Dash whose finished games place nobody (a module's mistake: ``placings`` says no result)."""

    id = "silent"

    def placings(self, game, forfeits=()):
        return super().placings(game, forfeits) if forfeits else []


async def outbox_posts(store) -> list[Post]:
    """The channel posts stored for delivery (the durable outbox), in the order they were written."""
    rows = await store.outbox_pending(kind="post", target=CH)
    return [message_from(r.kind, r.target, r.body, r.game_id) for r in rows]


@pytest.fixture
def silent() -> Iterator[AnyModule]:
    module = modules.register(Silent())
    yield module
    modules.unregister("silent")


async def test_a_finished_game_its_module_places_nobody_ends_unrated_said_in_its_channel_and_logged(
    silent, new_store, caplog
):
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 7)
    await svc.new_game(who(1), "length=3", game="silent")
    await svc.join(who(2), "red")
    await svc.join(who(3), "blue")
    await svc.start(who(1))
    await svc.order(who(2), "/run steps:2")
    await svc.order(who(3), "/run steps:1")
    with caplog.at_level(logging.ERROR, "estafette.service"):
        last = await svc.order(who(2), "/run steps:1")  # D4: red reaches the last square and wins
    live = await svc.current(CH, finished=True)
    assert live.game.over and live.row.status == "over"  # the game still ends
    assert last.reply.text.startswith("Done")
    posts = [m.text for m in await outbox_posts(store)]
    assert any("result is unknown" in p and "red, blue" in p and "not rated" in p for p in posts), posts
    [result] = await store.results(GUILD, "silent")
    assert not result.rated and result.why == "no_result" and result.placings == ()
    [record] = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert "module 'silent' ended it (over)" in record.getMessage()
    assert "no single place for red, blue" in record.getMessage()
    await svc.idle()


async def test_a_forfeit_in_a_game_its_module_places_nobody_at_the_end_is_still_its_result(silent, new_store):
    """A forfeit is placed by the platform's default reading (the forfeiting side last): no fault said."""
    store = await new_store()
    svc = Service(store, pictures=NoPictures(), seed_source=lambda: 7)
    await svc.new_game(who(1), "length=6", game="silent")
    await svc.join(who(2), "red")
    await svc.join(who(3), "blue")
    await svc.start(who(1))
    live = await svc.current(CH)

    async def give_up(ch):
        ch.forfeit(["blue"])

    await svc.games.change(live.row.id, give_up)
    [result] = await store.results(GUILD, "silent")
    assert result.rated and result.how == "forfeit" and result.placings == ((1, ("red",)), (2, ("blue",)))
    await svc.idle()
