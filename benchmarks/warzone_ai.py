"""Warzone AI against the random player: wins, draws and think time per activation.

Usage: python benchmarks/warzone_ai.py [--games N] [--seed S] [--jobs J]

Each seed is played twice with the sides mirrored (the AI as seat 0 with Capitol, then as seat 1
with Dark Legion, and the armies swapped on the next seed), through the engine with the rules'
dice. The random player is the host's fallback: a uniform pick among the legal actions. Printed:
AI wins/draws/losses, the AI's score (draws count half) with a 95% Wilson interval, and the AI's
think time per decision and per squad activation (p50/p95/max), as wall time and as CPU time
(the machine may be shared: the CPU time is what the AI itself spent). Targets (issue #12): a
clear win, p95 per activation <= 0.5 s.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import play, start
from games.warzone import actions as a
from games.warzone import ai, rules

LIMIT = 20_000


@dataclass(frozen=True, slots=True)
class Result:
    """One game: the AI's seat, the winners, the score and the AI's think times."""

    seed: str
    ai_seat: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    decisions: tuple[float, ...]
    activations: tuple[float, ...]
    cpu_decisions: tuple[float, ...]
    cpu_activations: tuple[float, ...]


def play_one(job: tuple[str, int, tuple[str, str]]) -> Result:
    """Play one seeded game of the AI (seat `ai_seat`) against uniform random play."""
    seed, ai_seat, armies = job
    state, events = start(rules, {"lists": list(armies)}, 2, seed)
    rng = random.Random(f"{seed}:random")
    decisions: list[float] = []
    activations: list[float] = []
    cpu_decisions: list[float] = []
    cpu_activations: list[float] = []
    current = cpu_current = 0.0
    for _ in range(LIMIT):
        seats = rules.to_act(state)
        if not seats:
            break
        seat = min(seats)
        legal = list(rules.legal_actions(state, seat))
        if seat == ai_seat:
            began, cpu_began = time.perf_counter(), time.process_time()
            action = ai.choose(rules.player_view(state, seat), legal)
            spent, cpu = time.perf_counter() - began, time.process_time() - cpu_began
            decisions.append(spent)
            cpu_decisions.append(cpu)
            current += spent
            cpu_current += cpu
        else:
            action = legal[rng.randrange(len(legal))]
        state, new = play(rules, state, seed, len(events), seat, action)
        events.extend(new)
        # an activation's decisions run from choosing the squad to the squad's last command
        if seat == ai_seat and state.active_squad is None and not isinstance(action, a.Deploy):
            activations.append(current)
            cpu_activations.append(cpu_current)
        if seat == ai_seat and state.active_squad is None:
            current = cpu_current = 0.0
    result = rules.outcome(state)
    if result is None:
        raise RuntimeError(f"{seed}: the game did not end in {LIMIT} actions")
    return Result(
        seed, ai_seat, tuple(sorted(result.winners)), tuple(result.scores), tuple(decisions),
        tuple(activations), tuple(cpu_decisions), tuple(cpu_activations),
    )  # fmt: skip


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a rate."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def quantile(values: list[float], q: float) -> float:
    """The q-quantile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def main() -> int:
    """Play the mirrored games and print the table."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games (an even number: pairs)")
    parser.add_argument("--seed", default="wz-ai", help="seed prefix")
    parser.add_argument("--jobs", type=int, default=1, help="games in parallel")
    args = parser.parse_args()
    jobs = []
    for i in range(args.games):
        pair = i // 2
        armies = ("capitol", "dark_legion") if pair % 2 == 0 else ("dark_legion", "capitol")
        jobs.append((f"{args.seed}-{pair}", i % 2, armies))
    began = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play_one, jobs))
    else:
        results = [play_one(job) for job in jobs]
    wins = sum(1 for r in results if r.winners == (r.ai_seat,))
    draws = sum(1 for r in results if not r.winners)
    losses = len(results) - wins - draws
    score = wins + draws / 2
    low, high = wilson(score, len(results))
    print(f"AI vs random, {len(results)} games (mirrored seats and armies)")
    print(f"  AI wins {wins}, draws {draws}, losses {losses}; score {score / len(results):.1%} "
          f"(95% Wilson {low:.1%}-{high:.1%})")  # fmt: skip
    vp_ai = sum(r.scores[r.ai_seat] for r in results) / len(results)
    vp_rnd = sum(r.scores[1 - r.ai_seat] for r in results) / len(results)
    print(f"  mean VP: AI {vp_ai:.2f}, random {vp_rnd:.2f}")
    for clock in ("wall", "cpu"):
        for name in ("decision", "activation"):
            field = f"{'cpu_' if clock == 'cpu' else ''}{name}s"
            values = [t for r in results for t in getattr(r, field)]
            print(f"  think time per {name} ({clock}): p50 {quantile(values, 0.5) * 1000:.0f} ms, "
                  f"p95 {quantile(values, 0.95) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms "
                  f"({len(values)} {name}s)")  # fmt: skip
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"  ({time.perf_counter() - began:.0f} s wall; load average {load:.1f}: wall times "
          "include waiting for a core, CPU times do not)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
