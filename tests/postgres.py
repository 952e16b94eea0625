"""A fresh PostgreSQL schema for one test, on the loopback server MUSTER_TEST_POSTGRES names."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import pytest

PG_ENV = "MUSTER_TEST_POSTGRES"


@asynccontextmanager
async def fresh_schema(prefix: str) -> AsyncIterator[str]:
    """A URL naming an empty schema, dropped afterwards; the test is skipped without a server."""
    base = os.environ.get(PG_ENV)
    if not base:
        pytest.skip(f"{PG_ENV} is not set")
    import asyncpg  # type: ignore[import-untyped]

    schema = f"{prefix}_{uuid.uuid4().hex[:12]}"
    try:
        yield f"{base}{'&' if '?' in base else '?'}search_path={schema}"
    finally:
        conn = await asyncpg.connect(base)
        try:
            await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        finally:
            await conn.close()
