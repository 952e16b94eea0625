"""Mission schedules: the official soundtracks (bundled data) and seeded random missions.

A schedule says when threats appear (T+n), where, how serious, whether unconfirmed, in which
phase each is announced, and how many incoming-data, data-transfer and blackout events each
phase has. Which threat card it is gets drawn when the phase opens.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from games.base import InvalidActionError, RandomSource
from games.space_alert.ship import Zone


@dataclass(frozen=True, slots=True)
class Slot:
    """One announced threat: turn, zone (None internal), serious, unconfirmed, phase announced."""

    turn: int
    zone: Zone | None
    serious: bool
    unconfirmed: bool
    phase: int
    second: int

    @property
    def level(self) -> int:
        """Threat level: 1 for a normal threat, 2 for a serious one."""
        return 2 if self.serious else 1


@dataclass(frozen=True, slots=True)
class Schedule:
    """A mission's soundtrack reduced to what the rules need."""

    id: str
    turns: int
    slots: tuple[Slot, ...]
    incoming_data: tuple[int, ...]
    data_transfers: tuple[int, ...]
    comms_down: tuple[int, ...]

    @property
    def phases(self) -> int:
        """Number of planning phases (3, or 2 for a test run)."""
        return 3 if self.turns == 12 else 2

    def for_crew(self, size: int) -> tuple[Slot, ...]:
        """The threats that are real for a crew of `size`: unconfirmed ones only for five."""
        return tuple(s for s in self.slots if size == 5 or not s.unconfirmed)


def _zone(where: str) -> Zone | None:
    return None if where == "internal" else Zone[where.upper()]


@cache
def official_missions() -> dict[str, Schedule]:
    """The 16 soundtrack schedules: test runs, simulations, advanced simulations, missions 1-8."""
    text = resources.files("games.space_alert").joinpath("data/missions.json").read_text("utf-8")
    found = {}
    for m in json.loads(text)["missions"]:
        found[m["id"]] = Schedule(
            id=m["id"],
            turns=m["turns"],
            slots=tuple(
                Slot(
                    t["turn"],
                    _zone(t["where"]),
                    t["serious"],
                    t.get("unconfirmed", False),
                    t["phase"],
                    t["second"],
                )
                for t in m["threats"]
            ),
            incoming_data=tuple(m["incoming_data"]),
            data_transfers=tuple(m["data_transfers"]),
            comms_down=tuple(m["comms_down"]),
        )
    return found


def official_mission(name: str) -> Schedule:
    """An official schedule by id ('mission_3', 'simulation_1' ...)."""
    found = official_missions().get(name.strip().lower().replace(" ", "_").replace("-", "_"))
    if found is None:
        known = ", ".join(official_missions())
        raise InvalidActionError(
            "Unknown mission {name!r}. Known: {known}.", "unknown_mission", name=name, known=known
        )
    return found


# ------------------------------------------------------------------ random missions
LEVEL = 8
"""Threat level of a full mission, one level of it an unconfirmed report."""
WINDOWS = {
    (False, False): (1, 8),  # normal external
    (True, False): (2, 7),  # serious external
    (False, True): (2, 7),  # normal internal
    (True, True): (3, 6),  # serious internal
}
INCOMING_DATA = ((1, 3), (0, 2), (0, 0))
DATA_TRANSFERS = ((0, 1), (1, 2), (1, 1))
COMBINED_MAX = (3, 3, 1)
_ATTEMPTS = 2000


def _between(rng: RandomSource, low: int, high: int) -> int:
    return low + rng.randrange(high - low + 1)


