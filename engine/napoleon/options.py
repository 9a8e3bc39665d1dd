"""Game options (the ``@options`` line of a script, ``/game new`` in Discord)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from ..messages import rule_error
from ..module import OptionSpec, parse_values

RULESETS = ("3rd", "3.4")
SETUPS = ("historical", "free", "initiative")


@dataclass(frozen=True, slots=True)
class Options:
    ruleset: str = "3.4"  # product decision 1: "3rd" (1994 + FAQ) or "3.4" (2006)
    setup: str = "initiative"  # 3.3 is the default, as the rules recommend
    players: int = 2  # 13.1: 3 = French / British / Prussian
    command_control: bool = False  # 13.2
    corps_restriction: bool = False  # 13.3, v3.4 only
    days: int = 0  # 0 = the whole time record of the scenario; otherwise play only the first N days
    scenario: str = "napoleon"

    def __post_init__(self) -> None:
        if self.ruleset not in RULESETS:
            raise rule_error("options", "options.ruleset", known=list(RULESETS), value=self.ruleset)
        if self.setup not in SETUPS:
            raise rule_error("options", "options.setup", known=list(SETUPS), value=self.setup)
        if self.players not in (2, 3):
            raise rule_error("13.1", "options.players", value=self.players)
        if self.corps_restriction and self.ruleset != "3.4":
            raise rule_error("13.3", "options.corps_restriction")
        if self.days < 0:
            raise rule_error("options", "options.days")

    @property
    def third(self) -> bool:
        return self.ruleset == "3rd"

    @property
    def roles(self) -> tuple[str, ...]:
        return ("french", "british", "prussian") if self.players == 3 else ("french", "allied")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Options:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in known})

    @classmethod
    def parse(cls, text: str, base: Options | None = None) -> Options:
        """``ruleset=3.4 setup=historical players=2 command_control=off corps_restriction=off``"""
        return cls.from_dict(parse_values(OPTIONS, text, (base or cls()).to_dict()))


# The options as the module contract declares them (engine/module.py): /game new and @options read them; the
# checks that cite a rule (13.1, 13.3) are Options' own.
OPTIONS = (
    OptionSpec("ruleset", "choice", "3.4", "the edition: 3.4 (2006) or 3rd (1994 with the FAQ)", RULESETS),
    OptionSpec("setup", "choice", "initiative", "historical, free (3.1) or initiative (3.3)", SETUPS),
    OptionSpec("players", "int", 2, "2, or 3 (13.1: French, British, Prussian)"),
    OptionSpec("command_control", "bool", False, "13.2: which groups may attack one town together"),
    OptionSpec("corps_restriction", "bool", False, "13.3, v3.4 only: corps march together"),
    OptionSpec("days", "int", 0, "0 = the whole campaign, or the first N days"),
    OptionSpec("scenario", "text", "napoleon", "the map and order of battle (data/napoleon)"),
)
