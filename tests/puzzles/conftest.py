"""Fixtures: a Service over a real SQLite file with a fake clock, and the puzzles in play."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

from bot.service import FakeClock, Service
from bot.service.plugins.neuroshima.puzzles import choice
from games.neuroshima.puzzles import Puzzle, play, shipped, start
from storage.sqlite import SqliteStore

START = datetime(2026, 11, 26, 0, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(START)


@pytest.fixture
async def service(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Service]:
    store = await SqliteStore.open(tmp_path / "muster.db", clock=clock.now)
    svc = Service(store, clock)
    yield svc
    await svc.close()


def todays(clock: FakeClock) -> Puzzle:
    """Today's puzzle (UTC) at the clock's time."""
    return choice.daily(clock.now().date())


def on(day: date) -> Puzzle:
    """The daily puzzle of a date."""
    return choice.daily(day)


def wrong_turn(puzzle: Puzzle) -> tuple[str, ...]:
    """A turn that does not solve the puzzle: playing nothing (checked against its answers)."""
    assert () not in puzzle.solutions
    return ()


def placing() -> Puzzle:
    """A shipped puzzle answered by placing one tile that leaves a hex free, so the try stays
    open until Fight (a placement that fills the board fights at once)."""
    return next(
        p
        for p in shipped()
        if len(p.solutions[0]) == 1
        and p.solutions[0][0].startswith("place ")
        and play(p, start(p), p.solutions[0][0]).last_battle is None
    )
