"""Sample inputs for Liberty's pictures from the data alone (until the engine's views exist): the 1775 set-up
(12.0) as each viewer sees it, a battle and a hand. Used by the picture demo (``demo``), the tests and the
bench (``render_bench``); they show, too, how an engine view maps onto :mod:`renderers.liberty.model`. At the
end, the guide's pictures drawn from a real game (``GUIDE``, ``python -m tools.samples OUT_DIR --game
liberty``).

>>> pic = setup_picture("british")
>>> sum(1 for b in pic.blocks if b.face is not None), sum(1 for b in pic.blocks if b.face is None)
(15, 16)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Literal

from data.liberty import Liberty, load_liberty

from ..palette import PNG_COMPRESS, encode_png
from ..showcase import BATTLE_BUDGET_MS, MAP_BUDGET_MS, Games, Guide, Moment, RenderBench, in_both
from .model import BattlePicture, Block, BlockFace, HandCard, HandPicture, MapPicture, Side, Viewer


def face_of(lib: Liberty, uid: str, cv: int | None = None, hex_: str | None = None) -> BlockFace:
    """The face of block ``uid`` at strength ``cv`` (its most by default), rated as it fights in ``hex_``."""
    u = lib.unit(uid)
    rating = lib.rating(uid, hex_) if hex_ else u.rating
    return BlockFace(u.id, u.name, u.type, rating, u.max_cv if cv is None else cv, u.max_cv, u.nation)


def where(lib: Liberty, at: str) -> str:
    """A set-up place as a block's ``hex``: a town's hex, or the Atlantic box or a West Indies port as is."""
    if at[:2].isdigit() or at == lib.atlantic:
        return at
    t = lib.town(at)
    return t.hex if t.hex is not None else t.name


def block(lib: Liberty, uid: str, at: str, viewer: Viewer, cv: int | None = None) -> Block:
    """Block ``uid`` at ``at`` as ``viewer`` sees it: face up for its owner, its back for everyone else."""
    u = lib.unit(uid)
    hex_ = where(lib, at)
    return Block(hex_, u.side, face_of(lib, uid, cv, hex_) if viewer == u.side else None)


def setup_picture(viewer: Viewer = "public", locale: str = "en", lib: Liberty | None = None) -> MapPicture:
    """The map of the 1775 set-up (``setup.toml``, 12.0), turn 1 of 1775, as ``viewer`` sees it."""
    lib = lib or load_liberty()
    blocks = tuple(block(lib, e.id, e.at, viewer, e.cv) for e in lib.setup)
    pools = {p: len(lib.pool(p)) for p in ("british", "american", "french")}
    vp = sum(t.victory_points for t in lib.towns if t.colour == "red")
    return MapPicture(1775, 1, blocks, viewer, pools=pools, british_vp=vp, locale=locale)


def sample_battle(viewer: Viewer = "public", locale: str = "en", lib: Liberty | None = None) -> BattlePicture:
    """A battle at Saratoga (18.07) in round 1: Burgoyne's army (Cornwallis's block) attacked by Gates;
    faces shown (blocks in battle are revealed, 7.1) but for the British reserve (Player 2's reinforcements,
    the box after 7.5), hidden from all but its owner until round 2."""
    lib = lib or load_liberty()
    hex_ = "18.07"

    def b(uid: str, cv: int | None = None, shown: bool = True) -> Block:
        u = lib.unit(uid)
        return Block(hex_, u.side, face_of(lib, uid, cv, hex_) if shown else None)

    attacking = (b("GATES"), b("AM-3", 3), b("AM-9"), b("MI-2", 2), b("AM-10"))
    defending = (b("CORNWALLIS", 3), b("BR-5", 2), b("HE-1"), b("IN-2", 1), b("BR-6"))
    reserve_shown = viewer == "british"
    reserves = (b("LO-3", shown=reserve_shown), b("HE-2", shown=reserve_shown))
    return BattlePicture(hex_, "american", "british", attacking, defending, reserves, round=1,
                         firing=("B", "american"), hits=(("BR-5", 1),), dice=(2, 5, 1, 6), fire=2,
                         viewer=viewer, locale=locale)  # fmt: skip


def sample_hand(side: Side = "british", locale: str = "en", lib: Liberty | None = None) -> HandPicture:
    """A hand of five cards (3.0) dealt from the deck's front, one of them already played."""
    lib = lib or load_liberty()
    picks = [lib.cards[i] for i in (0, 7, 14, 19, 21)]
    cards = tuple(HandCard(c.kind, c.value, c.id) for c in picks)
    return HandPicture(side, cards[1:], 1776, 2, played=cards[0], locale=locale)


