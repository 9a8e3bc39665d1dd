"""A third tiny game module, used only in tests, to prove that the platform draws the interaction kinds of
the contract (``engine/module.py``: ``Pick``, ``SealedChoice``) for a game it has never seen.

*Ambush* — ``north`` and ``south`` each have three scouts. Rules, numbered as a module's rules are:

- A1: both sides at once hide their scouts, each in the ``ridge`` or the ``wood`` of the pass, as one order
  (``/hide ridge:N1,N2 wood:N3 at:pass``): a sealed choice made by a form. Each side's hiding stays secret
  until both have hidden; then both are revealed together.
- A2: then north, then south strikes at one of the two places (``/strike at:wood``): a pick from a list. A
  strike captures the other side's scouts hidden there.
- A3: once both have struck, the side that captured more wins; south wins a tie.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import RuleError
from engine.events import Event
from engine.module import Interaction, Module, OrderKind, OrderOption, Pick, PictureKind, SealedChoice
from engine.text import parse_command
from renderers import registry as pictures

ROLES = ("north", "south")
SCOUTS = {"north": ("N1", "N2", "N3"), "south": ("S1", "S2", "S3")}
SLOTS = ("ridge", "wood")
PLACE = "pass"


@dataclass(frozen=True)
class AmbushOptions:
    def to_dict(self) -> dict[str, Any]:
        return {}


@dataclass(frozen=True)
class AmbushLegal:
    role: str
    active: bool
    prompt: str
    choices: tuple[str, ...]


@dataclass
class AmbushGame:
    options: AmbushOptions
    seed: int
    hidden: dict[str, dict[str, str]] = field(default_factory=dict)  # side -> scout -> slot (A1)
    struck: dict[str, str] = field(default_factory=dict)  # side -> slot (A2)
    log: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @classmethod
    def new(cls, options: AmbushOptions, seed: int) -> AmbushGame:
        return cls(options, seed)

    @property
    def revealed(self) -> bool:
        return len(self.hidden) == 2  # A1: both hidings are shown together

    @property
    def over(self) -> bool:
        return len(self.struck) == 2

    def active(self) -> list[str]:
        if not self.revealed:
            return [r for r in ROLES if r not in self.hidden]
        if self.over:
            return []
        return [next(r for r in ROLES if r not in self.struck)]  # A2: north, then south

    def captured(self, role: str) -> list[str]:
        other = ROLES[1 - ROLES.index(role)]
        at = self.struck.get(role)
        return [s for s, slot in self.hidden.get(other, {}).items() if slot == at]

    def winner(self) -> str | None:
        if not self.over:
            return None
        return "north" if len(self.captured("north")) > len(self.captured("south")) else "south"  # A3

    def apply(self, role: str, order: str) -> list[Event]:
        cmd = parse_command(order)
        if role not in self.active():
            raise RuleError("A2", f"it is not {role}'s turn (A1, A2)")
        before = len(self.events)
        if cmd.name == "hide" and not self.revealed:
            placed = {u.strip(): s for s in SLOTS for u in cmd.options.get(s, "").split(",") if u.strip()}
            if sorted(placed) != sorted(SCOUTS[role]) or cmd.options.get("at") != PLACE:
                raise RuleError("A1", "hide each of your three scouts once, at:pass (A1)")
            self.hidden[role] = placed
            self._emit("hid", {"role": role}, secret={"placed": placed}, to=(role,))
            if self.revealed:
                for r in ROLES:
                    said = {s: ",".join(u for u, at in self.hidden[r].items() if at == s) for s in SLOTS}
                    self._emit("revealed", {"role": r, **said})
        elif cmd.name == "strike" and self.revealed and cmd.options.get("at") in SLOTS:
            self.struck[role] = cmd.options["at"]
            self._emit("struck", {"role": role, "at": self.struck[role], "captured": self.captured(role)})
            if self.over:
                self._emit("won", {"role": self.winner()})
        else:
            raise RuleError("A2", "hide your scouts (A1), then strike at:ridge or at:wood (A2)")
        self.log.append(f"{role}: {order.strip()}")
        return self.events[before:]

    def _emit(
        self, kind: str, data: dict[str, Any], secret: dict[str, Any] | None = None, to: tuple[str, ...] = ()
    ) -> None:
        self.events.append(Event(kind, data, secret, frozenset(to), seq=len(self.events) + 1))

    def view(self, role: str = "public", *, events: bool = True) -> dict[str, Any]:
        shown = {r: p for r, p in self.hidden.items() if self.revealed or r == role}
        seen = tuple(e.visible(role) for e in self.events) if events else ()
        return {"role": role, "hidden": shown, "struck": dict(self.struck), "events": seen}

    def legal(self, role: str) -> AmbushLegal:
        if role not in self.active():
            return AmbushLegal(role, False, "wait (A1, A2)", ())
        if not self.revealed:
            first, *rest = SCOUTS[role]
            example = f"/hide ridge:{first} wood:{','.join(rest)} at:{PLACE}"
            return AmbushLegal(role, True, "hide your scouts (A1)", (example,))
        return AmbushLegal(role, True, "strike (A2)", tuple(f"/strike at:{s}" for s in SLOTS))

    def script(self) -> str:
        return "\n".join(["@game ambush", f"@seed {self.seed}", *self.log])

    def dumps(self) -> str:
        return json.dumps(
            {
                "seed": self.seed,
                "hidden": self.hidden,
                "struck": self.struck,
                "log": self.log,
                "events": [e.to_dict() for e in self.events],
            }
        )

    @classmethod
    def loads(cls, s: str) -> AmbushGame:
        d = json.loads(s)
        events = [Event.from_dict(e) for e in d["events"]]
        return cls(AmbushOptions(), d["seed"], d["hidden"], d["struck"], d["log"], events)


def interactions(game: Any, role: str) -> list[Interaction]:
    """A1 is a sealed choice made by a form; A2 a pick from a list. Nothing else: the platform draws both."""
    if role not in game.active():
        return []
    if not game.revealed:
        return [SealedChoice(order="hide", pieces=SCOUTS[role], slots=SLOTS, place="at", at=PLACE)]
    return [Pick(tuple(game.legal(role).choices))]


def draw(view: dict[str, Any], lang: str) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(buf, "PNG")
    return buf.getvalue()


class Ambush(Module[AmbushOptions, AmbushGame, Any]):
    """The module: its declarations, the six hooks every module gives, and its interactions (A1, A2)."""

    id = "ambush"
    title = "Ambush (a test module)"
    options = ()
    orders = (
        OrderKind(
            "hide",
            (
                OrderOption("ridge", "list", False, suggested=False),
                OrderOption("wood", "list", False, suggested=False),
                OrderOption("at", "text"),
            ),
            "A1",
        ),
        OrderKind("strike", (OrderOption("at", "text"),), "A2"),
    )
    pictures = (PictureKind[AmbushGame, Any]("pass"),)

    def make_options(self, values: Mapping[str, Any]) -> AmbushOptions:
        return AmbushOptions()

    def options_dict(self, options: AmbushOptions) -> dict[str, Any]:
        return {}

    def roles(self, options: AmbushOptions) -> tuple[str, ...]:
        return ROLES

    def new_game(self, options: AmbushOptions, seed: int) -> AmbushGame:
        return AmbushGame.new(options, seed)

    def loads(self, snapshot: str) -> AmbushGame:
        return AmbushGame.loads(snapshot)

    def owns(self, role: str, unit: str) -> bool:
        return unit in SCOUTS.get(role, ())

    def interactions(self, game: AmbushGame, role: str) -> list[Interaction]:
        return interactions(game, role)

    def placings(self, game: AmbushGame, forfeits: Sequence[str] = ()) -> list[tuple[int, tuple[str, ...]]]:
        """A3: the side that captured more first (its view is a plain dict, which names no ``winner`` for the
        default to read); a forfeit as the default places it."""
        if forfeits or not game.over:
            return super().placings(game, forfeits)
        won = game.winner()
        return [(1 if r == won else 2, (r,)) for r in ROLES]


MODULE = Ambush()

# its picture, registered above the engine as a game's own packages do
pictures.register("ambush", {"pass": draw})
