"""Discord on loopback: REST API v10 over real HTTP and the gateway over a real websocket.

The routes and the rules they enforce (limits, 40060, 50007, 50013, 50035, archived threads...)
are the in-memory model of `tests.discord.real.api`; this module only puts them on the wire and
adds what only the wire has: authentication, 429s with retry_after, 5xx, slow answers, and the
gateway (see `gateway.py`).
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import discord
from aiohttp import BodyPartReader, web

from tests.discord.real.api import FakeDiscord
from tests.discord.real.payloads import JSON, Person
from tests.discord.real.state import Interaction, Upload
from tests.discord.wire.faults import Fault, Faults
from tests.discord.wire.gateway import Gateway

TOKEN = "MTAx.wire.token"
OWNER = Person(1_160_000_000_000_000_100, "owner")
BOT = Person(1_160_000_000_000_000_002, "muster")
WEBHOOK_PREFIXES = ("/webhooks/", "/interactions/")
VIA = {"Via": "1.1 google"}
"""Discord's answers come through Google's front; discord.py treats a 429 without it as a ban."""


class WireDiscord:
    """A Discord the real bot process connects to: servers, channels, users, and faults."""

    def __init__(self, *, heartbeat_ms: int = 41_250) -> None:
        self.fake = FakeDiscord(1_160_000_000_000_000_001, OWNER, BOT)
        self.faults = Faults()
        self.gateway = Gateway(self.fake, TOKEN, heartbeat_ms)
        self.in_flight = 0
        self.last_request = time.monotonic()
        self.url = ""
        self._runner: web.AppRunner | None = None

    # --- life ---------------------------------------------------------------------------------
    async def start(self, port: int = 0) -> str:
        """Listen on a loopback port (a free one by default); returns the base URL, the value
        of MUSTER_DISCORD_API."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/", self.gateway.serve)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        port = self._runner.addresses[0][1]
        self.url = f"http://127.0.0.1:{port}"
        self.gateway.url = f"ws://127.0.0.1:{port}/"
        return self.url

    async def stop(self) -> None:
        """Close every connection and stop listening."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # --- REST ---------------------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        self.in_flight += 1
        try:
            return await self._answer(request, path)
        finally:
            self.in_flight -= 1
            self.last_request = time.monotonic()

    async def _answer(self, request: web.Request, path: str) -> web.StreamResponse:
        webhook = path.startswith(WEBHOOK_PREFIXES)
        if not webhook and request.headers.get("Authorization") != f"Bot {TOKEN}":
            return _error(401, 0, "401: Unauthorized")
        if path == "/gateway/bot":
            return _json(self._gateway_bot(), headers=VIA)
        body, files = await _read(request)
        if request.method == "GET" and request.query:
            body = dict(request.query)  # a read's parameters (a channel's history: limit, after)
        text = str(body.get("content") or "") if isinstance(body, dict) else ""
        fault = self.faults.take(request.method, path, text)
        if fault is not None and fault.status:
            return _fault(fault)
        if fault is not None and not fault.posted:
            await asyncio.sleep(fault.delay)
            if request.transport is None or request.transport.is_closing():
                # The bot died waiting: the request never reached Discord's back end.
                return web.Response(status=499)
        via = "webhook" if webhook else "bot"
        try:
            answer = await self.fake.handle(via, request.method, path, body, files)
        except discord.HTTPException as err:
            return _error(err.status, err.code, err.text)
        if fault is not None and fault.posted:
            await asyncio.sleep(fault.delay)  # done on Discord's side; the answer comes late
        if isinstance(answer, dict) and "thread_metadata" in answer and request.method == "POST":
            # Discord tells the gateway too; discord.py caches the thread from this event.
            await self.gateway.dispatch(
                "THREAD_CREATE", {**answer, "newly_created": True}, _guild(answer)
            )
        if answer is None:
            return web.Response(status=204, headers=VIA)
        return _json(answer, headers=VIA)

    def _gateway_bot(self) -> JSON:
        return {
            "url": self.gateway.url,
            "shards": 1,
            "session_start_limit": {
                "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1
            },
        }  # fmt: skip

    async def idle(self, quiet: float = 0.3, timeout: float = 30.0) -> None:
        """Wait until the bot has had no request in flight for `quiet` seconds."""
        deadline = time.monotonic() + timeout
        while self.in_flight or time.monotonic() - self.last_request < quiet:
            assert time.monotonic() < deadline, "the bot never went quiet"
            await asyncio.sleep(0.05)

    # --- what users and moderators do to the bot's channels --------------------------------
    async def delete_channel(self, channel_id: int) -> None:
        """A moderator deletes a channel or thread (10003 Unknown Channel from now on)."""
        gone = self.fake.channels.pop(channel_id)
        event = "THREAD_DELETE" if "thread_metadata" in gone else "CHANNEL_DELETE"
        fields = ("id", "guild_id", "parent_id", "type")
        await self.gateway.dispatch(event, {k: gone.get(k) for k in fields}, _guild(gone))

    async def lock_thread(self, thread_id: int) -> None:
        """A moderator locks and archives a thread (only MANAGE_THREADS can reopen it)."""
        thread = self.fake.channel(thread_id)
        thread["thread_metadata"] |= {"locked": True, "archived": True}
        await self.gateway.dispatch("THREAD_UPDATE", thread, _guild(thread))

    def deny_posting(self, channel_id: int) -> None:
        """Take the bot's permission to post in a channel and its threads (403 / 50013)."""
        self.fake.muted.add(channel_id)

    def close_dms(self, user_id: int) -> None:
        """A user stops accepting DMs from server members (403 / 50007)."""
        self.fake.closed_dms.add(user_id)

    # --- interactions -------------------------------------------------------------------------
    async def send_interaction(self, payload: JSON) -> Interaction:
        """Deliver INTERACTION_CREATE to the bot; Discord's 3-second clock starts now."""
        self.fake.open_interaction(payload)
        guild = int(payload["guild_id"]) if "guild_id" in payload else None
        await self.gateway.dispatch("INTERACTION_CREATE", payload, guild)
        return self.fake.interactions[payload["token"]]


