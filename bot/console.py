"""The console front end: the same service as Discord, no token needed.

Type orders as a seat would (``french: /move units:FR-1 path:Beaumont>Charleroi``, or just ``/end`` for the
seat whose turn it is), and see the replies each role would get: the public post, each player's DM. Pictures
are written to a folder. ``:help`` lists the console's own commands.
"""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path
from typing import TextIO

from .delivery import Outbox, Outcome
from .i18n import locale_of, localize_error, t
from .outbox import DM, Message, Picture, Post, Result, Thread, message_from
from .service import Caller, Service, ServiceError
from .storage import OutboxRow, Store

CHANNEL = 1  # the console's "channel"
USER = 1  # the console's player holds every seat
HELP = t("console.help")


class Console:
    """``locale``: ``en`` or ``ja``, the language of the console's player (and of a game it creates)."""

    def __init__(
        self, service: Service, pictures: Path, out: TextIO = sys.stdout, locale: str = "en"
    ) -> None:
        self.svc = service
        self.pictures = pictures
        self.out = out
        self.locale = locale_of(locale)
        self.me = Caller(USER, CHANNEL, guild_id=0, manager=True, name="console", locale=self.locale)
        # the console's outbox: what the service sends is printed (and its pictures saved) from the store,
        # as Discord's is sent, so that a console game too resumes what it had not shown
        self.outbox = Outbox(service.store, self._deliver, clock=service.clock)
        service.games.on_commit.append(self.outbox.kick)

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    async def ensure_game(self, options: str) -> None:
        if await self.svc.store.game_id_in_channel(CHANNEL) is None:
            await self.show(await self.svc.new_game(self.me, options, deadline_hours=0))
            live = await self.svc.games.read_channel(CHANNEL)
            from engine import Options

            for role in Options.from_dict(live.row.options).roles:
                await self.svc.join(self.me, role)
            await self.show(await self.svc.start(self.me))
        else:
            await self.show(await self.svc.status(self.me))

    async def show(self, res: Result) -> None:
        """The reply, then everything the change (and what played by itself after it) sent."""
        self.say(res.reply.text)
        await self._save(res.reply.pictures)
        await self.settle()

    async def settle(self) -> None:
        await self.svc.idle()
        self.outbox.kick()
        await self.outbox.settle()

    async def _deliver(self, item: OutboxRow) -> Outcome:
        m = message_from(item.kind, item.target, item.body, item.game_id)
        self.deliver(m)
        if isinstance(m, DM) or (isinstance(m, Post) and m.channel_id == CHANNEL):
            await self._save(m.pictures)
        if isinstance(m, DM) and m.file:
            self._write(Path(m.file[0]), m.file[1].encode())
        return Outcome.done()

    def _write(self, path: Path, data: bytes) -> None:
        try:
            path.write_bytes(data)
        except OSError as e:
            self.say(t("console.write_failed", self.locale, path=path, error=e.strerror or e))
        else:
            self.say(t("console.written", self.locale, path=path))

    def deliver(self, m: Message) -> None:
        if isinstance(m, Post):
            if m.channel_id == CHANNEL:
                self.say(t("console.channel", self.locale, text=m.text))
        elif isinstance(m, DM):
            self.say(t("console.dm", self.locale, role=m.role, text=m.text))
        elif isinstance(m, Thread):
            self.say(t("console.thread_open" if m.open else "console.thread_locked", self.locale))

    async def _save(self, pictures: list[Picture]) -> None:
        if not pictures:
            return
        self.pictures.mkdir(parents=True, exist_ok=True)
        for p in pictures:
            kind, _, rest = p.filename.partition("-")
            name = f"{kind}-{rest.rsplit('-', 1)[-1]}"  # map-french.png: the latest of each kind
            try:
                (self.pictures / name).write_bytes(await self.svc.draw(p))
            except Exception as e:
                self.say(t("console.picture_failed", self.locale, file=p.filename, error=e))

    async def handle(self, line: str) -> bool:
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        try:
            if line in (":quit", ":q"):
                return False
            if line == ":help":
                self.say(t("console.help", self.locale))
            elif line == ":status":
                await self.show(await self.svc.status(self.me))
            elif line == ":map":
                await self.show(await self.svc.map(self.me))
            elif line == ":log":
                await self.show(await self.svc.log_text(self.me, 40))
            elif line == ":tick":
                await self.svc.tick()
                await self.settle()
            elif line == ":legal":
                live = await self.svc.games.read_channel(CHANNEL)
                game = live.game
                active = game.active() if game and not game.over else []
                if not active:
                    self.say(t("console.legal.none", self.locale))
                for role in active:
                    lg = game.legal(role)
                    self.say(t(f"console.legal.{lg.phase}", self.locale, role=role))
                    for c in lg.choices[:30]:
                        self.say(f"  {c}")
            elif line.startswith(":export"):
                res = await self.svc.export(self.me)
                if res.reply.file is None:  # an aborted game's script goes to every seat, as a DM
                    await self.show(res)
                else:
                    self._write(
                        Path(line.split(maxsplit=1)[1] if " " in line else res.reply.file[0]),
                        res.reply.file[1],
                    )
            elif line.startswith(":prefer"):
                _, key, value = ([*line.split(maxsplit=2), "", ""])[:3]
                await self.show(await self.svc.prefer(self.me, key, value))
            else:
                m = re.match(r"^([a-z]+)\s*:\s*(/.*)$", line)
                role, text = (m.group(1), m.group(2)) if m else (None, line)
                if not text.startswith("/"):
                    self.say(t("console.slash", self.locale))
                    return True
                await self.show(await self.svc.order(self.me, text, role=role))
        except ServiceError as e:
            self.say(t("console.not_done", self.locale, error=localize_error(e, self.locale)))
        return True


async def run_console(
    database: str, pictures: str, options: str = "", lines: TextIO = sys.stdin, locale: str = "en"
) -> int:
    store = Store(database)
    await store.open()
    try:
        svc = Service(store)
        await svc.recover()
        con = Console(svc, Path(pictures), locale=locale)
        con.say(t("console.hello", con.locale))
        await con.ensure_game(options)
        interactive = lines.isatty()
        while True:
            if interactive:
                print("> ", end="", flush=True)
            line = await asyncio.to_thread(lines.readline)
            if not line:
                break
            if not await con.handle(line):
                break
    finally:
        await store.close()
    return 0
