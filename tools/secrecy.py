"""The secrecy scan: nothing the service sends may tell its audience what it may not know (any game module).

Over a whole seeded game, after every order, it builds what the service builds for that change — the
channel's post (with the headlines of its ping), each player's DM with its prompt and the labels of its list
to pick from, the reply to the player who gave the order, the pinned status, the private thread — by the
service's own code (``bot.service.broadcast.after_change``, ``bot.service.play.reply_text``, a sealed form's
prompt and the pieces its selects offer, ``bot.service.drafts``). Every so many orders (``every``) it also
has each seat ask ``/game status``, ``/game map``, ``/game log`` and ``/game export`` (refused while the game
runs) through ``bot.service.lobby``, and plays, on a change of its own that the game does not keep, a
reminder falling due and a deadline passing (``pass`` and ``bot`` by turns: ``bot.service.deadlines``);
wherever the module's standing orders may play, every third such moment, every seat's standing orders
(``bot.service.play``: their DMs and the broadcasts of the orders they give). Each text and label is checked,
per recipient, against what that recipient may lawfully know: the words of its view before and after the
change, the parts of the events it has been told (``Event.visible``) and, for a seat, the words of its own
legal orders (what the rules let it do: the places a move may go). A word of the game — a string in some
role's view or in some event's secret part: a block's id or name, a card, a face — that the text holds and
the recipient's knowledge does not is a leak. So is a picture drawn as another role sees it, or whose
subject (``PictureKind.subject``: the data it is drawn from) holds such a word, and a member of the private
thread who holds none of the seats that share it.

    python -m tools.secrecy GAME [--games 4] [--seed 0] [--cap 3000] [--every 20]

plays the default options and prints one line per leak and a JSON summary (games, orders, leaks, seconds);
exit status 1 on a leak. At scale, over the options the fuzzers draw: ``python -m tools.fuzz --game ID
--secrecy`` (every module; ``--game`` left out: the default game).
``scan_game(module, seed)`` is what the tests call and the fuzzer's ``--secrecy`` (``tools/fuzz.py``) runs
order by order; ``Scan.order`` is the per-order hook, for a driver of its own."""

from __future__ import annotations

import argparse
import copy
import dataclasses
import json
import random
import re
import sys
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from ai.player import Player
from ai.registry import has_player, new_player
from bot.i18n import localize_error
from bot.outbox import DM, Message, Picture, Post, Reply, Status, Thread
from bot.service.broadcast import after_change
from bot.service.common import Caller, Hub, Live, ServiceError
from bot.service.core import Change
from bot.service.deadlines import Deadlines
from bot.service.drafts import Drafts, form_at
from bot.service.lobby import Lobby
from bot.service.play import Play, reply_text
from bot.storage import GameRow, GameSettings
from engine import modules
from engine.events import Event
from engine.module import AnyModule, GameObject, OptionValue

PUBLIC = "public"
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-.']*")
USER = 1000  # the first seat's user id; seat i is USER + i
EVERY = 20  # orders between the moments the seats ask (status, map, log, export) and a deadline is played


@dataclass(frozen=True)
class Leak:
    """A word a message told a recipient that the recipient may not know."""

    order: int  # the order after which it was sent (0: the start)
    recipient: str  # a role, or "public" (the game channel, the spectators, the pinned status)
    what: str  # "post", "status", "dm", "picks" (a list's labels), "draft" (a sealed form's), "reply"
    word: str
    text: str  # the message (cut)

    def __str__(self) -> str:
        said = " ".join(self.text.split())[:160]
        return f"order {self.order}: {self.what} to {self.recipient} names {self.word!r}: {said}"


@dataclass
class Report:
    leaks: list[Leak] = field(default_factory=list)
    orders: int = 0
    seconds: float = 0.0


_KINDS: dict[type, Any] = {}  # how words() walks a value of each type: "s", "d", "l", field names, or ()
Memo = dict[int, tuple[Any, frozenset[str]]]  # id -> (the value, kept so that its id stays its, its words)


def _kind(t: type) -> Any:
    if issubclass(t, str):
        return "s"
    if issubclass(t, dict):
        return "d"
    if issubclass(t, (list, tuple, set, frozenset)):
        return "l"
    if dataclasses.is_dataclass(t):
        return tuple(f.name for f in dataclasses.fields(t))
    return ()


