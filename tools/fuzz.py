"""The fuzzer of every game module: ``python -m tools.fuzz [--game ID] --games N [--seed S] [--mode all]
[--bot SIDE] [--jobs J] [--out DIR] [--cap N] [--options "key=value ..."] [--defaults] [--secrecy]
[--pictures N] [--quiet]``.

``--game`` is a registered module's id (``engine/modules.py``); without it, the registry's default game. It
plays whole games, random against random and the module's bot player against random from either side (the
*modes*: "random", "bot-SIDE" for each side the module's ``Module.fuzzing`` names, by default each seat of
its default options). Game ``seed`` plays the options and the mode of ``plan(module, seed)``: the module's
own plan of option combinations where it declares one (``Fuzzing.plan``), otherwise each declared option
drawn from the seed (``draw``) and the mode ``seed % len(modes)``; so any single game is re-run with
``--games 1 --seed S`` (and the same ``--mode``, ``--options``). ``--mode``: "all", "bot" (either bot mode)
or one mode (``--bot SIDE`` is ``--mode bot-SIDE``). ``--options`` fixes some values (``/game new``'s
text); ``--defaults`` draws none.

After every order it checks: the order a player picked was accepted (a rejected one fails the game, or is
counted as a fallback for a module that allows it, ``Fuzzing.bot_fallbacks``), no dead end (an active role
with nothing to do), no endless game (``--cap``), the module's invariants (``Module.fuzz_invariants``) and
its per-order check (``Fuzzing.watch``: a game's ``/undo``), and a twin saved and loaded every few orders
playing on exactly as the game that never stopped. At the end: the module's final checks
(``Fuzzing.final``), the snapshot loading back to the same game, and the game's script replayed to it. Each
failure is written to ``--out`` as a script that ``python -m engine.script`` replays. ``--secrecy``: what
the service sends after every order is scanned for what its audience may not know (``tools/secrecy.py``).
``--pictures N``: every picture of about one state in N orders is drawn (``tools/picture_sweep.py``).
Prints a JSON summary (games, failures, results by mode, by option combination and by option value, orders
and by kind, what the module counts in a game, seconds).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ai.player import PlayedGame, Player
from ai.registry import new_player
from engine import modules
from engine.errors import RuleError
from engine.events import Event
from engine.module import AnyModule, GameObject, OptionSpec, OptionValue, parse_values
from engine.orders import Choice
from engine.script import run_lines
from tools.parallel import play_all

if TYPE_CHECKING:
    from tools.picture_sweep import Sampler
    from tools.secrecy import Scan

TWIN_EVERY = 5  # the fuzzer's twin is saved and loaded every this many orders
PICTURES = 120  # the pictures of about one state in this many orders are drawn (``tools/picture_sweep.py``)
PICTURES_HELP = "draw every picture of about one state in N orders, every new battle's and the last (0: none)"
SEATS = ("first", "second")  # "bot-first", "bot-second": the module's first or second side (an older name)


class Invariant(AssertionError):
    pass


def sides(module: AnyModule) -> tuple[str, ...]:
    """The sides a bot takes in turn: the module's, or the seats of its default options."""
    return module.fuzzing.sides or tuple(module.roles(module.make_options(module.defaults())))


def modes(module: AnyModule) -> tuple[str, ...]:
    """The modes a game may be played in: random orders everywhere, or the bot on one side."""
    return ("random", *(f"bot-{s}" for s in sides(module)))


def mode_of(module: AnyModule, mode: str) -> str:
    """``mode`` in today's words ("bot-first" is the first side's bot), or a RuleError-free ValueError."""
    if mode.startswith("bot-") and mode[4:] in SEATS and len(sides(module)) > SEATS.index(mode[4:]):
        return f"bot-{sides(module)[SEATS.index(mode[4:])]}"
    if mode not in (*modes(module), "all", "bot", "bots"):
        raise ValueError(f"mode {mode!r}: give one of all, bot, bots, {', '.join(modes(module))}")
    return mode


