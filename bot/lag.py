"""The event loop's lag monitor: how long the loop was kept from running a ready callback.

A task sleeps a short interval again and again; whatever it wakes up late by is time the loop
spent in something that did not yield (a stall). The monitor keeps the largest stall since it
started and the largest of the last minute, logs every stall over the threshold, and, when
`MUSTER_LAG_REPORT` names a file, writes `{"loop_lag_max_ms": <float>}` there (at most once a
second) for benchmarks that watch a running bot from outside (bot.config reads the variable).
Nothing here is Discord's: any front-end (or benchmark) that owns a loop may run one.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger("muster.lag")

INTERVAL = 0.025
"""Seconds between samples: short enough that a stall of 100 ms cannot hide between two."""
THRESHOLD_MS = 100.0
"""Stalls longer than this are logged (the live-service target of issue 18)."""
RECENT_SECONDS = 60.0
"""The window of `recent_ms`: stalls older than this no longer count."""
REPORT_EVERY = 1.0
"""Seconds between two writes of the report file."""


class LagMonitor:
    """Samples the running loop; `largest_ms` and `recent_ms` are for any code to read."""

    def __init__(
        self,
        *,
        interval: float = INTERVAL,
        threshold_ms: float = THRESHOLD_MS,
        report: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.interval = interval
        self.threshold_ms = threshold_ms
        self.report = report
        self.clock = clock
        self.largest_ms = 0.0
        """The longest stall since the monitor started, in milliseconds."""
        self.largest_busy_ms = 0.0
        """The most CPU time the loop's thread used within one sample, in milliseconds: a
        stall much longer than this was the machine's doing (the process was not scheduled),
        not work on the loop."""
        self.samples = 0
        self._recent: deque[tuple[float, float]] = deque()
        self._reported_at: float | None = None
        self._reported_ms: float | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def recent_ms(self) -> float:
        """The longest stall of the last minute, in milliseconds."""
        self._forget(self.clock())
        return max((lag for _, lag in self._recent), default=0.0)

    def record(self, lag_ms: float) -> None:
        """Count one sample: the loop woke the monitor `lag_ms` late."""
        now = self.clock()
        lag_ms = max(0.0, lag_ms)
        self.samples += 1
        self.largest_ms = max(self.largest_ms, lag_ms)
        self._forget(now)
        # Only a new maximum of the window needs keeping: smaller earlier ones can never win.
        while self._recent and self._recent[-1][1] <= lag_ms:
            self._recent.pop()
        self._recent.append((now, lag_ms))
        if lag_ms > self.threshold_ms:
            log.warning("event loop stalled for %.0f ms", lag_ms)
        self._write_report(now)

    def _forget(self, now: float) -> None:
        while self._recent and self._recent[0][0] < now - RECENT_SECONDS:
            self._recent.popleft()

    def _write_report(self, now: float, *, force: bool = False) -> None:
        if self.report is None or self._reported_ms == self.largest_ms:
            return
        if not force and self._reported_at is not None and now - self._reported_at < REPORT_EVERY:
            return
        self._reported_at = now
        self._reported_ms = self.largest_ms
        temporary = self.report.with_name(self.report.name + ".tmp")
        try:
            temporary.write_text(json.dumps({"loop_lag_max_ms": round(self.largest_ms, 3)}))
            os.replace(temporary, self.report)  # a reader never sees half a file
        except OSError as err:
            log.warning("could not write the lag report %s: %s", self.report, err)

    async def run(self) -> None:
        """Sample until cancelled."""
        while True:
            before, cpu = self.clock(), time.thread_time()
            await asyncio.sleep(self.interval)
            busy = (time.thread_time() - cpu) * 1000.0
            self.largest_busy_ms = max(self.largest_busy_ms, busy)
            self.record((self.clock() - before - self.interval) * 1000.0)

    def start(self) -> None:
        """Run the sampling task on the running loop."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self.run(), name="lag-monitor")

    async def stop(self) -> None:
        """Stop sampling (and write the last figure to the report file)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._write_report(self.clock(), force=True)


def freeze_start_up() -> None:
    """Keep what start-up loaded (modules, classes, catalogues, fonts: alive as long as the
    process) out of every later garbage collection.

    A full collection walks every tracked object, on the loop's thread: measured with
    benchmarks/service_turns.py, the collections a busy process runs now and then took 28 to
    141 ms of the loop's CPU, growing with the heap, and about half of what they walked was
    start-up's. Call it once, when start-up is over and before serving.
    """
    gc.collect()
    gc.freeze()
