"""Fixtures: the console session of the console tests (a real SQLite file, images off)."""

from tests.console.conftest import clock, session

__all__ = ["clock", "session"]
