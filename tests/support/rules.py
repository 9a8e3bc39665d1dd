"""What every game's rules tests check the same way, through the game's own ``apply`` as a player would: an
order refused citing its rule and changing nothing (``refused``; by its message's key, ``refused_as``), and
the last event of a kind (``last``)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import RuleError


def refused(game: Any, role: str, order: str, rule: str) -> RuleError:
    """``order`` of ``role`` is refused citing ``rule``, and the game is unchanged; the refusal."""
    before = game.dumps()
    with pytest.raises(RuleError) as e:
        game.apply(role, order)
    assert e.value.rule == rule, str(e.value)
    assert game.dumps() == before, "a refused order changed the game"
    return e.value


def refused_as(game: Any, role: str, order: str, key: str) -> RuleError:
    """``order`` of ``role`` is refused with the message ``key`` said in words, and the game is unchanged."""
    before = game.dumps()
    with pytest.raises(RuleError) as e:
        game.apply(role, order)
    assert e.value.key == key, (e.value.key, str(e.value))
    assert game.dumps() == before, "a refused order changed the game"
    assert str(e.value)  # a message in words
    return e.value


def last(game: Any, kind: str) -> dict[str, Any]:
    """The data of the game's last event of ``kind``."""
    return next(e.data for e in reversed(game.events) if e.kind == kind)
