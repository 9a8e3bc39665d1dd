"""Drafts: a sealed choice made by a form (``engine.module.SealedChoice``: pieces each put in a slot in a DM
prompt, confirmed as one order), for any game whose module asks one (``Module.interactions``). A draft is part
of the game's row, so it survives a restart, and every change to it goes through the game's lock like any
other change.

A prompt names its place by game, epoch (the module's) and place (at most one form
a place an epoch): a prompt of another game, of an earlier choice at the same place, or of a game that is
over or aborted is out of date and changes nothing."""

from __future__ import annotations

from engine.module import GameObject, SealedChoice, forms

from ..i18n import join, locale_of, t, term
from ..outbox import Result, pick_moment
from ..storage import GameRow
from .common import Caller, Hub, Live, ServiceError, module_of, roles_of
from .core import Change, Games

Prompt = tuple[int, SealedChoice, dict[str, str]]  # the epoch, the form, the draft so far (piece -> slot)


def form_at(row: GameRow, game: GameObject | None, role: str, place: str) -> SealedChoice | None:
    """The role's form at ``place`` now, or None when none is awaited there."""
    if game is None or game.over or role not in game.active():
        return None
    return next((f for f in forms(module_of(row).interactions(game, role)) if f.at == place), None)


def version(row: GameRow, game: GameObject, role: str) -> int:
    """Which of the role's forms at a place a prompt is: the module's epoch, or for a module without one the
    orders the role has given (it stays while the role fills the form in, and moves on once it confirms)."""
    epoch = module_of(row).epoch(game)
    return int(epoch) if epoch is not None else pick_moment(game.log, role)


def draft_of(row: GameRow, role: str, form: SealedChoice) -> dict[str, str]:
    draft = row.settings.drafts.get(f"{role}@{form.at}", {})
    return {u: c for u, c in draft.items() if u in form.pieces}


class Drafts:
    def __init__(self, svc: Hub) -> None:
        self.svc = svc
        self.games: Games = svc.games

    def prompt(self, row: GameRow, game: GameObject | None, role: str, place: str) -> Prompt | None:
        """What a form's prompt shows now: the epoch, the form and the draft so far."""
        if row.status != "running" or game is None:
            return None
        form = form_at(row, game, role, place)
        if form is None:
            return None
        return version(row, game, role), form, draft_of(row, role, form)

    def role_for(
        self,
        row: GameRow,
        game: GameObject | None,
        user_id: int,
        epoch: int,
        place: str,
        seat: str | None = None,
    ) -> str:
        """The user's seat (``seat``, when the user holds several) whose form at ``place`` is awaited, or a
        clear refusal."""
        mine = [r for r in roles_of(row, user_id) if seat is None or r == seat]
        if not mine:
            raise ServiceError("svc.no_seat_that")
        if row.status != "running" or game is None:
            raise ServiceError("svc.prompt_stale", town=place)
        for r in mine:
            if form_at(row, game, r, place) is not None and version(row, game, r) == epoch:
                return r
        raise ServiceError("svc.prompt_stale", town=place)

    async def current(
        self, game_id: int, user_id: int, epoch: int, place: str, seat: str | None = None
    ) -> tuple[str, int, SealedChoice, dict[str, str]]:
        """The prompt as it stands (for redrawing it): role, epoch, form, draft. ServiceError if stale."""
        _live, role, got = await self._standing(game_id, user_id, epoch, place, seat)
        return (role, *got)

    async def _standing(
        self, game_id: int, user_id: int, epoch: int, place: str, seat: str | None = None
    ) -> tuple[Live, str, Prompt]:
        """The game, the user's role in its form at ``place`` and the prompt (epoch, form, draft);
        ServiceError when the game is gone or the prompt is stale."""
        live = await self.games.read(game_id)
        if live is None:
            raise ServiceError("svc.game_gone")
        role = self.role_for(live.row, live.game, user_id, epoch, place, seat)
        got = self.prompt(live.row, live.game, role, place)
        assert got is not None
        return live, role, got

    async def assign(
        self,
        game_id: int,
        user_id: int,
        epoch: int,
        place: str,
        pieces: list[str] | None,
        slot: str | None,
        locale: str = "en",
        seat: str | None = None,
    ) -> str:
        """Put ``pieces`` in ``slot`` (None: take them out; ``pieces`` None: all of them). Returns the
        prompt's new text."""

        async def fn(ch: Change) -> str:
            role = self.role_for(ch.row, ch.game, user_id, epoch, place, seat)
            form = form_at(ch.row, ch.game, role, place)
            assert form is not None  # role_for found it
            if slot is not None and slot not in form.slots:  # a button of no slot of this form
                raise ServiceError("svc.prompt_stale", town=place)
            chosen = list(form.pieces) if pieces is None else pieces
            draft = ch.settings().drafts.setdefault(f"{role}@{place}", {})
            for u in chosen:
                if u not in form.pieces:
                    raise ServiceError("svc.not_your_block", unit=u[:20], town=place)
                if slot is None:
                    draft.pop(u, None)
                else:
                    draft[u] = slot
            return self.text(ch.row, ch.game, role, place, locale)

        return await self.games.change(game_id, fn)

    def text(self, row: GameRow, game: GameObject | None, role: str, place: str, locale: str = "en") -> str:
        """The prompt in words: its head (the form's), each slot's pieces, those still to place, its help."""
        loc = locale_of(locale)
        got = self.prompt(row, game, role, place)
        if got is None:
            return t("svc.draft_stale", loc, town=place)
        _epoch, form, draft = got
        units = form.pieces
        cols = {c: [u for u in units if draft.get(u) == c] for c in form.slots}
        todo = [u for u in units if u not in draft]
        lines = [t(form.head or "svc.form_head", loc, town=place, n=len(units))]
        for c, us in cols.items():
            lines.append(
                t(
                    "svc.draft_slot",
                    loc,
                    slot=form.slot_said(c, lambda family, s: term(family, s, loc), title=True),
                    units=join(us, loc) or t("svc.draft_none", loc),
                )
            )
        lines.append(t("svc.draft_todo", loc, units=join(todo, loc) or t("svc.draft_todo_none", loc)))
        lines.append(t(form.help or "svc.form_help", loc, town=place, order=form.text({})))
        return "\n".join(lines)

    async def confirm(
        self,
        game_id: int,
        user_id: int,
        epoch: int,
        place: str,
        interaction_id: str | None,
        locale: str = "en",
        seat: str | None = None,
    ) -> Result:
        """The draft as the form's one order, through the one order path; the draft goes once accepted."""
        live, role, got = await self._standing(game_id, user_id, epoch, place, seat)
        _epoch, form, draft = got
        todo = [u for u in form.pieces if u not in draft]
        if todo:
            raise ServiceError("svc.place_all", units=todo)
        caller = Caller(user_id, live.row.channel_id, live.row.guild_id, locale=locale)

        def same_choice(ch: Change) -> None:  # under the lock: still this form's choice
            self.role_for(ch.row, ch.game, user_id, epoch, place, role)

        def drop_draft(ch: Change) -> None:
            ch.settings().drafts.pop(f"{role}@{place}", None)

        done: Result = await self.svc.play.order_in(
            game_id, caller, form.text(draft), interaction_id, role, check=same_choice, after=drop_draft
        )
        return done
