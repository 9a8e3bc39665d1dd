"""The words of Eagles of the Empire's combat (line of sight 12.5, bombardment 12, cavalry charges 10, assault
14) in English: message key -> ``str.format`` template. ``messages_ja.JA`` has the same keys in Japanese, in
the seed's terms (視認線, 砲撃, 騎兵突撃, 突撃/強襲). Every key starts with ``eagles.``; the rule number is
not in the text (``RuleError.rule`` carries it). The game's catalog takes these entries as they are
(``EN``/``JA`` are plain dicts, merged under the game's own)."""

from __future__ import annotations

EN: dict[str, str] = {
    # -- what an order named ---------------------------------------------------------------------------------
    "eagles.order.no_area": "there is no area {area!r} on the map",
    "eagles.order.no_unit": "there is no unit {unit!r}",
    # -- 12.5 line of sight: the answers of /los (values: firer, target, blocker, range, artillery) ----------
    "eagles.los.clear": "{firer} sees {target} at range {range}: the line of sight is clear",
    "eagles.los.high_angle": "{artillery} artillery ignores the line of sight: {firer} may fire at {target}",
    "eagles.los.same_area": "{area} is the firer's own area: name another area",
    "eagles.los.kind": "{artillery!r} is no kind of artillery; one of {kinds}, or an artillery unit's id",
    "eagles.los.too_far": "{target} is {range} areas from {firer}: the line of sight reaches 3 areas at most",
    "eagles.los.heavy_only": (
        "{target} is 3 areas from {firer}: at range 3 only heavy artillery has a line of sight"
    ),
    "eagles.los.too_high": "{target} is too high to be seen from {firer}",
    "eagles.los.too_low": "{target} lies too far below {firer} to be seen at range {range}",
    "eagles.los.chart": "the line-of-sight chart shows no line from {firer} to {target} at range {range}",
    "eagles.los.ground": "the ground of {blocker} blocks the line of sight from {firer} to {target}",
    "eagles.los.obstacle": (
        "{blocker} (woods, a town, a long infantry counter or 3 cavalry steps) blocks the"
        " line of sight from {firer} to {target}"
    ),
    "eagles.los.border": "the border {blocker} blocks the line of sight from {firer} to {target}",
    "eagles.los.beside": (
        "the line of sight from {firer} to {target} runs along the border {blocker}, betw"
        "een two blocking areas"
    ),
    # -- 12 bombardment --------------------------------------------------------------------------------------
    "eagles.bombard.no_units": "name the artillery that fires: units of {area}",
    "eagles.bombard.not_here": "{unit} is not in {area}",
    "eagles.bombard.not_artillery": "{unit} is not artillery: only artillery bombards",
    "eagles.bombard.attached": "{unit} is attached to a division: attached artillery cannot bombard",
    "eagles.bombard.done": "{unit} has already fired, charged or assaulted in this activation",
    "eagles.bombard.one_target": "the artillery of {area} already fired at {other} in this activation",
    "eagles.bombard.no_enemy": "{target} holds no enemy unit to bombard",
    "eagles.bombard.range": "{target} is {range} areas from {area}: {unit} reaches {reach}",
    "eagles.bombard.min_range": "{unit} fires at 2 areas or more: {target} is adjacent",
    "eagles.bombard.facing": (
        "{unit} does not face towards {target}: the first area of the range count must be in front of it"
    ),
    "eagles.bombard.sight": "{unit} has no line of sight to {target}: {why}",
    "eagles.bombard.counter_battery": (
        "{target} holds no massed battery (5 or more artillery units): only artillery there could be hit"
    ),
    # -- 10 cavalry charges ----------------------------------------------------------------------------------
    "eagles.charge.no_units": "name the cavalry that charges: units of {area}",
    "eagles.charge.not_here": "{unit} is not in {area}: all chargers start in one area",
    "eagles.charge.not_cavalry": "{unit} is not cavalry: only cavalry charges (horse artillery may not join)",
    "eagles.charge.done": "{unit} has already charged, fired or assaulted in this activation",
    "eagles.charge.no_enemy": "{target} holds no enemy unit to charge",
    "eagles.charge.adjacent": "{target} is adjacent: cavalry charges a target 2 areas away",
    "eagles.charge.range": "{target} is {range} areas from {area}: cavalry charges a target 2 areas away",
    "eagles.charge.not_straight": "no straight line runs from {area} through one area to {target}",
    "eagles.charge.occupied": (
        "{via} lies between {area} and {target} and holds units: the path must be empty"
    ),
    "eagles.charge.terrain": "charging cavalry may not enter {blocker} ({terrain})",
    "eagles.charge.uphill": "charging cavalry may not climb the slope from {from_area} up to {blocker}",
    "eagles.charge.stream": (
        "charging cavalry may not cross the hedged stream between {from_area} and {blocker}"
    ),
    "eagles.charge.out_of_command": "{unit} is out of command and may not attack",
    "eagles.charge.night": "no charges at night",
    "eagles.charge.grand_leader": "{leader} is not a leader the scenario names for a grand charge",
    "eagles.charge.grand_areas": "a grand charge starts from one area or two adjacent areas, not {areas}",
    "eagles.charge.grand_none": "no cavalry in {areas} is free to join a grand charge",
    "eagles.charge.grand_apart": (
        "the cavalry of {areas} would not enter the same first area on the way to {target}"
    ),
    # -- 14 assault ------------------------------------------------------------------------------------------
    "eagles.assault.no_units": "name the units that assault: units of {area}",
    "eagles.assault.not_here": "{unit} is not in {area}",
    "eagles.assault.arm": (
        "{unit} may not assault: only infantry and cavalry assault, with their attached artillery"
    ),
    "eagles.assault.done": "{unit} has already charged, fired or assaulted in this activation",
    "eagles.assault.out_of_command": "{unit} is out of command and may not attack",
    "eagles.assault.one_target": "the units of {area} already assaulted {other} in this activation",
    "eagles.assault.not_adjacent": "{target} is not adjacent to {area}: an assault strikes an adjacent area",
    "eagles.assault.no_enemy": "{target} holds no enemy unit to assault",
    "eagles.assault.prohibited": "{unit} may not cross from {area} into {target}",
    "eagles.assault.corner": "both areas beside the corner between {area} and {target} hold enemy units",
    # -- the events of combat (eagles.event.KIND) and what their dice are for (eagles.for.FOR) ---------------
    "eagles.event.bombardment": (
        "Bombardment of {target} from {area} ({units}): {dice} dice at {modifier}, {hits} hits."
    ),
    "eagles.event.loss": "{unit} loses {lost} step(s), {steps} left.",
    "eagles.event.eliminated": "{unit} is eliminated.",
    "eagles.event.detached": "{unit} is detached from its division.",
    "eagles.event.leader-killed": "{leader} falls in {area}.",
    "eagles.event.leader-retreat": "{leader} falls back with his troops from {from} to {to}.",
    "eagles.event.retreat": "{unit} retreats from {from} to {to}.",
    "eagles.event.charge": "{side} cavalry charges from {area} through {via} into {target}: {units}.",
    "eagles.event.charge-result": (
        "Charge at {target}: the cavalry takes {hits_taken} hits and deals {hits_dealt}."
    ),
    "eagles.event.charge-in": "{units} ride into {area}.",
    "eagles.event.charge-stay": "{units} stay in {area}.",
    "eagles.event.charge-return": "{units} return to their start areas.",
    "eagles.event.pursuit": "{units} pursue into {to}.",
    "eagles.event.pursuit_no": "{units} do not pursue.",
    "eagles.event.grand-charge": "{leader} leads a grand charge against {target}.",
    "eagles.event.grand-charge-failed": "{leader} cannot form the cavalry for a grand charge.",
    "eagles.event.assault": "{side} assault {target}.",
    "eagles.event.assault-result": "Assault on {target}: {hits_dealt} hits dealt, {hits_taken} taken.",
    "eagles.event.morale-check": "{area}: the morale check passes.",
    "eagles.event.morale-check_failed": "{area}: the morale check fails.",
    "eagles.event.advance": "{units} advance into {area}.",
    "eagles.event.no-fire": "No dice for {for}: nothing may fire.",
    "eagles.for.bombardment": "bombardment",
    "eagles.for.charge": "cavalry charge",
    "eagles.for.casualty": "leader casualty",
    "eagles.for.pursuit": "pursuit",
    "eagles.for.square": "emergency square",
    "eagles.for.grand-charge": "grand charge",
    "eagles.for.assault": "assault",
    "eagles.for.morale": "morale",
}
