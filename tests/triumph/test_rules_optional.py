"""The optional rules (17 game balance: the morale auction, as a sealed bid; 18 the Santon), each an option of
``/game new``, off by default; the readings of ours are in ``docs/rulings.md`` ("Napoleon's Triumph — 17 …",
"— 18 …")."""

from __future__ import annotations

from typing import Any

import pytest
from support.rules import last, refused
from support.seated import seated

from engine.errors import RuleError
from engine.module import SealedChoice
from engine.triumph import present
from engine.triumph.game import Game
from engine.triumph.module import MODULE
from engine.triumph.options import Options
from engine.triumph.table import step_of

from .position import empty, put


# -- 17 game balance: the morale auction, sealed -----------------------------------------------------------
def test_17_and_18_are_off_by_default() -> None:
    assert Options().balance is False and Options().santon is False
    specs = {o.name: o for o in MODULE.options}
    assert specs["balance"].default is False and specs["santon"].default is False
    g = Game.new(seed=1)
    assert str(step_of(g.state)) == "orders" and g.active() == ["allies"]
    refused(g, "allies", "/bid morale:2", "7, 9, 10")  # no auction without the option: not an order now


def test_17_both_armies_bid_at_once_and_neither_sees_the_others_bid() -> None:
    g = Game.new(Options(balance=True), seed=1)
    assert str(step_of(g.state)) == "auction" and g.active() == ["allies", "french"]
    assert [str(o) for o in g.legal("french").choices][:2] == ["/bid morale:0", "/bid morale:1"]
    g.apply("allies", "/bid morale:3")
    assert g.active() == ["french"]  # the Allies wait for nothing but the other bid
    assert g.legal("allies").choices == ()
    refused(g, "allies", "/bid morale:1", "17")  # one bid each
    # the French see that the Allies bid, not how much: in their view, their events and their words
    french = g.view("french")
    assert all("morale" not in e for e in french.events if e["kind"] == "bid")
    told = " ".join(present.narrate(e, lang) or "" for e in french.events for lang in ("en", "ja"))
    assert "3" not in told
    assert g.view("public").morale == {"allies": 27, "french": 23}  # nothing taken before both are in
    own = [present.narrate(e, "en") for e in g.view("allies").events]
    assert own == ["The Allies have made their sealed bid; your sealed bid: 3 morale"]
    g.apply("french", "/bid morale:2")
    # opened together: the higher bid is taken off its own army's starting morale, the other keeps its own
    assert last(g, "auction") == {"french": 2, "allies": 3, "winner": "allies", "bid": 3, "morale": 24}
    assert g.state.morale == {"french": 23, "allies": 24}
    assert g.state.lost == {"french": 0, "allies": 0}  # a lower start, not a loss (14 recovers losses)
    assert str(step_of(g.state)) == "orders" and g.active() == ["allies"]


def test_17_equal_bids_go_to_the_french_and_a_bid_of_nothing_costs_nothing() -> None:
    g = Game.new(Options(balance=True), seed=2)
    g.apply("french", "/bid morale:4")
    g.apply("allies", "/bid morale:4")
    assert last(g, "auction")["winner"] == "french" and g.state.morale == {"french": 19, "allies": 27}
    g = Game.new(Options(balance=True), seed=2)
    g.apply("french", "/bid morale:0")
    g.apply("allies", "/bid morale:0")
    assert g.state.morale == {"french": 23, "allies": 27}
    assert present.narrate(g.view("public").events[-1], "en") == (
        "The morale auction: the French bid 0, the Allies 0; both armies keep their morale"
    )


def test_17_a_bid_is_a_number_the_army_can_pay() -> None:
    g = Game.new(Options(balance=True), seed=3)
    # the army keeps at least 1 (13: at 0 it has lost)
    said = str(refused(g, "french", "/bid morale:23", "17"))
    assert "0 to 22" in said
    g.apply("french", "/bid morale:22")
    with pytest.raises(RuleError) as e:
        g.apply("allies", "/bid morale:lots")
    assert e.value.key == "triumph.bid.number"


def test_17_the_bid_is_a_sealed_choice_of_the_platform() -> None:
    g = Game.new(Options(balance=True), seed=4)
    assert MODULE.sealed("/bid morale:5") and MODULE.sealed("/bid morale:0")
    kind = next(k for k in MODULE.orders if k.name == "bid")
    assert kind.sealed and kind.rule == "17"
    asked = MODULE.interactions(g, "allies")
    assert len(asked) == 1 and isinstance(asked[0], SealedChoice)
    assert asked[0].orders[0] == "/bid morale:0"
    asks = MODULE.prompt(g, "french", "en", None)  # type: ignore[arg-type]
    assert "sealed" in asks and "0 to 22" in asks