def bot_roles(module: AnyModule, options: Any, mode: str) -> tuple[str, ...]:
    """The roles the bot plays in ``mode`` ("bots": every role)."""
    roles = tuple(module.roles(options))
    if mode == "bots":
        return roles
    if not mode.startswith("bot-"):
        return ()
    side = mode_of(module, mode)[4:]
    if module.fuzzing.side_roles is not None:
        return module.fuzzing.side_roles(options, side)
    return (side,) if side in roles else ()


def _values(spec: OptionSpec) -> list[OptionValue]:
    """The values an option is drawn from (the default weighted as the others together, or twice)."""
    if spec.kind == "bool":
        return [False, True]
    if spec.kind == "choice":
        return list(spec.choices)
    if spec.kind == "int" and spec.lo is not None and spec.hi is not None:
        return [spec.default, spec.default, spec.lo, spec.hi, (spec.lo + spec.hi) // 2]
    return [spec.default]  # a text option, or an int without bounds: its default only


def draw(module: AnyModule, seed: int, fixed: dict[str, OptionValue] | None = None) -> dict[str, OptionValue]:
    """Game ``seed``'s option values: ``fixed`` as given, every other option drawn (``_values``) from the
    seed alone."""
    rng = random.Random(f"options {seed}")
    out = {spec.name: rng.choice(_values(spec)) for spec in module.options}
    return out | (fixed or {})


def label(module: AnyModule, values: Mapping[str, OptionValue]) -> str:
    """An option combination in words: its values other than the defaults, or "defaults"."""
    bits = [f"{s.name}={_text(values[s.name])}" for s in module.options if values[s.name] != s.default]
    return " ".join(bits) or "defaults"


def describe(module: AnyModule, options: Any) -> str:
    """Options in words: the module's own way, or the values other than the defaults."""
    if module.fuzzing.label is not None:
        return module.fuzzing.label(options)
    return label(module, module.options_dict(options))


def _text(v: OptionValue) -> str:
    return ("on" if v else "off") if isinstance(v, bool) else str(v)


def plan(
    module: AnyModule,
    seed: int,
    wanted: str = "all",
    fixed: dict[str, OptionValue] | None = None,
    drawn: bool = True,
) -> tuple[Any, str]:
    """The options object and the mode game ``seed`` plays: a fixed function of the seed (``wanted``: "all",
    "bot" for any bot mode, or one mode); ``fixed`` values override, ``drawn`` False keeps the defaults."""
    wanted = mode_of(module, wanted)
    if module.fuzzing.plan is not None and drawn:
        options, mode = module.fuzzing.plan(seed, wanted)
        if fixed:
            options = module.make_options(module.options_dict(options) | fixed)
        return options, mode
    values = draw(module, seed, fixed) if drawn else module.defaults() | (fixed or {})
    pool = [m for m in modes(module) if wanted in ("all", m) or (wanted == "bot" and m != "random")]
    return module.make_options(module.defaults() | values), pool[seed % len(pool)]


def pick(
    module: AnyModule, rng: random.Random, game: GameObject, role: str, budget: dict[str, int]
) -> str | None:
    """A random legal order of ``role`` as its text: the module's random player (``Fuzzing.pick``), or any
    legal choice, evenly."""
    if module.fuzzing.pick is not None:
        return module.fuzzing.pick(rng, game, role, budget)
    choices = list(game.legal(role).choices)
    return str(rng.choice(choices)) if choices else None


def winner(module: AnyModule, game: GameObject) -> tuple[str, str]:
    """A finished game's winner and why."""
    if module.fuzzing.result is not None:
        return module.fuzzing.result(game)
    result = getattr(game, "result", None)
    won = result() if callable(result) else result
    if isinstance(won, dict):
        return str(won.get("winner", "")), str(won.get("reason", ""))
    return str(won or ""), ""


@dataclass
class GameRun:
    seed: int
    options: Any
    orders: int
    result: str
    seconds: float
    mode: str = "random"
    reason: str = ""
    bot_seconds: float = 0.0  # the bot player's own time (its view, legal and choose calls)
    fallbacks: int = 0  # bot orders the engine rejected (each replaced by a legal fallback)
    rejected: list[tuple[str, str, str]] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)  # what the module counts in a game (battles, ...)
    kinds: dict[str, int] = field(default_factory=dict)  # orders by kind (``/move``: n)


