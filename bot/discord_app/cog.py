"""Slash commands and components: they only translate between Discord and the application service."""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.ext import commands

from engine import RuleError

from ..outbox import DM, Result
from ..service import Caller, Service, ServiceError
from .send import Sender, chunks

log = logging.getLogger("estafette.discord")

COLUMNS = ("left", "center", "right", "reserve")
PAGE = 25  # a select offers at most 25 options


def caller_of(interaction: discord.Interaction) -> Caller:
    perms = interaction.permissions
    return Caller(
        user_id=interaction.user.id,
        channel_id=interaction.channel_id or 0,
        guild_id=interaction.guild_id or 0,
        manager=bool(perms and perms.manage_guild),
        name=str(interaction.user),
        locale=str(interaction.locale),
    )


# --- components that survive a restart: their state lives in the custom id --------------------------------


class DeployButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"est:d:(?P<game>\d+):(?P<ver>\d+):"
    r"(?P<town>[^:]+):(?P<verb>left|center|right|reserve|clear|confirm|page):(?P<arg>[^:]*)",
):
    """A button of the battle-deployment prompt (6.2): put the selected blocks in a column, clear, confirm,
    or turn the page of a long list. Carries game, version and battle town."""

    def __init__(
        self,
        game: int,
        ver: int,
        town: str,
        verb: str,
        arg: str = "",
        label: str | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or verb.title(),
                style=style,
                row=row,
                custom_id=f"est:d:{game}:{ver}:{town}:{verb}:{arg}",
            )
        )
        self.game, self.ver, self.town, self.verb, self.arg = game, ver, town, verb, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> DeployButton:
        return cls(int(match["game"]), int(match["ver"]), match["town"], match["verb"], match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        cog: EstafetteCog = interaction.client.get_cog("EstafetteCog")  # type: ignore[assignment]
        await cog.deploy_button(interaction, self)


class DeploySelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"est:s:(?P<game>\d+):(?P<ver>\d+):"
    r"(?P<town>[^:]+):(?P<page>\d+)",
):
    """The block picker of the deployment prompt (a page of at most 25 blocks)."""

    def __init__(
        self, game: int, ver: int, town: str, page: int, options: list[discord.SelectOption] | None = None
    ) -> None:
        opts = options or [discord.SelectOption(label="-", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"est:s:{game}:{ver}:{town}:{page}",
                min_values=1,
                max_values=len(opts),
                options=opts,
                placeholder="Pick blocks",
                row=0,
            )
        )
        self.game, self.ver, self.town, self.page = game, ver, town, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> DeploySelect:
        return cls(int(match["game"]), int(match["ver"]), match["town"], int(match["page"]), item.options)

    async def callback(self, interaction: discord.Interaction) -> None:
        cog: EstafetteCog = interaction.client.get_cog("EstafetteCog")  # type: ignore[assignment]
        await cog.deploy_select(interaction, self)


