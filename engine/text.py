"""Orders as text: ``/name option:value option:value`` (game-independent).

Values run to the next `` option:`` or the end of the line, so they may hold spaces
(``path:Quatre Bras>Waterloo``); a value may be quoted (``list:"fire A; B>across-left"``).
Lists are comma-separated and paths are joined by ``>``.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .messages import rule_error

_OPTION = re.compile(r"(?:^|\s)([a-z][a-z0-9_-]*):", re.IGNORECASE)
_NAME = re.compile(r"[a-z][a-z0-9-]*")


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    options: dict[str, str]

    def text(self) -> str:
        parts = [f"/{self.name}"]
        for k, v in self.options.items():
            parts.append(f'{k}:"{v}"' if ";" in v or ":" in v else f"{k}:{v}")
        return " ".join(parts)


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
