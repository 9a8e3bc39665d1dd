"""Bot players (docs/ai.md): the heuristic plays whole games without a rejected order, decides from its role's
view and legal orders only, is deterministic, and behaves sensibly in the situations a player would judge it
by (squares against engaged cavalry, no attack on an obviously stronger stack, the French march on the supply
bases, the Allies gather)."""

from __future__ import annotations

import ast
import pathlib
import random

import pytest
from support.napoleon import cleared, loc, place

from ai import PlayStats, fallback_order, play_turn
from ai.napoleon import HeuristicPlayer, RandomPlayer
from ai.napoleon.attacks import plan_attacks, plan_grabs
from ai.napoleon.campaign import FULL_GROUP_MOVES, MovePlanner
from ai.napoleon.deployment import plan_setup
from ai.napoleon.garrisons import choose_garrisons
from ai.napoleon.knowledge import map_info, situation
from ai.napoleon.leaders import plan_leaders
from ai.napoleon.marches import march, task_forces
from ai.napoleon.objectives import objectives, update_targets
from ai.napoleon.planning import TaskForce
from engine.napoleon import Legal, Options, View, new_game
from engine.napoleon.orders import End, Fire, Move, Setup, Square

AI_DIR = pathlib.Path(__file__).resolve().parents[2] / "ai"


class Checked:
    """Wraps the heuristic: records every order and checks that it never ends a battle turn while one of
    its blocks may still fire (the issue: "fire with every block that may fire")."""

    def __init__(self) -> None:
        self.player = HeuristicPlayer()
        self.problems: list[str] = []

    def choose(self, game_view: View, legal: Legal, rng: random.Random) -> str:
        order = self.player.choose(game_view, legal, rng)
        if legal.phase == "battle" and isinstance(order, End):
            where = order.battle
            fires = [c for c in legal.choices if isinstance(c, Fire) and c.battle == where]
            if fires:
                self.problems.append(f"turn {game_view.turn}: {order} while {fires[0]} was legal")
        return order


def play_whole_game(options: Options, seed: int, bot_roles: set[str], *, checked: bool = False):
    game = new_game(options, seed)
    rng = random.Random(seed)
    bots = {r: (Checked() if checked else HeuristicPlayer()) for r in bot_roles}
    randoms = {r: RandomPlayer() for r in options.roles if r not in bot_roles}
    stats = PlayStats()
    for _ in range(5000):
        if game.over:
            break
        role = game.active()[0]
        if role in bots:
            assert play_turn(game, role, bots[role], rng, stats=stats), f"{role} is active but played nothing"
        else:
            play_turn(game, role, randoms[role], rng, limit=1)
    assert game.over, "the game did not end"
    return game, stats, bots


@pytest.mark.parametrize(
    ("side", "options"),
    [
        ("french", Options(ruleset="3.4", setup="initiative", players=2)),
        ("allied", Options(ruleset="3rd", setup="historical", players=2, command_control=True)),
        ("both", Options(ruleset="3rd", setup="free", players=3)),
        ("french", Options(ruleset="3.4", setup="historical", players=3, corps_restriction=True)),
        ("allied", Options(ruleset="3.4", setup="free", players=3)),
    ],
    ids=["fr-3.4-2p", "al-3rd-2p", "both-3rd-3p", "fr-3.4-3p", "al-3.4-3p"],
)
def test_heuristic_plays_whole_games_without_a_rejected_order(side, options):
    if side == "both":
        roles = set(options.roles)
    else:
        roles = {"french"} if side == "french" else set(options.roles) - {"french"}
    _game, stats, bots = play_whole_game(options, seed=11, bot_roles=roles, checked=True)
    assert stats.fallbacks == 0, stats.rejected[:3]
    assert stats.orders > 20
    for bot in bots.values():
        assert bot.problems == [], bot.problems[:3]


