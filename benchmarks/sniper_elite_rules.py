"""Time the defenders' turn (roll, card, refill, return) over scripted games on both boards."""

from __future__ import annotations

import time

from games.base import CHANCE
from games.engine import chance_rng, start
from games.sniper_elite import rules
from games.sniper_elite.actions import EndTurn
from games.sniper_elite.model import Phase


def main() -> None:
    """Print the mean and worst defenders' turn in milliseconds."""
    samples: list[float] = []
    for board in ("tidewater", "pinecrest"):
        for seed in range(20):
            state, log = start(rules, {"map": board}, 1, f"b{seed}")
            seq = len(log)
            while rules.to_act(state) and state.round < 12:
                if rules.to_act(state) == {CHANCE}:
                    state = rules.apply(
                        state, CHANCE, rules.sample_chance(state, chance_rng("b", seq))
                    )
                    seq += 1
                    continue
                legal = rules.legal_actions(state, 0)
                if state.phase is not Phase.SNIPER or not any(
                    isinstance(a, EndTurn) for a in legal
                ):
                    state = rules.apply(state, 0, legal[0])
                    continue
                began = time.perf_counter()
                state = rules.apply(state, 0, EndTurn())
                while rules.to_act(state) == {CHANCE}:
                    state = rules.apply(
                        state, CHANCE, rules.sample_chance(state, chance_rng("b", seq))
                    )
                    seq += 1
                samples.append((time.perf_counter() - began) * 1000)
    print(
        f"defenders' turn: {len(samples)} turns, mean {sum(samples) / len(samples):.2f} ms, "
        f"worst {max(samples):.2f} ms"
    )


if __name__ == "__main__":
    main()
