"""Each game's words in its own catalog: a game's code names only keys of its own catalogs or the platform's
(``engine/locale``, ``bot/locale``), and a platform catalog holds no key that one game alone uses.

A key is "used" where code names it as a string (``tx.t("ev.move", ...)``, ``rule_error("5.3",
"move.road_full", ...)``, or a prefix it is built from, ``f"battle.cannot_reinforce_{why}"``), or, for the
tables read by name (``term.<kind>.<value>``, ``command.<order>``, ``cmd.<order>``, ``opt.<order>.<option>``,
``option.<option>``, ``choice.<value>``, ``title.<game>``), where a module declares the order, option, seat or
value, or where a template says the kind (``{side:army}``). What two games share (``/move``, the British
seat) is the platform's: one name for every game.
"""

from __future__ import annotations

import ast
import itertools
import string
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

from engine import modules
from engine.catalog import read
from engine.module import Module

ROOT = Path(__file__).resolve().parents[2]
CODE = ("engine", "bot", "tools", "renderers", "ai", "data", "bench")
PLATFORM = "platform"
TABLES = ("term.", "command.", "option.", "cmd.", "opt.", "choice.", "title.")


def games() -> list[Module]:
    return modules.modules()


def owner(path: Path, ids: Iterable[str]) -> str:
    """The game a file belongs to (a folder or file named for it: ``engine/napoleon/``, ``ai/liberty.py``,
    ``tools/liberty_samples.py``), else the platform."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    for g in ids:
        if any(p == g or p.startswith(f"{g}_") or p.endswith(f"_{g}") for p in parts):
            return g
    return PLATFORM


def catalogs(ids: Iterable[str]) -> dict[str, dict[str, set[str]]]:
    """owner -> domain -> its English keys, for every catalog under the code's folders."""
    ids = list(ids)
    out: dict[str, dict[str, set[str]]] = {}
    for folder in CODE:
        for po in sorted((ROOT / folder).rglob("en/LC_MESSAGES/*.po")):
            locale_dir = po.parent.parent.parent
            who = owner(locale_dir / "x.py", ids)
            out.setdefault(who, {})[po.stem] = set(read(locale_dir, po.stem, "en"))
    return out


def constants(ids: Iterable[str]) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """owner -> every string constant in its code (f-strings give their literal parts), and owner -> the
    keys of the tables of texts its code writes as dicts (Liberty's picture labels)."""
    ids = list(ids)
    out: dict[str, set[str]] = {}
    tables: dict[str, set[str]] = {}
    for folder in CODE:
        for path in (ROOT / folder).rglob("*.py"):
            who = owner(path, ids)
            found, table = out.setdefault(who, set()), tables.setdefault(who, set())
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    found.add(node.value)
                if isinstance(node, ast.Dict):
                    table |= {
                        k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)
                    }
    return out, tables


def names(key: str, texts: set[str]) -> bool:
    """Whether code with these constants names ``key``: whole, or the start it is built from."""
    return key in texts or any(key.startswith(c) for c in texts if "." in c and len(c) > 3 and c[0].isalpha())


def specs(template: str) -> set[str]:
    """The ways of saying a value a template names (``{side:army}`` -> ``army``), nested ones too."""
    out: set[str] = set()
    for _lit, name, spec, _conv in string.Formatter().parse(template):
        if name is not None and spec:
            out.add(spec.partition("+")[0])
            out |= specs(spec)
    return out


def kinds_said(locale_dirs: Iterable[tuple[Path, str]]) -> set[str]:
    said: set[str] = set()
    for (d, domain), lang in itertools.product(locale_dirs, ("en", "ja")):
        cat = read(d, domain, lang)
        said |= {s for k in cat for form in cat.forms[k] for s in specs(form)}
    return said


def declared(m: Module, platform_commands: set[str], platform_options: set[str]) -> set[str]:
    """The table keys a module's declarations name: its orders (``command.``/``cmd.``/``opt.``), their
    options and its game options (``option.``, ``opt.game.new.``), its seats, values, preferences and id
    (``choice.``), its title."""
    keys = {f"choice.{m.id}", f"title.{m.id}"} | {f"choice.{s}" for s in m.every_role()}
    keys |= {f"choice.{p}" for p in m.preferences}  # ``/game prefer key:``
    for kind in m.orders:
        if kind.name not in platform_commands:
            keys |= {f"command.{kind.name}", f"cmd.{kind.name}"}
        for o in kind.options:
            keys.add(f"opt.{kind.name}.{o.name}")
            if o.name not in platform_options:
                keys |= {f"option.{o.name}", f"option.{kind.name} {o.name}"}
            keys |= {f"choice.{c}" for c in getattr(o, "choices", ()) or ()}
    for opt in m.options:
        keys |= {f"opt.game.new.{opt.name}", f"option.{opt.name}"} | {f"choice.{c}" for c in opt.choices}
    return keys


