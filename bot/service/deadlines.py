"""Deadlines: a new deadline whenever the players awaited change, a reminder before it, and the game's
action when it passes (``pass`` or ``bot``). The ticker only reads to find what is due; the reminder and
the action are changes like any other, under the game's lock, checked again on the row read inside it."""

from __future__ import annotations

from engine.module import GameObject

from ..i18n import t
from ..outbox import Message, Post
from ..storage import GameRow
from . import reminders
from .broadcast import broadcast
from .common import Hub, language, module_of
from .core import Change, Games


class Deadlines:
    def __init__(self, svc: Hub) -> None:
        self.svc = svc
        self.games: Games = svc.games

    def arm(self, ch: Change) -> None:
        """A new deadline whenever the set of players awaited changes."""
        hours = ch.row.settings.deadline_hours
        game = ch.game
        key = module_of(ch.row).waiting(game) if game else ""
        if ch.row.settings.waiting == key and ch.row.settings.due_at:
            return
        s = ch.settings()
        s.waiting = key
        s.reminders_sent = []
        s.due_at = self.svc.clock() + hours * 3600 if hours > 0 and game and not game.over else None

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
        """Who must be reminded now (each player's own times and quiet hours)."""
        users = sorted(
            {u for r in game.active() for u, is_bot in [row.seats.get(r, (None, True))] if u and not is_bot}
        )
        prefs = await self.svc.store.reminder_prefs(users)
        sent = list(row.settings.reminders_sent)
        due_at = row.settings.due_at or 0.0
        return reminders.due(users, due_at, self.svc.clock(), prefs, row.settings.reminder_hours, sent)

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
            users = sorted(due)
            who = ", ".join(f"<@{u}>" for u in users)
            text = t("svc.reminder", language(row), mentions=who, due=int(deadline))
            ch.send(Post(row.channel_id, text, mentions=tuple(users)))
            return list(ch.outbox)
        self._passed(ch)
        return list(ch.outbox)

    def _passed(self, ch: Change) -> None:
        """The per-game action when a deadline passes: ``pass`` ends what each late player was doing (the
        current deployment, movement phase or battle turn — nothing more), ``bot`` hands the late seats to
        bot players, who play on until the player takes the seat back with /game join."""
        game = ch.game
        assert game is not None
        row = ch.row
        action = row.settings.deadline_action
        late = list(game.active())
        before = len(game.events)
        if action == "bot":
            handed = ch.settings().handed
            for role in late:
                user = row.seats.get(role, (None, False))[0]
                if user is not None:
                    handed[role] = user
                ch.seat(role, user, is_bot=True)
        else:
            for role in late:
                for _ in range(300):
                    current = ch.game
                    assert current is not None
                    if current.over or role not in current.active():
                        break
                    lg = current.legal(role)
                    order = "/end" if "/end" in lg.choices else (lg.choices[0] if lg.choices else None)
                    if order is None:
                        break
                    ch.apply(role, order, None)
                    if order == "/end":
                        break
        key = "svc.deadline_passed" if action == "pass" else "svc.deadline_passed_bot"
        ch.send(Post(row.channel_id, t(key, language(row), late=late)))
        after = ch.game
        assert after is not None
        broadcast(ch, after.events[before:])
        s = ch.settings()
        s.due_at = None
        s.waiting = None
        self.arm(ch)
        self.svc.play.schedule(row.id)  # the bots now holding seats play on, after this change
