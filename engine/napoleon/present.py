"""Napoleon as the platform shows it (the module's ``status``, ``describe_options``, ``outcome`` and the
battle boards' ``places``): built from views, its texts in Napoleon's catalog (``locale/``) said by the
front end's ``tx``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..module import GameObject, Text
from ..orders import Ids
from ..text import Command, complete_list, matches
from .game import Game
from .options import Options
from .sequence import Phase
from .state import armies_of

PREFIXES = {"french": "FR-", "british": "BR-", "prussian": "PR-"}
LEADERS = {"NAP": "french", "WEL": "british", "BLU": "prussian"}


def owns(role: str, unit_id: str) -> bool:
    """13.1: a role commands its armies' blocks (the allied role both the British and the Prussian)."""
    armies = armies_of(role)
    if unit_id in LEADERS:
        return LEADERS[unit_id] in armies
    return any(unit_id.startswith(PREFIXES[a]) for a in armies)


def status(game: Game, loc: str, tx: Text) -> str:
    """The game in one line: the turn, its date, day or night, the side and phase, whose move (4.0)."""
    v = game.view("public", events=False)
    if v.result:
        return tx.t("svc.status_over", loc, reason=v.result["reason"])
    if v.phase == Phase.SETUP:
        return tx.t("svc.status_setup", loc, active=list(v.active))
    when = "night" if v.night else v.slot
    waiting = tx.t("svc.status_waiting", loc, active=list(v.active)) if v.active else tx.t("svc.nobody", loc)
    return tx.t(
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


def describe_options(o: Any, loc: str, tx: Text) -> str:
    """The options in words (players, edition, setup, days, command control and corps restriction)."""
    assert isinstance(o, Options)
    extras = [
        tx.t(key, loc)
        for key, on in (
            ("svc.options_command_control", o.command_control),
            ("svc.options_corps_restriction", o.corps_restriction),
        )
        if on
    ]
    days = tx.t("svc.options_days", loc, days=o.days) if o.days else ""
    more = tx.t("svc.options_extras", loc, extras=extras) if extras else ""
    return tx.t(
        "svc.options_text", loc, players=o.players, ruleset=o.ruleset, setup=o.setup, days=days, extras=more
    )


def outcome(game: GameObject) -> str:
    assert isinstance(game, Game)
    return game.state.result.reason if game.state.result else ""


def battles(game: GameObject, role: str, events: Sequence[Any] | None) -> list[str]:
    """The battle boards a change shows ``role`` (6.0): the open battles its events touched (None: all of
    them), and for a player only those its army fights in."""
    assert isinstance(game, Game)
    touched = None if events is None else {e.data.get("town") for e in events}
    st = game.state
    return [
        b.town
        for b in st.open_battles()
        if (touched is None or b.town in touched)
        and (
            role == "public"
            or any(u.location == b.town and owns(role, u.id) and not u.eliminated for u in st.units.values())
        )
    ]


def waiting(game: GameObject) -> str:
    """What the players awaited are waiting on: a new deadline whenever it changes."""
    assert isinstance(game, Game)
    st = game.state
    return f"{st.turn}:{st.phase}:{','.join(game.active())}:{len(st.battles)}"


def deploying(game: GameObject) -> list[str]:
    """The battles awaiting a deployment (6.2)."""
    assert isinstance(game, Game)
    return [b.town for b in game.state.open_battles() if getattr(b, "status", "") == "deploy"]


_GIVEN_UNITS = Ids("units", case="upper")


def suggest(
    game: GameObject, role: str, order: str, option: str, current: str, given: dict[str, str]
) -> list[str] | None:
    """Autocomplete of ``/move`` (5.0): the blocks that may move, and the paths the first one chosen may take;
    None for every other option (the values of the legal choices)."""
    if order != "move" or option not in ("units", "path"):
        return None
    assert isinstance(game, Game)
    lg = game.legal(role)
    if option == "units":
        return complete_list(sorted(set(lg.moves) | set(lg.forced)), current)
    units = _GIVEN_UNITS.read(Command(order, given))  # the blocks named so far
    first = units[0] if units else None
    paths = []
    for uid, ps in list(lg.moves.items()) + list(lg.forced.items()):
        if first is None or uid == first:
            paths += [">".join(p) for p in ps]
    return [p for p in dict.fromkeys(paths) if matches(p, current)]
