"""Python's cycle collector kept off the players' wait.

A bot process holds hundreds of loaded games, millions of objects; Python's automatic collection of the
oldest generation walks all of them, and measured in ``bench/bot.py`` each such walk held the event loop for
100-380 ms, in the middle of whichever interactions were waiting. So the process freezes what it holds
(``gc.freeze``: the objects alive now are left out of every automatic collection; plain reference counting
still frees them as before), a few seconds at a time, and the automatic collections walk only what is newer.
Cycles among the frozen objects are found by a whole collection at a quiet moment (no game's change in
progress in this process), every ``full_every`` seconds — or at the next tick at the latest once twice that
has passed, quiet or not, so the memory they hold stays bounded.
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable

COLLECT_SECONDS = 5.0  # how often what the process holds is frozen
FULL_SECONDS = 600.0  # how often a whole collection looks for cycles among the frozen objects


def collect_seconds() -> float:
    """``ESTAFETTE_COLLECT_SECONDS`` (0: Python's own collection, nothing frozen), else the default."""
    raw = os.environ.get("ESTAFETTE_COLLECT_SECONDS", "")
    try:
        return max(0.0, float(raw)) if raw else COLLECT_SECONDS
    except ValueError:
        return COLLECT_SECONDS


class Collector:
    """One process's freezing and whole collections; ``tick`` is called every few seconds."""

    def __init__(self, full_every: float = FULL_SECONDS, clock: Callable[[], float] = time.monotonic) -> None:
        self.full_every = full_every
        self.clock = clock
        self.last_full = clock()
        self.fulls = 0  # whole collections run
        self.full_ms = 0.0  # the last one's length

    def tick(self, quiet: bool) -> bool:
        """Freeze what the process holds now; first a whole collection if one is due and the moment
        ``quiet``, or overdue twice over. True if a whole collection ran."""
        since = self.clock() - self.last_full
        full = (quiet and since >= self.full_every) or since >= 2 * self.full_every
        if full:
            start = time.perf_counter()
            gc.unfreeze()
            gc.collect()
            self.full_ms = (time.perf_counter() - start) * 1000
            self.fulls += 1
            self.last_full = self.clock()
        else:
            gc.collect()  # walks only what is newer than the last freeze: what is garbage now is not frozen
        gc.freeze()
        return full

    def release(self) -> None:
        """Leave the process as Python left it (at the bot's close): nothing frozen."""
        gc.unfreeze()
