"""Fixtures: a Service over a real SQLite file with a fake clock; a console session on it."""

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


@pytest.fixture
async def service(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Service]:
    store = await SqliteStore.open(tmp_path / "muster.db", clock=clock.now)
    svc = Service(store, clock)
    yield svc
    await svc.close()


@pytest.fixture
async def session(service: Service, clock: FakeClock) -> Session:
    return Session(service, Images(None), clock)
