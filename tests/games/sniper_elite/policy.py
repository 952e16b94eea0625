"""A scripted sniper for full-game tests: head for the objectives, stay quiet, shoot when close."""

from __future__ import annotations

from games.base import CHANCE
from games.engine import Event, play, start
from games.sniper_elite import rules
from games.sniper_elite.actions import (
    Complete,
    EndTurn,
    Enter,
    Move,
    Reward,
    Shoot,
    SniperAction,
)
from games.sniper_elite.board import load_board
from games.sniper_elite.model import Phase, State


def choose(state: State) -> SniperAction:
    """The scripted choice for the current decision."""
    legal = list(rules.legal_actions(state, 0))
    board = load_board(state.board)
    if state.phase is Phase.REWARD:
        return next((a for a in legal if isinstance(a, Reward) and a.kind == "recoil"), legal[-1])
    if state.phase is not Phase.SNIPER:
        if state.phase is Phase.CHOOSE_ENTRY:
            goals = [board.objective_space(n).id for n in state.objectives]
            return min(
                (a for a in legal if isinstance(a, Enter)),
                key=lambda a: min(board.distance(a.space, g) for g in goals),
            )
        return legal[0]
    if any(isinstance(a, Complete) for a in legal):
        return Complete()
    goals = [board.objective_space(n).id for n in state.objectives]
    assert state.sniper is not None
    taken = {d.space for d in state.on_board}

    def score(path: tuple[str, ...]) -> tuple[int, int]:
        end = path[-1]
        near = sum(1 for s in taken if s and (s == end or board.matching_adjacent(end, s)))
        loud = len(path) >= 2 and board.by_id[end].area is state.lka
        return (min(board.distance(end, g) for g in goals) + 3 * near + 4 * loud, len(path))

    moves = [a for a in legal if isinstance(a, Move)]
    if moves:
        here = min(board.distance(state.sniper, g) for g in goals)
        best = min(moves, key=lambda a: score(a.path))
        if score(best.path)[0] < here or board.by_id[state.sniper].entry:
            return best
    shots = [a for a in legal if isinstance(a, Shoot)]
    if shots and state.bag.total >= 4:
        close = min(
            shots, key=lambda a: (abs(a.tokens - 4), board.distance(state.sniper, a.target))
        )
        if board.line_of_sight(state.sniper, close.target) in (1, 2):
            return close
    return EndTurn()


def play_out(config: dict[str, object], seed: str, limit: int = 400) -> tuple[State, list[Event]]:
    """Play a whole mission with the scripted sniper; return the end state and the log."""
    state, log = start(rules, config, 1, seed)
    for _ in range(limit):
        if not rules.to_act(state):
            break
        assert CHANCE not in rules.to_act(state)
        state, events = play(rules, state, seed, len(log), 0, choose(state))
        log += events
    return state, log