def test_play_turn_replaces_a_rejected_order_by_a_legal_one_and_counts_it():
    class Stubborn:
        def choose(self, game_view, legal, rng):
            return "/move units:FR-1 path:Beaumont>Brussels"  # not a road; never legal

    game = new_game(Options(setup="historical"), seed=1)
    stats = PlayStats()
    done = play_turn(game, "french", Stubborn(), random.Random(1), stats=stats)
    assert done == ["/end"] and stats.fallbacks == 1 and stats.orders == 1
    assert "french" not in game.active()


def test_fallback_is_end_where_legal_else_the_first_choice():
    game = new_game(Options(setup="historical"), seed=1)
    assert fallback_order(game.legal("french")) == "/end"
    free = new_game(Options(setup="free"), seed=1)
    lg = free.legal("allied")
    assert fallback_order(lg) == lg.choices[0] and isinstance(lg.choices[0], Setup)


# --- hidden information ----------------------------------------------------------------------------------


def test_the_bot_modules_never_touch_the_game_or_the_engine_internals():
    """Only ``play_turn`` (ai/player.py) holds a game; every decision module sees views and legal orders,
    through the public engine API (``from engine import ...``, and its own game's: ``engine.<game>`` and
    its orders), and never reads a game's state."""
    for path in sorted(AI_DIR.rglob("*.py")):
        game = path.parent.name if path.parent != AI_DIR else None
        public = {"engine"} | ({f"engine.{game}", f"engine.{game}.orders"} if game else set())
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine"):
                assert node.module in public, f"{path.name} imports {node.module}"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("engine.") for a in node.names), path.name
            if path.name != "player.py":
                assert not (isinstance(node, ast.Attribute) and node.attr in ("state", "scenario")), path.name
                assert not (isinstance(node, ast.Name) and node.id == "Game"), path.name


def test_identical_views_give_identical_decisions_whatever_the_hidden_facts():
    """Two games that differ only in what the French cannot see (the strength of British blocks) look the
    same to the French, and the French bot plays its whole turn the same way in both."""
    a = new_game(Options(setup="historical"), seed=3)
    b = new_game(Options(setup="historical"), seed=3)
    for uid in ("BR-11", "BR-14", "BR-3"):  # hidden faces: Brussels and Nivelles blocks at 1 cv
        b.place(uid, b.state.units[uid].location, cv=1)
    assert a.view("french", events=False).to_dict() == b.view("french", events=False).to_dict()
    assert a.view("allied", events=False).to_dict() != b.view("allied", events=False).to_dict()
    orders = []
    for game in (a, b):
        done = []
        player = HeuristicPlayer()
        rng = random.Random(5)
        while game.state.phase == "movement" and "french" in game.active():
            legal = game.legal("french")
            order = player.choose(game.view("french"), legal, rng)
            game.apply("french", order)
            done.append(order)
        orders.append(done)
    assert orders[0] == orders[1]
    assert any(isinstance(o, Move) for o in orders[0])


def test_the_heuristic_is_deterministic_given_a_seed():
    opts = Options(ruleset="3rd", setup="initiative", players=2)
    g1, _s1, _ = play_whole_game(opts, seed=21, bot_roles={"french", "allied"})
    g2, _s2, _ = play_whole_game(opts, seed=21, bot_roles={"french", "allied"})
    assert g1.script() == g2.script()


# --- sensible behaviour -------------------------------------------------------------------------------------


def _allied_cavalry_engages_the_french_centre(ruleset: str):
    """Allied turn: Prussian cavalry attacks four French infantry blocks (and Napoleon) at Charleroi; the
    French bot deploys; the Prussian cavalry engages the French Center."""
    game = cleared(turn=2, ruleset=ruleset)
    place(game, "Charleroi", "FR-1", "FR-2", "FR-8", "FR-10", "NAP")
    place(game, "Fleurus", "PR-5", "PR-11", "PR-18", "PR-1")
    game.apply("allied", "/move units:PR-5,PR-11,PR-18,PR-1 path:Fleurus>Charleroi")
    game.apply("allied", "/end")
    bot = HeuristicPlayer()
    play_turn(game, "french", bot, random.Random(1))  # the defender deploys first (6.2)
    french = game.view("french").battles[0].side("french")
    assert all(len(getattr(french, c)) >= 1 for c in ("left", "center", "right"))
    assert "NAP" in {b.id for b in french.reserve}, "the leader waits in the Reserve, out of fire"
    game.apply("allied", "/deploy left:PR-1 center:PR-5,PR-18 right:PR-11")
    game.apply("allied", "/battle-move unit:PR-5 to:across-center")
    game.apply("allied", "/end")
    return game, bot


