"""Playing a shipped puzzle at random: a line is solved exactly when it is a listed solution."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.neuroshima.actions import Discard, EndTurn, StartBattle
from games.neuroshima.codec import format as format_action
from games.neuroshima.puzzles import finish, judge, play, shipped, start
from games.neuroshima.puzzles.turn import fought
from games.neuroshima.rules import legal_actions


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_random_line_is_solved_exactly_when_it_is_listed(data: st.DataObject) -> None:
    puzzle = data.draw(st.sampled_from(shipped()))
    state = start(puzzle)
    line: list[str] = []
    while not fought(state) and data.draw(st.booleans(), label="go on"):
        actions = [
            a
            for a in legal_actions(state, puzzle.seat)
            if not isinstance(a, EndTurn | Discard | StartBattle)
        ]
        if not actions:
            break
        action = data.draw(st.sampled_from(actions))
        line.append(format_action(action))
        state = play(puzzle, state, action)
    verdict = finish(puzzle, state)
    assert verdict.solved == (tuple(line) in puzzle.solutions)


def test_every_shipped_puzzle_is_solved_by_its_first_line_and_not_by_doing_nothing() -> None:
    for puzzle in shipped():
        assert judge(puzzle, list(puzzle.solutions[0])).solved, puzzle.id
        assert not judge(puzzle, []).solved, puzzle.id
