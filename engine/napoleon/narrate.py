"""Napoleon's narration (the module's ``narrate``): events, as a role may see them
(``Event.visible(role)``), told in plain English or Japanese.

Only what the event dict holds is told, and the dict comes from a view: secret parts are present only for
the roles allowed to see them. The texts are Napoleon's catalog's (``ev.*``: ``locale/``), said by the
front end's ``tx``.
"""

from __future__ import annotations

from typing import Any

from ..messages import Phrase, error_from_data
from ..module import Text, plain

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


def describe(e: dict[str, Any], locale: str, options: Any, tx: Text) -> str | None:
    """One line for an event, or None for bookkeeping events nobody needs to read. Never raises.
    ``options``: the game's (or its edition's name): Japanese names the combat moves by edition (8.1)."""
    ruleset = options if isinstance(options, str) else getattr(options, "ruleset", "3.4")
    try:
        return _describe(e, locale, tx, ruleset)
    except (KeyError, TypeError, ValueError):
        return plain(e)


def _units(e: dict[str, Any], loc: str, tx: Text) -> str:
    ids = e.get("units")
    return tx.t("ev.units", loc, units=list(ids)) if ids else ""


def _who(e: dict[str, Any], loc: str, tx: Text) -> str:
    """A block as this role may know it: its id, or its army and type if revealed, or just its army."""
    if e.get("unit"):
        return tx.t("ev.who_id", loc, unit=e["unit"])
    if e.get("type"):
        return tx.t("ev.who_typed", loc, army=e.get("army", "?"), type=e["type"])
    return tx.t("ev.who_hidden", loc, army=e.get("army", "?"))


def _whose(e: dict[str, Any], loc: str, tx: Text) -> str:
    """A block with its army: ``PR-4 (Prussian)``, or just its army when it is hidden."""
    if e.get("unit") and e.get("army"):
        return tx.t("ev.who_unit", loc, unit=e["unit"], army=e["army"])
    return _who(e, loc, tx)


def _fire_target(e: dict[str, Any], loc: str, tx: Text) -> str:
    """What a block fires at (8.3), named by the target's army: the enemy blocks that crossed into its own
    column, or those standing in an enemy column."""
    spot = str(e["target"])
    target_side, _, _column = spot.partition(":")
    firer_side = "french" if e.get("army") == "french" else "allied"
    formation = e.get("formation") or "line"
    if target_side == firer_side:  # the enemy stands in the firer's own column: it crossed the centre line
        enemy = "allied" if firer_side == "french" else "french"
        return tx.t("ev.fire_at_own", loc, enemy=enemy, spot=spot, formation=formation)
    return tx.t("ev.fire_at_enemy", loc, spot=spot, formation=formation)


def _dice(e: dict[str, Any], loc: str, tx: Text) -> str:
    why = e["why"]
    dice = " ".join(str(d) for d in e["dice"])
    if why.startswith("fire") and e.get("target"):
        who = _whose(e, loc, tx)
        return tx.t(
            "ev.dice_fire",
            loc,
            town=e["town"],
            who=who,
            cls=e.get("class", ""),
            target=_fire_target(e, loc, tx),
            dice=dice,
        )
    if "need" in e and len(e["dice"]) == 1:  # a check: one die against the engine's target number
        die = e["dice"][0]
        result = tx.t("ev.check_passed" if die >= e["need"] else "ev.check_failed", loc)
        return tx.t(
            "ev.check",
            loc,
            check=why,
            who=_whose(e, loc, tx),
            town=e["town"],
            die=die,
            need=e["need"],
            result=result,
        )
    return tx.t("ev.dice", loc, why=why, dice=dice)


def _orders_stopped(e: dict[str, Any], loc: str, tx: Text) -> str:
    """/orders stopped at an item: which (its text, to its player) and why, said in the player's language."""
    if e.get("why"):
        why = tx.localize_error(error_from_data(e["why"]), loc)
    else:
        why = e.get("error") or (e.get("rule") or "")
    if e.get("text"):
        return tx.t("ev.orders_stopped", loc, item=e["item"], text=e["text"], why=why, done=e["done"])
    return tx.t("ev.orders_stopped_hidden", loc, role=e.get("role", "?"), item=e["item"], done=e["done"])


def _blocks(count: int, armies: Any, loc: str, tx: Text) -> str:
    return tx.t("ev.blocks_one" if count == 1 else "ev.blocks", loc, count=count, armies=armies)


