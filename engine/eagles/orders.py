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

from ..orders import Grammar, Order, order
from ..text import Command, listed_ids, needs, takes

Names = tuple[str, ...]


def _area(v: str) -> str:
    return v.strip().upper()


def _ids(cmd: Command, option: str, needed: bool = True) -> Names:
    return tuple(x.upper() for x in listed_ids(cmd, option, needed=needed))


@order("enter")
class Enter(Order):
    delay: Names = ()

    @classmethod
    def read(cls, cmd: Command) -> Enter:
        takes(cmd, "delay")
        return cls(_ids(cmd, "delay", needed=False))

    def say(self) -> str:
        return f"/enter delay:{','.join(self.delay)}" if self.delay else "/enter"


@order("first")
class First(Order):
    side: str

    @classmethod
    def read(cls, cmd: Command) -> First:
        takes(cmd, "side")
        return cls(needs(cmd, "side").lower())

    def say(self) -> str:
        return f"/first side:{self.side}"


@order("roll")
class Roll(Order):
    @classmethod
    def read(cls, cmd: Command) -> Roll:
        takes(cmd)
        return cls()

    def say(self) -> str:
        return "/roll"


@order("release")
class Release(Order):
    @classmethod
    def read(cls, cmd: Command) -> Release:
        takes(cmd)
        return cls()

    def say(self) -> str:
        return "/release"


@order("activate")
class Activate(Order):
    formations: Names

    @classmethod
    def read(cls, cmd: Command) -> Activate:
        takes(cmd, "formations")
        return cls(listed_ids(cmd, "formations", needed=True))

    def say(self) -> str:
        return f"/activate formations:{','.join(self.formations)}"


@order("charge")
class Charge(Order):
    """A charge of the cavalry named (10.1), or the grand charge (10.8) that leader ``grand`` leads from the
    start areas ``start`` (``from:``) in place of an activation; ``then``: "return" brings the cavalry back
    after a success instead of continuing ("" or "continue": on)."""

    units: Names
    target: str
    grand: str = ""
    start: Names = ()
    then: str = ""

    @classmethod
    def read(cls, cmd: Command) -> Charge:
        takes(cmd, "units", "target", "grand", "from", "then")
        grand = cmd.options.get("grand", "").strip().upper()
        then = cmd.options.get("then", "").strip().lower()
        start = tuple(_area(a) for a in listed_ids(cmd, "from", needed=bool(grand)))
        units = _ids(cmd, "units", needed=not grand)
        return cls(units, _area(needs(cmd, "target")), grand, start, then)

    def say(self) -> str:
        words = [f"grand:{self.grand}"] if self.grand else []
        words += [f"from:{','.join(self.start)}"] if self.start else []
        words += [f"units:{','.join(self.units)}"] if self.units or not self.grand else []
        words.append(f"target:{self.target}")
        words += [f"then:{self.then}"] if self.then else []
        return "/charge " + " ".join(words)


@order("bombard")
class Bombard(Order):
    units: Names
    target: str

    @classmethod
    def read(cls, cmd: Command) -> Bombard:
        takes(cmd, "units", "target")
        return cls(_ids(cmd, "units"), _area(needs(cmd, "target")))

    def say(self) -> str:
        return f"/bombard units:{','.join(self.units)} target:{self.target}"


@order("assault")
class Assault(Order):
    units: Names
    target: str

    @classmethod
    def read(cls, cmd: Command) -> Assault:
        takes(cmd, "units", "target")
        return cls(_ids(cmd, "units"), _area(needs(cmd, "target")))

    def say(self) -> str:
        return f"/assault units:{','.join(self.units)} target:{self.target}"


@order("assign")
class Assign(Order):
    unit: str
    to: str

    @classmethod
    def read(cls, cmd: Command) -> Assign:
        takes(cmd, "unit", "to")
        return cls(needs(cmd, "unit").upper(), needs(cmd, "to"))

    def say(self) -> str:
        return f"/assign unit:{self.unit} to:{self.to}"


@order("attach")
class Attach(Order):
    unit: str
    to: str

    @classmethod
    def read(cls, cmd: Command) -> Attach:
        takes(cmd, "unit", "to")
        return cls(needs(cmd, "unit").upper(), needs(cmd, "to").upper())

    def say(self) -> str:
        return f"/attach unit:{self.unit} to:{self.to}"


