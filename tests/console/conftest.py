"""Fixtures: a console session over a real SQLite file with a fake clock, images off."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.console.session import Session
from bot.console.show import Images
from bot.service import FakeClock, Service
from storage.sqlite import SqliteStore


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


async def open_session(path: Path, clock: FakeClock, images: Path | None = None) -> Session:
    """A console session on the database at `path`."""
    store = await SqliteStore.open(path, clock=clock.now)
    return Session(Service(store, clock), Images(images), clock)


@pytest.fixture
async def session(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Session]:
    console = await open_session(tmp_path / "muster.db", clock)
    yield console
    await console.service.close()
