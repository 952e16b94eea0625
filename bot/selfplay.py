"""`muster neuroshima selfplay`: bot against bot, seats alternated, and a table of the results.

Each pairing of armies is played twice with the same seed, once with bot A in seat 0 and once
in seat 1, so neither the deal nor the first move favours a side. Think time is measured here
(the AI itself has no clock) as the CPU time of this process around each decision
(time.process_time): that is think time on one core, and stays honest on a loaded machine,
where wall time would also count other programs.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bot.cli import OneLineParser

LEVELS = ("random", "easy", "normal", "hard")


@dataclass(slots=True)
class GameResult:
    """One finished game seen from bot A: 1 win, 0.5 draw, 0 loss; HQ difference A - B."""

    score: float
    hq_diff: int
    think: dict[str, list[float]] = field(default_factory=dict)
    """CPU seconds of each decision, by level."""
    turns: dict[str, list[float]] = field(default_factory=dict)
    """CPU seconds of each whole turn (every decision of one seat in one turn), by level."""
    a_seat: int = 0
    armies: tuple[str, str] = ("", "")


def play_game(a: str, b: str, armies: tuple[str, str], a_seat: int, seed: str) -> GameResult:
    """Play one duel: bot A (level `a`) in `a_seat` with armies[0], bot B with armies[1]."""
    from games import engine
    from games.neuroshima import ai
    from games.registry import find_game

    rules = find_game("neuroshima").rules
    levels = {a_seat: a, 1 - a_seat: b}
    # One memo per seat, as a host keeps one per AI: the later decisions of a turn follow the
    # plan made at its first (games/neuroshima/ai_plan.py).
    budgets = {seat: ai.Budget(ai.Level(level), memo={}) for seat, level in levels.items()}
    seat_armies = [armies[0], armies[1]] if a_seat == 0 else [armies[1], armies[0]]
    state, events = engine.start(rules, {"armies": seat_armies}, 2, seed)
    seq = len(events)
    think: dict[str, list[float]] = {a: [], b: []}
    per_turn: dict[tuple[int, int], float] = {}
    while rules.outcome(state) is None:
        (seat,) = tuple(rules.to_act(state))
        view = rules.player_view(state, seat)
        legal = rules.legal_actions(state, seat)
        started = time.process_time()
        action = ai.choose(view, legal, random.Random(f"{seed}:ai:{seq}"), budgets[seat])
        spent = time.process_time() - started
        think[levels[seat]].append(spent)
        per_turn[seat, state.turn] = per_turn.get((seat, state.turn), 0.0) + spent
        state, new = engine.play(rules, state, seed, seq, seat, action)
        seq += len(new)
    outcome = rules.outcome(state)
    assert outcome is not None
    hp = state.position.hq_hp
    score = 0.5 if outcome.is_draw else (1.0 if a_seat in outcome.winners else 0.0)
    turns: dict[str, list[float]] = {a: [], b: []}
    for (seat, _), spent in per_turn.items():
        turns[levels[seat]].append(spent)
    return GameResult(score, hp[a_seat] - hp[1 - a_seat], think, turns, a_seat, armies)


def _play(job: tuple[str, str, tuple[str, str], int, str]) -> GameResult:
    return play_game(*job)


def schedule(
    games: int, seed: str, armies: Sequence[str] | None
) -> list[tuple[tuple[str, str], int, str]]:
    """The games to play: (armies of A and B, A's seat, seed), mirrored in pairs."""
    from games.neuroshima.setup import DEFAULT_ARMIES

    pairs: list[tuple[str, str]] = [(armies[0], armies[1])] if armies else []
    pairs = pairs or [(x, y) for x, y in itertools.product(DEFAULT_ARMIES, repeat=2)]
    jobs = []
    for i in range(games):
        pair = pairs[(i // 2) % len(pairs)]
        jobs.append((pair, i % 2, f"{seed}-{i // 2}"))
    return jobs


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate (draws count half)."""
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th quantile (0..1) of `values` (nearest rank)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)]


def table(a: str, b: str, results: Sequence[GameResult]) -> str:
    """The result table: wins, draws, win rate with its interval, HQ difference, think times."""
    n = len(results)
    wins = sum(1 for r in results if r.score == 1.0)
    draws = sum(1 for r in results if r.score == 0.5)
    score = sum(r.score for r in results)
    low, high = wilson(score, n)
    diff = sum(r.hq_diff for r in results) / max(1, n)
    lines = [
        f"{a} (A) vs {b} (B): {n} games",
        f"  A wins {wins}, B wins {n - wins - draws}, draws {draws}",
        f"  A score {score / max(1, n):.1%} (95% CI {low:.1%}..{high:.1%}), "
        f"average HQ difference A-B {diff:+.2f}",
    ]
    for level in dict.fromkeys((a, b)):
        times = [t for r in results for t in r.think.get(level, [])]
        whole = [t for r in results for t in r.turns.get(level, [])]
        if times:
            lines.append(
                f"  think {level}: per decision mean {sum(times) / len(times):.3f} s,"
                f" p95 {percentile(times, 0.95):.3f} s, max {max(times):.3f} s;"
                f" per turn p95 {percentile(whole, 0.95):.3f} s, max {max(whole):.3f} s"
            )
    return "\n".join(lines)


def selfplay_main(argv: Sequence[str]) -> int:
    """Run `muster neuroshima selfplay` with its arguments; print the table; 0 on success."""
    parser = OneLineParser(prog="muster neuroshima selfplay")
    parser.add_argument("--a", choices=LEVELS, required=True, help="level of bot A")
    parser.add_argument("--b", choices=LEVELS, required=True, help="level of bot B")
    parser.add_argument("--games", type=int, default=20, help="games (pairs of mirrored seats)")
    parser.add_argument("--seed", default="selfplay", help="seed of the first deal")
    parser.add_argument("--armies", help="X,Y: A plays X, B plays Y (default: every pairing)")
    parser.add_argument("--jobs", type=int, default=1, help="games played in parallel")
    args = parser.parse_args(list(argv))
    armies = args.armies.split(",") if args.armies else None
    if armies is not None and len(armies) != 2:
        parser.error("--armies takes two army keys: X,Y")
    jobs = [(args.a, args.b, pair, seat, seed) for pair, seat, seed in schedule(
        args.games, args.seed, armies)]  # fmt: skip
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(_play, jobs))
    else:
        results = [_play(job) for job in jobs]
    print(table(args.a, args.b, results))
    return 0
