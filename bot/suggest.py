"""Suggestions for autocomplete: only what is legal now (DESIGN, "Playing in Discord"). No discord here."""

from __future__ import annotations

from engine import Game, parse_command
from engine.text import fold

LIMIT = 25  # Discord offers at most 25 autocomplete choices


def _matches(value: str, current: str) -> bool:
    return fold(value).startswith(fold(current)) or fold(current) in fold(value)


def suggest(
    game: Game, roles: list[str], order: str, option: str, current: str, given: dict[str, str] | None = None
) -> list[str]:
    """Values for ``option`` of ``/order`` that are legal now for these roles, matching what is typed.

    For list options (``units``) the typed items stay and the last item is completed; for ``path`` the towns
    reachable by the units already chosen are offered."""
    given = given or {}
    values: list[str] = []
    for role in roles:
        if role not in game.active():
            continue
        lg = game.legal(role)
        if order == "move" and option == "units":
            values += _list_suggestions(sorted(set(lg.moves) | set(lg.forced)), current)
            continue
        if order == "move" and option == "path":
            units = [u.strip().upper() for u in given.get("units", "").split(",") if u.strip()]
            first = units[0] if units else None
            paths = []
            for uid, ps in list(lg.moves.items()) + list(lg.forced.items()):
                if first is None or uid == first:
                    paths += [">".join(p) for p in ps]
            values += [p for p in dict.fromkeys(paths) if _matches(p, current)]
            continue
        for c in lg.choices:
            cmd = parse_command(c)
            if cmd.name != order or option not in cmd.options:
                continue
            if any(k in cmd.options and fold(cmd.options[k]) != fold(v) for k, v in given.items() if v):
                continue
            v = cmd.options[option]
            if option in ("units",) and "," in current:
                values += _list_suggestions(v.split(","), current)
            elif _matches(v, current):
                values.append(v)
    return list(dict.fromkeys(values))[:LIMIT]


def _list_suggestions(items: list[str], current: str) -> list[str]:
    """Complete the last item of a comma-separated list, keeping the ones already typed."""
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
