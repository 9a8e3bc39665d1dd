"""Napoleon's pictures as the module declares them (``engine.module.PictureKind``): the campaign map, a
battle board per open battle (6.0) and, at the end, the replay. Each is drawn from a role's view by the
functions ``renderers.napoleon`` registers, in the bot's process pool; what is here makes each picture's
subject — plain data a worker process is sent — from the view; the replay's subject is the script, which the
platform plays into its public views where it is drawn (renderers play no game).

>>> from engine.napoleon.module import MODULE
>>> game = MODULE.new_game(MODULE.make_options({"setup": "historical"}), 1)
>>> s = map_subject(game, game.view("public", events=False), "public", "")
>>> s.scenario, s.view.battles
('napoleon', ())
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from data.napoleon import Scenario

from ..module import PictureKind
from . import present
from .battle_views import BattleView
from .game import Game
from .views import View


@dataclass(frozen=True)
class MapSubject:
    """The campaign map as ``view``'s role sees it, on the scenario ``scenario`` (by name when it is the data
    package's own, which a worker loads once; else the scenario itself)."""

    view: View
    scenario: Scenario | str = "napoleon"


@dataclass(frozen=True)
class BattleSubject:
    """The board of ``battle`` (a ``BattleView`` of ``role``'s view); None when the battle had ended by the
    picture's moment, when ``map`` is drawn instead (it says what happened)."""

    battle: BattleView | None
    role: str
    map: MapSubject


def _scenario(game: Game) -> Scenario | str:
    from data.napoleon import load_scenario

    sc = game.scenario
    try:
        return sc.name if load_scenario(sc.name) is sc else sc
    except Exception:  # a scenario of its own (a test's), not the data package's: sent as it is
        return sc


def map_subject(game: Game, view: View, role: str, place: str) -> MapSubject:
    """The view without its battles (the boards draw those; the map shows a battle by its towns' own
    fields), so that a fire leaves the map's subject, and so its picture, as it was, and the job sent to a
    worker is smaller (``tests/bot/test_pictures_pool.py`` checks the map is the same drawn either way)."""
    if getattr(view, "battles", None):
        view = dataclasses.replace(view, battles=())
    return MapSubject(view, _scenario(game))


def battle_subject(game: Game, view: View, role: str, place: str) -> BattleSubject:
    battle = next((b for b in view.battles if b.town == place), None)
    return BattleSubject(battle, role, map_subject(game, view, role, place))


def replay_subject(game: Game, view: View, role: str, place: str) -> str:
    """The game's script (``prepare`` plays it into the public views, frame by frame)."""
    return str(game.script())


PICTURES: tuple[PictureKind[Game, View], ...] = (
    PictureKind("map", board=True, rank=0, subject=map_subject),
    PictureKind("battle", places=present.battles, rank=1, subject=battle_subject),
    PictureKind("replay", at_end=True, private=False, rank=5, subject=replay_subject, replay=True),
)
