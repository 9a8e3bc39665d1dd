"""The secrecy scan: nothing the service sends may tell its audience what it may not know (any game module).

Over a whole seeded game, after every order, it builds what the service builds for that change — the
channel's post (with the headlines of its ping), each player's DM with its prompt and the labels of its list
to pick from, the reply to the player who gave the order, the pinned status — by the service's own code
(``bot.service.broadcast.after_change``, ``bot.service.play.reply_text``, a deployment's prompt and the
blocks its selects offer, ``bot.service.drafts``), and checks every text and label,
per recipient, against what that recipient may lawfully know: the words of its view before and after the
change, the parts of the events it has been told (``Event.visible``) and, for a seat, the words of its own
legal orders (what the rules let it do: the places a move may go). A word of the game — a string in
some role's view or in some event's secret part: a block's id or name, a card, a face — that the text holds
and the recipient's knowledge does not is a leak.

    python -m tools.secrecy liberty [--games 4] [--seed 0] [--cap 3000]

plays the default options and prints one line per leak and a JSON summary (games, orders, leaks, seconds);
exit status 1 on a leak. At scale, over the options the fuzzers draw: ``python -m tools.fuzz_module liberty
--secrecy`` and ``python -m tools.fuzz --secrecy``.
``scan_game(module, seed)`` is what the tests and ``--secrecy`` of the fuzzers (``tools/fuzz_module.py``,
``tools/fuzz.py``) call; ``Scan.order`` is the per-order hook, for a driver of its own."""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import re
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from bot.outbox import DM, Message, Post, Status
from bot.service.broadcast import after_change
from bot.service.common import Live
from bot.service.core import Change
from bot.service.drafts import Drafts, deploy_units
from bot.service.play import reply_text
from bot.storage import GameRow, GameSettings
from engine import modules
from engine.events import Event
from engine.module import GameObject, Module, resolve

PUBLIC = "public"
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_\-.']*")
USER = 1000  # the first seat's user id; seat i is USER + i


@dataclass(frozen=True)
class Leak:
    """A word a message told a recipient that the recipient may not know."""

    order: int  # the order after which it was sent (0: the start)
    recipient: str  # a role, or "public" (the game channel, the spectators, the pinned status)
    what: str  # "post", "status", "dm", "picks" (a list's labels), "draft" (a deployment's), "reply"
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


def words(value: Any, into: set[str] | None = None) -> set[str]:
    """Every string value in a view or an event (in dicts, lists, dataclasses; numbers and booleans are not
    words: a strength of 3 cannot be told from any other 3)."""
    out = set() if into is None else into
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            if len(v) >= 2:
                out.add(v)
        elif isinstance(v, dict):  # its values: the keys are the structure's names ("card", "units")
            stack.extend(v.values())
        elif isinstance(v, (list, tuple, set, frozenset)):
            stack.extend(v)
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            stack.extend(getattr(v, f.name) for f in dataclasses.fields(v))
    return out


def said(text: str, candidates: set[str]) -> set[str]:
    """The candidate words ``text`` holds as whole words (a word with a space: as it is written)."""
    found = {w.rstrip(".-'") for w in _WORD.findall(text)} & candidates
    found |= {c for c in candidates if " " in c and c in text}
    return found


class _Quiet(Change):
    """A change as the service makes one, but for the moment kept for the pictures (not drawn here)."""

    def moment(self) -> int:
        return self.seq


class _Memo:
    """The module's ``picks`` and ``prompt`` hooks, each answered once per game object and arguments: the
    broadcast of an order asks them of the game before it (is this the list the seat already holds?), which
    the previous order's broadcast asked of the same game. Only the entries of that game are kept from one
    order to the next (a driver that applies orders in place changes the game object itself)."""

    def __init__(self, module: Module) -> None:
        self.cache: dict[tuple[Any, ...], Any] = {}
        self.games: dict[int, GameObject] = {}  # held, so that an id is not reused while cached
        hooks: dict[str, Any] = {"picks": self._hook(module.picks, "picks")}
        if module.prompt is not None:
            hooks["prompt"] = self._hook(module.prompt, "prompt")
        self.memo = dataclasses.replace(module, **hooks)

    def _hook(self, fn: Any, name: str) -> Any:
        def memo(game: GameObject, *args: Any) -> Any:
            key = (id(game), name, *args)
            if key not in self.cache:
                self.games[id(game)] = game
                self.cache[key] = fn(game, *args)
            return self.cache[key]

        return memo

    def module(self, prior: GameObject | None) -> Module:
        keep = id(prior) if prior is not None and self.games.get(id(prior)) is prior else None
        self.cache = {k: v for k, v in self.cache.items() if k[0] == keep}
        self.games = {keep: self.games[keep]} if keep is not None else {}
        return self.memo


