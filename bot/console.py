"""The console front end: the same service as Discord, no token needed.

Type orders as a seat would (``ROLE: /order option:value``, or just ``/order`` for the seat whose turn it
is), and see the replies each role would get: the public post, each player's DM. Pictures
are written to a folder. ``:help`` lists the console's own commands.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import os
import re
import sys
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

from engine.module import OptionValue, parse_values

from .delivery import Outcome
from .i18n import FRONT, LOCALES, locale_of, localize_error, t
from .narrate import TEXT
from .outbox import DM, LeagueThread, Message, Picture, Post, Result, Standings, Thread, message_from
from .service import Caller, Service, ServiceError
from .service.clock import PACES
from .service.common import module_of
from .service.leagues import MODES, MOST_PLAYERS
from .storage import OutboxRow, open_store

log = logging.getLogger("estafette.console")
CHANNEL = 1  # the console's "channel"
LEGAL_SHOWN = 30
DISCORD_PREFER_OFF = "/game prefer key:battle value:off"
# refusals whose Discord remedy the console does otherwise: said the console's way
CONSOLE_WORDS = {"svc.no_game": "console.no_game"}
USER = 1  # the console's player holds every seat
# the console's own words for the service's texts that name a Discord way (``console.say.<key>``)
CONSOLE_SAYS = "console.say."


# the club's commands, answered by ``Console._club``
CLUB = (":vacation", ":ratings", ":profile", ":handover", ":note", ":next", ":league", ":rematch", ":game")
LEAGUE_VERBS = ("new", "join", "leave", "start", "standings", "drop")
# the console's "threads": a league's game N of round R is played in channel THREADS + league·1000 + R·100 +
# N, the same channel whenever its thread is asked for (a resend after a restart opens no second one)
THREADS = 1_000_000


class Console:
    """``locale``: ``en`` or ``ja``, the language of the console's player (and of a game it creates)."""

    def __init__(
        self,
        service: Service,
        pictures: Path,
        out: TextIO = sys.stdout,
        locale: str = "en",
        game: str | None = None,
    ) -> None:
        self.svc = service
        self.pictures = pictures
        self.out = out
        self.game = game  # the game module of a new game (None: the default module)
        self.gone = False  # the output was closed (``| head``): nothing more is shown, the console ends
        self.locale = locale_of(locale)
        # the service's texts that name a Discord way (autocomplete, /game export) said the console's way
        FRONT.set(CONSOLE_SAYS)
        self.me = Caller(USER, CHANNEL, guild_id=0, manager=True, name="console", locale=self.locale)
        # the console's outbox: what the service sends is printed (and its pictures saved) from the store,
        # as Discord's is sent, so that a console game too resumes what it had not shown
        self.outbox = service.outbox(self._deliver)
        # what the seats' last DMs asked besides plain orders (``Module.interactions``), the console's way
        # by game and seat: a league's games (and the console's own) may have seats of the same names at once
        self.lists: dict[tuple[int, str], tuple[str, tuple[str, ...]]] = {}  # -> (key, orders): :pick N
        self.forms: dict[tuple[int, str], str] = {}  # -> the place of a sealed form: :put, :confirm

    def say(self, text: str) -> None:
        if self.gone:
            return
        try:
            print(text, file=self.out, flush=True)
        except BrokenPipeError:  # `estafette console | head`: the reader left, which is no error
            self.gone = True
            with contextlib.suppress(Exception):  # Python would complain again when it flushes at exit
                os.dup2(os.open(os.devnull, os.O_WRONLY), self.out.fileno())

    async def ensure_game(
        self, options: str | Mapping[str, OptionValue], game: str | None = None, pace: str | None = None
    ) -> None:
        """The console's game: a new one of the game module ``game`` (default: the default module) with
        every seat the console's, or the one it has (one still being made when the console was stopped, by
        Ctrl-C, is made now). ``pace``: its seats' time banks (none: no deadline)."""
        made = not await self.svc.has_game(CHANNEL)
        if made:
            timing: dict[str, Any] = {"pace": pace} if pace else {"deadline_hours": 0}
            if isinstance(options, str):  # key=value text, read by the game
                res = await self.svc.new_game(self.me, options, game=game, **timing)
            else:  # values the console read already (``console_values``)
                res = await self.svc.new_game(self.me, values=options, game=game, **timing)
            # its first line: the rest tells Discord players how to take seats, which the console does
            res.reply.text = res.reply.text.split("\n", 1)[0]
            await self.show(res)
        live = await self.svc.current(CHANNEL)
        if live.row.status == "lobby":
            for role in self.svc.seats(live):
                if live.row.seats.get(role, (None, False))[0] != USER:
                    await self.svc.join(self.me, role)
            await self.show(await self.svc.start(self.me))
        elif not made:
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

    async def loop(self, lines: TextIO | None) -> None:
        """Read lines until :quit, end of input or Ctrl-C. At a terminal: line editing and history. The
        lines are read by a daemon thread, so Ctrl-C ends the console at once (no thread to wait for)."""
        interactive = lines is None and sys.stdin.isatty()
        if interactive:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401  (importing it gives input() line editing and history)
        source = lines if lines is not None else sys.stdin
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        ready = threading.Event()

        def read() -> None:
            while True:
                ready.wait()
                ready.clear()
                try:
                    line: str | None = input("> ") if interactive else (source.readline() or None)
                except (EOFError, OSError, ValueError):
                    line = None
                loop.call_soon_threadsafe(queue.put_nowait, line)
                if line is None:
                    return

        threading.Thread(target=read, name="estafette-console-input", daemon=True).start()
        while True:
            ready.set()
            line = await queue.get()
            if line is None or self.gone or not await self.handle(line) or self.gone:
                break
            await self.redraw()

    async def _deliver(self, item: OutboxRow) -> Outcome:
        m = message_from(item.kind, item.target, item.body, item.game_id)
        if isinstance(m, LeagueThread):  # a league's game: a channel of its own, opened once
            thread = THREADS + m.league_id * 1000 + m.round * 100 + m.index
            self.say(t("console.league_thread", self.locale, name=m.name, text=m.text))
            await self.svc.leagues.thread_opened(m, thread)
            return Outcome.done()
        if isinstance(m, Post) and m.channel_id >= THREADS:  # a league game's own channel
            game = await self.svc.channel_game_id(m.channel_id)
            self.say(t("console.channel_of", self.locale, game=game or "-", text=m.text))
        self.deliver(m)
        if isinstance(m, DM) and m.role and not self.gone:
            await self._asks(m)
        if isinstance(m, DM) or (isinstance(m, Post) and m.channel_id == CHANNEL):
            await self._save(m.pictures)
        if isinstance(m, DM) and m.file:  # e.g. the script of an aborted game: beside the pictures
            self.pictures.mkdir(parents=True, exist_ok=True)
            self._write(self.pictures / m.file[0], m.file[1].encode())
        return Outcome.done()

    async def _asks(self, m: DM) -> None:
        """A DM's list to pick from (numbered: ``:pick N``) or the form of its sealed choice (its prompt as it
        stands now: ``:put``, ``:clear``, ``:confirm``), the kinds Discord draws as components."""
        if m.picks:
            self.lists[(m.game_id, m.role)] = (m.picks_key, m.picks)
            for i, order in enumerate(m.picks, 1):
                self.say(f"  {i}. {order}")
            self.say(t("console.pick_hint", self.locale, role=m.role))
        if m.forms:
            self.forms[(m.game_id, m.role)] = m.forms[0]
            live = await self.svc.game(m.game_id)
            if live is not None:
                self.say(self.svc.draft_text(live, m.role, m.forms[0], self.locale))

    async def _pick(self, args: list[str]) -> None:
        """``:pick [SEAT] N``: the N-th order of the seat's list, through the service's pick (refused as out
        of date once the game has moved past it, as a select of an old DM is)."""
        (game_id, seat), rest = await self._seat_of(args, self.lists)
        key, orders = self.lists[(game_id, seat)]
        n = rest[0] if rest else ""
        if not n.isdigit() or not 1 <= int(n) <= len(orders):
            self.say(t("console.pick_number", self.locale, n=len(orders)))
            return
        user = await self._seated(game_id, seat)
        res = await self.svc.pick(game_id, user, key, orders[int(n) - 1], None, self.locale)
        self.lists.pop((game_id, seat), None)  # its next list comes with the next DM that asks
        await self.show(res)

    async def _form(self, verb: str, args: list[str]) -> None:
        """``:put [SEAT] PIECES SLOT`` (pieces comma-separated), ``:clear [SEAT]``, ``:confirm [SEAT]``: the
        seat's sealed form, through the service as Discord's buttons go."""
        (game_id, seat), rest = await self._seat_of(args, self.forms)
        place = self.forms[(game_id, seat)]
        live = await self.svc.game(game_id)
        got = self.svc.draft_prompt(live, seat, place) if live is not None else None
        if got is None:
            raise ServiceError("svc.prompt_stale", town=place)
        epoch = got[0]
        user = await self._seated(game_id, seat)
        if verb == "confirm":
            res = await self.svc.draft_confirm(game_id, user, epoch, place, None, self.locale, seat)
            now = await self.svc.game(game_id)
            if now is None or self.svc.draft_prompt(now, seat, place) is None:  # confirmed: it is done
                self.forms.pop((game_id, seat), None)
            await self.show(res)
            return
        if verb == "clear":
            self.say(await self.svc.draft_assign(game_id, user, epoch, place, None, None, self.locale, seat))
            return
        if len(rest) < 2:
            self.say(t("console.put_how", self.locale))
            return
        pieces = [p.strip() for p in ",".join(rest[:-1]).split(",") if p.strip()]
        self.say(
            await self.svc.draft_assign(game_id, user, epoch, place, pieces, rest[-1], self.locale, seat)
        )

    async def _seated(self, game_id: int, seat: str) -> int:
        """Who answers a seat's list or form: the console's player, or in a league's game the player seated
        in it, as a plain order is given (``_holder``) — the console plays for every player."""
        live = await self.svc.game(game_id)
        if live is None or live.row.channel_id == CHANNEL:
            return USER
        return live.row.seats.get(seat, (None, False))[0] or USER

    async def _seat_of(
        self, args: list[str], held: Mapping[tuple[int, str], object]
    ) -> tuple[tuple[int, str], list[str]]:
        """The game the console is at (``:game``) and the seat a ``:pick`` or form command names first, else
        the one seat of that game that holds such a prompt; the rest of the arguments."""
        live = await self.svc.current(self.me.channel_id, finished=True)
        roles = self.svc.seats(live)
        here = sorted(seat for game, seat in held if game == live.id)
        if args and args[0].lower() in roles:
            seat, rest = args[0].lower(), args[1:]
        elif len(here) == 1:
            seat, rest = here[0], args
        else:
            seat, rest = "", args
        if seat not in here:
            elsewhere = [str(game) for game in sorted({game for game, _seat in held if game != live.id})]
            if not here and elsewhere:  # a list or form of another game: :game goes there
                raise ServiceError("console.asked_in", games=elsewhere)
            key = "console.which_seat" if len(here) > 1 else "console.nothing_asked"
            raise ServiceError(key, seats=here)
        return (live.id, seat), rest

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
        elif isinstance(m, Standings):
            self.say(t("console.standings", self.locale, text=m.text))
        elif isinstance(m, DM):  # to a seat, or to the player (a game's script: no seat)
            key = "console.dm" if m.role else "console.dm_player"
            self.say(t(key, self.locale, role=m.role, text=m.text))
        elif isinstance(m, Thread):
            self.say(t("console.thread_open" if m.open else "console.thread_locked", self.locale))

    async def _save(self, pictures: list[Picture]) -> None:
        if not pictures:
            return
        try:
            self.pictures.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            self.say(t("console.write_failed", self.locale, path=self.pictures, error=e.strerror or e))
            return
        for p in pictures:
            kind, _, rest = p.filename.partition("-")
            name = f"{kind}-{rest.rsplit('-', 1)[-1]}"  # map-ROLE.png: the latest of each kind
            try:
                (self.pictures / name).write_bytes(await self.svc.draw(p))
            except Exception as e:
                self.say(t("console.picture_failed", self.locale, file=p.filename, error=e))

    async def handle(self, line: str) -> bool:
        """One line typed at the console. False: quit. Never raises: a refusal or a failure is one line."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        try:
            return await self._handle(line)
        except ServiceError as e:
            if e.key in CONSOLE_WORDS:  # the console's own way of doing it, not Discord's
                self.say(t(CONSOLE_WORDS[e.key], self.locale))
            else:
                self.say(t("console.not_done", self.locale, error=localize_error(e, self.locale)))
        except Exception as e:  # a bug: one line, not a traceback (the log has the rest)
            log.exception("console command failed: %s", line)
            self.say(t("console.failed", self.locale, error=f"{type(e).__name__}: {e}"))
        return True

    async def _handle(self, line: str) -> bool:
        word, _, rest = line.partition(" ")
        args = rest.split()
        if word in (":quit", ":q"):
            return False
        if word == ":help":
            seats = await self._roles() if await self._any_game() else ()
            seats = seats or ("-",)
            self.say(t("console.help", self.locale, seats=list(seats), seat=seats[0], paces=list(PACES)))
        elif word == ":language":
            self._language(args)
        elif word == ":new":
            await self.new(rest.strip())
        elif word == ":status":
            await self.show(await self.svc.status(self.me, self._seat(args)))
        elif word == ":map":
            await self.show(await self.svc.map(self.me, self._seat(args)))
        elif word == ":log":
            await self.show(await self.svc.log_text(self.me, 40, self._seat(args)))
        elif word == ":tick":
            await self.svc.tick()
            await self.settle()
        elif word == ":legal":
            await self._legal(self._seat(args))
        elif word == ":export" and args[:1] == ["html"]:  # the finished game as one web page
            res = await self.svc.export_html(self.me)
            assert res.reply.file is not None
            self._write(Path(" ".join(args[1:]) or res.reply.file[0]), res.reply.file[1])
        elif word == ":export":
            res = await self.svc.export(self.me)
            if res.reply.file is None:  # an aborted game's script goes to every seat, as a DM
                await self.show(res)
            else:
                self._write(Path(rest.strip() or res.reply.file[0]), res.reply.file[1])
        elif word == ":prefer":
            roles = await self._roles()
            seat = self._seat(args[:1]) if args and args[0].lower() in roles else None
            words = args[1:] if seat else args
            if not words:  # which preferences there are
                raise ServiceError("svc.pref_keys")
            key, *value = words
            res = await self.svc.prefer(self.me, key, " ".join(value), seat)
            res.reply.text = self._console_syntax(res.reply.text)
            await self.show(res)
        elif word in CLUB:
            await self._club(word, rest, args)
        elif word == ":pick":
            await self._pick(args)
        elif word in (":put", ":clear", ":confirm"):
            await self._form(word[1:], args)
        elif word.startswith(":"):
            self.say(t("console.unknown", self.locale, command=word[:40]))
        else:
            m = re.match(r"^([A-Za-z]+)\s*:\s*(.*)$", line)
            role, text = (m.group(1).lower(), m.group(2).strip()) if m else (None, line)
            roles = await self._roles()
            if role is not None and role not in roles:
                self.say(t("console.unknown_seat", self.locale, seat=role[:20], seats=list(roles)))
                return True
            if not text.startswith("/"):
                self.say(t("console.slash", self.locale))
                return True
            await self.show(await self.svc.order(await self._holder(role), text, role=role))
        return True

    async def _holder(self, role: str | None) -> Caller:
        """Who gives an order: the console's player, or in a league's game the player seated in ``role``
        (else in the seat that must act) — the console plays for every player."""
        if self.me.channel_id == CHANNEL:
            return self.me
        live = await self.svc.current(self.me.channel_id)
        active = live.game.active() if live.game is not None and not live.game.over else []
        seat = role or next(iter(active), None)
        user = live.row.seats.get(seat or "", (None, False))[0]
        return dataclasses.replace(self.me, user_id=user) if user else self.me

    async def _club(self, word: str, rest: str, args: list[str]) -> None:
        """The club's commands (``CLUB``): vacations, ratings and records, handovers, notes, the next game."""
        if word == ":vacation":
            await self._vacation(args)
        elif word == ":ratings":  # this console's ratings of a game (one player: its games are not rated)
            res = await self.svc.ratings(self.me, args[0] if args else self.game)
            self.say(res.reply.text)
            if res.reply.file is not None:
                with contextlib.suppress(OSError):  # ``_write`` says what failed
                    self.pictures.mkdir(parents=True, exist_ok=True)
                self._write(self.pictures / res.reply.file[0], res.reply.file[1])
        elif word == ":profile":
            await self.show(await self.svc.profile(self.me))
        elif word == ":handover":  # one player holds every seat and no deadline runs: nobody can vanish
            self.say(t("console.handover", self.locale))
        elif word == ":note":  # the player's own notes on this game: :note TEXT, :note clear, :note
            clear = rest.strip().lower() == "clear"
            await self.show(
                await self.svc.note(self.me, None if clear else rest.strip() or None, clear=clear)
            )
        elif word == ":next":
            await self.show(await self.svc.next_game(self.me))
        elif word == ":league":
            await self._league(args)
        elif word == ":rematch":  # a press of the rematch button under the result, by a player of it
            live = await self.svc.current(self.me.channel_id, finished=True)
            await self.show(await self.svc.rematch(self._player(args[:1]), live.id))
        elif word == ":game":
            await self._game(args)

    def _player(self, args: list[str]) -> Caller:
        """The console's player, or player N (``:league join 2``): the console plays for every player, as
        it holds every seat of its own game. Refused: anything but a number from 1 to the most a league
        takes."""
        if not args:
            return self.me
        n = args[0]
        if not n.isdigit() or not 1 <= int(n) <= MOST_PLAYERS:
            raise ServiceError("console.player_number", value=n[:20], most=MOST_PLAYERS)
        return dataclasses.replace(self.me, user_id=int(n))

    async def _league(self, args: list[str]) -> None:
        """``:league new [GAME] [sequential|concurrent] [OPTIONS]``, ``:league join [N]``, ``:league leave
        [N]``, ``:league start``, ``:league standings``, ``:league drop [N]``: ``/league`` with the same
        words and checks, in the console's channel; each game in a channel of its own (``:game ID``)."""
        verb = args[0].lower() if args else ""
        rest = args[1:]
        me = dataclasses.replace(self.me, channel_id=CHANNEL)
        leagues = self.svc.leagues
        if verb not in LEAGUE_VERBS:
            self.say(t("console.league_how", self.locale, verbs=list(LEAGUE_VERBS), modes=list(MODES)))
            return
        if verb == "new":
            from engine import modules

            known = {m.id for m in modules.modules()}
            game = rest.pop(0).lower() if rest and rest[0].lower() in known else self.game
            mode = rest.pop(0).lower() if rest and rest[0].lower() in MODES else "sequential"
            res = await leagues.new(me, game, None, mode, " ".join(rest))
        elif verb == "join":
            res = await leagues.join(dataclasses.replace(self._player(rest), channel_id=CHANNEL))
        elif verb == "leave":
            res = await leagues.leave(dataclasses.replace(self._player(rest), channel_id=CHANNEL))
        elif verb == "start":
            res = await leagues.start(me)
        elif verb == "standings":
            res = await leagues.show(me)
        else:
            res = await leagues.drop(me, self._player(rest).user_id if rest else None)
        await self.show(res)

    async def _game(self, args: list[str]) -> None:
        """``:game ID``: the console's orders and readers go to game ID (a league's game, in its own
        channel); ``:game``: back to the console's own game."""
        if not args:
            self.me = dataclasses.replace(self.me, channel_id=CHANNEL)
            self.say(t("console.game_back", self.locale))
            return
        n = args[0]
        live = await self.svc.game(int(n)) if n.isdigit() else None
        if live is None:
            raise ServiceError("console.game_unknown", value=n[:20])
        self.me = dataclasses.replace(self.me, channel_id=live.row.channel_id)
        self.say(t("console.game_here", self.locale, game=live.id))

    async def _vacation(self, args: list[str]) -> None:
        """``:vacation start DAYS [YYYY-MM-DD]``, ``:vacation end``, ``:vacation`` (the days left)."""
        verb = args[0].lower() if args else "show"
        if verb == "start":
            days = args[1] if len(args) > 1 else ""
            if not days.isdigit():
                raise ServiceError(
                    "svc.vacation_days_bad", value=days[:20] or "-", most=self.svc.vacation_days
                )
            res = await self.svc.vacation_start(self.me, int(days), args[2] if len(args) > 2 else None)
        elif verb == "end":
            res = await self.svc.vacation_end(self.me)
        elif verb == "show":
            res = await self.svc.vacation_show(self.me)
        else:
            self.say(t("console.unknown", self.locale, command=f":vacation {verb[:20]}"))
            return
        await self.show(res)

    def _language(self, args: list[str]) -> None:
        """``:language ja``: the console's texts, its replies and the DMs it shows in that language (the
        channel's posts stay in the game's language, set when it was made)."""
        want = args[0].lower() if args else ""
        if want not in LOCALES:
            self.say(t("console.language_unknown", self.locale, value=want[:20], languages=list(LOCALES)))
            return
        self.locale = want
        self.me = dataclasses.replace(self.me, locale=want)
        self.say(t("console.language_set", self.locale))

    async def new(self, options: str = "") -> None:
        """``:new [OPTIONS]``: the game in progress aborted (its script written beside the pictures) and a
        new one of the same game started, with the module's console options under ``options``."""
        self.me = dataclasses.replace(self.me, channel_id=CHANNEL)  # the console's own game
        game = self.game
        if await self._any_game():
            game = (await self.svc.current(CHANNEL, finished=True)).row.module
        paces = [w for w in options.split() if _option_key(w) == "pace"]  # the platform's, not the game's
        pace = paces[-1].partition("=")[2].strip().lower() if paces else None
        if pace is not None and pace not in PACES:
            raise ServiceError("svc.pace_unknown", value=pace[:20], known=list(PACES))
        options = " ".join(w for w in options.split() if _option_key(w) != "pace")
        merged, problem = console_values(options, game)
        if problem is not None:
            self.say(t("console.new_bad_options", self.locale, error=problem))
            return
        if await self.svc.has_game(CHANNEL):
            await self.svc.abort(self.me)
            await self.settle()
        self.game = game
        await self.ensure_game(merged, game, pace)

    def _console_syntax(self, text: str) -> str:
        """A reply that names Discord's preference command, with the console's instead."""
        from engine.messages_ja import command_ref

        for said in (command_ref(DISCORD_PREFER_OFF), DISCORD_PREFER_OFF, "/game prefer battle off"):
            text = text.replace(said, ":prefer battle off")
        return text

    async def _any_game(self) -> bool:
        try:
            await self.svc.current(CHANNEL, finished=True)
        except ServiceError:
            return False
        return True

    @staticmethod
    def _seat(args: list[str]) -> str | None:
        return args[0].lower() if args else None

    async def _roles(self) -> tuple[str, ...]:
        """The seats of the console's game (or of the league's game ``:game`` went to)."""
        return self.svc.seats(await self.svc.current(self.me.channel_id, finished=True))

    async def _legal(self, seat: str | None) -> None:
        live = await self.svc.current(self.me.channel_id)
        game = live.game
        active = game.active() if game and not game.over else []
        if seat is not None:
            active = [r for r in active if r == seat]
        if not active or game is None:
            self.say(t("console.legal.none", self.locale))
            return
        for role in active:
            lg = game.legal(role)
            # what the game asks of the role, in its own words (its module's prompt's first line)
            asked = module_of(live.row).prompt(game, role, self.locale, TEXT, examples=False).split("\n")[0]
            self.say(t("console.legal.orders", self.locale, role=role) + (f" — {asked}" if asked else ""))
            for c in self.svc.ranked(live, lg.choices)[:LEGAL_SHOWN]:
                self.say(f"  {c}")
            if len(lg.choices) > LEGAL_SHOWN:
                self.say("  " + t("console.legal.more", self.locale, n=len(lg.choices) - LEGAL_SHOWN))

    async def redraw(self) -> None:
        """Every seat's pictures as they are now (the console's pictures are always current)."""
        live = await self.svc.current(self.me.channel_id, finished=True)
        await self._save(self.svc.pictures_now(live, self.locale))


