"""The hard level's look past its own turn: determinised replies of the other seats.

For the best few ends of turn the one-turn search found, the hidden draws are sampled from the
tiles the view does not show (the inferred piles), the other seats play their turns with a small
greedy search of their own, and the position when the turn comes back is scored. The same
samples serve every candidate (common random numbers), so candidates differ by their own merit,
not by luckier draws. The candidate with the best average wins; the one-turn score breaks ties.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.base import CHANCE, Seat
from games.neuroshima import rules
from games.neuroshima.state import State

from .ai_search import Beam, Node, OutOfWorkError, Scorer, Work, best_root, search_turn

REPLY_BEAM = Beam(widths=(3, 2, 1, 1), placements=3, moves=2)
REPLY_WORK = 70
"""Evaluations one simulated reply turn may use."""
CANDIDATES = 4
SAMPLES = 3
PRIOR = 0.25
"""Weight of the candidate's own one-turn score next to its sampled replies."""


def _candidates(nodes: Sequence[Node]) -> list[Node]:
    best: dict[int, Node] = {}
    for node in nodes:
        if node.root >= 0 and (node.root not in best or node.score > best[node.root].score):
            best[node.root] = node
    ranked = sorted(best.values(), key=lambda n: (-n.score, n.root))
    return ranked[:CANDIDATES]


def reply(state: State, seat: Seat, scorer: Scorer, rng: random.Random, work: Work) -> State:
    """The state when `seat`'s turn comes back after the others play (or when the game ends)."""
    turns = 0
    scorers: dict[Seat, Scorer] = {}
    while state.outcome is None and turns < len(state.order):
        acting = rules.to_act(state)
        if not acting:
            break
        if acting == frozenset({CHANCE}):
            if state.active == seat:
                break
            state = rules.apply(state, CHANCE, rules.sample_chance(state, rng))
            continue
        (other,) = tuple(acting)
        if other == seat and state.active == seat:
            break
        actions = rules.legal_actions(state, other)
        them = scorers.setdefault(other, Scorer(other, scorer.project))
        budget = Work(min(REPLY_WORK, work.limit - work.used), work.stop)
        nodes = search_turn(state, other, actions, them, REPLY_BEAM, budget)
        work.used += budget.used
        state = nodes[0].state if nodes else rules.apply(state, other, actions[0])
        turns += 1 if state.active != other or state.outcome is not None else 0
        if budget.used == 0:
            raise OutOfWorkError
    return state


def lookahead(
    nodes: Sequence[Node], seat: Seat, scorer: Scorer, rng: random.Random, work: Work
) -> int:
    """The root action index whose end of turn holds up best against sampled replies."""
    candidates = _candidates(nodes)
    if not candidates:
        ranked = best_root(nodes)
        return min(ranked, key=lambda i: (-ranked[i], i)) if ranked else 0
    seeds = [rng.randrange(2**62) for _ in range(SAMPLES)]
    totals = {c.root: 0.0 for c in candidates}
    counted = 0
    try:
        for s in seeds:
            results = {}
            for c in candidates:
                after = reply(c.state, seat, scorer, random.Random(s), work)
                results[c.root] = scorer.score(after)
            for root, value in results.items():
                totals[root] += value
            counted += 1
    except OutOfWorkError:
        pass
    if counted == 0:
        return candidates[0].root
    own = {c.root: c.score for c in candidates}
    return max(
        totals,
        key=lambda r: ((1 - PRIOR) * totals[r] / counted + PRIOR * own[r], -r),
    )