def crowded_picture(viewer: Viewer = "public", locale: str = "en", lib: Liberty | None = None) -> MapPicture:
    """A crowded map for the bench and the tests: the set-up, and every pool's blocks on the board as in a
    war's third year (the British in New York, Philadelphia and the south, the French at Newport and in the
    Atlantic box), two battles, towns held against their colour."""
    lib = lib or load_liberty()
    start = setup_picture(viewer, locale, lib)
    places: dict[Literal["british", "american", "french"], list[str]] = {  # 12.0: the three pools
        "british": ["New York", "New York", "Philadelphia", "Philadelphia", "Savannah", "Savannah",
                    "Cross Creek", "Atlantic", "Wilmington", "20.08"],
        "american": ["Morristown", "West Point", "Trenton"],
        "french": ["Newport", "Newport", "Atlantic", "Atlantic", "Martinique", "Yorktown"],
    }  # fmt: skip
    extra = []
    for pool, spots in places.items():
        for uid, at in zip(lib.pool(pool), spots, strict=False):
            extra.append(block(lib, uid, at, viewer))
    return MapPicture(
        1777, 3, (*start.blocks, *extra), viewer, phase="", battles=("17.11", "20.08"),
        control={"New York": "british", "Philadelphia": "british", "Charleston": "british",
                 "Montreal": "american"},
        pools={"british": 0, "american": 0, "french": 0}, french_in=True, british_vp=21, locale=locale,
    )  # fmt: skip


# --- the platform's tools (``renderers.registry.samples``; ``renderers/showcase.py``) ---------------------


def demo(write: Callable[[str, bytes], None], games: Games) -> None:
    """- ``map-1775-public.png``, ``map-1775-british.png``, ``map-1775-american.png``: the 1775 set-up
      (``data/liberty/setup.toml``, 12.0), public and as each side sees it (its own faces);
    - ``map-1775-american-ja.png``: the same in Japanese;
    - ``battle-public.png``, ``battle-british.png``, ``battle-british-ja.png``: a battle in its second round;
    - ``hand-british.png``, ``hand-american-ja.png``: a hand of cards (DM only).

    The inputs are the samples above, from the data alone."""
    from .pictures import draw_battle, draw_hand, draw_map

    viewers: tuple[Viewer, ...] = ("public", "british", "american")
    for viewer in viewers:
        write(f"map-1775-{viewer}.png", draw_map(setup_picture(viewer)))
    write("map-1775-american-ja.png", draw_map(setup_picture("american", "ja")))
    for viewer in viewers[:2]:
        write(f"battle-{viewer}.png", draw_battle(sample_battle(viewer)))
    write("battle-british-ja.png", draw_battle(sample_battle("british", "ja")))
    write("hand-british.png", draw_hand(sample_hand("british")))
    write("hand-american-ja.png", draw_hand(sample_hand("american", "ja")))


def render_warm() -> list[tuple[str, Callable[[], object]]]:
    """The one-off costs, timed first: the static layers and palettes (``warm``), per locale."""
    from .pictures import warm

    return [
        ("static layers and palettes (warm)", partial(warm, "en")),
        ("the same in Japanese", partial(warm, "ja")),
    ]


