"""Eagles of the Empire's orders as values, read from their text by the one parser (``GRAMMAR``) and said
again
by ``text()``. Syntax only: which unit, formation or area a name means and whether the order is legal now are
the rules'.

    /enter [delay:A10,A11]                          6.0 the arrivals due come on (those named wait a turn)
    /first side:french                              7.0 who tries first
    /roll                                           8.1 the activation die
    /release                                        facts 7.3 the Guard light cavalry released
    /activate formations:bachelu,foy                8.1 the formations named (ids or their leaders' ids)
    /charge units:F04,F05 target:V1                 10.x
    /charge grand:F-L7 from:S5,S6 target:S8 [then:return]   10.8 instead of /roll
    /assign unit:F13 to:foy                         11.1
    /attach unit:F11 to:F02                         11.2
    /detach units:F11                               11.1
    /bombard units:F11,F13 target:V1                12.x
    /move units:F02,F-L4 to:V1 [facing:C2]          13.1 (facing: 13.9 at the end of the move)
    /face unit:F02 to:V1                            13.9
    /assault units:F02 target:V1                    14.x
    /done                                           8.17 the action phase is over
    /queue orders:"/roll; /activate formations:foy" orders given ahead; /queue alone clears them
    /los from:S1 to:C2                              12.5 a question: line of sight between two areas
    /range leader:A-L1                              9.2 a question: the areas in a leader's command range
    /split unit:A02                                 11.3 a division deploys its short counter
    /reabsorb unit:A02                              11.3 the division takes its deployed counter back
    /form-square units:A01                          17.1 infantry forms square (13.1: its move)
    /reverse-slope units:A02                        17.2 infantry takes reverse-slope defence (13.1)
    /line units:A01                                 17.0 back into line from either (13.1)
"""

from __future__ import annotations

from ..orders import Grammar, Ids, Items, One, Order, Spoken, order

Names = tuple[str, ...]
_UNITS = Ids("units", needed=True, case="upper")
_TARGET = One("target", case="upper")  # an area


@order("enter")
class Enter(Spoken):
    delay: Names = ()
    spec = (Ids("delay", case="upper"),)


@order("first")
class First(Spoken):
    side: str
    spec = (One("side", case="lower"),)


@order("roll")
class Roll(Spoken):
    pass


@order("release")
class Release(Spoken):
    pass


@order("activate")
class Activate(Spoken):
    formations: Names
    spec = (Ids("formations", needed=True),)


@order("charge")
class Charge(Spoken):
    """A charge of the cavalry named (10.1), or the grand charge (10.8) that leader ``grand`` leads from the
    start areas ``start`` (``from:``) in place of an activation; ``then``: "return" brings the cavalry back
    after a success instead of continuing ("" or "continue": on). ``units:`` is needed only without
    ``grand:``, ``from:`` only with it; the text says the grand charge's options first."""

    units: Names
    target: str
    grand: str = ""
    start: Names = ()
    then: str = ""
    spec = (
        Ids("units", unless="grand", case="upper"),
        _TARGET,
        One("grand", needed=False, case="upper", absent=""),
        Ids("from", when="grand", case="upper"),
        One("then", needed=False, case="lower", absent=""),
    )
    saying = ("grand", "from", "units", "target", "then")


@order("bombard")
class Bombard(Spoken):
    units: Names
    target: str
    spec = (_UNITS, _TARGET)


@order("assault")
class Assault(Spoken):
    units: Names
    target: str
    spec = (_UNITS, _TARGET)


@order("assign")
class Assign(Spoken):
    unit: str
    to: str  # a formation
    spec = (One("unit", case="upper"), One("to"))


@order("attach")
class Attach(Spoken):
    unit: str
    to: str
    spec = (One("unit", case="upper"), One("to", case="upper"))


@order("detach")
class Detach(Spoken):
    units: Names
    spec = (_UNITS,)


@order("move")
class Move(Spoken):
    units: Names
    to: str
    facing: str | None = None
    spec = (_UNITS, One("to", case="upper"), One("facing", needed=False, case="upper"))


@order("face")
class Face(Spoken):
    unit: str
    to: str
    spec = (One("unit", case="upper"), One("to", case="upper"))


@order("done")
class Done(Spoken):
    pass


@order("queue")
class Queue(Spoken):
    orders: Names = ()  # each an order's text; none: the queue is cleared
    spec = (Items("orders"),)


@order("los")
class Los(Spoken):
    source: str
    target: str
    spec = (One("from", case="upper"), One("to", case="upper"))


@order("range")
class Range(Spoken):
    leader: str
    spec = (One("leader", case="upper"),)


@order("split")
class Split(Spoken):
    unit: str  # the division that deploys its short counter (11.3)
    spec = (One("unit", case="upper"),)


@order("reabsorb")
class Reabsorb(Spoken):
    unit: str  # the division (or its deployed counter) that takes the counter back (11.3)
    spec = (One("unit", case="upper"),)


@order("form-square")
class FormSquare(Spoken):
    units: Names
    spec = (_UNITS,)


@order("reverse-slope")
class ReverseSlope(Spoken):
    units: Names
    spec = (_UNITS,)


@order("line")
class Line(Spoken):
    units: Names  # back into line from square or reverse-slope defence (17.0)
    spec = (_UNITS,)


_KINDS: list[type[Order]] = [Enter, First, Roll, Release, Activate, Charge, Assign, Attach, Detach]
_KINDS += [Bombard, Move, Face, Assault, Done, Queue, Los, Range]
_KINDS += [Split, Reabsorb, FormSquare, ReverseSlope, Line]
GRAMMAR = Grammar(_KINDS)
