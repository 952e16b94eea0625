"""discord.py's two ways out, answered by the fake Discord instead of the network.

The bot's REST calls go through `HTTPClient.request`; interaction responses, followups and
edits of the original response go through the webhook adapter (`async_context`). Both are
subclassed at exactly those methods, so everything above them (payload building, multipart
forms, parsing answers into Message, Thread, DMChannel...) is discord.py's own code.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

import aiohttp
import discord
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

from tests.discord.real.api import FakeDiscord
from tests.discord.real.state import Upload


def _path(route: Route) -> str:
    return route.url.removeprefix(Route.BASE)


def _body(payload: Any, form: Iterable[dict[str, Any]] | None) -> tuple[Any, list[Upload]]:
    """The JSON body and the files of a request, from its JSON or its multipart form."""
    if not form:
        return payload, []
    body: Any = None
    uploads: list[Upload] = []
    for field in form:
        if field["name"] == "payload_json":
            body = json.loads(field["value"])
        elif field["name"].startswith("files["):
            stream = field["value"]
            stream.seek(0)
            uploads.append(Upload(field["filename"], stream.read()))
    return body, uploads


class RecordingHTTP(HTTPClient):
    """The bot's REST client, answered by the fake Discord."""

    def __init__(self, discord_: FakeDiscord, loop: Any) -> None:
        super().__init__(loop)
        self.fake = discord_

    async def request(
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Send one request to the fake Discord."""
        body, uploads = _body(kwargs.get("json"), form)
        if route.method == "GET" and kwargs.get("params"):
            body = {k: str(v) for k, v in kwargs["params"].items()}
        return await self.fake.handle("bot", route.method, _path(route), body, uploads)


class RecordingWebhookAdapter(AsyncWebhookAdapter):
    """Interaction callbacks and webhooks (followups, @original), answered by the fake Discord."""

    def __init__(self, discord_: FakeDiscord) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.fake = discord_

    async def request(
        self,
        route: Route,
        session: aiohttp.ClientSession,
        *,
        payload: dict[str, Any] | None = None,
        multipart: list[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Send one webhook request to the fake Discord."""
        body, uploads = _body(payload, multipart)
        return await self.fake.handle("webhook", route.method, _path(route), body, uploads)
