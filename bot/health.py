"""The operator's port: /healthz, /readyz and /metrics over HTTP (off unless MUSTER_METRICS_PORT).

/healthz says the process answers; /readyz that it can serve players (connected to Discord's
gateway and its database reachable); /metrics is Prometheus's text format. Container health
checks and load balancers poll the first two, Prometheus scrapes the third.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot.service import metrics

log = logging.getLogger("muster.health")

DATABASE_TIMEOUT_S = 2.0
"""A database slower than this to answer a trivial query is not ready to serve players."""


@dataclass(frozen=True, slots=True)
class Readiness:
    """How to tell whether the bot can serve: its gateway and its database."""

    gateway: Callable[[], bool]
    database: Callable[[], Awaitable[object]]


async def _healthz(request: web.Request) -> web.Response:
    del request
    return web.Response(text="ok\n")


def _readyz(readiness: Readiness) -> Callable[[web.Request], Awaitable[web.Response]]:
    async def handle(request: web.Request) -> web.Response:
        del request
        problems = [] if readiness.gateway() else ["gateway: not connected"]
        try:
            await asyncio.wait_for(readiness.database(), DATABASE_TIMEOUT_S)
        except Exception as err:  # any failure to answer means "not ready", with its reason
            problems.append(f"database: {type(err).__name__}")
        if problems:
            return web.Response(status=503, text="\n".join(problems) + "\n")
        return web.Response(text="ready\n")

    return handle


async def _metrics(request: web.Request) -> web.Response:
    del request
    body = await metrics.scrape()
    return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})


def application(readiness: Readiness) -> web.Application:
    """The aiohttp application with the three routes."""
    app = web.Application()
    app.router.add_get("/healthz", _healthz)
    app.router.add_get("/readyz", _readyz(readiness))
    app.router.add_get("/metrics", _metrics)
    return app


async def serve(readiness: Readiness, host: str, port: int) -> web.AppRunner:
    """Start serving on host:port; the caller stops it with `await runner.cleanup()`."""
    runner = web.AppRunner(application(readiness), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    log.info("health and metrics on http://%s:%d (/healthz, /readyz, /metrics)", host, port)
    return runner
