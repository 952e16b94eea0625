"""The rule "pick the outcome worst for you; if equally bad, at random" as an explicit metric.

Badness of a resulting state, compared as a tuple (larger is worse for the sniper):
1. the mission is lost;
2. wounds taken;
3. fewer tokens left in the health stack;
4. the LKA lies on the sniper's area;
5. defenders closer to the sniper (their movement distances, nearest first);
6. defenders closer to the sniper's remaining objectives (sum over those objectives of the
   nearest defender's movement distance).
Equally bad outcomes are chosen among with the tie-break number drawn at a logged chance step.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

from games.sniper_elite.board import Board, nearest
from games.sniper_elite.model import State

T = TypeVar("T")

Badness = tuple[bool, int, int, bool, tuple[int, ...], int]


class Ties:
    """A deterministic stream of tie-break picks seeded by a logged chance result."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.count = 0

    def pick(self, size: int) -> int:
        """An index in range(size); draws from the stream only when there is a real choice."""
        if size <= 1:
            return 0
        digest = hashlib.sha256(f"{self.seed}:{self.count}".encode()).digest()
        self.count += 1
        return int.from_bytes(digest[:8], "big") % size


def badness(board: Board, state: State) -> Badness:
    """How bad `state` is for the sniper (see the module docstring)."""
    sniper = state.sniper
    if sniper is None:
        return (state.result == "lost", state.wounds, -len(state.stack), False, (), 0)
    spaces = [d.space for d in state.on_board if d.space is not None]
    to_sniper = sorted(board.distance(sniper, s) for s in spaces)
    cover = sum(nearest(board, board.objective_space(n).id, spaces) for n in state.objectives)
    return (
        state.result == "lost",
        state.wounds,
        -len(state.stack),
        state.lka is board.by_id[sniper].area,
        tuple(-d for d in to_sniper),
        -cover,
    )


def worst(board: Board, ties: Ties, options: Sequence[tuple[State, T]]) -> tuple[State, T]:
    """The option whose state is worst for the sniper; equally bad ones by the tie-break."""
    if len(options) == 1:
        return options[0]
    scored = [(badness(board, s), (s, extra)) for s, extra in options]
    top = max(score for score, _ in scored)
    tied = [option for score, option in scored if score == top]
    return tied[ties.pick(len(tied))]
