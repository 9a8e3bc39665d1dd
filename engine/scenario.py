"""``python -m engine.scenario GAME --json``: print a game's loaded data (a contract for outside tools), each
game's own dump (``Module.dump_data``); ``python -m engine.scenario --list``: the game modules
(``engine/modules.py``), their seats and options."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from data import ScenarioError

from . import modules
from .errors import RuleError


def listing() -> str:
    """The game modules, their seats and their options with defaults, values and help (``--list``)."""
    lines = []
    for m in modules.modules():
        lines.append(f"{m.id}: {m.title}; roles {', '.join(m.roles(m.parse_options('')))}")
        for o in m.options:
            values = "|".join(o.choices) if o.choices else o.kind
            default = ("on" if o.default else "off") if o.kind == "bool" else o.default
            lines.append(f"  {o.name}={default}  ({values}) {o.help}")
    return "\n".join(lines) + "\n"


def dump(name: str | None = None) -> dict[str, Any]:
    """The data of the game ``name`` (the default game when None) as plain values: the module's own dump
    (``Module.dump_data``); a RuleError for a game unknown or without one."""
    module = modules.get(name)
    data = module.dump_data()
    if data is None:
        raise RuleError("options", f"the game {module.id} has no data to print")
    return data


def summary(d: dict[str, Any]) -> str:
    """The dump in one line: its name and how many items each of its lists holds."""
    counts = ", ".join(f"{len(v)} {k}" for k, v in d.items() if isinstance(v, list))
    return f"{d.get('name', '?')}: {counts}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.scenario")
    ap.add_argument("name", nargs="?", default=None, help="the game (default: the default game)")
    ap.add_argument("--json", action="store_true", help="print the scenario as JSON")
    ap.add_argument("--list", action="store_true", help="list the game modules and their options")
    args = ap.parse_args(argv)
    if args.list:
        print(listing(), end="")
        return 0
    try:
        d = dump(args.name)
    except (RuleError, ScenarioError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(d, ensure_ascii=False, indent=1) if args.json else summary(d))
    return 0


if __name__ == "__main__":
    from .cli import run

    sys.exit(run(main))