def check_options(options: str, game: str | None = None) -> str | None:
    """What is wrong with a console's ``--options`` (one line) for the game module ``game``, or None."""
    return console_values(options, game)[1]


def console_values(options: str, game: str | None = None) -> tuple[dict[str, OptionValue], str | None]:
    """A console game's options as typed values, read once: the module's ``first_options`` (a historical
    set-up, say) with ``options`` over them, key by key (``players=3`` keeps the historical set-up;
    ``setup=free`` changes it); and what is wrong with them (one line), or None."""
    from engine import RuleError, modules

    try:
        module = modules.get(game)
        values = parse_values(module.options, options, parse_values(module.options, module.first_options, {}))
        module.make_options({**module.defaults(), **values})  # the module's own checks of the whole
    except RuleError as e:
        return {}, str(e)
    return values, None


def _option_key(item: str) -> str:
    """The option an item ``key=value`` names, as ``parse_values`` reads it."""
    return item.partition("=")[0].strip().lower().replace("-", "_")


def unusable_database(database: str, locale: str) -> str | None:
    """Why a SQLite database cannot be opened where it is named (one line), or None."""
    if "://" not in database:
        folder = Path(database).expanduser().resolve().parent
        if not folder.is_dir():
            return t("console.no_folder", locale, database=database, folder=folder)
        if Path(database).is_dir():
            return t("console.database_folder", locale, database=database)
    return None


