"""Events, as a role may see them (``Event.visible(role)``), told in plain English or Japanese.

Only what the event dict holds is told, and the dict comes from a view: secret parts are present only for
the roles allowed to see them. The texts are in ``i18n.py`` (``ev.*``).
"""

from __future__ import annotations

from typing import Any

from engine.messages import Phrase, error_from_data

from .i18n import join, localize_error, t

QUIET = {"new_game", "movement_done", "battle_phase", "battle_turn_end", "setup", "regroup_done"}
# kinds told in words (every other kind, QUIET included, is bookkeeping nobody needs to read)
TOLD = (
    "turn",
    "move",
    "dice",
    "loss",
    "eliminated",
    "placed",
    "automatic_rout",
    "rout",
    "routed",
    "battle",
    "deployed",
    "reveal",
    "battle_turn",
    "battle_move",
    "morale_failed",
    "square",
    "retreat",
    "reinforce",
    "attack_stalling",
    "battle_won",
    "regroup",
    "battle_over",
    "orders_stopped",
    "undo",
    "supply",
    "surrender",
    "game_over",
    "setup_done",
)


def describe(e: dict[str, Any], locale: str = "en", ruleset: str = "3.4") -> str | None:
    """One line for an event, or None for bookkeeping events nobody needs to read. Never raises.
    ``ruleset`` (the game's edition) names the combat moves: Japanese says them by edition (8.1)."""
    try:
        return _describe(e, locale, ruleset)
    except (KeyError, TypeError, ValueError):
        return f"{e.get('kind', 'event')}: " + ", ".join(
            f"{k}={v}" for k, v in e.items() if k not in ("kind", "seq") and not isinstance(v, (dict, list))
        )


def _units(e: dict[str, Any], loc: str) -> str:
    ids = e.get("units")
    return t("ev.units", loc, units=list(ids)) if ids else ""


def _who(e: dict[str, Any], loc: str) -> str:
    """A block as this role may know it: its id, or its army and type if revealed, or just its army."""
    if e.get("unit"):
        return t("ev.who_id", loc, unit=e["unit"])
    if e.get("type"):
        return t("ev.who_typed", loc, army=e.get("army", "?"), type=e["type"])
    return t("ev.who_hidden", loc, army=e.get("army", "?"))


def _whose(e: dict[str, Any], loc: str) -> str:
    """A block with its army: ``PR-4 (Prussian)``, or just its army when it is hidden."""
    if e.get("unit") and e.get("army"):
        return t("ev.who_unit", loc, unit=e["unit"], army=e["army"])
    return _who(e, loc)


def _fire_target(e: dict[str, Any], loc: str) -> str:
    """What a block fires at (8.3), named by the target's army: the enemy blocks that crossed into its own
    column, or those standing in an enemy column."""
    spot = str(e["target"])
    target_side, _, _column = spot.partition(":")
    firer_side = "french" if e.get("army") == "french" else "allied"
    formation = e.get("formation") or "line"
    if target_side == firer_side:  # the enemy stands in the firer's own column: it crossed the centre line
        enemy = "allied" if firer_side == "french" else "french"
        return t("ev.fire_at_own", loc, enemy=enemy, spot=spot, formation=formation)
    return t("ev.fire_at_enemy", loc, spot=spot, formation=formation)


def _dice(e: dict[str, Any], loc: str) -> str:
    why = e["why"]
    dice = " ".join(str(d) for d in e["dice"])
    if why.startswith("fire") and e.get("target"):
        who = _whose(e, loc)
        return t(
            "ev.dice_fire",
            loc,
            town=e["town"],
            who=who,
            cls=e.get("class", ""),
            target=_fire_target(e, loc),
            dice=dice,
        )
    if "need" in e and len(e["dice"]) == 1:  # a check: one die against the engine's target number
        die = e["dice"][0]
        result = t("ev.check_passed" if die >= e["need"] else "ev.check_failed", loc)
        return t(
            "ev.check",
            loc,
            check=why,
            who=_whose(e, loc),
            town=e["town"],
            die=die,
            need=e["need"],
            result=result,
        )
    return t("ev.dice", loc, why=why, dice=dice)


def _orders_stopped(e: dict[str, Any], loc: str) -> str:
    """/orders stopped at an item: which (its text, to its player) and why, said in the player's language."""
    if e.get("why"):
        why = localize_error(error_from_data(e["why"]), loc)
    else:
        why = e.get("error") or (e.get("rule") or "")
    if e.get("text"):
        return t("ev.orders_stopped", loc, item=e["item"], text=e["text"], why=why, done=e["done"])
    return t("ev.orders_stopped_hidden", loc, role=e.get("role", "?"), item=e["item"], done=e["done"])


def _blocks(count: int, armies: Any, loc: str) -> str:
    return t("ev.blocks_one" if count == 1 else "ev.blocks", loc, count=count, armies=armies)


