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

from ..orders import Grammar, Order, order
from ..text import Command, flag, listed_ids, needs, number, takes
from .context import error

Names = tuple[str, ...]


def _opt(cmd: Command, option: str) -> str | None:
    v = cmd.options.get(option, "").strip()
    return v or None


def _at(v: str | None) -> str:
    return f" at:{v}" if v else ""


@order("move")
class Move(Order):
    force: str
    to: str
    at: str | None = None
    leave: Names = ()

    @classmethod
    def read(cls, cmd: Command) -> Move:
        takes(cmd, "force", "to", "at", "leave")
        return cls(needs(cmd, "force"), needs(cmd, "to"), _opt(cmd, "at"), listed_ids(cmd, "leave"))

    def say(self) -> str:
        leave = f" leave:{','.join(self.leave)}" if self.leave else ""
        return f"/move force:{self.force} to:{self.to}{_at(self.at)}{leave}"


@order("march")
class March(Order):
    corps: str
    path: Names
    at: str | None = None

    @classmethod
    def read(cls, cmd: Command) -> March:
        takes(cmd, "corps", "path", "at")
        path = tuple(p.strip() for p in needs(cmd, "path").split(">") if p.strip())
        return cls(needs(cmd, "corps"), path, _opt(cmd, "at"))

    def say(self) -> str:
        return f"/march corps:{self.corps} path:{'>'.join(self.path)}{_at(self.at)}"


@order("detach")
class Detach(Order):
    corps: str
    units: Names
    to: str
    at: str | None = None

    @classmethod
    def read(cls, cmd: Command) -> Detach:
        takes(cmd, "corps", "units", "to", "at")
        return cls(
            needs(cmd, "corps"), listed_ids(cmd, "units", needed=True), needs(cmd, "to"), _opt(cmd, "at")
        )

    def say(self) -> str:
        return f"/detach corps:{self.corps} units:{','.join(self.units)} to:{self.to}{_at(self.at)}"


@order("attach")
class Attach(Order):
    corps: str
    unit: str

    @classmethod
    def read(cls, cmd: Command) -> Attach:
        takes(cmd, "corps", "unit")
        return cls(needs(cmd, "corps"), needs(cmd, "unit"))

    def say(self) -> str:
        return f"/attach corps:{self.corps} unit:{self.unit}"


@order("enter")
class Enter(Order):
    corps: str
    entry: str

    @classmethod
    def read(cls, cmd: Command) -> Enter:
        takes(cmd, "corps", "entry")
        return cls(needs(cmd, "corps"), needs(cmd, "entry"))

    def say(self) -> str:
        return f"/enter corps:{self.corps} entry:{self.entry}"


@order("attack")
class Threat(Order):
    source: str
    target: str
    guard: str | None = None  # 15 ([JW]): a Guard Attack, declared by showing this Guard unit

    @classmethod
    def read(cls, cmd: Command) -> Threat:
        takes(cmd, "from", "into", "guard")
        return cls(needs(cmd, "from"), needs(cmd, "into"), _opt(cmd, "guard"))

    def say(self) -> str:
        guard = f" guard:{self.guard}" if self.guard else ""
        return f"/attack from:{self.source} into:{self.target}{guard}"


@order("defend")
class Defend(Order):
    units: Names
    leaders: Names = ()

    @classmethod
    def read(cls, cmd: Command) -> Defend:
        takes(cmd, "units", "leaders")
        return cls(listed_ids(cmd, "units", needed=True), listed_ids(cmd, "leaders"))

    def say(self) -> str:
        lead = f" leaders:{','.join(self.leaders)}" if self.leaders else ""
        return f"/defend units:{','.join(self.units)}{lead}"


@order("give-ground")
class GiveGround(Order):
    @classmethod
    def read(cls, cmd: Command) -> GiveGround:
        takes(cmd)
        return cls()

    def say(self) -> str:
        return "/give-ground"


def _road(cmd: Command) -> Names:
    return tuple(p.strip() for p in cmd.options.get("road", "").split(">") if p.strip())


@order("feint")
class Feint(Order):
    forces: Names
    step: bool = False
    road: Names = ()  # G11: the road path of cavalry riding into the attack locale

    @classmethod
    def read(cls, cmd: Command) -> Feint:
        takes(cmd, "with", "step", "road")
        return cls(
            listed_ids(cmd, "with", needed=True), flag(cmd, "step"), _road(cmd)
        )  # a slash command's yes/no as typed, a line's read once

    def say(self) -> str:
        road = f" road:{'>'.join(self.road)}" if self.road else ""
        return f"/feint with:{','.join(self.forces)}" + (" step:yes" if self.step else "") + road