def _unusable(database: str, pictures: str, locale: str) -> str | None:
    """Why the console cannot start on these files (one line), or None: checked before anything is
    opened, so that nothing is created."""
    problem = unusable_database(database, locale)
    if problem is None and Path(pictures).exists() and not Path(pictures).is_dir():
        problem = t("console.pictures_file", locale, pictures=pictures)
    return problem


async def run_console(
    database: str,
    pictures: str,
    options: str = "",
    lines: TextIO | None = None,
    locale: str = "en",
    *,
    new: bool = False,
    out: TextIO = sys.stdout,
    game: str | None = None,
) -> int:
    """The console game, of the game module ``game`` (default: the default module). Its first game has the
    module's ``first_options`` (a historical set-up, say) with ``options`` over them; an existing game
    resumes (and ``options`` are ignored, which it says), unless ``new``. Exit status 2 when it cannot
    start (one line on stderr, nothing created); 0 when its output is closed (``| head``)."""
    from engine import RuleError, modules

    FRONT.set(CONSOLE_SAYS)  # before the service's tasks start: they say the texts the console's way
    try:
        modules.get(game)
    except RuleError as e:
        print(t("console.bad_options", locale, error=e), file=sys.stderr)
        return 2
    given = options.strip()
    values, problem = console_values(given, game)
    if problem is None:
        problem = _unusable(database, pictures, locale)
    if problem is not None:
        print(t("console.bad_options", locale, error=problem), file=sys.stderr)
        return 2
    store = open_store(database)
    try:
        await store.open()
    except Exception as e:  # unreadable, locked, not a database: one line, nothing changed
        print(t("console.bad_database", locale, database=database, error=e), file=sys.stderr)
        with contextlib.suppress(Exception):
            await store.close()
        return 2
    con: Console | None = None
    svc: Service | None = None
    try:
        svc = Service(store)
        await svc.recover()
        con = Console(svc, Path(pictures), out=out, locale=locale, game=game)
        con.say(t("console.hello", con.locale))
        existing = await svc.has_game(CHANNEL)
        if existing and new:
            await svc.abort(con.me)
            await con.settle()
        elif existing and given:
            con.say(t("console.options_ignored", con.locale, database=database))
        await con.ensure_game(values, game)
        if not con.gone:
            await con.redraw()
            await con.loop(lines)
    finally:
        # what still delivers or plays ends before the store closes (Ctrl-C in the first second included)
        if con is not None:
            await con.outbox.close()
        if svc is not None:
            await svc.stop()
        await store.close()
    return 0
