"""The script runner (DESIGN, "Script runner" — a contract: tests and tools outside the engine rely on it).

    python -m engine.script FILE [--seed N]

plays a script and prints one JSON document on stdout. Exit status: 0 when every order line behaved as
marked (accepted, or rejected where marked ``!``), 1 otherwise, 2 for a script that cannot be read.

    # comments and blank lines are ignored
    @options ruleset=3.4 setup=historical players=2 command_control=off corps_restriction=off
    @seed 7
    @turn 3
    @place FR-7 Charleroi cv=2
    @prefer allied hits:BR-3,BR-5
    @dice 1 5 6
    @dice clear                 # drop the forced results still queued
    @dice seed 12345            # the dice go on from this seed
    french: /move units:FR-1,FR-2 path:Beaumont>Charleroi
    ! french: /move units:FR-3 path:Beaumont>Charleroi>Fleurus

``--seed N`` overrides the script's ``@seed``. Directives may stand anywhere and take effect where they
stand; ``@options`` and ``@seed`` must come before the first other line.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import RuleError
from .napoleon.game import Game, new_game
from .napoleon.options import Options


class ScriptError(Exception):
    """The script cannot be read (exit status 2)."""


@dataclass
class Outcome:
    game: Game | None = None
    results: list[dict[str, Any]] = field(default_factory=list)
    ok: bool = True


_ROLE_LINE = re.compile(r"^(!\s*)?([a-z]+)\s*:\s*(/.*)$")


def strip_comment(line: str) -> str:
    if line.lstrip().startswith("#"):
        return ""
    m = re.search(r"\s#", line)
    return line[: m.start()] if m else line


def run_lines(lines: list[str], seed: int | None = None, start: Game | None = None) -> Outcome:
    """Play script lines (``start``: on from this game, e.g. a stored snapshot, instead of a new one).
    Raises ScriptError for a line that cannot be read."""
    out = Outcome(game=start)
    options = Options()
    script_seed = 0

    def game() -> Game:
        if out.game is None:
            out.game = new_game(options, seed if seed is not None else script_seed)
        return out.game

    for no, raw in enumerate(lines, 1):
        line = strip_comment(raw).strip()
        if not line:
            continue
        try:
            if line.startswith("@"):
                word, _, rest = line[1:].partition(" ")
                rest = rest.strip()
                if word in ("options", "seed") and out.game is not None:
                    raise ScriptError(f"line {no}: @{word} must come before the game starts")
                if word == "options":
                    options = Options.parse(rest, options)
                elif word == "seed":
                    script_seed = int(rest)
                elif word == "turn":
                    game().set_turn(int(rest))
                elif word == "place":
                    parts = rest.split()
                    cv = None
                    if parts and parts[-1].startswith("cv="):
                        cv = int(parts.pop()[3:])
                    if len(parts) < 2:
                        raise ScriptError(f"line {no}: write @place UNIT TOWN [cv=N]")
                    game().place(parts[0], " ".join(parts[1:]), cv)
                elif word == "dice" and rest == "clear":
                    game().clear_forced_dice()
                elif word == "dice" and rest.startswith("seed "):
                    game().reseed_dice(int(rest.split()[1]))
                elif word == "dice":
                    game().force_dice([int(v) for v in rest.split()])
                elif word == "prefer":
                    role, _, spec = rest.partition(" ")
                    key, _, ids = spec.partition(":")
                    game().prefer(role.strip(), key.strip(), [i.strip() for i in ids.split(",") if i.strip()])
                else:
                    raise ScriptError(
                        f"line {no}: unknown directive @{word} "
                        f"(known: @options, @seed, @turn, @place, @prefer, @dice)"
                    )
                continue
        except (ValueError, RuleError) as e:
            raise ScriptError(f"line {no}: {e}") from None
        m = _ROLE_LINE.match(line)
        if not m:
            raise ScriptError(f"line {no}: expected 'role: /order ...' or a @directive, got {line!r}")
        expect_reject = bool(m.group(1))
        role, text = m.group(2), m.group(3)
        g = game()
        try:
            g.apply(role, text)
            error = None
        except RuleError as e:
            error = str(e)
        accepted = error is None
        behaved = accepted != expect_reject
        out.ok &= behaved
        res: dict[str, Any] = {"line": no, "ok": accepted, "error": error, "events": len(g.state.events)}
        if not behaved:
            res["unexpected"] = True
        out.results.append(res)
    game()
    return out


def report(out: Outcome) -> dict[str, Any]:
    g = out.game
    assert g is not None
    st = g.state
    sc = g.scenario
    units = []
    for u in st.units.values():
        d = sc.unit(u.id)
        units.append(
            {
                "id": u.id,
                "army": u.army,
                "nation": d.nation,
                "type": u.type,
                "cv": u.cv,
                "max_cv": u.max_cv,
                "location": u.location,
                "disrupted": u.disrupted,
                "in_square": u.in_square,
                "eliminated": u.eliminated,
            }
        )
    views = {"public": g.view("public").to_dict()}
    for r in g.options.roles:
        views[r] = g.view(r).to_dict()
    return {
        "options": g.options.to_dict(),
        "seed": st.seed,
        "turn": st.turn,
        "phase": st.phase,
        "active": g.active(),
        "result": {"winner": st.result.winner, "reason": st.result.reason} if st.result else None,
        "units": units,
        "battles": [b.to_dict() for b in st.battles],
        "events": [e.to_dict() for e in st.events],
        "results": out.results,
        "views": views,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.script", description="Play an Estafette script.")
    ap.add_argument("file")
    ap.add_argument("--seed", type=int, default=None, help="override the script's @seed")
    args = ap.parse_args(argv)
    try:
        lines = Path(args.file).read_text(encoding="utf-8").splitlines()
        out = run_lines(lines, args.seed)
    except (OSError, UnicodeDecodeError, ScriptError) as e:
        print(json.dumps({"error": str(e)}), file=sys.stdout)
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(json.dumps(report(out), ensure_ascii=False))
    return 0 if out.ok else 1


if __name__ == "__main__":
    from .cli import run

    sys.exit(run(main))
