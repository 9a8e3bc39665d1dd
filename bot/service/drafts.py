"""Battle deployment drafts (6.2): the DM prompt's blocks placed column by column, then confirmed as one
``/deploy`` order. A draft is part of the game's row, so it survives a restart, and every change to it goes
through the game's lock like any other change.

A prompt names its battle by game, campaign turn and town (at most one battle a town a campaign turn): a
prompt of another game, of an earlier battle in the same town, or of a game that is over or aborted is out
of date and changes nothing (issue 1/6)."""

from __future__ import annotations

from engine import Game, parse_command

from ..i18n import join, locale_of, t
from ..outbox import Result
from ..storage import GameRow
from .common import Caller, Hub, Live, ServiceError, roles_of, unit_order
from .core import Change

COLUMNS = ("left", "center", "right", "reserve")


def deploy_units(game: Game | None, role: str, town: str) -> list[str] | None:
    """The role's blocks to deploy in the battle at ``town``, or None when that deployment is not awaited."""
    if game is None or game.over or role not in game.active():
        return None
    mine: list[str] = []
    for c in game.legal(role).choices:
        if not c.startswith("/deploy"):
            continue
        cmd = parse_command(c)
        if cmd.options.get("battle", town) != town:
            continue
        for k in COLUMNS:
            mine += [u.strip() for u in cmd.options.get(k, "").split(",") if u.strip()]
    return sorted(dict.fromkeys(mine), key=unit_order) or None


def draft_of(row: GameRow, role: str, town: str, units: list[str]) -> dict[str, str]:
    draft = row.settings.get("drafts", {}).get(f"{role}@{town}", {})
    return {u: c for u, c in draft.items() if u in units}


class Drafts:
    def __init__(self, svc: Hub) -> None:
        self.svc = svc
        self.games = svc.games

    def prompt(
        self, row: GameRow, game: Game | None, role: str, town: str
    ) -> tuple[int, list[str], dict[str, str]] | None:
        """What a deployment prompt shows now: the battle's campaign turn, the blocks and the draft so far."""
        if row.status != "running" or game is None:
            return None
        units = deploy_units(game, role, town)
        if units is None:
            return None
        return game.state.turn, units, draft_of(row, role, town, units)

    def role_for(self, row: GameRow, game: Game | None, user_id: int, turn: int, town: str) -> str:
        """The user's seat that must deploy in this battle, or a clear refusal."""
        mine = roles_of(row, user_id)
        if not mine:
            raise ServiceError("svc.no_seat_that")
        if row.status != "running" or game is None or game.state.turn != turn:
            raise ServiceError("svc.prompt_stale", town=town)
        for r in mine:
            if deploy_units(game, r, town) is not None:
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
            everyone = deploy_units(ch.game, role, town) or []
            chosen = everyone if units is None else units
            draft = ch.settings().setdefault("drafts", {}).setdefault(f"{role}@{town}", {})
            for u in chosen:
                if u not in everyone:
                    raise ServiceError("svc.not_your_block", unit=u[:20], town=town)
                if column is None:
                    draft.pop(u, None)
                else:
                    draft[u] = column
            return self.text(ch.row, ch.game, role, town, locale)

        return await self.games.change(game_id, fn)

    def text(self, row: GameRow, game: Game | None, role: str, town: str, locale: str = "en") -> str:
        loc = locale_of(locale)
        got = self.prompt(row, game, role, town)
        if got is None:
            return t("svc.draft_stale", loc, town=town)
        _turn, units, draft = got
        cols = {c: [u for u in units if draft.get(u) == c] for c in COLUMNS}
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
        parts = [f"{c}:{','.join(u for u in units if draft[u] == c)}" for c in COLUMNS]
        text = "/deploy " + " ".join(p for p in parts if not p.endswith(":")) + f" battle:{town}"
        caller = Caller(user_id, live.row.channel_id, live.row.guild_id, locale=locale)

        def same_battle(ch: Change) -> None:  # under the lock: still this battle's deployment
            self.role_for(ch.row, ch.game, user_id, turn, town)

        def drop_draft(ch: Change) -> None:
            ch.settings().get("drafts", {}).pop(f"{role}@{town}", None)

        return await self.svc.play.order_in(
            game_id, caller, text, interaction_id, role, check=same_battle, after=drop_draft
        )