@order("press")
class Press(Order):
    @classmethod
    def read(cls, cmd: Command) -> Press:
        takes(cmd)
        return cls()

    def say(self) -> str:
        return "/press"


@order("lead")
class Lead(Order):
    forces: Names
    width: str | None = None
    leaders: Names = ()
    target: str | None = None
    keep: Names = ()  # the unit each attacking corps keeps if the attack is beaten back (G26)

    @classmethod
    def read(cls, cmd: Command) -> Lead:
        takes(cmd, "with", "width", "leaders", "target", "keep")
        width = _opt(cmd, "width")
        if width is not None and width.lower() not in ("wide", "narrow"):
            raise error("", "triumph.lead.width_word", width=width)
        return cls(
            listed_ids(cmd, "with", needed=True),
            width.lower() if width else None,
            listed_ids(cmd, "leaders"),
            _opt(cmd, "target"),
            listed_ids(cmd, "keep"),
        )

    def say(self) -> str:
        out = f"/lead with:{','.join(self.forces)}"
        if self.width:
            out += f" width:{self.width}"
        if self.leaders:
            out += f" leaders:{','.join(self.leaders)}"
        if self.target:
            out += f" target:{self.target}"
        if self.keep:
            out += f" keep:{','.join(self.keep)}"
        return out


@order("counter")
class Counter(Order):
    units: Names = ()

    @classmethod
    def read(cls, cmd: Command) -> Counter:
        takes(cmd, "units")
        return cls(listed_ids(cmd, "units"))

    def say(self) -> str:
        return f"/counter units:{','.join(self.units)}" if self.units else "/counter"


@order("step-up")
class StepUp(Order):
    units: Names

    @classmethod
    def read(cls, cmd: Command) -> StepUp:
        takes(cmd, "units")
        return cls(listed_ids(cmd, "units", needed=True))

    def say(self) -> str:
        return f"/step-up units:{','.join(self.units)}"


@order("retreat")
class Retreat(Order):
    to: Names  # "UNIT>LOCALE" each, or one locale for every unit
    hits: Names = ()  # the retreat losses: one unit per point (none: spread evenly)

    @classmethod
    def read(cls, cmd: Command) -> Retreat:
        takes(cmd, "to", "hits")
        return cls(listed_ids(cmd, "to"), listed_ids(cmd, "hits"))

    def say(self) -> str:
        out = f"/retreat to:{','.join(self.to)}" if self.to else "/retreat"
        return out + (f" hits:{','.join(self.hits)}" if self.hits else "")


@order("advance")
class Advance(Order):
    forces: Names
    road: Names = ()  # G11, G35: cavalry riding in by road, through the attack locale

    @classmethod
    def read(cls, cmd: Command) -> Advance:
        takes(cmd, "with", "road")
        return cls(listed_ids(cmd, "with", needed=True), _road(cmd))

    def say(self) -> str:
        road = f" road:{'>'.join(self.road)}" if self.road else ""
        return f"/advance with:{','.join(self.forces)}{road}"


@order("battery")
class Battery(Order):
    unit: str
    facing: str | None = None  # None: the reserve of its locale (18: the Santon only)

    @classmethod
    def read(cls, cmd: Command) -> Battery:
        takes(cmd, "unit", "facing")
        return cls(needs(cmd, "unit"), _opt(cmd, "facing"))

    def say(self) -> str:
        facing = f" facing:{self.facing}" if self.facing else ""
        return f"/battery unit:{self.unit}{facing}"


@order("bid")
class Bid(Order):
    morale: int

    @classmethod
    def read(cls, cmd: Command) -> Bid:
        takes(cmd, "morale")
        n = needs(cmd, "morale")
        if not (n.isascii() and n.isdigit()):  # 17: a bid is a whole number of morale points, none below 0
            raise error("17", "triumph.bid.number", value=n)
        morale = number(cmd, "morale")  # a slash command's number as typed, a line's read once
        assert morale is not None
        return cls(morale)

    def say(self) -> str:
        return f"/bid morale:{self.morale}"


@order("post")
class Post(Order):
    unit: str
    to: str
    at: str | None = None

    @classmethod
    def read(cls, cmd: Command) -> Post:
        takes(cmd, "unit", "to", "at")
        return cls(needs(cmd, "unit"), needs(cmd, "to"), _opt(cmd, "at"))

    def say(self) -> str:
        return f"/post unit:{self.unit} to:{self.to}{_at(self.at)}"


@order("ready")
class Ready(Order):
    @classmethod
    def read(cls, cmd: Command) -> Ready:
        takes(cmd)
        return cls()

    def say(self) -> str:
        return "/ready"


@order("end")
class End(Order):
    @classmethod
    def read(cls, cmd: Command) -> End:
        takes(cmd)
        return cls()

    def say(self) -> str:
        return "/end"


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
