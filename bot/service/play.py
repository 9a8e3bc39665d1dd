"""Orders: the one apply -> store -> broadcast path, preferences, standing battle orders and bot
seats. What plays by itself (standing orders, bots) runs after the change that woke it, as a change of its
own under the game's lock, so that the player's reply never waits for a bot's whole turn."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable
from typing import Any

from engine import RuleError
from engine.events import Event
from engine.module import SCOPED, AnyModule, GameObject, Standing, listed
from engine.text import Command

from ..i18n import localize_error, t
from ..narrate import tell
from ..outbox import DM, Reply, Result, pick_moment, picks_key
from ..storage import DuplicateInteraction, GameRow
from . import reminders
from .broadcast import broadcast
from .common import Caller, Hub, ServiceError, module_of, need_game, owns, roles_of
from .core import Change, Games, storage_guard

log = logging.getLogger("estafette.service")
AUTOMATIC_ROUNDS = 50  # standing orders and bot seats take turns at most this often in one change


def list_key(module: AnyModule, game: GameObject, role: str) -> str:
    """The key of the role's list to pick from now (``picks_key`` of its texts at its ``pick_moment``); ""
    when it has none."""
    picks = listed(module.interactions(game, role))
    return picks_key(picks, pick_moment(game.log, role)) if picks else ""


class Play:
    def __init__(self, svc: Hub) -> None:
        self.svc = svc
        self.games: Games = svc.games
        self.store = svc.store

    # --- orders -----------------------------------------------------------------------------------------
    async def order(
        self, caller: Caller, text: str | Command, interaction_id: str | None = None, role: str | None = None
    ) -> Result:
        """Apply one order for the caller in the game of the caller's channel."""
        live = await self.games.read_channel(caller.channel_id)
        return await self.order_in(live.id, caller, text, interaction_id, role)

    async def pick(
        self,
        game_id: int,
        user_id: int,
        shown: str,
        text: str,
        interaction_id: str | None,
        locale: str = "en",
    ) -> Result:
        """An order picked from the list of a private prompt (a ``Pick``, or a ``SealedChoice`` made from a
        list: ``Module.interactions``) through the one order path.
        ``shown`` is the key of the list as it was sent (``picks_key``: its texts and the role's moment,
        ``pick_moment``): once the caller's list is another one, or the same texts at a later moment (the game
        moved on), the pick is refused as out of date, and nothing changes."""
        live = await self.games.read(game_id)
        module = module_of(live.row) if live is not None else None
        role = None

        def current(game: GameObject, r: str) -> str:  # the key of the role's list now
            return list_key(module, game, r) if module else ""

        if live is not None and module is not None and live.game is not None:
            role = next(
                (
                    r
                    for r in roles_of(live.row, user_id)
                    if text in listed(module.interactions(live.game, r)) and current(live.game, r) == shown
                ),
                None,
            )
        if live is None or module is None or role is None:
            raise ServiceError("svc.pick_stale")
        caller = Caller(user_id, live.row.channel_id, live.row.guild_id, locale=locale)

        def same_list(ch: Change) -> None:  # under the lock: the list is still the one the player saw
            if ch.game is None or current(ch.game, role) != shown:
                raise ServiceError("svc.pick_stale")

        return await self.order_in(game_id, caller, text, interaction_id, role, check=same_list)

    async def order_in(
        self,
        game_id: int,
        caller: Caller,
        text: str | Command,
        interaction_id: str | None = None,
        role: str | None = None,
        *,
        check: Callable[[Change], None] | None = None,
        after: Callable[[Change], None] | None = None,
    ) -> Result:
        """Apply one order in game ``game_id``. It is stored with the new snapshot and its messages before
        any reply; a retried interaction gets the first answer again and changes nothing. ``check`` runs
        under the lock before the order (it may refuse), ``after`` once it is accepted (same change)."""
        loc = caller.loc
        if interaction_id is not None:
            async with storage_guard(self.store):
                prev = await self.store.find_interaction(interaction_id)
            if prev is not None:
                return Result(Reply(prev.reply or t("svc.already_done", loc)))

        async def fn(ch: Change) -> Result:
            if interaction_id is not None:  # checked again under the lock: two deliveries at once
                prev = await self.store.find_interaction(interaction_id)
                if prev is not None:
                    return Result(Reply(prev.reply or t("svc.already_done", loc)))
            if caller.user_id:  # the caller's language for what this change sends them (saved after it)
                ch.locales[caller.user_id] = loc
            game = need_game(ch.row, ch.game)
            acting = acting_role(ch.row, game, caller, text if isinstance(text, str) else text.text(), role)
            if check is not None:
                check(ch)
            try:
                new = ch.apply(acting, text, caller.user_id, interaction_id)
            except RuleError as e:
                return Result(Reply(t("svc.not_accepted", loc, error=localize_error(e, loc))))
            if after is not None:
                after(ch)
            reply = reply_text(new, acting, loc, game.options, ch.module)
            ch.orders[-1].reply = reply
            await self.svc.deadlines.arm(ch)
            broadcast(ch, new)
            return Result(Reply(reply), list(ch.outbox))

        try:
            res = await self.games.change(game_id, fn)
        except DuplicateInteraction as d:
            return Result(Reply(d.reply or t("svc.already_done", loc)))
        # the language after the order, never before it: a database failing here cannot refuse an order
        # already stored (``seen`` logs it and tries again at the next command)
        await self.svc.seen(caller)
        self.schedule(game_id)
        return res

    # --- preferences --------------------------------------------------------------------------------------
    async def prefer(self, caller: Caller, key: str, value: str, role: str | None = None) -> Result:
        """Standing preferences: the module's ``preferences`` (say ``hits`` and ``supply``: priority
        lists of own unit ids, rules README decision 7) go to the engine; its ``standing`` key sets standing
        orders (say ``battle``: ``fire``, ``square``, ``off``). ``role``: which of the caller's seats
        (default: the one whose blocks the list names, else the one that must act)."""
        loc = caller.loc
        if key in ("reminders", "quiet"):  # the player's own, for every game: no game needed
            return await self._player_pref(caller, key, value)
        live = await self.games.read_channel(caller.channel_id)
        await self.svc.seen(caller)
        module = module_of(live.row)
        standing = module.standing
        if key not in module.preferences and not (standing and key == standing.key):
            raise ServiceError("svc.pref_keys")

        async def fn(ch: Change) -> Result:
            need_game(ch.row, ch.game)
            roles = roles_of(ch.row, caller.user_id)
            if not roles:
                raise ServiceError("svc.prefs_no_seat")
            if standing is not None and key == standing.key:
                before = (await self.store.preferences(ch.row.id)).get(caller.user_id, {}).get(key)
                spec = standing_spec(standing, value, ch.game, before)
                ch.prefer(caller.user_id, key, spec or None)
                if not spec:
                    return Result(Reply(t(f"{standing.said}cancelled", loc)))
                said = describe_standing(standing, spec, loc)
                return Result(Reply(t(f"{standing.said}set", loc, spec=said)))
            ids = [v.strip() for v in value.replace(" ", ",").split(",") if v.strip()]
            if not ids:
                raise ServiceError("svc.pref_empty", key=key)
            assert ch.game is not None
            seat = owner_seat(ch.row, ch.game, caller, ids, role)

            def set_it(g: GameObject) -> None:  # "@prefer role key:ids" - a directive, replayed as one
                module.directive(g, "prefer", f"{seat} {key}:{','.join(ids)}")

            try:
                ch.directive(seat, caller.user_id, set_it)
            except RuleError as e:
                raise ServiceError.of_rule(e) from None
            saved = module.preferred(ch.game, seat, key)
            return Result(Reply(t("svc.pref_saved", loc, key=key, units=list(saved))))

        res = await self.games.change(live.id, fn)
        self.schedule(live.id)
        return res

    async def _player_pref(self, caller: Caller, key: str, value: str) -> Result:
        """Reminder times (``8h 2h``, ``off``, ``default``) and quiet hours (``23:00-07:00 Europe/Paris``,
        ``off``): the player's, in every game they sit in."""
        loc = caller.loc
        if key == "reminders":
            hours = reminders.parse_reminders(value)
            await self.store.set_user_pref(caller.user_id, key, None if hours is None else json.dumps(hours))
            if hours is None:
                return Result(Reply(t("svc.reminders_default", loc)))
            if not hours:
                return Result(Reply(t("svc.reminders_off", loc)))
            return Result(Reply(t("svc.reminders_set", loc, hours=[f"{h:g}" for h in hours])))
        quiet = reminders.parse_quiet(value)
        await self.store.set_user_pref(caller.user_id, key, quiet)
        return Result(Reply(t("svc.quiet_set", loc, quiet=quiet) if quiet else t("svc.quiet_off", loc)))

    # --- what plays by itself -------------------------------------------------------------------------------
    def schedule(self, game_id: int) -> None:
        """Let standing orders and bot seats play, after this change, as a change of their own."""
        self.svc.background(self.automatic(game_id), f"estafette-work-auto-{game_id}")

    async def automatic(self, game_id: int) -> None:
        """Standing battle orders, then bot seats, until neither acts (bounded), in one change."""

        async def fn(ch: Change) -> None:
            if ch.row.status != "running" or ch.game is None:
                return
            prefs = await self.store.preferences(ch.row.id)
            start = ch.seq
            for _ in range(AUTOMATIC_ROUNDS):
                seq = ch.seq
                self._standing_orders(ch, prefs)
                self._bot_moves(ch)
                if ch.seq == seq:
                    break
            if ch.seq != start:
                await self.svc.deadlines.arm(ch)

        try:
            await self.games.change(game_id, fn)
        except ServiceError:
            log.warning("game %s: automatic play could not be stored", game_id, exc_info=True)

    def _standing_orders(self, ch: Change, prefs: dict[int, dict[str, Any]]) -> None:
        """Carry out standing battle orders for every active seat that has them, so that a turn
        does not wait on a player who left them: the orders are ordinary orders, stored like any other, and
        reported to the player."""
        standing = ch.module.standing
        if standing is None:
            return
        for _ in range(200):  # bounded: each round applies at least one order or stops
            game = ch.game
            if game is None or game.over or not standing.when(game):
                return
            applied = False
            for role in game.active():
                user, is_bot = ch.row.seats.get(role, (None, False))
                spec = prefs.get(user, {}).get(standing.key) if user and not is_bot else None
                if not spec:
                    continue
                order = standing.choose(game, role, spec)
                if order is None:
                    continue
                try:
                    new = ch.apply(role, order, user)
                except RuleError:
                    continue
                ploc = ch.locale_of(user)
                lines = tell(new, role, ploc, game.options, ch.module)
                ch.send(
                    DM(
                        user or 0,
                        t("svc.standing_dm", ploc, order=order) + "\n" + "\n".join(lines[-8:]),
                        fallback_channel=ch.row.channel_id,
                        game_id=ch.row.id,
                        role=role,
                    )
                )
                broadcast(ch, new, standing=role)
                applied = True
                break
            if not applied:
                return

    def _bot_moves(self, ch: Change) -> None:
        """Let bot players play every seat they hold while it must act (any seat may be a bot). They decide
        from their role's view and legal orders only (the module's bot player)."""
        game = ch.game
        if game is None or game.over:
            return
        bots = {r for r, (_u, is_bot) in ch.row.seats.items() if is_bot}
        if not bots:
            return
        from ai import play_one
        from ai.registry import new_player

        if (
            ch.bot is None
        ):  # the module's bot player; it may start afresh (after a restart): it plans from its view
            ch.bot = new_player(ch.module.id)
        rng = random.Random(ch.row.seed + ch.row.version)
        before = len(game.events)
        for _ in range(3000):  # bounded; a whole game is a few hundred orders
            current = ch.game
            assert current is not None
            acting = [r for r in current.active() if r in bots] if not current.over else []
            if not acting:
                break
            work: Any = ch.module.copy(current)  # ai.play_one takes any game of the contract
            if play_one(work, acting[0], ch.bot, rng, apply=lambda r, o: ch.apply(r, o, None)) is None:
                break
        after = ch.game
        assert after is not None
        if len(after.events) != before:
            broadcast(ch, after.events[before:])