class Failure(Exception):
    """A failed game, with the script that replays it up to the failure."""

    def __init__(
        self, seed: int, options: Any, mode: str, error: BaseException, script: str, where: str = ""
    ):
        super().__init__(f"{type(error).__name__}: {error}")
        self.seed, self.options, self.mode, self.error, self.script = seed, options, mode, error, script
        self.where = where  # the options in words
        self.trace: list[str] = []  # the traceback, as text (it crosses process boundaries)


class _Game:
    """One game being fuzzed: its players, its twin, its checks."""

    def __init__(self, module: AnyModule, seed: int, options: Any, mode: str, check_every: bool) -> None:
        self.module, self.mode, self.check_every = module, mode, check_every
        self.game: GameObject = module.new_game(options, seed)
        # A twin that is saved and loaded every few orders must stay identical to the game that never
        # stopped: a restart must never change what happens next.
        self.twin: GameObject | None = module.loads(self.game.dumps()) if check_every else None
        fz = module.fuzzing
        self.watch = fz.watch(self.game) if check_every and fz.watch is not None else None
        self.played: list[str] = []  # every order applied, as script lines

    def after(self, role: str, order: str) -> None:
        game, module = self.game, self.module
        self.played.append(f"{role}: {order}")
        if not self.check_every:
            return
        for check in module.fuzz_invariants:
            check(game)
        if self.watch is not None:
            self.watch(game, order)
        assert self.twin is not None
        self.twin.apply(role, order)
        if len(self.played) % TWIN_EVERY == 0:
            saved = self.twin.dumps()  # compared, then loaded: the twin does not change in between
            if saved != game.dumps():
                raise Invariant("a game saved and loaded plays on differently from one never stopped")
            self.twin = module.loads(saved)

    def final(self) -> None:
        game, module = self.game, self.module
        for check in module.fuzzing.final:
            check(game)
        snap = game.dumps()
        if module.loads(json.dumps(json.loads(snap))).dumps() != snap:
            raise Invariant("snapshot round trip changed the game")
        replay = run_lines(game.script().splitlines())
        if not replay.ok or replay.game is None or replay.game.dumps() != snap:
            raise Invariant("replaying the game's script did not reproduce it")

    def script(self) -> str:
        """Every order as played, /undo included (the game's own script leaves out what was undone)."""
        try:
            head = []
            for line in self.game.script().splitlines():
                if not line.startswith("@"):
                    break
                head.append(line)
            return "\n".join([*head, *self.played]) + "\n"
        except Exception:
            return ""


