"""Message catalogs from Python dicts: ``python -m tools.catalog convert SOURCE:NAME ...`` writes (or merges
into) a gettext ``.po`` file, so that texts written as a dict of ``key -> template`` (a game module's
``messages.py``, keys a branch added to an old dict) move into the catalogs in one command.

    python -m tools.catalog convert engine/GAME/messages.py:EN --lang en \\
        --locale-dir engine/GAME/locale --domain GAME
    python -m tools.catalog convert engine/GAME/messages.py:JA --lang ja \\
        --locale-dir engine/GAME/locale --domain GAME

SOURCE is a file (its dict read from the source: a literal, or else evaluated in the file's module) or a
dotted module name (imported). NAME's first assignment in the source is the one read, so a catalog that the
module rewrites afterwards (``JA = with_commands(JA)``) is taken as written, ``⟨/end⟩`` references and all.

What becomes what:

- ``"key": "template"`` -> ``msgid "key"`` / ``msgstr "template"``;
- ``"key": ("one", "other")`` (a counted noun) -> a plural entry, its forms by the language's
  ``Plural-Forms`` (Japanese has one: the last is kept);
- ``"key#one"`` next to ``"key"`` (the pictures' English plurals) -> one plural entry ``key``;
- with ``--context phrase``: the engine's phrases in events (gettext's way: the id is the English
  template, ``msgctxt "phrase"``);
- ``"kind": {value: word}`` (a table of words) -> ``kind.value`` entries (``--prefix term.`` puts them under
  ``term.``); a function in a table, which no catalog can hold, is named on stderr and left out.

``--new-only`` writes only the keys that no catalog of the language has yet: porting the keys a branch added
to an old dict (``git show BRANCH:bot/i18n.py > /tmp/theirs.py``, then ``convert /tmp/theirs.py:BOT_EN
--new-only ...``) adds those and nothing else. With ``--match REGEX``, only the keys it matches (whole,
after ``--prefix``) are written, ``--exclude REGEX`` leaves out those it matches. An existing ``.po`` keeps
its other entries; an entry of the same key is replaced (the report says which changed). ``--drop-missing``
removes the keys the dict no longer has.

``python -m tools.catalog check`` compares every catalog's languages (same keys, same fields) and exits 1 on a
difference.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import contextlib
import datetime as dt
import importlib
import importlib.util
import operator
import re
import string
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from engine.catalog import plural_forms, po_path

CREATED = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)  # fixed, so that a rewrite changes only the entries


def load_dict(source: str) -> dict[str, Any]:
    """The dict ``SOURCE:NAME`` names, as its first assignment wrote it."""
    where, _, name = source.rpartition(":")
    if not where or not name:
        raise SystemExit(f"give SOURCE:NAME (a file or module, then the dict's name), not {source!r}")
    path = Path(where)
    if path.suffix == ".py" or path.exists():
        text = path.read_text(encoding="utf-8")
        module_name = None
    else:
        spec = importlib.util.find_spec(where)
        if spec is None or spec.origin is None:
            raise SystemExit(f"no module {where!r}")
        text = Path(spec.origin).read_text(encoding="utf-8")
        module_name = where
    node = _first_assignment(ast.parse(text), name)
    if node is None:
        raise SystemExit(f"{where} assigns no {name}")
    try:
        value = ast.literal_eval(node)
    except ValueError:
        value = _data(node, _namespace(path, module_name))
    if not isinstance(value, dict):
        raise SystemExit(f"{source} is not a dict")
    return value


_OPERATORS: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Mod: operator.mod,
    ast.Mult: operator.mul,
    ast.BitOr: operator.or_,
}


def _data(node: ast.expr, names: Mapping[str, Any]) -> Any:
    """A dict's source read as data, without running it as code: literals, containers and ``**`` merges,
    the module's names (and the builtins) and their attributes, a few operators, and calls of the functions
    so named (``dict(X)``, a helper making plural forms); anything else is refused, saying what."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id in names:
            return names[node.id]
        if hasattr(builtins, node.id):
            return getattr(builtins, node.id)
        raise SystemExit(f"{node.id} is not defined where the dict is")
    if isinstance(node, ast.Attribute):
        return getattr(_data(node.value, names), node.attr)
    if isinstance(node, ast.Dict):
        out: dict[Any, Any] = {}
        for k, v in zip(node.keys, node.values, strict=True):
            if k is None:
                out.update(_data(v, names))
            else:
                out[_data(k, names)] = _data(v, names)
        return out
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        items = [_data(e, names) for e in node.elts]
        return {ast.List: list, ast.Tuple: tuple, ast.Set: set}[type(node)](items)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        return _OPERATORS[type(node.op)](_data(node.left, names), _data(node.right, names))
    if isinstance(node, ast.Subscript):
        return _data(node.value, names)[_data(node.slice, names)]
    if isinstance(node, ast.Call) and not any(isinstance(a, ast.Starred) for a in node.args):
        args = [_data(a, names) for a in node.args]
        kwargs: dict[str, Any] = {}
        for kw in node.keywords:
            if kw.arg is None:
                kwargs.update(_data(kw.value, names))
            else:
                kwargs[kw.arg] = _data(kw.value, names)
        return _data(node.func, names)(*args, **kwargs)
    raise SystemExit(f"line {node.lineno}: {type(node).__name__} is code the converter does not read as data")


