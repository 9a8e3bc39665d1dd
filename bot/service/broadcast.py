"""After every change: the public post (with the map and the boards of the battles it touched) in the game
channel and its spectator channels, each player's DM with their own faces, pings, and the allied thread.

Everything here is built from views (never from engine state beyond ``view``), as of the change's moment;
the messages go to the outbox in the same transaction as the change (``Change.send``)."""

from __future__ import annotations

from engine import Game

from ..i18n import t
from ..narrate import describe
from ..outbox import DM, Message, Picture, Post, Status, Thread
from ..storage import GameRow
from ..verify import commitment
from .common import language, module_of, thread_roles
from .core import Change
from .prompts import headline, prompt


def dice_seed(ch: Change) -> int:
    """The seed the game's dice came from: an imported game's own (``@dice seed``), else the row's."""
    assert ch.game is not None
    seed = ch.row.seed
    for line in ch.game.state.log:
        if line.startswith("@dice seed "):
            seed = int(line.split()[2])
    return seed


def map_picture(row: GameRow, seq: int, role: str, locale: str) -> Picture:
    """The map as ``role`` sees it, its texts in ``locale``: the language of whoever will see it (the game's
    for a channel post, the player's for a DM or a reply)."""
    return Picture("map", row.id, seq, role, locale)


def battle_pictures(
    row: GameRow, seq: int, game: Game, role: str, towns: set[str] | None, locale: str
) -> list[Picture]:
    """Battle boards (as ``role`` sees them) of the open battles in ``towns`` (None: all); for a player, only
    the battles its army fights in."""
    out = []
    owns = module_of(row).owns
    for b in game.state.open_battles():
        if towns is not None and b.town not in towns:
            continue
        if role != "public" and not any(
            u.location == b.town and owns(role, u.id) and not u.eliminated for u in game.state.units.values()
        ):
            continue
        out.append(Picture("battle", row.id, seq, role, locale, b.town))
    return out


def status_text(game: Game, loc: str = "en") -> str:
    v = game.view("public", events=False)
    if v.result:
        return t("svc.status_over", loc, reason=v.result["reason"])
    if v.phase == "setup":
        return t("svc.status_setup", loc, active=list(v.active))
    when = "night" if v.night else v.slot
    waiting = t("svc.status_waiting", loc, active=list(v.active)) if v.active else t("svc.nobody", loc)
    return t(
        "svc.status",
        loc,
        turn=v.turn,
        last=v.last_turn,
        day=v.day,
        when=when,
        side=v.side or "french",
        phase=v.phase,
        waiting=waiting,
    )


def thread_state(row: GameRow, game: Game) -> Thread:
    """The private thread of the roles the game's module lets talk privately now (Napoleon 13.1: the allies,
    during deployment and the Allied night turns); its members are the people in those seats."""
    groups = module_of(row).private_talk(game)
    talk = {r for g in groups for r in g}
    members = tuple(
        u for r, (u, b) in row.seats.items() if r in (talk or set(thread_roles(row))) and u and not b
    )
    return Thread(row.id, row.channel_id, bool(groups), members)