def _composition(rng: RandomSource) -> list[tuple[bool, bool]]:
    """(serious, internal) for each threat: level 8, internal 1-3 levels in at most 2 cards."""
    internal_level = _between(rng, 1, 3)
    internal = {1: [[False]], 2: [[True], [False, False]], 3: [[True, False]]}[internal_level]
    cards = [(s, True) for s in internal[rng.randrange(len(internal))]]
    external = LEVEL - internal_level
    serious = _between(rng, 0, min(external // 2, (LEVEL - 1) // 2 - sum(s for s, _ in cards)))
    cards += [(True, False)] * serious + [(False, False)] * (external - 2 * serious)
    return cards


def _valid(slots: list[tuple[int, bool, bool]]) -> bool:
    slots = sorted(slots)
    inside = [t for t, _, internal in slots if internal]
    for a, b in itertools.pairwise(inside):
        if not any(not i and a < t < b for t, _, i in slots):
            return False
    serious_inside = [t for t, s, i in slots if i and s]
    if any(b - a == 2 for a, b in itertools.pairwise(serious_inside)):
        return False
    first = [s for s in slots if s[0] <= 4]
    second = [s for s in slots if s[0] > 4]
    levels = [sum(2 if s else 1 for _, s, _ in half) for half in (first, second)]
    return abs(len(first) - len(second)) <= 1 and abs(levels[0] - levels[1]) <= 2


def _zones(rng: RandomSource, count: int) -> list[Zone] | None:
    zones: list[Zone] = []
    for _ in range(count):
        options = [z for z in Zone if zones.count(z) < 3 and (not zones or zones[-1] is not z)]
        if not options:
            return None
        zones.append(options[rng.randrange(len(options))])
    return zones


def _events(rng: RandomSource) -> tuple[tuple[int, ...], tuple[int, ...]]:
    while True:
        incoming = [_between(rng, *INCOMING_DATA[p]) for p in range(3)]
        transfers = [_between(rng, *DATA_TRANSFERS[p]) for p in range(3)]
        combined_ok = all(incoming[p] + transfers[p] <= COMBINED_MAX[p] for p in range(3))
        if combined_ok and sum(transfers) >= 3 and sum(incoming) >= 2:
            return tuple(incoming), tuple(transfers)


def _blackouts(rng: RandomSource) -> tuple[int, ...]:
    """45-60 s of lost communications in 1-5 chunks of 9-20 s, spread over the phases."""
    while True:
        chunks = [_between(rng, 9, 20) for _ in range(_between(rng, 1, 5))]
        if 45 <= sum(chunks) <= 60:
            break
    per_phase = [0, 0, 0]
    for chunk in chunks:
        per_phase[rng.randrange(3)] += chunk
    return tuple(per_phase)


def random_mission(rng: RandomSource) -> Schedule:
    """A seeded random mission following the generator rules recorded in docs/rulings.md."""
    for _ in range(_ATTEMPTS):
        cards = _composition(rng)
        normal = sum(1 for serious, _ in cards if not serious)
        if len(cards) > 8 or normal > LEVEL - 1:
            continue
        turns = list(range(1, 9))
        rng.shuffle(turns)
        placed = []
        for (serious, internal), turn in zip(cards, turns, strict=False):
            low, high = WINDOWS[(serious, internal)]
            if not low <= turn <= high:
                break
            placed.append((turn, serious, internal))
        if len(placed) != len(cards) or not _valid(placed):
            continue
        external = sorted(p for p in placed if not p[2])
        zones = _zones(rng, len(external))
        if zones is None:
            continue
        zone_of = {turn: zone for (turn, _, _), zone in zip(external, zones, strict=True)}
        normals = [t for t, s, _ in placed if not s]
        unconfirmed = normals[rng.randrange(len(normals))] if normals else 0
        slots = tuple(
            Slot(
                turn,
                zone_of.get(turn),
                serious,
                turn == unconfirmed,
                1 if turn <= 4 else 2,
                0,
            )
            for turn, serious, _ in sorted(placed)
        )
        incoming, transfers = _events(rng)
        return Schedule("random", 12, slots, incoming, transfers, _blackouts(rng))
    raise RuntimeError("random mission generation did not converge")
