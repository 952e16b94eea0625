"""A tiny game for storage tests: each event adds a number; the state is a running total."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from storage.records import EventRecord, GameRecord, SeatRecord


class CounterFolder:
    """The host side of snapshots for the counter game (state is a plain dict)."""

    def __init__(self) -> None:
        self.applied = 0

    def initial(self, game: GameRecord, seats: Sequence[SeatRecord]) -> dict[str, int]:
        return {"total": int(game.config.get("start", 0)), "count": 0}

    def apply(self, state: dict[str, int], events: Sequence[EventRecord]) -> dict[str, int]:
        total, count = state["total"], state["count"]
        for event in events:
            if event.seq != count:
                raise ValueError(f"expected event {count}, got {event.seq}")
            total += int(event.action["add"])
            count += 1
        self.applied += len(events)
        return {"total": total, "count": count}

    def encode(self, state: dict[str, int]) -> Any:
        return dict(state)

    def decode(self, data: Any) -> dict[str, int]:
        if set(data) != {"total", "count"}:
            raise ValueError(f"not a counter state: {sorted(data)}")
        return {"total": int(data["total"]), "count": int(data["count"])}


def replay_counter(
    game: GameRecord, seats: Sequence[SeatRecord], events: Sequence[EventRecord]
) -> Any:
    """A check_games replayer for the counter game."""
    folder = CounterFolder()
    return folder.encode(folder.apply(folder.initial(game, seats), events))
