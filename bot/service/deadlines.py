"""Deadlines: a new deadline whenever the players awaited change, a reminder before it, and the game's
action when it passes (``pass`` or ``bot``); or, for a game with a pace, each seat's time bank
(``clock.py``), the action playing for a seat whose bank is at zero. The ticker only reads to find what is
due; the reminder and the action are changes like any other, under the game's lock, checked again on the
row read inside it."""

from __future__ import annotations

from engine.errors import RuleError
from engine.module import GameObject

from ..i18n import t
from ..outbox import Message, Post
from ..storage import GameRow
from . import clock, reminders
from .broadcast import banks_text, broadcast
from .clock import Span
from .common import Hub, language, module_of
from .core import Change, Games

# at most so many orders given to one late seat when a deadline passes
PASSING = 50


class Deadlines:
    def __init__(self, svc: Hub) -> None:
        self.svc = svc
        self.games: Games = svc.games

    async def arm(self, ch: Change, *, force: bool = False, grant: tuple[str, ...] = ()) -> None:
        """A new deadline whenever the set of players awaited changes. A game with a pace settles its
        banks instead (``_arm_banks``); ``force``: settle them now though nobody moved (a vacation)."""
        if ch.row.settings.pace is not None:
            await self._arm_banks(ch, force, grant)
            return
        hours = ch.row.settings.deadline_hours
        game = ch.game
        key = module_of(ch.row).waiting(game) if game else ""
        if ch.row.settings.waiting == key and ch.row.settings.due_at:
            return
        s = ch.settings()
        s.waiting = key
        s.reminders_sent = []
        s.due_at = self.svc.clock() + hours * 3600 if hours > 0 and game and not game.over else None

    # --- time banks (clock.py) -----------------------------------------------------------------------------
    async def pauses(self, row: GameRow, roles: list[str]) -> dict[str, tuple[list[Span], str | None]]:
        """Each seat's player's vacations and quiet hours (a bot's seat: none)."""
        users = {r: u for r in roles for u, is_bot in [row.seats.get(r, (None, True))] if u and not is_bot}
        ids = sorted(set(users.values()))
        away = await self.svc.store.vacations(ids, row.settings.clock_at or self.svc.clock())
        prefs = await self.svc.store.reminder_prefs(ids)
        return {r: (away.get(u, []), prefs.get(u, (None, None))[1]) for r, u in users.items()}

    @staticmethod
    def clocked(row: GameRow, game: GameObject | None) -> list[str]:
        """The seats whose banks run: those the game waits for that a player holds (a bot has no clock)."""
        if game is None or game.over or row.status != "running":
            return []
        return [r for r in game.active() if (seat := row.seats.get(r)) and seat[0] and not seat[1]]

    async def _arm_banks(self, ch: Change, force: bool, grant: tuple[str, ...]) -> None:
        """Charge each running bank its seat's own waiting time since the last settling (less its player's
        vacations), credit a completed step's bonus to each seat whose player moved (up to the cap), and set
        the deadline at the first moment a waiting seat's bank is at zero with its player awake."""
        row, game, now = ch.row, ch.game, self.svc.clock()
        key = module_of(row).waiting(game) if game else ""
        pace = clock.pace_of(row.settings.pace)
        was = row.settings
        if pace is None:  # the pace ``none``: no clock
            if was.waiting != key or was.due_at is not None:
                s = ch.settings()
                s.waiting, s.due_at = key, None
            return
        moved = was.waiting != key
        if not (moved or force or grant) and was.clock_at is not None:
            return  # the same step: its clocks run on
        running = self.clocked(row, game)
        pauses = await self.pauses(row, sorted({*was.clocks, *running}))
        since = was.clock_at if was.clock_at is not None else now
        banks = dict(was.banks)
        for role in was.clocks:
            away = pauses.get(role, ([], None))[0]
            banks[role] = clock.charge(banks.get(role, pace.start), since, now, away)
        if moved:  # a step completed: a bonus for each seat whose player moved in it
            for role in {o.role for o in ch.orders if o.user_id is not None} & set(was.clocks):
                banks[role] = clock.credit(banks[role], pace)
        for role in grant:
            banks[role] = clock.credit(banks.get(role, 0.0), pace)
        for role, (user, is_bot) in row.seats.items():
            if user and not is_bot:
                banks.setdefault(role, pace.start)
        s = ch.settings()
        s.banks, s.clocks, s.clock_at = banks, running, now
        if moved:
            s.waiting, s.reminders_sent = key, []
        due = [clock.deadline(banks[r], now, now, *pauses.get(r, ([], None))) for r in running]
        s.due_at = min(due) if due else None

    async def banks_now(self, row: GameRow, loc: str) -> str:
        """Each seat's bank as it is now (a reader: nothing is settled or stored)."""
        s, now = row.settings, self.svc.clock()
        pauses = await self.pauses(row, list(s.clocks))
        since = s.clock_at if s.clock_at is not None else now
        banks = {
            r: clock.charge(left, since, now, pauses.get(r, ([], None))[0]) if r in s.clocks else left
            for r, left in s.banks.items()
        }
        return banks_text(row, loc, banks)

    async def next_bank_due(self, row: GameRow) -> float | None:
        """When a game with a pace may next have something due: a seat's bank at zero, or a reminder before
        it (one held by its player's quiet hours or vacation: when they end). None: no clock runs."""
        s, now = row.settings, self.svc.clock()
        if s.due_at is None or not s.clocks:
            return None
        _late, due = await self._late(row)
        seats = {r: u for r in due for u, _bot in [row.seats.get(r, (None, True))] if u}
        prefs = await self.svc.store.reminder_prefs(sorted(set(seats.values())))
        pauses = await self.pauses(row, list(seats))
        wake = min([s.due_at, *due.values()])
        for role, user in seats.items():
            hours = prefs.get(user, (None, None))[0]
            if hours is None:
                hours = [s.reminder_hours] if s.reminder_hours > 0 else []
            away, quiet = pauses.get(role, ([], None))
            for h in hours:
                if f"{user}:{h:g}" not in s.reminders_sent:
                    at = due[role] - h * 3600
                    wake = min(wake, at if at > now else clock.awake(now, away, quiet))
        return wake

    async def _late(self, row: GameRow) -> tuple[list[str], dict[str, float]]:
        """The seats whose bank is at zero with their player awake now, and each running seat's deadline."""
        s, now = row.settings, self.svc.clock()
        pauses = await self.pauses(row, list(s.clocks))
        since = s.clock_at if s.clock_at is not None else now
        due = {
            r: clock.deadline(s.banks.get(r, 0.0), since, now, *pauses.get(r, ([], None))) for r in s.clocks
        }
        return [r for r in s.clocks if due[r] <= now], due

    async def tick(self) -> list[Message]:
        """Reminders before deadlines and the per-game action when one passes. Call every minute or so.
        Returns what was sent (stored in the outbox)."""
        out: list[Message] = []
        # only the games whose deadline or a reminder may be due (an indexed query: ``wake_at``, set to 0 by
        # every change and to the next moment here), never every running game; each claimed for this
        # process's tick, so that the ticks of several processes at one instant handle a due game once
        for gid in await self.svc.store.claim_due(self.svc.clock()):
            try:  # the row as stored (its revision too: another process may have changed the game)
                live = await self.games.read(gid)
            except Exception:
                continue  # an unreadable row: the start-up check reports it
            if live is None or live.game is None:
                continue
            if not await self._something_due(live.row, live.game):
                await self.svc.store.wake(gid, live.row.rev, await self._next_due(live.row, live.game))
                continue
            out += await self.games.change(gid, self._tick_one)
        return out

    async def _next_due(self, row: GameRow, game: GameObject) -> float | None:
        """When this game's deadline or one of its reminders is due next (None: it has no deadline)."""
        if row.settings.pace is not None:  # time banks: a bank at zero, or a reminder before it
            return await self.next_bank_due(row)
        deadline = row.settings.due_at
        if not deadline or row.status != "running" or game.over:
            return None
        users = sorted(
            {u for r in game.active() for u, is_bot in [row.seats.get(r, (None, True))] if u and not is_bot}
        )
        prefs = await self.svc.store.reminder_prefs(users)
        sent = list(row.settings.reminders_sent)
        return reminders.next_due(users, deadline, self.svc.clock(), prefs, row.settings.reminder_hours, sent)

    async def _something_due(self, row: GameRow, game: GameObject) -> bool:
        deadline = row.settings.due_at
        if not deadline:
            return False
        if self.svc.clock() >= deadline:
            return True
        return bool(await self._reminders(row, game))

    async def _reminders(self, row: GameRow, game: GameObject) -> dict[int, list[str]]:
        """Who must be reminded now (each player's own times and quiet hours; with banks, each one's own
        deadline)."""
        now = self.svc.clock()
        sent = list(row.settings.reminders_sent)
        if row.settings.pace is not None:
            _late, due = await self._late(row)
            seats = {r: u for r in due for u, _bot in [row.seats.get(r, (None, True))] if u}
            prefs = await self.svc.store.reminder_prefs(sorted(set(seats.values())))
            out: dict[int, list[str]] = {}
            away = await self.svc.store.vacations(sorted(set(seats.values())), now)
            for role, user in seats.items():
                if clock.on_vacation(now, away.get(user, [])):
                    continue
                keys = reminders.due([user], due[role], now, prefs, row.settings.reminder_hours, sent)
                out.update(keys)
            return out
        users = sorted(
            {u for r in game.active() for u, is_bot in [row.seats.get(r, (None, True))] if u and not is_bot}
        )
        away = await self.svc.store.vacations(users, now)
        users = [u for u in users if not clock.on_vacation(now, away.get(u, []))]
        prefs = await self.svc.store.reminder_prefs(users)
        due_at = row.settings.due_at or 0.0
        return reminders.due(users, due_at, now, prefs, row.settings.reminder_hours, sent)

    async def _bank_reminders(self, ch: Change, due: dict[int, list[str]]) -> None:
        """One reminder for each player, with their own bank and when it runs out."""
        row = ch.row
        s, now = row.settings, self.svc.clock()
        lang = language(row)
        pauses = await self.pauses(row, list(s.clocks))
        for user in sorted(due):
            roles = [r for r in s.clocks if row.seats.get(r, (None, True))[0] == user]
            if not roles:
                continue
            away, quiet = pauses.get(roles[0], ([], None))
            left = clock.charge(s.banks.get(roles[0], 0.0), s.clock_at or now, now, away)
            when = int(clock.deadline(left, now, now, away, quiet))
            text = t("svc.reminder_bank", lang, mention=f"<@{user}>", left=clock.said(left), due=when)
            ch.send(Post(row.channel_id, text, mentions=(user,)))

    async def _tick_one(self, ch: Change) -> list[Message]:
        row = ch.row
        game = ch.game
        deadline = row.settings.due_at
        if row.status != "running" or game is None or game.over or not deadline:
            return []
        if self.svc.clock() < deadline:
            due = await self._reminders(row, game)
            if not due:
                return []
            s = ch.settings()
            s.reminders_sent = s.reminders_sent + [k for keys in due.values() for k in keys]
            if row.settings.pace is not None:
                await self._bank_reminders(ch, due)
                return list(ch.outbox)
            users = sorted(due)
            who = ", ".join(f"<@{u}>" for u in users)
            text = t("svc.reminder", language(row), mentions=who, due=int(deadline))
            ch.send(Post(row.channel_id, text, mentions=tuple(users)))
            return list(ch.outbox)
        if row.settings.pace is not None:
            late, _due = await self._late(row)
            if not late:  # asleep or away since the deadline was set: it waits for them
                await self.arm(ch, force=True)
                return list(ch.outbox)
            await self._passed(ch, late)
            return list(ch.outbox)
        away = await self._away(row, list(game.active()))
        if away is not None:  # a fixed deadline waits for a player on vacation
            ch.settings().due_at = away
            return list(ch.outbox)
        await self._passed(ch)
        return list(ch.outbox)

    async def _away(self, row: GameRow, roles: list[str]) -> float | None:
        """When the last of these seats' players on vacation now comes back (None: nobody is away)."""
        pauses, now = await self.pauses(row, roles), self.svc.clock()
        back = [clock.awake(now, away, None) for away, _quiet in pauses.values()]
        return max(back) if back and max(back) > now else None

    async def _passed(self, ch: Change, late: list[str] | None = None) -> None:
        """The per-game action when a deadline passes: ``pass`` ends what each late player was doing (its
        current step — nothing more: the module's ``passing`` gives the orders doing the least the rules
        allow), ``bot`` hands the late seats to
        bot players, who play on until the player takes the seat back with /game join. With banks, the late
        seats are those whose bank is at zero; each starts its next step with one bonus."""
        game = ch.game
        assert game is not None
        row = ch.row
        action = row.settings.deadline_action
        banked = late is not None
        late = list(game.active()) if late is None else late
        before = len(game.events)
        # each late player's record, and the seats a handover vote may be held on (service/handover.py)
        timed_out = ch.settings().timed_out
        missed = []
        for role in late:
            user, is_bot = row.seats.get(role, (None, True))
            if user is not None and not is_bot:
                ch.timed_out(role, user, float(row.settings.due_at or self.svc.clock()))
                timed_out[role] = user
                missed.append(role)
        if action == "bot":
            handed = ch.settings().handed
            for role in late:
                user = row.seats.get(role, (None, False))[0]
                if user is not None:
                    handed[role] = user
                ch.seat(role, user, is_bot=True)
        else:
            module = module_of(row)
            for role in late:
                # the module's least orders, up to the one that ends the step (the orders the rules force
                # before it are few: the loop is bounded all the same)
                for _ in range(PASSING):
                    current = ch.game
                    assert current is not None
                    if current.over or role not in current.active():
                        break
                    given = module.passing(current, role)
                    if given is None:
                        break
                    order, ends = given
                    try:
                        ch.apply(role, order, None)
                    except RuleError:
                        break  # refused: nothing changed, the seat waits as it was
                    if ends:
                        break
        key = "svc.deadline_passed" if action == "pass" else "svc.deadline_passed_bot"
        text = t(key, language(row), late=late)
        if missed:  # the others may hand a vanished player's seat on (bot/service/handover.py)
            text += "\n" + t("svc.handover_hint", language(row))
        ch.send(Post(row.channel_id, text, handover=tuple(missed)))
        after = ch.game
        assert after is not None
        if banked:  # the banks settled first: the pinned status shows them as they are now
            await self.arm(ch, force=True, grant=tuple(late))
            broadcast(ch, after.events[before:])
        else:
            broadcast(ch, after.events[before:])
            s = ch.settings()
            s.due_at = None
            s.waiting = None
            await self.arm(ch)
        self.svc.play.schedule(row.id)  # the bots now holding seats play on, after this change
