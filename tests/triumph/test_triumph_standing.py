"""Standing answers (G34, ``engine/triumph/standing.py``): each word answers its own step of an attack
(11.2-11.9, 12, G35) with an order the rules accept, the same every time, from what its side may know, and
nothing outside it; with both sides' answers an attack resolves without waiting on anybody. The platform's
counted words (``press:3``) and its message keys, with Napoleon's standing battle orders unchanged."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from support.seated import seated

from bot.service import ServiceError
from bot.service.play import describe_standing, standing_spec
from engine import catalog
from engine.errors import RuleError
from engine.module import Standing
from engine.napoleon import standing as napoleon_standing
from engine.triumph import moves
from engine.triumph import orders as O
from engine.triumph import standing as S
from engine.triumph.game import Game
from engine.triumph.machine import Step
from engine.triumph.messages import LOCALE
from engine.triumph.play import dispatch
from engine.triumph.state import GONE, SIDES
from engine.triumph.table import step_of

from .position import SRC, TGT, empty, put, threat
from .test_rules_props import disguised

EVERY = {"defend": True, "counter": True, "retreat": True, "press": True, "advance": True}
# the steps each word answers (11.2 with 11.4; 11.3 / 11.9 the step-up; 11.3 with 11.5; 11.7; 12; G35)
ANSWERS = {
    "defend": {Step.DEFEND, Step.STEP_UP},
    "give-ground": {Step.DEFEND},
    "counter": {Step.COUNTER},
    "no-counter": {Step.COUNTER},
    "retreat": {Step.RETREAT},
    "press": {Step.FEINT, Step.LEAD},
    "advance": {Step.ADVANCE},
}


def spec(**words: Any) -> dict[str, Any]:
    return {w.replace("_", "-"): v for w, v in words.items()}


def krug(**options: Any) -> Game:
    """Lannes's five in the Bosenitz plain; in the Krug Bagration's A01 inf-3, A02 inf-2, A03 inf-1 and two
    detached units, A04 inf-2 and A05 cav-3."""
    g = empty(**options)
    for u, face in (("F12", "inf-3"), ("F13", "inf-2"), ("F14", "inf-2"), ("F15", "cav-2"), ("F16", "inf-1")):
        put(g, u, SRC, face, corps="lannes")
    put(g, "A01", TGT, "inf-3", corps="bagration")
    put(g, "A02", TGT, "inf-2", corps="bagration")
    put(g, "A03", TGT, "inf-1", corps="bagration")
    put(g, "A04", TGT, "inf-2")
    put(g, "A05", TGT, "cav-3")
    return g


# -- 11.2 defend or give ground, 11.4 the defence leaders ----------------------------------------------------
def test_11_2_defend_with_every_unit_that_may_and_11_4_the_strongest_leaders() -> None:
    g = krug()
    threat(g)
    order = S.choose(g, "allies", spec(defend=True))
    assert order is not None
    o = O.GRAMMAR.parse(order)
    assert isinstance(o, O.Defend)
    # 11.2: one detached unit at most (the stronger, A05); 11.4: a pair of one arm and corps, strength 2+
    assert set(o.units) == {"A01", "A02", "A03", "A05"}
    assert set(o.leaders) == {"A01", "A02"}
    g.apply("allies", order)
    assert g.state.attack is not None and g.state.attack.step == Step.FEINT
    assert S.choose(g, "allies", spec(defend=True)) is None  # not the defender's step now


def test_11_2_defend_n_takes_the_n_strongest() -> None:
    g = krug()
    threat(g)
    o = O.GRAMMAR.parse(S.choose(g, "allies", spec(defend=2)) or "")
    assert isinstance(o, O.Defend) and set(o.units) == {"A01", "A05"}
    assert o.leaders in (("A01",), ("A05",))  # a pair from the reserve must be one arm and one corps


def test_11_2_blockers_defend_exactly_and_give_ground_never_where_they_must_fight() -> None:
    g = krug()
    put(g, "A04", TGT, "inf-2", on=SRC)
    threat(g)
    words = spec(defend=True, give_ground=0)
    o = O.GRAMMAR.parse(S.choose(g, "allies", words) or "")
    assert isinstance(o, O.Defend) and o.units == ("A04",) and o.leaders == ("A04",)
    g = krug(blockers_must_fight=False)  # G9's other reading: blockers may give ground
    put(g, "A04", TGT, "inf-2", on=SRC)
    threat(g)
    assert S.choose(g, "allies", words) == "/give-ground"


def test_11_2_give_ground_when_outnumbered_by_more_than_n() -> None:
    g = krug()
    put(g, "A03", "gone")  # Bagration keeps A01, A02; with A05, three defend against the plain's five
    g.state.blocks["A03"].at = GONE
    threat(g)
    assert S.choose(g, "allies", spec(defend=True, give_ground=1)) == "/give-ground"  # 5 - 3 = 2 > 1
    assert (S.choose(g, "allies", spec(defend=True, give_ground=2)) or "").startswith("/defend")
    assert S.choose(g, "allies", spec(give_ground=2)) is None  # not outnumbered enough: the player decides
    # the word alone: whenever outnumbered at all
    assert S.choose(g, "allies", spec(give_ground=True)) == "/give-ground"


# -- 11.3 feint or press, 11.5 the attack --------------------------------------------------------------------
def defended(g: Game) -> Game:
    threat(g)
    g.apply("allies", "/defend units:A01,A02,A03 leaders:A01")
    return g


def test_11_3_press_unless_more_than_n_defend_then_feint() -> None:
    assert S.choose(defended(krug()), "french", spec(press=3)) == "/press"  # three defend: not more than 3
    g = defended(krug())
    order = S.choose(g, "french", spec(press=2))
    assert order == "/feint with:lannes"
    g.apply("french", order)
    assert g.state.attack is not None and g.state.attack.step == Step.STEP_UP  # 11.3: the step-up follows
    assert S.choose(g, "french", spec(press=2)) is None


def test_11_5_with_every_force_and_the_leaders_of_the_best_initial_result() -> None:
    g = defended(krug())
    g.apply("french", "/press")
    order = S.choose(g, "french", spec(press=True))
    o = O.GRAMMAR.parse(order or "")
    assert isinstance(o, O.Lead) and o.forces == ("lannes",) and o.width == "wide"
    # 11.5: two of one arm, no strength-1: F12 inf-3 with an inf-2 (F13 before F14 by name)
    assert set(o.leaders) == {"F12", "F13"}
    g.apply("french", order or "")
    assert g.state.attack is None or g.state.attack.ir == 5 - 3


def test_11_5_narrow_against_two_defence_leaders_faces_the_weaker() -> None:
    g = krug()
    threat(g)
    g.apply("allies", "/defend units:A01,A02,A03 leaders:A01,A02")
    g.apply("french", "/press")
    o = O.GRAMMAR.parse(S.choose(g, "french", spec(press=True)) or "")
    assert isinstance(o, O.Lead)
    # wide: 3+2 against 3+2 = 0; narrow: 3 against A02's 2 = +1 (G17), the better initial result
    assert (o.width, o.leaders, o.target) == ("narrow", ("F12",), "A02")


# -- 11.7 counter-attack -------------------------------------------------------------------------------------
def countering(defenders: str, leaders: str) -> Game:
    g = krug()
    threat(g)
    g.apply("allies", f"/defend units:{defenders} leaders:{leaders}")
    g.apply("french", "/press")
    g.apply("french", "/lead with:lannes width:wide leaders:F12,F13")
    assert step_of(g.state) == Step.COUNTER
    return g


def test_11_7_counter_attack_only_when_it_turns_the_result() -> None:
    g = countering("A01,A02,A03", "A02")  # IR 5 - 2 = +3: A01 inf-3 after its loss is 2: not enough alone
    assert g.state.attack is not None and g.state.attack.ir == 3
    assert S.choose(g, "allies", spec(counter=True)) == "/counter"  # nothing turns +3
    assert S.choose(g, "allies", spec(no_counter=True)) == "/counter"
    g = countering("A01,A02,A03", "")  # IR +5
    assert S.choose(g, "allies", spec(counter=True)) == "/counter"


def test_11_7_counter_attack_with_the_fewest_weakest_units_that_turn_it() -> None:
    g = krug()
    put(g, "A02", TGT, "inf-3", corps="bagration")
    put(g, "A03", TGT, "inf-3", corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01,A02,A03 leaders:A01")
    g.apply("french", "/press")
    g.apply("french", "/lead with:lannes width:narrow leaders:F13")  # IR 2 - 3 = -1: the defender wins
    if step_of(g.state) == Step.COUNTER:
        assert S.choose(g, "allies", spec(counter=True)) == "/counter"
    g = krug()
    put(g, "A02", TGT, "inf-3", corps="bagration")
    threat(g)
    g.apply("allies", "/defend units:A01,A02,A03")
    g.apply("french", "/press")
    g.apply("french", "/lead with:lannes width:narrow leaders:F13")  # IR +2: the attacker wins
    assert step_of(g.state) == Step.COUNTER
    # 11.7: infantry may counter while the attacker wins; A02 inf-3 loses 1, FR = 2 - 2 = 0: 3 defenders
    # against 5 attackers still lose (G14); A01 and A02 together: FR = 2 - 4 = -2, the defender wins
    assert S.choose(g, "allies", spec(counter=True)) == "/counter units:A01,A02"


# -- 12 retreat, G35 advance ---------------------------------------------------------------------------------
def test_12_retreat_towards_own_units_then_g35_advance() -> None:
    g = krug()
    put(g, "A06", "posthouse", "inf-2")  # an Allied unit next door: the retreat goes there
    threat(g)
    g.apply("allies", "/give-ground")
    assert step_of(g.state) == Step.RETREAT
    order = S.choose(g, "allies", spec(retreat=True))
    assert order is not None
    o = O.GRAMMAR.parse(order)
    assert isinstance(o, O.Retreat)
    assert {x.split(">")[1] for x in o.to} == {"posthouse"}
    g.apply("allies", order)
    assert step_of(g.state) == Step.ADVANCE
    assert S.choose(g, "allies", spec(retreat=True)) is None
    assert S.choose(g, "french", spec(advance=True)) == "/advance with:lannes"


# -- properties over random games ----------------------------------------------------------------------------
def _ok(g: Game, role: str, o: O.Order) -> bool:
    try:
        dispatch(g.ctx, role, o, dry=True)
    except RuleError:
        return False
    return True


def turn_order(g: Game, role: str, rng: random.Random) -> O.Order:
    """A random order of the turn (threats often, some moves, the end) without listing every legal one."""
    ctx, state = g.ctx, g.state
    if state.phase == "setup":
        return O.Ready()
    mine = sorted({b.at for b in state.blocks.values() if b.side == role and b.at not in ("off", GONE)})
    threats = [O.Threat(s, n) for s in mine for n in ctx.data.neighbours(s) if moves.enemy_held(ctx, n, role)]
    rng.shuffle(threats)
    tries: list[O.Order] = threats[:6] if rng.random() < 0.6 else []
    forces = sorted(c.id for c in state.commanders.values() if c.side == role and c.at not in ("off", GONE))
    for f in rng.sample(forces, min(4, len(forces))):
        c = state.commanders[f]
        tries.append(O.Move(f, rng.choice(ctx.data.neighbours(c.at))) if c.on is None else O.Move(f, c.at))
    return next((o for o in tries if _ok(g, role, o)), O.End())


WORD_SETS = st.dictionaries(
    st.sampled_from(S.WORDS),
    st.one_of(st.just(True), st.integers(0, 6)),
    min_size=1,
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), words=WORD_SETS, other=WORD_SETS)
# a retreat where every unit but those the retreat losses eliminate had room, and legal() offered nothing (12)
@example(
    seed=262,
    words={"no-counter": True, "advance": True, "give-ground": True, "press": True, "retreat": True},
    other={"counter": True, "press": True},
)
def test_answers_are_legal_deterministic_secret_and_only_at_their_steps(
    seed: int, words: dict[str, Any], other: dict[str, Any]
) -> None:
    rng = random.Random(seed)
    g = Game.new(seed=seed)
    given_by = {"allies": words, "french": other}
    answered = 0
    for _ in range(160):
        if g.over:
            break
        role = g.active()[0]
        mine = given_by[role]
        order = S.choose(g, role, mine)
        step = step_of(g.state)
        for r in SIDES:  # the side that does not act is never answered for
            if r != role:
                assert S.choose(g, r, given_by[r]) is None
        if order is not None:
            # only at a step one of its words answers, the same every time and whatever it cannot see
            assert any(step in ANSWERS[w] for w in mine if mine[w] is not False), (step, mine, order)
            assert S.choose(Game.loads(g.dumps()), role, dict(mine)) == order
            assert S.choose(disguised(g, role, rng), role, mine) == order
            g.apply(role, order)  # a legal order: accepted (RuleError would fail the test)
            answered += 1
        elif S.when(g):
            g.apply(role, rng.choice(g.legal(role).choices))
        else:
            assert step not in S.STEPS  # the turn's moves and threats are the player's
            g.apply(role, turn_order(g, role, rng))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_attack_resolves_without_waiting_when_both_sides_leave_answers(seed: int) -> None:
    rng = random.Random(seed)
    g = Game.new(seed=seed)
    attacks = 0
    for _ in range(400):
        if g.over or attacks >= 4:
            break
        role = g.active()[0]
        if g.state.attack is None:
            g.apply(role, turn_order(g, role, rng))
            if g.state.attack is not None:
                attacks += 1
                # from the threat to the end of the attack, every step is a standing answer
                for _ in range(12):
                    if g.state.attack is None or g.over:
                        break
                    who = g.active()[0]
                    order = S.choose(g, who, EVERY)
                    assert order is not None, (step_of(g.state), who)
                    g.apply(who, order)
                assert g.state.attack is None or g.over
    assert attacks >= 1


# -- the platform: counted words, the module's message keys, Napoleon unchanged ------------------------------
NAPOLEON = Standing("battle", napoleon_standing.WORDS, napoleon_standing.choose, always=("hold",))


def test_napoleon_standing_words_read_as_before() -> None:
    assert standing_spec(NAPOLEON, "fire square") == {"fire": True, "square": True, "hold": True}
    assert standing_spec(NAPOLEON, "fire") == {"fire": True, "square": False, "hold": True}
    assert standing_spec(NAPOLEON, "off") == {}
    for bad in ("fire:3", "charge", "fire square:1"):
        with pytest.raises(ServiceError) as e:
            standing_spec(NAPOLEON, bad)
        assert e.value.key == "svc.standing_bad"
    assert describe_standing(NAPOLEON, {"fire": True, "square": False, "hold": True}) == (
        "fire with every block that may fire; never retreat"
    )


@pytest.fixture
def triumph_words() -> Any:
    """The game's words joined to the engine's catalog, as its module's registration does."""
    entry = (LOCALE, "triumph")
    joined = entry in catalog.sources("engine")
    if not joined:
        catalog.register("engine", *entry)
    yield
    if not joined:
        catalog.unregister("engine", *entry)


