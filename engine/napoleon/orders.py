"""Napoleon's orders as values: one frozen value per kind of order, read from its text
by the one parser of Napoleon's order text (``GRAMMAR``; ``parse``) and said again by ``text()``, byte for
byte the text ``legal()`` offered before orders were values.

Each kind is ``Spoken``: its text is said by its options' declarations (``spec``: the unit lists ``Ids``, the
paths ``Path``, ``battle:`` said whenever given), in its fields' order, byte for byte as before. Each still
reads itself, in its own words (``move.usage``, ``battle.needs_units``) and with what the declarations do not
read: ``unit:`` and ``units:`` each in the other's place, ``centre:`` for ``center:``, a pinned path's places
kept as written for 7.2 to judge, ``/orders``' list of orders.

The parser checks syntax only (which options, how many units, a yes/no, a battle position's name) and keeps
the names as written: which unit or town a name means, and whether the order is legal now, are the rules'
(``movement``, ``setup``, ``battle/``), which resolve the names and say an unknown or ambiguous one.
"""

from __future__ import annotations

import dataclasses
import re

from ..messages import rule_error
from ..orders import Flag, Grammar, Ids, One, Order, Path, Said, Spoken, order
from ..text import Command, flag, fold, parse_command, split_list
from .board import RELATIVE

Names = tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class Given(Said):
    """One value said whenever it is given, even empty (``battle:``), as written; None when not given."""

    needed: bool = False

    def read(self, cmd: Command) -> str | None:
        return cmd.options.get(self.name)

    def say(self, value: str | None) -> str:
        return "" if value is None else f" {self.name}:{value}"


# said even empty: a value built without units is refused as its text would be (5.0, 3.1)
_UNITS = Ids("units", always=True)
_BATTLE = Given("battle")  # 6.4: which battle, when several are open
_FORCED = Flag("forced")  # a forced march (5.5) or a forced retreat (7.3)
_PATH = Path("path", needed=False, always=True)  # a move's, said always (one naming no town: 5.0's to refuse)
_PINNED = Path("path", needed=False)  # a retreat's or regroup's path pinned (7.2), said when given


def _units(cmd: Command, key: str = "units") -> Names:
    """The unit names of a battle order's ``units:`` (or ``unit:``; each takes the other's place)."""
    text = cmd.options.get(key) or cmd.options.get("unit" if key == "units" else "units")
    if not text:
        raise rule_error("", "battle.needs_units", order=cmd.name, option=key)
    return tuple(split_list(text))


def _one(cmd: Command, usage: str, **params: str) -> str:
    """The one unit of an order on one block (``unit:``)."""
    ids = _units(cmd, "unit")
    if len(ids) != 1:
        raise rule_error("", usage, **params)
    return ids[0]


def _path(text: str | None) -> Names:
    """A retreat's or regroup's ``path:`` pinned (7.2): the towns as written, none if not given."""
    return tuple(t.strip() for t in text.split(">")) if text else ()


@order("setup")
class Setup(Spoken):
    """``/setup units:A,B town:T`` (3.1), or ``/setup auto:yes`` (the rest as in history)."""

    units: Names = ()
    town: str = ""
    auto: bool = False
    spec = (_UNITS, One("town"), Flag("auto"))

    @classmethod
    def read(cls, cmd: Command) -> Setup:
        o = cmd.options
        if "auto" in o:
            if set(o) != {"auto"} or not flag(cmd, "auto"):
                raise rule_error("", "setup.usage")
            return cls(auto=True)
        if set(o) - {"units", "town"} or "units" not in o or "town" not in o:
            raise rule_error("", "setup.usage")
        units = _UNITS.read(cmd)
        if not units:
            raise rule_error("", "setup.no_units")
        return cls(units, o["town"])

    def say(self) -> str:
        return "/setup auto:yes" if self.auto else super().say()  # auto: the one word, the rest left out


@order("move")
class Move(Spoken):
    """``/move units:A,B path:T1>T2 [forced:yes]`` (5.0-5.6): the path may leave out the start."""

    units: Names
    path: Names
    forced: bool = False
    spec = (_UNITS, _PATH, _FORCED)

    @classmethod
    def read(cls, cmd: Command) -> Move:
        o = cmd.options
        if set(o) - {"units", "path", "forced"} or "units" not in o or "path" not in o:
            raise rule_error("", "move.usage")
        units = _UNITS.read(cmd)
        if not units:
            raise rule_error("", "move.no_units")
        return cls(units, _PATH.read(cmd), _FORCED.read(cmd))


