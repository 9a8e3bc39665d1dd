"""Orders as text: ``/name option:value option:value`` (game-independent).

Values run to the next `` option:`` or the end of the line, so they may hold spaces
(``path:Quatre Bras>Waterloo``); a value may be quoted (``list:"fire A; B>across-left"``).
Lists are comma-separated and paths are joined by ``>``.

An order's options come in two forms: as text (``options``: what a player writes, what the log and scripts
keep) and as typed values (``values``: a yes/no a ``bool``, a number an ``int``, the rest its text), made
once at the edge that received them: ``Command.given`` from a front end's typed values (a slash command's),
``OrderKind.read`` (engine/module.py) from the text by the option's declared kind. A reader takes a value by
``value``/``flag``/``number``, typed where the edge typed it and read from its text once otherwise.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field

from .messages import rule_error

_OPTION = re.compile(r"(?:^|\s)([a-z][a-z0-9_-]*):", re.IGNORECASE)
_NAME = re.compile(r"[a-z][a-z0-9-]*")


Value = str | int | bool  # an order option's typed value: a yes/no, a number, or its text


@dataclass(frozen=True, slots=True)
class Command:
    """One order as its name and options: ``options`` its text form (the log's, byte for byte the player's),
    ``values`` the typed values its edge read (the same options; empty for a line not yet read by its
    declaration). Two commands are equal when their text forms are."""

    name: str
    options: dict[str, str]
    values: dict[str, Value] = field(default_factory=dict, compare=False)

    @classmethod
    def given(cls, name: str, values: Mapping[str, Value | None]) -> Command:
        """An order from typed values (a slash command's options, in its order kind's order), kept typed; its
        text form said once, as a player would write it: a yes/no set ``yes``, a number in digits, a yes/no
        unset and an option not given left out."""
        typed: dict[str, Value] = {}
        for k, v in values.items():
            if v is None or v is False:
                continue
            typed[k] = v.strip() if isinstance(v, str) else v
        return cls(name, {k: said(v) for k, v in typed.items()}, typed)

    def value(self, option: str) -> Value | None:
        """The option's value: typed where its edge read it, else its text; None when not given."""
        v = self.values.get(option)
        return v if v is not None else self.options.get(option)

    def text(self) -> str:
        parts = [f"/{self.name}"]
        for k, v in self.options.items():
            parts.append(f'{k}:"{v}"' if ";" in v or ":" in v else f"{k}:{v}")
        return " ".join(parts)


