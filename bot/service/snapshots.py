"""Loading a game's folded log and state through storage's snapshot cache.

A snapshot holds the host's whole fold of the log, not just a game state: the log entries (so
the timeline with its undo marks and requests is rebuilt exactly as from the events) and the
game state after the effective moves up to the last barrier. Undo and takeback never reach
behind a barrier, so that state stays valid whatever notes follow; the few moves after it are
applied on load. Storage checks each snapshot's digest, decoding and later events, and (when
asked) compares it with a full replay, discarding it on any disagreement.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.profiles import HostProfile
from bot.service.timeline import Entry, Move, Note, Timeline, decode, fold, note_json
from games import engine, snapshot
from games.base import GameSpec
from storage.base import GameStore
from storage.records import EventRecord, GameRecord, SeatRecord
from storage.snapshots import SNAPSHOT_EVERY, LoadedGame, load_state

log = logging.getLogger(__name__)

FORMAT = "muster.table/1"
"""The version tag of the host's snapshot payload (the game state has its own tag)."""


@dataclass(frozen=True, slots=True)
class Folded:
    """A folded log: the timeline and the game state after `timeline.moves[:base_moves]`."""

    timeline: Timeline
    base: Any
    base_moves: int


def advance(spec: GameSpec[Any, Any, Any], state: Any, moves: Sequence[Move], first: int) -> Any:
    """The state after applying effective `moves` (the first being move number `first`)."""
    events = [engine.Event(first + i, m.seat, m.action) for i, m in enumerate(moves)]
    return engine.apply_events(spec.rules, state, events, first_seq=first)


def current_state(spec: GameSpec[Any, Any, Any], folded: Folded) -> Any:
    """The game state after every effective move of the folded log."""
    tail = folded.timeline.moves[folded.base_moves :]
    return advance(spec, folded.base, tail, folded.base_moves) if tail else folded.base


_STATE_TYPES: dict[str, type] = {}
_CANNOT_SNAPSHOT: set[str] = set()
"""Game keys whose states failed to encode: they load by full replay from then on."""


class TableFolder:
    """A storage StateFolder for one started game: rules, codec and barriers from the host."""

    def __init__(
        self,
        spec: GameSpec[Any, Any, Any],
        profile: HostProfile,
        config: Mapping[str, Any],
        seats: int,
    ) -> None:
        self.spec = spec
        self.profile = profile
        self.config = config
        self.seats = seats

    def _entry(self, seq: int, seat: int, action: Mapping[str, Any]) -> Entry:
        return decode(seq, seat, action, self.spec.codec.from_json, self.profile.is_barrier)

    def initial(self, game: GameRecord, seats: Sequence[SeatRecord]) -> Folded:
        """The fold of an empty log: the rules' setup."""
        del seats  # the seat count is the lobby's, not how many rows the seats table holds
        base = self.spec.rules.setup(self.config, self.seats, game.seed)
        _STATE_TYPES.setdefault(self.spec.key, type(base))
        return Folded(Timeline(), base, 0)

    def apply(self, state: Folded, events: Sequence[EventRecord]) -> Folded:
        """The fold after `events`; the state moves forward to the new last barrier."""
        entries = [self._entry(r.seq, r.engine_seat, r.action) for r in events]
        return self._forward(state, fold(entries, state.timeline))

    def _forward(self, old: Folded, timeline: Timeline) -> Folded:
        done = old.base_moves
        if done and (
            len(timeline.moves) < done
            or timeline.moves[done - 1].seq != old.timeline.moves[done - 1].seq
        ):
            # Rules forbid undoing across a barrier, so only a log the host never writes gets here.
            raise ValueError("an undo reaches behind the snapshot's last barrier")
        barrier = timeline.last_barrier()
        if barrier <= done:
            return Folded(timeline, old.base, done)
        base = advance(self.spec, old.base, timeline.moves[done:barrier], done)
        return Folded(timeline, base, barrier)

    def encode(self, state: Folded) -> dict[str, Any]:
        """The log entries, the barrier's game state and how many moves it includes."""
        t = state.timeline
        entries: list[Entry] = [*t.moves, *t.voided, *t.notes]
        entries.sort(key=lambda e: e.seq)
        log: list[list[Any]] = []
        for entry in entries:
            if isinstance(entry, Note):
                log.append([entry.seq, None, note_json(entry.kind, **entry.data)])
            else:
                log.append([entry.seq, entry.seat, self.spec.codec.to_json(entry.action)])
        return {
            "format": FORMAT,
            "log": log,
            "base_moves": state.base_moves,
            "base": snapshot.encode(state.base),
        }

    def decode(self, data: Any) -> Folded:
        """The fold stored by `encode`; raises on data it cannot read."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} snapshot")
        entries = [
            self._entry(int(seq), -1 if seat is None else int(seat), action)
            for seq, seat, action in data["log"]
        ]
        timeline = fold(entries)
        done = int(data["base_moves"])
        if not (0 <= done <= timeline.last_barrier()):
            raise ValueError(f"its state follows move {done}, not a barrier")
        state_type = _STATE_TYPES.get(self.spec.key)
        if state_type is None:
            # Only the rules know their state type: one setup tells us (and is cached).
            state_type = type(self.spec.rules.setup(self.config, self.seats, "type"))
            _STATE_TYPES[self.spec.key] = state_type
        return Folded(timeline, snapshot.decode(data["base"], state_type), done)


async def load_folded(
    store: GameStore,
    game_id: int,
    folder: TableFolder,
    *,
    every: int | None = SNAPSHOT_EVERY,
    verify: bool = False,
) -> LoadedGame[Folded]:
    """A started game's fold from its newest good snapshot plus later events (saving new ones)."""
    key = folder.spec.key
    if every is not None and key not in _CANNOT_SNAPSHOT:
        try:
            return await load_state(
                store,
                game_id,
                folder,
                rules_version=folder.spec.rules_version,
                verify=verify,
                every=max(1, every),
            )
        except snapshot.SnapshotError as err:
            # A game whose state the codec cannot encode still plays, replayed in full.
            log.warning("%s states cannot be snapshotted, replaying in full: %s", key, err)
            _CANNOT_SNAPSHOT.add(key)
    return await load_state(
        store,
        game_id,
        folder,
        rules_version=folder.spec.rules_version,
        verify=verify,
        every=sys.maxsize,  # no log grows this long: never save a snapshot
    )