@pytest.mark.parametrize("ruleset", ["3rd", "3.4"])
def test_it_forms_square_when_enemy_cavalry_engages_its_column(ruleset):
    game, bot = _allied_cavalry_engages_the_french_centre(ruleset)
    legal = game.legal("french")
    centre = {b.id for b in game.view("french").battles[0].side("french").center if b.army == "french"}
    squares = [c for c in legal.choices if isinstance(c, Square) and c.unit in centre]
    assert squares, "a square order is legal for the infantry in the engaged Center"
    order = bot.choose(game.view("french"), legal, random.Random(1))
    assert order in squares


def _liege_defended_by(n_prussians: int, french: list[str]):
    game = cleared(turn=1)
    mi = map_info()
    prussians = [u for u in game.state.units if u.startswith("PR-")]
    place(game, "Liège", *prussians[:n_prussians])
    place(game, "Ciney", *prussians[n_prussians:], "BLU")  # the rest far from Liège
    place(game, "St-Trond", *french)
    assert "St-Trond" in mi.adj["Liège"]
    orders = play_turn(game, "french", HeuristicPlayer(), random.Random(2))
    return [o for o in orders if isinstance(o, Move)]


def test_it_does_not_attack_a_town_held_by_an_obviously_stronger_stack():
    moves = _liege_defended_by(8, ["FR-1", "FR-3", "FR-4", "FR-5"])  # 8 cv against 8 Prussian blocks
    assert not [m for m in moves if m.path[-1] == "Liège"], moves


def test_it_attacks_with_clearly_superior_force():
    guard = ["FR-27", "FR-28", "FR-29", "FR-30", "FR-31", "FR-32", "FR-33", "FR-34", "FR-8", "FR-10"]
    moves = _liege_defended_by(3, guard)  # about 36 cv against 3 Prussian blocks
    assert [m for m in moves if m.path[-1] == "Liège"], moves


def test_the_french_march_on_the_supply_bases():
    game = new_game(Options(setup="historical"), seed=4)
    mi = map_info()

    def mean_distance() -> float:
        ds = [
            min(mi.dist[u.location][b] for b in mi.bases)
            for u in game.state.units.values()
            if u.army == "french" and u.type != "leader" and not u.eliminated
        ]
        return sum(ds) / len(ds)

    before = mean_distance()
    player = HeuristicPlayer()
    rng = random.Random(4)
    for _turn in range(3):  # three French turns, the Allies passing
        play_turn(game, "french", player, rng)
        while not game.over and game.state.turn % 2 == 0:
            play_turn(game, game.active()[0], _Passive(), rng)
    assert mean_distance() < before - 1.5


class _Passive:
    def choose(self, game_view, legal, rng):
        return fallback_order(legal)


def test_the_allies_gather_and_keep_their_bases():
    game = new_game(Options(setup="historical"), seed=6)

    def british_towns() -> int:
        return len(
            {u.location for u in game.state.units.values() if u.army == "british" and not u.eliminated}
        )

    before = british_towns()
    player = HeuristicPlayer()
    rng = random.Random(6)
    while not game.over and game.state.turn <= 12:
        role = game.active()[0]
        play_turn(game, role, player if role == "allied" else _Passive(), rng)
    assert british_towns() < before
    for base in map_info().bases:
        assert any(u.location == base and u.army != "french" for u in game.state.units.values()), base


