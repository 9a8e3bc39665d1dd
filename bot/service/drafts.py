"""Drafts: a secret choice made piece by piece in a DM prompt and confirmed as one order, as the game's
module declares it (``Module.draft``: Napoleon's battle deployment, 6.2, its blocks placed column by column
and confirmed as one ``/deploy`` order). A draft is part of the game's row, so it survives a restart, and
every change to it goes through the game's lock like any other change.

A prompt names its place by game, epoch (the module's: the campaign turn) and place (at most one battle a
town a campaign turn): a
prompt of another game, of an earlier battle in the same town, or of a game that is over or aborted is out
of date and changes nothing (issue 1/6)."""

from __future__ import annotations

from engine.module import Draft, GameObject
from engine.orders import command_of

from ..i18n import join, locale_of, t
from ..outbox import Result
from ..storage import GameRow
from .common import Caller, Hub, Live, ServiceError, module_of, roles_of, unit_order
from .core import Change


def draft_spec(row: GameRow) -> Draft:
    """The game's draft (its module's); a game without one has no prompt to answer."""
    spec = module_of(row).draft
    if spec is None:
        raise ServiceError("svc.prompt_stale", town="-")
    return spec


def deploy_units(spec: Draft, game: GameObject | None, role: str, town: str) -> list[str] | None:
    """The role's pieces to place at ``town``, or None when that draft is not awaited."""
    if game is None or game.over or role not in game.active():
        return None
    mine: list[str] = []
    for c in game.legal(role).choices:
        cmd = command_of(c)  # an order value's own options, or a module's order text read
        if cmd.name != spec.order or cmd.options.get(spec.place, town) != town:
            continue
        for k in spec.columns:
            mine += [u.strip() for u in cmd.options.get(k, "").split(",") if u.strip()]
    return sorted(dict.fromkeys(mine), key=unit_order) or None


def draft_of(row: GameRow, role: str, town: str, units: list[str]) -> dict[str, str]:
    draft = row.settings.drafts.get(f"{role}@{town}", {})
    return {u: c for u, c in draft.items() if u in units}


class Drafts:
    def __init__(self, svc: Hub) -> None:
        self.svc = svc
        self.games = svc.games

    def prompt(
        self, row: GameRow, game: GameObject | None, role: str, town: str
    ) -> tuple[int, list[str], dict[str, str]] | None:
        """What a deployment prompt shows now: the battle's campaign turn, the blocks and the draft so far."""
        spec = module_of(row).draft
        if row.status != "running" or game is None or spec is None:
            return None
        units = deploy_units(spec, game, role, town)
        if units is None:
            return None
        turn = module_of(row).epoch(game)
        assert turn is not None  # a game with a draft counts its turns (its epochs)
        return turn, units, draft_of(row, role, town, units)

    def role_for(self, row: GameRow, game: GameObject | None, user_id: int, turn: int, town: str) -> str:
        """The user's seat that must deploy in this battle, or a clear refusal."""
        mine = roles_of(row, user_id)
        if not mine:
            raise ServiceError("svc.no_seat_that")
        spec = draft_spec(row)
        if row.status != "running" or game is None or module_of(row).epoch(game) != turn:
            raise ServiceError("svc.prompt_stale", town=town)
        for r in mine:
            if deploy_units(spec, game, r, town) is not None:
                return r
        raise ServiceError("svc.prompt_stale", town=town)

    async def current(
        self, game_id: int, user_id: int, turn: int, town: str
    ) -> tuple[str, int, list[str], dict[str, str]]:
        """The prompt as it stands (for redrawing it): role, turn, blocks, draft. ServiceError if stale."""
        _live, role, got = await self._standing(game_id, user_id, turn, town)
        return (role, *got)

    async def _standing(
        self, game_id: int, user_id: int, turn: int, town: str
    ) -> tuple[Live, str, tuple[int, list[str], dict[str, str]]]:
        """The game, the user's role in its deployment prompt at ``town`` and the prompt (turn, blocks,
        draft); ServiceError when the game is gone or the prompt is stale."""
        live = await self.games.read(game_id)
        if live is None:
            raise ServiceError("svc.game_gone")
        role = self.role_for(live.row, live.game, user_id, turn, town)
        got = self.prompt(live.row, live.game, role, town)
        assert got is not None
        return live, role, got

    async def assign(
        self,
        game_id: int,
        user_id: int,
        turn: int,
        town: str,
        units: list[str] | None,
        column: str | None,
        locale: str = "en",
    ) -> str:
        """Put ``units`` in ``column`` (None: take them out; ``units`` None: all of them). Returns the
        prompt's new text."""

        async def fn(ch: Change) -> str:
            role = self.role_for(ch.row, ch.game, user_id, turn, town)
            spec = draft_spec(ch.row)
            if column is not None and column not in spec.columns:  # a button of no column of this game
                raise ServiceError("svc.prompt_stale", town=town)
            everyone = deploy_units(spec, ch.game, role, town) or []
            chosen = everyone if units is None else units
            draft = ch.settings().drafts.setdefault(f"{role}@{town}", {})
            for u in chosen:
                if u not in everyone:
                    raise ServiceError("svc.not_your_block", unit=u[:20], town=town)
                if column is None:
                    draft.pop(u, None)
                else:
                    draft[u] = column
            return self.text(ch.row, ch.game, role, town, locale)

        return await self.games.change(game_id, fn)

    def text(self, row: GameRow, game: GameObject | None, role: str, town: str, locale: str = "en") -> str:
        loc = locale_of(locale)
        got = self.prompt(row, game, role, town)
        if got is None:
            return t("svc.draft_stale", loc, town=town)
        _turn, units, draft = got
        cols = {c: [u for u in units if draft.get(u) == c] for c in draft_spec(row).columns}
        todo = [u for u in units if u not in draft]
        lines = [t("svc.draft_head", loc, town=town, n=len(units))]
        for c, us in cols.items():
            lines.append(
                t("svc.draft_column", loc, column=c, units=join(us, loc) or t("svc.draft_none", loc))
            )
        lines.append(t("svc.draft_todo", loc, units=join(todo, loc) or t("svc.draft_todo_none", loc)))
        lines.append(t("svc.draft_help", loc, town=town))
        return "\n".join(lines)

    async def confirm(
        self, game_id: int, user_id: int, turn: int, town: str, interaction_id: str | None, locale: str = "en"
    ) -> Result:
        """The draft as one ``/deploy`` order, through the one order path; the draft goes once accepted."""
        live, role, got = await self._standing(game_id, user_id, turn, town)
        _turn, units, draft = got
        todo = [u for u in units if u not in draft]
        if todo:
            raise ServiceError("svc.place_all", units=todo)
        spec = draft_spec(live.row)
        parts = [f"{c}:{','.join(u for u in units if draft[u] == c)}" for c in spec.columns]
        text = f"/{spec.order} " + " ".join(p for p in parts if not p.endswith(":")) + f" {spec.place}:{town}"
        caller = Caller(user_id, live.row.channel_id, live.row.guild_id, locale=locale)

        def same_battle(ch: Change) -> None:  # under the lock: still this battle's deployment
            self.role_for(ch.row, ch.game, user_id, turn, town)

        def drop_draft(ch: Change) -> None:
            ch.settings().drafts.pop(f"{role}@{town}", None)

        return await self.svc.play.order_in(
            game_id, caller, text, interaction_id, role, check=same_battle, after=drop_draft
        )
