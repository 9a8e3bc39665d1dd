"""How Napoleon's Triumph is said to its players, in English and Japanese: its events (one line each, as the
role sees it), what a role is asked at each step of the turn and of the attack (rule 7; 11.1-11.9, 12), the
channel's headline from the public view alone, the status line and the options in words.

Every template is ``triumph.*`` of the game's catalog (``locale/<lang>/LC_MESSAGES/triumph.po``); names come
from the data (locales, commanders), sides as the language names them, counts by the language's plural rule.
Nothing here reads the state but the prompt, which speaks to the role whose turn it is; the narration reads
only the event as its audience sees it, and the headline only the public view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from data.triumph import load_triumph

from ..catalog import format_list
from ..voice import Voice
from .messages import LOCALE as LOCALE  # importing it registers the "triumph" layer
from .state import SIDES, other

EVENT = "triumph.event."
# why the rules showed faces (G5): the step of the attack that reveals them
SHOWN = {"11.4": "defence", "11.5": "attack", "11.7": "counter", "12": "retreat", "15": "guard"}
# the fields of the events that hold a locale id
_LOCALES = ("to", "at", "locale", "source", "target", "facing")

VOICE = Voice("triumph")  # English and Japanese
say, word = VOICE.say, VOICE.word
_cat = VOICE.catalog  # a language's catalog


def side(value: Any, lang: str) -> str:
    """An army as a noun: "the French", "連合軍"."""
    return word(f"triumph.side.{value}", lang) if value in SIDES else str(value)


def place(locale_id: Any, lang: str) -> str:
    """A locale by its name on our map in the language (the data's ``name``, ``name_ja``; an entry road's
    too); an unknown id as it is."""
    data = load_triumph()
    ja = VOICE.lang(lang) == "ja"
    try:
        loc = data.locale(str(locale_id))
        return loc.name_ja if ja else loc.name
    except KeyError:
        entry = next((e for e in data.entries if e.id == locale_id), None)
        if entry is None:
            return str(locale_id)
        return entry.name_ja if ja else entry.name


def commander(cid: Any, lang: str) -> str:
    """A commander by its name in the language (the data's ``name``, ``name_ja``); an unknown id as it is."""
    c = next((x for x in load_triumph().commanders if x.id == cid), None)
    if c is None:
        return str(cid)
    return c.name_ja if VOICE.lang(lang) == "ja" else c.name


def force(fid: Any, lang: str) -> str:
    """A force that moves or attacks: a corps by its commander's name, a detached unit by its id."""
    if any(c.id == fid for c in load_triumph().commanders):
        return say("triumph.corps", lang, commander=commander(fid, lang))
    return str(fid)


def forces(ids: Sequence[Any], lang: str) -> str:
    return format_list([force(f, lang) for f in ids], lang) if ids else word("triumph.none", lang)


def units(ids: Sequence[Any], lang: str) -> str:
    return format_list([str(u) for u in ids], lang) if ids else word("triumph.none", lang)


def face(unit: str, value: str, lang: str) -> str:
    """A unit with its face, as the rules show it (G5): "F12 (infantry 2)"."""
    arm, _, strength = str(value).partition("-")
    arm_said = VOICE.word_or(f"triumph.arm.{arm}", arm, lang)
    return say("triumph.face", lang, unit=unit, arm=arm_said, strength=strength)


def when(label: str, lang: str) -> str:
    """A round's time ("2 Dec 07:00", "1 Dec night") in the language's words."""
    day, _, hour = str(label).partition(" Dec ")
    if not hour:
        return str(label)
    hour_said = word("triumph.night", lang) if hour == "night" else hour
    return say("triumph.when", lang, day=day, hour=hour_said)


def width(value: Any, lang: str) -> str:
    return VOICE.word_or(f"triumph.width.{value}", value, lang)


def _on(at: Any, lang: str) -> str:
    """Where a force stands in its locale: on the approach to ``at`` (a block on an approach, rule 10)."""
    return say("triumph.on_approach", lang, to=place(at, lang)) if at else ""


def _reason(reason: Any, lang: str) -> str:
    return VOICE.word_or(f"triumph.reason.{reason}", reason, lang)


def told(e: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """An event's fields as a sentence says them: locales and commanders by name, sides as nouns, lists."""
    out: dict[str, Any] = {}
    for k, v in e.items():
        if k in _LOCALES and isinstance(v, str):
            out[k] = place(v, lang)
        elif k in ("side", "winner", "winning"):
            out[k] = side(v, lang) if v else word("triumph.nobody", lang)
        elif k == "commander":
            out[k] = commander(v, lang)
        elif k == "force":
            out[k] = force(v, lang)
        elif k == "forces":
            out[k] = forces(v, lang)
        elif k in ("units", "leaders", "defence_leaders", "posted", "eliminated") and isinstance(v, list):
            out[k] = units(v, lang)
        elif k == "width":
            out[k] = width(v, lang)
        elif k == "reason":
            out[k] = _reason(v, lang)
        elif k == "path" and isinstance(v, list):
            out[k] = " > ".join(place(p, lang) for p in v)
        else:
            out[k] = v
    return out


def narrate(e: Mapping[str, Any], lang: str) -> str | None:
    """One line for an event as a role sees it (``e``: its public data, and its secret part where the role
    may see it), or None for one nobody reads."""
    kind = str(e.get("kind", ""))
    key = EVENT + kind
    if key not in VOICE.catalog(lang):
        return None
    p = told(e, lang)
    if kind in ("move", "detach", "post", "march"):
        p["on"] = _on(e.get("at"), lang)
        p["n"] = len(e.get("units") or ()) or 1
        if kind == "march":
            p["corps"] = force(e.get("commander"), lang)
    elif kind == "enter":
        p["corps"] = force(e.get("commander"), lang)
    elif kind == "shown":
        faces = e.get("units") or {}
        p["faces"] = format_list([face(u, f, lang) for u, f in faces.items()], lang)
        p["why"] = word("triumph.shown." + SHOWN.get(str(e.get("why")), "attack"), lang)
    elif kind == "loss":
        before = face(str(e.get("unit")), str(e.get("before")), lang)
        if not e.get("after"):
            return say("triumph.eliminated", lang, unit=before)
        p.update(unit=before, n=int(e.get("lost") or 0))
    elif kind == "defend":  # 11.2; the leaders (11.4) only in the defender's own copy of the event
        ids = list(e.get("units") or ())
        p["side"] = side(_side_of(ids), lang)
        p["n"] = len(ids)
        p["where"] = word("triumph.where." + ("approach" if e.get("blocked") else "reserve"), lang)
        line = say(key, lang, **p)
        if "leaders" in e:
            line += say("triumph.sealed_leaders", lang, leaders=units(e.get("leaders") or [], lang))
        return line
    elif kind == "feint" and e.get("step_up"):
        return say(key, lang, **p) + say("triumph.feint_step", lang)
    elif kind == "repulsed" and not e.get("units"):
        return say("triumph.repulsed_none", lang, **p)
    elif kind == "counter" and not e.get("units"):
        return say("triumph.counter_none", lang, **p)
    elif kind == "step-up":
        a, _, b = str(e.get("approach", "")).partition(">")
        p.update(at=place(a, lang), to=place(b, lang))
    elif kind == "retreat":
        moves = e.get("to") or {}
        p["moves"] = format_list(
            [say("triumph.retreat_to", lang, unit=u, to=place(t, lang)) for u, t in moves.items()], lang
        ) or word("triumph.none", lang)
        line = say(key, lang, **p)
        if e.get("eliminated"):
            line += say("triumph.retreat_lost", lang, units=units(e["eliminated"], lang))
        return line
    elif kind == "round":
        p["when"] = when(str(e.get("label", "")), lang)
        if e.get("night"):
            return say("triumph.event.round_night", lang, **p)
    elif kind == "battery":
        p["unit"] = face(str(e.get("unit")), str(e.get("face")), lang)
        if not e.get("facing"):  # 18: in the Santon's reserve
            return say("triumph.event.battery_reserve", lang, **p)
    elif kind == "bid":  # 17: the amount only in the bidder's own copy (the secret part)
        line = say(key, lang, **p)
        if "morale" in e:
            line += say("triumph.sealed_bid", lang, morale=e["morale"])
        return line
    elif kind == "auction" and not e.get("bid"):
        return say("triumph.event.auction_none", lang, **p)
    elif kind == "ready":
        return say(key, lang)
    return say(key, lang, **p)


def _side_of(unit_ids: Sequence[str]) -> str:
    """The army of these units (every unit's side is public, rule 4)."""
    data = load_triumph()
    for u in unit_ids:
        try:
            return data.unit(u).side
        except StopIteration:
            continue
    return ""


# --- what a role is asked (its DM), and what the channel is told it is asked -------------------------------


def prompt_params(view: Any, lang: str) -> dict[str, Any]:
    """The public facts of the step a prompt or a headline names: whose turn, the time, the attack's
    locales."""
    data = load_triumph()
    rounds = len(data.scenario(view.scenario).rounds)
    p: dict[str, Any] = {
        "side": side(view.side, lang),
        "round": view.round,
        "rounds": rounds,
        "when": when(view.label, lang),
    }
    a = view.attack
    if a is not None:
        p.update(
            attacker=side(a["attacker"], lang),
            defender=side(other(a["attacker"]), lang),
            source=place(a["source"], lang),
            target=place(a["target"], lang),
        )
    return p


def headline(view: Any, role: str, lang: str) -> str:
    """The channel's line of what ``role`` is asked: from the public view only (the step, the attack's
    locales), never a face nor a sealed choice (11.2, 11.4, 11.5)."""
    if view.winner is not None or role not in view.active:
        return ""
    key = f"triumph.headline.{view.step}"
    if key not in VOICE.catalog(lang):
        return ""
    p = prompt_params(view, lang)
    p["side"] = side(role, lang)
    return say(key, lang, **p)


def status(view: Any, lang: str) -> str:
    """The game in one line: the round and its time, whose turn and which step, both armies' morale (13);
    once over, who won and why (13, 16)."""
    morale = {s: view.morale.get(s, 0) for s in SIDES}
    if view.winner is not None:
        return say(
            "triumph.status_over",
            lang,
            winner=side(view.winner, lang),
            reason=_reason(view.reason, lang),
            french=morale["french"],
            allies=morale["allies"],
        )
    p = prompt_params(view, lang)
    acting = view.active[0] if view.active else view.side
    return say(
        "triumph.status",
        lang,
        round=p["round"],
        rounds=p["rounds"],
        when=p["when"],
        side=side(acting, lang),
        step=word(f"triumph.step.{view.step}", lang),
        french=morale["french"],
        allies=morale["allies"],
    )


def describe_options(o: Mapping[str, Any], lang: str) -> str:
    """The options in words (the scenario; the flagged readings of G9, G16, G21; the set-up step of 6)."""
    parts = [
        word(f"triumph.scenario.{o.get('scenario', '2dec')}", lang),
        word("triumph.opt.blockers_" + ("on" if o.get("blockers_must_fight", True) else "off"), lang),
        word(f"triumph.opt.road_{o.get('road_stop', 'corps')}", lang),
        word("triumph.opt.ground_" + ("on" if o.get("give_ground_morale") else "off"), lang),
        word("triumph.opt.setup_" + ("on" if o.get("french_setup") else "off"), lang),
    ]
    # the optional rules 17 and 18, said only when played (a game without them reads as it always did)
    parts += [word(f"triumph.opt.{k}_on", lang) for k in ("balance", "santon") if o.get(k)]
    return say("triumph.options", lang, options=word("triumph.options_sep", lang).join(parts))
