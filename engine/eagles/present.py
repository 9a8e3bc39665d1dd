"""How Eagles of the Empire is said to its players, in English and Japanese: its events (one line each),
what a
role is asked in each phase (4.0), the channel's headline from the public view alone, the status line and the
options in words. Every template is ``eagles.*`` of the game's catalog
(``locale/<lang>/LC_MESSAGES/eagles.po``);
areas, formations and leaders by their names from the data."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..catalog import format_list
from ..voice import Voice
from . import board as B
from .messages import LOCALE as LOCALE  # importing it registers the "eagles" layer
from .state import SIDES

EVENT = "eagles.event."
_AREAS = ("area", "from", "to", "target", "source", "facing")

VOICE = Voice("eagles")  # English and Japanese
say, word = VOICE.say, VOICE.word


def side(value: Any, lang: str) -> str:
    return word(f"eagles.side.{value}", lang) if value in (*SIDES, "draw") else str(value)


def place(area: Any, lang: str) -> str:
    """An area by its id and name ("C1 Quatre Bras")."""
    try:
        return f"{area} {B.area(B.load(), str(area)).name}"
    except (KeyError, StopIteration, AttributeError, ValueError):
        return str(area)


def formation(fid: Any, lang: str) -> str:
    try:
        return str(B.formation(B.load(), str(fid)).name)
    except StopIteration:
        return word("eagles.hq", lang) if fid == "hq" else str(fid)


def piece(pid: Any, lang: str) -> str:
    """A unit by its id, a leader by his name."""
    b = B.load()
    try:
        return str(B.leader(b, str(pid)).name)
    except (KeyError, StopIteration, AttributeError, ValueError):
        return str(pid)


def pieces(ids: Sequence[Any], lang: str) -> str:
    return format_list([piece(p, lang) for p in ids], lang) if ids else word("eagles.none", lang)


def purpose(value: Any, lang: str) -> str:
    return VOICE.word_or(f"eagles.for.{value}", value, lang)


def told(e: Mapping[str, Any], lang: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in e.items():
        if k in _AREAS and isinstance(v, str):
            out[k] = place(v, lang)
        elif k in ("side", "first", "winner"):
            out[k] = side(v, lang)
        elif k == "formation":
            out[k] = formation(v, lang)
        elif k in ("formations",) and isinstance(v, list):
            out[k] = format_list([formation(f, lang) for f in v], lang)
        elif k in ("leader", "was", "unit", "division"):
            out[k] = piece(v, lang)
        elif k in ("units", "in", "out", "dropped") and isinstance(v, list):
            out[k] = pieces(v, lang)
        elif k == "for":
            out[k] = purpose(v, lang)
        elif k == "dice" and isinstance(v, list):
            out[k] = " ".join(str(d) for d in v)
        elif k == "path" and isinstance(v, list):
            out[k] = " > ".join(str(a) for a in v)
        else:
            out[k] = v
    return out


def narrate(e: Mapping[str, Any], lang: str) -> str | None:
    """One line for an event as a role sees it, or None for one it has nothing of (another side's queue).
    Kept by the event's content (its words depend on nothing else): the log is told again whenever it is
    asked for, each time from the events anew."""
    if type(e) is not dict:
        return _narrate(e, lang)
    key = (lang, repr(e))  # an event holds plain values only (its snapshot is JSON): equal text, equal event
    found = _SAID.get(key, _UNSAID)  # one look-up: a replay in a worker thread may clear it in between
    if found is _UNSAID:
        if len(_SAID) >= 20_000:  # bounded: the lines of the last games told
            _SAID.clear()
        found = _SAID[key] = _narrate(e, lang)
    return found if isinstance(found, str) else None


_SAID: dict[tuple[str, str], str | None] = {}
_UNSAID = object()


def _narrate(e: Mapping[str, Any], lang: str) -> str | None:
    kind = str(e.get("kind", ""))
    key = EVENT + kind
    if kind == "los":  # 12.5: the answer, yes or no and why
        p = told(e, lang)
        p["why"] = _error({"key": e.get("why"), "params": e.get("params")}, lang)
        return say("eagles.event.los_" + ("yes" if e.get("ok") else "no"), lang, **p)
    if key not in VOICE.catalog(lang):
        return None
    if kind in ("queued", "queue-cancelled") and "side" not in e:
        return None  # another side's queue: nothing of it is told
    p = told(e, lang)
    if kind == "queued":
        p["n"] = len(e.get("orders") or ())
        p["orders"] = "; ".join(e.get("orders") or ())
    elif kind == "queue-cancelled":
        p["why"] = _error(e, lang)
    elif kind == "move":
        p["mp"] = B.mp_said(int(e.get("mp") or 0))
    elif kind == "range":  # 9.2: the areas in a leader's command range
        p["areas"] = ", ".join(place(str(a), lang) for a in e.get("areas") or ())
    elif kind == "over":
        vp = e.get("vp") or {}
        p.update(french=vp.get("french", 0), allies=vp.get("allies", 0))
        p["reason"] = word(f"eagles.reason.{e.get('reason')}", lang)
    elif kind == "charge-result":
        p["result"] = word("eagles.charge." + ("won" if e.get("success") else "repelled"), lang)
    elif kind == "pursuit" and not e.get("pursue"):
        return say("eagles.event.pursuit_no", lang, **p)
    elif kind == "morale-check" and not e.get("passed"):
        return say("eagles.event.morale-check_failed", lang, **p)
    elif kind == "activate" and e.get("grand"):  # 10.8: the grand charge stands for the activation
        return say("eagles.event.activate_grand", lang, **{**p, "leader": piece(e.get("grand"), lang)})
    elif kind == "command" and not e.get("out"):
        return say("eagles.event.command_all", lang, **p)
    return say(key, lang, **p)


def _error(e: Mapping[str, Any], lang: str) -> str:
    from ..messages import render

    key = str(e.get("key") or "")
    cat = VOICE.catalog(lang)
    if key in cat:
        try:
            return render(cat[key], dict(e.get("params") or {}), cat)
        except (KeyError, IndexError, ValueError):
            pass
    return key


# --- what a role is asked, and what the channel is told -----------------------------------------------------
def prompt_params(view: Any, lang: str) -> dict[str, Any]:
    p: dict[str, Any] = {"turn": view.turn, "turns": view.turns, "time": view.time, "n": view.may_activate}
    p["side"] = side(view.active[0], lang) if view.active else ""
    act = view.activation
    if act is not None:
        p["formations"] = format_list([formation(f, lang) for f in act["formations"]], lang)
    return p


def prompt(view: Any, role: str, lang: str) -> str:
    if view.winner is not None or role not in view.active:
        return ""
    p = prompt_params(view, lang)
    return say(f"eagles.prompt.{view.phase}", lang, **p)


def headline(view: Any, role: str, lang: str) -> str:
    if view.winner is not None or role not in view.active:
        return ""
    p = prompt_params(view, lang)
    p["side"] = side(role, lang)
    return say(f"eagles.headline.{view.phase}", lang, **p)


def status(view: Any, lang: str) -> str:
    vp = view.vp
    if view.winner is not None:
        return say(
            "eagles.status_over",
            lang,
            winner=side(view.winner, lang),
            reason=word(f"eagles.reason.{view.reason}", lang),
            french=vp.get("french", 0),
            allies=vp.get("allies", 0),
        )
    p = prompt_params(view, lang)
    return say(
        "eagles.status",
        lang,
        turn=p["turn"],
        turns=p["turns"],
        time=p["time"],
        side=p["side"] or side(view.roller, lang),
        phase=word(f"eagles.phase.{view.phase}", lang),
        french=vp.get("french", 0),
        allies=vp.get("allies", 0),
    )


def describe_options(o: Mapping[str, Any], lang: str) -> str:
    crops = word("eagles.opt.crops_" + ("on" if o.get("tall_crops") else "off"), lang)
    out = say("eagles.options", lang, scenario=word("eagles.scenario.quatre-bras", lang), crops=crops)
    extra = [word("eagles.opt." + k, lang) for k in ("nassau_picket", "derlon") if o.get(k)]
    return "; ".join([out, *extra]) if lang != "ja" else "、".join([out, *extra])
