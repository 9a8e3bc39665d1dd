"""A tiny second game module, used only in tests, to prove the module contract (``engine/module.py``).

*Dash* — two runners, ``red`` and ``blue``, on a track of ``length`` squares (option, default 6). Each holds
one hidden reserve die (rolled at the start, seen only by its owner). Rules, numbered as a module's rules
are:

- D1: red moves first, then the two alternate; only the runner whose turn it is may order.
- D2: ``/run steps:N`` moves 1 or 2 squares; ``/sprint`` rolls a die and moves 1 (1-3) or 3 (4-6) squares.
- D3: ``/reserve`` spends the hidden reserve die once: move that many squares (revealed to both).
- D4: the first runner at or past the last square wins.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ai import registry as players
from engine.dice import Dice
from engine.errors import RuleError
from engine.events import Event
from engine.module import Module, OptionSpec, OrderKind, OrderOption, PictureKind
from engine.text import Command, parse_command
from renderers import registry as pictures

ROLES = ("red", "blue")
MESSAGES = {
    "en": {"dash.turn": "it is {role}'s turn (D1)", "dash.steps": "steps takes 1 or 2 (D2)"},
    "ja": {"dash.turn": "{role} の手番です (D1)", "dash.steps": "steps は 1 か 2 です (D2)"},
}


RUN = OrderKind("run", (OrderOption("steps", "number"),), "D2")  # D2


@dataclass(frozen=True)
class DashOptions:
    length: int = 6

    def to_dict(self) -> dict[str, Any]:
        return {"length": self.length}


@dataclass(frozen=True)
class DashView:
    role: str
    turn: int
    at: dict[str, int]
    reserve: dict[str, int | None]  # one's own reserve die; the other's only once spent (D3)
    acting: str | None
    winner: str | None
    events: tuple[dict[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "role": self.role,
            "turn": self.turn,
            "at": self.at,
            "reserve": self.reserve,
            "acting": self.acting,
            "winner": self.winner,
        }


@dataclass(frozen=True)
class DashLegal:
    role: str
    active: bool
    prompt: str
    choices: tuple[str, ...]
    orders: tuple[str, ...] = ()


@dataclass
class DashGame:
    options: DashOptions
    seed: int
    dice: Dice
    turn: int = 1
    at: dict[str, int] = field(default_factory=lambda: {r: 0 for r in ROLES})
    reserve: dict[str, int] = field(default_factory=dict)
    spent: dict[str, bool] = field(default_factory=lambda: {r: False for r in ROLES})
    winner: str | None = None
    log: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @classmethod
    def new(cls, options: DashOptions, seed: int) -> DashGame:
        g = cls(options, seed, Dice.seeded(seed))
        for r in ROLES:
            g.reserve[r] = g.dice.roll()
        return g

    # --- the contract ------------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.winner is not None

    def active(self) -> list[str]:
        return [] if self.over else [ROLES[(self.turn - 1) % 2]]

    def apply(self, role: str, order: str | Command) -> list[Event]:
        # a slash command's, typed at the edge, or a line: its options typed once by their declaration
        cmd = order if isinstance(order, Command) else parse_command(order)
        cmd = RUN.read(cmd) if cmd.name == "run" else cmd
        if role not in self.active():
            raise RuleError(
                "D1", MESSAGES["en"]["dash.turn"].format(role=", ".join(self.active()) or "nobody")
            )
        before = len(self.events)
        if cmd.name == "run":
            steps = cmd.value("steps")  # a number (OrderOption "number"), or the text it could not read
            if steps not in (1, 2) or isinstance(steps, bool):
                raise RuleError("D2", MESSAGES["en"]["dash.steps"], key="dash.steps")
            self._move(role, int(steps), "run")
        elif cmd.name == "sprint":
            die = self.dice.roll()
            self._emit("die", {"role": role, "die": die})
            self._move(role, 1 if die <= 3 else 3, "sprint")
        elif cmd.name == "reserve":
            if self.spent[role]:
                raise RuleError("D3", "the reserve die is spent already (D3)")
            self.spent[role] = True
            self._emit("reveal", {"role": role, "die": self.reserve[role]})
            self._move(role, self.reserve[role], "reserve")
        else:
            raise RuleError("", f"unknown order /{cmd.name}; known: /run, /sprint, /reserve")
        self.log.append(f"{role}: {cmd.text() if isinstance(order, Command) else order.strip()}")
        self.turn += 1
        return self.events[before:]

    def _move(self, role: str, n: int, how: str) -> None:
        self.at[role] = min(self.options.length, self.at[role] + n)
        self._emit("moved", {"role": role, "to": self.at[role], "how": how})
        if self.at[role] >= self.options.length:
            self.winner = role
            self._emit("won", {"role": role})

    def _emit(self, kind: str, data: dict[str, Any]) -> None:
        self.events.append(Event(kind, data, seq=len(self.events) + 1))

    def view(self, role: str = "public", *, events: bool = True) -> DashView:
        return DashView(
            role=role,
            turn=self.turn,
            at=dict(self.at),
            reserve={r: (self.reserve[r] if r == role or self.spent[r] else None) for r in ROLES},
            acting=(self.active() or [None])[0],
            winner=self.winner,
            events=tuple(e.visible(role) for e in self.events) if events else (),
        )

    def legal(self, role: str) -> DashLegal:
        if role not in self.active():
            return DashLegal(role, False, "wait for the other runner (D1)", ())
        choices = ["/run steps:1", "/run steps:2", "/sprint"] + ([] if self.spent[role] else ["/reserve"])
        return DashLegal(role, True, "run, sprint or use your reserve (D2, D3)", tuple(choices), ("run",))

    def script(self) -> str:
        return "\n".join(
            ["@game dash", f"@options length={self.options.length}", f"@seed {self.seed}", *self.log]
        )

    def dumps(self) -> str:
        return json.dumps(
            {
                "options": self.options.to_dict(),
                "seed": self.seed,
                "dice": [self.dice.state, self.dice.forced, self.dice.rolled],
                "turn": self.turn,
                "at": self.at,
                "reserve": self.reserve,
                "spent": self.spent,
                "winner": self.winner,
                "log": self.log,
                "events": [e.to_dict() for e in self.events],
            }
        )

    @classmethod
    def loads(cls, s: str) -> DashGame:
        d = json.loads(s)
        state, forced, rolled = d["dice"]
        return cls(
            DashOptions(**d["options"]),
            d["seed"],
            Dice(state, forced, rolled),
            d["turn"],
            d["at"],
            d["reserve"],
            d["spent"],
            d["winner"],
            d["log"],
            [Event.from_dict(e) for e in d["events"]],
        )


def draw_track(view: DashView, lang: str) -> bytes:
    """The module's one picture: the track, a square per step, each runner's square filled."""
    from PIL import Image, ImageDraw

    n = max(view.at.values()) + 1
    img = Image.new("RGB", (40 * (n + 1), 60), "white")
    d = ImageDraw.Draw(img)
    for i, r in enumerate(ROLES):
        x = 40 * view.at[r]
        d.rectangle([x, 10 + 20 * i, x + 30, 25 + 20 * i], fill=r)
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


class Dash(Module[DashOptions, DashGame, DashView]):
    """The module: its declarations, the six hooks every module gives, its one directive, its report and
    what a passed deadline plays; every other hook is the platform's default."""

    id = "dash"
    title = "Dash (a test module)"
    options = (OptionSpec("length", "int", 6, "squares to the finish", lo=3, hi=30),)
    orders = (
        RUN,
        OrderKind("sprint", (), "D2"),
        OrderKind("reserve", (), "D3"),
    )
    directives = ("dice",)
    pictures = (PictureKind("track"),)

    def make_options(self, values: Mapping[str, Any]) -> DashOptions:
        return DashOptions(**values)

    def options_dict(self, options: DashOptions) -> dict[str, Any]:
        return options.to_dict()

    def roles(self, options: DashOptions) -> tuple[str, ...]:
        return ROLES

    def new_game(self, options: DashOptions, seed: int) -> DashGame:
        return DashGame.new(options, seed)

    def loads(self, snapshot: str) -> DashGame:
        return DashGame.loads(snapshot)

    def owns(self, role: str, unit: str) -> bool:
        return unit == role

    def directive(self, game: DashGame, word: str, rest: str) -> None:
        assert word == "dice"
        game.dice.forced.extend(int(v) for v in rest.split())
        game.log.append(f"@dice {rest}")  # the script replays it where it stood

    def report(self, game: DashGame) -> dict[str, Any]:
        return {"at": game.at, "winner": game.winner, "active": game.active()}

    def passing(self, game: DashGame, role: str) -> tuple[str, bool] | None:
        """D2: a turn is a move, and the least is one square run (no die rolled)."""
        return ("/run steps:1", True) if role in game.active() else None


MODULE = Dash()


class DashBot:
    """The module's bot player: always the longest sure step."""

    def choose(self, view: DashView, legal: DashLegal, rng: Any) -> str:
        return "/run steps:2" if "/run steps:2" in legal.choices else legal.choices[0]


# its picture and its bot player, registered above the engine as a game's own packages do
pictures.register("dash", {"track": draw_track})
players.register("dash", DashBot)