def _first_assignment(tree: ast.Module, name: str) -> ast.expr | None:
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in stmt.targets
        ):
            return stmt.value
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == name:
            return stmt.value
    return None


def _namespace(path: Path, module_name: str | None) -> dict[str, Any]:
    """The globals of the module whose source holds the dict (imported; by file when it is one)."""
    if module_name is None:  # a file of this project is imported as its module (relative imports work)
        rel = path.resolve().with_suffix("")
        with contextlib.suppress(ValueError):
            parts = rel.relative_to(Path.cwd().resolve()).parts
            module_name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    if module_name is not None:
        return dict(vars(importlib.import_module(module_name)))
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return dict(vars(mod))


def entries(d: Mapping[Any, Any], lang: str, prefix: str = "") -> dict[str, tuple[str, ...] | str]:
    """The dict as catalog entries: key -> text, or key -> plural forms (a tuple)."""
    nplurals, _ = plural_forms(lang)
    out: dict[str, tuple[str, ...] | str] = {}
    for k, v in d.items():
        key = f"{prefix}{k}"
        if isinstance(v, str):
            out[key] = v
        elif isinstance(v, (tuple, list)) and all(isinstance(x, str) for x in v):
            out[key] = _forms(tuple(v), nplurals)
        elif isinstance(v, Mapping):
            out.update(entries(v, lang, f"{key}."))
        else:
            print(f"left out {key!r}: {type(v).__name__} is code, not text", file=sys.stderr)
    for key in [k for k in out if k.endswith("#one")]:  # "x#one" + "x": one plural entry
        base = key.removesuffix("#one")
        one, other = out.pop(key), out.get(base)
        if isinstance(one, str) and isinstance(other, str):
            out[base] = _forms((one, other), nplurals)
    return out


def _forms(forms: tuple[str, ...], nplurals: int) -> tuple[str, ...]:
    """(one, other) -> the language's forms: all of them if it has as many, else the last (``other``)."""
    if len(forms) == nplurals:
        return forms
    return (forms[-1],) * nplurals


