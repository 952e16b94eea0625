"""Warzone rules timing: one activation with shooting (target <= 50 ms) and a scripted game."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import play
from games.warzone import actions as a
from games.warzone import rules
from tests.games.warzone.playout import play_game


def main() -> None:
    """Print the time of a shooting activation and of a whole seeded game."""
    state, events = play_game("bench", {"rounds": 1}, limit=8)
    seat = min(rules.to_act(state))
    squad = rules.activatable(state, seat)[-1]
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        s, ev = play(rules, state, "bench", len(events), seat, a.Activate(squad))
        for choice in rules.legal_actions(s, seat):
            if isinstance(choice, a.Shoot | a.Walk):
                s, more = play(rules, s, "bench", len(events) + len(ev), seat, choice)
                ev += more
                break
        best = min(best, time.perf_counter() - start)
    print(f"activation with a move or shot: {best * 1000:.1f} ms (target <= 50 ms)")
    start = time.perf_counter()
    final, log = play_game("bench-full", {"rounds": 5})
    took = time.perf_counter() - start
    print(f"scripted 5-round game: {took:.2f} s, {len(log)} events, VP {final.vp}")
    worst, count = 0.0, 0
    state = rules.setup({"rounds": 5}, 2, "bench-full")
    for event in log:
        seats = rules.to_act(state)
        if seats and min(seats) >= 0:
            start = time.perf_counter()
            rules.legal_actions(state, min(seats))
            worst = max(worst, time.perf_counter() - start)
            count += 1
        state = rules.apply(state, event.seat, event.action)
    print(f"legal_actions (full menu): worst {worst * 1000:.1f} ms over {count} calls (<= 50 ms)")


if __name__ == "__main__":
    main()
