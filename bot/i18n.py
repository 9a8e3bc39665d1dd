"""English and Japanese: every text the bot shows a player, chosen by the player's locale.

``t(key, locale, **params)`` says one message; ``localize_error`` says a rejected order (``RuleError``,
whose texts live in ``engine.messages``) or a refused request (``ServiceError``). The English templates are
here, the Japanese ones in ``i18n_ja.py``; both share the engine's template language (``engine.messages``):
fields such as ``{role:role}`` name a word of the game, which each language says its own way. Town and unit
names stay as the data gives them. No discord here: the service and the console use this too.

>>> t("svc.aborted", "en", game=3, user=42)
'Game 3 aborted by <@42>.'
>>> t("svc.aborted", "ja", game=3, user=42)
'ゲーム 3 は <@42> によって中止されました。'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.errors import RuleError
from engine.messages import EN as ENGINE_EN
from engine.messages import EN_TERMS, render, render_error
from engine.messages_ja import JA as ENGINE_JA
from engine.messages_ja import phrase_ja

from .i18n_ja import BOT_JA, BOT_JA_TERMS

LOCALES = ("en", "ja")
DEFAULT = "en"


def locale_of(discord_locale: object) -> str:
    """``"ja"`` for Discord's Japanese (``"ja"``), else English. Accepts ``discord.Locale`` or its string."""
    text = str(getattr(discord_locale, "value", discord_locale) or "").strip().lower()
    return "ja" if text == "ja" or text.startswith("ja-") or text.startswith("ja_") else "en"


# --- how the bot says the game's words in English (the engine's table, plus the bot's own kinds) -----------

BOT_EN_TERMS: dict[str, Any] = {
    **EN_TERMS,
    "army_name": {**EN_TERMS["army_name"], "nobody": "nobody"},
    "role_name": {
        "french": "French",
        "allied": "Allied",
        "british": "British",
        "prussian": "Prussian",
        "public": "public",
    },
    "admin_action": {
        "start": "start the game",
        "options": "change the options",
        "spectate": "add spectator channels",
        "abort": "abort the game",
        "import": "import a game",
        "export": "send out the script of the game",
        "add": "seat a bot player",
    },
    "slot": {},
    "date": str,
    "game_phase": {},
    "setup_mode": {},
    "deadline_action": {},
    "column_title": lambda c: str(c).title(),
    "spot": lambda s: str(s).replace(":", " "),
    "move_verb": lambda m: f"{m}s",
    "move_verb_3rd": lambda m: f"{m}s",
    "target_formation": {"line": "blocks", "square": "square"},
    "check": {
        "morale (8.6)": "morale check (8.6)",
        "forced march (5.5)": "forced-march roll (5.5)",
        "forced-march retreat (7.3)": "forced-march retreat roll (7.3)",
    },
}

# --- the English templates ----------------------------------------------------------------------------------

