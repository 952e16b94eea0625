"""Storage fixtures: every store test runs on a real SQLite file and a real PostgreSQL."""

from __future__ import annotations

import os
import uuid
import warnings
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from storage import GameStore, open_store

PG_ENV = "MUSTER_TEST_POSTGRES"
BACKENDS = ("sqlite", "postgres")
_SKIP_NOTE = (
    f"{PG_ENV} is not set: the PostgreSQL half of the storage suite was SKIPPED. "
    'Run eval "$(bash .ci/postgres.sh)" first to test both backends.'
)


def in_ci() -> bool:
    """True when running under CI, where PostgreSQL must be there."""
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def postgres_base() -> str | None:
    """The test server's URL; fails the calling test in CI (CI=true) when it is missing."""
    url = os.environ.get(PG_ENV)
    if url:
        return url
    if in_ci():
        pytest.fail(f"{PG_ENV} must be set in CI: run .ci/postgres.sh before the tests")
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark PostgreSQL cases, and skip them loudly when no server was provided outside CI."""
    here = Path(__file__).parent
    mine = [item for item in items if here in item.path.parents]
    if not mine:
        return
    # In CI a missing server is not skipped: the PostgreSQL cases fail in their fixture.
    missing = not os.environ.get(PG_ENV) and not in_ci()
    for item in mine:
        callspec = getattr(item, "callspec", None)
        if callspec is not None and callspec.params.get("backend") == "postgres":
            item.add_marker(pytest.mark.postgres)
            if missing:
                item.add_marker(pytest.mark.skip(reason=_SKIP_NOTE))
    if missing:
        warnings.warn(_SKIP_NOTE, stacklevel=1)
        config.stash[_skipped_key] = True


_skipped_key = pytest.StashKey[bool]()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Repeat the skip warning where nobody can miss it."""
    if terminalreporter.config.stash.get(_skipped_key, False):
        terminalreporter.write_sep("!", "WARNING", red=True, bold=True)
        terminalreporter.write_line(_SKIP_NOTE, red=True, bold=True)


class Clock:
    """A settable clock so time-dependent queries are deterministic."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        """Move time forward and return the new now."""
        self.now += timedelta(**delta)
        return self.now


@pytest.fixture
def clock() -> Clock:
    """A fresh settable clock."""
    return Clock()


async def _drop_schema(base: str, schema: str) -> None:
    import asyncpg  # type: ignore[import-untyped]

    conn = await asyncpg.connect(base)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await conn.close()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The backend under test."""
    return str(request.param)


@pytest.fixture
async def store_url(backend: str, tmp_path: Path) -> AsyncIterator[str]:
    """A URL naming an empty database of the backend under test (a fresh schema on PostgreSQL)."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'muster.db'}"
        return
    base = postgres_base()
    assert base is not None
    schema = f"t_{uuid.uuid4().hex[:12]}"
    sep = "&" if "?" in base else "?"
    yield f"{base}{sep}search_path={schema}"
    await _drop_schema(base, schema)


@pytest.fixture
async def store(store_url: str, clock: Clock) -> AsyncIterator[GameStore]:
    """An open, migrated store on the backend under test."""
    opened = await open_store(store_url, clock=clock)
    yield opened
    await opened.close()
