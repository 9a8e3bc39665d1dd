"""The registry of game modules (the contract is ``engine/module.py``): Napoleon (the default), Liberty and
Napoleon's Triumph built in, others registered by ``register`` (the tiny test module of
``tests/support/games/dash.py``)."""

from __future__ import annotations

from . import catalog
from .eagles.module import MODULE as EAGLES
from .liberty.module import MODULE as LIBERTY
from .messages import rule_error
from .module import AnyModule
from .napoleon.module import MODULE as NAPOLEON
from .triumph.module import MODULE as TRIUMPH

DEFAULT = NAPOLEON.id
BUILT_IN = (NAPOLEON.id, LIBERTY.id, TRIUMPH.id, EAGLES.id)
_MODULES: dict[str, AnyModule] = {}


def register(module: AnyModule) -> AnyModule:
    """Add (or replace) a module under its id, and its words to the engine's catalog."""
    _MODULES[module.id] = module
    if module.locale:
        catalog.register("engine", module.locale, module.id)
    return module


for _built_in in (NAPOLEON, LIBERTY, TRIUMPH, EAGLES):
    register(_built_in)


def unregister(module_id: str) -> None:
    """Take a registered module away, and its words (a built-in one stays)."""
    if module_id not in BUILT_IN:
        module = _MODULES.pop(module_id, None)
        if module is not None and module.locale:
            catalog.unregister("engine", module.locale, module.id)


def get(module_id: str | None = None) -> AnyModule:
    """The module ``module_id`` (the default when None or empty), or a RuleError naming the games."""
    mid = (module_id or DEFAULT).strip().lower()
    if mid not in _MODULES:
        raise rule_error("options", "options.game", value=module_id, known=sorted(_MODULES))
    return _MODULES[mid]


def modules() -> list[AnyModule]:
    """The default module first, then the others by id."""
    return [_MODULES[k] for k in sorted(_MODULES, key=lambda k: (k != DEFAULT, k))]
