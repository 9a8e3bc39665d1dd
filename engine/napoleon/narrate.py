"""Napoleon's narration (the module's ``narrate``): events, as a role may see them
(``Event.visible(role)``), told in plain English or Japanese.

Only what the event dict holds is told, and the dict comes from a view: secret parts are present only for
the roles allowed to see them. The texts are Napoleon's catalog's (``ev.*``: ``locale/``), said by the
front end's ``tx``.
"""

from __future__ import annotations

from collections.abc import Callable
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
    tell = _TELLERS.get(str(k))
    return tell(e, loc, tx, ruleset) if tell is not None else None


def _tell_turn(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    when = "night" if e["night"] else e["slot"]
    return tx.t("ev.turn", loc, turn=e["turn"], side=_known_army(e["side"]), day=e["day"], when=when)


def _tell_move(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    forced = tx.t("ev.move_forced", loc, n=e["forced"]) if e.get("forced") else ""
    blocks = _blocks(e["count"], e["armies"], loc, tx)
    key = "ev.move_attack" if e["attack"] else "ev.move"
    path = ">".join(e["path"])
    units = _units(e, loc, tx)
    return tx.t(key, loc, blocks=blocks, path=path, forced=forced, units=units, count=e["count"])


def _tell_dice(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    return _dice(e, loc, tx)


def _tell_loss(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
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


def _tell_eliminated(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
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


def _tell_placed(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    return tx.t("ev.placed", loc, who=_who(e, loc, tx), town=e["town"])


def _tell_automatic_rout(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    return tx.t(
        "ev.automatic_rout",
        loc,
        town=e["town"],
        defenders=e["defenders"],
        attackers=e["attackers"],
        count=e["defenders"],
    )


def _tell_rout(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    cause = Phrase.of(e, "cause")
    if e.get("empty"):  # the line columns it left empty (7.5)
        cause = Phrase("{cause:phrase}: {columns:column} empty", {"cause": cause, "columns": e["empty"]})
    return tx.t("ev.rout", loc, town=e["town"], side=e["side"], cause=cause)


def _tell_routed(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    blocks = _blocks(e["count"], e["armies"], loc, tx)
    path = f"{e['from']}>{e['to']}"
    return tx.t("ev.routed", loc, blocks=blocks, path=path, units=_units(e, loc, tx), count=e["count"])


def _tell_battle(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    return tx.t("ev.battle", loc, town=e["town"], attacker=e["attacker"], defender=e["defender"])


def _tell_deployed(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
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


def _tell_reveal(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    blocks = e.get("blocks", [])
    revealed = tx.join(
        (tx.t("ev.reveal_block", loc, unit=b["unit"], type=b["type"], cv=b["cv"]) for b in blocks[:12]),
        loc,
    )
    more = tx.t("ev.reveal_more", loc) if len(blocks) > 12 else ""
    return tx.t("ev.reveal", loc, town=e["town"], shown=revealed, more=more)


def _tell_battle_turn(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    return tx.t("ev.battle_turn", loc, town=e["town"], n=e["battle_turn"], side=e["side"])


def _tell_battle_move(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    return tx.t(
        "ev.battle_move_3rd" if ruleset == "3rd" else "ev.battle_move",
        loc,
        who=_who(e, loc, tx),
        move=e.get("move", "move"),
        frm=e["from"],
        to=e["to"],
        town=e["town"],
    )


def _tell_morale_failed(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    return tx.t("ev.morale_failed", loc, town=e["town"], who=_who(e, loc, tx))


def _tell_square(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    formed = e.get("formed", e.get("in_square", True))
    return tx.t("ev.square" if formed else "ev.square_break", loc, town=e["town"], who=_who(e, loc, tx))


def _tell_retreat(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    key = "ev.retreat_engaged" if e.get("engaged") else "ev.retreat"
    return tx.t(key, loc, town=e["town"], who=_who(e, loc, tx), to=e["to"])


def _tell_reinforce(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    blocks = _blocks(e["count"], e["armies"], loc, tx)
    units = _units(e, loc, tx)
    return tx.t(
        "ev.reinforce", loc, town=e["town"], blocks=blocks, frm=e["from"], units=units, count=e["count"]
    )


def _tell_attack_stalling(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    return tx.t("ev.attack_stalling", loc, town=e["town"], idle=e["idle_rounds"], limit=e["limit"])


def _tell_battle_won(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    return tx.t("ev.battle_won", loc, town=e["town"], victor=e["victor"])


def _tell_regroup(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    where = (
        tx.t("ev.regroup_to", loc, to=e["to"])
        if e.get("to")
        else tx.t("ev.regroup_from", loc, frm=e.get("from"))
    )
    key = "ev.regroup_one" if e["count"] == 1 else "ev.regroup"
    return tx.t(key, loc, town=e["town"], count=e["count"], where=where, units=_units(e, loc, tx))


def _tell_battle_over(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    return tx.t("ev.battle_over", loc, town=e["town"], victor=e.get("victor") or "nobody")


def _tell_undo(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    if e.get("order"):
        return tx.t("ev.undo_mine", loc, order=e["order"])
    return tx.t("ev.undo", loc, role=e["role"])


def _tell_orders_stopped(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    return _orders_stopped(e, loc, tx)


def _tell_supply(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    return tx.t("ev.supply", loc, base=e["base"], army=e["army"], units=e["units"], count=e["units"])


def _tell_surrender(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    return tx.t("ev.surrender", loc, army=e["army"], blocks=e["blocks"])


def _tell_game_over(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    outcome = (
        tx.t("ev.outcome_draw", loc)
        if e["winner"] == "draw"
        else tx.t("ev.outcome_win", loc, winner=e["winner"])
    )
    return tx.t("ev.game_over", loc, outcome=outcome, reason=e["reason"])


def _tell_setup_done(e: dict[str, Any], loc: str, tx: Text, ruleset: str) -> str | None:
    return tx.t("ev.setup_done", loc, role=e["role"])


# each event kind's line (a kind not here is bookkeeping nobody reads)
_TELLERS: dict[str, Callable[[dict[str, Any], str, Text, str], str | None]] = {
    "turn": _tell_turn,
    "move": _tell_move,
    "dice": _tell_dice,
    "loss": _tell_loss,
    "eliminated": _tell_eliminated,
    "placed": _tell_placed,
    "automatic_rout": _tell_automatic_rout,
    "rout": _tell_rout,
    "routed": _tell_routed,
    "battle": _tell_battle,
    "deployed": _tell_deployed,
    "reveal": _tell_reveal,
    "battle_turn": _tell_battle_turn,
    "battle_move": _tell_battle_move,
    "morale_failed": _tell_morale_failed,
    "square": _tell_square,
    "retreat": _tell_retreat,
    "reinforce": _tell_reinforce,
    "attack_stalling": _tell_attack_stalling,
    "battle_won": _tell_battle_won,
    "regroup": _tell_regroup,
    "battle_over": _tell_battle_over,
    "undo": _tell_undo,
    "orders_stopped": _tell_orders_stopped,
    "supply": _tell_supply,
    "surrender": _tell_surrender,
    "game_over": _tell_game_over,
    "setup_done": _tell_setup_done,
}


_ARMIES = ("french", "british", "prussian", "allied")


def _known_army(side: Any) -> str:
    """A campaign turn belongs to a known side (a KeyError otherwise, told as a raw event)."""
    if side not in _ARMIES:
        raise KeyError(side)
    return str(side)
