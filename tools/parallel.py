"""Whole games played one after the other or in worker processes (the fuzzer, ``tools/fuzz.py``): each
result handed to ``each`` as it comes, in the order they finish."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

W = TypeVar("W")  # one piece of work (picklable)
R = TypeVar("R")  # its result


def play_all(one: Callable[[W], R], work: Iterable[W], jobs: int, each: Callable[[R], None]) -> None:
    """``one(w)`` for every ``w`` of ``work``: in ``jobs`` spawned processes (``one`` must be a module-level
    function and ``w`` picklable) when ``jobs`` > 1, else here."""
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for r in pool.imap_unordered(one, work, chunksize=4):
                each(r)
    else:
        for w in work:
            each(one(w))
