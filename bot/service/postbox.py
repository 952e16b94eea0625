"""The durable outbox: messages become rows in the store, rows become messages for a front-end.

A change and the promise to tell people about it commit together: the append that logs a move
also writes a *catch-up* row for its version (held for a lease). When the change's messages are
settled they replace that row in one transaction. If the process dies in between, the catch-up
row comes due after the lease and is delivered as the game's board and the waiting players'
panels as they stand then, so nobody is left untold.

Each row has an idempotency key; front-ends send it along (Discord's message nonce) so a message
sent just before a crash and sent again after it posts once. Front-ends never deliver a Reply's
messages directly: they `publish` them, `flush` what they published, and a loop delivers the
rest (`claim`), marking each `delivered`, `retry`-ing with backoff, or keeping it `undeliverable`
for the host to see in /games.
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import Any

import bot.service.game_hooks as game_hooks
import bot.service.leagues.pictures as pictures
from bot.service.announce import private_panel
from bot.service.lobby_text import lobby_text
from bot.service.outbox import Image, LobbyUpdate, Message, PublicUpdate
from bot.service.parcels import (
    CATCHUP,
    CatchUp,
    Outgoing,
    decode,
    encode,
    game_of,
    recipe_from_json,
)
from bot.service.presenters import presenter_for, takes
from bot.service.table import Host, Table, load_table, replay_state
from bot.service.ticks import restart_stopped_clocks
from bot.service.timeline import Move
from bot.service.updates import (
    STATUSES,
    board_images,
    draw_frames,
    player_names,
    turn_line,
)
from games.registry import find_game
from games.text import Text
from storage.records import GameStatus, NewOutbox, OutboxRecord

log = logging.getLogger(__name__)

LEASE = timedelta(seconds=30)
"""How long a row written or claimed by one process is left to it before another may send it."""
FIRST_RETRY = timedelta(seconds=5)
LAST_RETRY = timedelta(minutes=30)
MAX_ATTEMPTS = 12
"""Attempts before a message that keeps failing is kept as undeliverable (about 2.5 hours)."""
LIVE_MAX = 5000
"""Live messages kept per process (their images drawn lazily); older ones are decoded again."""

Render = Callable[[str], tuple[bytes, ...]]
"""A battle replay's frames in a language."""
_BOARD = re.compile(r"^game(\d+)-(v\d+|final)-board\.png$")
_HAND = re.compile(r"^game(\d+)-v(\d+)-seat(\d+)-hand\.png$")


@dataclass(frozen=True, slots=True)
class Parcel:
    """One stored message on its way: the row and the message it stands for."""

    record: OutboxRecord
    message: Outgoing | CatchUp
    resent: bool = False
    """True when an earlier attempt may have reached its reader (the row was claimed after its
    writer's lease ran out, or after a failure): the front-end checks before sending again."""

    @property
    def key(self) -> str:
        """The idempotency key (Discord nonces are derived from it)."""
        return self.record.key


def change_key(game_id: int, version: int, status: GameStatus) -> str:
    """The key prefix of one change's messages: a change that only ends a game keeps the
    version and moves the status, so both name it."""
    return f"g{game_id}v{version}{status.value[0]}."


def backoff(attempts: int) -> timedelta:
    """The wait before attempt `attempts + 1`: doubling from 5 s, at most 30 minutes."""
    wait: timedelta = FIRST_RETRY * 2 ** min(max(0, attempts), 16)
    return min(wait, LAST_RETRY)