def test_counted_words_carry_their_number(triumph_words: Any) -> None:
    words = standing_spec(S.STANDING, "defend press:0 give-ground:3 counter")
    assert words["press"] == 0 and words["press"] is not False  # press:0 is a number, not "not given"
    assert words["give-ground"] == 3 and words["defend"] is True and words["advance"] is False
    for bad in ("press:x", "counter:2", "press:100", "charge"):
        with pytest.raises(ServiceError) as e:
            standing_spec(S.STANDING, bad)
        assert e.value.key == "triumph.standing.bad" and "press:N" in str(e.value)
    said = describe_standing(S.STANDING, words)
    assert "unless more than 0 units defend: then feint" in said and "more than 3 units" in said
    ja = describe_standing(S.STANDING, words, "ja")
    assert "防御部隊が0より多いときは牽制" in ja and "3より多く上回るとき後退" in ja and "、" in ja


# -- through the service, once the module declares its standing answers -------------------------------------
async def test_an_attack_resolves_through_the_service_on_both_sides_standing_answers(new_store: Any) -> None:
    from bot.outbox import Post, message_from
    from engine import modules

    try:
        module = modules.get("triumph")
    except RuleError:
        pytest.skip("the game is not registered yet")
    if module.standing is None:
        pytest.skip("the module does not declare its standing answers yet")

    store = await new_store()
    svc, who, live, user = await seated(store, "triumph", "scenario=2dec", 700)
    for r in user:
        res = await svc.prefer(who(user[r]), "attack", "defend press:6 counter retreat advance")
        assert res.reply.text.startswith("Standing answers")
    g = live.game
    role = g.active()[0]
    mine = sorted({b.at for b in g.state.blocks.values() if b.side == role and b.at not in ("off", GONE)})
    threat = next(
        f"/attack from:{s} into:{n}"
        for s in mine
        for n in g.ctx.data.neighbours(s)
        if _ok(g, role, O.Threat(s, n))
    )
    sent = len(await store.outbox_all())
    await svc.order(who(user[role]), threat, role=role)
    await svc.idle()
    live = await svc.current(700)
    assert live.game.state.attack is None  # nobody was waited for
    answers = [line for line in live.game.log[-12:] if not line.endswith(threat)]
    rows = (await store.outbox_all())[sent:]
    sent_now = [message_from(x.kind, x.target, x.body, x.game_id) for x, _d, _e in rows]
    posts = [m.text for m in sent_now if isinstance(m, Post)]  # what the channel reads
    told = [p for p in posts if "answered by standing orders" in p]
    assert len(told) >= 2  # the defender's and the attacker's answers, each announced as standing
    assert not any("/defend" in p or "leaders:" in p for p in posts)  # the sealed answer stays sealed
    sealed = [a for a in answers if module.sealed(a.split(": ", 1)[1])]
    assert all(any("sealed its choice" in p for p in told) for _ in sealed)