class Scan:
    """The scan of one game: ``start`` once, then ``order`` after every order applied (by any driver)."""

    def __init__(self, module: Module, game: GameObject, seed: int = 0, lang: str = "en") -> None:
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
        self.kept: GameObject | None = module.working_copy(game)  # the game before the next order
        self.memo = _Memo(module)

    def _views(self, game: GameObject) -> dict[str, set[str]]:
        return {a: words(game.view(a, events=False)) for a in self.audiences}

    def _learn(self, events: list[Event]) -> None:
        for e in events:
            if e.secret:
                words(e.secret, self.secret)
            for a in self.audiences:
                words(e.visible(a), self.told[a])

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
            before, self.kept = self.kept, self.module.working_copy(game)
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
        messages: list[tuple[str, str, str]] = []  # (recipient, what, text)
        for m in after_change(ch, new, everyone):
            messages += _texts(m)
            if isinstance(m, DM) and m.deploy:  # the deployment prompt it opens, and its buttons' labels
                messages += self._drafts(m, game)
        if role:
            messages.append((role, "reply", reply_text(new, role, self.lang, game.options, self.module)))
        leaks = []
        legal: dict[str, set[str]] = {}
        for who, what, text in messages:
            found = said(text, everything - lawful[who])
            if found and who in game.active():  # a role may be shown its own legal orders (the places
                if who not in legal:  # a move may go): asked only when a word is not otherwise known
                    legal[who] = {w for c in game.legal(who).choices for w in _WORD.findall(str(c))}
                found -= legal[who]
            for w in sorted(found):
                leaks.append(Leak(self.report.orders, who, what, w, text))
        self.report.leaks += leaks
        return leaks

    def _drafts(self, m: DM, game: GameObject) -> list[tuple[str, str, str]]:
        """A deployment DM's prompt (``Drafts.text``) and the blocks its selects offer (``deploy_units``)."""
        spec = self.module.draft
        if spec is None:
            return []
        drafts = Drafts.__new__(Drafts)  # its text needs no service: the row and the game
        out = []
        for town in m.deploy:
            out.append((m.role, "draft", drafts.text(self.row, game, m.role, town, self.lang)))
            out += [(m.role, "draft", u) for u in deploy_units(spec, game, m.role, town) or ()]
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
    module: Module,
    seed: int,
    *,
    values: dict[str, Any] | None = None,
    bots: bool = True,
    cap: int = 3000,
    lang: str | None = None,
) -> Report:
    """One whole seeded game of ``module`` (on option ``values``; the defaults when None), played as the
    service plays it (each order applied to a working copy), every change's messages scanned. Seats: random
    legal orders, and on odd seeds the module's bot player in one seat; the language: English on even seeds,
    Japanese on odd ones (``lang`` fixes it). Stops at ``cap`` orders (the scan needs no result)."""
    t0 = time.perf_counter()
    options = module.make_options(module.defaults() | (values or {}))
    game = module.new_game(options, seed)
    rng = random.Random(f"secrecy {seed}")
    roles = module.roles(options)
    players: dict[str, Any] = {r: _Random() for r in roles}
    if bots and module.bot_player and seed % 2:
        players[roles[seed // 2 % len(roles)]] = resolve(module.bot_player)()
    scan = Scan(module, game, seed, lang or ("ja" if seed % 2 else "en"))
    game = _settled(game)
    scan.start(game)
    while not game.over and scan.report.orders < cap:
        role = rng.choice(game.active())
        order = players[role].choose(game.view(role, events=False), game.legal(role), rng)
        work = module.working_copy(game)  # as the service applies an order: the game before it stays
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
    args = ap.parse_args(argv)
    module = modules.get(args.game)
    t0 = time.perf_counter()
    leaks, orders = 0, 0
    for seed in range(args.seed, args.seed + args.games):
        rep = scan_game(module, seed, cap=args.cap)
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