def acting_role(row: GameRow, game: GameObject, caller: Caller, text: str, role: str | None) -> str:
    mine = roles_of(row, caller.user_id)
    if not mine:
        raise ServiceError("svc.no_seat_order")
    if role is not None:
        if role not in mine:
            raise ServiceError("svc.not_your_seat", role=role)
        return role
    active = [r for r in mine if r in game.active()]
    if len(active) == 1:
        return active[0]
    if not active:
        return mine[0]  # the engine's answer says whose turn it is
    # one person holding several active seats (console, hot seat): the seat whose units the order names
    words = text.upper().replace(",", " ").replace(":", " ").split()
    for r in active:
        if any(owns(row, r, w) for w in words):
            return r
    return active[0]


def owner_seat(row: GameRow, game: GameObject, caller: Caller, ids: list[str], role: str | None) -> str:
    """The seat a preference list is for: the one asked for, else the caller's seat whose blocks it names,
    else the acting one."""
    if role is None:
        named = [r for r in roles_of(row, caller.user_id) if all(owns(row, r, i) for i in ids)]
        if len(named) == 1:
            return named[0]
    return acting_role(row, game, caller, " ".join(ids), role)


def reply_text(events: list[Event], role: str, loc: str, options: Any, module: AnyModule) -> str:
    lines = tell(events, role, loc, options, module)
    return t("svc.done", loc) + ("\n" + "\n".join(lines[-15:]) if lines else "")