# -- answers for part of the map: the attacks across one approach, into one locale, out of one ---------------
def test_scoped_answers_answer_only_the_attacks_they_name() -> None:
    g = krug()
    threat(g)  # from the Bosenitz plain into the Krug
    here = {"scoped": {"into:krug": spec(give_ground=True)}, **spec(defend=True)}
    assert S.choose(g, "allies", here) == "/give-ground"  # the Krug's own answer, not the general one
    elsewhere = {"scoped": {"into:holubitz": spec(give_ground=True)}, **spec(defend=True)}
    assert S.choose(g, "allies", elsewhere).startswith(
        "/defend "
    )  # no scope of this attack: the general words
    only_scoped = {"scoped": {"into:holubitz": spec(defend=True)}}
    assert (
        S.choose(g, "allies", only_scoped) is None
    )  # nothing given for this attack: it waits for the player


def test_an_approach_scope_before_a_locale_scope_before_the_place_attacked_from() -> None:
    g = krug()
    threat(g)
    both = {
        "scoped": {
            "into:krug": spec(give_ground=True),
            f"from:{SRC} into:krug": spec(defend=True),
            f"from:{SRC}": spec(give_ground=True),
        }
    }
    assert S.choose(g, "allies", both).startswith("/defend ")
    del both["scoped"][f"from:{SRC} into:krug"]
    assert S.choose(g, "allies", both) == "/give-ground"
    # a scope with no word: the player answers those attacks, whatever the general words say
    asked = {"scoped": {f"from:{SRC} into:krug": {}}, **spec(defend=True, give_ground=True)}
    assert S.choose(g, "allies", asked) is None
    # the attacker's own words by the place it attacks from
    g.apply("allies", S.choose(g, "allies", spec(defend=True)) or "")
    assert S.choose(g, "french", {"scoped": {f"from:{SRC}": spec(press=True)}}) == "/press"
    assert S.choose(g, "french", {"scoped": {"from:krug": spec(press=True)}}) is None


