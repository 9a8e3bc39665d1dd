"""``view(role)``: the only way anything leaves the engine. Eagles of the Empire is open information: every
role sees every unit, leader and formation where it stands with its strength, facing and marks, the phase and
whose try it is, the activation under way, the scores; only a side's queued orders are its own (``queue``),
and
events show their secret part (a queue's orders) only to the side they were meant for.

The shape (``View.to_dict()``; the pictures, the bot players and the prompts read it):

- ``role``, ``scenario``, ``turn`` (1-based), ``turns``, ``time`` ("14:00"), ``light`` ("day"/"dusk"),
  ``weather`` (5.0), ``phase`` (``machine.Phase``), ``active`` (roles that must act);
- ``first`` (7.0, the side trying first this turn), ``chooser``, ``roller`` (8.1, whose try), ``fails``
(failed
  rolls in a row, 8.13), ``may_activate`` (8.1), ``activation``: None or ``{"side", "formations",
  "segment"}``;
- ``units``: ``{"id", "side", "kind", "arm", "formation", "area", "facing", "sp", "steps", "full_sp",
"full_steps", "parent" (11.3: the division a deployed counter came from), "morale",
  "long", "attached_to", "reserve", "in_command", "charged", "bombarded", "assaulted", "moved", "mp_left"
  (halves of an MP; ``None`` when the unit may not move now), "retreated", "disordered", "square" (17.1),
  "reverse_slope" (17.2)}`` (``area``: an area id,
  "off" not yet arrived, "gone" eliminated);
- ``leaders``: ``{"id", "side", "kind", "area", "alive", "range", "tactical", "initiative", "in_command"}``;
- ``formations``: ``{"id", "side", "leader", "activated", "released"}``;
- ``army_commander`` (side -> leader id, facts 7.3), ``holders`` (objective area -> side, facts 9), ``vp``
(side
  -> victory points now, facts 9), ``guard_released`` (facts 7.3);
- ``queue``: the role's own queued orders (texts), [] for anyone else;
- ``winner`` (a side, "draw" or None), ``reason``; ``events`` (each as the role may see it);
- ``command_areas``: leader on the map -> the areas in his command range, nearest first (9.2, the rules'
  own trace: the pictures draw it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.gamebase import KeptByContent

from .context import Ctx, content
from .machine import SEGMENTS
from .state import SIDES


@dataclass(frozen=True)
class View:
    role: str
    scenario: str
    turn: int
    turns: int
    time: str
    light: str
    weather: str
    phase: str
    active: tuple[str, ...]
    first: str | None
    chooser: str | None
    roller: str
    fails: int
    may_activate: int
    activation: dict[str, Any] | None
    units: tuple[dict[str, Any], ...]
    leaders: tuple[dict[str, Any], ...]
    formations: tuple[dict[str, Any], ...]
    army_commander: dict[str, str]
    holders: dict[str, str]
    vp: dict[str, int]
    guard_released: bool
    queue: tuple[str, ...]
    winner: str | None
    reason: str | None
    events: tuple[dict[str, Any], ...] = field(default=())
    command_areas: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.__dict__.items()}


def build_view(ctx: Ctx, role: str, active: list[str], *, events: bool = True) -> View:
    # the rules read the view's figures (imported late: they import views' peers)
    from . import command, victory

    st = ctx.st
    track = ctx.board.scenario(st.scenario).turns
    t = track[min(st.turn, len(track)) - 1]
    state = content(ctx)  # the key of what is kept of this state
    units, leaders, formations = _pieces(ctx, state)
    act = st.activation
    activation = None
    if act is not None:
        segment = st.phase if st.phase in {str(s) for s in SEGMENTS} else None
        activation = {"side": act.side, "formations": list(act.formations), "segment": segment}
    evs: tuple[dict[str, Any], ...] = ()
    if events:
        evs = tuple(e.visible(role) for e in ctx.events)
    return View(
        role=role,
        scenario=st.scenario,
        turn=st.turn,
        turns=len(track),
        time=t.hour,
        light=t.light,
        weather=st.weather,
        phase=st.phase,
        active=tuple(active),
        first=st.first,
        chooser=st.chooser,
        roller=st.roller,
        fails=st.fails,
        may_activate=st.may_activate,
        activation=activation,
        units=units,
        leaders=leaders,
        formations=formations,
        army_commander=dict(st.army_commander),
        holders=dict(sorted(st.holders.items())),
        vp=victory.score(ctx),
        guard_released=st.guard_released,
        queue=tuple(st.queue.get(role, ())) if role in SIDES else (),
        winner=st.winner,
        reason=st.reason or None,
        events=evs,
        command_areas=command.ranges(ctx, state),
    )


Pieces = tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...], tuple[dict[str, Any], ...]]


def _pieces(ctx: Ctx, state: bytes) -> Pieces:
    """The units, leaders and formations as every role sees them, made once a state (kept by its content):
    the views of every role share them, so what reads a view once (the words of the secrecy check, by
    identity) need not read them again. Nothing changes a view's rows once made. ``state``: its content."""
    kept = _PIECES.of(state)
    found = kept.get("pieces")
    if found is None:
        found = kept["pieces"] = _rows(ctx)
    return found


_PIECES: KeptByContent[Pieces] = KeptByContent(8)


def _rows(ctx: Ctx) -> Pieces:
    from . import movement  # imported late, as above

    st = ctx.st
    units = []
    for u in sorted(st.units.values(), key=lambda x: x.id):
        units.append(
            {
                "id": u.id,
                "side": u.side,
                "kind": u.kind,
                "arm": movement.arm(ctx, u.id),
                "formation": u.formation,
                "area": u.area,
                "facing": u.facing,
                "sp": u.sp,
                "steps": u.steps,
                "full_sp": u.full_sp,
                "full_steps": u.full_steps,
                "parent": u.parent,
                "morale": u.morale,
                "long": u.long,
                "attached_to": u.attached_to,
                "reserve": u.reserve,
                "in_command": u.in_command,
                "charged": u.charged,
                "bombarded": u.bombarded,
                "assaulted": u.assaulted,
                "moved": u.moved,
                "mp_left": movement.mp_left(ctx, u.id),
                "retreated": u.retreated,
                "disordered": u.disordered,
                "square": u.square,
                "reverse_slope": u.reverse_slope,
            }
        )
    leaders = [
        {
            "id": ld.id,
            "side": ld.side,
            "kind": ld.kind,
            "area": ld.area,
            "alive": ld.alive,
            "range": ld.range,
            "tactical": ld.tactical,
            "initiative": ld.initiative,
            "in_command": ld.in_command,
        }
        for ld in sorted(st.leaders.values(), key=lambda x: x.id)
    ]
    formations = [
        {"id": f.id, "side": f.side, "leader": f.leader, "activated": f.activated, "released": f.released}
        for f in sorted(st.formations.values(), key=lambda x: x.id)
    ]
    return tuple(units), tuple(leaders), tuple(formations)
