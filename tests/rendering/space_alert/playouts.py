"""Real Space Alert games for rendering tests: seeded playouts of the rules core."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from games import engine
from games.registry import find_game
from games.space_alert.actions import LockIn, PlaceCard
from games.space_alert.mission_format import parse_mission
from games.space_alert.resolution import FlightPlan, FlightResult, resolve
from games.space_alert.state import Stage, State

RULES: Any = find_game("space_alert").rules
MISSIONS = Path(__file__).parents[2] / "games" / "space_alert" / "missions"


@dataclass(frozen=True)
class Flight:
    """Every state a seeded game passed through, in order."""

    states: tuple[State, ...]

    @property
    def final(self) -> State:
        """The resolved game."""
        return self.states[-1]

    def planning(self, phase: int, locked: int = 0) -> State:
        """The first planning state of `phase` with at least `locked` seats locked in."""
        for state in self.states:
            planning = state.stage is Stage.PLANNING and state.phase == phase
            if planning and len(state.locked) >= locked:
                return state
        raise LookupError(f"no planning state for phase {phase} with {locked} locked")


def _choose(chooser: random.Random, state: State, seat: int, actions: list[Any]) -> Any:
    # Fill empty slots before locking in (and sometimes stop early, as players do), so the
    # programs are nearly full and the replay has a story.
    own = next((i for i, b in enumerate(state.boards) if b.seat == seat), 0)
    places = [
        a
        for a in actions
        if isinstance(a, PlaceCard)
        and state.boards[own if a.board is None else a.board].slots[a.slot - 1] is None
    ]
    if places and chooser.random() > 0.04:
        return chooser.choice(places)
    return next(a for a in actions if isinstance(a, LockIn))


@cache
def flight(seed: str, seats: int = 4, **config: Any) -> Flight:
    """A game whose players fill their slots with random legal cards; the seed fixes all."""
    state, events = engine.start(RULES, dict(config), seats, seed)
    seq = len(events)
    chooser = random.Random(seed)
    states = [state]
    while RULES.to_act(state):
        seat = min(RULES.to_act(state))
        action = _choose(chooser, state, seat, list(RULES.legal_actions(state, seat)))
        state, events = engine.play(RULES, state, seed, seq, seat, action)
        seq += len(events)
        states.append(state)
    return Flight(tuple(states))


@cache
def mission(name: str) -> tuple[FlightPlan, FlightResult]:
    """A shipped test mission's flight plan and its resolution."""
    data = json.loads((MISSIONS / f"{name}.mission.json").read_text())
    plan = parse_mission(data)
    return plan, resolve(plan)
