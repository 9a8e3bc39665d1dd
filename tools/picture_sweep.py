"""The picture sweep: every picture a module declares, drawn for every role, on a sample of a game's states,
the way the bot draws them (``bot/pictures.py``: the kind's subject made from the role's view, a replay's
script played into views, the function registered to draw it). A picture that cannot be drawn raises
:class:`PictureFailure`, naming the state, the kind, the role and the place; the fuzzer
(``tools/fuzz.py``, every module) counts it as the game's failure.

Which pictures a state shows is the service's choice (``bot/service/broadcast.pictures_of``): one of each
kind, or one per place a kind names for the role (a battle board per open battle the role fights in), the
``at_end`` kinds once the game is over and in public only, the ``private`` kinds for each seat too.

Which states are drawn (:class:`Sampler`), a fixed function of the game's seed and its states:

- the first state after the set-up's first order, and ``every``: each state after an order with the
  probability ``1/every`` (drawn from the seed);
- a state where a place appears that a kind draws and has not drawn yet in this game (a battle that has
  just opened where none was drawn before, wherever it is: a hex, a town, a port off the map), in at most
  ``new_places`` states a game;
- the final state (with the ``at_end`` kinds, the replay, in ``at_end_every`` games: drawn from the seed);
  the first and the final state in every language the bot speaks (``BOTH``), the others in English.

The fuzzer draws them (``--pictures N``); to look at what is drawn, give a :class:`Sampler` a directory
(``out``): ``fuzz.play(module, seed, options, mode=mode, pictures=Sampler(module, seed, out="DIR"))``.
"""

from __future__ import annotations

import io
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from bot.pictures import Job, Pictures
from engine.module import AnyModule, GameObject
from engine.script import public_views
from renderers import registry

SIGNATURES = (b"\x89PNG\r\n\x1a\n", b"GIF8")
EVERY = 60  # a state is drawn after an order with this chance in one (besides new places and the end)
NEW_PLACES = 4  # at most this many states a game drawn for a place that has just appeared
BOTH = ("en", "ja")  # the first and the last state are drawn in both languages, the others in English
AT_END_EVERY = 10  # the at_end kinds (a replay: a second or more) are drawn in one game in this many


class PictureFailure(AssertionError):
    """A picture the bot would draw for a state could not be drawn."""


def roles(module: AnyModule, game: GameObject) -> tuple[str, ...]:
    """The public and every seat."""
    return ("public", *module.roles(game.options))


def jobs(module: AnyModule, game: GameObject, role: str, at_end: bool = True) -> Iterable[tuple[str, Job]]:
    """(place, job) of every picture the service shows ``role`` of ``game`` now (``broadcast.pictures_of``
    with every place: events None), made as ``Pictures.job`` makes them."""
    view = None
    for kind in module.pictures:
        if (kind.at_end and not (game.over and at_end)) or (role != "public" and not kind.private):
            continue
        places = [""] if kind.places is None else kind.places(game, role, None)
        for place in places:
            if view is None:
                view = game.view(role, events=False)
            subject = kind.subject(game, view, role, place) if kind.subject else view
            draw, prepare = registry.drawing(module.id, kind.name), public_views if kind.replay else None
            yield place, Job(kind.name, draw, subject, "en", role, prepare)


_DRAWER = Pictures.__new__(Pictures)  # draws a job as a worker does (no queue, no pool)


def draw_all(
    module: AnyModule,
    game: GameObject,
    at_end: bool = True,
    locales: tuple[str, ...] = ("en",),
    out: Callable[[str, bytes], None] | None = None,
) -> int:
    """Draw every picture of ``game`` now for every role; the number drawn. Raises ``PictureFailure``.
    ``out(name, data)`` is given each picture drawn (``kind-role[-place]-locale``)."""
    n = 0
    for role in roles(module, game):
        for place, job in jobs(module, game, role, at_end):
            for locale in locales:
                what = f"{job.kind} for {role}" + (f" at {place}" if place else "") + f" ({locale})"
                try:
                    data = _DRAWER.run(Job(job.kind, job.draw, job.subject, locale, role, job.prepare))
                    if not isinstance(data, bytes) or not data.startswith(SIGNATURES):
                        raise ValueError(f"drew {type(data).__name__}, not a PNG or GIF")
                    Image.open(io.BytesIO(data)).verify()
                    if out is not None:
                        out("-".join(x for x in (job.kind, role, place, locale) if x), data)
                except Exception as e:
                    raise PictureFailure(f"the {what} could not be drawn: {type(e).__name__}: {e}") from e
                n += 1
    return n


def places_now(module: AnyModule, game: GameObject) -> frozenset[tuple[str, str]]:
    """(kind, place) of the places the kinds draw in public now (every open battle)."""
    return frozenset(
        (kind.name, p)
        for kind in module.pictures
        if kind.places is not None
        for p in kind.places(game, "public", None)
    )


@dataclass
class Sampler:
    """Which states of game ``seed`` are drawn (see the module's doc). Call :meth:`after` after each order
    and :meth:`end` at the end; ``states`` and ``pictures`` count what was drawn, ``seconds`` the time."""

    module: AnyModule
    seed: int
    every: int = EVERY
    new_places: int = NEW_PLACES
    at_end_every: int = AT_END_EVERY
    out: str = ""  # a directory the pictures drawn are written to (``seed-S-order-N-kind-role...``)
    states: int = 0
    pictures: int = 0
    seconds: float = 0.0
    _rng: random.Random = field(init=False)
    _seen: frozenset[tuple[str, str]] = frozenset()
    _news: int = 0
    _orders: int = 0

    def __post_init__(self) -> None:
        self._rng = random.Random(f"pictures {self.seed}")

    def after(self, game: GameObject) -> None:
        """An order was applied to ``game``: draw this state if it is one of the sample."""
        self._orders += 1
        t = time.perf_counter()
        pick = self._orders == 1 or self._rng.random() * self.every < 1
        now = places_now(self.module, game)
        if now - self._seen and self._news < self.new_places:
            self._news += 1
            pick = True
        if pick and not game.over:
            self._draw(game, at_end=False, locales=BOTH if self._orders == 1 else ("en",))
            self._seen |= now
        self.seconds += time.perf_counter() - t

    def end(self, game: GameObject) -> None:
        """The game is over: its final state (with the replay in one game in ``at_end_every``)."""
        t = time.perf_counter()
        self._draw(game, random.Random(f"at end {self.seed}").randrange(self.at_end_every) == 0, BOTH)
        self.seconds += time.perf_counter() - t

    def _draw(self, game: GameObject, at_end: bool, locales: tuple[str, ...] = ("en",)) -> None:
        write = None
        if self.out:
            folder = Path(self.out)
            folder.mkdir(parents=True, exist_ok=True)
            stem = f"seed-{self.seed}-order-{self._orders}"

            def write(name: str, data: bytes) -> None:
                (folder / f"{stem}-{name}.{'gif' if data[:4] == b'GIF8' else 'png'}").write_bytes(data)

        try:
            self.pictures += draw_all(self.module, game, at_end, locales, out=write)
        except PictureFailure as e:
            raise PictureFailure(f"after order {self._orders}: {e}") from e
        self.states += 1

    def summary(self) -> dict[str, int | float]:
        return {"states": self.states, "pictures": self.pictures, "seconds": round(self.seconds, 2)}
