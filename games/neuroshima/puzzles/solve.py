"""Every turn a puzzle's seat can play, each followed by its battle: which reach the goal.

Turns are searched depth first over the legal actions of the seat to play (placements, moves,
instants, abilities), with transpositions shared. Two turns are the same turn when they bring
the same board into the battle (docs/rulings.md, "Puzzles"). Keeping tiles or ending the turn
with a Battle tile changes nothing on the board, so the search never discards nor plays Battle.

When a push or grab leaves the choice to the moved tile's owner, that owner answers against the
seat to play: with the first answer after which no continuation reaches the goal, or else the
one after which the fewest do (`reply`). A puzzle therefore never rests on a kind opponent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.base import Seat
from games.neuroshima.actions import (
    ChooseDestination,
    Discard,
    EndTurn,
    NeuroshimaAction,
    StartBattle,
)
from games.neuroshima.codec import format as format_action
from games.neuroshima.puzzles.model import Puzzle, PuzzleError
from games.neuroshima.puzzles.turn import battle, before_battle, fought, goal_reached, start
from games.neuroshima.rules import apply_listed, legal_actions
from games.neuroshima.state import State, Step

MAX_NODES = 20_000
"""Turn states one search may visit; a puzzle needing more is refused (too big to check)."""

Line = tuple[NeuroshimaAction, ...]
Outcome = tuple[object, ...]


def outcome_key(state: State) -> Outcome:
    """What makes two turns the same: the board (tiles, facings, wounds, HQs) the battle meets."""
    position = before_battle(state).position
    return (position.tiles, position.hq_hp)


def _state_key(state: State, seat: Seat) -> tuple[object, ...]:
    position = state.position
    return (position.tiles, position.hq_hp, state.hands[seat], state.marks, state.pending)


@dataclass(slots=True)
class _Found:
    """What the turns from one state lead to."""

    wins: dict[Outcome, list[Line]] = field(default_factory=dict)
    """Outcomes reaching the goal, each with every line of actions that gets there."""

    def add(self, other: _Found, first: NeuroshimaAction | None) -> None:
        for key, lines in other.wins.items():
            kept = self.wins.setdefault(key, [])
            kept.extend(lines if first is None else [(first, *line) for line in lines])


@dataclass(slots=True)
class Search:
    """One exhaustive search of a puzzle's turns; `outcomes` counts every distinct turn."""

    puzzle: Puzzle
    limit: int = MAX_NODES
    nodes: int = 0
    outcomes: set[Outcome] = field(default_factory=set)
    battles: dict[Outcome, bool] = field(default_factory=dict)
    afters: dict[Outcome, State] = field(default_factory=dict)
    """Battles already fought, by the board they were fought on (shared between searches)."""
    _memo: dict[tuple[object, ...], _Found] = field(default_factory=dict)

    def run(self, state: State) -> _Found:
        """The winning outcomes and lines from `state` (the seat to play is to act)."""
        key = _state_key(state, self.puzzle.seat)
        found = self._memo.get(key)
        if found is None:
            self.nodes += 1
            if self.nodes > self.limit:
                raise PuzzleError(
                    "this puzzle has too many turns to check (more than {limit} states)",
                    code="puzzle_too_big",
                    limit=self.limit,
                )
            found = self._expand(state)
            self._memo[key] = found
        return found

    def _expand(self, state: State) -> _Found:
        seat = self.puzzle.seat
        found = _Found()
        if state.step is Step.PENDING and state.pending is not None and state.pending.seat != seat:
            return self.run(self.answered(state))
        if state.step is not Step.PENDING:
            self._end(state, found)
        for action in _own_actions(state, seat):
            after = apply_listed(state, seat, action)
            if fought(after):
                self._end(after, found, action)
            else:
                found.add(self.run(after), action)
        return found

    def _end(self, state: State, found: _Found, last: NeuroshimaAction | None = None) -> None:
        key = outcome_key(state)
        self.outcomes.add(key)
        won = self.battles.get(key)
        if won is None:
            after = self.afters.get(key)
            if after is None:
                after = self.afters[key] = battle(state)
            won = self.battles[key] = goal_reached(self.puzzle, after)[0]
        if won:
            found.wins.setdefault(key, []).append(() if last is None else (last,))

    def answered(self, state: State) -> State:
        """`state` after the pushed or grabbed tile's owner answered (see the module note)."""
        pending = state.pending
        assert pending is not None
        best: tuple[int, int, State] | None = None
        for i, answer in enumerate(legal_actions(state, pending.seat)):
            after = apply_listed(state, pending.seat, answer)
            wins = len(self.run(after).wins) if not fought(after) else self._won_at(after)
            if best is None or (wins, i) < best[:2]:
                best = (wins, i, after)
            if wins == 0:
                break
        assert best is not None
        return best[2]

    def _won_at(self, state: State) -> int:
        found = _Found()
        self._end(state, found)
        return len(found.wins)