@order("detach")
class Detach(Order):
    units: Names

    @classmethod
    def read(cls, cmd: Command) -> Detach:
        takes(cmd, "units")
        return cls(_ids(cmd, "units"))

    def say(self) -> str:
        return f"/detach units:{','.join(self.units)}"


@order("move")
class Move(Order):
    units: Names
    to: str
    facing: str | None = None

    @classmethod
    def read(cls, cmd: Command) -> Move:
        takes(cmd, "units", "to", "facing")
        facing = cmd.options.get("facing", "").strip()
        return cls(_ids(cmd, "units"), _area(needs(cmd, "to")), _area(facing) if facing else None)

    def say(self) -> str:
        tail = f" facing:{self.facing}" if self.facing else ""
        return f"/move units:{','.join(self.units)} to:{self.to}{tail}"


@order("face")
class Face(Order):
    unit: str
    to: str

    @classmethod
    def read(cls, cmd: Command) -> Face:
        takes(cmd, "unit", "to")
        return cls(needs(cmd, "unit").upper(), _area(needs(cmd, "to")))

    def say(self) -> str:
        return f"/face unit:{self.unit} to:{self.to}"


@order("done")
class Done(Order):
    @classmethod
    def read(cls, cmd: Command) -> Done:
        takes(cmd)
        return cls()

    def say(self) -> str:
        return "/done"


@order("queue")
class Queue(Order):
    orders: Names = ()  # each an order's text; none: the queue is cleared

    @classmethod
    def read(cls, cmd: Command) -> Queue:
        takes(cmd, "orders")
        items = tuple(x.strip() for x in cmd.options.get("orders", "").split(";") if x.strip())
        return cls(items)

    def say(self) -> str:
        return f'/queue orders:"{"; ".join(self.orders)}"' if self.orders else "/queue"


@order("los")
class Los(Order):
    source: str
    target: str

    @classmethod
    def read(cls, cmd: Command) -> Los:
        takes(cmd, "from", "to")
        return cls(_area(needs(cmd, "from")), _area(needs(cmd, "to")))

    def say(self) -> str:
        return f"/los from:{self.source} to:{self.target}"


@order("range")
class Range(Order):
    leader: str

    @classmethod
    def read(cls, cmd: Command) -> Range:
        takes(cmd, "leader")
        return cls(needs(cmd, "leader").strip().upper())

    def say(self) -> str:
        return f"/range leader:{self.leader}"


@order("split")
class Split(Order):
    unit: str  # the division that deploys its short counter (11.3)

    @classmethod
    def read(cls, cmd: Command) -> Split:
        takes(cmd, "unit")
        return cls(needs(cmd, "unit").strip().upper())

    def say(self) -> str:
        return f"/split unit:{self.unit}"


@order("reabsorb")
class Reabsorb(Order):
    unit: str  # the division (or its deployed counter) that takes the counter back (11.3)

    @classmethod
    def read(cls, cmd: Command) -> Reabsorb:
        takes(cmd, "unit")
        return cls(needs(cmd, "unit").strip().upper())

    def say(self) -> str:
        return f"/reabsorb unit:{self.unit}"


@order("form-square")
class FormSquare(Order):
    units: Names

    @classmethod
    def read(cls, cmd: Command) -> FormSquare:
        takes(cmd, "units")
        return cls(_ids(cmd, "units"))

    def say(self) -> str:
        return f"/form-square units:{','.join(self.units)}"


@order("reverse-slope")
class ReverseSlope(Order):
    units: Names

    @classmethod
    def read(cls, cmd: Command) -> ReverseSlope:
        takes(cmd, "units")
        return cls(_ids(cmd, "units"))

    def say(self) -> str:
        return f"/reverse-slope units:{','.join(self.units)}"


@order("line")
class Line(Order):
    units: Names  # back into line from square or reverse-slope defence (17.0)

    @classmethod
    def read(cls, cmd: Command) -> Line:
        takes(cmd, "units")
        return cls(_ids(cmd, "units"))

    def say(self) -> str:
        return f"/line units:{','.join(self.units)}"


_KINDS: list[type[Order]] = [Enter, First, Roll, Release, Activate, Charge, Assign, Attach, Detach]
_KINDS += [Bombard, Move, Face, Assault, Done, Queue, Los, Range]
_KINDS += [Split, Reabsorb, FormSquare, ReverseSlope, Line]
GRAMMAR = Grammar(_KINDS)
