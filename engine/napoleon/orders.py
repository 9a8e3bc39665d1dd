"""Napoleon's orders as values: one frozen value per kind of order, read from its text
by the one parser of Napoleon's order text (``GRAMMAR``; ``parse``) and said again by ``text()``, byte for
byte the text ``legal()`` offered before orders were values.

The parser checks syntax only (which options, how many units, a yes/no, a battle position's name) and keeps
the names as written: which unit or town a name means, and whether the order is legal now, are the rules'
(``movement``, ``setup``, ``battle/``), which resolve the names and say an unknown or ambiguous one.
"""

from __future__ import annotations

import dataclasses
import re

from ..messages import rule_error
from ..orders import Grammar, Order, order
from ..text import Command, flag, fold, parse_command, split_list
from .board import RELATIVE

Names = tuple[str, ...]


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


def _battle(battle: str | None) -> str:
    return f" battle:{battle}" if battle is not None else ""


@order("setup")
class Setup(Order):
    """``/setup units:A,B town:T`` (3.1), or ``/setup auto:yes`` (the rest as in history)."""

    units: Names = ()
    town: str = ""
    auto: bool = False

    @classmethod
    def read(cls, cmd: Command) -> Setup:
        o = cmd.options
        if "auto" in o:
            if set(o) != {"auto"} or not flag(cmd, "auto"):
                raise rule_error("", "setup.usage")
            return cls(auto=True)
        if set(o) - {"units", "town"} or "units" not in o or "town" not in o:
            raise rule_error("", "setup.usage")
        units = tuple(split_list(o["units"]))
        if not units:
            raise rule_error("", "setup.no_units")
        return cls(units, o["town"])

    def say(self) -> str:
        return "/setup auto:yes" if self.auto else f"/setup units:{','.join(self.units)} town:{self.town}"


@order("move")
class Move(Order):
    """``/move units:A,B path:T1>T2 [forced:yes]`` (5.0-5.6): the path may leave out the start."""

    units: Names
    path: Names
    forced: bool = False

    @classmethod
    def read(cls, cmd: Command) -> Move:
        o = cmd.options
        if set(o) - {"units", "path", "forced"} or "units" not in o or "path" not in o:
            raise rule_error("", "move.usage")
        units = tuple(split_list(o["units"]))
        if not units:
            raise rule_error("", "move.no_units")
        path = tuple(p.strip() for p in o["path"].split(">") if p.strip())
        return cls(units, path, flag(cmd, "forced"))

    def say(self) -> str:
        return f"/move units:{','.join(self.units)} path:{'>'.join(self.path)}" + (
            " forced:yes" if self.forced else ""
        )


@order("end")
class End(Order):
    """``/end``: the role is done with its set-up (3.1), its movement (5.0), its battle turn (6.3) or its
    regroup (7.6); ``battle:`` names the battle."""

    battle: str | None = None

    @classmethod
    def read(cls, cmd: Command) -> End:
        extra = set(cmd.options) - {"battle"}
        if extra:
            raise rule_error("", "battle.end_options", options=sorted(extra))
        return cls(cmd.options.get("battle"))

    def say(self) -> str:
        return "/end" + _battle(self.battle)


@order("undo")
class Undo(Order):
    """``/undo``: the role's last order taken back (product decision 9)."""

    @classmethod
    def read(cls, cmd: Command) -> Undo:
        if cmd.options:
            raise rule_error("", "game.end_no_options", options=list(cmd.options))
        return cls()

    def say(self) -> str:
        return "/undo"


@order("deploy")
class Deploy(Order):
    """``/deploy left:A center:B right:C reserve:D,E`` (6.2; ``centre:`` too)."""

    left: Names = ()
    center: Names = ()
    right: Names = ()
    reserve: Names = ()
    battle: str | None = None

    @classmethod
    def read(cls, cmd: Command) -> Deploy:
        o = cmd.options
        unknown = set(o) - {"left", "center", "centre", "right", "reserve", "battle"}
        if unknown:
            raise rule_error("", "battle.deploy_options", options=sorted(unknown))

        def col(c: str) -> Names:
            return tuple(split_list(o.get(c, "")))

        return cls(col("left"), col("center") + col("centre"), col("right"), col("reserve"), o.get("battle"))

    def columns(self) -> dict[str, list[str]]:
        """The unit names by column, left..reserve."""
        return {
            "left": [*self.left],
            "center": [*self.center],
            "right": [*self.right],
            "reserve": [*self.reserve],
        }

    def say(self) -> str:
        cols = " ".join(f"{c}:{','.join(ids)}" for c, ids in self.columns().items() if ids)
        return f"/deploy {cols}" + _battle(self.battle)


