"""The Japanese of the engine's messages, said: its templates and words are in the catalogs
(``engine/locale/ja``, ``engine/<game>/locale/ja``: engine/catalog.py), the code that says commands the
Japanese way is here. The words of the game follow the Japanese translations of the rules (3rd edition and
v3.4): 会戦 (battle), 戦闘ターン (battle turn), 潰走 (rout), 再編成 (regroup), 強行軍 (forced march),
方陣 (square) / 横隊 (line), 予備 (reserve), センターライン (centre line), 士気 (morale),
増援 (reinforcement), 混乱 (disrupted), 親衛隊 (the Guard), サイコロ (dice), ユニット (block). The combat
moves are named by edition: 前進 / 後退 in the 3rd edition, 交戦 / 離脱 in v3.4 (the bot's
``term.move_verb*``). Town and unit names stay as the data gives them.

The politeness of each kind of text is written at the top of ``bot/i18n_ja.py``: these templates are messages
to a player (です / ます).

Commands and options are named as a Japanese Discord client shows them, the English as typed in the console
in brackets: a template writes a reference between ⟨ ⟩ (``⟨/end⟩``, ``⟨/move units:A path:町>町⟩``,
``⟨battle:町⟩``) and ``command_ref`` says it (``/手番終了 (/end)``); ``{order:cmd}`` does the same for a
command named by a field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .catalog import LazyCatalog
from .messages import Sayings, Words, counted, joined

# every table of words below is read from the catalog (``term.<kind>.<value>``, ``command.<name>``,
# ``option.<name>``: engine/locale/ja/LC_MESSAGES/engine.po) when first used
JA_RAW = LazyCatalog("engine", "ja")  # as written: the tables of names below are read from it
ARMY: Mapping[str, str] = Words(JA_RAW, "army")

# --- the names a Japanese Discord client shows --------------------------------------------------------------
# Discord: names match ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ and are lowercase; the interaction still
# carries the English names, so the cog and the order text never see these (bot/discord_app/translate.py).

COMMAND_NAMES_JA: Mapping[str, str] = Words(JA_RAW, "command", prefix="command.")

OPTION_NAMES_JA: Mapping[str, str] = Words(JA_RAW, "option", prefix="option.")

_OPTION_RX = re.compile(r"^(\[?)([a-z_-]+)([:=])(.*?)(\]?)$")


def _option_ja(token: str, command: str = "") -> str:
    m = _OPTION_RX.match(token)
    own = f"{command} {m[2]}" if m else ""  # an option's name in one command, as the client shows it there
    if m and own in OPTION_NAMES_JA:
        return f"{m[1]}{OPTION_NAMES_JA[own]}{m[3]}{m[4]}{m[5]}"
    if not m or m[2] not in OPTION_NAMES_JA:
        return token
    return f"{m[1]}{OPTION_NAMES_JA[m[2]]}{m[3]}{m[4]}{m[5]}"


def command_ref(text: str) -> str:
    """A command, or options, as a Japanese client shows them, then as typed in the console, in brackets:

    >>> command_ref("/end")
    '/手番終了 (/end)'
    >>> command_ref("/game join")
    '/ゲーム 参加 (/game join)'
    >>> command_ref("/move units:A,B path:町>町 [forced:yes]")
    '/移動 ユニット:A,B 経路:町>町 [強行軍:yes] (/move units:A,B path:町>町 [forced:yes])'
    >>> command_ref("battle:町")
    '会戦:町 (battle:町)'
    >>> command_ref("ruleset=")
    'ルール版 (ruleset=)'
    """
    words = text.split(" ")
    if words[0].startswith("/"):
        name, rest = words[0][1:], words[1:]
        shown = [COMMAND_NAMES_JA.get(name, name)]
        if rest and f"{name} {rest[0]}" in COMMAND_NAMES_JA:
            shown.append(COMMAND_NAMES_JA[f"{name} {rest[0]}"])
            rest = rest[1:]
        said = "/" + " ".join(shown + [_option_ja(w, name) for w in rest])
    else:
        m = _OPTION_RX.match(text)
        if m and m[3] == "=" and m[2] in OPTION_NAMES_JA:  # a key of a game's options text: typed in English
            return f"{OPTION_NAMES_JA[m[2]]} ({text})"
        said = " ".join(_option_ja(w) for w in words)
    return f"{said} ({text})" if said != text else text


_REF_RX = re.compile(r"⟨([^⟩]+)⟩")


def with_commands(catalog: Mapping[str, str]) -> dict[str, str]:
    """The catalog with every ⟨reference⟩ said by ``command_ref``."""
    return {k: _REF_RX.sub(lambda m: command_ref(m[1]), v) for k, v in catalog.items()}


def _path_ja(value: Any) -> str:
    """``Charleroi>Gosselies>Frasnes`` -> ``Charleroi から Gosselies 経由で Frasnes へ``."""
    towns = [t.strip() for t in str(value).split(">") if t.strip()]
    if len(towns) < 2:
        return str(value)
    via = f" {'、'.join(towns[1:-1])} 経由で" if len(towns) > 2 else ""
    return f"{towns[0]} から{via} {towns[-1]} へ"


# the Japanese templates: the engine's catalog and its modules' in Japanese, every ⟨reference⟩ said
JA: Mapping[str, str] = LazyCatalog("engine", "ja", after=with_commands)

JA_OWN: dict[str, Any] = {
    "_list": joined("ja"),
    "_and": "と".join,  # CLDR's Japanese lists have no "and" (its "standard" is the 、 list): と by hand
    "_slash": "/".join,
    "cmd": lambda name: command_ref(f"/{name}"),
    "cmd_text": command_ref,
    "opt": lambda name: f"{OPTION_NAMES_JA.get(name, name)} ({name})" if name in OPTION_NAMES_JA else name,
    "path": _path_ja,
    "unsaid": lambda v: "",  # the move's name differs by edition: 「A が動いて空いた戦列コラム」
    "n_units": counted("ja", "term.n_units"),
    "n_more_units": counted("ja", "term.n_more_units"),
    "n_towns": counted("ja", "term.n_towns"),
}
JA_TERMS = Sayings(JA_OWN, JA)  # and every kind of words of the catalogs


# --- the engine's phrases inside events and results (reasons, causes, dice) ------------------------------
# In the catalogs (msgctxt "phrase", their id the English template: engine/catalog.py); an event carries the
# id and its parameters (engine.messages.Phrase), so nothing is translated back from English text.

PHRASES_JA: Mapping[str, str] = LazyCatalog("engine", "ja", after=lambda cat: cat.in_context("phrase"))


def phrase_ja(text: str) -> str | None:
    """The Japanese of one of the engine's phrases (its id, the English template), or None if it is none."""
    return PHRASES_JA.get(text)