def _own_actions(state: State, seat: Seat) -> list[NeuroshimaAction]:
    return [
        a for a in legal_actions(state, seat) if not isinstance(a, EndTurn | Discard | StartBattle)
    ]


@dataclass(frozen=True, slots=True)
class Solved:
    """A puzzle's search: the turns that reach the goal and how many turns there are."""

    solutions: tuple[tuple[Line, ...], ...]
    """One entry per winning outcome: every line of actions that reaches it."""
    turns: int
    """Distinct turns (outcomes) the seat can play, the winning ones included."""
    nodes: int

    @property
    def unique(self) -> bool:
        """True when exactly one outcome reaches the goal."""
        return len(self.solutions) == 1

    def texts(self) -> tuple[tuple[str, ...], ...]:
        """Every winning line in the codec's notation, sorted (the format's `solutions`)."""
        lines = {
            tuple(format_action(a) for a in line) for lines in self.solutions for line in lines
        }
        return tuple(sorted(lines, key=lambda line: (len(line), line)))


def solve(
    puzzle: Puzzle, limit: int = MAX_NODES, afters: dict[Outcome, State] | None = None
) -> Solved:
    """Search every turn of `puzzle` (PuzzleError code puzzle_too_big past `limit` states);
    `afters` lends battles already fought (every_outcome's) and keeps the new ones."""
    search = Search(puzzle, limit, afters=afters if afters is not None else {})
    found = search.run(start(puzzle))
    ordered = sorted(found.wins.items(), key=lambda kv: repr(kv[0]))
    return Solved(tuple(tuple(lines) for _, lines in ordered), len(search.outcomes), search.nodes)


def every_outcome(puzzle: Puzzle, limit: int = MAX_NODES) -> dict[Outcome, State]:
    """Every board the puzzle's turn can bring into its battle, whatever the goal, with the
    state after that battle (every answer to a push or grab included)."""
    seat = puzzle.seat
    seen: set[tuple[object, ...]] = set()
    boards: dict[Outcome, State] = {}
    stack = [start(puzzle)]
    while stack:
        state = stack.pop()
        key = _state_key(state, seat)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > limit:
            raise PuzzleError(
                "this puzzle has too many turns to check (more than {limit} states)",
                code="puzzle_too_big",
                limit=limit,
            )
        pending = state.pending
        if state.step is Step.PENDING and pending is not None:
            actor, actions = pending.seat, list(legal_actions(state, pending.seat))
        else:
            boards.setdefault(outcome_key(state), state)
            actor, actions = seat, _own_actions(state, seat)
        for action in actions:
            after = apply_listed(state, actor, action)
            if fought(after):
                boards.setdefault(outcome_key(after), after)
            else:
                stack.append(after)
    return {key: battle(state) for key, state in boards.items()}


def reply(puzzle: Puzzle, state: State, limit: int = MAX_NODES) -> ChooseDestination:
    """The answer the moved tile's owner gives to a push or grab in a puzzle."""
    search = Search(puzzle, limit)
    after = search.answered(state)
    pending = state.pending
    assert pending is not None
    for answer in legal_actions(state, pending.seat):
        if (
            isinstance(answer, ChooseDestination)
            and apply_listed(state, pending.seat, answer) == after
        ):
            return answer
    raise AssertionError("the chosen answer is one of the legal answers")


def lines_text(lines: Sequence[Line]) -> list[tuple[str, ...]]:
    """Lines of actions in the codec's notation."""
    return [tuple(format_action(a) for a in line) for line in lines]
