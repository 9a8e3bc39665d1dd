"""A small stand-alone battlefield for the battle tests (6.2-10.2): a toy map around Ligny and a toy order of
battle, so that battles can be set up exactly, block by block, without a campaign around them.

The map (road class, river)::

    Charleroi ==major== Fleurus ==major(river)== Ligny ==major== Sombreffe ==major== Gembloux
                                                  |   \\             |
                                              minor    minor      minor
                                                  |       \\         |
                                            Saint-Amand    Tongrinne -+-minor- Namur
                                                  |
                                               minor
                                                  |
                                              Wagnelee
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import Dice
from engine.errors import RuleError
from engine.napoleon import battle as B
from engine.napoleon.battle_views import battle_view
from engine.napoleon.context import Ctx
from engine.napoleon.options import Options
from engine.napoleon.orders import parse as parse_order
from engine.napoleon.state import Attack, GameState, Unit
from engine.text import fold


@dataclass(frozen=True)
class Road:
    a: str
    b: str
    cls: str
    river: str | None = None

    @property
    def limit(self) -> int:
        return 10 if self.cls == "major" else 6


@dataclass(frozen=True)
class UnitDef:
    id: str
    name: str
    army: str
    nation: str
    type: str
    corps: str | None
    max_cv: int
    guard: bool = False


ROADS = [
    Road("Charleroi", "Fleurus", "major"),
    Road("Fleurus", "Ligny", "major", "Ligne"),
    Road("Ligny", "Sombreffe", "major"),
    Road("Sombreffe", "Gembloux", "major"),
    Road("Ligny", "Saint-Amand", "minor"),
    Road("Ligny", "Tongrinne", "minor"),
    Road("Sombreffe", "Tongrinne", "minor"),
    Road("Tongrinne", "Namur", "minor"),
    Road("Saint-Amand", "Wagnelee", "minor"),
]

NATION = {"french": "French", "british": "British", "prussian": "Prussian"}
PREFIX = {"french": "FR", "british": "BR", "prussian": "PR"}


def _defs() -> list[UnitDef]:
    out = []
    for army in ("french", "british", "prussian"):
        for i in range(1, 21):
            kind = "infantry" if i <= 10 else "cavalry" if i <= 15 else "artillery" if i <= 18 else "infantry"
            max_cv = {"infantry": 4, "cavalry": 3, "artillery": 3 if i == 16 else 2}[kind]
            corps = f"{'I' if i % 2 else 'II'} Corps"
            out.append(
                UnitDef(
                    f"{PREFIX[army]}-{i}",
                    f"{army} {kind} {i}",
                    army,
                    NATION[army],
                    kind,
                    corps,
                    max_cv,
                    guard=army == "french" and i >= 19,
                )
            )
    out += [
        UnitDef("NAP", "Napoleon", "french", "French", "leader", None, 1),
        UnitDef("WEL", "Wellington", "british", "British", "leader", None, 1),
        UnitDef("BLU", "Blücher", "prussian", "Prussian", "leader", None, 1),
    ]
    return out


class Scenario:
    name = "toy"

    def __init__(self) -> None:
        self.roads = ROADS
        self.units = _defs()
        self._units = {d.id: d for d in self.units}
        self.town_names = sorted({r.a for r in ROADS} | {r.b for r in ROADS})

    def neighbours(self, town: str):
        out = []
        for r in self.roads:
            if r.a == town:
                out.append((r.b, r))
            elif r.b == town:
                out.append((r.a, r))
        return tuple(sorted(out, key=lambda x: x[0]))

    def road(self, a: str, b: str):
        for r in self.roads:
            if {r.a, r.b} == {a, b}:
                return r
        return None

    def unit(self, uid: str) -> UnitDef:
        return self._units[uid]

    def match_unit(self, text: str) -> str:
        t = text.strip().upper()
        if t in self._units:
            return t
        raise LookupError(f"no unit {text!r}")

    def match_town(self, text: str) -> str:
        hits = [n for n in self.town_names if fold(n).startswith(fold(text))]
        exact = [n for n in hits if fold(n) == fold(text)]
        if exact:
            return exact[0]
        if len(hits) == 1:
            return hits[0]
        raise LookupError(f"no town {text!r}" if not hits else f"{text!r} is ambiguous: {', '.join(hits)}")


SCENARIO = Scenario()
PARK = {"french": "Charleroi", "british": "Wagnelee", "prussian": "Gembloux"}


class Fight:
    """A battle at Ligny: ``attackers`` entered it this turn, ``defenders`` hold it. Orders are applied the
    way Game.apply does: on a clone, kept only if accepted."""

    def __init__(
        self,
        attackers,
        defenders,
        *,
        ruleset: str = "3.4",
        players: int = 2,
        seed: int = 7,
        attacker: str = "french",
        town: str = "Ligny",
        passed=("Fleurus",),
        others=None,
        corps_restriction: bool = False,
        cv=None,
    ) -> None:
        opts = Options(
            ruleset=ruleset, setup="historical", players=players, corps_restriction=corps_restriction
        )
        units = {}
        for d in SCENARIO.units:
            units[d.id] = Unit(d.id, d.army, d.type, d.max_cv, d.max_cv, PARK[d.army])
        self.state = GameState(
            options=opts, seed=seed, dice=Dice.seeded(seed), units=units, turn=1, phase="battle"
        )
        for uid in (*attackers, *defenders):
            units[uid].location = town
        for uid, where in (others or {}).items():
            units[uid].location = where
        for uid, v in (cv or {}).items():
            units[uid].cv = v
        self.sc = SCENARIO
        ctx = self.ctx()
        side = "french" if attacker == "french" else "allied"
        self.battle = B.start_battle(ctx, Attack(town, side, list(attackers), list(passed), list(passed)))
        self.town = town

    def ctx(self) -> Ctx:
        return Ctx(self.state, self.sc)

    @property
    def b(self) -> B.Battle:
        return next(b for b in self.state.battles if b.town == self.town)

    def do(self, role: str, text: str):
        work = self.state.clone()
        ctx = Ctx(work, self.sc)
        before = len(work.events)
        B.apply_battle_order(ctx, role, parse_order(text))
        self.state = work
        return work.events[before:]

    def rejects(self, role: str, text: str, rule: str | None = None) -> RuleError:
        snap = B.Battle.to_dict(self.b), [u.cv for u in self.state.units.values()], len(self.state.events)
        try:
            self.do(role, text)
        except RuleError as e:
            if rule is not None:
                assert e.rule == rule, f"expected rule {rule}, got {e.rule}: {e.message}"
            assert (
                B.Battle.to_dict(self.b),
                [u.cv for u in self.state.units.values()],
                len(self.state.events),
            ) == snap
            return e
        raise AssertionError(f"{text!r} was accepted")

    def dice(self, *values: int) -> None:
        self.state.dice.force(list(values))

    def legal(self, role: str) -> list[str]:
        """The texts of the battle orders ``role`` may give (the values' ``text()``, the contract)."""
        return [o.text() for o in B.legal_battle(self.ctx(), role)]

    def active(self) -> list[str]:
        return B.active_roles(self.ctx())

    def view(self, role: str):
        return battle_view(self.ctx(), self.b, role)

    def unit(self, uid: str) -> Unit:
        return self.state.units[uid]

    def spot(self, uid: str) -> str | None:
        return self.b.pos.get(uid)

    def cv(self, uid: str) -> int:
        return self.state.units[uid].cv

    def events(self, kind: str) -> list:
        return [e for e in self.state.events if e.kind == kind]

    def deploy(self, role: str, **cols: str) -> None:
        text = "/deploy " + " ".join(f"{k}:{v}" for k, v in cols.items() if v)
        self.do(role, text)


def fight(attackers: str, defenders: str, *, att_cols: dict, def_cols: dict, **kw) -> Fight:
    """A battle already deployed: ``att_cols`` / ``def_cols`` map column -> 'A,B'."""
    f = Fight(attackers.split(","), defenders.split(","), **kw)
    d_role, a_role = _roles(f)
    f.deploy(d_role, **def_cols)
    f.deploy(a_role, **att_cols)
    return f


def _roles(f: Fight) -> tuple[str, str]:
    att = f.b.attacker
    if f.state.options.players == 3:
        return ("british", "french") if att == "french" else ("french", "british")
    return ("allied", "french") if att == "french" else ("french", "allied")
