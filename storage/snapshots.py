"""Loading a game's state through its snapshot cache, and refusing a snapshot that lies.

Storage never knows the rules: the host passes a StateFolder that builds the initial state,
applies events and encodes states as JSON. A snapshot is used only while its digest matches its
stored text, it decodes, and the events after it apply; with `verify` the state is also rebuilt
from the whole log and must encode identically. A snapshot failing any of these is discarded
(and logged) and a fresh one is written from the full replay.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from storage.base import GameStore, digest, dumps
from storage.records import EventRecord, GameRecord, SeatRecord

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 50
"""Events between snapshots: a load then replays at most this many events."""

S = TypeVar("S")


class StateFolder(Protocol[S]):
    """How the host turns records into a game state (the rules live on its side)."""

    def initial(self, game: GameRecord, seats: Sequence[SeatRecord]) -> S:
        """The state before any event."""
        ...

    def apply(self, state: S, events: Sequence[EventRecord]) -> S:
        """The state after `events`, which continue from `state` without gaps."""
        ...

    def encode(self, state: S) -> Any:
        """A JSON-compatible form of the state that decode reads back."""
        ...

    def decode(self, data: Any) -> S:
        """The state encoded as `data`; raises on data it cannot read."""
        ...


@dataclass(frozen=True, slots=True)
class LoadedGame(Generic[S]):
    """A game's records and current state, and how the snapshot cache was used."""

    game: GameRecord
    seats: tuple[SeatRecord, ...]
    state: S
    snapshot_version: int | None
    discarded: tuple[str, ...]
    saved_snapshot: bool


async def load_state(
    store: GameStore,
    game_id: int,
    folder: StateFolder[S],
    *,
    rules_version: int,
    verify: bool = False,
    every: int = SNAPSHOT_EVERY,
) -> LoadedGame[S]:
    """The game's state from its newest good snapshot plus later events, caching a new one."""
    loaded = await store.load(game_id, rules_version=rules_version)
    game, snap = loaded.game, loaded.snapshot
    problems: list[str] = []
    state: S | None = None
    if snap is not None:
        try:
            if digest(snap.state) != snap.digest:
                raise ValueError("its digest does not match: the stored state was altered")
            state = folder.apply(folder.decode(snap.state), loaded.events)
        except Exception as err:
            problems.append(f"snapshot at {snap.version} is unusable: {err}")
            state = None
    if state is None or verify:
        if snap is None:
            events: Sequence[EventRecord] = loaded.events
        else:
            events = await store.events(game_id, stop=game.version)
        full = folder.apply(folder.initial(game, loaded.seats), events)
        agrees = state is None or dumps(folder.encode(full)) == dumps(folder.encode(state))
        if snap is not None and not agrees:
            problems.append(f"snapshot at {snap.version} disagrees with the replay")
        if state is None or problems:
            state = full
    used = None if problems or snap is None else snap.version
    if problems:
        log.warning("game %d: %s; discarding its snapshots", game_id, "; ".join(problems))
        await store.delete_snapshots(game_id)
    saved = False
    if game.version > 0 and (problems or game.version - (used or 0) >= every):
        await store.save_snapshot(game_id, game.version, rules_version, folder.encode(state))
        saved = True
    return LoadedGame(game, loaded.seats, state, used, tuple(problems), saved)
