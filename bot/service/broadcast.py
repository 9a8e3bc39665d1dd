"""After every change: the public post (with the map and the boards of the battles it touched) in the game
channel and its spectator channels, each player's DM with their own faces, pings, and the private thread.

Everything here is built from views (never from engine state beyond ``view``), as of the change's moment;
the messages go to the outbox in the same transaction as the change (``Change.send``)."""

from __future__ import annotations

from engine.events import Event
from engine.module import AnyModule, GameObject, forms, listed

from ..i18n import t
from ..narrate import TEXT, last_lines, tell
from ..outbox import DM, Message, Picture, Post, Status, Thread, pick_moment, picks_key
from ..storage import GameRow
from ..verify import commitment
from . import clock
from .common import language, module_of, thread_roles
from .core import Change
from .prompts import headline, prompt


def dice_seed(ch: Change) -> int:
    """The seed the game's dice came from: an imported game's own (``@dice seed``), else the row's."""
    assert ch.game is not None
    seed = ch.row.seed
    for line in ch.game.log:
        if line.startswith("@dice seed "):
            seed = int(line.split()[2])
    return seed


def reveal(ch: Change, lang: str) -> str:
    """The dice seed and its salt, said once when a game ends — by its rules, or given up (a forfeit, a
    handover vote) — so that ``estafette verify`` checks its export as it checks any finished game's; ""
    once said, or for a game from before dice commitments."""
    row = ch.row
    salt = row.settings.dice_salt
    if not salt or row.settings.dice_revealed or ch.game is None:
        return ""
    ch.settings().dice_revealed = True
    seed = dice_seed(ch)
    promise = commitment(row.id, seed, salt)
    out = "\n" + t("svc.dice_reveal", lang, game=row.id, seed=seed, salt=salt, hash=promise)
    if row.settings.sealed_from is not None:  # the game committed sealed choices: the salt opens them
        out += "\n" + t("svc.sealed_reveal", lang, game=row.id)
    return out


def board_picture(row: GameRow, seq: int, role: str, locale: str) -> Picture:
    """The game's main picture (its module's ``board`` kind: a map) as ``role`` sees it, its texts in
    ``locale``: the language of whoever will see it (the game's for a channel post, the player's for a DM or
    a reply)."""
    kinds = module_of(row).pictures
    kind = next((k for k in kinds if k.board), kinds[0] if kinds else None)
    return Picture(kind.name if kind else "map", row.id, seq, role, locale)


def pictures_of(
    row: GameRow, seq: int, game: GameObject, role: str, events: list[Event] | None, locale: str
) -> list[Picture]:
    """The pictures a change shows ``role`` (``events``: what it did; None: a full refresh), by the module's
    picture kinds: one of each, or one per place a kind names (battle boards), the ``at_end``
    kinds once the game is over, in public posts only, and the ``private`` kinds in a player's DM."""
    out = []
    for kind in module_of(row).pictures:
        if (kind.at_end and not game.over) or (role != "public" and not kind.private):
            continue
        if kind.places is None:
            out.append(Picture(kind.name, row.id, seq, role, locale))
        else:
            out += [Picture(kind.name, row.id, seq, role, locale, p) for p in kind.places(game, role, events)]
    return out


def status_text(row: GameRow, game: GameObject, loc: str = "en") -> str:
    """The game in one line, as its module says it."""
    return module_of(row).status(game, loc, TEXT)


def thread_state(row: GameRow, game: GameObject) -> Thread:
    """The private thread of the roles the game's module lets talk privately now (``private_talk``); its
    members are the people in those seats."""
    groups = module_of(row).private_talk(game)
    talk = {r for g in groups for r in g}
    members = tuple(
        u for r, (u, b) in row.seats.items() if r in (talk or set(thread_roles(row))) and u and not b
    )
    return Thread(row.id, row.channel_id, bool(groups), members)