def test_17_the_auction_survives_a_snapshot_and_comes_before_the_french_set_up() -> None:
    g = Game.new(Options(balance=True, french_setup=True), seed=5)
    g.apply("french", "/bid morale:1")
    back = Game.loads(g.dumps())
    assert back.state.bids == {"french": 1} and back.active() == ["allies"]
    assert back.view("allies") == g.view("allies")
    back.apply("allies", "/bid morale:0")
    assert str(step_of(back.state)) == "setup" and back.state.morale["french"] == 22


def test_17_described_only_when_played() -> None:
    plain = MODULE.describe_options(Options(), "en", None)  # type: ignore[arg-type]
    assert "auction" not in plain and "Santon" not in plain
    both = MODULE.describe_options(Options(balance=True, santon=True), "ja", None)  # type: ignore[arg-type]
    assert "選択ルール17" in both and "選択ルール18" in both


# -- 18 the Santon ------------------------------------------------------------------------------------------
def santon(battery: bool = True, **options: Any) -> Game:
    """The French hold the Santon's reserve: F01 art-1 (the fixed battery, when ``battery``) and Lannes's F12
    inf-2; Bagration's A01 inf-3 stands on the plain below (the narrow approach, with all three penalties)."""
    g = empty(santon=True, **options)
    g.state.phase = "play"
    put(g, "F01", "santon", "art-1")
    put(g, "F12", "santon", "inf-2", corps="lannes")
    put(g, "A01", "santon_plain", "inf-3", corps="bagration")
    if battery:
        g.state.battery = "F01"
        g.state.blocks["F01"].shown = True
    return g


def pressed(g: Game, defenders: str = "F12,F01", leader: str = "F12") -> None:
    g.apply("allies", "/attack from:santon_plain into:santon")
    g.apply("french", f"/defend units:{defenders} leaders:{leader}")
    g.apply("allies", "/press")
    g.apply("allies", "/lead with:bagration leaders:A01")


def test_18_the_santon_battery_gives_its_reserve_the_printed_penalties() -> None:
    g = santon()
    pressed(g)
    # 3 (A01) - 1 (the infantry penalty printed on the approach) - 2 (F12); no infantry -1 (not blocked)
    assert g.state.attack is None or g.state.attack.ir == 0
    result = last(g, "initial-result")
    assert result["ir"] == 0
    # and a 0 is decided as against a reserve (11.6): 1 attacking unit against 2 defending: the French
    assert result["winning"] == "french"


def test_18_without_the_option_or_the_battery_the_reserve_takes_no_penalty() -> None:
    g = santon(battery=False)
    pressed(g)
    assert last(g, "initial-result")["ir"] == 1
    g = santon()
    g.ctx.opts = Options(santon=False)
    pressed(g)
    assert last(g, "initial-result")["ir"] == 1


def test_18_the_battery_stands_in_the_reserve_only_in_the_santon_with_the_option() -> None:
    g = Game.new(Options(santon=True), seed=1)
    assert str(step_of(g.state)) == "setup"  # 18 brings the French set-up (6): the battery is named there
    refused(g, "french", "/battery unit:F01", "18")  # F01 stands below the Santon, not in it
    g.apply("french", "/post unit:F01 to:santon")
    g.apply("french", "/battery unit:F01")
    b = g.state.blocks["F01"]
    assert (b.at, b.on, b.shown, g.state.battery) == ("santon", None, True, "F01")
    assert present.narrate(g.view("allies").events[-1], "en") == (
        "The French fixed battery: F01 (artillery 1) in the reserve of Santon"
    )
    g = Game.new(Options(french_setup=True), seed=1)
    g.apply("french", "/post unit:F01 to:santon")
    refused(g, "french", "/battery unit:F01", "18")  # without the optional rule: on an approach, as 6


def test_18_no_other_guns_on_the_santon_lead() -> None:
    g = santon()
    put(g, "F02", "santon", "art-1", on="santon_plain")
    put(g, "A02", "santon_plain", "inf-2")
    g.state.side = "french"
    g.apply("french", "/attack from:santon into:santon_plain")
    g.apply("allies", "/defend units:A01,A02 leaders:A01")
    g.apply("french", "/press")
    refused(g, "french", "/lead with:F02 leaders:F02", "18")
    g2 = santon(battery=False)
    put(g2, "F02", "santon", "art-1", on="santon_plain")
    put(g2, "A02", "santon_plain", "inf-2")
    g2.state.side = "french"
    g2.apply("french", "/attack from:santon into:santon_plain")
    g2.apply("allies", "/defend units:A01,A02 leaders:A01")
    g2.apply("french", "/press")
    g2.apply("french", "/lead with:F02 leaders:F02")  # no battery on the Santon: the guns lead (11.5)
    assert last(g2, "lead")["leaders"] == ["F02"]