STANDING_MOST = 99  # the largest number a counted word takes (``press:99``)


CANCEL = {"off", "none", "cancel"}


def standing_spec(
    standing: Standing[GameObject],
    value: str,
    game: GameObject | None = None,
    before: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Standing orders from the player's words (the module's ``standing.words``; ``off`` cancels them); a
    ``counted`` word may carry a number, ``word:N`` (0 to 99), kept as the word's value. With a module's
    scope words (``into:L``) the words set that scope only, kept with the player's other standing orders
    (``before``): ``off`` with a scope cancels that scope; a scope alone answers nothing there."""
    words = {w.strip().lower() for w in value.replace(",", " ").split()}
    scoping = sorted(w for w in words if w.partition(":")[0] in standing.scopes)
    given = {w.partition(":")[0]: w.partition(":")[2] for w in scoping}
    words -= set(scoping)
    scoped: dict[str, Any] = dict((before or {}).get(SCOPED) or {}) if standing.scopes else {}
    if not given:
        if not words or words <= CANCEL:
            return {}
        return {**_answers(standing, words), **({SCOPED: scoped} if scoped else {})}
    whole = all(given.values()) and len(given) == len(scoping)  # each scope word once, with its value
    key = standing.scope(game, given) if whole and game is not None else None
    if key is None:
        raise ServiceError(f"{standing.said}bad_scope", scope=" ".join(w[:40] for w in scoping))
    if words and words <= CANCEL:
        scoped.pop(key, None)
    else:
        scoped[key] = _answers(standing, words) if words else {}
    plain = {k: v for k, v in (before or {}).items() if k != SCOPED}
    return _tidy({**plain, SCOPED: scoped})


def _answers(standing: Standing[GameObject], words: set[str]) -> dict[str, bool | int]:
    numbers: dict[str, int] = {}
    bad = set()
    for w in words:
        word, sep, n = w.partition(":")
        if sep and word in standing.counted and n.isdigit() and int(n) <= STANDING_MOST:
            numbers[word] = int(n)
        elif sep or (w not in standing.words and w != "on"):
            bad.add(w)
    if bad:
        raise ServiceError(f"{standing.said}bad", words=sorted(w[:20] for w in bad)[:5])
    return {w: numbers.get(w, w in words or w in standing.always) for w in standing.words}


def _tidy(spec: dict[str, Any]) -> dict[str, Any]:
    """No empty set of scopes, and nothing at all when no word is given anywhere (cancelled)."""
    if not spec.get(SCOPED):
        spec.pop(SCOPED, None)
    if SCOPED not in spec and not any(v is not None and v is not False for v in spec.values()):
        return {}
    return spec


def describe_standing(standing: Standing[GameObject], spec: dict[str, Any], loc: str = "en") -> str:
    parts = _said(standing, spec, loc)
    for key, inner in (spec.get(SCOPED) or {}).items():
        said = t("svc.standing_sep", loc).join(_said(standing, inner, loc)) or t(f"{standing.said}ask", loc)
        parts.append(t(f"{standing.said}scoped", loc, scope=standing.scope_said(key, loc), spec=said))
    return t("svc.standing_sep", loc).join(parts)


def _said(standing: Standing[GameObject], spec: dict[str, Any], loc: str) -> list[str]:
    return [
        t(f"{standing.said}{w}_n", loc, n=v) if counted(v) else t(f"{standing.said}{w}", loc)
        for w in standing.words
        if (v := spec.get(w)) is not None and v is not False
    ]


def counted(value: object) -> bool:
    """Whether a standing word's value is its number (``press:0`` is 0, not "not given")."""
    return isinstance(value, int) and not isinstance(value, bool)