@order("battle-move")
class BattleMove(Order):
    """``/battle-move unit:A to:across-left`` (8.1): ``to`` a position named from the mover's side."""

    unit: str
    to: str
    battle: str | None = None

    @classmethod
    def read(cls, cmd: Command) -> BattleMove:
        ids = _units(cmd, "unit")
        if len(ids) != 1 or "to" not in cmd.options:
            raise rule_error("", "battle.move_usage")
        name = fold(cmd.options["to"]).replace(" ", "-").replace("centre", "center")
        if name not in RELATIVE:
            raise rule_error("", "battle.unknown_position", text=cmd.options["to"], positions=list(RELATIVE))
        return cls(ids[0], name, cmd.options.get("battle"))

    def say(self) -> str:
        return f"/battle-move unit:{self.unit} to:{self.to}" + _battle(self.battle)


@order("fire")
class Fire(Order):
    """``/fire unit:A [target:line|square]`` (8.3, 8.5)."""

    unit: str
    target: str | None = None
    battle: str | None = None

    @classmethod
    def read(cls, cmd: Command) -> Fire:
        unit = _one(cmd, "battle.fire_usage")
        target = (cmd.options.get("target") or "").strip().lower() or None
        if target is not None and target not in ("line", "square"):
            raise rule_error("", "battle.target_usage")
        return cls(unit, target, cmd.options.get("battle"))

    def say(self) -> str:
        return (
            f"/fire unit:{self.unit}"
            + (f" target:{self.target}" if self.target else "")
            + _battle(self.battle)
        )


@dataclasses.dataclass(frozen=True, eq=False)
class Formation(Order):
    """``/square unit:A`` or ``/unsquare unit:A`` (8.5): a block forms a square or breaks it."""

    unit: str
    battle: str | None = None

    @classmethod
    def read(cls, cmd: Command) -> Formation:
        return cls(_one(cmd, "battle.square_usage", order=cmd.name), cmd.options.get("battle"))

    def say(self) -> str:
        return f"/{self.kind} unit:{self.unit}" + _battle(self.battle)


@order("square")
class Square(Formation):
    """``/square unit:A`` (8.5)."""


@order("unsquare")
class Unsquare(Formation):
    """``/unsquare unit:A`` (8.5)."""


@order("retreat")
class Retreat(Order):
    """``/retreat units:A,B to:T [path:T1>T2] [forced:yes]`` (7.0-7.4)."""

    units: Names
    to: str
    path: Names = ()
    forced: bool = False
    battle: str | None = None

    @classmethod
    def read(cls, cmd: Command) -> Retreat:
        units = _units(cmd)
        o = cmd.options
        if "to" not in o:
            raise rule_error("", "battle.retreat_needs_to")
        forced = flag(cmd, "forced")
        return cls(units, o["to"], _path(o.get("path")), forced, o.get("battle"))

    def say(self) -> str:
        return (
            f"/retreat units:{','.join(self.units)} to:{self.to}"
            + (f" path:{'>'.join(self.path)}" if self.path else "")
            + (" forced:yes" if self.forced else "")
            + _battle(self.battle)
        )


@order("reinforce")
class Reinforce(Order):
    """``/reinforce units:A,B from:T`` (9.0)."""

    units: Names
    source: str
    battle: str | None = None

    @classmethod
    def read(cls, cmd: Command) -> Reinforce:
        units = _units(cmd)
        if "from" not in cmd.options:
            raise rule_error("", "battle.reinforce_needs_from")
        return cls(units, cmd.options["from"], cmd.options.get("battle"))

    def say(self) -> str:
        return f"/reinforce units:{','.join(self.units)} from:{self.source}" + _battle(self.battle)


@order("regroup")
class Regroup(Order):
    """``/regroup units:A to:T [path:...]`` or ``/regroup units:A from:T`` (7.6): out of the town or in."""

    units: Names
    to: str | None = None
    source: str | None = None
    path: Names = ()
    battle: str | None = None

    @classmethod
    def read(cls, cmd: Command) -> Regroup:
        units = _units(cmd)
        o = cmd.options
        if ("to" in o) == ("from" in o):
            raise rule_error("", "battle.regroup_usage")
        return cls(units, o.get("to"), o.get("from"), _path(o.get("path")), o.get("battle"))

    def say(self) -> str:
        return (
            f"/regroup units:{','.join(self.units)}"
            + (f" to:{self.to}" if self.to is not None else "")
            + (f" from:{self.source}" if self.source is not None else "")
            + (f" path:{'>'.join(self.path)}" if self.path else "")
            + _battle(self.battle)
        )


@order("orders")
class Orders(Order):
    """``/orders list:"fire A; A>across-left; end"``: several battle orders, each read (``item``)
    when its turn comes, so that an item that cannot be read stops the list there as an illegal one does."""

    items: Names
    battle: str | None = None

    @classmethod
    def read(cls, cmd: Command) -> Orders:
        text = cmd.options.get("list")
        if not text:
            raise rule_error("", "battle.orders_usage")
        return cls(tuple(i.strip() for i in text.split(";") if i.strip()), cmd.options.get("battle"))

    def say(self) -> str:
        return f'/orders list:"{"; ".join(self.items)}"' + _battle(self.battle)


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