def play(
    module: AnyModule,
    seed: int,
    options: Any = None,
    *,
    mode: str = "random",
    check_every: bool = True,
    final_checks: bool = True,
    opponent: Player[Any, Any] | None = None,
    secrecy: bool = False,
    pictures: Sampler | None = None,
    cap: int | None = None,
) -> GameRun:
    """Play one whole game of ``module``. ``mode``: "random", "bot-SIDE" or "bots" (the bot on every side).
    The random side uses ``pick`` or, if given, ``opponent`` (an ``ai.Player``). ``options`` None: drawn
    from the game's random generator (``Fuzzing.random_options``, or ``draw``). Raises ``Failure`` (with a
    replayable script) on a broken invariant or a crash."""
    from ai.player import PlayStats, play_one

    rng = random.Random(seed)
    fz = module.fuzzing
    if options is None:
        rand = fz.random_options
        options = (
            rand(rng) if rand is not None else module.make_options(module.defaults() | draw(module, seed))
        )
    mode = mode_of(module, mode)
    cap = cap or fz.cap
    t0 = time.perf_counter()
    run = _Game(module, seed, options, mode, check_every)
    game = run.game
    _Moment.hold(game)  # legal and view asked once per state and role, whoever asks (the players, the scan)
    bots: dict[str, Player[Any, Any]] = {}
    others: dict[str, Player[Any, Any]] = {}
    stats = None
    roles = bot_roles(module, options, mode)
    if roles or opponent is not None:
        bots = {r: new_player(module.id) for r in roles}
        if opponent is not None:
            others = {r: opponent for r in module.roles(options) if r not in bots}
        stats = PlayStats()
    budget: dict[str, int] = {}
    kinds: dict[str, int] = {}
    bot_time = 0.0
    n = 0
    role, order, pending = "", "", False
    scan = _scan(module, game, seed) if secrecy else None  # tools/secrecy.py: what the service sends, checked
    try:
        while not game.over:
            active = game.active()
            if not active:
                raise Invariant("dead end: nobody may act and the game is not over")
            role = rng.choice(active)
            player = bots.get(role) or others.get(role)
            told = len(game.events)
            pending = True
            if player is not None:
                t1 = time.perf_counter()
                order = "(the bot's order)"
                # ``GameObject.apply`` is typed for an order's text; every game takes its own order values too
                played = cast(PlayedGame[Any, Any], game)
                done = play_one(played, role, player, rng, stats=stats, apply=_strict(module, played, role))
                if role in bots:
                    bot_time += time.perf_counter() - t1
                if done is None:
                    raise Invariant(f"dead end: {role} must act but has no order")
                order = str(done)
            else:
                picked = pick(module, rng, game, role, budget)
                if picked is None:
                    raise Invariant(f"dead end: {role} must act but has no legal order")
                order = picked
                try:
                    game.apply(role, order)
                except RuleError as e:
                    raise Invariant(f"legal() listed {role}: {order} but it was rejected: {e}") from None
            pending = False
            if scan is not None and (scan.order(role, list(game.events[told:]), game) or scan.report.leaks):
                raise Invariant(f"a secret told: {scan.report.leaks[0]}")
            n += 1
            kind = order.split()[0] if order.strip() else "?"
            kinds[kind] = kinds.get(kind, 0) + 1
            if n > cap:
                raise Invariant(f"endless game: {n} orders without an end")
            run.after(role, order)
            if pictures is not None:  # a ``picture_sweep.Sampler``: this state's pictures, if it is sampled
                pictures.after(game)
        if pictures is not None:
            pictures.end(game)
        if final_checks:
            run.final()
    except Exception as e:
        script = run.script()
        if pending:
            script += f"# FAILED HERE (not applied) -- {role}: {order}\n"
        elif order:
            script += f"# FAILED after the last order above: {e}\n"
        raise Failure(seed, options, mode, e, script, describe(module, options)) from e
    won, why = winner(module, game)
    return GameRun(
        seed,
        options,
        n,
        won,
        time.perf_counter() - t0,
        mode,
        why,
        bot_time,
        stats.fallbacks if stats else 0,
        list(stats.rejected) if stats else [],
        fz.counts(game),
        kinds,
    )


class _Moment:
    """A game's ``legal`` and ``view`` answered once per role (and ``events``) until an order is applied to
    it: the random player, the bot, the service's prompt, headline and status and the secrecy scan all ask
    them of the same state, and ``apply`` is the only way the fuzzer changes a game (``apply`` forgets every
    answer, before and after, a refused order too). The answers are the game's own; a copy of the game (its
    twin, the scan's) is a new object that asks its own."""

    def __init__(self, game: GameObject) -> None:
        self.legal_of, self.view_of, self.apply_to = game.legal, game.view, game.apply
        self.answers: dict[tuple[Any, ...], Any] = {}

    @classmethod
    def hold(cls, game: GameObject) -> None:
        """Answer ``game``'s questions once per state, on this object only (its class is not changed)."""
        if not hasattr(game, "__dict__"):  # a game object that takes no attributes of its own asks each time
            return
        m = cls(game)
        setattr(game, "legal", m.legal)  # noqa: B010 (on this object only)
        setattr(game, "view", m.view)  # noqa: B010
        setattr(game, "apply", m.apply)  # noqa: B010

    def legal(self, role: str) -> Any:
        key = ("legal", role)
        if key not in self.answers:
            self.answers[key] = self.legal_of(role)
        return self.answers[key]

    def view(self, role: str = "public", *, events: bool = True) -> Any:
        key = ("view", role, events)
        if key not in self.answers:
            self.answers[key] = self.view_of(role, events=events)
        return self.answers[key]

    def apply(self, role: str, order: Any) -> list[Event]:
        self.answers.clear()
        try:
            return self.apply_to(role, order)
        finally:
            self.answers.clear()


