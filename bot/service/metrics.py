"""What an operator watches: Prometheus instruments the service and the front-ends update.

One registry per process (`REGISTRY`), served at /metrics by the bot (see bot/discord/health.py).
Values that live elsewhere (games in the database, the outbox, the event loop's lag) are read
when scraped, through `refresh` sources, so a scrape always sees the present.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import contextmanager
from time import perf_counter
from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

if TYPE_CHECKING:
    from collections.abc import Iterator
    from datetime import datetime

    from storage.base import GameStore

REGISTRY = CollectorRegistry(auto_describe=True)
ACK_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)
"""Seconds; Discord fails an interaction not acknowledged within 3 s."""
WORK_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)

INTERACTIONS = Counter(
    "muster_interactions",
    "Interactions handled, by command and outcome (ok, refused: a rule said no, failed: incident)",
    ("command", "outcome"),
    registry=REGISTRY,
)
ACK_SECONDS = Histogram(
    "muster_ack_seconds",
    "From the interaction's creation (its Discord id's time) to the bot's acknowledgement",
    buckets=ACK_BUCKETS,
    registry=REGISTRY,
)
LOOP_LAG_SECONDS = Gauge(
    "muster_event_loop_lag_seconds",
    "The largest event-loop stall the bot observed in the last minute",
    registry=REGISTRY,
)
GAMES_ACTIVE = Gauge(
    "muster_games_active", "Games being played, by game", ("game",), registry=REGISTRY
)
OUTBOX_DEPTH = Gauge("muster_outbox_depth", "Messages waiting to be delivered", registry=REGISTRY)
OUTBOX_AGE_SECONDS = Gauge(
    "muster_outbox_oldest_age_seconds",
    "Age of the oldest message waiting to be delivered (0 when none waits)",
    registry=REGISTRY,
)
DELIVERIES_FAILED = Counter(
    "muster_deliveries_failed",
    "Deliveries Discord refused or that errored, by kind of message",
    ("kind",),
    registry=REGISTRY,
)
AI_THINK_SECONDS = Histogram(
    "muster_ai_think_seconds",
    "Time an AI seat took to choose its turn, by game",
    ("game",),
    buckets=WORK_BUCKETS,
    registry=REGISTRY,
)
RENDER_SECONDS = Histogram(
    "muster_render_seconds",
    "Time to draw an image or the frames of an animation",
    buckets=WORK_BUCKETS,
    registry=REGISTRY,
)

Refresh = Callable[[], Awaitable[None]]
_sources: list[Refresh] = []


def add_source(refresh: Refresh) -> None:
    """Run `refresh` before each scrape (it sets gauges from wherever their values live)."""
    _sources.append(refresh)


def remove_source(refresh: Refresh) -> None:
    """Stop running `refresh` (its owner is closing)."""
    if refresh in _sources:
        _sources.remove(refresh)


def games_source(store: GameStore) -> Refresh:
    """A source that counts the active games of each kind in `store`."""
    from storage.records import GameStatus

    async def refresh() -> None:
        counts = await store.count_games(GameStatus.ACTIVE)
        GAMES_ACTIVE.clear()
        for game, count in counts.items():
            GAMES_ACTIVE.labels(game=game).set(count)

    return refresh


def outbox_source(store: GameStore, now: Callable[[], datetime]) -> Refresh:
    """A source that reads the outbox's backlog: how many wait, and how long the oldest has."""

    async def refresh() -> None:
        waiting, oldest = await store.outbox_backlog()
        OUTBOX_DEPTH.set(waiting)
        OUTBOX_AGE_SECONDS.set(0.0 if oldest is None else (now() - oldest).total_seconds())

    return refresh


def lag_source(recent_ms: Callable[[], float]) -> Refresh:
    """A source that reads the lag monitor's largest stall of the last minute."""

    async def refresh() -> None:
        LOOP_LAG_SECONDS.set(recent_ms() / 1000)

    return refresh


async def scrape() -> bytes:
    """The Prometheus text exposition of every instrument, sources refreshed first."""
    for refresh in list(_sources):
        await refresh()
    return generate_latest(REGISTRY)


@contextmanager
def timed(histogram: Histogram, **labels: str) -> Iterator[None]:
    """Observe how long the block took in `histogram` (with `labels` when it has some)."""
    started = perf_counter()
    try:
        yield
    finally:
        target = histogram.labels(**labels) if labels else histogram
        target.observe(perf_counter() - started)