def platform_commands() -> tuple[set[str], set[str]]:
    """The bot's own slash commands and their own options (not a game's options ``/game new`` carries)."""
    import tempfile

    from bot.discord_app.client import EstafetteBot
    from bot.discord_app.cog import EstafetteCog
    from bot.pictures import NoPictures
    from bot.storage import Store

    with tempfile.TemporaryDirectory() as tmp:
        bot = EstafetteBot(Store(Path(tmp) / "x.db"), pictures=NoPictures(), tick_seconds=0, sync=False)
        own = list(EstafetteCog(bot, bot.service, bot.sender).walk_app_commands())
    game_options = {o.name for m in games() for o in m.options}
    commands = {c.qualified_name for c in own} | {c.name for c in own}
    options = {p.display_name for c in own for p in getattr(c, "parameters", [])} - game_options
    return commands, options


def table_owners(
    key: str,
    decl: Mapping[str, set[str]],
    seats: Mapping[str, set[str]],
    kinds: Mapping[str, set[str]],
    code: Mapping[str, set[str]],
) -> set[str]:
    """The games whose declarations or templates make a table key theirs (empty: nobody's but the
    platform's). A word (``term.<kind>.<value>``) is a game's when only its templates say the kind; of a
    kind only games say, the games whose code names the value (Napoleon's battle phase ``morale``); else
    the games whose seat the value is."""
    if key.startswith("term.") and key.count(".") >= 2:
        _, kind, value = key.split(".", 2)
        users = {g for g, said in kinds.items() if kind in said}
        if users and len(users) == 1 and PLATFORM not in users:
            return users
        if users and PLATFORM not in users:
            return {g for g in users if value in code.get(g, set())} or {
                g for g in users if value in seats[g]
            }
        return {g for g, s in seats.items() if value in s}
    return {g for g, keys in decl.items() if key in keys}


# --- the checks, on any catalogs and code (so that a test can plant a wrong key) ---------------------------


def misplaced(
    cats: Mapping[str, Mapping[str, set[str]]],
    code: Mapping[str, set[str]],
    tables: Mapping[str, set[str]],
    decl: Mapping[str, set[str]],
    seats: Mapping[str, set[str]],
    kinds: Mapping[str, set[str]],
) -> list[str]:
    """What is in the wrong catalog: a key a game's code names that is in neither its catalogs nor the
    platform's, and a key of a platform catalog that one game alone uses."""
    problems = []
    platform = set().union(*cats.get(PLATFORM, {}).values())
    every = set().union(*(keys for by_domain in cats.values() for keys in by_domain.values()))
    for game, texts in code.items():
        if game == PLATFORM:
            continue
        own = set().union(*cats.get(game, {}).values(), platform, tables.get(game, set()))
        # a key of another catalog (a text no catalog holds is no key: a file name, a label of the game's
        # own table; tests/platform/test_i18n.py finds a key missing from every catalog)
        for text in sorted((texts & every) - own):
            problems.append(f"{game} names {text!r}, which is in neither its catalogs nor the platform's")
    for domain, keys in cats.get(PLATFORM, {}).items():
        for key in sorted(keys):
            if key.startswith(TABLES):  # read by name from a table (its prefix in the code says nothing)
                users = {who for who, texts in code.items() if key in texts}
                users = users or table_owners(key, decl, seats, kinds, code)
            else:
                users = {who for who, texts in code.items() if names(key, texts)}
            if len(users) == 1 and PLATFORM not in users:
                problems.append(f"{domain}: {key} is used by {users.pop()} alone: it belongs in its catalog")
    return problems


def building() -> list[str]:
    """The games whose rules have a catalog of their own but no module declared yet (a game being built):
    their catalogs are theirs, not the platform's."""
    known = {m.id for m in games()}
    return sorted(
        p.name for p in (ROOT / "engine").iterdir() if (p / "locale").is_dir() and p.name not in known
    )


@pytest.fixture(scope="module")
def world():
    ids = [m.id for m in games()] + building()
    commands, options = platform_commands()
    cats = catalogs(ids)
    decl = {m.id: declared(m, commands, options) for m in games()}
    seats = {m.id: set(m.every_role()) for m in games()}
    where: dict[str, list[tuple[Path, str]]] = {}
    for folder in CODE:
        for po in sorted((ROOT / folder).rglob("en/LC_MESSAGES/*.po")):
            d = po.parent.parent.parent
            where.setdefault(owner(d / "x.py", ids), []).append((d, po.stem))
    kinds = {who: kinds_said(dirs) for who, dirs in where.items()}
    return cats, *constants(ids), decl, seats, kinds


