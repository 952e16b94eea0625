"""Fixtures: a Service over a real SQLite file, a fake clock, and Stones registered as a game."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import FakeClock, Service, register_profile
from games import registry
from storage.sqlite import SqliteStore
from tests.contract.stones import STONES
from tests.service.marks import MARKS, MARKS_PROFILE


@pytest.fixture(autouse=True)
def stones_registered() -> None:
    if "stones" not in registry.GAMES:
        registry.register(STONES)
    if "marks" not in registry.GAMES:
        registry.register(MARKS)
    register_profile(MARKS_PROFILE)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def service(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Service]:
    store = await SqliteStore.open(tmp_path / "muster.db", clock=clock.now)
    svc = Service(store, clock)
    yield svc
    await svc.close()
