"""Draw the README's pictures from a real game: two normal-level bots play a seeded duel.

Run from the repository root: `.venv/bin/python tools/readme_images.py`. Writes
docs/images/board.png (the fullest board of the game) and docs/images/battle.gif (the replay of
the battle that destroyed the most tiles).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from games import engine
from games.neuroshima import ai, rules
from rendering.neuroshima import battle_animation, board_png

SEED = "readme-1"
OUT = Path("docs/images")


def _played_states() -> list[Any]:
    """Every state of a seeded game between two normal bots, in order."""
    state, log = engine.start(rules, {"armies": ["moloch", "borgo"]}, 2, SEED)
    states = [state]
    while rules.to_act(state):
        seat = min(rules.to_act(state))
        view = rules.player_view(state, seat)
        legal = rules.legal_actions(state, seat)
        rng = random.Random(f"{SEED}:ai:{len(log)}")
        action = ai.choose(view, legal, rng, "normal")
        state, events = engine.play(rules, state, SEED, len(log), seat, action)
        log.extend(events)
        states.append(state)
    return states


def main() -> None:
    """Play the game and write the two pictures."""
    states = _played_states()
    fullest = max(states, key=lambda s: len(s.position.tiles))
    battles = [s for s in states if s.last_battle is not None]
    biggest = max(battles, key=lambda s: (len(s.last_battle.destroyed), len(s.last_battle.phases)))
    OUT.mkdir(parents=True, exist_ok=True)
    names = ("alice", "bob")
    (OUT / "board.png").write_bytes(board_png(rules.player_view(fullest, None), names))
    (OUT / "battle.gif").write_bytes(battle_animation(rules.player_view(biggest, None), names))
    print(f"wrote {OUT}/board.png and {OUT}/battle.gif")


if __name__ == "__main__":
    main()
