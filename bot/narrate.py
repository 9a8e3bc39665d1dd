"""Events, as a role may see them (``Event.visible(role)``), told in plain English.

Only what the event dict holds is told, and the dict comes from a view: secret parts are present only for
the roles allowed to see them.
"""

from __future__ import annotations

from typing import Any

ARMY = {"french": "French", "british": "British", "prussian": "Prussian", "allied": "Allied"}
QUIET = {"new_game", "movement_done", "battle_phase", "battle_turn_end", "setup", "regroup_done"}


def _army(a: Any) -> str:
    if isinstance(a, list):
        return "/".join(ARMY.get(x, str(x)) for x in a)
    return ARMY.get(str(a), str(a))


def _units(e: dict[str, Any]) -> str:
    ids = e.get("units")
    return f" ({', '.join(ids)})" if ids else ""


def _who(e: dict[str, Any]) -> str:
    """A block as this role may know it: its id, or its army and type if revealed, or just its army."""
    if e.get("unit"):
        return str(e["unit"])
    kind = f" {e['type']}" if e.get("type") else ""
    return f"a {_army(e.get('army', '?'))}{kind} block"


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def describe(e: dict[str, Any]) -> str | None:
    """One line for an event, or None for bookkeeping events nobody needs to read. Never raises."""
    try:
        return _describe(e)
    except (KeyError, TypeError, ValueError):
        return f"{e.get('kind', 'event')}: " + ", ".join(
            f"{k}={v}" for k, v in e.items() if k not in ("kind", "seq") and not isinstance(v, (dict, list))
        )


def _describe(e: dict[str, Any]) -> str | None:
    k = e.get("kind")
    if k in QUIET:
        return None
    if k == "turn":
        when = "night" if e["night"] else e["slot"]
        return f"— Turn {e['turn']}: {ARMY[e['side']]} campaign turn, {e['day']} {when} —"
    if k == "move":
        what = "attack" if e["attack"] else "move"
        forced = f", {e['forced']} by forced march" if e.get("forced") else ""
        blocks = f"{e['count']} {_army(e['armies'])} block{_s(e['count'])}"
        return f"{blocks} {what} {' > '.join(e['path'])}{forced}{_units(e)}"
    if k == "dice":
        why = e["why"]
        extra = ""
        if why.startswith("fire"):
            target = f" at the {e['target'].replace(':', ' ')}" if e.get("target") else ""
            extra = f" — {_who(e)} fires {e.get('class', '')}{target}"
        return f"dice ({why}{extra}): {' '.join(str(d) for d in e['dice'])}"
    if k == "loss":
        cv = f" (now {e['cv']} cv)" if "cv" in e else ""
        return f"{_who(e)} at {e['town']} loses {e['steps']} step{_s(e['steps'])}: {e['reason']}{cv}"
    if k == "eliminated":
        where = f" at {e['town']}" if e.get("town") else ""
        return f"{e['unit']} ({_army(e['army'])} {e['type']}) eliminated{where}: {e['reason']}"
    if k == "placed":
        return f"{_who(e)} placed at {e['town']}"
    if k == "automatic_rout":
        return f"{e['town']}: {e['defenders']} block(s) cannot stand against {e['attackers']} (6.1)"
    if k == "rout":
        return f"{e['town']}: the {_army(e['side'])} rout ({e['cause']})"
    if k == "routed":
        return (
            f"{e['count']} {_army(e['armies'])} block{_s(e['count'])} flee {e['from']} > {e['to']}{_units(e)}"
        )
    if k == "battle":
        return f"Battle of {e['town']}: the {_army(e['attacker'])} attack, the {_army(e['defender'])} defend"
    if k == "deployed":
        if "side" in e:  # a battle deployment (6.2): secret until both sides have deployed
            cols = e.get("columns")
            detail = (
                (": " + "; ".join(f"{c} {', '.join(us)}" for c, us in cols.items() if us)) if cols else ""
            )
            return f"Battle of {e['town']}: the {_army(e['role'])} have deployed{detail}"
        return f"{e['count']} {_army(e['army'])} block{_s(e['count'])} deployed at {e['town']}{_units(e)}"
    if k == "reveal":
        blocks = e.get("blocks", [])
        shown = ", ".join(f"{b['unit']} {b['type']} {b['cv']}" for b in blocks[:12])
        return f"Battle of {e['town']}: the line is revealed — {shown}" + (" …" if len(blocks) > 12 else "")
    if k == "battle_turn":
        return f"Battle of {e['town']}: battle turn {e['battle_turn']}, {_army(e['side'])}"
    if k == "battle_move":
        return f"{_who(e)}{_battle_move(e)}"
    if k == "morale_failed":
        return f"Battle of {e['town']}: {_who(e)} fails its morale check and falls back (8.6)"
    if k == "square":
        what = "forms" if e.get("formed", e.get("in_square", True)) else "breaks"
        return f"Battle of {e['town']}: {_who(e)} {what} square (8.5)"
    if k == "retreat":
        return f"Battle of {e['town']}: {_who(e)} retreats to {e['to']}" + (
            " from an engaged column (7.0)" if e.get("engaged") else ""
        )
    if k == "reinforce":
        blocks = f"{e['count']} {_army(e['armies'])} block{_s(e['count'])}"
        return f"Battle of {e['town']}: {blocks} reinforce from {e['from']}{_units(e)}"
    if k == "attack_stalling":
        return (
            f"Battle of {e['town']}: the attack is stalling ({e['idle_rounds']} of {e['limit']} idle rounds; "
            f"the attacker routs at {e['limit']})"
        )
    if k == "battle_won":
        return f"Battle of {e['town']}: the {_army(e['victor'])} hold the field"
    if k == "regroup":
        where = f"to {e['to']}" if e.get("to") else f"from {e.get('from')}"
        return f"Battle of {e['town']}: {e['count']} block{_s(e['count'])} regroup {where} (7.6){_units(e)}"
    if k == "battle_over":
        return f"Battle of {e['town']} is over: {_army(e.get('victor') or 'nobody')} victorious"
    if k == "orders_stopped":
        return f"Orders stopped at item {e['item']} (rule {e['rule']}); the {e['done']} before it stand"
    if k == "supply":
        return f"Supply (11.0): the French hold {e['base']}; the {_army(e['army'])} lose {e['units']} unit(s)"
    if k == "surrender":
        return f"The {_army(e['army'])} army surrenders with {e['blocks']} blocks left (12.0)"
    if k == "game_over":
        outcome = "draw" if e["winner"] == "draw" else _army(e["winner"]) + " victory"
        return f"GAME OVER — {outcome}: {e['reason']}"
    if k == "setup_done":
        return f"{e['role']} has finished deploying"
    return None


def _battle_move(e: dict[str, Any]) -> str:
    move = e.get("move", "move")
    return f" {move}s: {e['from'].replace(':', ' ')} > {e['to'].replace(':', ' ')} (battle of {e['town']})"