class Postbox:
    """One process's side of the outbox: writes rows, reads them back, remembers live messages.

    The live messages (with images that are drawn lazily) are a per-process cache that is safe
    to lose: after a restart a row is decoded and its board or hand image drawn again.
    """

    def __init__(self) -> None:
        self._host: Host | None = None
        self._live: dict[str, Outgoing] = {}
        self._keys: dict[int, str] = {}

    @property
    def host(self) -> Host:
        """The host this postbox writes for (set once, by `attach`)."""
        if self._host is None:
            raise RuntimeError("the postbox is not attached to a host")
        return self._host

    def attach(self, host: Host) -> None:
        """Write through `host`'s store and read its clock."""
        self._host = host

    # --- writing ---------------------------------------------------------------------------
    def catchup(self, game_id: int, version: int, status: GameStatus) -> NewOutbox:
        """The row an append writes with a change, replaced when the change is settled."""
        payload = encode(CatchUp(game_id, version))
        due = self.host.clock.now() + LEASE
        key = f"{change_key(game_id, version, status)}{CATCHUP}"
        return NewOutbox(key, CATCHUP, payload, game_id, due)

    async def settled(
        self, game_id: int, version: int, status: GameStatus, messages: Sequence[Message]
    ) -> None:
        """Replace a change's catch-up row by its messages, in one transaction."""
        prefix = change_key(game_id, version, status)
        await self.host.store.enqueue(self.rows(messages, prefix), replacing=f"{prefix}{CATCHUP}")

    async def publish(self, messages: Sequence[Outgoing]) -> list[Parcel]:
        """Store messages to deliver (those settled already are not stored twice).

        Returns the parcels the caller should `flush` now; the loop sends any it leaves.
        """
        fresh = list({id(m): m for m in messages if id(m) not in self._keys}.values())
        if fresh:
            await self.host.store.enqueue(self.rows(fresh, f"m{uuid.uuid4().hex[:16]}."))
        keys = list(dict.fromkeys(self._keys[id(m)] for m in messages))
        stored = {r.key: r for r in await self.host.store.outbox_messages(keys)}
        return [
            Parcel(stored[key], self._live[key])
            for key in keys
            if key in stored and stored[key].pending and key in self._live
        ]

    async def withdraw(self, messages: Sequence[Outgoing]) -> None:
        """Close settled messages a front-end answered itself (a /hand panel, a lobby post)."""
        for message in messages:
            key = self._keys.pop(id(message), None)
            if key is None:
                continue
            self._live.pop(key, None)
            record = await self.host.store.outbox_message(key)
            if record is not None:
                await self.host.store.mark_sent(record.id)

    def rows(self, messages: Sequence[Outgoing], prefix: str) -> list[NewOutbox]:
        """Outbox rows for messages a caller writes in its own transaction (keys `prefix`N);
        the messages count as stored from now on (see `forget` if the write is dropped)."""
        due = self.host.clock.now() + LEASE
        rows = []
        unique = {id(m): m for m in messages}.values()  # one object, one row
        for n, message in enumerate(unique):
            key = f"{prefix}{n}"
            self._keys[id(message)] = key
            self._live[key] = message
            while len(self._live) > LIVE_MAX:  # oldest first: those are delivered or leased on
                self._forget(next(iter(self._live)))
            rows.append(NewOutbox(key, message.kind, encode(message), game_of(message), due))
        return rows

    # --- delivering ------------------------------------------------------------------------
    async def claim(self, limit: int = 20) -> list[Parcel]:
        """Due messages, each leased to this process for a while (oldest first)."""
        now = self.host.clock.now()
        records = await self.host.store.claim_outbox(now, now + LEASE, limit=limit)
        return [Parcel(r, await self._message(r), resent=True) for r in records]

    async def delivered(self, parcel: Parcel) -> None:
        """Mark a parcel sent."""
        await self.delivered_all([parcel])

    async def delivered_all(self, parcels: Sequence[Parcel]) -> None:
        """Mark parcels sent, in one write."""
        await self.host.store.mark_all_sent([p.record.id for p in parcels])
        for parcel in parcels:
            self._forget(parcel.key)

    async def retry(self, parcel: Parcel, error: str) -> bool:
        """Try again later with backoff; False when out of attempts (then it is kept as lost)."""
        attempts = parcel.record.attempts + 1
        if attempts >= MAX_ATTEMPTS:
            await self.undeliverable(parcel, error)
            return False
        at = self.host.clock.now() + backoff(parcel.record.attempts)
        await self.host.store.retry_later(parcel.record.id, at, error)
        return True

    async def undeliverable(self, parcel: Parcel, error: str) -> None:
        """Keep a message that can never be delivered; its game's host sees it in /games."""
        log.warning("outbox %s for game %s kept undelivered: %s", parcel.key, parcel.record.game_id,
                    error)  # fmt: skip
        await self.host.store.give_up(parcel.record.id, error)
        self._forget(parcel.key)

    async def lost(self, game_ids: Sequence[int]) -> list[OutboxRecord]:
        """Messages of these games that could not be delivered."""
        return await self.host.store.undeliverable(game_ids)

    def holds(self, message: Outgoing) -> bool:
        """Whether `message` is stored already (written with its change, or published)."""
        return id(message) in self._keys

    def forget(self, messages: Sequence[Outgoing]) -> None:
        """Drop messages whose rows were not written after all."""
        for message in messages:
            key = self._keys.get(id(message))
            if key is not None:
                self._forget(key)

    def _forget(self, key: str) -> None:
        message = self._live.pop(key, None)
        if message is not None:
            self._keys.pop(id(message), None)

    async def _message(self, record: OutboxRecord) -> Outgoing | CatchUp:
        live = self._live.get(record.key)
        if live is not None:
            return live
        names = record.payload.get("images") or []
        render = None
        if record.payload.get("type") == "BattleReplay":
            render = await self._battle(record.payload)
        recipes = record.payload.get("pictures") or {}
        return decode(record.payload, await self._images(names, recipes), render)

    async def _battle(self, payload: dict[str, Any]) -> Render | None:
        try:
            return await recover_battle(self.host, int(payload["game_id"]), int(payload["seq"]))
        except Exception:  # a picture must not hold its message back: told in words then
            log.exception("could not replay the battle of %s", payload.get("name"))
            return None

    async def _images(self, names: Sequence[str], recipes: Mapping[str, Any]) -> list[Image]:
        """Pictures drawn again from their recipes; board and hand images from the game as it
        stands, when it has not moved on since; other images (a since-your-turn picture) are
        left out."""
        out: list[Image] = []
        for name in names:
            try:
                if name in recipes:
                    kind, args = recipes[name]
                    drawn = pictures.redraw(name, kind, recipe_from_json(args))
                    out += [] if drawn is None else [drawn]
                    continue
                out += await recover_image(self.host, name)
            except Exception:  # a picture must not hold its message back
                log.exception("could not draw %s again", name)
        return out

    # --- catching up -----------------------------------------------------------------------
    async def told(self, catch: CatchUp) -> list[Message]:
        """What a lost change's catch-up row says: the board, and the panels of who is to act."""
        return await catch_up(self.host, catch.game_id)