def _strict(
    module: AnyModule, game: PlayedGame[Any, Any], role: str
) -> Callable[[str, Choice], object] | None:
    """How a bot's order is applied: as it is where the module allows fallbacks (``play_one`` replaces a
    rejected one), else a rejected order fails the game."""
    if module.fuzzing.bot_fallbacks:
        return None

    def apply(r: str, order: Choice) -> object:
        try:
            return game.apply(r, order)
        except RuleError as e:
            raise Invariant(f"the bot's order {r}: {order} was rejected: {e}") from None

    return apply


def _scan(module: AnyModule, game: GameObject, seed: int) -> Scan:
    from tools.secrecy import Scan

    scan = Scan(module, game, seed)
    scan.start(game)  # what it finds is reported with the first order
    return scan


Work = tuple[str, int, str, dict[str, OptionValue], bool, bool, int, int]


def _one(work: Work) -> GameRun | Failure:
    game_id, seed, wanted, fixed, drawn, secrecy, every, cap = work
    module = modules.get(game_id)
    options, mode = plan(module, seed, wanted, fixed, drawn)
    try:
        return play(
            module, seed, options, mode=mode, secrecy=secrecy, pictures=_sampler(module, seed, every), cap=cap
        )
    except Failure as f:
        f.__traceback__ = None
        f.__cause__ = None
        f.error = RuntimeError(str(f.error))  # picklable across processes
        f.trace = traceback.format_exception(f.__context__) if f.__context__ else []
        f.__context__ = None
        return f


def _sampler(module: AnyModule, seed: int, every: int) -> Sampler | None:
    """The pictures drawn of game ``seed`` (``tools/picture_sweep.py``), or None (``every`` 0)."""
    if not every:
        return None
    from tools.picture_sweep import Sampler

    return Sampler(module, seed, every)


def _tally(into: dict[str, Any], key: str, won: str) -> None:
    t = into.setdefault(key, {"games": 0, "results": {}})
    t["games"] += 1
    t["results"][won] = t["results"].get(won, 0) + 1


def summary(
    module: AnyModule, games: int, runs: list[GameRun], failures: list[Failure], jobs: int, dt: float
) -> dict[str, Any]:
    """The JSON summary of a run."""
    by_mode: dict[str, dict[str, Any]] = {}
    results: dict[str, dict[str, int]] = {m: {} for m in modes(module)}
    combinations: dict[str, Any] = {}
    by_option: dict[str, dict[str, Any]] = {s.name: {} for s in module.options}
    kinds: dict[str, int] = {}
    counts: dict[str, int] = {}
    for r in runs:
        m = by_mode.setdefault(r.mode, {"games": 0, "results": {}, "fallbacks": 0})
        m["games"] += 1
        m["results"][r.result] = m["results"].get(r.result, 0) + 1
        m["fallbacks"] += r.fallbacks
        results.setdefault(r.mode, {})[r.result] = results.get(r.mode, {}).get(r.result, 0) + 1
        _tally(combinations, describe(module, r.options), r.result)
        for name, v in module.options_dict(r.options).items():
            if name in by_option:
                _tally(by_option[name], _text(v), r.result)
        for k, n in r.kinds.items():
            kinds[k] = kinds.get(k, 0) + n
        for k, n in r.counts.items():
            counts[k] = counts.get(k, 0) + n
    covered = {(describe(module, r.options), r.mode) for r in runs}
    return {
        "game": module.id,
        "games": games,
        "failures": len(failures),
        "modes": by_mode,
        "results": results,
        "combinations_covered": len(covered),
        "orders": sum(r.orders for r in runs),
        **counts,
        "longest_game_orders": max((r.orders for r in runs), default=0),
        "slowest_game_seconds": round(max((r.seconds for r in runs), default=0.0), 2),
        "orders_by_kind": dict(sorted(kinds.items(), key=lambda kv: -kv[1])),
        "seconds": round(dt, 2),
        "jobs": jobs,
        "by_option": by_option,
        "combinations": dict(sorted(combinations.items(), key=lambda kv: (-kv[1]["games"], kv[0]))),
        "failed": [
            {"seed": f.seed, "mode": f.mode, "options": f.where, "error": str(f.error)} for f in failures[:20]
        ],
    }