def _french_turn(turn: int, placing: dict[str, list[str]], prussians_at: dict[str, int] | None = None):
    """One French movement phase of the heuristic on a cleared board: French blocks where ``placing`` says
    (the others at Lille, far to the west), ``prussians_at`` town -> number of Prussian blocks (the rest of
    the Prussian army, and Blücher, at Malines, well away)."""
    game = cleared(turn=turn)
    placed = {u for ids in placing.values() for u in ids}
    place(game, "Lille", *[u for u in game.state.units if u.startswith("FR-") and u not in placed])
    prussians = [u for u in game.state.units if u.startswith("PR-")]
    for town, n in (prussians_at or {}).items():
        place(game, town, *prussians[:n])
        prussians = prussians[n:]
    place(game, "Malines", *prussians, "BLU")
    for town, ids in placing.items():
        place(game, town, *ids)
    orders = play_turn(game, "french", HeuristicPlayer(), random.Random(3))
    return game, [o for o in orders if isinstance(o, Move)]


def _path(order: Move) -> list[str]:
    return list(order.path)


def test_an_attack_on_one_or_two_blocks_spends_one_group_move_5_1_6_1():
    # 6.1: one Prussian block in Liège routs at once before 3 attackers; 5.1: the French have 3 group moves
    # a turn. Three blocks from St-Trond are enough: Waremme and Tongres keep their group moves.
    _game, moves = _french_turn(
        1,
        {
            "St-Trond": ["FR-2", "FR-8", "FR-10"],
            "Waremme": ["FR-13", "FR-14", "FR-27"],
            "Tongres": ["FR-28", "FR-29"],
        },
        {"Liège": 1},
    )
    into = [m for m in moves if _path(m)[-1] == "Liège"]
    assert into, moves
    assert {_path(m)[0] for m in into} == {"St-Trond"}, into
    assert sum(len(m.units) for m in into) >= 3


def test_napoleon_lets_the_french_force_march_at_night_5_6_10_1():
    # 5.6: no forced march at night, except where the army's leader orders it from his town (10.1). The
    # heuristic force-marches toward Liège at night from the town Napoleon stands in, and only from there.
    corps = ["FR-2", "FR-8", "FR-10", "FR-13", "FR-14", "FR-27", "FR-28", "FR-29"]
    game, moves = _french_turn(5, {"Charleroi": [*corps, "NAP"], "Beaumont": ["FR-1", "FR-3", "FR-4"]})
    assert game.view("french").night
    forced = [m for m in moves if m.forced]
    assert forced, moves
    assert {_path(m)[0] for m in forced} == {"Charleroi"}, forced


def test_napoleon_joins_the_main_force_but_never_alone_across_the_country_10_1():
    corps = ["FR-2", "FR-8", "FR-10", "FR-13", "FR-14", "FR-27", "FR-28", "FR-29", "FR-30", "FR-31"]
    # alone at Philippeville, the main force at Namur: he does not set off alone (a lone leader can be caught,
    # 7.5, and Napoleon's death loses the game, 10.0)
    game, _moves = _french_turn(3, {"Philippeville": ["NAP"], "Namur": corps})
    assert loc(game, "NAP") == "Philippeville"
    # with a few blocks at Châtelet, behind the main force: he goes with troops toward it (where he stands,
    # its forced marches lose a step less often and may go on at night, 5.5, 10.1)
    game, _moves = _french_turn(3, {"Châtelet": ["NAP", "FR-1", "FR-3", "FR-4"], "Namur": corps})
    mi = map_info()
    ends = [loc(game, u) for u in corps]
    main = max(sorted(set(ends)), key=ends.count)
    nap = loc(game, "NAP")
    assert mi.dist[nap][main] < mi.dist["Châtelet"][main], (nap, main)
    assert any(loc(game, u) == nap for u in game.state.units if u.startswith("FR-")), nap


# --- the movement planner's parts (ai/napoleon/{garrisons,objectives,attacks,marches,leaders}.py) ----------


