"""The gateway over a real websocket: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats, RESUME.

A session outlives its connection: events dispatched while the bot is away are kept and replayed
when it RESUMEs, as Discord does; an invalidated session replays nothing.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
import zlib
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.discord.real import payloads as p
from tests.discord.real.payloads import JSON
from tests.discord.real.state import DiscordState

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT, INVALID_SESSION, HELLO, HEARTBEAT_ACK = (
    0, 1, 2, 6, 7, 9, 10, 11,
)  # fmt: skip
AUTHENTICATION_FAILED = 4004


@dataclass
class Connection:
    """One websocket the bot opened, zlib-stream compressed when it asked for that."""

    ws: web.WebSocketResponse
    request: web.Request
    compressor: Any = None

    async def send(self, payload: JSON) -> None:
        """One gateway frame."""
        text = json.dumps(payload)
        if self.compressor is None:
            await self.ws.send_str(text)
        else:
            data = self.compressor.compress(text.encode()) + self.compressor.flush(
                zlib.Z_SYNC_FLUSH
            )
            await self.ws.send_bytes(data)


@dataclass
class Session:
    """A gateway session: its sequence, every event sent in it, and its live connection."""

    id: str
    shard: tuple[int, int]
    sequence: int = 0
    backlog: list[JSON] = field(default_factory=list)
    connection: Connection | None = None
    valid: bool = True

    def owns(self, guild_id: int | None) -> bool:
        """Whether events of this guild go to this session's shard (DMs go to shard 0)."""
        shard, count = self.shard
        return (guild_id >> 22) % count == shard if guild_id else shard == 0


class Gateway:
    """The websocket side of the simulated Discord."""

    def __init__(self, state: DiscordState, token: str, heartbeat_ms: int) -> None:
        self.state = state
        self.token = token
        self.heartbeat_ms = heartbeat_ms
        self.url = ""
        self.sessions: dict[str, Session] = {}
        self.heartbeats: list[float] = []
        """When each heartbeat arrived (monotonic seconds), to see the bot's loop stall."""
        self.log: list[tuple[str, str]] = []
        """What happened on the gateway, in order: ('IDENTIFY', session), ('RESUME', session)..."""
        self.ready = asyncio.Event()
        self._ids = itertools.count(1)

    # --- the websocket ------------------------------------------------------------------------
    async def serve(self, request: web.Request) -> web.WebSocketResponse:
        """One connection, from HELLO until either side closes it."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        zlib_stream = request.query.get("compress") == "zlib-stream"
        connection = Connection(ws, request, zlib.compressobj() if zlib_stream else None)
        await connection.send(
            {"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_ms}, "s": None, "t": None}
        )
        try:
            async for frame in ws:
                if frame.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    await self._receive(connection, json.loads(frame.data))
        finally:
            for session in self.sessions.values():
                if session.connection is connection:
                    session.connection = None
        return ws

    async def _receive(self, connection: Connection, frame: JSON) -> None:
        op, data = frame.get("op"), frame.get("d") or {}
        if op == HEARTBEAT:
            self.heartbeats.append(time.monotonic())
            await connection.send({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            await self._identify(connection, data)
        elif op == RESUME:
            await self._resume(connection, data)

    async def _identify(self, connection: Connection, data: JSON) -> None:
        if data.get("token") != self.token:
            await connection.ws.close(code=AUTHENTICATION_FAILED, message=b"Authentication failed.")
            return
        shard = tuple(data.get("shard") or (0, 1))
        session = Session(f"session-{next(self._ids)}", (int(shard[0]), int(shard[1])))
        self.sessions[session.id] = session
        session.connection = connection
        self.log.append(("IDENTIFY", session.id))
        guilds = [g for g in self.state.guilds if session.owns(g)]
        await self._dispatch(session, "READY", {
            "v": 10,
            "user": self.state.bot_user,
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "resume_gateway_url": self.url,
            "shard": list(session.shard),
            "application": {"id": str(self.state.application_id), "flags": 0},
            "private_channels": [],
        })  # fmt: skip
        for guild_id in guilds:
            await self._dispatch(session, "GUILD_CREATE", self.guild(guild_id))
        self.ready.set()

    async def _resume(self, connection: Connection, data: JSON) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if data.get("token") != self.token or session is None or not session.valid:
            self.log.append(("INVALID_SESSION", str(data.get("session_id"))))
            await connection.send({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return
        self.log.append(("RESUME", session.id))
        session.connection = connection
        missed = [e for e in session.backlog if e["s"] > int(data.get("seq") or 0)]
        for event in missed:
            await connection.send(event)
        await self._dispatch(session, "RESUMED", {})

    # --- what Discord sends -------------------------------------------------------------------
    def guild(self, guild_id: int) -> JSON:
        """GUILD_CREATE's guild: its text channels and active threads."""
        mine = [c for c in self.state.channels.values() if c.get("guild_id") == str(guild_id)]
        channels = [c for c in mine if c["type"] == p.TEXT_CHANNEL]
        threads = [
            c for c in mine
            if c["type"] in p.THREAD_TYPES and not c["thread_metadata"]["archived"]
        ]  # fmt: skip
        found = p.guild(guild_id, self.state.guilds[guild_id], channels)
        found["threads"] = threads
        return found

    async def dispatch(self, event: str, data: JSON, guild_id: int | None) -> bool:
        """Send an event to the live session that owns the guild; False when there is none."""
        for session in self.sessions.values():
            if session.valid and session.owns(guild_id):
                await self._dispatch(session, event, data)
                return True
        return False

    async def _dispatch(self, session: Session, event: str, data: JSON) -> None:
        session.sequence += 1
        frame = {"op": DISPATCH, "t": event, "s": session.sequence, "d": data}
        session.backlog.append(frame)
        if session.connection is not None:
            try:
                await session.connection.send(frame)
            except (ConnectionError, RuntimeError):
                session.connection = None  # kept in the backlog for RESUME

    # --- faults -------------------------------------------------------------------------------
    def live(self) -> list[Connection]:
        """The connections open now."""
        return [s.connection for s in self.sessions.values() if s.connection is not None]

    def drop(self) -> None:
        """Cut every gateway connection as a network failure would (the bot must RESUME)."""
        for connection in self.live():
            transport = connection.request.transport
            if transport is not None:
                transport.abort()

    async def invalidate(self) -> None:
        """INVALID_SESSION (not resumable): the bot must IDENTIFY again."""
        for session in self.sessions.values():
            if session.connection is not None:
                session.valid = False
                self.log.append(("INVALIDATED", session.id))
                await session.connection.send(
                    {"op": INVALID_SESSION, "d": False, "s": None, "t": None}
                )

    async def reconnect(self) -> None:
        """RECONNECT: the bot must close and RESUME."""
        for connection in self.live():
            await connection.send({"op": RECONNECT, "d": None, "s": None, "t": None})

    def forget(self, shards: Collection[int] | None = None) -> None:
        """A bot process died: its sessions end (a new process IDENTIFYs); `shards` are the
        ones it ran (None: every shard), the other processes' sessions live on."""
        for session in self.sessions.values():
            if shards is None or session.shard[0] in shards:
                session.valid = False
                session.connection = None
        self.ready.clear()