def render_bench(games: Games) -> RenderBench:
    """The hex map (public and each side's, at the 1775 set-up and crowded), the battle and the hand. The
    reference: encoding the public 1775 map as an RGB PNG (no fixed palette)."""
    from . import pictures as PI
    from .pictures import draw_battle, draw_hand, draw_map

    plain = PI.map_image(setup_picture("public")).convert("RGB")
    reference = (
        "encoding the public 1775 map as an RGB PNG (no fixed palette) alone",
        partial(encode_png, plain),
    )
    cases: list[tuple[str, Callable[[], bytes], float, bool]] = []
    viewers: tuple[Viewer, ...] = ("public", "british", "american")
    for viewer in viewers:
        cases.append((f"map 1775, {viewer}", partial(draw_map, setup_picture(viewer)), MAP_BUDGET_MS, True))
    for viewer in viewers:
        cases.append(
            (f"map crowded, {viewer}", partial(draw_map, crowded_picture(viewer)), MAP_BUDGET_MS, True)
        )
    call = partial(draw_map, crowded_picture("american", "ja"))
    cases.append(("map crowded, american, ja", call, MAP_BUDGET_MS, True))
    for viewer in viewers[:2]:
        cases.append(
            (f"battle, {viewer}", partial(draw_battle, sample_battle(viewer)), BATTLE_BUDGET_MS, True)
        )
    call = partial(draw_battle, sample_battle("british", "ja"))
    cases.append(("battle, british, ja", call, BATTLE_BUDGET_MS, True))
    cases.append(("hand, british", partial(draw_hand, sample_hand("british")), BATTLE_BUDGET_MS, True))
    cases.append(
        ("hand, american, ja", partial(draw_hand, sample_hand("american", "ja")), BATTLE_BUDGET_MS, True)
    )
    pic = crowded_picture("british")
    im = PI.map_image(pic)
    parts: dict[str, Callable[[], object]] = {
        "draw and map onto the palette": partial(PI.map_image, pic),
        "of which the cards' layout": partial(PI.card_layout, pic),
        f"PNG encoding (level {PNG_COMPRESS})": partial(encode_png, im),
    }
    return RenderBench(reference, cases, ("the crowded British map", parts))


def _big_battle(game: Any) -> bool:
    """7.2: a battle in its second round with at least 6 blocks in the hex, 2 of each side or more (a picture
    worth a look)."""
    st = game.state
    bt = st.battle
    if st.phase != "battle" or bt is None or bt.round != 2:
        return False
    sides = [b.side for b in st.blocks.values() if b.at == bt.hex]
    return len(sides) >= 6 and min(sides.count("british"), sides.count("american")) >= 2


def _british_committed(game: Any) -> bool:
    """Card phase (3.1): the British card is down, the American one not yet."""
    st = game.state
    return st.year == 1776 and st.phase == "cards" and "british" in st.played and "american" not in st.played


def _guide_picture(kind: str, view: Any, locale: str) -> bytes | None:
    from .from_view import battle_png, hand_png, map_png

    return {"map": map_png, "battle": battle_png, "hand": hand_png}[kind](view, locale)


GUIDE = Guide(
    seed=1,
    moments=(
        Moment(
            "start",
            lambda g: g.state.year == 1775 and g.state.turn == 1 and g.state.phase == "cards",
            in_both("liberty-map-1775-public", "map", "public"),
        ),
        Moment(
            "battle",
            _big_battle,
            (
                *in_both("liberty-map-battle-public", "map", "public"),
                *in_both("liberty-battle-british", "battle", "british"),
            ),
        ),
        Moment(
            "private",
            lambda g: g.state.year >= 1778 and g.state.phase == "actions",
            in_both("liberty-map-american", "map", "american"),
        ),
        Moment(
            "hand",
            _british_committed,
            (
                ("liberty-hand-british.png", "hand", "british", "en"),
                ("liberty-hand-american-ja.png", "hand", "american", "ja"),
            ),
        ),
    ),
    draw=_guide_picture,
    about="the pictures of the guide's Liberty chapters (docs/guide-liberty.md, docs/guide-liberty.ja.md)",
)
