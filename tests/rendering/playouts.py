"""Real game states for rendering tests: seeded random playouts of the rules core."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from games import engine
from games.neuroshima import rules
from games.neuroshima.state import State

MAX_ACTIONS = 600


@dataclass(frozen=True)
class Playout:
    """Every state a seeded random game passed through, in order."""

    states: tuple[State, ...]

    @property
    def final(self) -> State:
        """The last state (game over unless the action limit stopped it)."""
        return self.states[-1]

    def mid_game(self) -> State:
        """A play step with two or more tiles in hand and a board in progress."""
        for state in self.states:
            view = rules.player_view(state, state.active)
            if (
                state.turn >= 10
                and view.step == "play"
                and len(view.seats[state.active].hand) >= 2
                and len(view.tiles) >= 8
            ):
                return state
        raise LookupError("no mid-game state in this playout")

    def since_last_turn(self) -> tuple[State, int]:
        """A state and a waiting seat that has at least three changes to catch up on."""
        for state in self.states:
            if state.turn < 8:
                continue
            for seat in range(state.seats):
                view = rules.player_view(state, seat)
                if seat != state.active and len(view.since_your_turn) >= 3:
                    return state, seat
        raise LookupError("no catch-up state in this playout")

    def catch_up_on_turn(self) -> State:
        """The seat on turn at the start of its turn, with a battle among its changes since."""
        for state in self.states:
            if state.step.value != "discard" or state.turn < 8:
                continue
            view = rules.player_view(state, state.active)
            since = view.since_turn
            if since is not None and any(h.turn >= since for h in view.highlights):
                return state
        raise LookupError("no turn start after a battle in this playout")

    def after_battle(self) -> State:
        """The first state right after a battle in which tiles were destroyed."""
        for state in self.states:
            battle = state.last_battle
            if battle is not None and battle.destroyed and len(battle.phases) >= 2:
                return state
        raise LookupError("no battle with losses in this playout")


@cache
def playout(seed: str, seats: int = 2, armies: tuple[str, ...] = ("moloch", "outpost")) -> Playout:
    """A game played by uniformly random legal actions; the seed fixes everything."""
    config = {"armies": list(armies)}
    state, events = engine.start(rules, config, seats, seed)
    seq = len(events)
    chooser = random.Random(seed)
    states = [state]
    while rules.to_act(state) and len(states) < MAX_ACTIONS:
        seat = min(rules.to_act(state))
        actions = list(rules.legal_actions(state, seat))
        state, events = engine.play(rules, state, seed, seq, seat, chooser.choice(actions))
        seq += len(events)
        states.append(state)
    return Playout(tuple(states))
