"""Napoleon's pictures: the campaign map, the battle board and the replay, drawn from views only.

Reference images live in tests/fixtures/reference/ at a quarter of their size and are compared by mean
absolute difference, so that a change of font hinting or anti-aliasing does not break them while a moved
block, a lost label or a wrong colour does. After an intended change of the pictures, regenerate them with

    REGENERATE_REFERENCES=1 python -m pytest tests/napoleon/test_render.py -k reference

and look at them before committing.
"""

from __future__ import annotations

import io
import itertools
import math
import os
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from bot.outbox import DM, Post
from bot.pictures import NoPictures
from bot.service import Caller, Service
from bot.storage import Store
from engine.napoleon import Options, new_game
from engine.script import public_views
from renderers import colours as C
from renderers import fonts
from renderers.geometry import inside, overlap
from renderers.napoleon import battle as battle_r
from renderers.napoleon import colours as NC
from renderers.napoleon import map as map_r
from renderers.napoleon import text as T
from renderers.napoleon.battle import render_battle
from renderers.napoleon.map import HEIGHT, TITLE_H, WIDTH, render_map
from renderers.napoleon.replay import render_replay
from renderers.napoleon.samples import BATTLE_SCRIPT, battle_game, random_battle_games
from tools.samples import random_games, script_game, walk

REFERENCE = Path(__file__).resolve().parents[1] / "fixtures" / "reference"
REF_SCALE = 4  # references are stored at 1/4 of the picture's size
MAX_MEAN_DIFF = 3.0  # mean absolute difference per channel (0..255) allowed against a reference


def _roles(players: int) -> tuple[str, ...]:
    return ("public", "french", "allied") if players == 2 else ("public", "french", "british", "prussian")


