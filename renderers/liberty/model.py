"""What Liberty's pictures are drawn from: small frozen dataclasses, the renderer's whole input.

The renderer never sees the engine's state, nor a view type of the engine: an engine view is adapted to these
in a few lines (see each class). Everything the viewer may not know is already absent here: a block the viewer
may not see is a :class:`Block` with ``face=None`` and is drawn as the back of a block in its side's colour
(no id, no nation, no rating, no strength); a hand is only ever drawn for its owner.

Names are the data's (``data/liberty``): hex ids ``cc.rr``, town names, the Atlantic box's name
(``lib.atlantic``), the West Indies ports (``Jamaica``, ``Martinique``), block ids (``AM-1``), sides
``british`` / ``american``.

>>> from renderers.liberty.model import Block, BlockFace
>>> Block("21.08", "british", BlockFace("HOWE", "Howe / Clinton", "leader", "A1", 4, 4, "british")).shown
True
>>> Block("20.08", "american").shown
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

Side = Literal["british", "american"]
Viewer = Literal["public", "british", "american"]
SIDES: tuple[Side, ...] = ("british", "american")


@dataclass(frozen=True)
class BlockFace:
    """A block's face, as its owner (or everyone, in a battle, 2.3) sees it.

    ``id``, ``name``, ``type`` (``leader``, ``infantry``, ``light_infantry``, ``rifles``, ``guards``,
    ``dragoons``, ``warship``, ``indians``), ``rating`` as it fights here (``"B2"``; an Indian in its own town
    is one better, 2.25: pass ``lib.rating(id, hex)``), ``cv`` its current strength, ``max_cv`` its most
    (2.11), ``nation`` (``british``, ``hessian``, ``loyalist``, ``indian``, ``american``, ``french``).
    From the engine: the block's ``UnitDef`` (``lib.unit(id)``) and its strength in the state."""

    id: str
    name: str
    type: str
    rating: str
    cv: int
    max_cv: int
    nation: str = ""


@dataclass(frozen=True)
class Block:
    """One block where it stands.

    ``hex``: a hex id (``"21.08"``), the Atlantic box (``"Atlantic"``) or a West Indies port
    (``"Jamaica"``). ``side``: whose block (its colour is public: blocks stand on edge, 2.0). ``face``: what
    the viewer sees of it, or ``None`` when the block is hidden from the viewer: then only its side is drawn.
    The nation is on the face, not here: a block's back does not tell a French block from an American one.
    From the engine view: ``Block(where, side, face if visible else None)`` for each block the view lists."""

    hex: str
    side: Side
    face: BlockFace | None = None

    @property
    def shown(self) -> bool:
        return self.face is not None


@dataclass(frozen=True)
class MapPicture:
    """The hex map as one viewer sees it (``viewer``: ``public`` or a side; a side's picture carries an
    "eyes only" badge and must go by DM).

    - ``year`` (1775–1783) and ``turn`` (1–5; 0 for the winter turn, 11.0), ``phase``: a short text already
      in the picture's language (e.g. "Card play", "Battles"), or "";
    - ``blocks``: every block on the map, in the Atlantic box and in the West Indies (:class:`Block`), in any
      order (the picture sorts them);
    - ``battles``: hexes with a battle to fight or being fought (5.5);
    - ``control``: towns held by the side that is not their printed colour's (1.2: a blue town the British
      hold, a red town the Americans hold), town name -> side; towns not listed are drawn as printed;
    - ``pools``: blocks left in each pool, ``british`` / ``american`` / ``french`` -> count (6.1, 9.0);
    - ``french_in``: France has entered the war (9.0);
    - ``british_vp``: the British victory points now (11.1), or None not to show them;
    - ``locale``: ``en`` or ``ja``.
    From the engine's public or side view: the turn, the blocks (faces of the viewer's own), the battle hexes,
    the towns' control, the pool counts."""

    year: int
    turn: int
    blocks: tuple[Block, ...] = ()
    viewer: Viewer = "public"
    phase: str = ""
    battles: tuple[str, ...] = ()
    control: Mapping[str, Side] = field(default_factory=dict)
    pools: Mapping[str, int] = field(default_factory=dict)
    french_in: bool = False
    british_vp: int | None = None
    locale: str = "en"


@dataclass(frozen=True)
class BattlePicture:
    """A battle in progress in one hex (5.5, 7.0), as one viewer sees it.

    ``where``: the hex id; its town's name is drawn from the data. ``attacker`` / ``defender``: sides.
    ``attacking`` / ``defending``: the blocks in the battle, each shown face up (blocks in battle are
    revealed, 7.1) or, if the viewer may not see it yet, ``face=None``; they are grouped by their rating's
    letter (A acts before B before C, the defender first within a letter, 7.21). ``reserves``: Player 2's
    blocks that reinforced a battle Player 1 started, hidden and out of action in round 1 (the box after
    7.5), drawn apart (face up or not as given; all of one side). ``round`` (1–3);
    ``firing``: the letter and side to fire now, e.g. ``("B", "british")``, or None; ``hits``: the steps
    the last fire took as ``(block id, steps)`` pairs (the blocks hit, not the firer), and ``dice`` its rolls
    (highlighted when at or under the firer's number), with ``fire`` that number (0: no last fire), and
    ``firer`` / ``firer_side`` the block that fired and its side, ``waiting`` its hits still to land (their
    owner choosing which of its equal blocks takes them). ``viewer`` and ``locale`` as for
    :class:`MapPicture`. From the engine's battle view: copy its lists, one :class:`Block` per block with the
    battle's hex."""

    where: str
    attacker: Side
    defender: Side
    attacking: tuple[Block, ...]
    defending: tuple[Block, ...]
    reserves: tuple[Block, ...] = ()
    round: int = 1
    firing: tuple[str, Side] | None = None
    hits: tuple[tuple[str, int], ...] = ()
    dice: tuple[int, ...] = ()
    fire: int = 0
    firer: str = ""
    firer_side: Side | None = None
    waiting: int = 0
    viewer: Viewer = "public"
    locale: str = "en"


CardKind = Literal["action", "supply"]


@dataclass(frozen=True)
class HandCard:
    """One card (3.0): ``kind`` ``action`` (``value`` 1–3 actions, 3.1) or ``supply`` (``value`` 2–3 steps,
    3.3); ``id`` the data's (``ACT-4``), drawn small so that a player can name it in an order."""

    kind: CardKind
    value: int
    id: str = ""


@dataclass(frozen=True)
class HandPicture:
    """A player's hand (DM only, 3.0): ``side``, ``cards`` in the order to draw them, ``year`` and ``turn``
    (as for :class:`MapPicture`), ``played``: the card already committed this turn, if any (3.2), drawn
    apart. From the engine's side view: its hand and its committed card."""

    side: Side
    cards: tuple[HandCard, ...]
    year: int
    turn: int
    played: HandCard | None = None
    locale: str = "en"
