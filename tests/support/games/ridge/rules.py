"""*Ridge*'s rules: pure and deterministic, like every game's engine (no I/O, no Pillow).

Two sides on an area map with elevations, everything open to both (no hidden information):

- R1 The map: seven areas, each with an elevation of 0, 1 or 2, joined as ``ADJACENT`` says.
- R2 Blue attacks with B1, B2, B3; grey defends with G1, G2, G3. A unit's strength is its steps.
- R3 A game lasts ``rounds`` rounds. In a round the sides take turns activating one unit each, blue
  first; a side with no fresh unit left (or that has passed) drops out and the other side goes on until
  it is done too. Then the round ends and every unit is fresh again.
- R4 ``/move unit:U to:AREA``: to an adjacent area holding no enemy unit, and at most two units of a
  side in one area.
- R5 ``/attack unit:U area:AREA``: on an adjacent area holding enemy units. One die: +1 when the
  attacker stands higher than the area attacked, -1 when lower. On 4 or more the strongest unit there
  (the first by id on a tie) loses a step; a unit without steps is eliminated.
- R6 ``/pass``: the side gives up its remaining activations this round.
- R7 A side that has lost every unit loses at once. After the last round blue wins if it alone holds
  the ridge; otherwise grey wins.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.dice import Dice
from engine.errors import RuleError
from engine.events import Event
from engine.messages import rule_error
from engine.text import Command, parse_command

SIDES = ("blue", "grey")
ELEVATION = {"ford": 0, "mill": 0, "farm": 0, "orchard": 1, "wood": 1, "church": 1, "ridge": 2}  # R1
ADJACENT = {
    "ford": ("mill", "orchard"),
    "mill": ("ford", "farm", "orchard", "wood"),
    "farm": ("mill", "wood"),
    "orchard": ("ford", "mill", "church", "ridge"),
    "wood": ("mill", "farm", "church", "ridge"),
    "church": ("orchard", "wood", "ridge"),
    "ridge": ("orchard", "wood", "church"),
}
START = {  # R2: unit -> (side, area, steps)
    "B1": ("blue", "ford", 3),
    "B2": ("blue", "mill", 3),
    "B3": ("blue", "farm", 2),
    "G1": ("grey", "ridge", 3),
    "G2": ("grey", "church", 2),
    "G3": ("grey", "wood", 2),
}
STACK = 2  # R4
HIT = 4  # R5


@dataclass(frozen=True)
class RidgeOptions:
    rounds: int = 4

    def to_dict(self) -> dict[str, Any]:
        return {"rounds": self.rounds}


@dataclass(frozen=True)
class UnitView:
    id: str
    side: str
    area: str
    steps: int
    fresh: bool


@dataclass(frozen=True)
class RidgeView:
    """What every role sees: all of it (R2: open information)."""

    role: str
    round: int
    rounds: int
    units: tuple[UnitView, ...]
    acting: str | None
    passed: tuple[str, ...]
    winner: str | None
    events: tuple[dict[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "role": self.role,
            "round": self.round,
            "rounds": self.rounds,
            "units": [u.__dict__ for u in self.units],
            "acting": self.acting,
            "passed": list(self.passed),
            "winner": self.winner,
        }


@dataclass(frozen=True)
class RidgeLegal:
    role: str
    active: bool
    prompt: str
    choices: tuple[str, ...]
    orders: tuple[str, ...] = ()


@dataclass
class Unit:
    side: str
    area: str
    steps: int
    fresh: bool = True


@dataclass
class RidgeGame:
    options: RidgeOptions
    seed: int
    dice: Dice
    round: int = 1
    units: dict[str, Unit] = field(default_factory=dict)
    acting: str = "blue"
    passed: list[str] = field(default_factory=list)
    winner: str | None = None
    log: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @classmethod
    def new(cls, options: RidgeOptions, seed: int) -> RidgeGame:
        units = {u: Unit(side, area, steps) for u, (side, area, steps) in START.items()}
        return cls(options, seed, Dice.seeded(seed), units=units)

    # --- the engine contract -----------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.winner is not None

    def active(self) -> list[str]:
        return [] if self.over else [self.acting]

    def apply(self, role: str, order: str | Command) -> list[Event]:
        cmd = order if isinstance(order, Command) else parse_command(order)  # a slash command's, or a line
        if role not in SIDES:
            raise rule_error("", "ridge.role", role=role)
        if role not in self.active():
            raise rule_error("R3", "ridge.turn", role=self.acting if not self.over else "nobody")
        before = len(self.events)
        if cmd.name == "pass":
            self.passed.append(role)
            self._emit("passed", {"side": role})
        elif cmd.name in ("move", "attack"):
            unit = self._fresh_unit(role, cmd.options.get("unit", ""))
            key = "to" if cmd.name == "move" else "area"
            area = cmd.options.get(key, "").strip().lower()
            if area not in ELEVATION:
                raise rule_error("R1", "ridge.area", area=area, known=sorted(ELEVATION))
            if area not in ADJACENT[self.units[unit].area]:
                raise rule_error("R1", "ridge.adjacent", unit=unit, area=area, at=self.units[unit].area)
            if cmd.name == "move":
                self._move(unit, area)
            else:
                self._attack(unit, area)
        else:
            raise rule_error("", "ridge.order", order=cmd.name, known=["move", "attack", "pass"])
        self.log.append(f"{role}: {cmd.text() if isinstance(order, Command) else order.strip()}")
        self._next()
        return self.events[before:]

    def _fresh_unit(self, role: str, text: str) -> str:
        unit = text.strip().upper()
        if unit not in self.units:
            raise rule_error("R2", "ridge.unit", unit=text.strip(), known=self._own(role))
        if self.units[unit].side != role:
            raise rule_error("R2", "ridge.not_yours", unit=unit)
        if not self.units[unit].fresh:
            raise rule_error("R3", "ridge.spent", unit=unit)
        return unit

    def _own(self, role: str) -> list[str]:
        return sorted(u for u, x in self.units.items() if x.side == role)

    def _enemies_in(self, side: str, area: str) -> list[str]:
        return sorted(u for u, x in self.units.items() if x.area == area and x.side != side)

    def _move(self, unit: str, area: str) -> None:
        u = self.units[unit]
        if self._enemies_in(u.side, area):
            raise rule_error("R4", "ridge.enemy_there", area=area)
        if sum(1 for x in self.units.values() if x.area == area and x.side == u.side) >= STACK:
            raise rule_error("R4", "ridge.stack", area=area, limit=STACK)
        frm, u.area, u.fresh = u.area, area, False
        self._emit("moved", {"side": u.side, "unit": unit, "from": frm, "to": area})

    def _attack(self, unit: str, area: str) -> None:
        u = self.units[unit]
        targets = self._enemies_in(u.side, area)
        if not targets:
            raise rule_error("R5", "ridge.nobody_there", area=area)
        u.fresh = False
        slope = ELEVATION[u.area] - ELEVATION[area]
        bonus = (slope > 0) - (slope < 0)  # R5: +1 from higher ground, -1 from lower
        die = self.dice.roll()
        hit = die + bonus >= HIT
        self._emit("attacked", {"side": u.side, "unit": unit, "area": area, "die": die, "bonus": bonus})
        if not hit:
            self._emit("missed", {"side": u.side, "unit": unit, "area": area})
            return
        victim = max(targets, key=lambda t: (self.units[t].steps, -targets.index(t)))
        v = self.units[victim]
        v.steps -= 1
        self._emit("hit", {"side": v.side, "unit": victim, "area": area, "steps": v.steps})
        if v.steps == 0:
            del self.units[victim]
            self._emit("eliminated", {"side": v.side, "unit": victim, "area": area})
            if not self._own(v.side):  # R7: a side without units loses at once
                self._win(u.side, "eliminated")

    def _next(self) -> None:
        """R3: the other side acts if it can, else this one goes on; when neither can, a new round."""
        if self.over:
            return
        other = SIDES[1 - SIDES.index(self.acting)]
        for side in (other, self.acting):
            if self._can_act(side):
                self.acting = side
                return
        self._emit("round_ended", {"round": self.round})
        if self.round >= self.options.rounds:  # R7
            holders = {x.side for x in self.units.values() if x.area == "ridge"}
            self._win("blue" if holders == {"blue"} else "grey", "ridge")
            return
        self.round += 1
        self.passed.clear()
        for x in self.units.values():
            x.fresh = True
        self.acting = "blue"

    def _can_act(self, side: str) -> bool:
        return side not in self.passed and any(x.fresh for x in self.units.values() if x.side == side)

    def _win(self, side: str, why: str) -> None:
        self.winner = side
        self._emit("won", {"side": side, "why": why})

    def _emit(self, kind: str, data: dict[str, Any]) -> None:
        self.events.append(Event(kind, data, seq=len(self.events) + 1))

    def view(self, role: str = "public", *, events: bool = True) -> RidgeView:
        return RidgeView(
            role=role,
            round=self.round,
            rounds=self.options.rounds,
            units=tuple(UnitView(u, x.side, x.area, x.steps, x.fresh) for u, x in sorted(self.units.items())),
            acting=None if self.over else self.acting,
            passed=tuple(self.passed),
            winner=self.winner,
            events=tuple(e.visible(role) for e in self.events) if events else (),
        )

    def legal(self, role: str) -> RidgeLegal:
        if role not in self.active():
            return RidgeLegal(role, False, "wait for the other side (R3)", ())
        choices = []
        for unit in self._own(role):
            x = self.units[unit]
            if not x.fresh:
                continue
            for area in ADJACENT[x.area]:
                if self._enemies_in(role, area):
                    choices.append(f"/attack unit:{unit} area:{area}")
                elif sum(1 for y in self.units.values() if y.area == area and y.side == role) < STACK:
                    choices.append(f"/move unit:{unit} to:{area}")
        choices.append("/pass")
        return RidgeLegal(
            role, True, "activate a fresh unit: move, attack, or pass (R3-R6)", tuple(choices), ("move",)
        )

    def script(self) -> str:
        head = ["@game ridge", f"@options rounds={self.options.rounds}", f"@seed {self.seed}"]
        return "\n".join([*head, *self.log])

    def dumps(self) -> str:
        return json.dumps(
            {
                "options": self.options.to_dict(),
                "seed": self.seed,
                "dice": [self.dice.state, self.dice.forced, self.dice.rolled],
                "round": self.round,
                "units": {u: [x.side, x.area, x.steps, x.fresh] for u, x in self.units.items()},
                "acting": self.acting,
                "passed": self.passed,
                "winner": self.winner,
                "log": self.log,
                "events": [e.to_dict() for e in self.events],
            }
        )

    @classmethod
    def loads(cls, s: str) -> RidgeGame:
        d = json.loads(s)
        state, forced, rolled = d["dice"]
        return cls(
            RidgeOptions(**d["options"]),
            d["seed"],
            Dice(state, forced, rolled),
            d["round"],
            {u: Unit(*x) for u, x in d["units"].items()},
            d["acting"],
            d["passed"],
            d["winner"],
            d["log"],
            [Event.from_dict(e) for e in d["events"]],
        )


def directive(game: RidgeGame, word: str, rest: str) -> None:
    """``@dice 5 2``: the next dice (a script's forced dice)."""
    if word != "dice":
        raise RuleError("", f"unknown directive @{word}")
    game.dice.force([int(v) for v in rest.split()])
    game.log.append(f"@dice {rest}")  # the script replays it where it stood
