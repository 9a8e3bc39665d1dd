"""Dice that players can trust: a commitment to the game's dice seed when it starts, the seed
revealed when it ends, and ``estafette verify FILE`` to check both the commitment and every die.

A game's dice come from a seed nobody chooses and nobody sees while it runs (``secrets``; an imported game
gets a fresh one, because its script's ``@seed`` was written by someone). At ``/game start`` the bot posts
``sha256("estafette-dice:{game}:{seed}:{salt}")`` (the salt keeps a small seed from being guessed from its
hash). When the game ends it posts the seed and the salt; the finished game's export carries them, and after
each order line the dice that order rolled, as comments. ``verify`` recomputes the commitment and replays the
script, die by die.

Sealed choices (a card played face down, a battle deployment: the order kinds a module declares
``OrderKind(sealed=True)``, ``Module.sealed``) are committed the same way: when one is accepted the channel is
told ``sha256("estafette-sealed:{game}:{order}:{role}:{text}:{salt}")`` (``order``: its number among the
game's stored orders, ``text``: the order as logged), with the same salt, revealed at the end. The export
says after each such order its commitment (``# sealed: order N sha256:...``), and which script line is
order 0; ``verify`` recomputes each one from the order written above it. No discord here."""

from __future__ import annotations

import hashlib
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from engine import modules
from engine.errors import RuleError
from engine.module import AnyModule
from engine.script import Outcome, ScriptError, run_lines, strip_comment

HEADER = re.compile(r"^# estafette game (\d+): dice commitment sha256:([0-9a-f]{64}) salt:([0-9a-f]+)$")
DICE = re.compile(r"^# dice: ?(.*)$")
SEALED_HEAD = re.compile(r"^# sealed choices: .*order N is script line (\d+)\+N, committed from order (\d+)$")
SEALED = re.compile(r"^# sealed: order (\d+) sha256:([0-9a-f]{64})$")
SEALED_SAID = (
    'sha256("estafette-sealed:{game}:{order}:{role}:{text}:{salt}"), {text} the order as written below'
)


def commitment(game_id: int, seed: int, salt: str) -> str:
    return hashlib.sha256(f"estafette-dice:{game_id}:{seed}:{salt}".encode()).hexdigest()


def sealed_commitment(game_id: int, order_no: int, role: str, text: str, salt: str) -> str:
    """The commitment to a sealed choice: the game, the order's number among its stored orders, the role, the
    order's text as logged, and the game's secret salt (revealed when the game ends)."""
    return hashlib.sha256(f"estafette-sealed:{game_id}:{order_no}:{role}:{text}:{salt}".encode()).hexdigest()


def module_of_lines(lines: list[str]) -> AnyModule | None:
    """The module a script names (``@game``; the default without one), None for one not known here."""
    name = next(
        (x.split()[1] for x in map(str.strip, map(strip_comment, lines)) if x.startswith("@game ")), ""
    )
    try:
        return modules.get(name or None)
    except RuleError:
        return None


def is_script_line(line: str) -> bool:
    return bool(strip_comment(line).strip())


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


def annotate(
    lines: list[str], game_id: int, salt: str, orders_from: int | None = None, sealed_from: int | None = None
) -> str:
    """A script with its commitment header and, after each order line, the dice that order rolled.
    ``orders_from``: the index of the game's first stored order in ``lines`` (the ones before: its options,
    seed and imported script); each stored order from the ``sealed_from``-th on that is a sealed choice gets
    its commitment after it (None: the game committed none, and its export is as it was before)."""
    out = run_lines(lines)
    by_line = dice_by_line(out)
    module = modules.get(out.module)
    text = [
        f"# estafette game {game_id}: dice commitment sha256:{commitment(game_id, live_seed(lines), salt)} "
        f"salt:{salt}"
    ]
    if sealed_from is None:
        orders_from = None  # no sealed choice committed: the export as it was before they were
    if orders_from is not None:
        before = sum(1 for x in lines[:orders_from] if is_script_line(x))
        text.append(
            f"# sealed choices: {SEALED_SAID}; order N is script line {before}+N,"
            f" committed from order {sealed_from}"
        )
    for no, line in enumerate(lines, 1):
        text.append(line)
        rolled = by_line.get(no)
        if rolled:
            text.append("# dice: " + " ".join(str(d) for d in rolled))
        if orders_from is not None and sealed_from is not None and no - orders_from >= sealed_from:
            role, _, said = line.partition(": ")
            if not line.startswith("@") and module.sealed(said):
                n = no - orders_from
                text.append(f"# sealed: order {n} sha256:{sealed_commitment(game_id, n, role, said, salt)}")
    return "\n".join(text) + "\n"


