"""Liberty's orders as values: one frozen value per kind of order (the ``ORDERS`` of
``module.py``), read from its text by the one parser of Liberty's order text (``GRAMMAR``; ``parse``) and
said again by ``text()``, byte for byte the text ``legal()`` offered before orders were values.

The parser checks syntax only: the options an order takes, those it needs, yes/no words, one block where an
order moves one. It keeps the names as written: which block, card or place a name means, and whether the
order is legal now, are the rules' (``game.py`` resolves the names, ``turns``, ``battle``, ``winter`` and
``exchange`` judge), which say an unknown name or an order out of its phase as before.
"""

from __future__ import annotations

from ..orders import Flag, Grammar, Ids, One, Order, Path, Single, Spoken, order
from ..text import Command
from .context import error

Names = tuple[str, ...]


def _one(rule: str, key: str, *, needed: bool = True) -> Single:
    """The one block of an order on one block (``unit:``): refused in the order's words unless it names one
    (not ``needed``: none is None)."""
    return Single(
        "unit", needed, missing=lambda cmd, _: error(rule, key), wrong=lambda cmd, _: error(rule, key)
    )


_UNITS = Ids("units", needed=True)
_PATH = Path("path", some=True)  # places joined by ``>`` (hexes, towns, a box), at least one
_RIVER = Flag("river")  # 5.6; 7.4, 7.5: by river


@order("play")
class Play(Spoken):
    """``/play card:ID`` (3.1): the card a side plays face down."""

    card: str
    spec = (One("card"),)


@order("supply")
class Supply(Spoken):
    """``/supply [units:A,B]`` (3.3): the blocks that take a step of the supply card, none for none."""

    units: Names = ()
    spec = (Ids("units"),)


@order("move")
class Move(Spoken):
    """``/move units:A,B path:H1>H2 [forced:yes] [river:yes] [also:yes]`` (5.1; forced march 5.5, by river
    5.6, warships 8.1, more of the group just moved G7): the path may leave out the start."""

    units: Names
    path: Names
    forced: bool = False
    river: bool = False
    also: bool = False
    spec = (_UNITS, _PATH, Flag("forced"), _RIVER, Flag("also"))
    reading = ("forced", "river", "also")


@order("sea")
class Sea(Spoken):
    """``/sea units:A,B to:P`` (5.7): a sea move to the Atlantic box, a port or a West Indies port."""

    units: Names
    to: str
    spec = (_UNITS, One("to"))


@order("build")
class Build(Spoken):
    """``/build`` (6.0): a block drawn blind from the side's pool."""


@order("place")
class Place(Spoken):
    """``/place to:P`` (6.1, 6.2): where the block just drawn is deployed."""

    to: str
    spec = (One("to"),)


@order("end")
class End(Spoken):
    """``/end``: the side is done with its actions (3.1), its regroup (7.5), its withdrawals (7.2), its
    disbanding (11.3) or its attrition choices (11.4)."""


@order("battle")
class Battle(Spoken):
    """``/battle at:H`` (7.1): the battle the side fights next."""

    at: str
    spec = (One("at"),)


@order("fire")
class Fire(Spoken):
    """``/fire [unit:A]`` (7.31): the block whose combat turn it is fires (naming it, or not)."""

    unit: str | None = None
    spec = (_one("7.31", "liberty.fire.one_unit", needed=False),)


@order("hit")
class Hit(Spoken):
    """``/hit unit:A`` (7.32, G25): which of the owner's equally strong blocks takes the hit."""

    unit: str
    spec = (_one("7.32", "liberty.hit.one_unit"),)


@order("retreat")
class Retreat(Spoken):
    """``/retreat unit:A path:H1>H2 [river:yes]`` (7.4, G29: overland, by river, by sea 8.5, between the
    West Indies ports 9.1; a withdrawal 7.2 with G30): ``to:`` says the path too."""

    unit: str
    path: Names
    river: bool = False
    spec = (_one("7.4", "liberty.retreat.one_unit"), Path("path", some=True, aliases=("to",)), _RIVER)
    reading = ("unit", "river")


@order("regroup")
class Regroup(Spoken):
    """``/regroup units:A path:H1>H2 [river:yes]`` (7.5, G31; by river as 7.4): the victor's blocks after a
    battle."""

    units: Names
    path: Names
    river: bool = False
    spec = (_UNITS, _PATH, _RIVER)
    reading = ("river",)


@order("disband")
class Disband(Spoken):
    """``/disband units:A,B`` (11.3): blocks sent back to the pool before winter."""

    units: Names
    spec = (_UNITS,)


@order("attrition")
class Attrition(Spoken):
    """``/attrition units:A,B`` (11.4): the blocks that go at one place in the winter's attrition."""

    units: Names
    spec = (_UNITS,)


@order("exchange")
class Exchange(Spoken):
    """``/exchange give:A take:B`` (11.5): prisoners offered for prisoners (the rules refuse an empty
    offer)."""

    give: Names = ()
    take: Names = ()
    spec = (Ids("give"), Ids("take"))


@order("accept")
class Accept(Spoken):
    """``/accept`` (11.5): the other side's exchange offer accepted."""


@order("decline")
class Decline(Spoken):
    """``/decline`` (11.5): the other side's exchange offer declined."""


@order("prefer")
class Prefer(Spoken):
    """``/prefer hits:A,B`` (7.32, 11.4): the side's blocks to take hits (and go in winter) first among
    equals; an empty list drops the preference."""

    hits: Names = ()
    spec = (Ids("hits", always=True),)


KINDS: tuple[type[Order], ...] = (
    Play,
    Supply,
    Move,
    Sea,
    Build,
    Place,
    End,
    Battle,
    Fire,
    Hit,
    Retreat,
    Regroup,
    Disband,
    Attrition,
    Exchange,
    Accept,
    Decline,
    Prefer,
)


class _Grammar(Grammar):
    """Liberty's parser: an order it does not have is refused in its own words (the known orders listed)."""

    def read(self, cmd: Command) -> Order:
        if cmd.name not in self.kinds:
            raise error("", "liberty.order.unknown", order=cmd.name, known=sorted(self.kinds))
        return super().read(cmd)


GRAMMAR: Grammar = _Grammar(KINDS)
parse = GRAMMAR.parse
