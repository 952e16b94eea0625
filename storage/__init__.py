"""Persistence for Muster: an event-sourced game store on SQLite or PostgreSQL."""

from __future__ import annotations

from storage.base import (
    ConflictError,
    GameClosedError,
    GameNotFoundError,
    GameStore,
    MigrationError,
    SeatTakenError,
    StaleVersionError,
    StorageError,
)
from storage.factory import DEFAULT_URL, open_store

__all__ = [
    "DEFAULT_URL",
    "ConflictError",
    "GameClosedError",
    "GameNotFoundError",
    "GameStore",
    "MigrationError",
    "SeatTakenError",
    "StaleVersionError",
    "StorageError",
    "open_store",
]
