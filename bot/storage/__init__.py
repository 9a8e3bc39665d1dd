"""Storage: one interface (``base.StoreBase``), two backends — SQLite, the embedded default for a club
(``sqlite.Store``), and PostgreSQL for several bot processes on one database (``postgres.PostgresStore``),
chosen by ``ESTAFETTE_DATABASE``: a file path, or a ``postgresql://`` URL (``open_store``)."""

from .base import (
    OPEN,
    BadRow,
    ChannelTaken,
    Commit,
    DuplicateInteraction,
    GameRow,
    NewOrder,
    OrderRow,
    OutboxRow,
    StaleWrite,
    StoreBase,
    StoreError,
    StoreUnavailable,
)
from .settings import GameSettings
from .sqlite import MIGRATIONS, SCHEMA_VERSION, Store


def open_store(database: str) -> StoreBase:
    """The store a ``database`` setting names (not yet opened)."""
    if database.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore

        return PostgresStore(database)
    return Store(database)


__all__ = [
    "MIGRATIONS",
    "OPEN",
    "SCHEMA_VERSION",
    "BadRow",
    "ChannelTaken",
    "Commit",
    "DuplicateInteraction",
    "GameRow",
    "GameSettings",
    "NewOrder",
    "OrderRow",
    "OutboxRow",
    "StaleWrite",
    "Store",
    "StoreBase",
    "StoreError",
    "StoreUnavailable",
    "open_store",
]
