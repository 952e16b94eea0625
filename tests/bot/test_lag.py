"""The lag monitor records a blocking call, logs it, and reports it in the agreed shape."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import time
from pathlib import Path

import pytest

from bot.config import settings_from
from bot.lag import LagMonitor, freeze_start_up


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_a_blocking_call_on_the_loop_is_recorded_and_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    monitor = LagMonitor(interval=0.01)
    monitor.start()
    await asyncio.sleep(0.05)
    caplog.set_level(logging.WARNING, logger="muster.lag")
    time.sleep(0.3)  # the stall: nothing else can run while this blocks
    await asyncio.sleep(0.05)
    await monitor.stop()
    # The monitor slept at most 10 ms of the 300 ms, so it woke at least 290 ms late.
    assert monitor.largest_ms >= 290
    assert monitor.recent_ms == monitor.largest_ms
    assert any("event loop stalled for" in r.getMessage() for r in caplog.records)


def test_stalls_under_the_threshold_are_kept_but_not_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="muster.lag")
    monitor = LagMonitor(clock=Clock())
    monitor.record(40.0)
    monitor.record(-3.0)  # an early wake-up is no stall
    assert monitor.largest_ms == 40.0
    assert not caplog.records
    monitor.record(150.0)
    assert [r.getMessage() for r in caplog.records] == ["event loop stalled for 150 ms"]


def test_the_recent_maximum_forgets_after_a_minute() -> None:
    clock = Clock()
    monitor = LagMonitor(clock=clock)
    monitor.record(500.0)
    clock.now += 30
    monitor.record(20.0)
    assert monitor.recent_ms == 500.0
    clock.now += 31
    assert monitor.recent_ms == 20.0
    assert monitor.largest_ms == 500.0


def test_the_report_file_has_one_key_and_is_written_at_most_once_a_second(
    tmp_path: Path,
) -> None:
    clock = Clock()
    report = tmp_path / "lag.json"
    monitor = LagMonitor(clock=clock, report=report)
    monitor.record(12.5)
    assert json.loads(report.read_text()) == {"loop_lag_max_ms": 12.5}
    clock.now += 0.5
    monitor.record(80.0)
    assert json.loads(report.read_text()) == {"loop_lag_max_ms": 12.5}
    clock.now += 0.6
    monitor.record(1.0)
    assert json.loads(report.read_text()) == {"loop_lag_max_ms": 80.0}


async def test_the_report_path_comes_from_the_environment(tmp_path: Path) -> None:
    report = tmp_path / "lag.json"
    settings = settings_from({"MUSTER_LAG_REPORT": str(report)})
    assert settings.lag_report == report and settings_from({}).lag_report is None
    monitor = LagMonitor(report=settings.lag_report)
    monitor.start()
    await asyncio.sleep(0.05)
    await monitor.stop()
    assert set(json.loads(report.read_text())) == {"loop_lag_max_ms"}


def test_what_start_up_loaded_stays_out_of_later_collections() -> None:
    loaded = [[i] for i in range(50_000)]  # start-up's catalogues, fonts, modules
    try:
        freeze_start_up()
        assert gc.get_freeze_count() >= len(loaded)
        assert len(gc.get_objects()) < len(loaded)  # what a full collection walks now
        later = [[i] for i in range(1000)]
        assert gc.is_tracked(later[0]) and len(gc.get_objects()) >= len(later)
    finally:
        gc.unfreeze()
