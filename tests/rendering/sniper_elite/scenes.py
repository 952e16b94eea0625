"""Real states for the images: seeded missions played by the scripted sniper of the rules tests."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from games.engine import play, start
from games.sniper_elite import rules
from games.sniper_elite.model import Phase, State
from tests.games.sniper_elite.policy import choose


@cache
def mission(board: str, seed: str) -> tuple[State, ...]:
    """Every state at the start of a sniper turn, then the final state."""
    state, log = start(rules, {"map": board}, 1, seed)
    turns: list[State] = []
    last_round = 0
    while rules.to_act(state):
        if state.phase is Phase.SNIPER and state.round != last_round:
            turns.append(state)
            last_round = state.round
        state, events = play(rules, state, seed, len(log), 0, choose(state))
        log += events
    return (*turns, state)


def first(board: str, seed: str, wanted: Callable[[State], bool]) -> State:
    """The first turn start of the mission that satisfies `wanted`."""
    return next(s for s in mission(board, seed) if wanted(s))


def walked(state: State) -> bool:
    """The latest defenders' turn moved at least one defender along a path."""
    return any(len(s.path) >= 2 for s in rules.player_view(state, None).steps)


def final(board: str, seed: str) -> State:
    """The mission's last state."""
    return mission(board, seed)[-1]
