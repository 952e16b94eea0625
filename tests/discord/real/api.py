"""An in-memory Discord: the REST routes the bot calls, answered as Discord answers them.

Every request is recorded. What Discord enforces is enforced here too, so a payload the real API
would refuse fails the test: message and choice limits (400 / 50035), DMs to a user who closed
them (403 / 50007), posting in an archived thread (400 / 50083), an interaction answered twice
(400 / 40060) or after 3 seconds (404 / 10062), and the rule that the first followup after a
'thinking' deferral replaces it and keeps the deferral's visibility, whatever flags it asks for.
"""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

from tests.discord.real import payloads as p
from tests.discord.real.limits import choice_problems
from tests.discord.real.payloads import JSON, Person
from tests.discord.real.state import DiscordState, Interaction, Request, Upload, refusal

INTERACTION_DEADLINE = 3.0
"""Seconds Discord waits for the first answer to an interaction."""
CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, AUTOCOMPLETE = 4, 5, 6, 7, 8
SNOWFLAKE = r"(\d+)"
WEBHOOK = r"/webhooks/\d+/([\w-]+)"
Handler = Callable[[re.Match[str], Request], Awaitable[Any]]


class FakeDiscord(DiscordState):
    """The routes: each takes the path match and the recorded request and answers with JSON."""

    def __init__(self, guild_id: int, owner: Person, bot: Person) -> None:
        super().__init__(guild_id, owner, bot)
        table: list[tuple[str, str, Handler]] = [
            ("GET", "/users/@me", self._me),
            ("GET", "/oauth2/applications/@me", self._application),
            ("PUT", rf"/applications/\d+(?:/guilds/{SNOWFLAKE})?/commands", self._sync),
            ("POST", "/users/@me/channels", self._open_dm),
            ("GET", rf"/users/{SNOWFLAKE}", self._user),
            ("GET", rf"/channels/{SNOWFLAKE}", self._get_channel),
            ("PATCH", rf"/channels/{SNOWFLAKE}", self._edit_channel),
            ("POST", rf"/channels/{SNOWFLAKE}/messages", self._send),
            ("GET", rf"/channels/{SNOWFLAKE}/messages", self._history),
            ("GET", rf"/channels/\d+/messages/{SNOWFLAKE}", self._get_message),
            ("PATCH", rf"/channels/\d+/messages/{SNOWFLAKE}", self._edit),
            ("POST", rf"/channels/{SNOWFLAKE}/messages/{SNOWFLAKE}/threads", self._thread_from),
            ("POST", rf"/channels/{SNOWFLAKE}/threads", self._thread),
            ("PUT", rf"/channels/{SNOWFLAKE}/thread-members/{SNOWFLAKE}", self._add_member),
            ("POST", rf"/interactions/{SNOWFLAKE}/([\w-]+)/callback", self._callback),
            ("POST", WEBHOOK, self._followup),
            ("GET", rf"{WEBHOOK}/messages/(@original|\d+)", self._get_reply),
            ("PATCH", rf"{WEBHOOK}/messages/(@original|\d+)", self._edit_reply),
            ("DELETE", rf"{WEBHOOK}/messages/(@original|\d+)", self._delete_reply),
            ("POST", rf"/guilds/{SNOWFLAKE}/scheduled-events", self._new_event),
            ("GET", rf"/guilds/\d+/scheduled-events/{SNOWFLAKE}", self._get_event),
            ("PATCH", rf"/guilds/\d+/scheduled-events/{SNOWFLAKE}", self._edit_event),
        ]
        self.routes = [(method, re.compile(path), handler) for method, path, handler in table]

    async def handle(self, via: str, method: str, path: str, body: Any, files: list[Upload]) -> Any:
        """Answer one request (or raise what discord.py raises for Discord's error answer)."""
        request = Request(via, method, path, body, files)
        self.requests.append(request)
        for verb, pattern, handler in self.routes:
            match = pattern.fullmatch(path)
            if verb == method and match:
                try:
                    answer = await handler(match, request)
                except Exception as err:
                    request.status = getattr(err, "status", 500)
                    request.code = getattr(err, "code", 0)
                    request.error = getattr(err, "text", "") or repr(err)
                    raise
                request.message_id = _message_id(answer)
                return answer
        request.status, request.error = 404, "no such route in the fake Discord"
        raise refusal(404, 0, f"{method} {path} is not a route the fake Discord knows")

    # --- the bot's own account ------------------------------------------------------------------
    async def _me(self, match: re.Match[str], request: Request) -> JSON:
        return self.bot_user

    async def _application(self, match: re.Match[str], request: Request) -> JSON:
        return p.application(self.application_id, self.bot_user)

    async def _sync(self, match: re.Match[str], request: Request) -> list[JSON]:
        guild = int(match[1]) if match[1] else None
        stored = [
            {
                **c,
                "id": str(self.snowflake()),
                "application_id": str(self.application_id),
                "version": str(self.snowflake()),
                **({"guild_id": str(guild)} if guild else {}),
            }
            for c in request.body
        ]
        self.commands[guild] = stored
        return stored

    # --- users and channels -------------------------------------------------------------------
    async def _user(self, match: re.Match[str], request: Request) -> JSON:
        found = self.users.get(int(match[1]))
        if found is None:
            raise refusal(404, 10013, "Unknown User")
        return found

    async def _open_dm(self, match: re.Match[str], request: Request) -> JSON:
        recipient = self.users.get(int(request.json["recipient_id"]))
        if recipient is None:
            raise refusal(404, 10013, "Unknown User")
        for channel in self.channels.values():
            if channel["type"] == p.DM_CHANNEL and channel["recipients"][0] == recipient:
                return channel
        channel = p.dm_channel(self.snowflake(), recipient)
        self.channels[int(channel["id"])] = channel
        return channel

    async def _get_channel(self, match: re.Match[str], request: Request) -> JSON:
        return self.channel(int(match[1]))

    async def _edit_channel(self, match: re.Match[str], request: Request) -> JSON:
        channel = self.channel(int(match[1]))
        meta = channel.get("thread_metadata")
        for key in ("archived", "locked", "auto_archive_duration", "invitable"):
            if meta is not None and key in request.json:
                meta[key] = request.json[key]
        if "name" in request.json:
            channel["name"] = request.json["name"]
        return channel

    async def _send(self, match: re.Match[str], request: Request) -> JSON:
        channel = self.channel(int(match[1]))
        if channel["type"] == p.DM_CHANNEL:
            if int(channel["recipients"][0]["id"]) in self.closed_dms:
                raise refusal(403, 50007, "Cannot send messages to this user")
        elif channel.get("thread_metadata", {}).get("archived"):
            raise refusal(400, 50083, "Thread is archived")
        elif int(channel["id"]) in self.muted or int(channel.get("parent_id") or 0) in self.muted:
            raise refusal(403, 50013, "Missing Permissions")
        self.check_message(request.json, request.files, creating=True)
        again = self._same_nonce(channel, request.json)
        if again is not None:
            return again
        return self.create_message(channel, request.json, request.files, self.bot_user)

    def _same_nonce(self, channel: JSON, body: JSON) -> JSON | None:
        """With enforce_nonce, Discord answers a repeated nonce with the message it made first."""
        nonce = body.get("nonce")
        if nonce is None or not body.get("enforce_nonce"):
            return None
        for message in reversed(self.messages.values()):
            if message["channel_id"] == channel["id"] and message.get("nonce") == nonce:
                return message
        return None

    async def _history(self, match: re.Match[str], request: Request) -> list[JSON]:
        """A channel's messages, newest first (`limit`, default 50; `after` an id), ephemeral
        replies left out as Discord does."""
        channel = self.channel(int(match[1]))
        query = request.body if isinstance(request.body, dict) else {}
        limit = min(100, int(query.get("limit") or 50))
        after = int(query.get("after") or 0)
        found = [
            m
            for m in self.messages.values()
            if m["channel_id"] == channel["id"]
            and not int(m["flags"]) & p.EPHEMERAL
            and int(m["id"]) > after
        ]
        found.sort(key=lambda m: int(m["id"]), reverse=True)
        return found[:limit]

    async def _get_message(self, match: re.Match[str], request: Request) -> JSON:
        return self.message(int(match[1]))

    async def _edit(self, match: re.Match[str], request: Request) -> JSON:
        message = self.message(int(match[1]))
        if message["author"]["id"] != self.bot_user["id"]:
            raise refusal(403, 50005, "Cannot edit a message authored by another user")
        if int(message["flags"]) & p.EPHEMERAL:  # only the interaction's token reaches those
            raise refusal(404, 10008, "Unknown Message")
        self.check_message(request.json, request.files, creating=False)
        return self.edit_message(message, request.json, request.files)

    # --- threads ------------------------------------------------------------------------------
    async def _thread_from(self, match: re.Match[str], request: Request) -> JSON:
        parent, message = self.channel(int(match[1])), self.message(int(match[2]))
        if message["channel_id"] != parent["id"] or int(message["flags"]) & p.EPHEMERAL:
            raise refusal(404, 10008, "Unknown Message")
        if int(message["id"]) in self.channels:
            raise refusal(400, 160004, "A thread has already been created for this message")
        return self._open_thread(int(message["id"]), parent, request.json, p.PUBLIC_THREAD)

    async def _thread(self, match: re.Match[str], request: Request) -> JSON:
        parent = self.channel(int(match[1]))
        kind = int(request.json.get("type") or p.PRIVATE_THREAD)
        return self._open_thread(self.snowflake(), parent, request.json, kind)

    def _open_thread(self, thread_id: int, parent: JSON, body: JSON, kind: int) -> JSON:
        if parent["type"] != p.TEXT_CHANNEL:
            raise refusal(400, 50024, "Cannot execute action on this channel type")
        minutes = int(body.get("auto_archive_duration") or 4320)
        made = p.thread(thread_id, parent, self.application_id, body["name"], kind, minutes)
        if kind == p.PRIVATE_THREAD and "invitable" in body:
            made["thread_metadata"]["invitable"] = bool(body["invitable"])
        self.channels[thread_id] = made
        self.members[thread_id] = {self.application_id}
        return made

    async def _add_member(self, match: re.Match[str], request: Request) -> None:
        thread = self.channel(int(match[1]))
        if "thread_metadata" not in thread:
            raise refusal(400, 50024, "Cannot execute action on this channel type")
        self.members[int(thread["id"])].add(int(match[2]))

    # --- interactions -------------------------------------------------------------------------
    def _interaction(self, token: str) -> Interaction:
        found = self.interactions.get(token)
        if found is None:
            raise refusal(404, 10015, "Unknown Webhook")
        return found

    async def _callback(self, match: re.Match[str], request: Request) -> JSON:
        found = self._interaction(match[2])
        if found.answered is not None:
            raise refusal(400, 40060, "Interaction has already been acknowledged.")
        if time.monotonic() - found.created > INTERACTION_DEADLINE:
            raise refusal(404, 10062, "Unknown interaction")
        kind, data = request.json["type"], request.json.get("data") or {}
        message: JSON | None = None
        ephemeral = int(data.get("flags") or 0) & p.EPHEMERAL
        if kind == CHANNEL_MESSAGE:
            self.check_message(data, request.files, creating=True)
            message = self._reply(found, data, request.files, ephemeral)
        elif kind == DEFERRED_MESSAGE:
            message = self._reply(found, {}, [], ephemeral | p.LOADING)
            found.loading_flags = ephemeral
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            if found.message_id is None:
                raise refusal(400, 50035, "Invalid Form Body: type: only components update")
            found.original = found.message_id
            if kind == UPDATE_MESSAGE:
                self.check_message(data, request.files, creating=False)
                message = self.edit_message(self.message(found.message_id), data, request.files)
        elif kind == AUTOCOMPLETE:
            problems = choice_problems(data.get("choices") or [])
            if problems:
                raise refusal(400, 50035, "Invalid Form Body: " + "; ".join(problems))
        found.answered, found.answered_at = kind, time.monotonic()
        answer: JSON = {
            "id": str(found.id),
            "type": found.kind,
            "response_message_loading": kind == DEFERRED_MESSAGE,
            "response_message_ephemeral": bool(ephemeral),
        }
        if found.original is not None:
            answer["response_message_id"] = str(found.original)
        resource: JSON = {"type": kind, **({"message": message} if message else {})}
        return {"interaction": answer, "resource": resource}

    def _reply(self, found: Interaction, body: JSON, files: list[Upload], flags: int) -> JSON:
        channel = self.channels[int(found.channel["id"])]
        message = self.create_message(channel, body, files, self.bot_user, flags, webhook=True)
        message["interaction_metadata"] = {
            "id": str(found.id),
            "type": found.kind,
            "user": found.user,
            "authorizing_integration_owners": {},
        }
        if found.original is None:
            found.original = int(message["id"])
        return message

    async def _followup(self, match: re.Match[str], request: Request) -> JSON:
        found = self._interaction(match[1])
        if found.answered is None:
            raise refusal(404, 10015, "Unknown Webhook")
        self.check_message(request.json, request.files, creating=True)
        if found.loading_flags is not None and found.original is not None:
            return self._resolve(found, request)
        flags = int(request.json.get("flags") or 0) & p.EPHEMERAL
        return self._reply(found, request.json, request.files, flags)

    def _resolve(self, found: Interaction, request: Request) -> JSON:
        """The deferral's 'thinking' message becomes this message, as visible as it was."""
        assert found.original is not None and found.loading_flags is not None
        message = self.message(found.original)
        self.edit_message(message, request.json, request.files)
        message["flags"] = found.loading_flags
        found.loading_flags = None
        return message

    def _target(self, found: Interaction, which: str) -> int:
        target = found.original if which == "@original" else int(which)
        if target is None or target not in self.messages:
            raise refusal(404, 10008, "Unknown Message")
        return target

    async def _get_reply(self, match: re.Match[str], request: Request) -> JSON:
        found = self._interaction(match[1])
        return self.messages[self._target(found, match[2])]

    async def _edit_reply(self, match: re.Match[str], request: Request) -> JSON:
        found = self._interaction(match[1])
        target = self._target(found, match[2])
        self.check_message(request.json, request.files, creating=False)
        if target == found.original and found.loading_flags is not None:
            return self._resolve(found, request)
        return self.edit_message(self.messages[target], request.json, request.files)

    async def _delete_reply(self, match: re.Match[str], request: Request) -> None:
        found = self._interaction(match[1])
        target = self._target(found, match[2])
        del self.messages[target]
        if target == found.original:
            found.original = found.loading_flags = None

    # --- scheduled events (league nights) ------------------------------------------------------
    async def _new_event(self, match: re.Match[str], request: Request) -> JSON:
        body = request.json
        problems = p.event_problems(body)
        if problems:
            raise refusal(400, 50035, "Invalid Form Body: " + "; ".join(problems))
        made = p.scheduled_event(self.snowflake(), int(match[1]), self.application_id, body)
        self.events[int(made["id"])] = made
        return made

    def _event(self, event_id: int) -> JSON:
        found = self.events.get(event_id)
        if found is None:
            raise refusal(404, 10070, "Unknown Guild Scheduled Event")
        return found

    async def _get_event(self, match: re.Match[str], request: Request) -> JSON:
        return self._event(int(match[1]))

    async def _edit_event(self, match: re.Match[str], request: Request) -> JSON:
        event = self._event(int(match[1]))
        status = request.json.get("status")
        if status is not None and status not in p.EVENT_MOVES.get(event["status"], ()):
            raise refusal(400, 50035, f"Invalid Form Body: status {event['status']} -> {status}")
        for key in ("status", "name", "description", "scheduled_start_time", "scheduled_end_time"):
            if key in request.json:
                event[key] = request.json[key]
        return event


def _message_id(answer: Any) -> str | None:
    """The id of the message an answer carries (a callback carries it in its resource)."""
    if not isinstance(answer, dict):
        return None
    if "resource" in answer:
        answer = answer["resource"].get("message") or {}
    return str(answer["id"]) if "author" in answer else None
