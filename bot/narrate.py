"""Events, as a role may see them (``Event.visible(role)``), told in plain English."""

from __future__ import annotations

from typing import Any

ARMY = {"french": "French", "british": "British", "prussian": "Prussian", "allied": "Allied"}


def _units(e: dict[str, Any]) -> str:
    ids = e.get("units")
    return f" ({', '.join(ids)})" if ids else ""


def describe(e: dict[str, Any]) -> str | None:
    """One line for an event, or None for bookkeeping events nobody needs to read."""
    k = e.get("kind")
    if k == "turn":
        when = "night" if e["night"] else e["slot"]
        return f"— Turn {e['turn']}: {ARMY[e['side']]} campaign turn, {e['day']} {when} —"
    if k == "move":
        armies = "/".join(ARMY[a] for a in e["armies"])
        what = "attack" if e["attack"] else "move"
        forced = f", {e['forced']} by forced march" if e.get("forced") else ""
        return (
            f"{e['count']} {armies} block{'s' if e['count'] != 1 else ''} {what} {' > '.join(e['path'])}"
            f"{forced}{_units(e)}"
        )
    if k == "dice":
        return f"dice ({e['why']}): {' '.join(str(d) for d in e['dice'])}"
    if k == "loss":
        who = e.get("unit") or f"a {ARMY[e['army']]} block"
        cv = f" (now {e['cv']} cv)" if "cv" in e else ""
        return (
            f"{who} at {e['town']} loses {e['steps']} step{'s' if e['steps'] != 1 else ''}: {e['reason']}{cv}"
        )
    if k == "eliminated":
        where = f" at {e['town']}" if e.get("town") else ""
        return f"{e['unit']} ({ARMY[e['army']]} {e['type']}) eliminated{where}: {e['reason']}"
    if k == "automatic_rout":
        return f"{e['town']}: {e['defenders']} defending block(s) cannot stand against {e['attackers']} (6.1)"
    if k == "rout":
        return f"{e['town']}: the {ARMY[e['side']]} rout ({e['cause']})"
    if k == "routed":
        return f"{e['count']} block(s) flee {e['from']} > {e['to']}{_units(e)}"
    if k == "battle":
        return f"Battle of {e['town']}: {ARMY[e['attacker']]} attack, {ARMY[e['defender']]} defend"
    if k == "battle_over":
        return f"Battle of {e['town']} is over: {ARMY.get(e.get('victor') or '', 'nobody')} victorious"
    if k == "supply":
        return f"Supply (11.0): the French hold {e['base']}; the {ARMY[e['army']]} lose {e['units']} unit(s)"
    if k == "surrender":
        return f"The {ARMY[e['army']]} army surrenders with {e['blocks']} blocks left (12.0)"
    if k == "game_over":
        outcome = "draw" if e["winner"] == "draw" else ARMY[e["winner"]] + " victory"
        return f"GAME OVER — {outcome}: {e['reason']}"
    if k == "deployed":
        return f"{e['count']} {ARMY[e['army']]} block(s) deployed at {e['town']}{_units(e)}"
    if k == "setup_done":
        return f"{e['role']} has finished deploying"
    if k == "new_game":
        return None
    return None