def _kept(t: type) -> bool:
    """Whether a value of type ``t`` never changes (a tuple, a frozen dataclass): its words may be kept."""
    params = getattr(t, "__dataclass_params__", None)
    return t is tuple or (params is not None and params.frozen)


_KEPT: dict[type, bool] = {}


def words(value: Any, into: set[str] | None = None, memo: Memo | None = None) -> set[str]:
    """Every string value in a view or an event (in dicts, lists, dataclasses; numbers and booleans are not
    words: a strength of 3 cannot be told from any other 3). ``memo``: the words of each tuple and frozen
    dataclass already walked, by identity (a module's views share what did not change from one order to
    the next)."""
    out = set() if into is None else into
    stack = [value]
    pop, push, add, kinds = stack.pop, stack.extend, out.add, _KINDS
    while stack:
        v = pop()
        t = type(v)
        k = kinds.get(t)
        if k is None:
            k = kinds[t] = _kind(t)
            _KEPT[t] = _kept(t)
        if k == "s":
            if len(v) >= 2:
                add(v)
            continue
        if memo is not None and k and _KEPT[t]:
            got = memo.get(id(v))
            if got is None or got[0] is not v:
                inner: set[str] = set()
                for x in v if k == "l" else (getattr(v, n) for n in k):
                    words(x, inner, memo)
                got = memo[id(v)] = (v, frozenset(inner))
            out |= got[1]
        elif k == "d":  # its values: the keys are the structure's names ("card", "units")
            push(v.values())
        elif k == "l":
            push(v)
        elif k:
            push(getattr(v, n) for n in k)
    return out


def told(visible: Any, into: set[str]) -> set[str]:
    """What an audience learns from an event's part it is told: its words, and each word of its texts (a
    rule's reason said in public — "a lone leader caught by 3+ enemy units with cavalry" — tells what it
    names: the rule made it known)."""
    found = words(visible)
    into |= found
    for w in found:
        into.update(x.rstrip(".-'") for x in _WORD.findall(w))
    return into


def said(text: str, candidates: set[str]) -> set[str]:
    """The candidate words ``text`` holds as whole words (a word with a space: as it is written)."""
    found = {w.rstrip(".-'") for w in _WORD.findall(text)} & candidates
    found |= {c for c in candidates if " " in c and c in text}
    return found


class _Quiet(Change):
    """A change as the service makes one, but for the moment kept for the pictures (not drawn here); each
    game it passes through is kept (what its messages may tell: any of those moments)."""

    def moment(self) -> int:
        return self.seq

    def apply(
        self, role: str, order: Any, user: int | None, interaction_id: str | None = None
    ) -> list[Event]:
        new = super().apply(role, order, user, interaction_id)
        assert self.game is not None  # an order was just applied to it
        self.passed.append((self.game, new))
        return new

    @property
    def passed(self) -> list[tuple[GameObject, list[Event]]]:
        passed: list[tuple[GameObject, list[Event]]] = self.__dict__.setdefault("_passed", [])
        return passed


T = TypeVar("T")


class _Hub:
    """What the service's lobby, deadlines and standing orders ask of the service, for one game at one
    moment: the game, the clock, no store (no reminder preferences: the game's own reminder times)."""

    def __init__(self, live: Live, now: float) -> None:
        self.live, self.now = live, now
        self.games = self.store = self.play = self

    async def read_channel(self, channel_id: int, finished: bool = False) -> Live:
        return self.live

    async def seen(self, caller: Caller) -> None:
        return None

    async def reminder_prefs(self, users: list[int]) -> dict[int, Any]:
        return {}

    async def vacations(self, users: list[int], at: float) -> dict[int, Any]:
        return {}  # nobody is away

    def moment(self, live: Live) -> int:
        return live.row.version

    def clock(self) -> float:
        return self.now

    def schedule(self, game_id: int) -> None:
        return None

    def hub(self) -> Hub:
        """This stand-in as the service's parts take it: it answers only what they ask at one moment (no
        store, no games to load, no background work), not all a ``Hub`` offers."""
        return cast(Hub, self)


def _run(coro: Coroutine[Any, Any, T]) -> T:
    """A coroutine of the service that awaits nothing but the ``_Hub``: run to its end."""
    try:
        coro.send(None)
    except StopIteration as done:
        value: T = done.value
        return value
    raise RuntimeError("the service awaited something the scan does not give")


