"""Reading the source as the checks of the sequence tables do (Napoleon's and Liberty's): only a game's
sequence of play writes its phase."""

from __future__ import annotations

import ast
from pathlib import Path


def phase_writes(path: Path) -> list[str]:
    """``x.phase = ...`` (also in a tuple, augmented or annotated) and ``setattr(x, "phase", ...)``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Call) and ast.unparse(node.func) == "setattr" and len(node.args) > 1:
            name = node.args[1]
            if isinstance(name, ast.Constant) and name.value == "phase":
                out.append(f"{path.name}:{node.lineno}: setattr")
        flat = [e for t in targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])]
        for t in flat:
            if isinstance(t, ast.Attribute) and t.attr == "phase":
                out.append(f"{path.name}:{node.lineno}: {ast.unparse(t.value)}")
    return out
