"""The line-of-sight question (12.5): ``/los from:A to:B`` asks whether a (light) battery in A sees B. It is
answered by one public event with the combat rules' answer (yes or no, and why: which area or border
blocks); it changes nothing on the board, and either side may ask at any time."""

from __future__ import annotations

from . import board as B
from .combat import los
from .context import Ctx, error


def ask(ctx: Ctx, role: str, source: str, target: str, *, dry: bool = False) -> None:
    ids = set(B.area_ids(ctx.board))
    for a in (source, target):
        if a not in ids:
            raise error("12.5", "eagles.unknown_area", area=a)
    if source == target:
        raise error("12.5", "eagles.los.same_area", area=source)
    if dry:
        return
    s = los.sight(ctx.board, ctx.st, source, target, "light")
    ctx.emit(
        "los",
        {"side": role, "from": source, "to": target, "ok": s.ok, "why": s.why, "params": s.params(),
         "blocker": s.blocker, "through": list(s.through)},
    )  # fmt: skip
