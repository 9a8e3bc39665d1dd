"""Sample inputs for Liberty's pictures from the data alone (until the engine's views exist): the 1775 set-up
(12.0) as each viewer sees it, a battle and a hand. Used by ``tools.liberty_pictures``, the tests and the
bench; they show, too, how an engine view maps onto :mod:`renderers.liberty.model`.

>>> pic = setup_picture("british")
>>> sum(1 for b in pic.blocks if b.face is not None), sum(1 for b in pic.blocks if b.face is None)
(15, 16)
"""

from __future__ import annotations

from data.liberty import Liberty, load_liberty

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
    pools = {p: len(lib.pool(p)) for p in ("british", "american", "french")}  # type: ignore[arg-type]
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
    places = {
        "british": ["New York", "New York", "Philadelphia", "Philadelphia", "Savannah", "Savannah",
                    "Cross Creek", "Atlantic", "Wilmington", "20.08"],
        "american": ["Morristown", "West Point", "Trenton"],
        "french": ["Newport", "Newport", "Atlantic", "Atlantic", "Martinique", "Yorktown"],
    }  # fmt: skip
    extra = []
    for pool, spots in places.items():
        for uid, at in zip(lib.pool(pool), spots, strict=False):  # type: ignore[arg-type]
            extra.append(block(lib, uid, at, viewer))
    return MapPicture(
        1777, 3, (*start.blocks, *extra), viewer, phase="", battles=("17.11", "20.08"),
        control={"New York": "british", "Philadelphia": "british", "Charleston": "british",
                 "Montreal": "american"},
        pools={"british": 0, "american": 0, "french": 0}, french_in=True, british_vp=21, locale=locale,
    )  # fmt: skip
