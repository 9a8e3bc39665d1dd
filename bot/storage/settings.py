"""A game's settings: what the service keeps of a game beside its options — deadlines,
language, the dice commitment, drafts, the messages it keeps up to date — as one typed model instead of a
free dict. Stored as the same JSON object as before: a field at its default is left out, a key this model
does not know is kept as it was, and a row stored by older code reads as it did (each default is what the
old code read for a missing key)."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class GameSettings(BaseModel):
    model_config = ConfigDict(extra="allow", validate_assignment=True)

    # deadlines (bot/service/deadlines.py): hours a player has to act (0: none), the default reminder before
    # the deadline, and what happens when it passes (``pass`` or ``bot``), or a seat's bank runs out
    deadline_hours: float = 0.0
    reminder_hours: float = 0.0
    deadline_action: str = "pass"
    waiting: str | None = None  # the module's ``waiting`` key the deadline is for
    due_at: float | None = None
    reminders_sent: list[str] = Field(default_factory=list)  # ``user:hours`` keys already sent
    handed: dict[str, int | None] = Field(default_factory=dict)  # role -> the player a deadline took it from
    # time banks (bot/service/clock.py): the game's pace (None: the fixed deadline above, as every game
    # stored before paces keeps), each seat's bank in seconds as of ``clock_at``, and the seats whose banks
    # run since then (the seats the game waits for)
    pace: str | None = None
    banks: dict[str, float] = Field(default_factory=dict)
    clock_at: float | None = None
    clocks: list[str] = Field(default_factory=list)

    # a player who vanishes (bot/service/handover.py): the seats whose deadline passed (role -> the player
    # late), the open vote on them, whether the host alone decides, and the seat that forfeited the game
    timed_out: dict[str, int | None] = Field(default_factory=dict)
    handover_vote: dict[str, Any] | None = None
    handover_host: bool = False
    forfeit: str | None = None
    language: str = "en"  # the channel posts' language
    # the dice commitment (bot/verify.py): its salt, and whether the end of the game revealed it
    dice_salt: str | None = None
    dice_revealed: bool = False
    # the first order whose sealed choice was committed (bot/verify.py): those of a game from before, not
    sealed_from: int | None = None
    # ratings (bot/ratings.py): whether the game counts (``/game new rated:no``), and whether a bot has held
    # a seat since it started (such a game is not rated)
    rated: bool = True
    bot_seated: bool = False
    # a rematch (bot/service/rematch.py): the players of this finished game who pressed for it, and the game
    # it made
    rematch_asked: list[int] = Field(default_factory=list)
    rematch_game: int | None = None
    drafts: dict[str, dict[str, str]] = Field(default_factory=dict)  # "role@place" -> piece -> column
    seed: int | None = None  # an imported script's own seed
    status_message: int | None = None  # the pinned status message
    thread_id: int | None = None  # the private thread
    # stored by older code: the imported lines (before schema 3) and the players' languages
    base: list[str] | None = None
    locales: dict[str, str] | None = None

    @classmethod
    def loads(cls, text: str | None) -> GameSettings:
        """From the stored JSON object (a ValueError if it is not one, or a value has the wrong type)."""
        d = json.loads(text or "{}")
        if not isinstance(d, dict):
            raise ValueError("settings must be a JSON object")
        return cls.model_validate(d)

    def to_dict(self) -> dict[str, Any]:
        """The stored JSON object: the fields not at their defaults, and the keys kept from the row."""
        return self.model_dump(exclude_defaults=True)

    def dumps(self) -> str:
        return json.dumps(self.to_dict())
