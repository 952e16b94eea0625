"""Fixtures: a Service over a real SQLite file with a fake clock."""

from tests.hosting.conftest import clock, service

__all__ = ["clock", "service"]