def after_change(
    ch: Change, new_events: list[Event], everyone: bool = False, standing: str | None = None
) -> list[Message]:
    """The messages of a change that produced ``new_events`` (``everyone``: a full refresh, e.g. at the
    start; ``standing``: the role whose standing orders gave the order, said as such — the fact only, never
    the order nor the words behind it). Pictures are of this moment of the change."""
    game = ch.game
    assert game is not None
    row = ch.row
    module = ch.module
    seq = ch.moment()
    out: list[Message] = []
    lang = language(row)  # channel posts: the game's language
    public_lines = tell(new_events, "public", lang, game.options, module)
    active = game.active()
    mentions = tuple(sorted({u for r in active if r in row.seats and (u := row.seats[r][0])}))
    due = row.settings.due_at
    when = t("svc.deadline_when", lang, due=int(due)) if due and active else ""
    ping = ""
    if game.over and module.outcome(game):
        ping = "\n" + t("svc.game_over_ping", lang, reason=module.outcome(game))
    elif active:
        who = ", ".join(f"<@{u}>" for u in mentions)
        ping = "\n" + t("svc.your_move", lang, mentions=who, active=list(active), when=when)
        ping += "".join(f"\n{h}" for h in headlines(game, active, lang, module))
    # the commitments to the sealed choices this change accepted: the choice stays secret, the hash is public
    sealed = [t("svc.sealed", lang, role=r, hash=h) for _n, r, h in ch.sealed]
    ch.sealed.clear()
    by = [t("svc.standing_public", lang, role=standing)] if standing else []
    # a post keeps to the last 12 lines of a change; the lines left out are said to be in the log (a turn's
    # end may tell more, its rolls among them: none may vanish without a word)
    shown = public_lines[-12:]
    if len(public_lines) > len(shown):
        shown = [t("svc.earlier_lines", lang, n=len(public_lines) - len(shown)), *shown]
    body = "\n".join([*shown, *by, *sealed]) + ping
    if game.over:
        body += reveal(ch, lang)
    # the pictures of what this change touched (everything for a full refresh)
    touched = None if everyone else new_events
    pictures = pictures_of(row, seq, game, "public", touched, lang)
    for channel in dict.fromkeys((row.channel_id, *row.spectators)):
        out.append(
            Post(
                channel,
                body.strip() or status_text(row, game, lang),
                list(pictures),
                mentions if channel == row.channel_id else (),
                result=game.over,  # the result: a card, and the rematch button in the game's channel
            )
        )
    for role, (user, is_bot) in row.seats.items():
        if is_bot or user is None:
            continue
        ploc = ch.locale_of(user)  # a DM: the player's own language
        mine = tell([e for e in new_events if e.secret and role in e.to], role, ploc, game.options, module)
        if not (everyone or mine or role in active):
            continue
        # what the module asks of it besides plain orders: the places of its sealed forms, else its list
        asks = module.interactions(game, role) if role in active else ()
        places = tuple(sorted(f.at for f in forms(asks)))
        picks = listed(asks) if not places else ()
        key = picks_key(picks, pick_moment(game.log, role)) if picks else ""
        asked = prompt(game, role, ploc, module) if role in active else ""
        if picks and not everyone and _sent_before(ch, role, key, asked, ploc):
            if not mine:
                continue  # the same list, asked the same way, was the last thing sent: not again
            picks, key = (), ""  # news for it, without the list it already holds (still current)
        text = "\n".join(mine[-12:]) or t("svc.your_forces", ploc, role=role)
        if role in active:
            text += "\n\n" + asked
        out.append(
            DM(
                user,
                text,
                pictures_of(row, seq, game, role, touched, ploc),
                fallback_channel=row.channel_id,
                game_id=row.id,
                role=role,
                forms=places,
                picks=picks,
                picks_key=key,
            )
        )
    if thread_roles(row):
        out.append(thread_state(row, game))
    out.append(status_board(row, game, seq, lang))
    return out