def deploy_view(
    game_id: int,
    version: int,
    town: str,
    units: list[str],
    draft: dict[str, str],
    page: int = 0,
    picked: list[str] | None = None,
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    pages = max(1, (len(units) + PAGE - 1) // PAGE)
    page = min(page, pages - 1)
    shown = units[page * PAGE : (page + 1) * PAGE]
    options = [
        discord.SelectOption(
            label=u, value=u, description=f"now: {draft.get(u, 'not placed')}", default=u in (picked or [])
        )
        for u in shown
    ]
    view.add_item(DeploySelect(game_id, version, town, page, options))
    for c in COLUMNS:
        view.add_item(
            DeployButton(
                game_id, version, town, c, label=f"→ {c.title()}", style=discord.ButtonStyle.primary, row=1
            )
        )
    if pages > 1:
        view.add_item(DeployButton(game_id, version, town, "page", str((page - 1) % pages), label="◀", row=2))
        view.add_item(DeployButton(game_id, version, town, "page", str((page + 1) % pages), label="▶", row=2))
    view.add_item(
        DeployButton(game_id, version, town, "clear", label="Clear", style=discord.ButtonStyle.danger, row=2)
    )
    view.add_item(
        DeployButton(
            game_id, version, town, "confirm", label="Confirm", style=discord.ButtonStyle.success, row=2
        )
    )
    return view


# --- the cog --------------------------------------------------------------------------------------------


def _auto(order: str, option: str):
    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        cog: EstafetteCog = interaction.client.get_cog("EstafetteCog")  # type: ignore[assignment]
        given = {
            k: str(v) for k, v in interaction.namespace.__dict__.items() if v is not None and k != option
        }
        try:
            values = await cog.service.suggestions(caller_of(interaction), order, option, current, given)
        except Exception:
            log.exception("autocomplete failed")
            values = []
        return [app_commands.Choice(name=v[:100], value=v[:100]) for v in values]

    return complete


class EstafetteCog(commands.Cog):
    game = app_commands.Group(name="game", description="Napoleon 1815 campaigns in this channel")

    def __init__(self, bot: commands.Bot, service: Service, sender: Sender) -> None:
        self.bot = bot
        self.service = service
        self.sender = sender
        self.picked: dict[tuple[int, int, str], list[str]] = {}  # (user, game, town) -> blocks picked
        sender.deploy_view = self._dm_view
        sender.remember_thread = service.set_thread

    def _dm_view(self, m: DM) -> discord.ui.View | None:
        live = self.service.live.get(m.game_id)
        if live is None or not m.deploy:
            return None
        town = m.deploy[0]
        state = self.service.deploy_state(live, m.role, town)
        if state is None:
            return None
        units, draft = state
        return deploy_view(m.game_id, live.row.version, town, units, draft)

    async def run(self, interaction: discord.Interaction, coro) -> None:
        """Await a service call and deliver its result; errors go through the one error handler."""
        res: Result = await coro
        await self.sender.reply(interaction, res.reply)
        await self.sender.send(res.outbox, interaction)

    async def order(self, interaction: discord.Interaction, text: str) -> None:
        await self.run(interaction, self.service.order(caller_of(interaction), text, str(interaction.id)))

    # --- /game ------------------------------------------------------------------------------------------
    @game.command(name="new", description="Start a new campaign in this channel")
    @app_commands.describe(
        setup="historical (3.2), free (3.1) or initiative (3.3, the default)",
        players="2 (French / Allied) or 3 (French / British / Prussian)",
        ruleset="rules edition: 3.4 (2006, default) or 3rd (1994 + FAQ)",
        command_control="optional rule 13.2",
        corps_restriction="optional rule 13.3 (3.4 only)",
        days="play only the first N days of the time record (0 = all four)",
        deadline_hours="hours each player has to act (0 = no deadline)",
    )
    @app_commands.choices(
        setup=[app_commands.Choice(name=n, value=n) for n in ("initiative", "historical", "free")],
        ruleset=[app_commands.Choice(name=n, value=n) for n in ("3.4", "3rd")],
    )
    async def game_new(
        self,
        interaction: discord.Interaction,
        setup: str = "initiative",
        players: app_commands.Range[int, 2, 3] = 2,
        ruleset: str = "3.4",
        command_control: bool = False,
        corps_restriction: bool = False,
        days: app_commands.Range[int, 0, 10] = 0,
        deadline_hours: app_commands.Range[float, 0, 720] = 24.0,
    ) -> None:
        opts = (
            f"setup={setup} players={players} ruleset={ruleset} "
            f"command_control={'on' if command_control else 'off'}"
            f" corps_restriction={'on' if corps_restriction else 'off'} days={days}"
        )
        await self.run(
            interaction, self.service.new_game(caller_of(interaction), opts, deadline_hours=deadline_hours)
        )

    @game.command(name="join", description="Take a seat in this channel's game")
    @app_commands.choices(
        role=[app_commands.Choice(name=n, value=n) for n in ("french", "allied", "british", "prussian")]
    )
    async def game_join(self, interaction: discord.Interaction, role: str | None = None) -> None:
        await self.run(interaction, self.service.join(caller_of(interaction), role))

    @game.command(name="leave", description="Give up your seat before the game starts")
    async def game_leave(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.leave(caller_of(interaction)))

    @game.command(name="start", description="Start the campaign (host or Manage Server)")
    async def game_start(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.start(caller_of(interaction)))

    @game.command(name="status", description="Turn, phase and whose move it is")
    async def game_status(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.status(caller_of(interaction)))

    @game.command(name="map", description="Your private map (your own block faces)")
    async def game_map(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.map(caller_of(interaction)))

    @game.command(name="log", description="What has happened, as you may know it")
    async def game_log(
        self, interaction: discord.Interaction, last: app_commands.Range[int, 1, 100] = 25
    ) -> None:
        await self.run(interaction, self.service.log_text(caller_of(interaction), last))

    @game.command(name="options", description="Show or change the options before the start")
    @app_commands.describe(options="e.g. players=3 ruleset=3rd command_control=on (empty: show)")
    async def game_options(self, interaction: discord.Interaction, options: str = "") -> None:
        await self.run(interaction, self.service.set_options(caller_of(interaction), options))

    @game.command(name="spectate", description="Post the public map of this game in another channel too")
    async def game_spectate(
        self, interaction: discord.Interaction, channel: discord.TextChannel, stop: bool = False
    ) -> None:
        await self.run(interaction, self.service.spectate(caller_of(interaction), channel.id, stop))

    @game.command(name="prefer", description="Standing preferences: hits, supply, battle")
    @app_commands.describe(
        key="hits / supply: a priority list of your blocks; battle: standing battle orders",
        value="e.g. BR-3,BR-5 — or for battle: 'fire square', or 'off'",
    )
    @app_commands.choices(key=[app_commands.Choice(name=n, value=n) for n in ("hits", "supply", "battle")])
    async def game_prefer(self, interaction: discord.Interaction, key: str, value: str) -> None:
        await self.run(interaction, self.service.prefer(caller_of(interaction), key, value))

    @game.command(name="abort", description="End this channel's game (host or Manage Server)")
    async def game_abort(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.abort(caller_of(interaction)))

    @game.command(name="export", description="The game as a script file")
    async def game_export(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.service.export(caller_of(interaction)))

    @game.command(name="import", description="Start this channel's new game from a script file")
    async def game_import(self, interaction: discord.Interaction, script: discord.Attachment) -> None:
        data = (await script.read()).decode("utf-8", errors="replace")
        await self.run(interaction, self.service.import_script(caller_of(interaction), data))

    # --- campaign orders ----------------------------------------------------------------------------------
    @app_commands.command(name="move", description="Move units of one group along a path (5.0)")
    @app_commands.describe(
        units="units of one group, comma-separated",
        path="towns joined by >",
        forced="force-march one town more (5.5)",
    )
    @app_commands.autocomplete(units=_auto("move", "units"), path=_auto("move", "path"))
    async def move(
        self, interaction: discord.Interaction, units: str, path: str, forced: bool = False
    ) -> None:
        await self.order(interaction, f"/move units:{units} path:{path}" + (" forced:yes" if forced else ""))

    @app_commands.command(name="end", description="You have finished what you are doing now")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.order(interaction, "/end")

    @app_commands.command(name="setup", description="Free deployment before the game (3.1)")
    @app_commands.autocomplete(units=_auto("setup", "units"), town=_auto("setup", "town"))
    async def setup(self, interaction: discord.Interaction, units: str, town: str) -> None:
        await self.order(interaction, f"/setup units:{units} town:{town}")

    # --- battle orders ------------------------------------------------------------------------------------
    @app_commands.command(
        name="deploy", description="Secret battle deployment (6.2); the DM buttons do the same"
    )
    @app_commands.autocomplete(battle=_auto("deploy", "battle"))
    async def deploy(
        self,
        interaction: discord.Interaction,
        left: str,
        center: str,
        right: str,
        reserve: str = "",
        battle: str | None = None,
    ) -> None:
        text = f"/deploy left:{left} center:{center} right:{right}" + (
            f" reserve:{reserve}" if reserve else ""
        )
        await self.order(interaction, text + (f" battle:{battle}" if battle else ""))

    @app_commands.command(name="battle-move", description="A combat move (8.1-8.2)")
    @app_commands.describe(to="reserve, left, center, right, across-left, across-center, across-right")
    @app_commands.autocomplete(
        unit=_auto("battle-move", "unit"),
        to=_auto("battle-move", "to"),
        battle=_auto("battle-move", "battle"),
    )
    async def battle_move(
        self, interaction: discord.Interaction, unit: str, to: str, battle: str | None = None
    ) -> None:
        await self.order(
            interaction, f"/battle-move unit:{unit} to:{to}" + (f" battle:{battle}" if battle else "")
        )

    @app_commands.command(name="fire", description="Fire with one block (8.3)")
    @app_commands.autocomplete(unit=_auto("fire", "unit"), battle=_auto("fire", "battle"))
    @app_commands.choices(target=[app_commands.Choice(name=n, value=n) for n in ("line", "square")])
    async def fire(
        self,
        interaction: discord.Interaction,
        unit: str,
        target: str | None = None,
        battle: str | None = None,
    ) -> None:
        await self.order(
            interaction,
            f"/fire unit:{unit}"
            + (f" target:{target}" if target else "")
            + (f" battle:{battle}" if battle else ""),
        )

    @app_commands.command(name="square", description="Form square (8.5)")
    @app_commands.autocomplete(unit=_auto("square", "unit"), battle=_auto("square", "battle"))
    async def square(self, interaction: discord.Interaction, unit: str, battle: str | None = None) -> None:
        await self.order(interaction, f"/square unit:{unit}" + (f" battle:{battle}" if battle else ""))

    @app_commands.command(name="unsquare", description="Break square (8.5)")
    @app_commands.autocomplete(unit=_auto("unsquare", "unit"), battle=_auto("unsquare", "battle"))
    async def unsquare(self, interaction: discord.Interaction, unit: str, battle: str | None = None) -> None:
        await self.order(interaction, f"/unsquare unit:{unit}" + (f" battle:{battle}" if battle else ""))

    @app_commands.command(name="retreat", description="Retreat units out of the battle (7.0-7.3)")
    @app_commands.autocomplete(
        units=_auto("retreat", "units"), to=_auto("retreat", "to"), battle=_auto("retreat", "battle")
    )
    async def retreat(
        self, interaction: discord.Interaction, units: str, to: str, battle: str | None = None
    ) -> None:
        await self.order(
            interaction, f"/retreat units:{units} to:{to}" + (f" battle:{battle}" if battle else "")
        )

    @app_commands.command(name="reinforce", description="Bring units into the battle's reserve (9.0)")
    @app_commands.autocomplete(
        units=_auto("reinforce", "units"),
        from_=_auto("reinforce", "from"),
        battle=_auto("reinforce", "battle"),
    )
    @app_commands.rename(from_="from")
    async def reinforce(
        self, interaction: discord.Interaction, units: str, from_: str, battle: str | None = None
    ) -> None:
        await self.order(
            interaction, f"/reinforce units:{units} from:{from_}" + (f" battle:{battle}" if battle else "")
        )

    @app_commands.command(
        name="regroup", description="After a victory: retreat out of, or reinforce into, the town (7.6)"
    )
    @app_commands.autocomplete(
        units=_auto("regroup", "units"),
        to=_auto("regroup", "to"),
        from_=_auto("regroup", "from"),
        battle=_auto("regroup", "battle"),
    )
    @app_commands.rename(from_="from")
    async def regroup(
        self,
        interaction: discord.Interaction,
        units: str,
        to: str | None = None,
        from_: str | None = None,
        battle: str | None = None,
    ) -> None:
        where = f" to:{to}" if to else (f" from:{from_}" if from_ else "")
        await self.order(
            interaction, f"/regroup units:{units}{where}" + (f" battle:{battle}" if battle else "")
        )

    @app_commands.command(name="orders", description='Several battle orders at once: "fire A; B>across-left"')
    async def orders(self, interaction: discord.Interaction, list: str, battle: str | None = None) -> None:
        await self.order(interaction, f'/orders list:"{list}"' + (f" battle:{battle}" if battle else ""))

    # --- deployment components ----------------------------------------------------------------------------
    async def deploy_select(self, interaction: discord.Interaction, item: DeploySelect) -> None:
        try:
            await self._deploy_select(interaction, item)
        except (ServiceError, RuleError) as e:
            await _ephemeral(interaction, f"Not done — {e}")

    async def deploy_button(self, interaction: discord.Interaction, item: DeployButton) -> None:
        try:
            await self._deploy_button(interaction, item)
        except (ServiceError, RuleError) as e:
            await _ephemeral(interaction, f"Not done — {e}")

    async def _deploy_select(self, interaction: discord.Interaction, item: DeploySelect) -> None:
        key = (interaction.user.id, item.game, item.town)
        self.picked[key] = list(interaction.data.get("values", []))  # type: ignore[union-attr]
        live = await self.service.live_game(item.game)
        if live is None or self._stale(live, interaction.user.id, item.town):
            await interaction.response.send_message(self._stale_text(item.town), ephemeral=True)
            return
        await interaction.response.defer()

    def _stale(self, live, user_id: int, town: str) -> bool:
        return not any(
            self.service.deploy_state(live, r, town) for r in self.service._roles_of(live, user_id)
        )

    @staticmethod
    def _stale_text(town: str) -> str:
        return (
            f"This deployment prompt is out of date: the battle of {town} no longer waits for your "
            f"deployment. Use the newest prompt, or /game status."
        )

    async def _deploy_button(self, interaction: discord.Interaction, item: DeployButton) -> None:
        live = await self.service.live_game(item.game)
        if live is None or self._stale(live, interaction.user.id, item.town):
            await interaction.response.send_message(self._stale_text(item.town), ephemeral=True)
            return
        key = (interaction.user.id, item.game, item.town)
        page = 0
        if item.verb == "confirm":
            res = await self.service.draft_confirm(
                item.game, interaction.user.id, item.town, str(interaction.id)
            )
            self.picked.pop(key, None)
            await self.sender.reply(interaction, res.reply)
            await self.sender.send(res.outbox, interaction)
            return
        if item.verb == "page":
            page = int(item.arg or 0)
        elif item.verb == "clear":
            state = self.service.deploy_state(
                live, self._role(live, interaction.user.id, item.town), item.town
            )
            units = state[0] if state else []
            await self.service.draft_assign(item.game, interaction.user.id, item.town, units, None)
        else:
            picked = self.picked.pop(key, [])
            if not picked:
                await interaction.response.send_message(
                    "Pick blocks in the list first, then a column.", ephemeral=True
                )
                return
            await self.service.draft_assign(item.game, interaction.user.id, item.town, picked, item.verb)
        role = self._role(live, interaction.user.id, item.town)
        state = self.service.deploy_state(live, role, item.town)
        assert state is not None
        units, draft = state
        text = chunks(self.service.draft_text(live, role, item.town))[0]
        await interaction.response.edit_message(
            content=text, view=deploy_view(item.game, live.row.version, item.town, units, draft, page)
        )

    def _role(self, live, user_id: int, town: str) -> str:
        return self.service._deploy_role(live, user_id, town)


async def on_app_command_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """The one error handler: rule and service errors become an ephemeral message; anything else an apology
    plus a log record with the game id."""
    original = getattr(error, "original", error)
    if isinstance(original, (ServiceError, RuleError)):
        text = f"Not done — {original}"
    elif isinstance(error, app_commands.CheckFailure):
        text = f"Not allowed: {error}"
    else:
        game = None
        try:
            cog = interaction.client.get_cog("EstafetteCog")  # type: ignore[attr-defined]
            row = await cog.service.store.game_in_channel(interaction.channel_id or 0)  # type: ignore[union-attr]
            game = row.id if row else None
        except Exception:
            pass
        log.error(
            "unexpected error in game %s, command %s",
            game,
            interaction.command.qualified_name if interaction.command else "?",
            exc_info=original,
        )
        text = "Sorry — something went wrong on our side. It has been logged; please try again."
    await _ephemeral(interaction, text)


async def _ephemeral(interaction: discord.Interaction, text: str) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)