BOT_EN: dict[str, str] = {
    # refusals of the application service (ServiceError)
    "svc.rule": "{error:rule_error}",
    "svc.no_game": "there is no game in this channel; start one with /game new",
    "svc.need_admin": "only the host (<@{host}>) or a member with Manage Server may {what:admin_action}",
    "svc.not_started": "the game has not started yet (/game start)",
    "svc.suspended": "this game is suspended: its saved state failed the start-up check",
    "svc.channel_has_game": "this channel already has a game; finish or /game abort it first, or use "
    "another channel (several games may run in one server)",
    "svc.deadline_hours": "the deadline is a number of hours from 0 (none) to {most:g}",
    "svc.deadline_action": "the deadline action is pass or bot",
    "svc.language": "the language is en (English) or ja (Japanese), not {value!r}",
    "svc.started_no_join": "the game has started: only a seat a bot player holds for you can be taken back "
    "(the host may seat anyone there)",
    "svc.export_running": "a running game's script holds every secret (deployments, hidden blocks, the "
    "dice): it can be had once the game is over (or, aborted, by every seated player at once)",
    "svc.seat_back": "<@{user}> takes the {role:role_name} seat back from the bot player.",
    "svc.bot_joins": "A bot player takes the {role:role_name} seat. Still free: {free:role}.",
    "svc.seats_full": "every seat is taken",
    "svc.no_such_seat": "no seat {role!r} in this game; seats: {seats:role}",
    "svc.seat_taken": "the {role:role} seat is taken by <@{holder}>",
    "svc.no_seat": "you hold no seat in this game",
    "svc.started_no_leave": "the game has started: ask the host to hand your seat over",
    "svc.already_started": "the game has already started",
    "svc.seats_empty": "seats still empty: {roles:role} (/game join)",
    "svc.options_fixed": "options are fixed once the game has started",
    "svc.import_started": "import into a game that has not started (/game new, then /game import)",
    "svc.script_unreadable": "the script cannot be read: {error}",
    "svc.script_bad": "the script does not replay cleanly (line {line})",
    "svc.prefs_no_seat": "only a seated player has preferences",
    "svc.pref_keys": "preferences: hits (which of equal blocks takes a hit first), supply (which blocks the "
    "supply rule removes first), battle (standing battle orders), reminders (e.g. 8h 2h), quiet (e.g. "
    "23:00-07:00 Europe/Paris)",
    "svc.reminders_bad": "a reminder time is hours or minutes before the deadline, e.g. 8h 2h 30m — not "
    "{value!r}",
    "svc.reminders_many": "at most {most} reminder times",
    "svc.quiet_bad": "quiet hours are written 23:00-07:00 and your time zone, e.g. 23:00-07:00 Europe/Paris "
    "— "
    "not {value!r}",
    "svc.quiet_zone": "{zone!r} is not a time zone; write it as Area/City, e.g. Europe/Paris or Asia/Tokyo",
    "svc.reminders_set": "Your reminders, in every game you sit in: {hours:list} hour(s) before a deadline.",
    "svc.reminders_default": "Your reminders follow each game's settings again.",
    "svc.reminders_off": "No more reminders for you (the deadlines still hold).",
    "svc.quiet_set": "Quiet hours: {quiet}. A reminder that falls in them waits until they end.",
    "svc.quiet_off": "No quiet hours.",
    "svc.mygames_none": "You sit in no game that is open.",
    "svc.mygames_lobby": "Game {game} in <#{channel}>: not started; your seat: {roles:role}.",
    "svc.mygames_yours": "**Game {game}** in <#{channel}>: your move ({roles:role}){when}.",
    "svc.mygames_theirs": "Game {game} in <#{channel}> ({roles:role}):",
    "svc.standing_bad": "standing battle orders: fire (fire with every block that may), square (form square "
    "against cavalry), hold (never retreat; always on) — not {words:list}",
    "svc.no_seat_order": "you hold no seat in this game (spectators watch; players /game join before the "
    "start)",
    "svc.not_your_seat": "you do not hold the {role:role} seat",
    "svc.game_gone": "that game no longer exists",
    "svc.prompt_stale": "this deployment prompt is out of date: the battle of {town} no longer waits for "
    "your deployment",
    "svc.not_your_block": "{unit} is not one of your blocks in the battle of {town}",
    "svc.no_seat_that": "you hold no seat in that game",
    "svc.place_all": "place every block first; still to place: {units:list}",
    # replies
    "svc.new_game": "New game of Napoleon 1815 (game {game}): {options}.\nSeats: {roles:role}. Take one with "
    "/game join; the host starts with /game start.",
    "svc.joined_free": "<@{user}> takes the {role:role_name} seat. Still free: {free:role}.",
    "svc.joined_full": "<@{user}> takes the {role:role_name} seat. Every seat is taken.",
    "svc.left": "<@{user}> leaves the {roles:role} seat.",
    "svc.begins": "The campaign begins: {options}.",
    "svc.status_lobby": "Game {game} (not started): {options}. Seats: {seats}.",
    "svc.seat_held": "{role:role}: <@{user}>",
    "svc.seat_free": "{role:role}: free",
    "svc.map": "The map as the {role:role_name} see it.",
    "svc.log_empty": "nothing has happened yet",
    "svc.options_show": "{options}; deadlines: {settings}",
    "svc.options_set": "Options: {options}.",
    "svc.spectate_stop": "<#{channel}> no longer follows this game.",
    "svc.following": "Following game {game}.\n{status}",
    "svc.spectate": "<#{channel}> now follows this game (public map only).",
    "svc.aborted": "Game {game} aborted by <@{user}>.",
    "svc.spectate_self": "this channel is the game's own channel: spectators follow from another one",
    "svc.aborted_script": "Game {game} was aborted. Its script holds every secret (hidden blocks, "
    "deployments, "
    "the dice seed), so it goes now to every seated player at once, by DM: {players:list}.",
    "svc.script_dm": "The script of game {game}, with every secret: every seated player gets it at the same "
    "moment. Replay it with `python -m engine.script FILE`, or start a new game from it with /game import.",
    "svc.export_sent": "The script of game {game} (every secret and the dice seed) goes to every seated "
    "player "
    "at once, by DM: {players:list}.",
    "svc.export_to_all": "Sent to every seated player of game {game} at once (never to one alone: it holds "
    "every secret).",
    "svc.import_too_big": "the script is {size} bytes; at most {most} are imported",
    "svc.import_too_long": "the script has {lines} lines; at most {most} are imported",
    "svc.import_fixes": "<@{user}> imported a script for this game. It fixes: {fixes}.",
    "svc.fix_orders": "{n} order(s) already played",
    "svc.fix_places": "{n} block(s) placed by hand (@place)",
    "svc.fix_turn": "the start at campaign turn {turn} (@turn)",
    "svc.fix_prefs": "{n} standing preference(s) (@prefer)",
    "svc.fix_dice": "{n} die roll(s) forced during those orders (@dice)",
    "svc.fix_dice_kept": "and, kept by the host for the live game, the next dice: {dice}",
    "svc.fix_dice_dropped": "{n} forced die roll(s) left over, dropped: the live game's dice are the seed's",
    "svc.stale": "the game changed while this was being done; nothing was changed, please try again",
    "svc.storage": "the bot could not save that ({error}); nothing was changed, please try again later",
    "svc.export": "Game {game} as a script: replay it with `python -m engine.script FILE`.",
    "svc.imported": "Imported: {options}, turn {turn}. Seats: {roles:role}; /game start when they are taken.",
    "svc.standing_cancelled": "Standing battle orders cancelled.",
    "svc.standing_set": "Standing battle orders: {spec}. Each battle turn they are carried out as ordinary "
    "orders and reported to you; /game prefer battle off cancels them.",
    "svc.pref_empty": "give the blocks in order of priority, e.g. {key} BR-3,BR-5 (nothing was saved)",
    "svc.pref_saved": "Preference saved: {key} {units:list}.",
    "svc.already_done": "already done",
    "svc.not_accepted": "Not accepted — {error}",
    "svc.done": "Done.",
    "svc.standing_dm": "Standing orders: {order:cmd_text}",
    "svc.your_forces": "Your forces ({role:role_name}).",
    "svc.game_over_ping": "**Game over**: {reason:phrase}",
    "svc.your_move": "{mentions}: your move ({active:role}){when}",
    "svc.deadline_when": " — deadline <t:{due}:R>",
    "svc.reminder": "{mentions}: reminder — the deadline is <t:{due}:R>.",
    "svc.deadline_passed": "The deadline passed: {late:role} passed.",
    "svc.deadline_passed_bot": "The deadline passed: bot players now play {late:role}; take a seat back "
    "with /game join.",
    "svc.status_over": "Game over: {reason:phrase}",
    "svc.status_setup": "Deployment: waiting for {active:role}.",
    "svc.status": "Turn {turn}/{last} — {day:date} {when:slot}, {side:role_name} turn, {phase:game_phase} "
    "phase; waiting for {waiting}.",
    "svc.nobody": "nobody",
    "svc.dice_commitment": "🎲 The dice of game {game} come from a seed fixed now, that nobody (the host "
    "included) can see or choose while the game runs. Its commitment: `sha256:{hash}`. When the game ends "
    "the "
    "seed is revealed, and `estafette verify` (or `/game verify`) checks every die against it.",
    "svc.dice_reveal": "🎲 The dice seed of game {game} was `{seed}` (salt `{salt}`): sha256 `{hash}`, the "
    "commitment posted at the start. Check every die: `/game export`, then `/game verify` or "
    "`estafette verify FILE`.",
    "svc.verified": "✅ Verified: the dice are the seed's, and the seed is the one committed to.",
    "svc.not_verified": "❌ Not verified:",
    "prompt.setup": "Place your blocks with /setup (3.1): {n} still to place, then /end.",
    "prompt.setup_done": "Every block is placed: /end when you are happy with it (3.1), or move one again.",
    "prompt.movement": "Move your groups with /move, then /end (5.0). Group moves left: {n}.",
    "prompt.deploy": "Deploy for the battle of {towns:list} (6.2): the buttons in your DM, or /deploy.",
    "prompt.deploy_template": "\nReady to send, with your blocks: `{order}`",
    "prompt.regroup": "You won the battle: regroup (7.6) with /regroup, or /end.",
    "prompt.battle": "Your battle turn at {towns:list}: fire, move, square, retreat or reinforce; /end when "
    "done (6.3).",
    "prompt.examples": "\nFor example: {orders}",
    "prompt.more": " …and {n} more (autocomplete shows them)",
    "svc.board_head": "📌 **Game {game}** —",
    "svc.board_seat": "<@{user}> ({role:role_name})",
    "svc.board_bot": "the bot player ({role:role_name})",
    "svc.board_waiting": "Waiting for {who:list}{deadline}.",
    "svc.board_deadline": ", deadline <t:{due}:f> (<t:{due}:R>)",
    "svc.board_battles": "Battles: {towns:list}.",
    "svc.board_last": "Last:",
    "svc.status_waiting": "{active:role}",
    "svc.draft_stale": "The battle of {town} no longer waits for your deployment.",
    "svc.draft_head": "**Battle of {town}** — deploy your {n} blocks (6.2): at least one in each of Left, "
    "Center and Right; any number in Reserve. Your deployment stays secret until both sides have deployed.",
    "svc.draft_column": "{column:column_title}: {units}",
    "svc.draft_none": "—",
    "svc.draft_todo": "Not yet placed: {units}",
    "svc.draft_todo_none": "none",
    "svc.draft_help": "Pick blocks, then a column; Confirm when done. Text fallback: "
    "`/deploy left:… center:… right:… reserve:… battle:{town}`",
    # options and settings, as the service describes them
    "svc.options_text": "{players} players, rules {ruleset}, setup {setup:setup_mode}{days}{extras}",
    "svc.options_days": ", {days} day(s)",
    "svc.options_extras": ", {extras:list}",
    "svc.options_command_control": "command control 13.2",
    "svc.options_corps_restriction": "corps restriction 13.3",
    "svc.deadline_none": "none",
    "svc.deadline_text": "{hours:g} h, reminder {reminder:g} h before, then {action:deadline_action}",
    "svc.standing_fire": "fire with every block that may fire",
    "svc.standing_square": "form square against cavalry",
    "svc.standing_hold": "never retreat",
    "svc.standing_sep": "; ",
    # events, as a role may see them (bot/narrate.py)
    "ev.turn": "— Turn {turn}: {side:army_name} campaign turn, {day:date} {when:slot} —",
    "ev.blocks": "{count} {armies:army_name+slash} blocks",
    "ev.blocks_one": "{count} {armies:army_name+slash} block",
    "ev.move": "{blocks} move {path:path}{forced}{units}",
    "ev.move_attack": "{blocks} attack {path:path}{forced}{units}",
    "ev.move_forced": ", {n} by forced march",
    "ev.units": " ({units:list})",
    "ev.dice": "dice ({why:phrase}): {dice}",
    "ev.dice_fire": "Battle of {town}: {who} fires {cls} at {target} — dice {dice} (8.3)",
    "ev.fire_at_own": "the {enemy:army_name} {formation:target_formation} that crossed into the {spot:spot}",
    "ev.fire_at_enemy": "the {formation:target_formation} in the {spot:spot}",
    "ev.check": "{check:check} for {who} at {town}: rolled {die}, needs {need}+ — {result}",
    "ev.check_passed": "passed",
    "ev.check_failed": "failed",
    "ev.who_unit": "{unit} ({army:army_name})",
    "ev.who_id": "{unit}",
    "ev.who_hidden": "a {army:army_name+slash} block",
    "ev.who_typed": "a {army:army_name+slash} {type:type} block",
    "ev.loss": "{who} at {town} loses {steps} steps: {reason:phrase}{cv}",
    "ev.loss_one": "{who} at {town} loses {steps} step: {reason:phrase}{cv}",
    "ev.loss_cv": " (now {cv} cv)",
    "ev.eliminated": "{unit} ({army:army_name+slash} {type:type}) eliminated{where}: {reason:phrase}",
    "ev.at_town": " at {town}",
    "ev.placed": "{who} placed at {town}",
    "ev.automatic_rout": "{town}: {defenders} block(s) cannot stand against {attackers} (6.1)",
    "ev.rout": "{town}: the {side:army_name+slash} rout ({cause:phrase})",
    "ev.routed": "{blocks} flee {frm} > {to}{units}",
    "ev.battle": "Battle of {town}: the {attacker:army_name+slash} attack, the {defender:army_name+slash} "
    "defend",
    "ev.deployed_battle": "Battle of {town}: the {role:army_name+slash} have deployed{detail}",
    "ev.deployed_detail": ": {columns}",
    "ev.deployed_column": "{column:column} {units:list}",
    "ev.deployed_sep": "; ",
    "ev.deployed": "{blocks} deployed at {town}{units}",
    "ev.reveal": "Battle of {town}: the line is revealed — {shown}{more}",
    "ev.reveal_block": "{unit} {type:type} {cv}",
    "ev.reveal_more": " …",
    "ev.battle_turn": "Battle of {town}: battle turn {n}, {side:army_name+slash}",
    "ev.battle_move": "{who} {move:move_verb}: {frm:spot} > {to:spot} (battle of {town})",
    "ev.battle_move_3rd": "{who} {move:move_verb_3rd}: {frm:spot} > {to:spot} (battle of {town})",
    "ev.morale_failed": "Battle of {town}: {who} fails its morale check and falls back (8.6)",
    "ev.square": "Battle of {town}: {who} forms square (8.5)",
    "ev.square_break": "Battle of {town}: {who} breaks square (8.5)",
    "ev.retreat": "Battle of {town}: {who} retreats to {to}",
    "ev.retreat_engaged": "Battle of {town}: {who} retreats to {to} from an engaged column (7.0)",
    "ev.reinforce": "Battle of {town}: {blocks} reinforce from {frm}{units}",
    "ev.attack_stalling": "Battle of {town}: the attack is stalling ({idle} of {limit} idle rounds; the "
    "attacker routs at {limit})",
    "ev.battle_won": "Battle of {town}: the {victor:army_name+slash} hold the field",
    "ev.regroup": "Battle of {town}: {count} blocks regroup {where} (7.6){units}",
    "ev.regroup_one": "Battle of {town}: {count} block regroup {where} (7.6){units}",
    "ev.regroup_to": "to {to}",
    "ev.regroup_from": "from {frm}",
    "ev.battle_over": "Battle of {town} is over: {victor:army_name+slash} victorious",
    "ev.orders_stopped": "/orders stopped at item {item} ({text}): {why}; the {done} before it stand",
    "ev.orders_stopped_hidden": "The {role:role_name} /orders stopped at item {item}; the {done} before it "
    "stand",
    "ev.supply": "Supply (11.0): the French hold {base}; the {army:army_name+slash} lose {units} unit(s)",
    "ev.surrender": "The {army:army_name+slash} army surrenders with {blocks} blocks left (12.0)",
    "ev.outcome_draw": "draw",
    "ev.outcome_win": "{winner:army_name+slash} victory",
    "ev.game_over": "GAME OVER — {outcome}: {reason:phrase}",
    "ev.setup_done": "{role:role} has finished deploying",
    # Discord: components, the error handler, DMs that cannot be sent, the allies' thread
    "ev.undo": "The {role:role_name} player took back an order (/undo).",
    "ev.undo_mine": "Taken back: {order:cmd_text}",
    "cmd.undo": "Take back your last order (until a die is rolled or something hidden is shown)",
    "ui.not_done": "Not done — {error}",
    "ui.guild_only": "Games live in server channels: use the commands in a channel of your server.",
    "ui.not_allowed": "Not allowed: {error}",
    "ui.sorry": "Sorry — something went wrong on our side. It has been logged; please try again.",
    "ui.stale": "This deployment prompt is out of date: the battle of {town} no longer waits for your "
    "deployment. Use the newest prompt, or /game status.",
    "ui.pick_first": "Pick blocks in the list first, then a column.",
    "ui.pick_blocks": "Pick blocks",
    "ui.now": "now: {column:column}",
    "ui.now_unplaced": "now: not placed",
    "ui.to_column": "→ {column:column_title}",
    "ui.clear": "Clear",
    "ui.confirm": "Confirm",
    "ui.dms_closed": "<@{user}>, I cannot send you direct messages (your DMs are closed). Your private map "
    "and reports will come as private replies when you next use a command here (try /game map).",
    "ui.thread_name": "allied headquarters (game {game})",
    "ui.thread_open": "The allied commanders may confer (deployment or an Allied night turn).",
    "ui.thread_locked": "Locked: the allies may not confer now (13.1).",
    "ui.position": "{position:position}",
    # the console
    "console.help": "Console commands:\n"
    "  ROLE: /order ...   an order for that seat (french, allied, british, prussian)\n"
    "  /order ...         an order for whichever of your seats must act\n"
    "  :status [SEAT]  :map [SEAT]  :log [SEAT]  :legal [SEAT]   (default: the seat that must act)\n"
    "  :prefer [SEAT] KEY VALUE  :export FILE  :tick  :quit\n"
    "Every seat's pictures are written to the pictures folder after every change.",
    "console.failed": "That failed on our side ({error}); nothing else was changed.",
    "console.unknown": "{command} is not a console command; :help lists them",
    "console.unknown_seat": "there is no seat {seat!r}; seats: {seats:list}",
    "console.legal.more": "…and {n} more",
    "console.bad_options": "error: {error} (the game was not created)",
    "console.options_ignored": "A game is already in progress in {database}: it resumes, and --options are "
    "ignored. Start afresh with --new (the game in progress is aborted).",
    "console.not_done": "Not done — {error}",
    "console.slash": "orders start with '/'; :help lists the console's commands",
    "console.hello": "Estafette console — no Discord token set, so this is a local game. :help for help.",
    "console.channel": "[game channel] {text}",
    "console.dm": "[DM to {role}] {text}",
    "console.thread_open": "[allied thread open]",
    "console.thread_locked": "[allied thread locked]",
    "console.written": "written {path}",
    "console.write_failed": "could not write {path}: {error}",
    "console.picture_failed": "(picture {file} failed: {error})",
    "console.legal.setup": "{role:role_name}: deploy your units with /setup, then /end (3.1)",
    "console.legal.movement": "{role:role_name}: move your groups with /move, then /end (5.0)",
    "console.legal.battle": "{role:role_name}: fight your battles (6.0)",
    "console.legal.none": "nobody is to act now",
    # slash commands: descriptions (Discord shows the English ones by default; names stay English there)
    "cmd.game": "Napoleon 1815 campaigns in this channel",
    "cmd.game.new": "Start a new campaign in this channel",
    "cmd.game.join": "Take a seat in this channel's game",
    "cmd.game.leave": "Give up your seat before the game starts",
    "cmd.game.start": "Start the campaign (host or Manage Server)",
    "cmd.game.status": "Turn, phase and whose move it is",
    "cmd.game.map": "Your private map (your own block faces)",
    "cmd.game.log": "What has happened, as you may know it",
    "cmd.game.options": "Show or change the options before the start",
    "cmd.game.spectate": "Post the public map of this game in another channel too",
    "cmd.game.prefer": "Standing preferences: hits, supply, battle",
    "cmd.game.abort": "End this channel's game (host or Manage Server)",
    "cmd.game.export": "The game as a script file",
    "cmd.game.import": "Start this channel's new game from a script file",
    "cmd.mygames": "Every game you sit in, across servers: whose move, and the deadline",
    "cmd.game.verify": "Check a finished game's dice: its commitment and every die",
    "cmd.move": "Move units of one group along a path (5.0)",
    "cmd.end": "You have finished what you are doing now",
    "cmd.setup": "Free deployment before the game (3.1)",
    "cmd.deploy": "Secret battle deployment (6.2); the DM buttons do the same",
    "cmd.battle-move": "A combat move (8.1-8.2)",
    "cmd.fire": "Fire with one block (8.3)",
    "cmd.square": "Form square (8.5)",
    "cmd.unsquare": "Break square (8.5)",
    "cmd.retreat": "Retreat units out of the battle (7.0-7.3)",
    "cmd.reinforce": "Bring units into the battle's reserve (9.0)",
    "cmd.regroup": "After a victory: retreat out of, or reinforce into, the town (7.6)",
    "cmd.orders": 'Several battle orders at once: "fire A; B>across-left"',
    # slash commands: option descriptions
    "opt.game.new.game": "the game to play (Napoleon 1815 while it is the only one)",
    "opt.game.new.setup": "historical (3.2), free (3.1) or initiative (3.3, the default)",
    "opt.game.new.players": "2 (French / Allied) or 3 (French / British / Prussian)",
    "opt.game.new.ruleset": "rules edition: 3.4 (2006, default) or 3rd (1994 + FAQ)",
    "opt.game.new.command_control": "optional rule 13.2",
    "opt.game.new.corps_restriction": "optional rule 13.3 (3.4 only)",
    "opt.game.new.days": "play only the first N days of the time record (0 = all four)",
    "opt.game.new.deadline_hours": "hours each player has to act (0 = no deadline)",
    "opt.game.new.language": "language of the game channel's posts (each player's own replies follow "
    "their Discord language)",
    "opt.game.join.role": "the seat to take (default: the first free one)",
    "opt.game.join.bot": "seat a bot player instead of yourself (host or Manage Server)",
    "opt.game.new.deadline_action": "when a deadline passes: pass the turn, or hand the seat to a bot player",
    "opt.retreat.path": "the towns to retreat through, joined by > (for a 2- or 3-town retreat)",
    "opt.retreat.forced": "retreat one town more by forced march ([3rd] only, 7.3)",
    "opt.game.log.last": "how many lines to show (default 25)",
    "opt.game.options.options": "e.g. players=3 ruleset=3rd command_control=on (empty: show)",
    "opt.game.spectate.channel": "the channel that should follow this game",
    "opt.game.spectate.stop": "stop posting there instead",
    "opt.game.prefer.key": "hits / supply: a priority list of your blocks; battle: standing battle orders",
    "opt.game.prefer.value": "e.g. BR-3,BR-5 — or for battle: 'fire square', or 'off'",
    "opt.game.import.script": "a script file, as /game export writes it",
    "opt.game.verify.script": "a finished game's script, as /game export gives it",
    "opt.game.import.keep_dice": "keep the forced dice the script leaves queued (announced in the channel)",
    "opt.end.battle": "the battle whose battle turn ends, when you have more than one (6.4)",
    "opt.move.units": "units of one group, comma-separated",
    "opt.move.path": "towns joined by >",
    "opt.move.forced": "force-march one town more (5.5)",
    "opt.setup.units": "units to deploy, comma-separated",
    "opt.setup.town": "the town to deploy them in",
    "opt.setup.auto": "place every block still to place, as in history where it may (change before /end)",
    "opt.deploy.left": "blocks for the Left column, comma-separated",
    "opt.deploy.center": "blocks for the Center column, comma-separated",
    "opt.deploy.right": "blocks for the Right column, comma-separated",
    "opt.deploy.reserve": "blocks for the Reserve, comma-separated",
    "opt.deploy.battle": "the battle's town, when you have more than one battle",
    "opt.battle-move.unit": "the block to move",
    "opt.battle-move.to": "reserve, left, center, right, across-left, across-center, across-right",
    "opt.battle-move.battle": "the battle's town, when you have more than one battle",
    "opt.fire.unit": "the block that fires",
    "opt.fire.target": "line or square, when the enemy column holds both",
    "opt.fire.battle": "the battle's town, when you have more than one battle",
    "opt.square.unit": "the infantry block that forms square",
    "opt.square.battle": "the battle's town, when you have more than one battle",
    "opt.unsquare.unit": "the block that breaks square",
    "opt.unsquare.battle": "the battle's town, when you have more than one battle",
    "opt.retreat.units": "blocks to retreat, comma-separated",
    "opt.retreat.to": "the town to retreat to",
    "opt.retreat.battle": "the battle's town, when you have more than one battle",
    "opt.reinforce.units": "units to bring in, comma-separated",
    "opt.reinforce.from": "the town they come from",
    "opt.reinforce.battle": "the battle's town, when you have more than one battle",
    "opt.regroup.units": "units, comma-separated",
    "opt.regroup.to": "retreat out of the town to this town",
    "opt.regroup.from": "or bring units in from this town",
    "opt.regroup.battle": "the battle's town, when you have more than one",
    "opt.orders.list": 'orders separated by ";", e.g. "fire A; B>across-left; square C"',
    "opt.orders.battle": "the battle's town, when you have more than one battle",
    "console.legal.orders": "{role:role_name}: your orders now",
    "svc.import_other_game": "this channel's game is a game of {game}; the script is of {other}",
    "opt.game.new.options": "any game's options as key=value, e.g. length=8 (after the ones above)",
}

