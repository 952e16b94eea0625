"""The log as the host reads it: game moves, host notes, undo markers and pending requests.

The store's log is append-only, so the host writes its own decisions into it as notes
(`{"$host": kind, ...}`, seat NULL): undo markers void earlier moves, consent requests and
votes wait for answers, resignations and pauses are remembered. Folding the log gives the
effective moves the rules replay, which keeps undo, takeback and history in one truth.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.base import CHANCE, Seat

HOST_KEY = "$host"

# Note kinds.
UNDO = "undo"
OFFER = "offer"
CONSENT = "consent"
DECLINE = "decline"
RESIGN = "resign"
PAUSE = "pause"
RESUME = "resume"
REPLACE = "replace"
TIMEOUT = "timeout"

# What a request asks for.
TAKEBACK = "takeback"
ABORT = "abort"
PAUSE_REQUEST = "pause"


@dataclass(frozen=True, slots=True)
class Move:
    """An effective game event: `seat` (CHANCE for a random result) did `action` at store `seq`."""

    seq: int
    seat: Seat
    action: Any
    barrier: bool


@dataclass(frozen=True, slots=True)
class Note:
    """A host decision logged at store `seq`."""

    seq: int
    kind: str
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Request:
    """A request waiting for the other players: who asked, who agreed, what it rests on."""

    what: str
    by: Seat
    yes: frozenset[Seat]
    basis: int
    data: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Timeline:
    """The folded log: effective moves, all notes, voided moves, requests and seat marks."""

    moves: tuple[Move, ...] = ()
    notes: tuple[Note, ...] = ()
    voided: tuple[Move, ...] = ()
    requests: Mapping[str, Request] = field(default_factory=dict)
    resigned: tuple[Seat, ...] = ()
    paused: Note | None = None

    @property
    def basis(self) -> int:
        """The store seq of the last effective move (-1 before any): what requests rest on."""
        return self.moves[-1].seq if self.moves else -1

    def last_barrier(self) -> int:
        """The index in `moves` just after the last barrier (0 when there is none)."""
        for index in range(len(self.moves) - 1, -1, -1):
            if self.moves[index].barrier:
                return index + 1
        return 0


def note_json(kind: str, **data: Any) -> dict[str, Any]:
    """The stored form of a host note."""
    return {HOST_KEY: kind, **data}


def is_note(action: Mapping[str, Any]) -> bool:
    """True when a stored action is a host note rather than a game action."""
    return HOST_KEY in action


Entry = Move | Note


def decode(
    seq: int,
    seat: Seat,
    action: Mapping[str, Any],
    from_json: Callable[[Mapping[str, Any]], Any],
    is_barrier: Callable[[Seat, Any], bool],
) -> Entry:
    """One stored event as a Move or a Note."""
    if is_note(action):
        data = {k: v for k, v in action.items() if k != HOST_KEY}
        return Note(seq, str(action[HOST_KEY]), data)
    decoded = from_json(action)
    return Move(seq, seat, decoded, is_barrier(seat, decoded))


def fold(entries: Iterable[Entry], start: Timeline | None = None) -> Timeline:
    """Fold entries (in seq order) onto a timeline."""
    t = start or Timeline()
    moves, notes, voided = list(t.moves), list(t.notes), list(t.voided)
    requests, resigned, paused = dict(t.requests), list(t.resigned), t.paused
    for entry in entries:
        if isinstance(entry, Move):
            moves.append(entry)
            continue
        notes.append(entry)
        kind, data = entry.kind, entry.data
        seat = int(data.get("seat", CHANCE))
        if kind == UNDO:
            first = int(data["from"])
            voided.extend(m for m in moves if m.seq >= first)
            moves = [m for m in moves if m.seq < first]
            requests.pop(TAKEBACK, None)
        elif kind == OFFER:
            what = str(data["what"])
            requests[what] = Request(what, seat, frozenset({seat}), int(data["basis"]), data)
        elif kind == CONSENT and str(data["what"]) in requests:
            old = requests[str(data["what"])]
            requests[old.what] = Request(old.what, old.by, old.yes | {seat}, old.basis, old.data)
        elif kind == DECLINE:
            requests.pop(str(data["what"]), None)
        elif kind == RESIGN and seat not in resigned:
            resigned.append(seat)
        elif kind == PAUSE:
            paused = entry
            requests.pop(PAUSE_REQUEST, None)
        elif kind == RESUME:
            paused = None
    return Timeline(tuple(moves), tuple(notes), tuple(voided), requests, tuple(resigned), paused)


def undo_start(t: Timeline, seat: Seat, steps: int | None) -> int:
    """The index in t.moves from which `seat`'s undo removes moves (len(moves): nothing to undo).

    Only the seat's own trailing moves after the last barrier go; `steps` None means the whole
    turn so far.
    """
    floor = t.last_barrier()
    index = len(t.moves)
    while index > floor and t.moves[index - 1].seat == seat:
        index -= 1
        if steps is not None and len(t.moves) - index >= steps:
            break
    return index


def takeback_start(t: Timeline, seat: Seat) -> int | None:
    """The index in t.moves where `seat`'s last turn began, or None when a barrier is in the way.

    A takeback removes that turn and everything after it, so nothing after its start may be a
    chance result or another barrier.
    """
    index = len(t.moves)
    while index > 0 and t.moves[index - 1].seat != seat:
        index -= 1
    if index == 0:
        return None
    while index > 0 and t.moves[index - 1].seat == seat:
        index -= 1
    if any(m.barrier for m in t.moves[index:]):
        return None
    return index
