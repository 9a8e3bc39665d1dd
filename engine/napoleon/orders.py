"""Napoleon's orders as values: one frozen value per kind of order, read from its text
by the one parser of Napoleon's order text (``GRAMMAR``; ``parse``) and said again by ``text()``, byte for
byte the text ``legal()`` offered before orders were values.

Each kind is ``Spoken``: read and said by its options' declarations (``spec``: the unit lists ``Ids``, one
unit ``Single``, the paths ``Path``, ``/orders``' list ``Items``, ``battle:`` said whenever given), in its
fields' order, byte for byte as before: ``unit:`` and ``units:`` each in the other's place (aliases),
``centre:`` with ``center:`` (one list), a pinned path's places kept as written for 7.2 to judge. A kind
that checks its options in its own words first (``move.usage``, ``battle.retreat_needs_to``) does so, then
reads them by its declarations.

The parser checks syntax only (which options, how many units, a yes/no, a battle position's name) and keeps
the names as written: which unit or town a name means, and whether the order is legal now, are the rules'
(``movement``, ``setup``, ``battle/``), which resolve the names and say an unknown or ambiguous one.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from ..errors import RuleError
from ..messages import rule_error
from ..orders import Flag, Grammar, Ids, Items, One, Order, Path, Said, Single, Spoken, order
from ..text import Command, flag, fold, parse_command
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


def _needs_units(option: str) -> Callable[[Command, str], RuleError]:
    return lambda cmd, _: rule_error("", "battle.needs_units", order=cmd.name, option=option)


def _usage(key: str, *, named: bool = False) -> Callable[[Command, str], RuleError]:
    """A battle order's usage, said when an option cannot be read (``named``: it names the order)."""
    return lambda cmd, _: rule_error("", key, order=cmd.name) if named else rule_error("", key)


# said even empty: a value built without units is refused as its text would be (5.0, 3.1)
_UNITS = Ids("units", always=True)
# a battle order's units: ``unit:`` takes the place of ``units:`` (and ``units:`` of ``unit:``)
_BLOCKS = Ids("units", needed=True, bare=True, aliases=("unit",), missing=_needs_units("units"))
_BATTLE = Given("battle")  # 6.4: which battle, when several are open
_FORCED = Flag("forced")  # a forced march (5.5) or a forced retreat (7.3)
_PATH = Path("path", needed=False, always=True)  # a move's, said always (one naming no town: 5.0's to refuse)
_PINNED = Path("path", needed=False, pinned=True)  # a retreat's or regroup's path pinned (7.2), as written


def _unit(usage: str, *, named: bool = False) -> Single:
    """The one unit of an order on one block (``unit:``, or ``units:`` naming one)."""
    return Single("unit", aliases=("units",), missing=_needs_units("unit"), wrong=_usage(usage, named=named))


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
    spec = (
        Ids("left"),
        Ids("center", aliases=("centre",), joined=True),
        Ids("right"),
        Ids("reserve"),
        _BATTLE,
    )

    @classmethod
    def read(cls, cmd: Command) -> Deploy:
        unknown = set(cmd.options) - set(cls.taken)
        if unknown:
            raise rule_error("", "battle.deploy_options", options=sorted(unknown))
        return cls.declared(cmd)

    def columns(self) -> dict[str, list[str]]:
        """The unit names by column, left..reserve."""
        return {
            "left": [*self.left],
            "center": [*self.center],
            "right": [*self.right],
            "reserve": [*self.reserve],
        }


_MOVER = _unit("battle.move_usage")


@order("battle-move")
class BattleMove(Spoken):
    """``/battle-move unit:A to:across-left`` (8.1): ``to`` a position named from the mover's side."""

    unit: str
    to: str
    battle: str | None = None
    spec = (_MOVER, One("to"), _BATTLE)

    @classmethod
    def read(cls, cmd: Command) -> BattleMove:
        unit = _MOVER.read(cmd)
        assert unit is not None  # needed: refused when not given
        if "to" not in cmd.options:
            raise rule_error("", "battle.move_usage")
        name = fold(cmd.options["to"]).replace(" ", "-").replace("centre", "center")
        if name not in RELATIVE:
            raise rule_error("", "battle.unknown_position", text=cmd.options["to"], positions=list(RELATIVE))
        return cls(unit, name, _BATTLE.read(cmd))


@order("fire")
class Fire(Spoken):
    """``/fire unit:A [target:line|square]`` (8.3, 8.5)."""

    unit: str
    target: str | None = None
    battle: str | None = None
    spec = (
        _unit("battle.fire_usage"),
        One(
            "target",
            needed=False,
            case="lower",
            among=("line", "square"),
            wrong=_usage("battle.target_usage"),
        ),
        _BATTLE,
    )

    @classmethod
    def read(cls, cmd: Command) -> Fire:
        return cls.declared(cmd)  # any other option left unread, as before


@dataclasses.dataclass(frozen=True, eq=False)
class Formation(Spoken):
    """``/square unit:A`` or ``/unsquare unit:A`` (8.5): a block forms a square or breaks it."""

    unit: str
    battle: str | None = None
    spec = (_unit("battle.square_usage", named=True), _BATTLE)

    @classmethod
    def read(cls, cmd: Command) -> Formation:
        return cls.declared(cmd)


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
    spec = (_BLOCKS, One("to"), _PINNED, _FORCED, _BATTLE)

    @classmethod
    def read(cls, cmd: Command) -> Retreat:
        units = _BLOCKS.read(cmd)
        o = cmd.options
        if "to" not in o:
            raise rule_error("", "battle.retreat_needs_to")
        forced = _FORCED.read(cmd)
        return cls(units, o["to"], _PINNED.read(cmd), forced, _BATTLE.read(cmd))


@order("reinforce")
class Reinforce(Spoken):
    """``/reinforce units:A,B from:T`` (9.0)."""

    units: Names
    source: str
    battle: str | None = None
    spec = (_BLOCKS, One("from"), _BATTLE)

    @classmethod
    def read(cls, cmd: Command) -> Reinforce:
        units = _BLOCKS.read(cmd)
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
    spec = (_BLOCKS, Given("to"), Given("from"), _PINNED, _BATTLE)

    @classmethod
    def read(cls, cmd: Command) -> Regroup:
        units = _BLOCKS.read(cmd)
        o = cmd.options
        if ("to" in o) == ("from" in o):
            raise rule_error("", "battle.regroup_usage")
        return cls(units, o.get("to"), o.get("from"), _PINNED.read(cmd), _BATTLE.read(cmd))


@order("orders")
class Orders(Spoken):
    """``/orders list:"fire A; A>across-left; end"``: several battle orders, each read (``item``)
    when its turn comes, so that an item that cannot be read stops the list there as an illegal one does."""

    items: Names
    battle: str | None = None
    spec = (Items("list", needed=True, missing=_usage("battle.orders_usage")), _BATTLE)

    @classmethod
    def read(cls, cmd: Command) -> Orders:
        return cls.declared(cmd)  # any other option left unread, as before


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
