"""A scripted policy that plays whole games through the engine (tests and the benchmark)."""

from __future__ import annotations

from typing import Any

from games.base import GameError
from games.engine import Event, play, start
from games.warzone import rules
from games.warzone.state import State


def play_game(
    seed: str, config: dict[str, Any] | None = None, limit: int = 3000
) -> tuple[State, list[Event[Any]]]:
    """Play a seeded game: the first legal suggestion that the rules accept, every time."""
    config = config or {}
    state, events = start(rules, config, 2, seed)
    for _ in range(limit):
        seats = rules.to_act(state)
        if not seats:
            break
        seat = min(seats)
        for choice in rules.legal_actions(state, seat):
            try:
                state, new = play(rules, state, seed, len(events), seat, choice)
            except GameError:
                continue
            events.extend(new)
            break
        else:
            raise AssertionError(f"no legal action for seat {seat} in {state.phase}")
    return state, events