def said(value: Value) -> str:
    """A typed value as an order's text says it (a yes/no ``yes``/``no``, a number in digits)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def parse_command(text: str) -> Command:
    """Split one order line into its name and options. Raises RuleError on a line that is not an order."""
    s = text.strip()
    if not s.startswith("/"):
        raise rule_error("", "text.no_slash", text=s)
    head, _, rest = s[1:].partition(" ")
    name = head.strip().lower()
    if _NAME.fullmatch(name) is None:
        raise rule_error("", "text.bad_name", name=head)
    options: dict[str, str] = {}
    rest = " " + rest
    if '"' not in rest:
        # no quoted value (nearly every order): the options split in one pass, each value running to the
        # next option, as the loop below reads them
        parts = _OPTION.split(rest)
        if parts[0].strip():
            raise rule_error("", "text.not_name_value", order=name, text=parts[0].strip())
        for i in range(1, len(parts), 2):
            key = parts[i].lower()
            if key in options:
                raise rule_error("", "text.option_twice", option=key)
            options[key] = parts[i + 1].strip()
        return Command(name, options)
    pos = 0
    matches = list(_OPTION.finditer(rest))
    if matches and rest[: matches[0].start()].strip():
        raise rule_error("", "text.not_name_value", order=name, text=rest[: matches[0].start()].strip())
    if not matches and rest.strip():
        raise rule_error("", "text.not_name_value", order=name, text=rest.strip())
    i = 0
    while i < len(matches):
        m = matches[i]
        key = m.group(1).lower()
        start = m.end()
        if start < len(rest) and rest[start] == '"':
            close = rest.find('"', start + 1)
            if close < 0:
                raise rule_error("", "text.open_quote", option=key)
            value = rest[start + 1 : close]
            pos = close + 1
            # skip option-looking matches inside the quotes
            i += 1
            while i < len(matches) and matches[i].start() < pos:
                i += 1
            if rest[pos : (matches[i].start() if i < len(matches) else len(rest))].strip():
                raise rule_error("", "text.after_quote", option=key)
        else:
            end = matches[i + 1].start() if i + 1 < len(matches) else len(rest)
            value = rest[start:end].strip()
            i += 1
        if key in options:
            raise rule_error("", "text.option_twice", option=key)
        options[key] = value
    return Command(name, options)


def fold(s: str) -> str:
    """Case- and accent-insensitive form used to match names."""
    nf = unicodedata.normalize("NFKD", s)
    return "".join(c for c in nf if not unicodedata.combining(c)).casefold().strip()


def matches(value: str, current: str) -> bool:
    """Whether a value fits what is typed so far (autocomplete): it begins with it or holds it."""
    return fold(value).startswith(fold(current)) or fold(current) in fold(value)


def complete_list(items: list[str], current: str) -> list[str]:
    """Complete the last item of a comma-separated list, keeping the ones already typed (autocomplete)."""
    done = [p.strip() for p in current.split(",")]
    last = done.pop() if done else ""
    chosen = {fold(p) for p in done if p}
    head = ",".join(p for p in done if p)
    out = []
    for it in items:
        if fold(it) in chosen or not fold(it).startswith(fold(last)):
            continue
        out.append(f"{head},{it}" if head else it)
    return out


def split_list(value: str) -> list[str]:
    return [p.strip() for p in value.split(",") if p.strip()]


def flag(cmd: Command, option: str) -> bool:
    """A yes/no option (False when not given): typed by its edge, or its text read once (``yes_no``)."""
    v = cmd.value(option)
    if v is None:
        return False
    return v if isinstance(v, bool) else yes_no(str(v), option)


def number(cmd: Command, option: str) -> int | None:
    """A whole-number option (None when not given): typed by its edge, or its text read once; a RuleError
    when it is not a whole number."""
    v = cmd.value(option)
    if v is None:
        return None
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    try:
        return int(str(v).strip())
    except ValueError:
        raise rule_error("", "text.number", option=option, value=str(v)) from None


def takes(cmd: Command, *options: str) -> dict[str, str]:
    """``cmd``'s options, refused if it gives one its order does not take (naming those it takes)."""
    extra = [k for k in cmd.options if k not in options]
    if extra:
        if options:
            raise rule_error("", "text.options", order=cmd.name, options=extra, known=list(options))
        raise rule_error("", "text.no_options", order=cmd.name, options=extra)
    return cmd.options


def needs(cmd: Command, option: str, value: str | None = None) -> str:
    """A value the order cannot do without (``value``: the option's own, or an alias's)."""
    v = (cmd.options.get(option, "") if value is None else value).strip()
    if not v:
        raise rule_error("", "text.needs", order=cmd.name, option=option)
    return v


def listed_ids(cmd: Command, option: str, *, needed: bool = False) -> tuple[str, ...]:
    """The comma-separated ids of ``option`` (refused as missing when ``needed`` and none given)."""
    ids = tuple(split_list(cmd.options.get(option, "")))
    if needed and not ids:
        raise rule_error("", "text.needs", order=cmd.name, option=option)
    return ids


def yes_no(value: str, option: str) -> bool:
    v = value.strip().lower()
    if v in ("yes", "y", "true", "on", "1"):
        return True
    if v in ("no", "n", "false", "off", "0", ""):
        return False
    raise rule_error("", "text.yes_no", option=option, value=value)
