"""The outbox sender: delivers what changes stored in the outbox, whatever happened to the reply.

Every change writes its posts, DMs and thread changes to the outbox in its own transaction (``Commit``).
``Outbox`` delivers them through a front end's ``deliver`` (Discord's in ``discord_app/send.py``, the
console's in ``console.py``), one destination at a time in the order they were made, different
destinations side by side, and marks each item done. What is not done is sent again: after a refusal with
a back-off (closed DMs), and after a restart (channel posts carry a nonce derived from the item, so a resend
after a crash is not a second post). No discord here."""

from __future__ import annotations

import asyncio
import logging
import os
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from .storage import OutboxRow, StoreBase

log = logging.getLogger("estafette.delivery")
BACKOFF_FIRST = 60.0  # seconds before the first retry of a refused item
BACKOFF_MOST = 6 * 3600.0
GIVE_UP_AFTER = 3 * 24 * 3600.0  # an item still refused three days on is dropped (a DM to a closed inbox)
SIDE_BY_SIDE = 4  # destinations delivered at once
AHEAD = 16  # channels, and as many DMs, whose pictures are drawn (or which are delivered) at once
# seconds a process holds a destination, renewed at each item: a dead process's claim lapses after it
LEASE = float(os.environ.get("ESTAFETTE_OUTBOX_LEASE", "30"))
# seconds a delivered item is kept before it is deleted (docs/service.md, "What is kept")
KEEP = float(os.environ.get("ESTAFETTE_OUTBOX_KEEP", "3600"))
HOUSEKEEPING_EVERY = 600.0  # seconds between two rounds of housekeeping (and one at start-up)


@dataclass(frozen=True)
class Outcome:
    """What became of one delivery: ``done``; or ``retry`` later (a refusal that may pass); or ``dropped``
    (it can never be delivered: the channel is gone)."""

    state: str
    reason: str = ""

    @classmethod
    def done(cls) -> Outcome:
        return cls("done")

    @classmethod
    def retry(cls, reason: str) -> Outcome:
        return cls("retry", reason)

    @classmethod
    def dropped(cls, reason: str) -> Outcome:
        return cls("dropped", reason)


def backoff(attempts: int) -> float:
    """Seconds to wait after the ``attempts``-th refusal: 1 min, 2, 4, ... at most 6 h."""
    return min(BACKOFF_FIRST * (1 << max(attempts - 1, 0)), BACKOFF_MOST)


def destination(item: OutboxRow) -> tuple[str, int]:
    """Items to one destination go in order: a DM to a player, a channel (its posts, its thread and its
    pinned status)."""
    return ("dm" if item.kind == "dm" else "channel", item.target)


def _superseded(item: OutboxRow, later: list[OutboxRow]) -> bool:
    """A pinned message edited in place (a game's status; a league's standings) that a later one of the same
    destination replaces: only the latest is sent."""
    if item.kind == "status":
        return any(x.kind == "status" for x in later)
    if item.kind == "standings":
        return any(x.kind == "standings" and x.body.get("league") == item.body.get("league") for x in later)
    return False


