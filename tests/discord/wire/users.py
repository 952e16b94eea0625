"""Scripted users: they type slash commands, click buttons and pick options as a Discord client
does (INTERACTION_CREATE over the gateway), and read what the bot posted."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

from tests.discord.real import gestures
from tests.discord.real import payloads as p
from tests.discord.real.exchange import Exchange
from tests.discord.real.payloads import JSON, Person
from tests.discord.wire.server import WireDiscord

ANSWER_TIMEOUT = 20.0
"""How long a user waits for the bot to finish answering before the test calls it lost."""


@dataclass
class Player:
    """A member of one server, with the channel they play in."""

    sim: WireDiscord
    person: Person
    guild_id: int
    channel: JSON
    patient: bool = True
    """Wait for the whole bot to go quiet after each interaction, and fail the test when one goes
    unanswered. False when many users play at once: each waits for its own answers only, and one
    left unanswered is counted by the scenario's figures instead."""

    @property
    def id(self) -> int:
        """The account's id."""
        return self.person.id

    async def slash(self, path: str, *, where: JSON | None = None, **options: Any) -> Exchange:
        """Type a slash command ('neuroshima new', army='moloch')."""
        data = gestures.command_data(self.sim.fake, self.guild_id, path, options, None)
        return await self.send(gestures.SLASH, data, where or self.channel)

    async def autocomplete(
        self, path: str, focused: str, typed: str = "", **options: Any
    ) -> list[JSON]:
        """The choices the client shows while this user types `typed` into `focused`."""
        data = gestures.command_data(
            self.sim.fake, self.guild_id, path, {**options, focused: typed}, focused
        )
        exchange = await self.send(gestures.AUTOCOMPLETE, data, self.channel)
        answer = exchange.callback
        if not self.patient and (answer is None or answer.status != 200):
            return []  # one of many users: the menu stayed empty, they move on
        assert answer is not None and answer.status == 200, "autocomplete went unanswered"
        return list(answer.data.get("choices") or [])

    async def click(self, message: JSON, button: str) -> Exchange:
        """Press a button (by label or custom id) on a message as it is now."""
        current = self.sim.fake.message(int(message["id"]))
        data = gestures.click_data(current, button)
        return await self.send(gestures.COMPONENT, data, self._where(current), current)

    async def select(self, message: JSON, menu: str, value: str, *, wait: bool = True) -> Exchange:
        """Pick one option of a select menu (by placeholder or custom id)."""
        current = self.sim.fake.message(int(message["id"]))
        data = gestures.select_data(current, menu, value)
        return await self.send(gestures.COMPONENT, data, self._where(current), current, wait=wait)

    async def send(
        self, kind: int, data: JSON, where: JSON, message: JSON | None = None, *, wait: bool = True
    ) -> Exchange:
        """Send one interaction and (unless told not to) wait until the bot has answered it."""
        payload = gestures.interaction(self.sim.fake, self.person, kind, data, where, message)
        first = len(self.sim.fake.requests)
        started = time.monotonic()
        await self.sim.send_interaction(payload)
        if not wait:
            return Exchange(payload, started, self.sim.fake, [])
        try:
            await settled(self.sim, payload["token"])
        except AssertionError:
            if self.patient:
                raise
            # One of many users: they saw "This interaction failed" and move on; figures count it.
        if self.patient:
            await self.sim.idle()
        return Exchange(payload, started, self.sim.fake, self.sim.fake.requests[first:])

    def _where(self, message: JSON) -> JSON:
        return self.sim.fake.channel(int(message["channel_id"]))

    # --- what this user sees ------------------------------------------------------------------
    def dms(self) -> list[JSON]:
        """The DMs the bot got through to this user, oldest first."""
        for channel in self.sim.fake.channels.values():
            if channel["type"] == p.DM_CHANNEL and int(channel["recipients"][0]["id"]) == self.id:
                return messages_in(self.sim, channel["id"])
        return []

    def panels(self, game: int) -> list[JSON]:
        """The DM panels of a Neuroshima game this user got, oldest first."""
        return [
            m
            for m in self.dms()
            if any(i.startswith((f"mp:{game}:", f"ms:{game}:")) for i in ids(m))
        ]


def ids(message: JSON) -> list[str]:
    """The custom ids of a message's components."""
    return [c["custom_id"] for row in message["components"] for c in row["components"]]


def op(message: JSON, name: str) -> str:
    """The custom id of the panel menu or button doing `name` (hq, tile, ok...), else ''."""
    return next((i for i in ids(message) if i.count(":") >= 4 and i.split(":")[4] == name), "")


def messages_in(sim: WireDiscord, channel_id: str) -> list[JSON]:
    """The messages of one channel, oldest first."""
    return [m for m in sim.fake.messages.values() if m["channel_id"] == str(channel_id)]


async def settled(sim: WireDiscord, token: str, timeout: float = ANSWER_TIMEOUT) -> None:
    """Wait until an interaction is answered, its 'thinking' resolved, and its requests done."""
    found = sim.fake.interactions[token]
    deadline = time.monotonic() + timeout
    while True:
        quiet = time.monotonic() - _last_request(sim, token) > 0.25
        if found.answered is not None and found.loading_flags is None and quiet:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"interaction {found.id} was never answered completely")
        await asyncio.sleep(0.03)


def _last_request(sim: WireDiscord, token: str) -> float:
    for request in reversed(sim.fake.requests[-200:]):
        if token in request.path:
            return request.at
    return 0.0