def _png(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


# ---------------------------------------------------------------------------------------------------------
# colours and fonts


ARMY_COLOURS = {
    "French": NC.FRENCH,
    "Guard green": NC.GUARD_GREEN,
    "British": NC.BRITISH,
    "Prussian": NC.PRUSSIAN,
}


@pytest.mark.parametrize("kind", [None, "protanopia", "deuteranopia", "tritanopia"])
def test_army_colours_stay_apart_under_colour_blindness(kind):
    """Machado et al. (2009) simulation; CIE76 difference above 25 (about ten just-noticeable steps)."""
    for (a, x), (b, y) in itertools.combinations(ARMY_COLOURS.items(), 2):
        xs = C.simulate(x, kind) if kind else x
        ys = C.simulate(y, kind) if kind else y
        assert C.delta_e(xs, ys) > 25, f"{a} and {b} are too close for {kind or 'normal vision'}"


def test_cvd_simulation_keeps_greys_and_confuses_red_with_green():
    for kind in C.CVD:
        grey = C.simulate((128, 128, 128), kind)
        assert max(grey) - min(grey) <= 2
    red, green = (200, 60, 40), (90, 120, 40)
    assert (
        C.delta_e(C.simulate(red, "deuteranopia"), C.simulate(green, "deuteranopia"))
        < C.delta_e(red, green) / 2
    )


def test_the_font_ships_with_the_package_and_is_loaded_by_path():
    for family in fonts.FAMILIES.values():
        for name in family.values():
            assert (fonts.FONT_DIR / name).is_file()
    assert list(fonts.FONT_DIR.glob("LICENSE*")), "the font's licence must ship with it"
    f = fonts.font(14, "bold")
    assert Path(f.path).resolve().parent == fonts.FONT_DIR
    assert fonts.FONT_DIR.parent == Path(sys.modules["renderers"].__file__).resolve().parent


# ---------------------------------------------------------------------------------------------------------
# every state draws


def test_maps_of_random_campaigns_draw_for_every_role():
    n = 0
    for game in random_games(range(20, 26), every=37):
        for role in _roles(game.options.players):
            im = _png(render_map(game.view(role, events=False)))
            assert im.size == (WIDTH, HEIGHT)
            n += 1
    assert n > 30


def test_battle_boards_of_random_battles_draw_for_every_role():
    statuses = set()
    n = 0
    for seed in (1, 2, 3):
        for game in random_battle_games(seed, steps=30):
            for role in _roles(game.options.players):
                v = game.view(role, events=False)
                for b in v.battles:
                    statuses.add(b.status)
                    im = _png(render_battle(b, role))
                    assert im.width == 1400 and 600 < im.height < 1400
                    n += 1
                if n % 7 == 0:
                    render_map(v)
    assert n > 20
    assert {"deploy", "fighting"} <= statuses


def test_three_player_private_maps_draw():
    game = new_game(Options(setup="historical", players=3), seed=2)
    for role in _roles(3):
        assert _png(render_map(game.view(role))).size == (WIDTH, HEIGHT)


@pytest.mark.parametrize("locale", T.LOCALES)
def test_no_text_is_drawn_under_12_px(locale):
    fonts.SIZES_USED.clear()
    game = battle_game()
    for role in _roles(2):
        v = game.view(role)
        render_map(v, locale=locale)
        for b in v.battles:
            render_battle(b, role, locale)
    map_r._legend(locale)  # the cached layers too
    battle_r._key.__wrapped__(locale)
    assert fonts.SIZES_USED, "no text was measured"
    assert min(fonts.SIZES_USED) >= fonts.MIN_TEXT_PX, sorted(fonts.SIZES_USED)


def test_the_map_is_posted_at_its_drawn_size_and_under_1_mb():
    game = new_game(Options(setup="historical"), seed=1)
    data = render_map(game.view("allied"))
    im = _png(data)
    assert im.size == (1900, 1400)  # no scaling after drawing: the text sizes are the sizes seen
    assert im.mode == "P"  # indexed: a fixed palette, chosen for size and speed
    assert len(data) < 1_000_000


# ---------------------------------------------------------------------------------------------------------
# the cards of blocks on the map: each reads as its own town's (docs/pictures.md)


def _card_problems(view, locale: str = "en") -> list[str]:
    """What is wrong with the block cards of ``view``'s map as :func:`renderers.napoleon.map.card_layout` lays
    them out (the layout the picture draws): a card without a leader line must have its centre nearer its own
    town than any other town's dot; a leader line starts at its own town and ends on its card; no card
    covers another town's dot, another town's name (its own only wholly, said in its header), another card,
    the key or the panel, or leaves the map."""
    base = map_r.base_for(map_r._scenario(None), locale)
    placed = map_r.card_layout(view, locale=locale)
    panel = map_r._panel_layout(base, view, locale)
    walls = {"the key": base.legend, **({"the panel": panel.box} if panel else {})}
    pos = base.layout.towns
    problems = []
    occupied = {t.name for t in view.towns if t.blocks}
    if set(placed) != occupied:
        problems.append(f"cards for {sorted(set(placed))}, blocks in {sorted(occupied)}")
    for town, p in sorted(placed.items()):
        box = p.box
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        if p.key:  # in the margin: its letter in a tag touching its town's dot, no leader line
            if p.tag is None or p.leader is not None or _gap(p.tag, pos[town]) > 6:
                problems.append(f"{town}'s card in the margin has no tag touching its town")
            for t, dot in base.dots.items():
                if p.tag is not None and t != town and overlap(p.tag, dot):
                    problems.append(f"{town}'s tag covers {t}'s dot")
        elif p.leader is None:
            own = math.dist(centre, pos[town])
            nearer = sorted(t for t, q in pos.items() if t != town and math.dist(centre, q) <= own)
            if nearer:
                problems.append(f"{town}'s card is as near {nearer[0]} as its own town, with no leader line")
        else:
            start, end = p.leader
            if math.dist(start, pos[town]) > 0.01:
                problems.append(f"{town}'s leader line does not start at its town")
            on_edge = (
                box[0] <= end[0] <= box[2]
                and box[1] <= end[1] <= box[3]
                and (end[0] in (box[0], box[2]) or end[1] in (box[1], box[3]))
            )
            if not on_edge:
                problems.append(f"{town}'s leader line does not end on its card")
        for t, dot in base.dots.items():
            if t != town and overlap(box, dot):
                problems.append(f"{town}'s card covers {t}'s dot")
        for t, label in base.labels.items():
            if overlap(box, label) and not (t == town and p.over_name):  # its own, said in its header
                problems.append(f"{town}'s card covers the name {t}")
        for t, q in placed.items():
            if t > town and overlap(box, q.box):
                problems.append(f"{town}'s card overlaps {t}'s")
        for what, wall in walls.items():
            if overlap(box, wall):
                problems.append(f"{town}'s card covers {what}")
        if not inside(box, (0, TITLE_H, WIDTH, HEIGHT)):
            problems.append(f"{town}'s card leaves the map")
    return problems


def _gap(box, at) -> float:
    return math.hypot(max(box[0] - at[0], at[0] - box[2], 0.0), max(box[1] - at[1], at[1] - box[3], 0.0))


def _random_views():
    """Views of random games (the fuzzer's legal orders): both editions, 2 and 3 players, historical, free
    and initiative set-ups, every role's and the public one, from the set-up to the middle of the game."""
    runs = [
        ("3rd", 2, "historical", 3),
        ("3.4", 2, "free", 4),
        ("3rd", 3, "initiative", 5),
        ("3.4", 3, "historical", 6),
    ]
    for ruleset, players, setup, seed in runs:
        game = new_game(Options(ruleset=ruleset, setup=setup, players=players), seed)
        for g in itertools.chain([game], walk(game, random.Random(seed), every=60, max_orders=239)):
            for role in _roles(players):
                yield (
                    f"{ruleset} {players}p {setup} seed {seed}, order {g.state.orders}, {role}",
                    g.view(role, events=False),
                )


def test_every_card_reads_as_its_own_towns_on_random_maps():
    n = 0
    failures = []
    for i, (where, view) in enumerate(_random_views()):
        for locale in ("en", "ja") if i % 4 == 0 else ("en",):
            failures += [f"{where} ({locale}): {p}" for p in _card_problems(view, locale)]
            n += 1
    assert n >= 60
    assert not failures, "\n".join(failures[:20])


def _placed(players: int, places: dict[str, list[str]]):
    game = new_game(Options(setup="historical", players=players), seed=1)
    for town, units in places.items():
        for unit in units:
            game.place(unit, town)
    return game


# The stacks that the issue's private maps drew beside the wrong town (found on the fuzzer's maps and cut
# down to the stacks that matter): (players, whose map, stacks placed, the town, the other town, the fault)
NAMED_CASES = {
    "the Ligny stack on the Châtelet dot": (
        2,
        "allied",
        {"Ligny": ["PR-4", "PR-5", "PR-6", "PR-7", "PR-8", "PR-9"]},
        "Ligny",
        "Châtelet",
        "dot",
    ),
    "the Châtelet stack under Fleurus": (
        2,
        "allied",
        {
            "Châtelet": ["PR-6"],
            "Fleurus": ["PR-23", "PR-8", "PR-19", "PR-5", "PR-15"],
            "Dinant": ["PR-14", "PR-24", "PR-2", "PR-3"],
        },
        "Châtelet",
        "Fleurus",
        "nearer",
    ),
    "the Nivelles stack over Hal": (
        2,
        "french",
        {"Nivelles": ["FR-7", "FR-8", "FR-9"]},
        "Nivelles",
        "Hal",
        "name",
    ),
    "the Laneffe stack by Mariembourg": (
        2,
        "french",
        {
            "Laneffe": ["FR-13"],
            "Marchienne": ["FR-16", "FR-27", "FR-30", "FR-31"],
            "Fleurus": ["FR-34", "FR-35"],
        },
        "Laneffe",
        "Mariembourg",
        "nearer",
    ),
}


@pytest.mark.parametrize("case", sorted(NAMED_CASES))
def test_the_issues_misplaced_stacks_stand_by_their_own_towns(case):
    players, role, places, town, other, fault = NAMED_CASES[case]
    view = _placed(players, places).view(role)
    base = map_r.base_for(map_r._scenario(None))
    card = map_r.card_layout(view)[town]
    box, pos = card.box, base.layout.towns
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    assert not overlap(box, base.dots[other]), f"{town}'s card covers {other}'s dot"
    assert not overlap(box, base.labels[other]), f"{town}'s card covers the name {other}"
    if fault == "nearer":
        assert math.dist(centre, pos[town]) < math.dist(centre, pos[other]), (
            f"{town}'s card stands by {other}"
        )
    assert _card_problems(view) == []


def test_card_layout_is_what_the_map_draws(monkeypatch):
    """The pure layout and the picture agree: every card is drawn where :func:`card_layout` puts it, and
    every leader line as it says."""
    players, role, places, *_ = NAMED_CASES["the Laneffe stack by Mariembourg"]
    view = _placed(players, places).view(role)
    placed = map_r.card_layout(view)
    assert any(p.leader for p in placed.values()) and any(not p.leader for p in placed.values())
    cards, lines = [], []
    real_box, real_line = ImageDraw.ImageDraw.rounded_rectangle, ImageDraw.ImageDraw.line

    def box_spy(self, xy, *args, **kw):
        if kw.get("fill") == C.PANEL_BG and kw.get("radius") == 5:
            cards.append(tuple(xy))
        return real_box(self, xy, *args, **kw)

    def line_spy(self, xy, *args, **kw):
        if kw.get("width") == 3:
            lines.append(tuple(xy))
        return real_line(self, xy, *args, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "rounded_rectangle", box_spy)
    monkeypatch.setattr(ImageDraw.ImageDraw, "line", line_spy)
    render_map(view)
    assert sorted(cards) == sorted((b[0], b[1], b[2] - 1, b[3] - 1) for b in (p.box for p in placed.values()))
    drawn = [(*p.leader[0], *(p.bend or ()), *p.leader[1]) for p in placed.values() if p.leader]
    assert sorted(lines) == sorted(drawn)


def test_the_card_layout_is_pure_and_deterministic():
    from renderers.cards import Card, place_cards

    towns = {"A": (100.0, 100.0), "B": (160.0, 100.0), "C": (400.0, 300.0)}
    dots = {n: (x - 8, y - 8, x + 8, y + 8) for n, (x, y) in towns.items()}
    labels = {n: (x + 10, y - 9, x + 60, y + 9) for n, (x, y) in towns.items()}
    cards = [Card("A", ((120, 90),), ((120, 110),)), Card("C", ((50, 44),), ((50, 64),))]
    one = place_cards(cards, towns, dots, labels, (0, 0, 800, 600))
    assert one == place_cards(
        list(reversed(cards)), dict(reversed(towns.items())), dots, labels, (0, 0, 800, 600)
    )
    # A's card is too big to dock between A's name and B: it is displaced, with a leader line from A
    assert one["A"].leader is not None and one["A"].leader[0] == towns["A"]
    assert one["C"].leader is None  # C has room: docked, its centre nearest C
    for p in one.values():
        assert not any(overlap(p.box, b) for n, b in dots.items() if n != p.town)
        assert not any(overlap(p.box, b) for b in labels.values())


def _drawn_heads(b, role: str, locale: str, monkeypatch) -> tuple[list[tuple], list[tuple]]:
    """The boxes of the columns' titles and of the "last fire" tags as the battle board draws them
    (measured from the texts drawn; a tag's box is its text and the tag's 6 px either side)."""
    drawn = []
    real = battle_r.draw_text

    def spy(d, xy, text, size, weight="regular", script="latin", anchor=None, **kw):
        f = fonts.font(size, weight, script)
        w = fonts.text_length(text, size, weight, script)
        ascent, descent = f.getmetrics()
        a = anchor or "la"
        x = xy[0] - {"l": 0, "m": w / 2, "r": w}[a[0]]
        y = xy[1] - {"a": 0, "m": (ascent + descent) / 2}.get(a[1], ascent)
        drawn.append((text, size, weight, (x, y, x + w, y + ascent + descent)))
        return real(d, xy, text, size, weight, script, anchor=anchor, **kw)

    monkeypatch.setattr(battle_r, "draw_text", spy)
    render_battle(b, role, locale)
    monkeypatch.setattr(battle_r, "draw_text", real)
    pattern = re.escape(T.say("cell.last_fire", locale, n=7)).replace("7", r"\d+")
    pattern_one = re.escape(T.say("cell.last_fire", locale, n=1)).replace("1", r"\d+")
    fire = re.compile(f"^({pattern}|{pattern_one})$")
    tags = [(x0 - 6, y0, x1 + 6, y1) for t, _, _, (x0, y0, x1, y1) in drawn if fire.match(t)]
    titles = [box for t, size, weight, box in drawn if size == battle_r.HEAD_PX and weight == "bold"]
    return tags, titles


def test_the_last_fire_tag_never_covers_a_columns_title(monkeypatch):
    """On battle boards of random games (the fuzzer's battles, every role, both languages) the "last fire"
    tag stands clear of every column's title: beside it when there is room, else on a line of its own."""
    seen = set()
    n = 0
    failures = []
    for game in random_games(range(1, 5), every=3, max_orders=400):
        for role in _roles(game.options.players):
            for b in game.view(role, events=False).battles:
                key = (game.state.seed, b.town, b.status, str(b.last_fire), role)
                if not b.last_fire or key in seen:
                    continue
                seen.add(key)
                for locale in T.LOCALES:
                    tags, titles = _drawn_heads(b, role, locale, monkeypatch)
                    n += len(tags)
                    for tag in tags:
                        if any(overlap(tag, title) for title in titles):
                            failures.append(f"seed {game.state.seed}, {b.town}, {role}, {locale}")
    assert n >= 20
    assert not failures, failures[:10]


def test_battle_column_tags_go_under_the_title_when_they_do_not_fit():
    head = battle_r.head_layout(
        "Allied Center", [("engaged", "⚔ engaged"), ("last_fire", "last fire: 2 hits")], 321
    )
    assert head.height > battle_r.HEAD_H
    short = battle_r.head_layout("Allied Center", [("last_fire", "last fire: 2 hits")], 321)
    assert short.height == battle_r.HEAD_H
    for h in (head, short):
        for _, _, box in h.tags:
            assert not overlap(box, h.title_box) and box[2] <= 321
    # the pure header layout is what the board's boxes report
    b = battle_game().view("allied").battles[0]
    boxes = {spot: (title, tags) for spot, title, tags in battle_r.header_boxes(b)}
    target = b.last_fire["target"]
    assert "last_fire" in boxes[target][1]
    assert all(not overlap(tag, title) for title, tags in boxes.values() for tag in tags.values())


# ---------------------------------------------------------------------------------------------------------
# hidden information


def _swap_hidden_french(game) -> None:
    """Exchange two French blocks of different towns and weaken a third: facts only the French may see."""
    french = sorted(
        (u for u in game.state.units.values() if u.army == "french" and u.location), key=lambda u: u.id
    )
    a = french[0]
    b = next(u for u in french if u.location != a.location and u.type != "leader")
    ta, tb = a.location, b.location
    game.place(a.id, tb)
    game.place(b.id, ta)
    c = next(u for u in french if u.max_cv > 1 and u.id not in (a.id, b.id))
    game.place(c.id, c.location, c.max_cv - 1)


def test_the_public_map_does_not_change_when_hidden_facts_change():
    one = new_game(Options(setup="historical"), seed=1)
    two = new_game(Options(setup="historical"), seed=1)
    _swap_hidden_french(two)
    assert one.view("french", events=False) != two.view("french", events=False)
    assert one.view("public", events=False) == two.view("public", events=False)
    assert render_map(one.view("public")) == render_map(two.view("public"))
    assert render_map(one.view("allied")) == render_map(two.view("allied"))
    assert render_map(one.view("french")) != render_map(two.view("french"))


def test_the_public_battle_board_does_not_change_when_a_hidden_reserve_changes():
    # the same battle, but the French reserve holds FR-6 instead of FR-5 (never revealed)
    other = BATTLE_SCRIPT.replace("FR-5", "FR-6")
    one, two = battle_game(), script_game(other)
    pub1, pub2 = one.view("public", events=False), two.view("public", events=False)
    assert pub1.battles and pub1.battles == pub2.battles
    assert render_battle(pub1.battles[0]) == render_battle(pub2.battles[0])
    fr1, fr2 = one.view("french", events=False), two.view("french", events=False)
    assert render_battle(fr1.battles[0], "french") != render_battle(fr2.battles[0], "french")


def test_the_same_view_gives_the_same_bytes():
    game = new_game(Options(setup="historical"), seed=1)
    v = game.view("french")
    first = render_map(v)
    render_map(game.view("public"))  # caches warmed in another order change nothing
    assert render_map(v) == first


# ---------------------------------------------------------------------------------------------------------
# replay


def test_replay_is_an_animated_gif_one_frame_a_turn():
    game = list(random_games(range(31, 32), every=1000))[-1]
    views = public_views(game.script())
    assert [v.turn for v in views] == sorted(v.turn for v in views)
    assert all(v.role == "public" for v in views)
    data = render_replay(views)
    gif = Image.open(io.BytesIO(data))
    assert gif.format == "GIF" and gif.is_animated
    assert gif.n_frames <= len(views) and gif.n_frames >= min(len(views), 3)
    assert len(data) < 8_000_000


# ---------------------------------------------------------------------------------------------------------
# reference images


def _ref_start_public() -> bytes:
    return render_map(new_game(Options(setup="historical"), seed=1).view("public"))


def _ref_start_french() -> bytes:
    return render_map(new_game(Options(setup="historical"), seed=1).view("french"))


def _ref_battle(role: str) -> Callable[[], bytes]:
    def draw() -> bytes:
        v = battle_game().view(role)
        return render_battle(v.battles[0], role)

    return draw


REFERENCES: dict[str, Callable[[], bytes]] = {
    "map-start-public": _ref_start_public,
    "map-start-french": _ref_start_french,
    "battle-public": _ref_battle("public"),
    "battle-allied": _ref_battle("allied"),
}


def _small(data: bytes) -> Image.Image:
    im = _png(data).convert("RGB")
    return im.resize((im.width // REF_SCALE, im.height // REF_SCALE), Image.Resampling.BOX)


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_pictures_match_their_reference(name):
    path = REFERENCE / f"{name}.png"
    got = _small(REFERENCES[name]())
    if os.environ.get("REGENERATE_REFERENCES"):
        REFERENCE.mkdir(exist_ok=True)
        got.save(path, optimize=True)
        pytest.skip(f"wrote {path}")
    assert path.is_file(), f"missing {path}: see this file's docstring to regenerate the references"
    ref = Image.open(path).convert("RGB")
    assert got.size == ref.size, f"{name}: size {got.size}, reference {ref.size}"
    diff = ImageStat.Stat(ImageChops.difference(got, ref)).mean
    assert max(diff) < MAX_MEAN_DIFF, f"{name} differs from its reference by {diff} (mean per channel)"


def test_the_demo_writes_its_sample_pictures(tmp_path):
    from tools.picture_demo import main

    assert main([str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.iterdir()}
    assert {
        "map-public.png",
        "map-french.png",
        "map-allied.png",
        "battle-public.png",
        "battle-french.png",
        "battle-allied.png",
        "replay.gif",
    } <= names


def test_the_demo_of_another_game_writes_that_games_sample_pictures(tmp_path):
    from tools.picture_demo import main

    assert main([str(tmp_path), "--game", "liberty"]) == 0
    names = {p.name for p in tmp_path.iterdir()}
    assert {"map-1775-public.png", "battle-british.png", "hand-american-ja.png"} <= names
    assert main([str(tmp_path / "x"), "--game", "chess"]) == 2


# ---------------------------------------------------------------------------------------------------------
# languages


def test_the_catalogues_have_the_same_texts():
    """Every text of the pictures exists in English and in Japanese, with the same fields."""
    missing_ja = sorted(set(T.EN) - set(T.JA))
    missing_en = sorted(set(T.JA) - set(T.EN))
    assert not missing_ja, f"no Japanese for {missing_ja}"
    assert not missing_en, f"no English for {missing_en}"
    fields = re.compile(r"{(\w+)")
    for key, en in T.EN.items():
        assert set(fields.findall(en)) == set(fields.findall(T.JA[key])), key


def test_the_japanese_font_ships_with_its_licence_and_has_japanese_glyphs():
    assert (fonts.FONT_DIR / "ipaexg.ttf").is_file()
    assert (fonts.FONT_DIR / "IPA_Font_License_Agreement_v1.0.txt").is_file()
    f = fonts.font(14, script="ja")
    assert Path(f.path).resolve() == fonts.FONT_DIR / "ipaexg.ttf"
    assert f.getmask("凡例").getbbox() is not None
    assert fonts.font_path("bold", "ja") == fonts.FONT_DIR / "ipaexg.ttf"
    # a sign IPAexGothic lacks is drawn in DejaVu
    assert [p for p, _ in fonts.runs("☾ 夜", 14, script="ja")] == ["☾", " 夜"]
    assert fonts.text_length("☾ 夜", 14, script="ja") > fonts.font(14, script="ja").getlength(" 夜")


def test_the_key_is_drawn_in_each_language():
    en, ja = map_r._legend("en"), map_r._legend("ja")
    assert en.tobytes() != ja.tobytes()
    assert battle_r._key("en").tobytes() != battle_r._key("ja").tobytes()
    sc = map_r._scenario(None)
    assert map_r.base_for(sc, "ja") is not map_r.base_for(sc, "en")
    assert map_r.base_for(sc, "ja") is map_r.base_for(sc, "ja")  # cached per locale


def test_every_role_draws_in_japanese():
    for players in (2, 3):
        game = new_game(Options(setup="historical", players=players), seed=1)
        for role in _roles(players):
            v = game.view(role)
            ja = render_map(v, locale="ja")
            assert _png(ja).size == (WIDTH, HEIGHT)
            assert ja != render_map(v), role
    game = battle_game()
    for role in _roles(2):
        v = game.view(role)
        for b in v.battles:
            ja = render_battle(b, role, "ja")
            assert _png(ja).width == 1400
            assert ja != render_battle(b, role)
    views = public_views(game.script())
    gif = Image.open(io.BytesIO(render_replay(views, locale="ja")))
    assert gif.format == "GIF" and gif.n_frames >= 2


def test_japanese_pictures_draw_no_english_text(monkeypatch):
    """Every fixed text of a Japanese picture comes from the Japanese catalogue: no English piece of the
    English catalogue is drawn (town names and unit ids are the data's own, in both)."""
    drawn: list[str] = []
    real = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kw):
        drawn.append(str(text))
        return real(self, xy, text, *args, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    game = battle_game()
    for role in _roles(2):
        v = game.view(role)
        render_map(v, locale="ja")
        for b in v.battles:
            render_battle(b, role, "ja")
    over = list(random_games(range(7, 8), every=10_000))[-1]
    assert over.over
    render_map(over.view("public", events=False), locale="ja")
    render_map(new_game(Options(setup="free"), seed=1).view("french"), locale="ja")
    map_r._legend("ja")
    battle_r._key.__wrapped__("ja")
    assert drawn
    japanese = " ".join(T.JA.values())
    english = set()
    for template in T.EN.values():
        for piece in re.split(r"{\w+}", template):
            if sum(ch.isalpha() for ch in piece) >= 4 and piece.strip() not in japanese:
                english.add(piece.strip())
    leaks = {(e, d) for d in drawn for e in english if re.search(rf"(?<![\w-]){re.escape(e)}(?![\w-])", d)}
    assert not leaks, sorted(leaks)


def test_a_result_reason_is_translated():
    assert T.reason("Napoleon was killed (10.0)", "ja") == "ナポレオンが戦死した(10.0)"
    assert T.reason("Napoleon was killed (10.0)", "en") == "Napoleon was killed (10.0)"
    assert T.reason("something new", "ja") == "something new"  # unknown: as given


class RecordingPictures(NoPictures):
    """Remembers the locale each picture was asked in."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str, str]] = []

    def run(self, job):
        self.calls.append((job.kind, job.role, job.locale))
        return super().run(job)


async def test_a_japanese_speaking_players_pictures_are_drawn_in_japanese(tmp_path):
    host, alice, bob, channel = 1, 2, 3, 100
    store = Store(tmp_path / "p.db")
    await store.open()
    try:
        pictures = RecordingPictures()
        svc = Service(store, pictures=pictures, seed_source=lambda: 42)
        await svc.new_game(Caller(host, channel, 9), "setup=historical")  # an English game
        await svc.join(Caller(alice, channel, 9, locale="ja"))  # Alice speaks Japanese
        await svc.join(Caller(bob, channel, 9))
        res = await svc.start(Caller(host, channel, 9))
        for m in res.outbox:
            for p in getattr(m, "pictures", ()):
                assert await svc.draw(p)  # drawn when sent
        dm = next(m for m in res.outbox if isinstance(m, DM) and m.user_id == alice)
        assert ("map", "french", "ja") in pictures.calls
        assert "-ja-" in dm.pictures[0].filename
        assert ("map", "allied", "en") in pictures.calls  # Bob's DM
        assert ("map", "public", "en") in pictures.calls  # the channel post: the game's language
        post = next(m for m in res.outbox if isinstance(m, Post) and m.channel_id == channel)
        assert post.pictures[0].filename.endswith("-en-public.png")
        pictures.calls.clear()
        mine = await svc.map(Caller(alice, channel, 9, locale="ja"))  # a reply to her: her language
        assert await svc.draw(mine.reply.pictures[0]) and pictures.calls == [("map", "french", "ja")]
        await svc.idle()
    finally:
        await store.close()


def test_a_card_layout_kept_is_the_layout_made_anew():
    """The map keeps its cards' places by what decides them (renderers/napoleon/map.py ``Base.placed``): a
    battle turn, or another map whose cards have the same sizes, is laid out once. What is kept must be
    what laying them out again gives, and a caller changing its copy changes nothing kept."""
    from data.napoleon import load_scenario

    sc = load_scenario()
    base = map_r.base_for(sc)
    game = battle_game()
    for role in ("public", "french", "allied"):
        view = game.view(role, events=False)
        first = map_r.card_layout(view, sc)
        first.clear()
        kept = map_r.card_layout(view, sc)
        assert kept and len(base.placed) >= 1
        base.placed.clear()
        assert map_r.card_layout(view, sc) == kept
