"""What the fuzz checks after each step and counts: errors, unclear refusals, changes a refusal
must not make, and replays that disagree with the host."""

from __future__ import annotations

import sqlite3
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.service import Service
from bot.service.snapshots import advance
from bot.service.table import HostSettings, load_table
from bot.service.timeline import decode, fold
from games import snapshot
from storage.records import GameStatus


@dataclass
class Tally:
    """What the fuzz found: counts, and the first trace of each distinct internal error."""

    steps: int = 0
    internal_errors: int = 0
    unclear: int = 0
    state_changes_on_rejection: int = 0
    replay_mismatches: int = 0
    stopped: bool = False
    """Set (by a signal) to end a long run after the current step."""
    accepted: int = 0
    rejected: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    first: dict[str, str] = field(default_factory=dict)
    """Signature (exception type and innermost project frame) -> the step and its trace."""

    def internal(self, what: str, err: BaseException) -> None:
        """Count an internal error, keeping the first trace of its kind."""
        self.internal_errors += 1
        frames = traceback.extract_tb(err.__traceback__)
        ours = [f for f in frames if "/site-packages/" not in f.filename]
        where = f"{ours[-1].filename}:{ours[-1].lineno}" if ours else "?"
        signature = f"{type(err).__name__} at {where}"
        if signature not in self.first:
            trace = "".join(traceback.format_exception(err))
            self.first[signature] = f"{what}\n{trace}"

    def breaches(self) -> int:
        """Every invariant broken so far."""
        return (
            self.internal_errors
            + self.unclear
            + self.state_changes_on_rejection
            + self.replay_mismatches
        )

    def summary(self) -> dict[str, int]:
        """The tool's last line, keys in the issue's order."""
        return {
            "steps": self.steps,
            "internal_errors": self.internal_errors + self.replay_mismatches,
            "unclear": self.unclear,
            "state_changes_on_rejection": self.state_changes_on_rejection,
        }


def store_fingerprint(path: Path) -> tuple[Any, ...]:
    """Every row of every table (events and snapshots by count and last id): what a refused
    command must leave exactly as it was."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [
            r[0]
            for r in db.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")
        ]
        found: list[Any] = []
        for table in tables:
            if table in ("events", "snapshots", "league_events"):
                found.append((table, tuple(db.execute(f"SELECT count(*) FROM {table}"))))
            else:
                rows = db.execute(f"SELECT * FROM {table}")
                found.append((table, tuple(sorted(rows, key=repr))))
        return tuple(found)
    finally:
        db.close()


Replayed = dict[int, tuple[tuple[Any, ...], Any]]
"""Per game: the moves a replay has checked and the state they led to (a replay after more
moves continues from there, unless an undo changed what was checked)."""


async def replayed_state(
    service: Service, game_id: int, known: Replayed | None = None
) -> tuple[Any, Any] | None:
    """(the state the host plays on, the state of a replay of the log); None in a lobby."""
    table = await load_table(service.host, game_id)
    record = table.record
    if table.state is None or record.status is GameStatus.LOBBY or "game" not in record.config:
        return None
    spec = table.spec
    settings = HostSettings.from_json(record.config.get("host", {}))
    events = await service.store.events(game_id)
    entries = [
        decode(r.seq, r.engine_seat, r.action, spec.codec.from_json, table.profile.is_barrier)
        for r in events
    ]
    moves = tuple(fold(entries).moves)
    done, state = (known or {}).get(game_id, ((), None))
    if state is None or moves[: len(done)] != done:
        done, state = (), spec.rules.setup(record.config["game"], settings.seats, record.seed)
    if len(moves) > len(done):
        state = advance(spec, state, moves[len(done) :], len(done))
    if known is not None:
        known[game_id] = (moves, state)
    return table.state, state


def same_state(a: Any, b: Any) -> bool:
    """Equal states (by value; by their snapshot encoding where NaN or floats defeat ==)."""
    if a == b:
        return True
    try:
        return bool(snapshot.encode(a) == snapshot.encode(b))
    except Exception:  # a state the codec cannot encode: == was the only check
        return False