def test_scopes_are_read_merged_and_cancelled_by_the_platform(triumph_words: Any) -> None:
    g = krug()
    words = standing_spec(S.STANDING, "defend counter", g)
    words = standing_spec(S.STANDING, "into:krug give-ground retreat", g, words)
    words = standing_spec(S.STANDING, f"from:{SRC} into:krug", g, words)
    assert words["defend"] is True and words["counter"] is True  # the general words are kept
    assert words["scoped"]["into:krug"]["give-ground"] is True
    assert not any(words["scoped"][f"from:{SRC} into:krug"].values())  # a scope alone: no answer there
    said = describe_standing(S.STANDING, words)
    assert "for the attacks into Krug: (give ground when outnumbered; retreat towards your own units)" in said
    assert "for the attacks from Plain of Bosenitz into Krug: (no answer" in said
    words = standing_spec(S.STANDING, "defend", g, words)  # the general words again: the scopes stay
    assert set(words["scoped"]) == {"into:krug", f"from:{SRC} into:krug"} and words["counter"] is False
    words = standing_spec(S.STANDING, "into:krug off", g, words)  # that scope only
    assert set(words["scoped"]) == {f"from:{SRC} into:krug"} and words["defend"] is True
    assert standing_spec(S.STANDING, "off", g, words) == {}  # off alone: everything
    just = standing_spec(S.STANDING, "into:krug off", g, {"scoped": {"into:krug": {}}})
    assert just == {}  # the last scope cancelled and no word left: nothing stands
    for bad in (
        "into:nowhere defend",
        "from:krug into:austerlitz defend",
        "into: defend",
        "into:krug into:pratze",
    ):
        with pytest.raises(ServiceError) as e:
            standing_spec(S.STANDING, bad, g, words)
        assert e.value.key == "triumph.standing.bad_scope" and "into:LOCALE" in str(e.value)
    with pytest.raises(ServiceError) as e:  # Napoleon takes no scope: a word it does not know, as before
        standing_spec(NAPOLEON, "into:krug fire", g)
    assert e.value.key == "svc.standing_bad"


async def test_two_scopes_set_at_the_same_instant_are_both_kept(new_store: Any) -> None:
    import asyncio

    from engine import modules

    module = modules.get("triumph")
    assert module.standing is not None and module.standing.scopes

    store = await new_store()
    svc, who, live, user = await seated(store, "triumph", "scenario=2dec", 702)
    allies = user["allies"]
    await svc.prefer(who(allies), "attack", "defend counter")
    await asyncio.gather(
        svc.prefer(who(allies), "attack", "into:krug give-ground retreat"),
        svc.prefer(who(allies), "attack", "into:pratze defend:2"),
    )
    kept = (await store.preferences(live.id))[allies]["attack"]
    assert set(kept["scoped"]) == {"into:krug", "into:pratze"} and kept["defend"] is True
    assert kept["scoped"]["into:pratze"]["defend"] == 2
    res = await svc.prefer(who(allies), "attack", "into:pratze off")
    assert "Pratze" not in res.reply.text and "Krug" in res.reply.text