def _planner(turn: int, placing: dict[str, list[str]], prussians_at: dict[str, int] | None = None):
    """The French movement planner on a cleared board, as ``_french_turn`` sets it (the other French blocks
    at Lille, the Prussians not in ``prussians_at`` and Blücher at Malines)."""
    game = cleared(turn=turn)
    placed = {u for ids in placing.values() for u in ids}
    place(game, "Lille", *[u for u in game.state.units if u.startswith("FR-") and u not in placed])
    prussians = [u for u in game.state.units if u.startswith("PR-")]
    for town, n in (prussians_at or {}).items():
        place(game, town, *prussians[:n])
        prussians = prussians[n:]
    place(game, "Malines", *prussians, "BLU")
    for town, ids in placing.items():
        place(game, town, *ids)
    mi = map_info()
    return MovePlanner(situation(game.view("french"), mi), game.legal("french"), mi, random.Random(1))


def _mobile(p: MovePlanner) -> list[str]:
    return sorted(u for u in set(p.legal.moves) | set(p.legal.forced) if p.sit.block[u].type != "leader")


def test_a_taken_supply_base_keeps_foot_and_artillery_the_cavalry_moves_on_11_0():
    # FR-6 artillery 2, FR-8 and FR-2 infantry 4 and 3: 9 cv and 3 blocks hold Liège; the cavalry is free
    p = _planner(3, {"Liège": ["FR-6", "FR-8", "FR-2", "FR-5", "FR-11"]})
    choose_garrisons(p)
    assert p.held == {"Liège"}
    assert p.locked == {"FR-6", "FR-8", "FR-2"}
    assert p.garrison_cv["Liège"] == 9


def test_a_target_is_kept_from_turn_to_turn_the_others_march_on_a_base_11_0():
    p = _planner(1, {"St-Trond": ["FR-1", "FR-2", "FR-3", "FR-8"]})
    p.memory["FR-1"] = "Brussels"
    choose_garrisons(p)
    value, need = objectives(p)
    assert set(value) == {"Brussels", "Ghent", "Liège"}
    targets = update_targets(p, _mobile(p), value, need)
    assert targets["FR-1"] == "Brussels"
    assert {targets[u] for u in ("FR-2", "FR-3", "FR-8")} == {"Liège"}  # one town away, worth the most
    assert p.memory == targets


def _attacks(p: MovePlanner):
    choose_garrisons(p)
    value, need = objectives(p)
    mobile = _mobile(p)
    targets = update_targets(p, mobile, value, need)
    gm_left = dict(FULL_GROUP_MOVES)
    return plan_attacks(p, mobile, targets, value, gm_left), gm_left


def test_the_attack_part_attacks_one_block_with_three_and_spends_one_group_move_6_1_5_1():
    (moves, used, _pri), gm_left = _attacks(
        _planner(1, {"St-Trond": ["FR-2", "FR-8", "FR-10"]}, {"Liège": 1})
    )
    assert [(m.path[-1], m.attack, len(m.units)) for m in moves] == [("Liège", True, 3)]
    assert used == {("french", "St-Trond")} and gm_left["french"] == 2


def test_the_attack_part_leaves_a_stronger_stack_alone_6_1():
    (moves, used, _pri), gm_left = _attacks(_planner(1, {"St-Trond": ["FR-1", "FR-3", "FR-4"]}, {"Liège": 8}))
    assert moves == [] and used == set() and gm_left["french"] == 3


def test_an_empty_supply_base_is_grabbed_by_the_units_next_to_it_11_0():
    p = _planner(1, {"St-Trond": ["FR-1", "FR-2", "FR-3", "FR-4", "FR-8"]})
    choose_garrisons(p)
    value, _need = objectives(p)
    gm_left = dict(FULL_GROUP_MOVES)
    moves, new = plan_grabs(p, _mobile(p), value, gm_left, [], set())
    assert {m.path[-1] for m in moves} == {"Liège"} and not any(m.attack for m in moves)
    assert 1 <= sum(len(m.units) for m in moves) <= 4
    assert new == {("french", "St-Trond")} and gm_left["french"] == 2


