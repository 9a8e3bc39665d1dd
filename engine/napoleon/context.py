"""The working context of one order: the state being changed, the scenario, and small shared helpers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import RuleError
from ..messages import lookup_error, rule_error
from .sequence import Phase, go
from .state import _PLACE_CHANGES, SIDE_OF, GameState, Result, Unit, armies_of

if TYPE_CHECKING:
    from data.napoleon import Scenario

    from ..events import Event
    from .options import Options


# (the game's roles, an army or "side:" and a side) -> the roles commanding it (``Ctx.roles_of_army``,
# ``roles_of_side``): a few games' worth of tuples, asked on every order
_ROLES: dict[tuple[tuple[str, ...], str], tuple[str, ...]] = {}
_LAST_OCC: list[dict[str, set[str]]] = [{}]  # the occupancy ``Ctx._rebuild`` made last (never changed)


@dataclass
class Ctx:
    st: GameState
    sc: Scenario

    def occupancy(self) -> dict[str, set[str]]:
        """Town -> the sides standing in it now (a walk looks it up once, then asks the dict). Kept with the
        state as ``(place stamp, units dict, occupancy)`` until a unit's place changes
        (``state._PLACE_CHANGES``) or the state's units are another dict; ``GameState.clone`` carries it
        over to the copy (the same places). Never changed in place: a rebuild makes a new one."""
        occ = self.st.kept_occupancy()
        return occ if occ is not None else self._rebuild()

    def _rebuild(self) -> dict[str, set[str]]:
        gen = _PLACE_CHANGES[0]
        occ: dict[str, set[str]] = {}
        at: dict[str, list[str]] = {}  # town -> the ids of the units standing in it, in the units' order
        get = occ.get
        for uid, u in self.st.units.items():  # the fields as stored (``Unit.__dict__``): a third faster
            d = u.__dict__  # than the attributes and the ``side`` property, and this runs after every move
            loc = d["location"]
            if loc is not None and not d["eliminated"]:
                side = SIDE_OF[d["army"]]
                sides = get(loc)
                if sides is None:
                    occ[loc] = {side}
                    at[loc] = [uid]
                else:
                    sides.add(side)
                    at[loc].append(uid)
        last = _LAST_OCC[0]
        if occ == last:
            # the same sides in the same towns as the last one made (a move within one's own towns, a fire,
            # a state asked again): that one, so that what is kept per occupancy holds on (retreat walks)
            occ = last
        else:
            _LAST_OCC[0] = occ
        object.__setattr__(self.st, "_occ", (gen, self.st.units, occ, at))  # not a field, not a change
        return occ

    def _standing(self) -> dict[str, list[str]]:
        """Town -> the ids of the units standing in it (``units_at``), kept with the occupancy."""
        if self.st.kept_occupancy() is None:
            self._rebuild()
        at: dict[str, list[str]] = self.st.__dict__["_occ"][3]
        return at

    @property
    def opts(self) -> Options:
        return self.st.options

    @property
    def third(self) -> bool:
        return self.st.options.third

    # --- roles --------------------------------------------------------------------------------------
    def roles_of_army(self, army: str) -> tuple[str, ...]:
        roles = self.opts.roles
        found = _ROLES.get((roles, army))
        if found is None:
            found = _ROLES[(roles, army)] = tuple(r for r in roles if army in armies_of(r))
        return found

    def roles_of_side(self, side: str) -> tuple[str, ...]:
        roles = self.opts.roles
        found = _ROLES.get((roles, "side:" + side))
        if found is None:
            found = _ROLES[(roles, "side:" + side)] = tuple(
                r for r in roles if any(SIDE_OF[a] == side for a in armies_of(r))
            )
        return found

    # --- units --------------------------------------------------------------------------------------
    def unit(self, uid: str) -> Unit:
        return self.st.units[uid]

    def units_at(self, town: str, side: str | None = None) -> list[Unit]:
        units = self.st.units
        ids = self._standing().get(town, ())
        if side is None:
            return [units[i] for i in ids]
        return [u for i in ids if SIDE_OF[(u := units[i]).army] == side]

    def enemy_in(self, town: str, side: str) -> bool:
        sides = self.occupancy().get(town)
        return bool(sides and (len(sides) > 1 or side not in sides))

    def friendly_in(self, town: str, side: str) -> bool:
        sides = self.occupancy().get(town)
        return bool(sides and side in sides)

    def emit(
        self,
        kind: str,
        data: dict[str, Any] | None = None,
        *,
        secret: dict[str, Any] | None = None,
        to: tuple[str, ...] | frozenset[str] = (),
    ) -> Event:
        return self.st.emit(kind, data, secret=secret, to=to)

    def roll(self, n: int, why: str, **data: Any) -> list[int]:
        """Roll ``n`` dice in the open: every roll is a public event (dice everyone can trust)."""
        dice = self.st.dice.rolls(n)
        self.emit("dice", {"why": why, "dice": dice, **data})
        return dice

    def lose(self, u: Unit, steps: int, reason: str, *, public_face: bool = False) -> None:
        """Take ``steps`` losses (2.4: a 1-cv unit that takes a loss is eliminated; 10.0: a leader that must
        take a hit is killed)."""
        if steps <= 0 or u.eliminated:
            return
        town = u.location
        before = u.cv
        u.cv = max(0, u.cv - steps)
        face: dict[str, Any] = {"unit": u.id, "cv": u.cv, "was": before, "type": u.type}
        owners = self.roles_of_army(u.army)
        if u.cv == 0 or u.leader:
            self.eliminate(u, reason)
            return
        pub: dict[str, Any] = {"army": u.army, "town": town, "steps": before - u.cv, "reason": reason}
        if public_face:
            pub.update(face)
            self.emit("loss", pub)
        else:
            self.emit("loss", pub, secret=face, to=owners)

    def eliminate(self, u: Unit, reason: str, **params: Any) -> None:
        """Eliminated units are public (everyone sees who is eliminated). ``reason`` is a phrase of the
        catalog (its English template: engine/catalog.py) and ``params`` fill it."""
        town = u.location
        u.eliminated = True
        u.cv = 0
        u.location = None
        u.disrupted = False
        u.in_square = False
        data = {"unit": u.id, "army": u.army, "type": u.type, "town": town, "reason": reason}
        self.emit("eliminated", data | ({"reason_params": params} if params else {}))
        if u.id == "NAP" and self.st.result is None:
            # 10.0: if Napoleon is killed, France loses immediately.
            self.st.result = Result("allied", "Napoleon was killed (10.0)")
            go(self.st, Phase.OVER)
            self.emit("game_over", {"winner": "allied", "reason": self.st.result.reason})

    def fail(self, rule: str, key: str, /, **params: Any) -> RuleError:
        """The error for a rejected order: message ``key`` of ``engine.messages`` with ``params``."""
        return rule_error(rule, key, **params)

    def match_town(self, text: str) -> str:
        """The town a player means by ``text`` (RuleError if none or several)."""
        found = _matched(self.sc, "town").get(text)
        if found is not None:
            return found
        try:
            found = self.sc.match_town(text)
        except LookupError as e:
            raise lookup_error(e, "town", text) from None
        _remember(self.sc, "town", text, found)
        return found

    def match_unit(self, text: str) -> str:
        """The unit a player means by ``text`` (RuleError if none or several)."""
        found = _matched(self.sc, "unit").get(text)
        if found is not None:
            return found
        try:
            found = self.sc.match_unit(text)
        except LookupError as e:
            raise lookup_error(e, "unit", text) from None
        _remember(self.sc, "unit", text, found)
        return found


# What ``match_town`` and ``match_unit`` found for each text, per scenario (the scenario's matching folds
# every name typed: accents, case, prefixes; orders name the same few towns and units again and again):
# (scenario, "town" or "unit") -> {text: name}. Only names found are kept (a refusal is said again).
_MATCHED: dict[tuple[int, str], tuple[Scenario, dict[str, str]]] = {}


def _matched(sc: Scenario, what: str) -> dict[str, str]:
    kept = _MATCHED.get((id(sc), what))
    if kept is None or kept[0] is not sc:
        return {}
    return kept[1]


def _remember(sc: Scenario, what: str, text: str, name: str) -> None:
    kept = _MATCHED.get((id(sc), what))
    if kept is None or kept[0] is not sc or len(kept[1]) >= 10_000:  # texts typed by players: a bound
        if len(_MATCHED) >= 64:
            _MATCHED.clear()
        kept = _MATCHED[(id(sc), what)] = (sc, {})
    kept[1][text] = name
