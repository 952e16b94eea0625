"""The outbox's Discord side: parcels sent once each, retried with backoff, or kept as lost.

Every send made for a parcel carries a nonce derived from the parcel's idempotency key and the
send's place in it: Discord returns the first message instead of posting a second one when a
nonce is enforced (discord.py always enforces the nonces it is given). Its memory of nonces is
short, so a parcel that may have been sent before a crash also looks at the channel's last
messages before posting again (`seen`).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.discord.lifecycle import Alarm
from bot.service import metrics
from bot.service.parcels import CatchUp
from bot.service.postbox import Parcel

if TYPE_CHECKING:
    from bot.discord.delivery import Delivery

log = logging.getLogger("muster.discord.courier")

POLL_SECONDS = 2.0
"""How often the loop looks for due parcels (retries, and parcels left by a dead process)."""
GONE = frozenset({10003, 50001, 50083, 160005})
"""Discord codes for a channel or thread that is gone, archived and locked, or shut to the bot:
unknown channel, missing access, archived thread, locked thread. The game gets a new thread."""
HISTORY = 20
"""Messages of a channel read to find a post that a crash may have sent already."""


@dataclass
class Sending:
    """The parcel whose sends are being made (see `once`)."""

    key: str
    resent: bool
    since: datetime
    sends: int = 0
    rehomed: set[int] = field(default_factory=set)


_sending: ContextVar[Sending | None] = ContextVar("muster_sending", default=None)


def nonce(key: str, n: int) -> int:
    """The nonce of send `n` of the parcel `key` (a positive 63-bit integer)."""
    digest = hashlib.sha256(f"{key}#{n}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1 or 1


def once() -> dict[str, Any]:
    """The keyword arguments that make the next send of the current parcel idempotent."""
    sending = _sending.get()
    if sending is None:
        return {}
    n, sending.sends = sending.sends, sending.sends + 1
    return {"nonce": nonce(sending.key, n)}


def resending() -> bool:
    """Whether the parcel being sent may have gone out before (see `seen`)."""
    sending = _sending.get()
    return sending is not None and sending.resent


async def seen(client: discord.Client, channel: Any, content: str) -> bool:
    """Whether a parcel that may have gone out before already stands in `channel`.

    Read only for parcels sent again after a crash or a failure, and only the last few
    messages: the bot's own message with the same text, posted since the parcel was written.
    """
    sending = _sending.get()
    if sending is None or not sending.resent or client.user is None:
        return False
    history = getattr(channel, "history", None)
    if history is None:
        return False
    try:
        async for message in history(limit=HISTORY, after=sending.since):
            if message.author.id == client.user.id and message.content == content:
                return True
    except discord.HTTPException as err:
        log.info("could not read channel %s before a resend: %s", channel.id, err)
    return False


def is_gone(err: BaseException) -> bool:
    """A game channel or thread that will never take this post again."""
    return isinstance(err, discord.HTTPException) and err.code in GONE


def is_transient(err: BaseException) -> bool:
    """A failure worth retrying: Discord overloaded or rate limiting, or the network."""
    if isinstance(err, discord.HTTPException):
        return err.status >= 500 or err.status in (408, 429)
    return isinstance(err, OSError | aiohttp.ClientError | asyncio.TimeoutError)


def describe(err: BaseException) -> str:
    """An error as kept on the outbox row (Discord's code and text; no tokens in there)."""
    if isinstance(err, discord.HTTPException):
        return f"{err.status} {err.code} {err.text}".strip()
    return f"{type(err).__name__}: {err}"


def mentions(users: Sequence[int]) -> str:
    """Discord mentions of real users (AI seats have negative ids and no mention)."""
    return " ".join(f"<@{u}>" for u in users if u > 0)


def allowed(users: Sequence[int]) -> discord.AllowedMentions:
    """Ping exactly these users: never roles or @everyone from text a player wrote."""
    return discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(u) for u in users if u > 0]
    )


class Courier:
    """Flushes parcels through a Delivery and runs the loop that sends the rest."""

    def __init__(self, delivery: Delivery) -> None:
        self.delivery = delivery
        self.postbox = delivery.service.postbox
        self._alarm = Alarm()
        self._stopping = False

    @asynccontextmanager
    async def sending(self, parcel: Parcel) -> AsyncIterator[Sending]:
        """Make the sends inside idempotent for `parcel`."""
        state = Sending(parcel.key, parcel.resent, parcel.record.created)
        token = _sending.set(state)
        try:
            yield state
        finally:
            _sending.reset(token)

    async def flush(self, parcels: Sequence[Parcel]) -> list[Parcel]:
        """Send parcels in order; returns those delivered (the others are retried or kept).

        The delivered ones are marked in one write at the end: one that a crash leaves
        unmarked is sent again under the same nonces, and `seen` finds it in its channel.
        """
        done: list[Parcel] = []
        try:
            for parcel in parcels:
                if await self.send(parcel):
                    done.append(parcel)
        finally:
            await self.postbox.delivered_all(done)
        return done

    async def send(self, parcel: Parcel) -> bool:
        """Send one parcel (not yet marked) and record a failure; True when it went out."""
        try:
            async with self.sending(parcel):
                await self._send(parcel)
        except Exception as err:  # every failure is recorded: retried, or kept for the host
            await self._failed(parcel, err)
            return False
        return True

    async def _send(self, parcel: Parcel) -> None:
        message = parcel.message
        if isinstance(message, CatchUp):
            for told in await self.postbox.told(message):
                await self.delivery.deliver_one(told)
        else:
            await self.delivery.deliver_one(message)

    async def _failed(self, parcel: Parcel, err: Exception) -> None:
        what = describe(err)
        metrics.DELIVERIES_FAILED.labels(
            kind=str(getattr(parcel.message, "kind", "catch_up"))
        ).inc()
        if is_transient(err):
            log.info("outbox %s: will retry (%s)", parcel.key, what)
            await self.postbox.retry(parcel, what)
        elif isinstance(err, discord.HTTPException):
            await self.postbox.undeliverable(parcel, what)
        else:  # a bug of ours: logged, retried (a fixed release delivers it)
            log.error("outbox %s failed", parcel.key, exc_info=err)
            await self.postbox.retry(parcel, what)

    # --- the loop ----------------------------------------------------------------------------
    def wake(self) -> None:
        """Look for due parcels now rather than at the next poll."""
        self._alarm.ring()

    async def run(self) -> None:
        """Deliver due parcels until stopped (any process may: claims lease rows to one)."""
        while not self._stopping:
            try:
                await self.round()
            except Exception:  # the store may be briefly away; the next round tries again
                log.exception("outbox round failed")
            await self._alarm.sleep(POLL_SECONDS)

    async def round(self, limit: int = 20) -> int:
        """Claim and send one batch of due parcels; returns how many were delivered."""
        parcels = await self.postbox.claim(limit)
        return len(await self.flush(parcels))

    def stop(self) -> None:
        """End the loop after its current round."""
        self._stopping = True
        self._alarm.ring()

    async def drain(self, seconds: float) -> int:
        """Deliver what is due within `seconds` (at shutdown); returns how many went out."""
        delivered = 0

        async def rounds() -> None:
            nonlocal delivered
            while True:
                sent = await self.round()
                delivered += sent
                if not sent:
                    return

        try:
            await asyncio.wait_for(rounds(), seconds)
        except TimeoutError:
            log.warning("outbox not drained within %.0f s: the rest goes after restart", seconds)
        return delivered
