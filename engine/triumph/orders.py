"""Napoleon's Triumph's orders as values, read from their text by the one parser (``GRAMMAR``) and said again
by ``text()``. Syntax only: which unit, commander or locale a name means and whether the order is legal now
are the rules' (``moves``, ``attack``).

    /move force:lannes to:santon [at:bosenitz_plain] [leave:F12]   corps or unit move (9, 10)
    /march corps:lannes path:santon_plain>bosenitz_plain>krug [at:N] road move (10)
    /detach corps:lannes units:F12,F13 to:santon [at:N]            Detach Move (9)
    /attach corps:lannes unit:F12                                  Attach (9)
    /enter corps:bernadotte entry:brunn                            a reinforcement enters
    /attack from:L1 into:L2 [guard:F35]                            11.1 the attack threat (15 Guard Attack)
    /defend units:A01,A02 [leaders:A01]                            11.2 defend, 11.4 leaders (sealed)
    /give-ground                                                   11.2 retreat instead
    /feint with:lannes [step:yes] [road:L1>L2]                     11.3 feint (step: onto the approach;
                                                                   road: cavalry riding in, G11)
    /press                                                         11.3 not a feint
    /lead with:lannes,murat [width:narrow] [leaders:F12] [target:A01] [keep:F13]  11.5 (keep: G26)
    /counter [units:A03,A04]                                       11.7 (none: no counter-attack)
    /step-up units:A03                                             11.3 / 11.9 onto the defence approach
    /retreat to:A01>augezd,A02>telnitz [hits:A03,A03]  (to:L: all)  12 (hits: the retreat losses)
    /advance with:lannes [road:L1>L2>TARGET]                       G35
    /battery unit:F01 [facing:N]                                   6 the French fixed battery (set-up;
                                                                   no facing: the Santon's reserve, 18)
    /post unit:F12 to:L [at:N]                                     6 a French unit detached at set-up
    /ready                                                         6 the French set-up is done
    /bid morale:N                                                  17 the sealed bid of the morale auction
    /end                                                           the end of the turn (7)
"""

from __future__ import annotations

from ..errors import RuleError
from ..orders import Flag, Grammar, Ids, Number, One, Path, Spoken, order
from ..text import Command, needs, number, takes
from .context import error

Names = tuple[str, ...]
_AT = One("at", needed=False)  # the neighbour whose approach it stands on
_ROAD = Path("road", needed=False)  # G11: cavalry riding in by road


@order("move")
class Move(Spoken):
    force: str
    to: str
    at: str | None = None
    leave: Names = ()
    spec = (One("force"), One("to"), _AT, Ids("leave"))


@order("march")
class March(Spoken):
    corps: str
    path: Names
    at: str | None = None
    spec = (One("corps"), Path("path"), _AT)


@order("detach")
class Detach(Spoken):
    corps: str
    units: Names
    to: str
    at: str | None = None
    spec = (One("corps"), Ids("units", needed=True), One("to"), _AT)


@order("attach")
class Attach(Spoken):
    corps: str
    unit: str
    spec = (One("corps"), One("unit"))


@order("enter")
class Enter(Spoken):
    corps: str
    entry: str
    spec = (One("corps"), One("entry"))


@order("attack")
class Threat(Spoken):
    source: str
    target: str
    guard: str | None = None  # 15 ([JW]): a Guard Attack, declared by showing this Guard unit
    spec = (One("from"), One("into"), One("guard", needed=False))


@order("defend")
class Defend(Spoken):
    units: Names
    leaders: Names = ()
    spec = (Ids("units", needed=True), Ids("leaders"))


@order("give-ground")
class GiveGround(Spoken):
    pass


@order("feint")
class Feint(Spoken):
    forces: Names
    step: bool = False
    road: Names = ()  # G11: the road path of cavalry riding into the attack locale
    spec = (Ids("with", needed=True), Flag("step"), _ROAD)


@order("press")
class Press(Spoken):
    pass


def _width_word(cmd: Command, width: str) -> RuleError:
    return error("", "triumph.lead.width_word", width=width)  # 11.5: an attack is wide or narrow


@order("lead")
class Lead(Spoken):
    forces: Names
    width: str | None = None
    leaders: Names = ()
    target: str | None = None
    keep: Names = ()  # the unit each attacking corps keeps if the attack is beaten back (G26)
    spec = (
        Ids("with", needed=True),
        One("width", needed=False, case="lower", among=("wide", "narrow"), wrong=_width_word),
        Ids("leaders"),
        One("target", needed=False),
        Ids("keep"),
    )


@order("counter")
class Counter(Spoken):
    units: Names = ()
    spec = (Ids("units"),)


@order("step-up")
class StepUp(Spoken):
    units: Names
    spec = (Ids("units", needed=True),)


@order("retreat")
class Retreat(Spoken):
    to: Names  # "UNIT>LOCALE" each, or one locale for every unit
    hits: Names = ()  # the retreat losses: one unit per point (none: spread evenly)
    spec = (Ids("to"), Ids("hits"))


@order("advance")
class Advance(Spoken):
    forces: Names
    road: Names = ()  # G11, G35: cavalry riding in by road, through the attack locale
    spec = (Ids("with", needed=True), _ROAD)


@order("battery")
class Battery(Spoken):
    unit: str
    facing: str | None = None  # None: the reserve of its locale (18: the Santon only)
    spec = (One("unit"), One("facing", needed=False))


@order("bid")
class Bid(Spoken):
    morale: int
    spec = (Number("morale"),)

    @classmethod
    def read(cls, cmd: Command) -> Bid:
        takes(cmd, "morale")
        n = needs(cmd, "morale")
        if not (n.isascii() and n.isdigit()):  # 17: a bid is a whole number of morale points, none below 0
            raise error("17", "triumph.bid.number", value=n)
        morale = number(cmd, "morale")  # a slash command's number as typed, a line's read once
        assert morale is not None
        return cls(morale)


@order("post")
class Post(Spoken):
    unit: str
    to: str
    at: str | None = None
    spec = (One("unit"), One("to"), _AT)


@order("ready")
class Ready(Spoken):
    pass


@order("end")
class End(Spoken):
    pass


GRAMMAR = Grammar(
    [
        Move,
        March,
        Detach,
        Attach,
        Enter,
        Threat,
        Defend,
        GiveGround,
        Feint,
        Press,
        Lead,
        Counter,
        StepUp,
        Retreat,
        Advance,
        Battery,
        Post,
        Ready,
        Bid,
        End,
    ]
)