def test_a_main_body_waits_for_the_detachments_next_to_it_5_1():
    main = ["FR-1", "FR-2", "FR-3", "FR-4", "FR-7", "FR-8", "FR-9", "FR-10"]  # 20 cv
    p = _planner(1, {"Charleroi": main, "Gosselies": ["FR-13", "FR-14"], "Fleurus": ["FR-27", "FR-29"]})
    mobile = [*main, "FR-13", "FR-14", "FR-27", "FR-29"]
    orders = task_forces(p, mobile, dict.fromkeys(mobile, "Brussels"))
    assert orders[("Charleroi", "Brussels")] == "wait"  # 12 cv next door: half the main body's
    assert orders[("Gosselies", "Brussels")] == orders[("Fleurus", "Brussels")] == "Charleroi"
    assert p.closers == {("Gosselies", "Brussels"), ("Fleurus", "Brussels")}
    # without them, it marches on
    p = _planner(1, {"Charleroi": main})
    assert task_forces(p, main, dict.fromkeys(main, "Brussels")) == {("Charleroi", "Brussels"): "Brussels"}


def test_a_main_body_stopped_two_turns_goes_round_by_its_waypoint_at_once_5_0():
    # four blocks at Marchienne marching on Namur, the Prussians at Charleroi in the way: stopped a turn
    # already, the second turn stopped it takes the way round, marching toward the waypoint now (it used to
    # be sent toward the force's last town, here Marchienne itself: a third turn standing still)
    main = ["FR-1", "FR-2", "FR-3", "FR-4"]
    p = _planner(1, {"Marchienne": main}, {"Charleroi": 4})
    p.tf["Namur"] = TaskForce(wait=1)
    orders = task_forces(p, main, dict.fromkeys(main, "Namur"))
    way = p.tf["Namur"].via
    assert way is not None and way not in ("Marchienne", "Charleroi")
    assert orders == {("Marchienne", "Namur"): way}
    moves, gain = march(p, "Marchienne", main, way, "Namur")
    assert gain > 0 and sorted(u for m in moves for u in m.units) == main  # and it does march


def test_a_march_keeps_the_cavalry_with_the_infantry_5_2():
    group = ["FR-1", "FR-2", "FR-3", "FR-5", "FR-11"]  # infantry and cavalry (cavalry moves 2, 5.2)
    p = _planner(1, {"Charleroi": group})
    moves, gain = march(p, "Charleroi", group, "Brussels", "Brussels")
    ends = {m.path[-1] for m in moves}
    assert len(ends) == 1 and sorted(u for m in moves for u in m.units) == sorted(group), moves
    assert gain > 0 and p.mi.dist[ends.pop()]["Brussels"] < p.mi.dist["Charleroi"]["Brussels"]


def test_a_lone_leader_next_to_the_enemy_gets_away_from_it_7_5():
    # Napoleon alone at Gosselies, 6 Prussian blocks next door at Fleurus: he leaves for a town out of
    # their reach next turn (a lone leader can be caught, 7.5; his death loses the game, 10.0)
    p = _planner(1, {"Gosselies": ["NAP"], "Charleroi": ["FR-1", "FR-2", "FR-3", "FR-8"]}, {"Fleurus": 6})
    moves = plan_leaders(p, ["NAP"], [], [], {}, {})
    assert [m.units for m in moves] == [["NAP"]]
    assert p.mi.dist[moves[0].path[-1]]["Fleurus"] >= 2, moves


def test_free_deployment_fills_the_allied_bases_and_puts_each_leader_with_the_biggest_group_3_1():
    game = new_game(Options(setup="free"), seed=1)
    mi = map_info()
    sit, legal = situation(game.view("allied"), mi), game.legal("allied")
    orders = plan_setup(sit, legal, mi)
    assert isinstance(orders[-1], End) and all(isinstance(o, Setup) for o in orders[:-1])
    setups = [o for o in orders if isinstance(o, Setup)]
    for o in setups:
        assert all(o.town in legal.setup_towns[u] for u in o.units), o
    for army, leader in (("BR", "WEL"), ("PR", "BLU")):
        mine = [o for o in setups if o.units[0].startswith(army)]
        assert mi.bases[mine[0].town][0].startswith(army.lower()[0]), mine[0]  # its own base first
        assert leader in max(mine, key=lambda o: len(o.units)).units
