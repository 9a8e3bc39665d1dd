"""Dice that players can trust: a commitment to the game's dice seed when it starts, the seed
revealed when it ends, and ``estafette verify FILE`` to check both the commitment and every die.

A game's dice come from a seed nobody chooses and nobody sees while it runs (``secrets``; an imported game
gets a fresh one, because its script's ``@seed`` was written by someone). At ``/game start`` the bot posts
``sha256("estafette-dice:{game}:{seed}:{salt}")`` (the salt keeps a small seed from being guessed from its
hash). When the game ends it posts the seed and the salt; the finished game's export carries them, and after
each order line the dice that order rolled, as comments. ``verify`` recomputes the commitment and replays the
script, die by die. No discord here."""

from __future__ import annotations

import hashlib
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from engine.script import Outcome, ScriptError, run_lines, strip_comment

HEADER = re.compile(r"^# estafette game (\d+): dice commitment sha256:([0-9a-f]{64}) salt:([0-9a-f]+)$")
DICE = re.compile(r"^# dice: ?(.*)$")


def commitment(game_id: int, seed: int, salt: str) -> str:
    return hashlib.sha256(f"estafette-dice:{game_id}:{seed}:{salt}".encode()).hexdigest()


def live_seed(lines: list[str]) -> int:
    """The seed the game's dice go on from: the last ``@dice seed N``, else ``@seed N``."""
    seed = 0
    for raw in lines:
        line = strip_comment(raw).strip()
        if line.startswith("@seed "):
            seed = int(line.split()[1])
        elif line.startswith("@dice seed "):
            seed = int(line.split()[2])
    return seed


def dice_by_line(out: Outcome) -> dict[int, list[int]]:
    """The dice each order line of a played script rolled, by line number (order lines only)."""
    assert out.game is not None
    events = out.game.events
    rolled: dict[int, list[int]] = {}
    before = 0
    for res in out.results:
        rolled[res["line"]] = [
            d for e in events[before : res["events"]] if e.kind == "dice" for d in e.data.get("dice", [])
        ]
        before = res["events"]
    return rolled


def annotate(lines: list[str], game_id: int, salt: str) -> str:
    """A script with its commitment header and, after each order line, the dice that order rolled."""
    out = run_lines(lines)
    by_line = dice_by_line(out)
    text = [
        f"# estafette game {game_id}: dice commitment sha256:{commitment(game_id, live_seed(lines), salt)} "
        f"salt:{salt}"
    ]
    for no, line in enumerate(lines, 1):
        text.append(line)
        rolled = by_line.get(no)
        if rolled:
            text.append("# dice: " + " ".join(str(d) for d in rolled))
    return "\n".join(text) + "\n"


@dataclass
class Verdict:
    ok: bool
    lines: list[str] = field(default_factory=list)  # what was checked, one line each


def verify(text: str) -> Verdict:
    """Check an exported game: its commitment, and every die it says was rolled."""
    lines = text.splitlines()
    head = next((m for m in (HEADER.match(x.strip()) for x in lines[:3]) if m), None)
    if head is None:
        return Verdict(False, ["no dice commitment in this file (export a finished game with /game export)"])
    game_id, posted, salt = int(head[1]), head[2], head[3]
    said: list[str] = []
    seed = live_seed(lines)
    ok = commitment(game_id, seed, salt) == posted
    said.append(
        f"commitment {'matches' if ok else 'does NOT match'}: sha256(estafette-dice:{game_id}:{seed}:{salt})"
    )
    try:
        out = run_lines(lines)
    except ScriptError as e:
        return Verdict(False, [*said, f"the script cannot be read: {e}"])
    if not out.ok or out.game is None:
        return Verdict(False, [*said, "an order of the script is not accepted on replay"])
    by_line = dice_by_line(out)
    checked, wrong = 0, []
    for no in range(1, len(lines) + 1):
        rolled = by_line.get(no)
        if rolled is None:
            continue
        claimed: list[int] = []
        if no < len(lines) and (m := DICE.match(lines[no].strip())):  # the comment after this order
            claimed = [int(x) for x in m[1].split()]
        checked += len(rolled)
        if claimed != rolled:
            wrong.append(f"line {no}: the file says {claimed}, the seed rolls {rolled}")
    said.append(
        f"{checked} dice replayed from the seed: " + ("all as the file says" if not wrong else "MISMATCH")
    )
    said += wrong[:20]
    return Verdict(ok and not wrong, said)


def main(path: str) -> int:
    """``estafette verify FILE``: 0 all checked, 1 a check failed, 2 the file cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"error: cannot read {path}: {e}", file=sys.stderr)
        return 2
    verdict = verify(text)
    for line in verdict.lines:
        print(line)
    return 0 if verdict.ok else 1
