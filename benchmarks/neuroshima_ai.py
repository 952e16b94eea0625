"""Neuroshima Hex AI tournament: strength and think time of every level, as a table.

Usage: python benchmarks/neuroshima_ai.py [--games N] [--seed S] [--jobs J] [--match A:B ...]
       [--every N]

Each match is `muster neuroshima selfplay` (bot.selfplay): mirrored seats, every army pairing in
turn, win rates with 95% Wilson intervals (draws count half) and think time per decision. The
issue's targets: normal beats random >= 95%, hard beats normal >= 70%, easy loses to normal most
of the time; p95 think time easy <= 0.1 s, normal <= 0.5 s, hard <= 2 s on one core.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.selfplay import GameResult, play_game, schedule, table

MATCHES = ("normal:random", "easy:random", "normal:easy", "hard:normal")


def _play(job: tuple[str, str, tuple[str, str], int, str]) -> GameResult:
    return play_game(*job)


def main() -> int:
    """Play every match and print one table per match."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per match (mirrored pairs)")
    parser.add_argument("--seed", default="bench", help="seed prefix of the deals")
    parser.add_argument("--jobs", type=int, default=1, help="games in parallel (one core each)")
    parser.add_argument("--match", action="append", help="A:B levels (default: all four)")
    parser.add_argument(
        "--every", type=int, default=0, help="also print the table so far every N games"
    )
    args = parser.parse_args()
    for match in args.match or MATCHES:
        a, b = match.split(":")
        jobs = [
            (a, b, pair, seat, seed) for pair, seat, seed in schedule(args.games, args.seed, None)
        ]
        started = time.perf_counter()
        results: list[GameResult] = []
        with ProcessPoolExecutor(max(1, args.jobs)) as pool:
            for result in pool.map(_play, jobs):
                results.append(result)
                # A long match that is cut short still leaves the numbers of the games it played.
                if args.every and len(results) % args.every == 0 and len(results) < len(jobs):
                    print(table(a, b, results), flush=True)
        print(table(a, b, results))
        print(f"  ({time.perf_counter() - started:.0f} s wall)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
