"""Napoleon's prompts (the module's ``prompt``).

What to do next: the prompt of the state a role is in, with a ready order template made of
its own ids, for every ping and every DM to the player who must act; and the order in which choices are
offered (what matters first: fire before retreat in a battle turn, moves before ``/end``).

Built from ``game.legal(role)`` and ``game.view(role)`` only; the channel's headline from the public view
alone (``headline``), so that it cannot name what only the role knows."""

from __future__ import annotations

from collections.abc import Sequence

from ..module import GameObject, Text
from ..orders import Choice, command_of
from .game import Game
from .orders import Deploy
from .sequence import Phase
from .state import SIDE_OF, armies_of
from .views import View

# In a battle turn what a player most often wants comes first (fire before retreat).
_RANK = {
    "deploy": 0,
    "fire": 1,
    "square": 2,
    "unsquare": 3,
    "battle-move": 4,
    "reinforce": 5,
    "regroup": 6,
    "retreat": 7,
    "orders": 8,
    "setup": 0,
    "move": 0,
    "end": 9,
}
EXAMPLES = 3


def ranked(choices: Sequence[Choice]) -> list[Choice]:
    """Choices in the order a player wants to see them (stable within a kind)."""
    return sorted(choices, key=lambda c: _RANK.get(command_of(c).name if isinstance(c, str) else c.kind, 5))


def _towns(game: Game, role: str, choices: Sequence[Choice]) -> list[str]:
    """The battles these choices belong to: named in them, else the role's battles on its view."""
    named = list(dict.fromkeys(b for c in choices if (b := getattr(c, "battle", None)) is not None))
    if named:
        return named
    mine = armies_of(role)
    view = game.view(role, events=False)
    return [
        b.town
        for b in view.battles
        if any(t.name == b.town and any(x.army in mine for x in t.blocks) for t in view.towns)
    ]


def prompt(game: GameObject, role: str, loc: str, tx: Text, examples: bool = True) -> str:
    """What the role is asked to do now; ``examples``: with ready orders of its own ids (for its DM and
    replies), else one line (for the channel's ping)."""
    assert isinstance(game, Game)
    return _prompt(game, role, loc, tx, examples=examples)


def _prompt(game: Game, role: str, loc: str, tx: Text, *, examples: bool) -> str:
    if game.over or role not in game.active():
        return ""
    lg = game.legal(role)
    choices = ranked([c for c in lg.choices if c != "/end"])
    # each order as the player's client names it (Japanese: /射撃 ユニット:A (/fire unit:A))
    shown = (
        " · ".join(f"`{tx.term('cmd_text', str(c), loc)}`" for c in choices[:EXAMPLES])
        if examples and choices
        else ""
    )
    more = len(choices) - EXAMPLES
    tail = (tx.t("prompt.examples", loc, orders=shown) if shown else "") + (
        tx.t("prompt.more", loc, n=more) if shown and more > 0 else ""
    )
    # the prompt is the one ``legal()`` names (``Legal.prompt_key``: setup 3.1, movement 5.0, and in a
    # battle the battle table's, engine/napoleon/battle/table.py); here only its words' parameters
    key = lg.prompt_key
    if key in ("prompt.setup", "prompt.setup_done"):
        return tx.t(key, loc, n=len(lg.setup_towns)) + tail
    if key == "prompt.movement":
        view = game.view(role, events=False)
        left = sum(view.group_moves_left.get(a, 0) for a in armies_of(role))
        return tx.t(key, loc, n=left) + tail
    deploys = [c for c in choices if isinstance(c, Deploy)]
    if key == "prompt.deploy" and deploys:
        return tx.t(key, loc, towns=_towns(game, role, deploys)) + (
            tx.t("prompt.deploy_template", loc, order=tx.term("cmd_text", str(deploys[0]), loc))
            if examples
            else ""
        )
    if key == "prompt.regroup":
        return tx.t(key, loc) + tail
    return tx.t("prompt.battle", loc, towns=_towns(game, role, lg.choices)) + tail


def headline(view: View, role: str, loc: str, tx: Text) -> str:
    """One line for the channel's ping: what ``role`` is asked to do, from the public ``view`` alone (the
    phase, the group moves left, the battles and whose blocks stand at them: all public, 4.0-6.0). The same
    words as the role's own prompt, but for set-up, whose count of blocks still to place is the role's."""
    if view.result is not None or role not in view.active:
        return ""
    if view.phase == Phase.SETUP:  # 3.1
        return tx.t("headline.setup", loc)
    mine = armies_of(role)
    if view.phase == Phase.MOVEMENT:  # 5.0: the moves left of the role's armies (public: the groups are seen)
        return tx.t("prompt.movement", loc, n=sum(view.group_moves_left.get(a, 0) for a in mine))
    sides = {SIDE_OF[a] for a in mine}
    here = {t.name for t in view.towns if any(b.army in mine for b in t.blocks)}
    fights = [b for b in view.battles if b.town in here]
    deploy = [b.town for b in fights if role in b.must_deploy]  # 6.2, 13.1: a deployment first
    if deploy:
        return tx.t("prompt.deploy", loc, towns=deploy)
    if any(b.status == "regroup" and b.victor in sides for b in fights):  # 7.6
        return tx.t("prompt.regroup", loc)
    turn = [b.town for b in fights if b.status == "fighting" and b.turn_side in sides]  # 6.3
    return tx.t("prompt.battle", loc, towns=turn or [b.town for b in fights])
