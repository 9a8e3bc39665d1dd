"""Places and seats as a player reads them, wherever the platform shows them: a refusal naming Liberty's
Atlantic box (1.6) says "the Atlantic box", the pinned status names the battle's town (7.1) by the game's
own words (``Module.place_said``), Liberty's ready orders write a town's hex as the town's name (an order
names a place by either), and a lobby's seat lists say each seat's name with the id to pick."""

from __future__ import annotations

import random
import re

import pytest
from support.liberty import actions, empty, put

from ai.registry import new_player
from bot.i18n import localize_error
from bot.narrate import TEXT
from bot.pictures import NoPictures
from bot.service import Caller, Service
from bot.service.broadcast import status_board
from engine import modules
from engine.errors import RuleError
from engine.liberty.module import with_names
from engine.messages import rule_error

HEX = re.compile(r"(?<![\w.])\d\d\.\d\d(?![\w.])")
HOST, ALICE = 1, 2


def refusal(game, role: str, order: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        game.apply(role, order)
    return caught.value


def test_a_refusal_names_the_atlantic_box_in_both_languages():
    """5.7: blocks in the Atlantic box move by sea; the refusal says where they are as the map names it."""
    g = empty()
    put(g, "BR-2", "Atlantic")
    actions(g, "british", 3)
    err = refusal(g, "british", "/move units:BR-2 path:Atlantic>21.08")
    assert err.rule == "5.7"
    assert localize_error(err, "en") == "5.7: blocks in the Atlantic box move by sea (/sea)"
    ja = localize_error(err, "ja")
    assert "大西洋ボックス" in ja and "Atlantic" not in ja


def test_a_list_of_places_in_a_refusal_says_the_box_and_the_towns_by_name():
    """11.4: the places where a side chooses who goes, said as the map names them."""
    err = rule_error("11.4", "liberty.attrition.place", places=["Atlantic", "Boston (21.08)"])
    assert "the Atlantic box, Boston (21.08)" in localize_error(err, "en")
    assert "大西洋ボックス" in localize_error(err, "ja")


def _battle_game():
    """A seeded Liberty game of bot players, stopped while a battle is being fought (7.1)."""
    m = modules.get("liberty")
    game = m.new_game(m.parse_options(""), 3)
    player = new_player(m.id)
    rng = random.Random(3)
    for _ in range(3000):
        if game.state.battle is not None:
            return m, game
        role = game.active()[0]
        game.apply(role, player.choose(game.view(role), game.legal(role), rng))
    raise AssertionError("no battle in 3000 orders")


@pytest.fixture
async def svc(new_store):
    store = await new_store()
    service = Service(store, pictures=NoPictures(), seed_source=lambda: 42)
    yield service
    await service.idle()


async def test_the_pinned_status_names_the_battles_town(svc):
    """The status board's battles line (7.1: the battle being fought) says the place as the game does: a
    town by its name, a hex without one as "hex 12.05", never a bare hex number."""
    await svc.new_game(Caller(HOST, 100), "", game="liberty")
    row = (await svc.current(100)).row
    m, game = _battle_game()
    at = game.state.battle.hex
    for lang, said in (("en", m.place_said(at, "en")), ("ja", m.place_said(at, "ja"))):
        text = status_board(row, game, 1, lang).text
        line = next(x for x in text.splitlines() if said in x and (x.startswith("Battles") or "会戦" in x))
        assert not HEX.search(line.replace(f"ヘクス {at}", "").replace(f"hex {at}", "")), line
    assert m.place_said(at, "en") != at
    assert modules.get("napoleon").place_said("Ligny", "ja") == "Ligny"  # its towns are their names


def test_ready_orders_write_a_towns_hex_as_its_name_and_mean_the_same():
    """The prompt's examples name a town where its hex holds one (``path:Boston>21.07``); each is the order
    the engine accepts, with the same result as the hex ids."""
    m = modules.get("liberty")
    game = m.new_game(m.parse_options(""), 7)
    for _ in range(400):
        role = game.active()[0]
        lg = game.legal(role)
        shown = [c.text() for c in lg.choices[:3]]
        if [with_names(x) for x in shown] != shown:
            break
        game.apply(role, lg.choices[-1])
    else:
        raise AssertionError("no ready order through a town")
    prompt = m.prompt(game, role, "en", TEXT)
    examples = re.findall(r"`([^`]*)`", prompt)
    assert examples and any("Boston" in x for x in examples), prompt
    assert not any(game.ctx.lib.town_at(h) for x in examples for h in HEX.findall(x)), examples
    assert "Boston" in m.prompt(game, role, "ja", TEXT)
    for named, choice in zip(examples, lg.choices[:3], strict=True):
        by_name, by_hex = m.copy(game), m.copy(game)
        by_name.apply(role, named)
        by_hex.apply(role, choice.text())
        assert by_name.view("public").to_dict() == by_hex.view("public").to_dict(), named


async def test_lobby_seat_lists_say_each_seats_name_with_the_id_to_pick(svc):
    made = await svc.new_game(Caller(HOST, 100), "", game="liberty")
    assert "Seats: British (`british`), American (`american`)." in made.reply.text
    joined = await svc.join(Caller(ALICE, 100), "british")
    assert "Still free: American (`american`)." in joined.reply.text
    status = await svc.status(Caller(ALICE, 100))
    assert (
        "British (`british`): <@2>" in status.reply.text
        and "American (`american`): free" in status.reply.text
    )
    ja = await svc.new_game(Caller(HOST, 200, locale="ja"), "", game="liberty")
    assert (
        "席はイギリス軍、アメリカ軍です" in ja.reply.text
    )  # Japanese names the seats (tests/platform/test_japanese.py)
