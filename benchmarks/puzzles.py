"""Neuroshima puzzles: how fast they are mined, how many positions give one, how fast a check is.

Mines the first `--games` games of a seed's schedule (games/neuroshima/puzzles/generate.py) in
this one process and times it as CPU time (time.process_time, one core, honest on a loaded
machine); then checks every shipped puzzle (`muster neuroshima puzzle check`'s exhaustive
search) and times each.

    .venv/bin/python benchmarks/puzzles.py --games 10 --seed bench

The last line is:
`generation P puzzles/CPU min  unique share S%  check p50 A ms p95 B ms max C ms  shipped N`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.neuroshima.puzzles import check, shipped
from games.neuroshima.puzzles.generate import mine


def _mining(games: int, seed: str) -> tuple[float, float]:
    """Puzzles per CPU minute and the share of searched positions that gave one."""
    started = time.process_time()
    puzzles = positions = too_big = 0
    for index in range(games):
        mining = mine(seed, index)
        puzzles += len(mining.puzzles)
        positions += mining.positions
        too_big += mining.too_big
    spent = time.process_time() - started
    print(
        f"mined {games} games: {positions} positions searched ({too_big} hands too big), "
        f"{puzzles} puzzles in {spent:.1f} s CPU"
    )
    return puzzles / (spent / 60), 100 * puzzles / max(positions, 1)


def _checks() -> list[float]:
    """Seconds of CPU each shipped puzzle's check takes."""
    times = []
    for puzzle in shipped():
        started = time.process_time()
        ok, _ = check(puzzle)
        times.append(time.process_time() - started)
        if not ok:
            print(f"shipped puzzle {puzzle.id} does not check", file=sys.stderr)
    return times


def main() -> None:
    """Run the benchmark and print its numbers."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="games to mine (default 10)")
    parser.add_argument("--seed", default="bench", help="the mining seed (default bench)")
    args = parser.parse_args()
    rate, share = _mining(args.games, args.seed)
    times = sorted(_checks())
    if not times:
        print("no shipped puzzles to check", file=sys.stderr)
        return
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"checked {len(times)} shipped puzzles in {sum(times):.1f} s CPU")
    print(
        f"generation {rate:.1f} puzzles/CPU min  unique share {share:.0f}%  "
        f"check p50 {1000 * statistics.median(times):.0f} ms p95 {1000 * p95:.0f} ms "
        f"max {1000 * times[-1]:.0f} ms  shipped {len(times)}"
    )


if __name__ == "__main__":
    main()