@order("end")
class End(Spoken):
    """``/end``: the role is done with its set-up (3.1), its movement (5.0), its battle turn (6.3) or its
    regroup (7.6); ``battle:`` names the battle."""

    battle: str | None = None
    spec = (_BATTLE,)

    @classmethod
    def read(cls, cmd: Command) -> End:
        extra = set(cmd.options) - {"battle"}
        if extra:
            raise rule_error("", "battle.end_options", options=sorted(extra))
        return cls(_BATTLE.read(cmd))


@order("undo")
class Undo(Spoken):
    """``/undo``: the role's last order taken back (product decision 9)."""

    @classmethod
    def read(cls, cmd: Command) -> Undo:
        if cmd.options:
            raise rule_error("", "game.end_no_options", options=list(cmd.options))
        return cls()


@order("deploy")
class Deploy(Spoken):
    """``/deploy left:A center:B right:C reserve:D,E`` (6.2; ``centre:`` too): a column said when it holds
    a block."""

    left: Names = ()
    center: Names = ()
    right: Names = ()
    reserve: Names = ()
    battle: str | None = None
    spec = (Ids("left"), Ids("center"), Ids("right"), Ids("reserve"), _BATTLE)

    @classmethod
    def read(cls, cmd: Command) -> Deploy:
        o = cmd.options
        unknown = set(o) - {"left", "center", "centre", "right", "reserve", "battle"}
        if unknown:
            raise rule_error("", "battle.deploy_options", options=sorted(unknown))

        def col(c: str) -> Names:
            return Ids(c).read(cmd)

        return cls(
            col("left"), col("center") + col("centre"), col("right"), col("reserve"), _BATTLE.read(cmd)
        )

    def columns(self) -> dict[str, list[str]]:
        """The unit names by column, left..reserve."""
        return {
            "left": [*self.left],
            "center": [*self.center],
            "right": [*self.right],
            "reserve": [*self.reserve],
        }


@order("battle-move")
class BattleMove(Spoken):
    """``/battle-move unit:A to:across-left`` (8.1): ``to`` a position named from the mover's side."""

    unit: str
    to: str
    battle: str | None = None
    spec = (One("unit"), One("to"), _BATTLE)

    @classmethod
    def read(cls, cmd: Command) -> BattleMove:
        ids = _units(cmd, "unit")
        if len(ids) != 1 or "to" not in cmd.options:
            raise rule_error("", "battle.move_usage")
        name = fold(cmd.options["to"]).replace(" ", "-").replace("centre", "center")
        if name not in RELATIVE:
            raise rule_error("", "battle.unknown_position", text=cmd.options["to"], positions=list(RELATIVE))
        return cls(ids[0], name, _BATTLE.read(cmd))


@order("fire")
class Fire(Spoken):
    """``/fire unit:A [target:line|square]`` (8.3, 8.5)."""

    unit: str
    target: str | None = None
    battle: str | None = None
    spec = (One("unit"), One("target", needed=False), _BATTLE)

    @classmethod
    def read(cls, cmd: Command) -> Fire:
        unit = _one(cmd, "battle.fire_usage")
        target = (cmd.options.get("target") or "").strip().lower() or None
        if target is not None and target not in ("line", "square"):
            raise rule_error("", "battle.target_usage")
        return cls(unit, target, _BATTLE.read(cmd))


@dataclasses.dataclass(frozen=True, eq=False)
class Formation(Spoken):
    """``/square unit:A`` or ``/unsquare unit:A`` (8.5): a block forms a square or breaks it."""

    unit: str
    battle: str | None = None
    spec = (One("unit"), _BATTLE)

    @classmethod
    def read(cls, cmd: Command) -> Formation:
        return cls(_one(cmd, "battle.square_usage", order=cmd.name), _BATTLE.read(cmd))


@order("square")
class Square(Formation):
    """``/square unit:A`` (8.5)."""


@order("unsquare")
class Unsquare(Formation):
    """``/unsquare unit:A`` (8.5)."""


