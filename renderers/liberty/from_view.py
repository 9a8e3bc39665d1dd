"""Liberty's pictures drawn from the engine's view (``engine.liberty.views.View``): the adapters from a view
to the renderer's input (:mod:`renderers.liberty.model`) and the drawing functions of the module's picture
kinds (``engine/liberty/module.py``: ``map``, ``battle``, ``hand``; registered in ``renderers/registry.py``).
A picture is drawn from a view only: what the view hides (another side's faces, hands and pool) is not in it,
so it cannot be in the picture.

>>> from engine.liberty.module import MODULE
>>> game = MODULE.new_game(MODULE.parse_options(""), 1)
>>> pic = map_picture(game.view("public"))
>>> pic.viewer, pic.year, any(b.shown for b in pic.blocks)
('public', 1775, False)
>>> any(b.shown for b in map_picture(game.view("british")).blocks)
True
"""

from __future__ import annotations

from typing import Any, cast

from data.liberty import load_liberty
from engine.liberty.sequence import Phase

from .model import BattlePicture as BattlePic
from .model import Block, BlockFace, HandCard, HandPicture, MapPicture, Side, Viewer
from .pictures import draw_battle, draw_hand, draw_map

SIDE_NAMES: tuple[Side, ...] = ("british", "american")


def _viewer(role: str) -> Viewer:
    return cast(Viewer, role) if role in SIDE_NAMES else "public"


def _block(d: dict[str, Any]) -> Block:
    """One block of the view: its face when the view shows it (``id`` present), else its back."""
    side = cast(Side, d["side"])
    if "id" not in d:
        return Block(d["at"], side)
    lib = load_liberty()
    unit = lib.unit(d["id"])
    try:
        rating = lib.rating(d["id"], d["at"])  # 2.25: an Indian in its own town fights one better
    except (KeyError, LookupError, ValueError):
        rating = d.get("rating") or unit.rating  # off the hex map (the Atlantic box, the West Indies)
    face = BlockFace(d["id"], unit.name, unit.type, rating, int(d["strength"]), int(d["max"]), unit.nation)
    return Block(d["at"], side, face)


def _flipped_control(control: dict[str, str]) -> dict[str, Side]:
    """The view's control (place -> side, every held place) as the map draws it: the towns held by the side
    that is not their printed colour's (1.2: blue towns American, red and Indian towns British)."""
    lib = load_liberty()
    out: dict[str, Side] = {}
    for t in lib.towns:
        side = control.get(t.hex) if t.hex else control.get(t.name)
        printed = "american" if t.colour == "blue" else "british"
        if side in SIDE_NAMES and side != printed:
            out[t.name] = side
    return out


def map_picture(view: Any, locale: str = "en") -> MapPicture:
    """The hex map as ``view``'s role sees it."""
    battle = view.battle
    return MapPicture(
        year=view.year,
        turn=_turn(view.turn),
        blocks=tuple(_block(d) for d in view.blocks),
        viewer=_viewer(view.role),
        battles=(battle["at"],) if battle and battle.get("victor") is None else (),
        control=_flipped_control(view.control),
        pools={**view.pools, "french": len(view.french_pool)},
        french_in=view.french_in,
        british_vp=view.vp,
        locale=locale,
    )


def _turn(turn: int) -> int:
    """The game turn as the pictures take it: 1-5, 0 for the winter turn (the engine's turn 6, 11.0)."""
    return 0 if turn > 5 else turn


def battle_picture(view: Any, locale: str = "en") -> BattlePic | None:
    """The battle being fought, as ``view``'s role sees it; None when there is none."""
    battle = view.battle
    if not battle:
        return None
    attacker = cast(Side, battle["attacker"])
    defender: Side = "american" if attacker == "british" else "british"
    rnd = int(battle.get("round") or 1)
    named = set(battle.get("reserve_ids") or ())
    # the reserves of round 1 (box after 7.5): the role's own by id, another side's as the blocks of the
    # battle it may not see (every other block of a battle is face up, 7.1); from round 2 they fight
    fighting = rnd == 1 and view.phase in (Phase.COMBAT, Phase.HIT, Phase.WITHDRAW)
    held = [
        d
        for d in view.blocks
        if d["at"] == battle["at"] and fighting and (d.get("id") in named or "id" not in d)
    ]
    here = [_block(d) for d in view.blocks if d["at"] == battle["at"] and d not in held]
    step = battle.get("step")
    return BattlePic(
        where=battle["at"],
        attacker=attacker,
        defender=defender,
        attacking=tuple(b for b in here if b.side == attacker),
        defending=tuple(b for b in here if b.side == defender),
        reserves=tuple(_block(d) for d in held),
        **_last_fire(battle.get("last_fire")),
        waiting=int(battle.get("waiting") or 0),
        round=rnd,
        firing=(step[1], cast(Side, step[0])) if step else None,
        viewer=_viewer(view.role),
        locale=locale,
    )


def _last_fire(fire: Any) -> dict[str, Any]:
    """The last roll of the battle (7.31) as the picture shows it: who fired (block and side), its dice, the
    firer's number, and the steps each block lost to it (``took``: ``[block id, strength after]`` a hit, or
    ``[id, "bombardment"]``, 8.3, which costs no step)."""
    if not fire:
        return {}
    hits: dict[str, int] = {}
    for uid, after in fire.get("took") or ():
        hits[uid] = hits.get(uid, 0) + (0 if after == "bombardment" else 1)
    number = "".join(c for c in str(fire.get("rating", "")) if c.isdigit())
    firer = str(fire.get("unit") or "")
    side = fire.get("side")
    if side is None and firer:
        side = load_liberty().unit(firer).side
    return {
        "dice": tuple(fire.get("dice") or ()),
        "fire": int(number or 0),
        "hits": tuple(hits.items()),
        "firer": firer,
        "firer_side": side,
    }


def hand_picture(view: Any, locale: str = "en") -> HandPicture | None:
    """``view``'s role's hand (a side's view only: the public view has no hand)."""
    if view.role not in SIDE_NAMES:
        return None
    cards = {c.id: c for c in load_liberty().cards}

    def card(cid: str) -> HandCard:
        c = cards[cid]
        return HandCard(cast(Any, c.kind), c.value, c.id)

    played = view.cards.get(view.role)
    return HandPicture(
        side=cast(Side, view.role),
        cards=tuple(card(c) for c in view.hand),
        year=view.year,
        turn=_turn(view.turn),
        played=card(played) if played in cards else None,
        locale=locale,
    )


def map_png(view: Any, locale: str = "en") -> bytes:
    """The module's ``map`` picture: the hex map from ``view``."""
    return draw_map(map_picture(view, locale))


def battle_png(view: Any, locale: str = "en") -> bytes | None:
    """The module's ``battle`` picture (None without a battle)."""
    pic = battle_picture(view, locale)
    return None if pic is None else draw_battle(pic)


def hand_png(view: Any, locale: str = "en") -> bytes | None:
    """The module's ``hand`` picture (a side's DM only; None for the public view)."""
    pic = hand_picture(view, locale)
    return None if pic is None else draw_hand(pic)


__all__ = ["battle_picture", "battle_png", "hand_picture", "hand_png", "map_picture", "map_png"]