def _guild(channel: JSON) -> int | None:
    return int(channel["guild_id"]) if channel.get("guild_id") else None


async def _read(request: web.Request) -> tuple[Any, list[Upload]]:
    """The JSON body and files of a request, from its JSON or its multipart form."""
    if request.content_type.startswith("multipart/"):
        body: Any = None
        files: list[Upload] = []
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):
                continue
            if part.name == "payload_json":
                body = json.loads(await part.text())
            elif (part.name or "").startswith("files["):
                files.append(Upload(part.filename or "file", bytes(await part.read())))
        return body, files
    raw = await request.read()
    return (json.loads(raw) if raw else None), []


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py parses a body as JSON only when the content type is exactly application/json.
    body = json.dumps(data).encode()
    return web.Response(body=body, status=status, headers=headers, content_type="application/json")


def _error(status: int, code: int, message: str) -> web.Response:
    return _json({"code": code, "message": message}, status=status, headers=VIA)


def _fault(fault: Fault) -> web.Response:
    if fault.status == 429:
        headers = {**VIA, "Retry-After": str(fault.retry_after)}
        if fault.everywhere:
            headers["X-RateLimit-Global"] = "true"
        else:
            headers |= {
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset-After": str(fault.retry_after),
            }
        body = {
            "message": "You are being rate limited.",
            "retry_after": fault.retry_after,
            "global": fault.everywhere,
        }
        return _json(body, status=429, headers=headers)
    return web.Response(
        status=fault.status,
        text=f"{fault.status} Bad Gateway" if fault.status == 502 else "500: Internal Server Error",
        headers=VIA,
    )
