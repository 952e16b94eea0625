"""Operator tools over any GameStore: checking every game against a replay, and exporting one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from storage.base import GameStore, digest, dumps
from storage.records import EventRecord, GameRecord, GameStatus, SeatRecord

EXPORT_FORMAT = "muster.game/1"

Replayer = Callable[[GameRecord, Sequence[SeatRecord], Sequence[EventRecord]], Any]
"""Rebuilds a state from setup and `events`; returns its JSON form, or None to only replay.

The caller owns the rules (games.registry and games.engine); it raises on a log that does not
replay. Seats include those who left, so the seat count is that of the game as started.
"""


@dataclass(frozen=True, slots=True)
class GameCheck:
    """What was wrong with one game."""

    game_id: int
    game_key: str
    version: int
    problems: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The result of checking a store: games checked, games with problems, engine findings."""

    checked: int
    failed: tuple[GameCheck, ...]
    store_problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """True when nothing is wrong."""
        return not self.failed and not self.store_problems


async def check_games(
    store: GameStore,
    replay: Replayer,
    *,
    statuses: Sequence[GameStatus] = (GameStatus.ACTIVE,),
    repair: bool = True,
) -> CheckReport:
    """Replay every game in `statuses` and compare snapshots; bad snapshots are dropped."""
    store_problems = tuple(await store.integrity_check())
    failed: list[GameCheck] = []
    checked = 0
    for status in statuses:
        after = 0
        while page := await store.games_with_status(status, after_id=after, limit=200):
            for game in page:
                checked += 1
                problems = await _check_game(store, game, replay, repair)
                if problems:
                    failed.append(GameCheck(game.id, game.game_key, game.version, problems))
            after = page[-1].id
    return CheckReport(checked, tuple(failed), store_problems)


def _try_replay(
    replay: Replayer, game: GameRecord, seats: Sequence[SeatRecord], events: Sequence[EventRecord]
) -> tuple[Any, str | None]:
    try:
        return replay(game, seats, events), None
    except Exception as err:  # any rules failure is a finding, not a crash of the check
        return None, f"{type(err).__name__}: {err}"


async def _check_game(
    store: GameStore, game: GameRecord, replay: Replayer, repair: bool
) -> tuple[str, ...]:
    seats = await store.seats(game.id, include_left=True)
    events = await store.events(game.id)
    problems: list[str] = []
    if [e.seq for e in events] != list(range(game.version)):
        problems.append(f"the log is not seqs 0..{game.version - 1}")
    final, error = _try_replay(replay, game, seats, events)
    if error is not None:
        return (*problems, f"replay failed: {error}")
    if final is None:
        return tuple(problems)
    for snap in await store.snapshots(game.id):
        expected, error = _try_replay(replay, game, seats, events[: snap.version])
        intact = error is None and digest(snap.state) == snap.digest
        if intact and dumps(expected) == dumps(snap.state):
            continue
        action = "discarded" if repair else "kept"
        problems.append(f"snapshot at {snap.version} disagrees with the replay ({action})")
        if repair:
            await store.delete_snapshots(game.id, version=snap.version)
    return tuple(problems)


async def export_game(store: GameStore, game_id: int) -> dict[str, Any]:
    """A game's full record as JSON-compatible data, for replays and bug reports."""
    game = await store.get_game(game_id)
    seats = await store.seats(game_id, include_left=True)
    events = await store.events(game_id)
    return {
        "format": EXPORT_FORMAT,
        "game": {
            "id": game.id,
            "game_key": game.game_key,
            "rules_version": game.rules_version,
            "seed": game.seed,
            "config": game.config,
            "guild_id": game.guild_id,
            "channel_id": game.channel_id,
            "thread_id": game.thread_id,
            "status": game.status.value,
            "version": game.version,
            "outcome": game.outcome,
            "created": game.created.isoformat(),
            "updated": game.updated.isoformat(),
        },
        "seats": [
            {
                "seat": s.seat,
                "user_id": s.user_id,
                "role": s.role,
                "joined": s.joined.isoformat(),
                "left": None if s.left is None else s.left.isoformat(),
            }
            for s in seats
        ],
        "events": [
            {"seq": e.seq, "seat": e.seat, "action": e.action, "created": e.created.isoformat()}
            for e in events
        ],
    }