def _describe(e: dict[str, Any], loc: str, ruleset: str) -> str | None:
    k = e.get("kind")
    if k in QUIET:
        return None
    if k == "turn":
        when = "night" if e["night"] else e["slot"]
        return t("ev.turn", loc, turn=e["turn"], side=_known_army(e["side"]), day=e["day"], when=when)
    if k == "move":
        forced = t("ev.move_forced", loc, n=e["forced"]) if e.get("forced") else ""
        blocks = _blocks(e["count"], e["armies"], loc)
        key = "ev.move_attack" if e["attack"] else "ev.move"
        return t(key, loc, blocks=blocks, path=">".join(e["path"]), forced=forced, units=_units(e, loc))
    if k == "dice":
        return _dice(e, loc)
    if k == "loss":
        cv = t("ev.loss_cv", loc, cv=e["cv"]) if "cv" in e else ""
        key = "ev.loss_one" if e["steps"] == 1 else "ev.loss"
        reason = Phrase.of(e, "reason")
        return t(key, loc, who=_who(e, loc), town=e["town"], steps=e["steps"], reason=reason, cv=cv)
    if k == "eliminated":
        where = t("ev.at_town", loc, town=e["town"]) if e.get("town") else ""
        return t(
            "ev.eliminated",
            loc,
            unit=e["unit"],
            army=e["army"],
            type=e["type"],
            where=where,
            reason=Phrase.of(e, "reason"),
        )
    if k == "placed":
        return t("ev.placed", loc, who=_who(e, loc), town=e["town"])
    if k == "automatic_rout":
        return t("ev.automatic_rout", loc, town=e["town"], defenders=e["defenders"], attackers=e["attackers"])
    if k == "rout":
        cause = Phrase.of(e, "cause")
        if e.get("empty"):  # the line columns it left empty (7.5)
            cause = Phrase("{cause:phrase}: {columns:column} empty", {"cause": cause, "columns": e["empty"]})
        return t("ev.rout", loc, town=e["town"], side=e["side"], cause=cause)
    if k == "routed":
        blocks = _blocks(e["count"], e["armies"], loc)
        return t("ev.routed", loc, blocks=blocks, frm=e["from"], to=e["to"], units=_units(e, loc))
    if k == "battle":
        return t("ev.battle", loc, town=e["town"], attacker=e["attacker"], defender=e["defender"])
    if k == "deployed":
        if "side" in e:  # a battle deployment (6.2): secret until both sides have deployed
            cols = e.get("columns")
            detail = ""
            if cols:
                shown = [
                    t("ev.deployed_column", loc, column=c, units=list(us)) for c, us in cols.items() if us
                ]
                detail = t("ev.deployed_detail", loc, columns=t("ev.deployed_sep", loc).join(shown))
            return t("ev.deployed_battle", loc, town=e["town"], role=e["role"], detail=detail)
        blocks = _blocks(e["count"], e["army"], loc)
        return t("ev.deployed", loc, blocks=blocks, town=e["town"], units=_units(e, loc))
    if k == "reveal":
        blocks = e.get("blocks", [])
        revealed = join(
            (t("ev.reveal_block", loc, unit=b["unit"], type=b["type"], cv=b["cv"]) for b in blocks[:12]), loc
        )
        more = t("ev.reveal_more", loc) if len(blocks) > 12 else ""
        return t("ev.reveal", loc, town=e["town"], shown=revealed, more=more)
    if k == "battle_turn":
        return t("ev.battle_turn", loc, town=e["town"], n=e["battle_turn"], side=e["side"])
    if k == "battle_move":
        return t(
            "ev.battle_move_3rd" if ruleset == "3rd" else "ev.battle_move",
            loc,
            who=_who(e, loc),
            move=e.get("move", "move"),
            frm=e["from"],
            to=e["to"],
            town=e["town"],
        )
    if k == "morale_failed":
        return t("ev.morale_failed", loc, town=e["town"], who=_who(e, loc))
    if k == "square":
        formed = e.get("formed", e.get("in_square", True))
        return t("ev.square" if formed else "ev.square_break", loc, town=e["town"], who=_who(e, loc))
    if k == "retreat":
        key = "ev.retreat_engaged" if e.get("engaged") else "ev.retreat"
        return t(key, loc, town=e["town"], who=_who(e, loc), to=e["to"])
    if k == "reinforce":
        blocks = _blocks(e["count"], e["armies"], loc)
        return t("ev.reinforce", loc, town=e["town"], blocks=blocks, frm=e["from"], units=_units(e, loc))
    if k == "attack_stalling":
        return t("ev.attack_stalling", loc, town=e["town"], idle=e["idle_rounds"], limit=e["limit"])
    if k == "battle_won":
        return t("ev.battle_won", loc, town=e["town"], victor=e["victor"])
    if k == "regroup":
        where = (
            t("ev.regroup_to", loc, to=e["to"])
            if e.get("to")
            else t("ev.regroup_from", loc, frm=e.get("from"))
        )
        key = "ev.regroup_one" if e["count"] == 1 else "ev.regroup"
        return t(key, loc, town=e["town"], count=e["count"], where=where, units=_units(e, loc))
    if k == "battle_over":
        return t("ev.battle_over", loc, town=e["town"], victor=e.get("victor") or "nobody")
    if k == "undo":
        if e.get("order"):
            return t("ev.undo_mine", loc, order=e["order"])
        return t("ev.undo", loc, role=e["role"])
    if k == "orders_stopped":
        return _orders_stopped(e, loc)
    if k == "supply":
        return t("ev.supply", loc, base=e["base"], army=e["army"], units=e["units"])
    if k == "surrender":
        return t("ev.surrender", loc, army=e["army"], blocks=e["blocks"])
    if k == "game_over":
        outcome = (
            t("ev.outcome_draw", loc)
            if e["winner"] == "draw"
            else t("ev.outcome_win", loc, winner=e["winner"])
        )
        return t("ev.game_over", loc, outcome=outcome, reason=e["reason"])
    if k == "setup_done":
        return t("ev.setup_done", loc, role=e["role"])
    return None


_ARMIES = ("french", "british", "prussian", "allied")


def _known_army(side: Any) -> str:
    """A campaign turn belongs to a known side (a KeyError otherwise, told as a raw event)."""
    if side not in _ARMIES:
        raise KeyError(side)
    return side