@order("retreat")
class Retreat(Spoken):
    """``/retreat units:A,B to:T [path:T1>T2] [forced:yes]`` (7.0-7.4)."""

    units: Names
    to: str
    path: Names = ()
    forced: bool = False
    battle: str | None = None
    spec = (_UNITS, One("to"), _PINNED, _FORCED, _BATTLE)

    @classmethod
    def read(cls, cmd: Command) -> Retreat:
        units = _units(cmd)
        o = cmd.options
        if "to" not in o:
            raise rule_error("", "battle.retreat_needs_to")
        forced = _FORCED.read(cmd)
        return cls(units, o["to"], _path(o.get("path")), forced, _BATTLE.read(cmd))


@order("reinforce")
class Reinforce(Spoken):
    """``/reinforce units:A,B from:T`` (9.0)."""

    units: Names
    source: str
    battle: str | None = None
    spec = (_UNITS, One("from"), _BATTLE)

    @classmethod
    def read(cls, cmd: Command) -> Reinforce:
        units = _units(cmd)
        if "from" not in cmd.options:
            raise rule_error("", "battle.reinforce_needs_from")
        return cls(units, cmd.options["from"], _BATTLE.read(cmd))


@order("regroup")
class Regroup(Spoken):
    """``/regroup units:A to:T [path:...]`` or ``/regroup units:A from:T`` (7.6): out of the town or in."""

    units: Names
    to: str | None = None
    source: str | None = None
    path: Names = ()
    battle: str | None = None
    spec = (_UNITS, Given("to"), Given("from"), _PINNED, _BATTLE)

    @classmethod
    def read(cls, cmd: Command) -> Regroup:
        units = _units(cmd)
        o = cmd.options
        if ("to" in o) == ("from" in o):
            raise rule_error("", "battle.regroup_usage")
        return cls(units, o.get("to"), o.get("from"), _path(o.get("path")), _BATTLE.read(cmd))


@order("orders")
class Orders(Order):
    """``/orders list:"fire A; A>across-left; end"``: several battle orders, each read (``item``)
    when its turn comes, so that an item that cannot be read stops the list there as an illegal one does.
    Said by hand: its list is of orders, joined by "; " in quotes, which no declaration says."""

    items: Names
    battle: str | None = None

    @classmethod
    def read(cls, cmd: Command) -> Orders:
        text = cmd.options.get("list")
        if not text:
            raise rule_error("", "battle.orders_usage")
        return cls(tuple(i.strip() for i in text.split(";") if i.strip()), _BATTLE.read(cmd))

    def say(self) -> str:
        return f'/orders list:"{"; ".join(self.items)}"' + _BATTLE.say(self.battle)


# what /orders' items may be besides whole orders: ``A>left``, ``fire A [line|square]``, ``square A``, ``end``
_SHORT = re.compile(r"^\s*([^>\s]+)\s*>\s*([a-z-]+)\s*$", re.IGNORECASE)
BATTLE_KINDS = (
    "deploy",
    "battle-move",
    "fire",
    "square",
    "unsquare",
    "retreat",
    "reinforce",
    "regroup",
    "end",
)


def item(text: str, battle: str | None) -> Order:
    """One item of ``/orders`` as its order, in ``battle`` unless it names its own."""
    s = text.strip()
    if s.startswith("/"):
        cmd = parse_command(s)
    else:
        words = s.split()
        m = _SHORT.match(s)
        if m:
            cmd = Command("battle-move", {"unit": m.group(1), "to": m.group(2)})
        elif words and words[0].lower() == "end" and len(words) == 1:
            cmd = Command("end", {})
        elif words and words[0].lower() in ("fire", "square", "unsquare") and len(words) in (2, 3):
            opts = {"unit": words[1]}
            if len(words) == 3:
                if words[0].lower() != "fire":
                    raise rule_error("", "battle.cannot_read", item=text)
                opts["target"] = words[2]
            cmd = Command(words[0].lower(), opts)
        else:
            raise rule_error("", "battle.cannot_read_usage", item=text)
    if cmd.name == "orders":
        raise rule_error("", "battle.nested_orders")
    if cmd.name not in BATTLE_KINDS:
        raise rule_error("", "battle.unknown_order", order=cmd.name)
    o = GRAMMAR.read(cmd)
    if battle and getattr(o, "battle", None) is None:
        o = dataclasses.replace(o, battle=battle)  # type: ignore[type-var]
    return o


KINDS: tuple[type[Order], ...] = (
    Setup,
    Move,
    End,
    Undo,
    Deploy,
    BattleMove,
    Fire,
    Square,
    Unsquare,
    Retreat,
    Reinforce,
    Regroup,
    Orders,
)
GRAMMAR = Grammar(KINDS)
parse = GRAMMAR.parse
