"""Game options (the ``@options`` line of a script, ``/game new`` in Discord)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

from ..messages import rule_error

RULESETS = ("3rd", "3.4")
SETUPS = ("historical", "free", "initiative")


@dataclass(frozen=True, slots=True)
class Options:
    ruleset: str = "3.4"  # rules README decision 1: "3rd" (1994 + FAQ) or "3.4" (2006)
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

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> Options:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in known})

    @classmethod
    def parse(cls, text: str, base: Options | None = None) -> Options:
        """``ruleset=3.4 setup=historical players=2 command_control=off corps_restriction=off``"""
        opts = base or cls()
        changes: dict[str, object] = {}
        types = {f.name: f.type for f in fields(cls)}
        for item in text.split():
            key, sep, value = item.partition("=")
            key = key.strip().lower().replace("-", "_")
            if not sep or key not in types:
                raise rule_error("options", "options.unknown", item=item, known=list(types))
            v = value.strip()
            if types[key] in ("bool", bool):
                if v.lower() in ("on", "yes", "true", "1"):
                    changes[key] = True
                elif v.lower() in ("off", "no", "false", "0"):
                    changes[key] = False
                else:
                    raise rule_error("options", "options.on_off", option=key, value=v)
            elif types[key] in ("int", int):
                try:
                    changes[key] = int(v)
                except ValueError:
                    raise rule_error("options", "options.whole_number", option=key, value=v) from None
            else:
                changes[key] = v
        return replace(opts, **changes)
