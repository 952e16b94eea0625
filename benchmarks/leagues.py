"""League pairing speed: Swiss duels and 4-player tables for 200 players (target <= 1 s).

Run: .venv/bin/python benchmarks/leagues.py [--players 200] [--rounds 7]
Plays a simulated Swiss event (random results, seeded) and prints the slowest and median
pairing per round in CPU seconds (other load on the machine does not count), plus rematches
and second byes (both should be 0).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service.leagues.fixed import circle
from bot.service.leagues.swiss import Player, duels, tables


def simulate(players: int, rounds: int, size: int, seed: str) -> tuple[list[float], int, int]:
    """Seconds per round's pairing, repeat meetings and second byes over a random event."""
    rng = random.Random(seed)
    score = dict.fromkeys(range(1, players + 1), 0.0)
    byes = dict.fromkeys(score, 0)
    balance = dict.fromkeys(score, 0)
    last: dict[int, bool | None] = dict.fromkeys(score)
    firsts = dict.fromkeys(score, 0)
    met: dict[frozenset[int], int] = {}
    times = []
    for number in range(1, rounds + 1):
        order = sorted(score, key=lambda i: (-score[i], i))
        field = [Player(i, score[i], byes[i], balance[i], last[i], firsts[i]) for i in order]
        start = time.process_time()
        if size == 2:
            pairing = duels(field, met, seed, number)
        else:
            pairing = tables(field, met, seed, number, size)
        times.append(time.process_time() - start)
        for table in pairing.tables:
            for a in table:
                for b in table:
                    if a < b:
                        met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
            points = list(range(len(table) - 1, -1, -1))
            rng.shuffle(points)
            for who, got in zip(table, points, strict=True):
                score[who] += got
            firsts[table[0]] += 1
            if size == 2:
                balance[table[0]] += 1
                balance[table[1]] -= 1
                last[table[0]], last[table[1]] = True, False
        for b in pairing.byes:
            byes[b] += 1
            score[b] += size - 1
    repeats = sum(n - 1 for n in met.values() if n > 1)
    return times, repeats, sum(max(0, n - 1) for n in byes.values())


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    print(f"{'field':<32} {'worst cpu s':>11} {'median cpu s':>12} {'repeats':>8} {'2nd byes':>9}")
    for players in (args.players, args.players + 1):
        for size in (2, 4):
            times, repeats, again = simulate(players, args.rounds, size, "bench")
            label = f"swiss {players} players, {'duels' if size == 2 else 'tables of 4'}"
            print(
                f"{label:<32} {max(times):11.3f} {statistics.median(times):12.3f}"
                f" {repeats:8d} {again:9d}"
            )
    start = time.process_time()
    circle(list(range(1, args.players + 1)))
    print(f"{'round-robin schedule':<32} {time.process_time() - start:11.3f}")


if __name__ == "__main__":
    main()