def after_change(ch: Change, new_events: list, everyone: bool = False) -> list[Message]:
    """The messages of a change that produced ``new_events`` (``everyone``: a full refresh, e.g. at the
    start). Pictures are of this moment of the change."""
    game = ch.game
    assert game is not None
    row = ch.row
    seq = ch.moment()
    out: list[Message] = []
    lang = language(row)  # channel posts: the game's language
    public_lines = [
        x for x in (describe(e.visible("public"), lang, game.options.ruleset) for e in new_events) if x
    ]
    active = game.active()
    mentions = tuple(sorted({u for r in active if r in row.seats and (u := row.seats[r][0])}))
    due = row.settings.get("due_at")
    when = t("svc.deadline_when", lang, due=int(due)) if due and active else ""
    ping = ""
    if game.over and game.state.result:
        ping = "\n" + t("svc.game_over_ping", lang, reason=game.state.result.reason)
    elif active:
        who = ", ".join(f"<@{u}>" for u in mentions)
        ping = "\n" + t("svc.your_move", lang, mentions=who, active=list(active), when=when)
        heads = list(dict.fromkeys(headline(game, r, lang) for r in active))
        ping += "".join(f"\n{h}" for h in heads if h)
    body = "\n".join(public_lines[-12:]) + ping
    if game.over and row.settings.get("dice_salt") and not row.settings.get("dice_revealed"):
        ch.settings()["dice_revealed"] = True
        salt = row.settings["dice_salt"]
        seed = dice_seed(ch)
        promise = commitment(row.id, seed, salt)
        body += "\n" + t("svc.dice_reveal", lang, game=row.id, seed=seed, salt=salt, hash=promise)
    # the battle boards of the battles this change touched (all of them for a full refresh)
    touched = {e.data.get("town") for e in new_events} if not everyone else None
    pictures = [
        map_picture(row, seq, "public", lang),
        *battle_pictures(row, seq, game, "public", touched, lang),
    ]
    if game.over:
        pictures.append(Picture("replay", row.id, seq, "public", lang))
    for channel in dict.fromkeys((row.channel_id, *row.spectators)):
        out.append(
            Post(
                channel,
                body.strip() or status_text(game, lang),
                list(pictures),
                mentions if channel == row.channel_id else (),
            )
        )
    deploying = {b.town for b in game.state.open_battles() if getattr(b, "status", "") == "deploy"}
    for role, (user, is_bot) in row.seats.items():
        if is_bot or user is None:
            continue
        ploc = ch.locale_of(user)  # a DM: the player's own language
        mine = [
            x
            for x in (
                describe(e.visible(role), ploc, game.options.ruleset)
                for e in new_events
                if e.secret and role in e.to
            )
            if x
        ]
        if not (everyone or mine or role in active):
            continue
        deploy = tuple(sorted(deploying)) if role in active else ()
        text = "\n".join(mine[-12:]) or t("svc.your_forces", ploc, role=role)
        if role in active:
            text += "\n\n" + prompt(game, role, ploc)
        out.append(
            DM(
                user,
                text,
                [map_picture(row, seq, role, ploc), *battle_pictures(row, seq, game, role, touched, ploc)],
                fallback_channel=row.channel_id,
                game_id=row.id,
                role=role,
                deploy=deploy,
            )
        )
    if thread_roles(row):
        out.append(thread_state(row, game))
    out.append(status_board(row, game, seq, lang))
    return out


BOARD_EVENTS = 6  # the last public events the pinned status shows


def status_board(row: GameRow, game: Game, seq: int, lang: str) -> Status:
    """The pinned status of the game channel: turn and date, day or night, whose move and its deadline (a
    Discord timestamp), the open battles, the last public events, and the latest public map."""
    lines = [t("svc.board_head", lang, game=row.id) + " " + status_text(game, lang)]
    active = game.active()
    if active and not game.over:
        who = [
            t("svc.board_seat", lang, user=row.seats[r][0], role=r)
            if r in row.seats and row.seats[r][0] and not row.seats[r][1]
            else t("svc.board_bot", lang, role=r)
            for r in active
        ]
        due = row.settings.get("due_at")
        deadline = t("svc.board_deadline", lang, due=int(due)) if due else ""
        lines.append(t("svc.board_waiting", lang, who=who, deadline=deadline))
    battles = [b.town for b in game.state.open_battles()]
    if battles:
        lines.append(t("svc.board_battles", lang, towns=battles))
    told = [
        x
        for x in (describe(e.visible("public"), lang, game.options.ruleset) for e in game.state.events[-60:])
        if x
    ]
    if told:
        lines.append(t("svc.board_last", lang))
        lines += [f"- {x}" for x in told[-BOARD_EVENTS:]]
    return Status(row.id, row.channel_id, "\n".join(lines), [map_picture(row, seq, "public", lang)])


def broadcast(ch: Change, new_events: list, everyone: bool = False) -> None:
    """Send the messages of this change (to the outbox, stored with it)."""
    ch.send(*after_change(ch, new_events, everyone))