@dataclass
class Verdict:
    ok: bool
    lines: list[str] = field(default_factory=list)  # what was checked, one line each


def check_sealed(lines: list[str], game_id: int, salt: str) -> tuple[bool, list[str]]:
    """Every sealed choice of an export against its commitment, recomputed from the order written above it
    and the revealed salt; a sealed choice without one fails too. An export from before sealed choices were
    committed has no ``# sealed choices:`` line, and nothing to check."""
    head = next((m for m in (SEALED_HEAD.match(x.strip()) for x in lines[:4]) if m), None)
    module = module_of_lines(lines)
    if head is None:
        kinds = sum(1 for x in lines if module and is_script_line(x) and module.sealed(x.partition(": ")[2]))
        if not kinds:
            return True, ["no sealed choices in this game"]
        return True, [
            f"{kinds} orders of sealed kinds carry no commitment (a game exported before sealed choices were"
            " committed): not checked"
        ]
    before, first = int(head[1]), int(head[2])
    script, checked, wrong = 0, 0, []
    for i, line in enumerate(lines):
        if not is_script_line(line):
            continue
        script += 1
        n = script - before  # the order's number among the game's stored orders
        if n < first or line.startswith("@"):
            continue
        role, _, said = line.partition(": ")
        claim = None
        for after in lines[i + 1 : i + 3]:  # its comments: the dice it rolled, then its commitment
            if is_script_line(after):
                break
            if m := SEALED.match(after.strip()):
                claim = m
                break
        if claim is None:
            if module is not None and module.sealed(said):
                wrong.append(f"line {i + 1}, order {n} ({role}): a sealed choice without its commitment")
            continue
        checked += 1
        expected = sealed_commitment(game_id, n, role, said, salt)
        if int(claim[1]) != n or claim[2] != expected:
            wrong.append(
                f"line {i + 1}, order {n} ({role}): does NOT match its commitment sha256:{claim[2]}"
                " (the order written is not the one committed to)"
            )
    verdict = "all match" if not wrong else "MISMATCH"
    return not wrong, [
        f"{checked} sealed choices checked against their commitments (salt {salt}): {verdict}",
        *wrong[:20],
    ]


def verify(text: str) -> Verdict:
    """Check an exported game: its commitment, every die it says was rolled, and every sealed choice."""
    lines = text.splitlines()
    head = next((m for m in (HEADER.match(x.strip()) for x in lines[:3]) if m), None)
    if head is None:
        if any(SEALED.match(x.strip()) for x in lines):
            return Verdict(
                False,
                [
                    "this file has sealed-choice commitments but not the salt that opens them: the salt is"
                    " revealed when the game ends (export the finished game with /game export)"
                ],
            )
        return Verdict(False, ["no dice commitment in this file (export a finished game with /game export)"])
    game_id, posted, salt = int(head[1]), head[2], head[3]
    sealed_ok, sealed_said = check_sealed(lines, game_id, salt)
    said: list[str] = []
    seed = live_seed(lines)
    ok = commitment(game_id, seed, salt) == posted
    said.append(
        f"commitment {'matches' if ok else 'does NOT match'}: sha256(estafette-dice:{game_id}:{seed}:{salt})"
    )
    try:
        out = run_lines(lines)
    except ScriptError as e:
        return Verdict(False, [*said, f"the script cannot be read: {e}", *sealed_said])
    if not out.ok or out.game is None:
        bad = next((r for r in out.results if not r["ok"]), None)
        where = f" (line {bad['line']})" if bad and "line" in bad else ""
        return Verdict(
            False, [*said, f"an order of the script is not accepted on replay{where}", *sealed_said]
        )
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
    return Verdict(ok and not wrong and sealed_ok, said + sealed_said)


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