class Outbox:
    def __init__(
        self,
        store: StoreBase,
        deliver: Callable[[OutboxRow], Awaitable[Outcome]],
        *,
        clock: Callable[[], float] = time.time,
        prepare: Callable[[OutboxRow], Awaitable[None]] | None = None,
    ) -> None:
        self.store = store
        self.deliver = deliver
        # draws an item's pictures before it takes one of the places side by side (``Sender.prepare``)
        self.prepare = prepare
        self.clock = clock
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self._again = False
        self._news = asyncio.Event()  # set by kick: a drain under way looks again at once
        self._draining = asyncio.Lock()  # one drain at a time in this process
        self.sent = 0  # items delivered by this process (for tests and the crash test)
        # who delivers: with several processes on one database, one at a time delivers to a destination
        self.owner = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        # prunes what was delivered and what finished games no longer need (``Games.housekeeping``)
        self.housekeeping: Callable[[], Awaitable[object]] | None = None

    def kick(self, _game_id: int = 0) -> None:
        """Something new is in the outbox: deliver it soon (never waits; safe to call from anywhere)."""
        self._again = True
        self._news.set()
        if self._closed:
            return
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self.drain(), name="estafette-work-outbox")

    async def drain(self) -> None:
        """Deliver everything that is due, until nothing is."""
        async with self._draining:
            await self._drain()

    async def _drain(self) -> None:
        """Each destination's items are delivered by a task of their own, the channels' first (their posts
        carry the public map that everybody waits for); what a later change sends starts as soon as its
        destination is free, without waiting for the others."""
        running: dict[tuple[str, int], asyncio.Task[bool]] = {}
        stalled: set[tuple[str, int]] = set()  # moved nothing: not tried again before news
        gate = asyncio.Semaphore(SIDE_BY_SIDE)
        # a DM waiting for its pictures never keeps a channel's post from having its own drawn
        ahead = {"channel": asyncio.Semaphore(AHEAD), "dm": asyncio.Semaphore(AHEAD)}
        try:
            while True:
                if self._again:
                    stalled.clear()
                self._again = False
                self._news.clear()
                pending = await self.store.outbox_pending()
                now = self.clock()
                queues: dict[tuple[str, int], list[OutboxRow]] = {}
                for item in pending:
                    queues.setdefault(destination(item), []).append(item)
                # a destination waits while its first item waits (its back-off keeps the order)
                for dest, queue in sorted(queues.items(), key=lambda kv: kv[0][0] != "channel"):
                    if dest not in running and dest not in stalled and queue[0].next_at <= now:
                        work = self._deliver_queue(queue, gate, ahead[dest[0]])
                        running[dest] = asyncio.ensure_future(work)
                if not running:
                    if self._again:
                        continue
                    return
                news = asyncio.ensure_future(self._news.wait())
                await asyncio.wait([news, *running.values()], return_when=asyncio.FIRST_COMPLETED)
                news.cancel()
                for dest, task in list(running.items()):
                    if task.done():
                        del running[dest]
                        if not task.result():
                            stalled.add(dest)
        finally:
            for task in running.values():
                task.cancel()
            # wait for them to end: the store may close right after (a console's Ctrl-C)
            await asyncio.gather(*running.values(), return_exceptions=True)

    async def _deliver_queue(
        self, queue: list[OutboxRow], gate: asyncio.Semaphore, ahead: asyncio.Semaphore
    ) -> bool:
        """Deliver one destination's items in order; stop at the first that must wait. Whether any moved.
        The destination is claimed first: another process delivering to it now keeps it. The first item's
        pictures are drawn before it takes a place side by side (a post waiting for its map holds none)."""
        kind, target = destination(queue[0])
        dest = f"{kind}:{target}"
        async with ahead:
            if self.prepare is not None:
                await self.prepare(queue[0])
            async with gate:
                if not await self.store.claim(dest, self.owner, self.clock() + LEASE, self.clock()):
                    return False
                try:
                    return await self._deliver_claimed(queue)
                finally:
                    await self.store.release(dest, self.owner)

    async def _deliver_claimed(self, queue: list[OutboxRow]) -> bool:
        moved = False
        kind, target = destination(queue[0])
        # what another process delivered before this one got the destination is done
        fresh = {i.id for i in await self.store.outbox_pending(target=queue[0].target)}
        queue = [i for i in queue if i.id in fresh]
        for n, item in enumerate(queue):
            if n and not await self.store.claim(
                f"{kind}:{target}", self.owner, self.clock() + LEASE, self.clock()
            ):
                return moved  # the claim lapsed (a long picture?) and another process took the destination
            if _superseded(item, queue[n + 1 :]):
                await self.store.outbox_done(item.id, "superseded by a later status")
                moved = True
                continue
            try:
                outcome = await self.deliver(item)
            except Exception as e:  # a bug in a front end must not stop the outbox
                log.exception("outbox item %s (game %s) could not be delivered", item.id, item.game_id)
                outcome = Outcome.retry(f"{type(e).__name__}: {e}")
            if outcome.state == "done":
                await self.store.outbox_done(item.id)
                self.sent += 1
                moved = True
                continue
            if outcome.state == "dropped" or self.clock() - item.created > GIVE_UP_AFTER:
                log.warning("outbox item %s (game %s) dropped: %s", item.id, item.game_id, outcome.reason)
                await self.store.outbox_done(item.id, outcome.reason or "dropped")
                moved = True
                continue
            await self.store.outbox_retry(item.id, self.clock() + backoff(item.attempts + 1), outcome.reason)
            return moved
        return moved

    async def run(self, period: float = 30.0) -> None:
        """Wake up every ``period`` seconds for what waits on a back-off (long-lived)."""
        last = -HOUSEKEEPING_EVERY  # the first round at start-up
        while True:
            self.kick()
            if self.housekeeping is not None and self.clock() - last >= HOUSEKEEPING_EVERY:
                last = self.clock()
                try:
                    await self.housekeeping()
                except Exception:  # the database refused: the next round tries again
                    log.exception("housekeeping failed")
            await asyncio.sleep(period)

    async def close(self) -> None:
        """Stop delivering and wait until nothing of it runs (before the store closes)."""
        self._closed = True
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def settle(self) -> None:
        """Wait until this process's delivery work has finished (tests, the console)."""
        while self._task is not None and not self._task.done():
            await asyncio.gather(self._task, return_exceptions=True)
