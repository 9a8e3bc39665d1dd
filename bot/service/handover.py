"""A player who vanishes: after a deadline passes for a seat (recorded on the player's record: the
``timeouts`` rows), the host and the seated players other than the late one vote to hand the seat to a
substitute, to the bot player, or to end the game as a forfeit. The vote is kept in the game's settings, so
every vote is a change like any other, under the game's lock, stored with its messages in one commit.

A substitute receives by DM what the seat knew: its pictures and prompt now, and every event as that seat
saw it (``Event.visible``) from the start, as a file. Nothing the seat knew is hidden from them."""

from __future__ import annotations

from engine.events import Event

from ..i18n import t
from ..narrate import tell
from ..outbox import DM, Post, Reply, Result
from ..storage import GameRow
from .broadcast import pictures_of, reveal
from .common import Caller, Hub, ServiceError, language, need_open
from .core import Change, Games
from .prompts import prompt

VOTE_HOURS = 48.0  # an open vote lapses after this: a new vote starts afresh
CHOICES = ("substitute", "bot", "forfeit")
RULES = ("host-decides", "players-vote")  # the host's: who decides the next handovers


def voters(row: GameRow, vanished: int | None) -> list[int]:
    """Who may vote: the host and every player seated (not a bot seat) other than the one who vanished."""
    seated = {u for u, is_bot in row.seats.values() if u is not None and not is_bot}
    return sorted(({row.host_id} | seated) - {vanished})


def seat_history(events: list[Event], role: str) -> list[Event]:
    """The events ``role`` was shown: every public one and the secret ones addressed to it."""
    return [e for e in events if not e.secret or role in e.to]


class Handover:
    def __init__(self, svc: Hub) -> None:
        self.svc = svc
        self.games: Games = svc.games

    async def vote(
        self, caller: Caller, choice: str, role: str | None = None, substitute: int | None = None
    ) -> Result:
        """One vote (or the host's rule for deciding). Refused, changing nothing: a game not running, a seat
        that has not timed out, a voter who is not the host or seated, a substitute already seated."""
        live = await self.games.read_channel(caller.channel_id)
        await self.svc.seen(caller)

        async def fn(ch: Change) -> Result:
            return self._vote(ch, caller, choice, role, substitute)

        return await self.games.change(live.id, fn)

    def _vote(self, ch: Change, caller: Caller, choice: str, role: str | None, sub: int | None) -> Result:
        row = ch.row
        loc = caller.loc
        need_open(row)
        if row.status != "running" or ch.game is None or ch.game.over:
            raise ServiceError("svc.handover_not_running")
        if choice in RULES:
            if caller.user_id != row.host_id:
                raise ServiceError("svc.need_admin", host=row.host_id, what="handover")
            ch.settings().handover_host = choice == "host-decides"
            return Result(Reply(t(f"svc.handover_rule_{choice}", loc), ephemeral=False))
        if choice not in CHOICES:
            raise ServiceError("svc.handover_choice", choices=", ".join(CHOICES + RULES))
        late = row.settings.timed_out
        if role is None:
            if len(late) != 1:
                raise ServiceError("svc.handover_which", roles=", ".join(sorted(late)) or "-")
            role = next(iter(late))
        if role not in late:
            raise ServiceError("svc.handover_no_timeout", role=role, roles=", ".join(sorted(late)) or "-")
        vanished = late[role]
        allowed = voters(row, vanished)
        if caller.user_id not in allowed:
            raise ServiceError("svc.handover_not_voter", role=role)
        if choice == "substitute":
            if sub is None:
                raise ServiceError("svc.handover_need_user")
            if sub == vanished:
                raise ServiceError("svc.handover_same", user=sub)
            if any(u == sub for u, _b in row.seats.values()):
                raise ServiceError("svc.handover_seated", user=sub)
        proposal = f"user:{sub}" if choice == "substitute" else choice
        now = self.svc.clock()
        s = ch.settings()
        vote = dict(s.handover_vote or {})
        if vote.get("role") != role or float(vote.get("until", 0)) <= now:
            vote = {"role": role, "until": now + VOTE_HOURS * 3600, "votes": {}}
        votes = dict(vote["votes"])
        votes[str(caller.user_id)] = proposal
        vote["votes"] = votes
        # the votes of those no longer allowed (a seat changed hands since) do not count
        counted = [p for u, p in votes.items() if int(u) in allowed]
        tally = counted.count(proposal)
        decided = (s.handover_host and caller.user_id == row.host_id) or tally * 2 > len(allowed)
        lang = language(row)
        if not decided:
            s.handover_vote = vote
            text = t(
                "svc.handover_voted",
                lang,
                user=caller.user_id,
                role=role,
                what=self._what(proposal, lang),
                n=tally,
                of=len(allowed),
            )
            ch.send(Post(row.channel_id, text))
            return Result(Reply(text, ephemeral=False), list(ch.outbox))
        s.handover_vote = None
        s.timed_out = {r: u for r, u in late.items() if r != role}
        s.handed.pop(role, None)  # the player who vanished no longer takes the seat back with /game join
        if proposal == "bot":
            ch.seat(role, None, is_bot=True)
            ch.send(Post(row.channel_id, t("svc.handover_bot", lang, role=role, user=vanished)))
            self.svc.play.schedule(row.id)  # the bot plays on, after this change
        elif proposal == "forfeit":
            s.forfeit = role
            s.due_at = None
            ch.forfeit([role])  # over, lost by the seat's side: it counts in the ratings
            game = ch.game
            placed = ch.module.placings(game, (role,)) if game is not None else []
            others = sorted({r for p, side in placed if p == 1 for r in side}) or sorted(
                r for r in row.seats if r != role
            )
            text = t("svc.handover_forfeit", lang, role=role, user=vanished, winners=others)
            text += reveal(ch, lang)  # ended: its dice seed said, as every ended game's
            for channel in dict.fromkeys((row.channel_id, *row.spectators)):
                ch.send(Post(channel, text))
        else:
            self._seat_substitute(ch, role, vanished, int(proposal.split(":", 1)[1]))
        return Result(Reply(t("svc.handover_done", loc, role=role), ephemeral=False), list(ch.outbox))

    def _seat_substitute(self, ch: Change, role: str, vanished: int | None, user: int) -> None:
        """Seat ``user`` in ``role`` and send them what the seat knew: its pictures and prompt now, and its
        whole history as that seat saw it."""
        row = ch.row
        game = ch.game
        assert game is not None
        ch.seat(role, user)
        lang = language(row)
        ch.send(Post(row.channel_id, t("svc.handover_substitute", lang, role=role, user=user, old=vanished)))
        ploc = ch.locale_of(user)
        lines = tell(seat_history(list(game.events), role), role, ploc, game.options, ch.module)
        text = t("svc.handover_dm", ploc, game=row.id, role=role)
        if role in game.active():
            text += "\n\n" + prompt(game, role, ploc, ch.module)
        ch.send(
            DM(
                user,
                text,
                pictures_of(row, ch.moment(), game, role, None, ploc),
                fallback_channel=row.channel_id,
                game_id=row.id,
                role=role,
                file=(f"estafette-game-{row.id}-{role}.txt", "\n".join(lines) + "\n"),
            )
        )

    @staticmethod
    def _what(proposal: str, lang: str) -> str:
        if proposal.startswith("user:"):
            return t("svc.handover_to_user", lang, user=int(proposal.split(":", 1)[1]))
        return t(f"svc.handover_to_{proposal}", lang)
