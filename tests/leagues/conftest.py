"""League fixtures: a Service over SQLite with a fake clock, Stones registered, a LeagueService."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.service import FakeClock, Service, ai
from bot.service.leagues import LeagueService
from games import registry
from storage.sqlite import SqliteStore
from tests.contract.stones import STONES


@pytest.fixture(autouse=True)
def stones_registered() -> None:
    if "stones" not in registry.GAMES:
        registry.register(STONES)


@pytest.fixture
def fast_neuroshima_ai() -> Iterator[None]:
    """Neuroshima AI seats play random legal moves (the real AI is too slow for 32 games)."""
    old = ai._CHOOSERS.get("neuroshima")
    ai.register_ai("neuroshima", ai.random_choice)
    yield
    if old is None:
        ai._CHOOSERS.pop("neuroshima", None)
    else:
        ai._CHOOSERS["neuroshima"] = old


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
def leagues(service: Service) -> LeagueService:
    return LeagueService(service)
