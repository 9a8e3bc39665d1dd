"""Configuration from the environment (pydantic-settings)."""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ESTAFETTE_", env_file=".env", extra="ignore")

    discord_token: str | None = None  # ESTAFETTE_DISCORD_TOKEN (DISCORD_TOKEN is read too)
    database: str = "./estafette.db"  # ESTAFETTE_DATABASE: the SQLite file
    log_level: str = "INFO"
    dev_guild: int | None = None  # sync commands to this guild at once (fast iteration)
    pictures: str = "./estafette-pictures"  # ESTAFETTE_PICTURES: where the console writes its pictures
    # Several processes on one PostgreSQL database (docs/service.md): each serves its own guilds' shards.
    shard_count: int | None = None  # ESTAFETTE_SHARD_COUNT: the shards of the whole bot
    shard_ids: str | None = None  # ESTAFETTE_SHARD_IDS: this process's, e.g. "0,1" (default: all)
    vacation_days: int = 21  # ESTAFETTE_VACATION_DAYS: each player's vacation days a year (the club's)
    status_card: bool = True  # ESTAFETTE_STATUS_CARD: the pinned status as a card (false: plain text)

    def shards(self) -> list[int] | None:
        """This process's shard ids, or None (no sharding: one process serves every guild)."""
        if not self.shard_ids:
            return list(range(self.shard_count)) if self.shard_count else None
        return [int(s) for s in self.shard_ids.replace(" ", "").split(",") if s]


def load_settings() -> Settings:
    import os

    s = Settings()
    if not s.discord_token and os.environ.get("DISCORD_TOKEN"):
        s.discord_token = os.environ["DISCORD_TOKEN"]
    return s
