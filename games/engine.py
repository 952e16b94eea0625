"""Playing and replaying games: the action log is the truth, chance outcomes are logged.

Randomness is drawn only at CHANCE steps, from `Random(f"{seed}:{seq}")`, and the drawn
*result* goes into the log. Replay applies logged results and never draws again, so a log stays
valid across Python versions and a leaked state cannot predict the next draw.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from games.base import (
    CHANCE,
    GameConfig,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    Rules,
    Seat,
)

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")

MAX_CHANCE_STEPS = 10_000
"""A guard against a game whose chance steps never end (a bug, not a rule)."""


@dataclass(frozen=True, slots=True)
class Event(Generic[ActionT]):
    """One entry of the action log: `seat` (CHANCE for a random result) did `action` at `seq`."""

    seq: int
    seat: Seat
    action: ActionT


def chance_rng(seed: str, seq: int) -> random.Random:
    """The random source for the chance step logged at `seq`."""
    return random.Random(f"{seed}:{seq}")


def resolve_chance(
    rules: Rules[StateT, ActionT, Any], state: StateT, seed: str, next_seq: int
) -> tuple[StateT, list[Event[ActionT]]]:
    """Run chance steps until a player (or nobody) is to act; return the state and their events."""
    events: list[Event[ActionT]] = []
    seq = next_seq
    while rules.to_act(state) == frozenset({CHANCE}):
        if len(events) >= MAX_CHANCE_STEPS:
            raise RuntimeError("chance steps did not terminate")
        result = rules.sample_chance(state, chance_rng(seed, seq))
        state = rules.apply(state, CHANCE, result)
        events.append(Event(seq, CHANCE, result))
        seq += 1
    return state, events


def start(
    rules: Rules[StateT, ActionT, Any], config: GameConfig, seats: int, seed: str
) -> tuple[StateT, list[Event[ActionT]]]:
    """Set up a new game and run its opening chance steps (shuffles, first draws)."""
    state = rules.setup(config, seats, seed)
    return resolve_chance(rules, state, seed, 0)


def play(
    rules: Rules[StateT, ActionT, Any],
    state: StateT,
    seed: str,
    next_seq: int,
    seat: Seat,
    action: ActionT,
) -> tuple[StateT, list[Event[ActionT]]]:
    """Apply a player's action, then any chance steps it triggers; return the new events."""
    to_act = rules.to_act(state)
    if not to_act:
        raise GameOverError("The game is over.")
    if seat == CHANCE:
        raise IllegalActionError("Chance results come from the engine, not from players.")
    if seat not in to_act:
        raise NotYourTurnError("It is not your turn.")
    state = rules.apply(state, seat, action)
    state, chance_events = resolve_chance(rules, state, seed, next_seq + 1)
    return state, [Event(next_seq, seat, action), *chance_events]


def replay(
    rules: Rules[StateT, ActionT, Any],
    config: GameConfig,
    seats: int,
    seed: str,
    events: Iterable[Event[ActionT]],
) -> StateT:
    """Rebuild a state from its log, applying logged chance results without drawing."""
    state = rules.setup(config, seats, seed)
    return apply_events(rules, state, events, first_seq=0)


def apply_events(
    rules: Rules[StateT, ActionT, Any],
    state: StateT,
    events: Iterable[Event[ActionT]],
    first_seq: int,
) -> StateT:
    """Apply logged events in order to a state (from setup or a snapshot) and return it."""
    expected = first_seq
    for event in events:
        if event.seq != expected:
            raise ValueError(f"log gap: expected event {expected}, found {event.seq}")
        if event.seat not in rules.to_act(state):
            raise ValueError(f"log event {event.seq}: seat {event.seat} was not to act")
        state = rules.apply(state, event.seat, event.action)
        expected += 1
    return state
