"""The service as the service tests make it: on a store of theirs, no pictures drawn, the dice from seed 42,
and a clock the test moves (``Clock``)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from bot.pictures import NoPictures
from bot.service import Service


class Clock:
    """The service's clock, moved by the test (``clock.t``, in seconds)."""

    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def service(store: Any, clock: Callable[[], float]) -> Service:
    """The service on ``store``, its time from ``clock``."""
    return Service(store, pictures=NoPictures(), clock=clock, seed_source=lambda: 42)


@contextlib.asynccontextmanager
async def served(new_store: Callable[[], Awaitable[Any]]) -> AsyncIterator[tuple[Service, Any, Clock]]:
    """The service on a fresh store of ``new_store`` (the fixture) with a ``Clock`` of its own: the service,
    its store and its clock; at the end the service finishes what it runs in the background (``idle``)."""
    store = await new_store()
    clock = Clock()
    svc = service(store, clock)
    yield svc, store, clock
    await svc.idle()