def write(
    locale_dir: Path,
    domain: str,
    lang: str,
    new: Mapping[str, tuple[str, ...] | str],
    drop_missing: bool = False,
    context: str | None = None,
) -> list[str]:
    """Merge ``new`` into the ``.po`` of ``domain`` in ``lang`` (made if absent; an entry keeps its comments
    and context): what changed, said. ``context`` is the ``msgctxt`` of the new entries (``phrase``)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    path = po_path(locale_dir, domain, lang)
    old: dict[str, Any] = {}
    about: dict[str, tuple[str | None, list[str]]] = {}  # key -> its context and comments
    if path.exists():
        with path.open("rb") as f:
            for m in read_po(f, locale=lang, domain=domain):
                if m.id:
                    key = m.id[0] if isinstance(m.id, (list, tuple)) else m.id
                    old[key] = tuple(m.string or ()) if isinstance(m.id, (list, tuple)) else m.string
                    about[key] = (m.context, list(m.auto_comments))
    report = []
    merged = {} if drop_missing else dict(old)
    for key, text in new.items():
        if key not in old:
            report.append(f"added {key}")
        elif old[key] != text:
            report.append(f"changed {key}")
        merged[key] = text
        if context is not None or key not in about:
            about[key] = (context, about.get(key, (None, []))[1])
    report += [f"dropped {k}" for k in old if k not in merged]
    cat = Catalog(
        locale=lang,
        domain=domain,
        project="Estafette",
        version="1",
        creation_date=CREATED,
        revision_date=CREATED,
        fuzzy=False,
    )
    for key, text in merged.items():
        ctx, comments = about.get(key, (None, []))
        if isinstance(text, tuple):
            cat.add((key, key), list(text), auto_comments=comments, context=ctx)
        else:
            cat.add(key, text, auto_comments=comments, context=ctx)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, cat, width=0, omit_header=False, sort_output=False, ignore_obsolete=True)
    return report


def fields(template: str) -> set[str]:
    """The ``{fields}`` of a template (nested ones, in format specs, included)."""
    out: set[str] = set()
    for _lit, name, spec, _conv in string.Formatter().parse(template):
        if name is not None:
            out.add(name.split(".")[0].split("[")[0])
            out |= fields(spec or "")
    return out


def po_files(roots: Iterable[Path]) -> dict[tuple[Path, str], dict[str, Path]]:
    """Every catalog under ``roots``: (locale dir, domain) -> lang -> its ``.po``."""
    found: dict[tuple[Path, str], dict[str, Path]] = {}
    for root in roots:
        for po in sorted(root.rglob("LC_MESSAGES/*.po")):
            locale_dir, lang = po.parent.parent.parent, po.parent.parent.name
            found.setdefault((locale_dir, po.stem), {})[lang] = po
    return found


ROOTS = tuple(Path(__file__).resolve().parent.parent / d for d in ("engine", "bot", "renderers"))


def known_keys(lang: str, roots: Iterable[Path] = ROOTS) -> set[str]:
    """Every key of every catalog in ``lang`` under ``roots``."""
    from engine.catalog import read

    return {
        k for (d, domain), langs in po_files(roots).items() if lang in langs for k in read(d, domain, lang)
    }


def check(roots: Iterable[Path]) -> list[str]:
    """Differences between the languages of each catalog: keys one lacks, fields that differ."""
    from engine.catalog import read

    problems = []
    for (locale_dir, domain), langs in po_files(roots).items():
        cats = {lang: read(locale_dir, domain, lang) for lang in langs}
        en = cats.get("en")
        if en is None:
            problems.append(f"{locale_dir}: {domain} has no English")
            continue
        for lang, cat in cats.items():
            for key in sorted(set(en) ^ set(cat)):
                problems.append(f"{domain}/{lang}: {key} is {'missing' if key in en else 'not in English'}")
            for key in sorted(set(en) & set(cat)):
                for a, b in zip(en.forms[key], cat.forms[key] + cat.forms[key][-1:] * 9, strict=False):
                    if fields(a) != fields(b):
                        problems.append(
                            f"{domain}/{lang}: {key} has {sorted(fields(b))}, not {sorted(fields(a))}"
                        )
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.catalog", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("convert", help="a dict of templates -> a .po file (merged into it if it exists)")
    c.add_argument("source", help="FILE.py:NAME or package.module:NAME")
    c.add_argument("--lang", required=True, help="en, ja...")
    c.add_argument("--locale-dir", required=True, type=Path, help="e.g. engine/GAME/locale")
    c.add_argument("--domain", required=True, help="the catalog's name: the game's id")
    c.add_argument("--prefix", default="", help="put the keys under this prefix (term. for word tables)")
    c.add_argument("--match", default="", help="only the keys this regex matches (after --prefix)")
    c.add_argument("--exclude", default="", help="leave out the keys this regex matches")
    c.add_argument(
        "--context", default=None, help="the msgctxt of the entries (phrase: the engine's phrases)"
    )
    c.add_argument(
        "--new-only",
        action="store_true",
        help="only the keys no catalog of the language has yet (under engine/, bot/, renderers/)",
    )
    c.add_argument("--drop-missing", action="store_true", help="remove the keys the dict does not have")
    k = sub.add_parser("check", help="every catalog's languages: same keys and fields")
    k.add_argument("roots", nargs="*", type=Path, default=[Path("engine"), Path("bot"), Path("renderers")])
    args = ap.parse_args(argv)
    if args.cmd == "check":
        problems = check(args.roots)
        print("\n".join(problems) or "the catalogs agree")
        return 1 if problems else 0
    new = entries(load_dict(args.source), args.lang, args.prefix)
    if args.match:
        new = {key: v for key, v in new.items() if re.fullmatch(args.match, key)}
    if args.exclude:
        new = {key: v for key, v in new.items() if not re.fullmatch(args.exclude, key)}
    if args.new_only:
        have = known_keys(args.lang)
        new = {key: v for key, v in new.items() if key not in have}
    for line in write(args.locale_dir, args.domain, args.lang, new, args.drop_missing, args.context):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