def test_18_the_battery_never_steps_up_and_a_battery_alone_needs_no_step_up() -> None:
    g = santon()
    g.state.blocks["F12"].at = "off"
    g.state.blocks["F12"].corps = None
    g.state.commanders["lannes"].at = "off"
    g.apply("allies", "/attack from:santon_plain into:santon")
    g.apply("french", "/defend units:F01")
    g.apply("allies", "/feint with:bagration")
    # 11.3: a feint against a reserve defence asks a step-up, but the battery never moves (6, G24)
    assert g.state.attack is None and g.state.blocks["F01"].on is None


# -- 17 through the service: the platform's sealed choices --------------------------------------------------
async def test_17_the_bids_are_committed_when_made_and_opened_only_when_both_are_in(new_store: Any) -> None:
    from bot.outbox import DM, Post, message_from

    store = await new_store()
    svc, who, live, user = await seated(store, "triumph", "scenario=2dec balance=on", 701)
    assert sorted(live.game.active()) == ["allies", "french"]  # both bid at once

    async def said_since(n: int) -> tuple[list[str], dict[int, list[str]]]:
        rows = (await store.outbox_all())[n:]
        sent = [message_from(x.kind, x.target, x.body, x.game_id) for x, _d, _e in rows]
        dms: dict[int, list[str]] = {}
        for m in sent:
            if isinstance(m, DM):
                dms.setdefault(m.user_id, []).append(m.text)
        return [m.text for m in sent if isinstance(m, Post)], dms

    n = len(await store.outbox_all())
    await svc.order(who(user["allies"]), "/bid morale:5", role="allies")
    await svc.idle()
    posts, dms = await said_since(n)
    assert any("sealed its choice — sha256:" in p for p in posts)  # committed at the moment it was made
    assert not any("5" in p.split("sha256:")[0] for p in posts if "sealed" in p)
    assert not any("morale:5" in p or "bid: 5" in p for p in posts)
    assert not any("5 morale" in t for t in dms.get(user["french"], []))  # the French learn nothing of it
    live = await svc.current(701)
    assert live.game.state.morale == {"french": 23, "allies": 27}
    n = len(await store.outbox_all())
    await svc.order(who(user["french"]), "/bid morale:2", role="french")
    await svc.idle()
    posts, _dms = await said_since(n)
    assert any("the French bid 2, the Allies 5" in p for p in posts)  # opened together
    live = await svc.current(701)
    assert live.game.state.morale == {"french": 23, "allies": 22}
    assert live.game.active() == ["allies"]


def test_every_refusal_of_the_rules_has_its_words_in_english_and_japanese() -> None:
    """The set-up's refusals (6) had none: ``/battery`` on a unit that is no gun raised a KeyError."""
    import glob
    import re
    from pathlib import Path

    from bot.i18n import localize_error
    from engine.triumph.messages import EN
    from engine.triumph.present import _cat

    src = "".join(Path(f).read_text(encoding="utf-8") for f in glob.glob("engine/triumph/*.py"))
    keys = set(re.findall(r'error\(\s*"[^"]*",\s*"(triumph\.[a-z_.-]+)"', src))
    assert len(keys) > 100
    assert not [k for k in keys if k not in EN or k not in _cat("ja")]
    g = Game.new(Options(santon=True), seed=1)
    for order in ("/battery unit:F12 facing:krug", "/battery unit:F01", "/post unit:A01 to:santon"):
        said = str(refused(g, "french", order, "6" if "F12" in order or "A01" in order else "18"))
        assert said and "{" not in said
        with pytest.raises(RuleError) as e:
            g.apply("french", order)
        assert "{" not in localize_error(e.value, "ja") and re.search(
            r"[\u3040-\u30ff]", localize_error(e.value, "ja")
        )


async def test_a_refused_set_up_order_is_answered_in_words_through_the_service(new_store: Any) -> None:
    from bot.service import ServiceError

    svc, who, _live, user = await seated(await new_store(), "triumph", "santon=on", 703)
    french = user["french"]
    try:
        res = await svc.order(who(french), "/battery unit:F12 facing:krug", role="french")
        said = res.reply.text
    except ServiceError as e:
        said = str(e)
    assert "F12 is not a French artillery unit on the map" in said


def test_17_and_18_replay_from_the_script_and_a_game_without_them_writes_the_script_it_always_did() -> None:
    from engine.script import run_lines

    g = Game.new(Options(balance=True, santon=True), seed=2)
    g.apply("allies", "/bid morale:1")
    g.apply("french", "/bid morale:0")
    g.apply("french", "/post unit:F01 to:santon")
    g.apply("french", "/battery unit:F01")
    script = g.script()
    assert "balance=on santon=on" in script.splitlines()[1]
    replayed = run_lines(script.splitlines())
    assert replayed.ok and replayed.game.dumps() == g.dumps()
    plain = Game.new(Options(), seed=2).script().splitlines()[1]
    assert "balance" not in plain and "santon" not in plain  # the optional rules only when played
