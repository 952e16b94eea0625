"""Playing a puzzle's turn action by action, and judging it after its battle."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import IllegalActionError
from games.neuroshima.actions import NeuroshimaAction
from games.neuroshima.codec import parse
from games.neuroshima.puzzles.model import Puzzle, Verdict
from games.neuroshima.puzzles.solve import reply
from games.neuroshima.puzzles.turn import battle, before_battle, fought, goal_reached, start
from games.neuroshima.rules import apply, player_view
from games.neuroshima.state import State, Step


def play(puzzle: Puzzle, state: State, action: NeuroshimaAction | str) -> State:
    """`state` after the seat to play takes `action` (text in the codec's notation or an
    action); a push or grab the opponent must answer is answered at once (solve.reply)."""
    if fought(state):
        raise IllegalActionError(
            "The battle has been fought; this puzzle's turn is over.", code="puzzle_over"
        )
    if isinstance(action, str):
        action = parse(action, player_view(state, puzzle.seat))
    state = apply(state, puzzle.seat, action)
    pending = state.pending
    if state.step is Step.PENDING and pending is not None and pending.seat != puzzle.seat:
        state = apply(state, pending.seat, reply(puzzle, state))
    return state


def finish(puzzle: Puzzle, state: State) -> Verdict:
    """The verdict on the turn played so far: the battle is fought now unless it already was."""
    if state.step is Step.PENDING:
        raise IllegalActionError(
            "Choose where the moved tile goes before the battle.", code="puzzle_pending"
        )
    after = battle(state)
    solved, reason = goal_reached(puzzle, after)
    return Verdict(solved, before_battle(after), after, reason)


def judge(puzzle: Puzzle, actions: Sequence[NeuroshimaAction | str]) -> Verdict:
    """Play `actions` from the puzzle's start, then the battle: solved or not, and the record."""
    state = start(puzzle)
    for action in actions:
        state = play(puzzle, state, action)
    return finish(puzzle, state)