def headlines(game: GameObject, active: list[str], lang: str, module: AnyModule) -> list[str]:
    """The lines the channel's ping adds: what each waiting seat is asked to do, each from the public view
    alone (``Module.headline``); where the game has more than two seats, each line says whose it is."""
    heads = [(r, h) for r in active if (h := headline(game, r, lang, module))]
    if len(module.roles(game.options)) > 2:
        return [t("svc.headline_for", lang, role=r, line=h) for r, h in heads]
    return list(dict.fromkeys(h for _, h in heads))


def _sent_before(ch: Change, role: str, key: str, asked: str, loc: str) -> bool:
    """Whether ``role``'s last DM already held this list (the same ``key``) and this prompt: the game before
    the last order asked it the same (only another seat acted, and told it nothing)."""
    before = ch.prior
    if before is None or before is ch.game or before.over or role not in before.active():
        return False
    was = listed(ch.module.interactions(before, role))
    if not was or picks_key(was, pick_moment(before.log, role)) != key:
        return False
    return prompt(before, role, loc, ch.module) == asked


BOARD_EVENTS = 6  # the last public events the pinned status shows


def status_board(row: GameRow, game: GameObject, seq: int, lang: str) -> Status:
    """The pinned status of the game channel: turn and date, day or night, whose move and its deadline (a
    Discord timestamp), the open battles, the last public events, and the latest public map."""
    module = module_of(row)
    lines = [t("svc.board_head", lang, game=row.id) + " " + status_text(row, game, lang)]
    parts = [lines[0]]  # the card's sections (the front end's choice: a card or this text)
    active = game.active()
    if active and not game.over:
        who = [
            t("svc.board_seat", lang, user=row.seats[r][0], role=r)
            if r in row.seats and row.seats[r][0] and not row.seats[r][1]
            else t("svc.board_bot", lang, role=r)
            for r in active
        ]
        due = row.settings.due_at
        deadline = t("svc.board_deadline", lang, due=int(due)) if due else ""
        lines.append(t("svc.board_waiting", lang, who=who, deadline=deadline))
        parts.append(lines[-1])
    if row.settings.pace is not None and row.settings.banks and not game.over:
        lines.append(banks_text(row, lang, row.settings.banks))
        parts.append(lines[-1])
    places = [p for k in module.pictures if k.places for p in k.places(game, "public", None)]
    if places:
        lines.append(t("svc.board_battles", lang, towns=[module.place_said(p, lang) for p in places]))
        parts.append(lines[-1])
    told = last_lines(game.events, "public", lang, game.options, module, BOARD_EVENTS)
    if told:
        lines.append(t("svc.board_last", lang))
        lines += [f"- {x}" for x in told]
        parts.append("\n".join([t("svc.board_last", lang), *(f"- {x}" for x in told)]))
    # the boards of the open battles (the module's picture kinds that name places), for the card's gallery
    boards = [
        Picture(k.name, row.id, seq, "public", lang, p)
        for k in module.pictures
        if k.places and not k.at_end
        for p in k.places(game, "public", None)
    ]
    return Status(
        row.id,
        row.channel_id,
        "\n".join(lines),
        [board_picture(row, seq, "public", lang)],
        parts,
        boards,
    )


def banks_text(row: GameRow, lang: str, banks: dict[str, float]) -> str:
    """Each seat's time bank (``clock.py``), a running one marked as running."""
    said = [
        t("svc.bank_running", lang, role=r, left=clock.said(left))
        if r in row.settings.clocks
        else t("svc.bank_resting", lang, role=r, left=clock.said(left))
        for r, left in banks.items()
    ]
    return t("svc.banks", lang, banks=said)


def broadcast(
    ch: Change, new_events: list[Event], everyone: bool = False, standing: str | None = None
) -> None:
    """Send the messages of this change (to the outbox, stored with it)."""
    ch.send(*after_change(ch, new_events, everyone, standing))