def _describe(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    k = e.get("kind")
    if k in QUIET:
        return None
    if k == "turn":
        when = "night" if e["night"] else e["slot"]
        return tx.t("ev.turn", loc, turn=e["turn"], side=_known_army(e["side"]), day=e["day"], when=when)
    if k == "move":
        forced = tx.t("ev.move_forced", loc, n=e["forced"]) if e.get("forced") else ""
        blocks = _blocks(e["count"], e["armies"], loc, tx)
        key = "ev.move_attack" if e["attack"] else "ev.move"
        path = ">".join(e["path"])
        units = _units(e, loc, tx)
        return tx.t(key, loc, blocks=blocks, path=path, forced=forced, units=units, count=e["count"])
    if k == "dice":
        return _dice(e, loc, tx)
    if k == "loss":
        cv = tx.t("ev.loss_cv", loc, cv=e["cv"]) if "cv" in e else ""
        key = "ev.loss_one" if e["steps"] == 1 else "ev.loss"
        return tx.t(
            key,
            loc,
            who=_who(e, loc, tx),
            town=e["town"],
            steps=e["steps"],
            reason=Phrase.of(e, "reason"),
            cv=cv,
        )
    if k == "eliminated":
        where = tx.t("ev.at_town", loc, town=e["town"]) if e.get("town") else ""
        return tx.t(
            "ev.eliminated",
            loc,
            unit=e["unit"],
            army=e["army"],
            type=e["type"],
            where=where,
            reason=Phrase.of(e, "reason"),
        )
    if k == "placed":
        return tx.t("ev.placed", loc, who=_who(e, loc, tx), town=e["town"])
    if k == "automatic_rout":
        return tx.t(
            "ev.automatic_rout",
            loc,
            town=e["town"],
            defenders=e["defenders"],
            attackers=e["attackers"],
            count=e["defenders"],
        )
    if k == "rout":
        cause = Phrase.of(e, "cause")
        if e.get("empty"):  # the line columns it left empty (7.5)
            cause = Phrase("{cause:phrase}: {columns:column} empty", {"cause": cause, "columns": e["empty"]})
        return tx.t("ev.rout", loc, town=e["town"], side=e["side"], cause=cause)
    if k == "routed":
        blocks = _blocks(e["count"], e["armies"], loc, tx)
        path = f"{e['from']}>{e['to']}"
        return tx.t("ev.routed", loc, blocks=blocks, path=path, units=_units(e, loc, tx), count=e["count"])
    if k == "battle":
        return tx.t("ev.battle", loc, town=e["town"], attacker=e["attacker"], defender=e["defender"])
    if k == "deployed":
        if "side" in e:  # a battle deployment (6.2): secret until both sides have deployed
            cols = e.get("columns")
            detail = ""
            if cols:
                shown = [
                    tx.t("ev.deployed_column", loc, column=c, units=list(us)) for c, us in cols.items() if us
                ]
                detail = tx.t("ev.deployed_detail", loc, columns=tx.t("ev.deployed_sep", loc).join(shown))
            return tx.t("ev.deployed_battle", loc, town=e["town"], role=e["role"], detail=detail)
        blocks = _blocks(e["count"], e["army"], loc, tx)
        return tx.t("ev.deployed", loc, blocks=blocks, town=e["town"], units=_units(e, loc, tx))
    if k == "reveal":
        blocks = e.get("blocks", [])
        revealed = tx.join(
            (tx.t("ev.reveal_block", loc, unit=b["unit"], type=b["type"], cv=b["cv"]) for b in blocks[:12]),
            loc,
        )
        more = tx.t("ev.reveal_more", loc) if len(blocks) > 12 else ""
        return tx.t("ev.reveal", loc, town=e["town"], shown=revealed, more=more)
    if k == "battle_turn":
        return tx.t("ev.battle_turn", loc, town=e["town"], n=e["battle_turn"], side=e["side"])
    if k == "battle_move":
        return tx.t(
            "ev.battle_move_3rd" if ruleset == "3rd" else "ev.battle_move",
            loc,
            who=_who(e, loc, tx),
            move=e.get("move", "move"),
            frm=e["from"],
            to=e["to"],
            town=e["town"],
        )
    if k == "morale_failed":
        return tx.t("ev.morale_failed", loc, town=e["town"], who=_who(e, loc, tx))
    if k == "square":
        formed = e.get("formed", e.get("in_square", True))
        return tx.t("ev.square" if formed else "ev.square_break", loc, town=e["town"], who=_who(e, loc, tx))
    if k == "retreat":
        key = "ev.retreat_engaged" if e.get("engaged") else "ev.retreat"
        return tx.t(key, loc, town=e["town"], who=_who(e, loc, tx), to=e["to"])
    if k == "reinforce":
        blocks = _blocks(e["count"], e["armies"], loc, tx)
        units = _units(e, loc, tx)
        return tx.t(
            "ev.reinforce", loc, town=e["town"], blocks=blocks, frm=e["from"], units=units, count=e["count"]
        )
    if k == "attack_stalling":
        return tx.t("ev.attack_stalling", loc, town=e["town"], idle=e["idle_rounds"], limit=e["limit"])
    if k == "battle_won":
        return tx.t("ev.battle_won", loc, town=e["town"], victor=e["victor"])
    if k == "regroup":
        where = (
            tx.t("ev.regroup_to", loc, to=e["to"])
            if e.get("to")
            else tx.t("ev.regroup_from", loc, frm=e.get("from"))
        )
        key = "ev.regroup_one" if e["count"] == 1 else "ev.regroup"
        return tx.t(key, loc, town=e["town"], count=e["count"], where=where, units=_units(e, loc, tx))
    if k == "battle_over":
        return tx.t("ev.battle_over", loc, town=e["town"], victor=e.get("victor") or "nobody")
    if k == "undo":
        if e.get("order"):
            return tx.t("ev.undo_mine", loc, order=e["order"])
        return tx.t("ev.undo", loc, role=e["role"])
    if k == "orders_stopped":
        return _orders_stopped(e, loc, tx)
    if k == "supply":
        return tx.t("ev.supply", loc, base=e["base"], army=e["army"], units=e["units"], count=e["units"])
    if k == "surrender":
        return tx.t("ev.surrender", loc, army=e["army"], blocks=e["blocks"])
    if k == "game_over":
        outcome = (
            tx.t("ev.outcome_draw", loc)
            if e["winner"] == "draw"
            else tx.t("ev.outcome_win", loc, winner=e["winner"])
        )
        return tx.t("ev.game_over", loc, outcome=outcome, reason=e["reason"])
    if k == "setup_done":
        return tx.t("ev.setup_done", loc, role=e["role"])
    return None


_ARMIES = ("french", "british", "prussian", "allied")


def _known_army(side: Any) -> str:
    """A campaign turn belongs to a known side (a KeyError otherwise, told as a raw event)."""
    if side not in _ARMIES:
        raise KeyError(side)
    return str(side)
