"""Space Alert rules benchmarks: prints median and spread for each measured operation.

Run from the repository root: `.venv/bin/python benchmarks/space_alert_rules.py`. Each `bench_*`
function measures one thing and returns its median in milliseconds; `main()` calls them all.
Target from issue 9: resolving a full mission <= 5 ms.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.space_alert.mission_format import parse_mission, run
from games.space_alert.resolution import resolve

MISSIONS = Path(__file__).resolve().parent.parent / "tests/games/space_alert/missions"

FULL_MISSION = {
    # Four crew with full programs against seven threats (serious and normal, external and
    # internal: tanker, swarm, slime, grappler, virus, pulse ball, amoeba); the ship survives to
    # the jump with score 6, so every step of all 13 turns runs.
    "format": "muster.space_alert.mission/1",
    "crew": [
        {"name": "P1", "program": ["C", "A", "HA", "A", "-", "A", "-", "C", "A", "A", "C", "A"]},
        {"name": "P2", "program": ["lift", "-", "A", "A", "-", "A", "A", "A", "C", "bots", "A",
                                   "B"]},
        {"name": "P3", "program": ["lift", "-", "B", "-", "-", "B", "C", "B", "A", "C", "bots",
                                   "-"]},
        {"name": "P4", "program": ["blue", "-", "-", "A", "A", "-", "C", "B", "A", "A", "B", "-"]},
    ],
    "tracks": {"red": "T7", "white": "T1", "blue": "T6", "internal": "T5"},
    "threats": [
        {"id": "SE1-03", "turn": 1, "zone": "white"},
        {"id": "E2-04", "turn": 2, "zone": "blue"},
        {"id": "I2-01", "turn": 3, "zone": "internal"},
        {"id": "E1-08", "turn": 5, "zone": "red"},
        {"id": "I2-05", "turn": 6, "zone": "internal"},
        {"id": "E1-01", "turn": 7, "zone": "white"},
        {"id": "E1-09", "turn": 8, "zone": "blue"},
    ],
}  # fmt: skip


def measure(name: str, work: Callable[[], object], target_ms: float, rounds: int = 2000) -> float:
    """Run `work` `rounds` times (after a warm-up) and print median, p90 and the target."""
    for _ in range(min(rounds // 10, 100)):
        work()
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    median = statistics.median(samples)
    p90 = samples[int(len(samples) * 0.9)]
    verdict = "ok" if median <= target_ms else "SLOW"
    print(
        f"{name:<44} median {median:8.4f} ms  p90 {p90:8.4f} ms  target {target_ms} ms  {verdict}"
    )
    return median


def bench_full_mission() -> float:
    """Resolving the full benchmark mission with its trace (target: median <= 5 ms)."""
    plan = parse_mission(FULL_MISSION)
    result = resolve(plan)
    assert not result.lost and len(result.frames) == 14, "the mission must run all 13 turns"
    return measure("resolve: full 12-turn mission + trace", lambda: resolve(plan), 5.0)


def bench_mission_format() -> float:
    """The CLI path: parse, resolve, build the result document (target <= 5 ms)."""
    return measure("mission format run(): parse+resolve+report", lambda: run(FULL_MISSION), 5.0)


def bench_traced_missions() -> float:
    """Every hand-traced test mission, one after another (per mission, target <= 5 ms)."""
    plans = [
        parse_mission(json.loads(p.read_text("utf-8")))
        for p in sorted(MISSIONS.glob("*.mission.json"))
    ]

    def work() -> None:
        for plan in plans:
            resolve(plan)

    total = measure(f"resolve: all {len(plans)} traced missions", work, 5.0 * len(plans), 200)
    print(f"{'':<44} per mission {total / len(plans):8.4f} ms")
    return total


def main() -> None:
    """Run every benchmark section."""
    bench_full_mission()
    bench_mission_format()
    bench_traced_missions()


if __name__ == "__main__":
    main()