class _Memo:
    """The module's ``interactions`` and ``prompt`` hooks, each answered once per game object and arguments:
    the broadcast of an order asks them of the game before it (is this the list the seat already holds?),
    which the previous order's broadcast asked of the same game. Only the entries of that game are kept from
    one order to the next (a driver that applies orders in place changes the game object itself)."""

    def __init__(self, module: AnyModule) -> None:
        self.cache: dict[tuple[Any, ...], Any] = {}
        self.games: dict[int, GameObject] = {}  # held, so that an id is not reused while cached
        self.memo = copy.copy(module)  # the same module, its two hooks remembered
        setattr(self.memo, "interactions", self._hook(module.interactions, "interactions"))  # noqa: B010
        setattr(self.memo, "prompt", self._hook(module.prompt, "prompt"))  # noqa: B010

    def _hook(self, fn: Any, name: str) -> Any:
        def memo(game: GameObject, *args: Any, **kwargs: Any) -> Any:
            key = (id(game), name, *args, *sorted(kwargs.items()))
            if key not in self.cache:
                self.games[id(game)] = game
                self.cache[key] = fn(game, *args, **kwargs)
            return self.cache[key]

        return memo

    def module(self, prior: GameObject | None) -> AnyModule:
        keep = id(prior) if prior is not None and self.games.get(id(prior)) is prior else None
        self.cache = {k: v for k, v in self.cache.items() if k[0] == keep}
        self.games = {keep: self.games[keep]} if keep is not None else {}
        return self.memo


