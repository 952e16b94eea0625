"""Space Alert's flight schedule: when each phase ends and each threat is announced, from the
mission's soundtrack (official missions) or spread evenly (generated ones), and a table's timing
options. The clock (clock.py) fires deadlines by it; the bridge (bridge.py) shows what has been
heard by it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from importlib import resources

from bot.service.table import Host, Table
from games.space_alert.missions import Schedule
from games.space_alert.state import State

PREFIX = "space_alert"
DEFAULT_ENDS = {12: (225, 455, 600), 7: (255, 425)}
"""Phase ends (seconds into the operation) for generated missions, as on the soundtracks."""
LIVE_BREAK = 300
"""Seconds a live crew has for each decision between campaign flights."""


@cache
def _official_ends() -> dict[str, tuple[int, ...]]:
    text = resources.files("games.space_alert").joinpath("data/missions.json").read_text("utf-8")
    return {m["id"]: tuple(m["phase_ends"]) for m in json.loads(text)["missions"]}


def phase_ends(schedule: Schedule) -> tuple[int, ...]:
    """Seconds into the operation at which each phase ends."""
    return _official_ends().get(schedule.id) or DEFAULT_ENDS.get(schedule.turns, (225, 455, 600))


def phase_start(schedule: Schedule, phase: int) -> int:
    """Seconds into the operation at which `phase` begins."""
    return 0 if phase == 1 else phase_ends(schedule)[phase - 2]


def announcement_second(state: State, index: int) -> int:
    """When the computer announces threat `index` (official soundtracks give the second;
    generated missions spread a phase's threats evenly over it)."""
    assert state.schedule is not None
    a = state.announced[index]
    if a.slot.second:
        return a.slot.second
    same = sorted(
        (x.slot.turn, i) for i, x in enumerate(state.announced) if x.slot.phase == a.slot.phase
    )
    first = phase_start(state.schedule, a.slot.phase) + 10
    last = phase_ends(state.schedule)[a.slot.phase - 1] - 70
    step = (last - first) / max(len(same), 1)
    return int(first + step * same.index((a.slot.turn, index)))


def clock_text(seconds: float) -> str:
    """Operation time as mm:ss."""
    whole = max(int(seconds), 0)
    return f"{whole // 60:02d}:{whole % 60:02d}"


@dataclass(frozen=True, slots=True)
class Timing:
    """A table's clock settings."""

    live: bool
    phase_clock: int

    @staticmethod
    def of(table: Table) -> Timing:
        """The timing options of a table's lobby."""
        options = table.settings.options
        return Timing(bool(options.get("live", False)), int(options.get("phase_clock") or 0))

    @property
    def break_clock(self) -> int:
        """Seconds for a decision between flights (0: no deadline)."""
        return LIVE_BREAK if self.live else self.phase_clock


async def flight_start(host: Host, table: Table) -> datetime:
    """When the current flight was prepared: second 0 of its operation."""
    events = await host.store.events(table.id)
    found = [e.created for e in events if e.action.get("type") == "flight_prepared"]
    return found[-1] if found else host.clock.now()


def announce_kind(state: State, phase: int, index: int) -> str:
    """The deadline kind of announcement `index`, made during `phase` of this flight."""
    return ":".join(str(p) for p in (PREFIX, "announce", state.flight, phase, index))
