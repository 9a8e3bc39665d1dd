"""Suggestions for autocomplete: only what is legal now. No discord here."""

from __future__ import annotations

from engine import modules
from engine.module import AnyModule, GameObject
from engine.orders import command_of
from engine.text import complete_list, fold, matches

LIMIT = 25  # Discord offers at most 25 autocomplete choices


def suggest(
    game: GameObject,
    roles: list[str],
    order: str,
    option: str,
    current: str,
    given: dict[str, str] | None = None,
    module: AnyModule | None = None,
) -> list[str]:
    """Values for ``option`` of ``/order`` that are legal now for these roles, matching what is typed: the
    module's own suggestions (a move's units and paths, say), else the option's values in the legal
    choices. For list options (``units``) the typed items stay and the last item is completed."""
    given = given or {}
    m = module or modules.get()
    listed = [
        c for k in m.orders if k.name == order for o in k.options if o.name == option for c in o.choices
    ]
    if listed:  # the only values the game takes for it (OrderOption.choices), offered as a list was
        return [c for c in listed if matches(c, current)][:LIMIT]
    values: list[str] = []
    for role in roles:
        if role not in game.active():
            continue
        own = m.suggest(game, role, order, option, current, given)
        if own is not None:
            values += own
            continue
        for c in game.legal(role).choices:
            cmd = command_of(c)  # an order value's own options, or a module's order text read
            if cmd.name != order or option not in cmd.options:
                continue
            if any(k in cmd.options and fold(cmd.options[k]) != fold(v) for k, v in given.items() if v):
                continue
            v = cmd.options[option]
            if option in ("units",) and "," in current:
                values += complete_list(v.split(","), current)
            elif matches(v, current):
                values.append(v)
    return list(dict.fromkeys(values))[:LIMIT]