def test_each_games_keys_are_in_its_own_catalog_and_the_platforms_hold_only_shared_ones(world):
    cats, code, tables, decl, seats, kinds = world
    assert {"napoleon", "liberty", PLATFORM} <= set(cats)
    assert {"engine", "bot"} == set(cats[PLATFORM])
    assert misplaced(cats, code, tables, decl, seats, kinds) == []


def test_a_games_key_in_a_platform_catalog_is_found(world):
    """The scan sees a game's event line, its word, its command and its seat put back in the bot's
    catalog, and a game naming a key no catalog of its own or the platform's holds."""
    cats, code, tables, decl, seats, kinds = world
    assert "ev.move" in cats["napoleon"]["napoleon"] and "ev.move" not in cats[PLATFORM]["bot"]
    planted = {
        **cats,
        PLATFORM: {
            **cats[PLATFORM],
            "bot": cats[PLATFORM]["bot"]
            | {"ev.move", "term.formation.square", "cmd.deploy", "term.role.prussian", "choice.3rd"},
        },
    }
    found = misplaced(planted, code, tables, decl, seats, kinds)
    for key in ("ev.move", "term.formation.square", "cmd.deploy", "term.role.prussian", "choice.3rd"):
        assert f"bot: {key} is used by napoleon alone: it belongs in its catalog" in found, (key, found)
    assert len(found) == 5, found
    # Liberty's code naming Napoleon's event line: not in its catalog, nor the platform's
    stray = {**code, "liberty": code["liberty"] | {"ev.move"}}
    assert misplaced(cats, stray, tables, decl, seats, kinds) == [
        "liberty names 'ev.move', which is in neither its catalogs nor the platform's"
    ]
    # what both games name stays the platform's: /move's name, the British seat's name
    assert {"command.move", "cmd.move", "term.role.british"} <= cats[PLATFORM]["engine"] | cats[PLATFORM][
        "bot"
    ]


def test_the_bot_says_a_games_event_line_and_words_from_the_games_catalog_in_a_fresh_process():
    """``bot.i18n`` alone (a front end that has not loaded a game yet) finds a game's lines and words: the
    registered games' catalogs join the engine's before the first text is said."""
    import subprocess
    import sys

    code = (
        "from bot.i18n import t, term\n"
        "print(t('ev.battle', 'en', town='Ligny', attacker='french', defender='prussian'))\n"
        "print(t('ev.battle', 'ja', town='Ligny', attacker='french', defender='prussian'))\n"
        "print(term('formation', 'square', 'ja'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.splitlines() == [
        "Battle of Ligny: the French attack, the Prussians defend",
        "Ligny の会戦: フランス軍が攻撃、プロシア軍が防御",
        "方陣",
    ]


def test_a_table_of_words_read_before_a_module_adds_its_catalog_is_read_again(tmp_path):
    """A word of a game registered after its table was first read is found, and leaves with it
    (``catalog.generation``)."""
    import engine.catalog as C
    from engine.messages import Words
    from tools.catalog import write

    write(tmp_path, "late", "en", {"term.late_kind.x": "Ex"})
    table = Words(C.LazyCatalog("engine", "en"), "late_kind")
    assert "x" not in table
    C.register("engine", tmp_path, "late")
    try:
        assert table["x"] == "Ex"
    finally:
        C.unregister("engine", tmp_path, "late")
    assert "x" not in table


def kinds_named_in_code() -> set[str]:
    """The kinds of words code names: ``term("cmd_text", ...)``, ``OrderOption(..., words="position")``,
    ``TERMS[loc]["role_name"]``, ``words(catalog, "army_noun", ...)``."""
    named: set[str] = set()
    for folder in CODE:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call):
                    fn = getattr(node.func, "attr", getattr(node.func, "id", ""))
                    args = [a for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
                    if fn == "term" and args[:1]:
                        named.add(args[0].value)
                    if fn in ("words", "Words"):
                        named |= {a.value for a in args}
                    family = {
                        kw.value.value
                        for kw in node.keywords
                        if kw.arg == "words" and isinstance(kw.value, ast.Constant)
                    }
                    named |= family | {f"{f}_title" for f in family}  # a sealed choice's slot on a button
                sub = isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
                if sub and "TERMS" in ast.unparse(node.value) and isinstance(node.slice.value, str):
                    named.add(node.slice.value)
    return named


def test_every_kind_of_words_in_the_catalogs_is_said_by_a_template_or_the_code(world):
    """A table of words nobody says is dead text (the tables are read from the catalogs, whatever kinds
    they hold: ``engine.messages.Sayings``)."""
    from bot.i18n import TERMS

    _cats, _code, _tables, _decl, _seats, kinds = world
    said = set().union(*kinds.values()) | kinds_named_in_code()
    held = set(TERMS["en"]) - set(TERMS["en"].own)
    assert {"role", "formation", "position", "army_noun"} <= held
    assert sorted(held - said) == []