_OVERLAP = set(BOT_EN) & set(ENGINE_EN)
assert not _OVERLAP, f"bot and engine message keys overlap: {_OVERLAP}"

CATALOGS: dict[str, dict[str, str]] = {"en": {**ENGINE_EN, **BOT_EN}, "ja": {**ENGINE_JA, **BOT_JA}}
TERMS: dict[str, dict[str, Any]] = {"en": BOT_EN_TERMS, "ja": BOT_JA_TERMS}
_PHRASE: dict[str, Callable[[str], str | None] | None] = {"en": None, "ja": phrase_ja}


def t(key: str, locale: str = DEFAULT, /, **params: Any) -> str:
    """The message ``key`` in ``locale`` (``"en"``, ``"ja"``, or a Discord locale such as ``"en-US"``)."""
    loc = locale_of(locale)
    catalog = CATALOGS[loc]
    template = catalog.get(key)
    if template is None:
        template = CATALOGS["en"][key]  # a KeyError here is a bug: the test of the catalogs catches it
    return render(template, params, catalog, TERMS[loc], _PHRASE[loc])


def term(kind: str, value: Any, locale: str = DEFAULT) -> str:
    """One word of the game (``term("role", "french", "ja")`` -> ``フランス軍``)."""
    return render("{v:" + kind + "}", {"v": value}, CATALOGS[locale_of(locale)], TERMS[locale_of(locale)])


def join(items: Iterable[str], locale: str = DEFAULT) -> str:
    """Items joined with the language's comma."""
    return TERMS[locale_of(locale)]["_list"].join(items)


def phrase(text: str, locale: str = DEFAULT) -> str:
    """One of the engine's English phrases (a loss's reason, a rout's cause, a result) in ``locale``."""
    fn = _PHRASE[locale_of(locale)]
    said = fn(text) if fn else None
    return said if said is not None else text


def localize_error(err: BaseException, locale: str = DEFAULT) -> str:
    """What a rejected order (``RuleError``) or a refused request (``ServiceError``: any error with ``key``
    and ``params``) says in ``locale``; in English exactly ``str(err)``."""
    loc = locale_of(locale)
    if loc == "en":
        return str(err)
    if isinstance(err, RuleError):
        said = render_error(err, CATALOGS[loc], TERMS[loc], _PHRASE[loc])
        return f"{err.rule}: {said}" if err.rule else said
    key = getattr(err, "key", None)
    if key is not None and key in CATALOGS[loc]:
        return t(key, loc, **getattr(err, "params", {}))
    return str(err)