async def recover_image(host: Host, name: str) -> list[Image]:
    """The image called `name` drawn again, when its game is still at that version."""
    board = _BOARD.match(name)
    hand = _HAND.match(name)
    match = board or hand
    if match is None:
        return []
    table = await load_table(host, int(match.group(1)))
    if table.state is None:
        return []
    cut = await game_hooks.view_cut(host, table)
    if board is not None:
        label = board.group(2)
        now = f"v{table.record.version}"
        if label not in (now, "final") or (label == "final" and table.record.status.is_open):
            return []
        names = player_names(table)
        return list(board_images(table, table.state, label, cut, names))
    assert hand is not None
    if int(hand.group(2)) != table.record.version:
        return []
    seat = int(hand.group(3))
    if table.user_at(seat) is None:
        return []
    panel = private_panel(table, seat, new_turn=False, cut=cut)
    return [i for i in panel.images if i.name == name]


async def recover_battle(host: Host, game_id: int, seq: int) -> Render | None:
    """How to draw the battle of the move logged at `seq` again: the game replayed to that
    move, in the pool, as the move's own process drew it; None when the move was taken back
    or the game shows battles in words only."""
    table = await load_table(host, game_id)
    animate = presenter_for(table.spec.key).replay
    if animate is None or table.state is None:
        return None
    moves = table.timeline.moves
    upto = next((i + 1 for i, m in enumerate(moves) if m.seq == seq), None)
    if upto is None:
        return None
    names = player_names(table)
    named = {"names": tuple(names)} if takes(animate, "names") else {}
    config, seats, seed = dict(table.game_config), table.settings.seats, table.record.seed
    return partial(
        redraw_frames, animate, table.spec.key, config, seats, seed, tuple(moves[:upto]), named
    )


def redraw_frames(
    animate: Callable[..., Sequence[bytes]],
    key: str,
    config: dict[str, Any],
    seats: int,
    seed: str,
    moves: Sequence[Move],
    named: dict[str, Any],
    lang: str,
) -> tuple[bytes, ...]:
    """A battle's frames from the game's setup and its moves up to the battle's (the last);
    picklable, so it runs in the pool."""
    spec = find_game(key)
    before = replay_state(spec, config, seats, seed, moves[:-1])
    move = moves[-1]
    after = spec.rules.apply(before, move.seat, move.action)
    return draw_frames(animate, spec.rules, before, move.seat, move.action, after, named, lang)


async def catch_up(host: Host, game_id: int) -> list[Message]:
    """A game told as it stands: its board for the channel, panels for the people to act
    (whose turn clocks start if the lost change never started them)."""
    table = await load_table(host, game_id)
    if table.state is None:
        return [LobbyUpdate(game_id, lobby_text(host, table))]
    await restart_stopped_clocks(host, table)  # the change's clocks may not have moved
    cut = await game_hooks.view_cut(host, table)
    summary = presenter_for(table.spec.key).summary(cut(table.view(None)))
    status = Text(
        "Game {game} ({name}), {status}.",
        game=game_id,
        name=table.spec.name,
        status=STATUSES[table.record.status],
    )
    text = Text.lines([status, summary, turn_line(table)])
    names = player_names(table)
    images = board_images(table, table.state, f"v{table.record.version}", cut, names)
    mention = _waiting(table)
    out: list[Message] = [PublicUpdate(game_id, text, images, mention)]
    if table.record.status.is_open:
        for seat in table.humans_to_act():
            out.append(private_panel(table, seat, new_turn=False, cut=cut))
    return out


def _waiting(table: Table) -> tuple[int, ...]:
    return tuple(u for s in table.humans_to_act() if (u := table.user_at(s)) is not None)