def parser(prog: str = "python -m tools.fuzz") -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog=prog)
    ap.add_argument("--game", default="", help="a registered game module (default: the registry's default)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1, help="the first game's seed (game i plays seed S+i)")
    ap.add_argument(
        "--mode",
        default="all",
        help="all: random and bot-versus-random games; bot: the bot on either side; or one mode "
        "(random, bot-SIDE)",
    )
    ap.add_argument("--bot", default="", metavar="SIDE", help="the bot on SIDE only (--mode bot-SIDE)")
    ap.add_argument("--jobs", type=int, default=1, help="processes to play games in")
    ap.add_argument("--out", default="fuzz-failures", help="where failing games are written as scripts")
    ap.add_argument("--cap", type=int, default=0, help="orders after which a game has failed to end")
    ap.add_argument("--options", default="", help='option values every game plays ("key=value ...")')
    ap.add_argument("--defaults", action="store_true", help="draw no options: the defaults (and --options)")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--secrecy", action="store_true", help="scan what the service sends (tools/secrecy.py)")
    ap.add_argument("--pictures", type=int, default=PICTURES, metavar="N", help=PICTURES_HELP)
    return ap


def main(argv: list[str] | None = None, prog: str = "python -m tools.fuzz") -> int:
    ap = parser(prog)
    args = ap.parse_args(argv)
    try:
        module = modules.get(args.game or None)
        fixed = parse_values(module.options, args.options, {})  # only the values given
        wanted = mode_of(module, f"bot-{args.bot}" if args.bot else args.mode)
    except RuleError as e:
        ap.error(f"--game or --options: {e}")
    except ValueError as e:
        ap.error(f"--mode: {e}")
    cap = args.cap or module.fuzzing.cap
    work = [
        (module.id, args.seed + i, wanted, fixed, not args.defaults, args.secrecy, args.pictures, cap)
        for i in range(args.games)
    ]
    t0 = time.perf_counter()
    results: list[GameRun | Failure] = []

    def progress(r: GameRun | Failure) -> None:
        results.append(r)
        if isinstance(r, Failure) or (not args.quiet and len(results) % 500 == 0):
            bad = sum(isinstance(x, Failure) for x in results)
            el = time.perf_counter() - t0
            print(f"{len(results)}/{args.games} games, {bad} failed, {el:.0f} s", file=sys.stderr, flush=True)

    play_all(_one, work, args.jobs, progress)
    dt = time.perf_counter() - t0
    runs = sorted((r for r in results if isinstance(r, GameRun)), key=lambda r: r.seed)
    failures = sorted((r for r in results if isinstance(r, Failure)), key=lambda f: f.seed)
    for f in failures:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"seed-{f.seed}.txt"
        head = f"# fuzz failure, seed {f.seed}, {f.mode}, {f.where}: {f.error}\n"
        path.write_text(head + f.script, encoding="utf-8")
        print(f"FAIL seed {f.seed} ({f.mode}, {f.where}): {f.error} -> {path}", file=sys.stderr)
        if not args.quiet:
            print("".join(f.trace), file=sys.stderr)
    print(json.dumps(summary(module, args.games, runs, failures, args.jobs, dt)))
    return 1 if failures else 0


if __name__ == "__main__":
    from engine.cli import run

    sys.exit(run(main))
