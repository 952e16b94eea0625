"""The hard level's look past its own turn: determinised replies of the other seats.

For the best few ends of turn the one-turn search found (whole turns, so the plan that follows
is the one that held up), the hidden draws are sampled from the tiles the view does not show
(the inferred piles), the other seats play their turns with a small greedy search of their own,
and the position when the turn comes back is scored. The same samples serve every candidate
(common random numbers), so candidates differ by their own merit, not by luckier draws. The
candidate with the best average wins; the one-turn score breaks ties.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.base import CHANCE, Seat
from games.neuroshima import rules
from games.neuroshima.state import State

from .ai_search import Beam, Node, OutOfWorkError, Scorer, Work, search_turn

REPLY_BEAM = Beam(widths=(3, 2, 2, 1), placements=3, moves=2)
REPLY_WORK = 80
"""Evaluations one simulated reply turn may use. Normal's own search as the reply (Beam(),
450, 6 candidates) was no stronger over 60 games (58 %) and slower (docs/ai.md)."""
CANDIDATES = 8
PER_ROOT = 2
SAMPLES = 2
PRIOR = 0.25
"""Weight of the candidate's own one-turn score next to its sampled replies."""


def _candidates(nodes: Sequence[Node]) -> list[Node]:
    """The best ends of turn, one per distinct position, at most PER_ROOT through one first
    action (so the first decision of the turn is really weighed, not only its follow-ups)."""
    seen: set[object] = set()
    per_root: dict[int, int] = {}
    out: list[Node] = []
    for node in sorted(nodes, key=lambda n: -n.score):
        end = (node.state.position, node.state.hands)
        if node.root < 0 or end in seen or per_root.get(node.root, 0) >= PER_ROOT:
            continue
        seen.add(end)
        per_root[node.root] = per_root.get(node.root, 0) + 1
        out.append(node)
        if len(out) == CANDIDATES:
            break
    return out


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
        them = scorers.setdefault(other, Scorer(other, scorer.project, scorer.weights))
        budget = Work(min(REPLY_WORK, work.limit - work.used), work.stop)
        nodes = search_turn(state, other, actions, them, REPLY_BEAM, budget)
        work.used += budget.used
        state = nodes[0].state if nodes else rules.apply_listed(state, other, actions[0])
        turns += 1 if state.active != other or state.outcome is not None else 0
        if budget.used == 0:
            raise OutOfWorkError
    return state


def lookahead(
    nodes: Sequence[Node], seat: Seat, scorer: Scorer, rng: random.Random, work: Work
) -> Node | None:
    """The end of turn that holds up best against sampled replies (None: nothing to weigh)."""
    candidates = _candidates(nodes)
    if not candidates:
        return None
    seeds = [rng.randrange(2**62) for _ in range(SAMPLES)]
    totals = [0.0] * len(candidates)
    counted = 0
    try:
        for s in seeds:
            results = []
            for c in candidates:
                after = reply(c.state, seat, scorer, random.Random(s), work)
                results.append(scorer.score(after))
            for i, value in enumerate(results):
                totals[i] += value
            counted += 1
    except OutOfWorkError:
        pass
    if counted == 0:
        return candidates[0]
    best = max(
        range(len(candidates)),
        key=lambda i: ((1 - PRIOR) * totals[i] / counted + PRIOR * candidates[i].score, -i),
    )
    return candidates[best]