class Scan:
    """The scan of one game: ``start`` once, then ``order`` after every order applied (by any driver)."""

    def __init__(
        self, module: AnyModule, game: GameObject, seed: int = 0, lang: str = "en", every: int = EVERY
    ) -> None:
        self.module = module
        self.roles = tuple(module.roles(game.options))
        seats: dict[str, tuple[int | None, bool]] = {r: (USER + i, False) for i, r in enumerate(self.roles)}
        self.user_role = {u: r for r, (u, _) in seats.items()}
        self.row = GameRow(
            id=1,
            guild_id=1,
            channel_id=100,
            host_id=USER,
            options=module.options_dict(game.options),
            seed=seed,
            status="running",
            created=0.0,
            version=0,
            snapshot=None,
            settings=GameSettings(language=lang),
            seats=seats,
            module=module.id,
        )
        self.lang = lang
        self.report = Report()
        self.audiences = (PUBLIC, *self.roles)
        self.told: dict[str, set[str]] = {a: set() for a in self.audiences}  # the events' parts told it
        self.secret: set[str] = set()  # every word of any event's secret part so far
        self.seen: dict[str, set[str]] = {}  # each audience's view now (its words)
        self.kept: GameObject | None = module.copy(game)  # the game before the next order
        self.memo = _Memo(module)
        self.walked: Memo = {}  # the words of the parts of views already walked (``words``)
        self.every = every  # the moments at which the seats ask and the branches are played
        self.standing_moments = 0  # the moments so far at which standing orders could play

    def _views(self, game: GameObject) -> dict[str, set[str]]:
        if len(self.walked) > 200_000:  # kept for the views of the next orders; bounded
            self.walked.clear()
        return {a: words(game.view(a, events=False), memo=self.walked) for a in self.audiences}

    def _learn(self, events: list[Event]) -> None:
        for e in events:
            if e.secret:
                words(e.secret, self.secret)
            for a in self.audiences:
                told(e.visible(a), self.told[a])

    def start(self, game: GameObject) -> list[Leak]:
        """The messages of the game's start (a full refresh) checked."""
        self.seen = self._views(game)
        self._learn(list(game.events))
        return self._check(game, None, None, "", list(game.events), everyone=True)

    def order(
        self, role: str, new: list[Event], game: GameObject, before: GameObject | None = None
    ) -> list[Leak]:
        """After ``role``'s order made ``new`` events and left ``game``: its messages, checked. ``before``:
        the game before the order, if the driver kept it (as the service does); else the scan keeps a copy
        of each game it is shown (a driver that applies orders in place)."""
        if before is None:
            before, self.kept = self.kept, self.module.copy(game)
        seen = self.seen
        self.seen = self._views(game)
        self._learn(new)
        self.report.orders += 1
        lawful = {a: seen.get(a, set()) | self.seen[a] | self.told[a] for a in self.audiences}
        return self._check(game, before, lawful, role, new)

    def _check(
        self,
        game: GameObject,
        prior: GameObject | None,
        lawful: dict[str, set[str]] | None,
        role: str,
        new: list[Event],
        everyone: bool = False,
    ) -> list[Leak]:
        if lawful is None:
            lawful = {a: self.seen[a] | self.told[a] for a in self.audiences}
        everything = self.secret.union(*self.seen.values())
        self.row.version = self.report.orders
        ch = _Quiet(Live(self.row, prior if prior is not None else game), {})
        ch.module = self.memo.module(prior)  # the service's own hooks, each asked once per game and role
        ch.set_game(game)  # the game after the order; ``prior``: before it (what the broadcast compares)
        sent = after_change(ch, new, everyone)
        replies = (
            [(role, "reply", reply_text(new, role, self.lang, game.options, self.module))] if role else []
        )
        leaks = self._judge(game, sent, replies, lawful, everything)
        standing = self.module.standing
        if self.every and not game.over:
            at = self.report.orders % (6 * self.every)  # a passed deadline plays many orders: more rarely
            plays = ["reminder"] + ["passed"] * (at == 0) if self.report.orders % self.every == 0 else []
            if standing is not None and standing.when(game):  # every third moment standing orders may play
                self.standing_moments += 1
                plays += ["standing"] if self.standing_moments % 3 == 1 else []
            if plays:
                leaks += self._branches(game, lawful, everything, plays)
            if self.report.orders % self.every == 0:
                leaks += self._asked(game, lawful, everything)
        self.report.leaks += leaks
        return leaks

    def _judge(
        self,
        game: GameObject,
        sent: list[Message],
        more: list[tuple[str, str, str]],
        lawful: dict[str, set[str]],
        everything: set[str],
    ) -> list[Leak]:
        """Every text, label and picture subject of ``sent`` (and the texts ``more``), per recipient; the
        private thread's members."""
        messages = list(more)  # (recipient, what, text)
        pictures: list[tuple[str, Picture]] = []
        leaks = []
        for m in sent:
            messages += _texts(m)
            if isinstance(m, DM) and m.forms:  # the forms' prompts it opens, and their selects' labels
                messages += self._drafts(m, game)
            if isinstance(m, (Post, Status)):
                pictures += [(PUBLIC, p) for p in m.pictures]
            elif isinstance(m, DM):
                pictures += [(m.role, p) for p in m.pictures]
            elif isinstance(m, Thread):
                leaks += self._thread(m)
        legal: dict[str, set[str]] = {}
        for who, what, text in messages:
            found = said(text, everything - lawful[who])
            if found and who in game.active():  # a role may be shown its own legal orders (the places
                if who not in legal:  # a move may go): asked only when a word is not otherwise known
                    legal[who] = {w for c in game.legal(who).choices for w in _WORD.findall(str(c))}
                found -= legal[who]
            for w in sorted(found):
                leaks.append(Leak(self.report.orders, who, what, w, text))
        drawn: dict[tuple[str, str, str, str], list[Leak]] = {}  # one subject, for all who are sent it
        for who, picture in pictures:
            key = (who, picture.kind, picture.role, picture.town)
            if key not in drawn:
                drawn[key] = self._picture(game, who, picture, lawful, everything)
                leaks += drawn[key]
        return leaks

    def _picture(
        self, game: GameObject, who: str, picture: Picture, lawful: dict[str, set[str]], everything: set[str]
    ) -> list[Leak]:
        """A picture sent to ``who`` is drawn as ``who`` sees it (or as the public does), from a subject that
        holds no word ``who`` may not know (``PictureKind.subject``; the view itself is its role's)."""
        shown = f"{picture.kind} as {picture.role} sees it {picture.town}".strip()
        if picture.role not in (who, PUBLIC):
            return [Leak(self.report.orders, who, "picture", picture.role, shown)]
        kind = self.module.picture(picture.kind)
        if kind is None or kind.subject is None or kind.at_end:  # the view as it is; the end's replay is
            return []  # the finished game's script, public as its export is
        subject = kind.subject(game, game.view(picture.role, events=False), picture.role, picture.town)
        found = words(subject, memo=self.walked) & (everything - lawful[who])
        return [Leak(self.report.orders, who, "picture", w, shown) for w in sorted(found)]

    def _thread(self, m: Thread) -> list[Leak]:
        """The private thread's members: players of the seats that ever share it (never another side's)."""
        allowed = set(self.module.private_roles(self.module.make_options(self.row.options)))
        users = {u for r, (u, _b) in self.row.seats.items() if r in allowed}
        return [
            Leak(
                self.report.orders, self.user_role.get(u, str(u)), "thread", str(u), "a member of the thread"
            )
            for u in m.members
            if u not in users
        ]

    def _asked(self, game: GameObject, lawful: dict[str, set[str]], everything: set[str]) -> list[Leak]:
        """What each seat is answered, asking now: ``/game status``, ``/game map``, ``/game log`` (as that
        seat), and ``/game export`` (refused while the game runs, its seats held by several people)."""
        row = self.row.copy()
        lobby = Lobby(_Hub(Live(row, game), 0.0).hub())
        out: list[tuple[str, str, str]] = []
        sent: list[Message] = []
        for r in self.roles:
            user = row.seats[r][0]
            assert user is not None
            caller = Caller(user, row.channel_id, locale=self.lang)
            for what, call in (
                ("status", lobby.status(caller, r)),
                ("map", lobby.map(caller, r)),
                ("log", lobby.log_text(caller, 25, r)),
                ("export", lobby.export(caller)),
            ):
                try:
                    reply: Reply = _run(call).reply
                except ServiceError as e:  # a refusal is said to the caller, too
                    out.append((r, what, localize_error(e, self.lang)))
                    continue
                out.append((r, what, reply.text))
                sent.append(DM(user, "", list(reply.pictures), role=r))  # its pictures: the caller's
        return self._judge(game, sent, out, lawful, everything)

    def _branches(
        self, game: GameObject, lawful: dict[str, set[str]], everything: set[str], plays: list[str]
    ) -> list[Leak]:
        """What the service sends if, at this moment, a reminder falls due, the deadline passes (``pass``
        and ``bot``, by turns) or each seat has left standing orders (all of the module's words): each
        played on a change of its own, the game itself going on as it was."""
        hub = _Hub(Live(self.row, game), 0.0)
        deadlines = Deadlines(hub.hub())
        play = Play.__new__(Play)
        standing = self.module.standing
        prefs: dict[int, dict[str, Any]] = {}
        if standing is not None:  # every seat with every standing order the module takes
            prefs = {u: {standing.key: dict.fromkeys(standing.words, True)} for u in self.user_role if u}
        action = ("pass", "bot")[self.report.orders // (6 * self.every) % 2]

        def reminder(ch: Change) -> None:
            ch.row.settings.due_at, ch.row.settings.reminder_hours = 3600.0, 2.0
            ch.row.settings.reminders_sent = []
            _run(deadlines._tick_one(ch))

        def passed(ch: Change) -> None:
            ch.row.settings.due_at, ch.row.settings.deadline_action = 1.0, action
            hub.now = 2.0
            _run(deadlines._tick_one(ch))

        leaks = []

        def standing_orders(ch: Change) -> None:
            play._standing_orders(ch, prefs)

        named = {"reminder": reminder, "passed": passed, "standing": standing_orders}
        for fn in (named[p] for p in plays):
            row = self.row.copy()
            ch = _Quiet(Live(row, game), {})
            hub.live = Live(row, game)
            hub.now = 0.0
            fn(ch)
            if not ch.outbox:
                continue
            law, every = {a: set(v) for a, v in lawful.items()}, set(everything)
            for _g, new in ch.passed:  # what each audience was told of the orders it played
                for e in new:
                    words(e.secret, every)
                    for a in self.audiences:
                        told(e.visible(a), law[a])
            after = ch.game
            assert after is not None
            if after is not game:  # and what each sees at its end
                for a in self.audiences:
                    seen = words(after.view(a, events=False))
                    law[a] |= seen
                    every |= seen
            leaks += self._judge(after, ch.outbox, [], law, every)
        return leaks

    def _drafts(self, m: DM, game: GameObject) -> list[tuple[str, str, str]]:
        """A form's prompt (``Drafts.text``) and the pieces its selects offer (the ``SealedChoice``'s)."""
        drafts = Drafts.__new__(Drafts)  # its text needs no service: the row and the game
        out = []
        for place in m.forms:
            out.append((m.role, "draft", drafts.text(self.row, game, m.role, place, self.lang)))
            form = form_at(self.row, game, m.role, place)
            out += [(m.role, "draft", u) for u in (form.pieces if form else ())]
        return out


def _texts(m: Message) -> list[tuple[str, str, str]]:
    """A message's texts and component labels, each with its audience."""
    if isinstance(m, Post):
        return [(PUBLIC, "post", m.text)]
    if isinstance(m, Status):
        return [(PUBLIC, "status", m.text)]
    if isinstance(m, DM):
        return [(m.role, "dm", m.text), *((m.role, "picks", p) for p in m.picks)]
    return []


def _settled(game: GameObject) -> GameObject:
    """``game``, its ``legal`` and ``view`` answered once per role: a game the driver never changes again
    (each order goes to a copy) is asked them by the driver, the broadcast's prompt, its list and its
    headline, and the scan, all of the same moment."""
    seen: dict[tuple[Any, ...], Any] = {}
    legal, view = game.legal, game.view

    def legal_once(role: str) -> Any:
        if ("legal", role) not in seen:
            seen["legal", role] = legal(role)
        return seen["legal", role]

    def view_once(role: str = PUBLIC, *, events: bool = True) -> Any:
        if ("view", role, events) not in seen:
            seen["view", role, events] = view(role, events=events)
        return seen["view", role, events]

    setattr(game, "legal", legal_once)  # noqa: B010 (on this object only)
    setattr(game, "view", view_once)  # noqa: B010
    return game


class _Random:
    def choose(self, view: Any, legal: Any, rng: random.Random) -> str:
        return str(rng.choice(list(legal.choices)))


def scan_game(
    module: AnyModule,
    seed: int,
    *,
    values: dict[str, OptionValue] | None = None,
    bots: bool = True,
    cap: int = 3000,
    lang: str | None = None,
    every: int = EVERY,
) -> Report:
    """One whole seeded game of ``module`` (on option ``values``; the defaults when None), played as the
    service plays it (each order applied to a working copy), every change's messages scanned. Seats: random
    legal orders, and on odd seeds the module's bot player in one seat; the language: English on even seeds,
    Japanese on odd ones (``lang`` fixes it). Stops at ``cap`` orders (the scan needs no result). ``every``:
    the orders between the moments each seat asks (status, map, log, export) and a reminder and a passed
    deadline are played (0: never)."""
    t0 = time.perf_counter()
    options = module.make_options(module.defaults() | (values or {}))
    game = module.new_game(options, seed)
    rng = random.Random(f"secrecy {seed}")
    roles = module.roles(options)
    players: dict[str, Player[Any, Any]] = {r: _Random() for r in roles}
    if bots and has_player(module.id) and seed % 2:
        players[roles[seed // 2 % len(roles)]] = new_player(module.id)
    scan = Scan(module, game, seed, lang or ("ja" if seed % 2 else "en"), every)
    game = _settled(game)
    scan.start(game)
    while not game.over and scan.report.orders < cap:
        role = rng.choice(game.active())
        order = players[role].choose(game.view(role, events=False), game.legal(role), rng)
        work = module.copy(game)  # as the service applies an order: the game before it stays
        new = work.apply(role, order)
        work = _settled(work)
        scan.order(role, list(new), work, game)
        game = work
    scan.report.seconds = time.perf_counter() - t0
    return scan.report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.secrecy")
    ap.add_argument("game", help="a registered game module")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cap", type=int, default=3000, help="orders scanned at most in one game")
    ap.add_argument("--every", type=int, default=EVERY, help="orders between the seats' asking (0: never)")
    args = ap.parse_args(argv)
    module = modules.get(args.game)
    t0 = time.perf_counter()
    leaks, orders = 0, 0
    for seed in range(args.seed, args.seed + args.games):
        rep = scan_game(module, seed, cap=args.cap, every=args.every)
        orders += rep.orders
        leaks += len(rep.leaks)
        for leak in rep.leaks[:20]:
            print(f"seed {seed}: {leak}", file=sys.stderr)
    summary = {"game": module.id, "games": args.games, "orders": orders, "leaks": leaks}
    print(json.dumps(summary | {"seconds": round(time.perf_counter() - t0, 1)}))
    return 1 if leaks else 0


if __name__ == "__main__":
    from engine.cli import run

    sys.exit(run(main))
