"""The generator: the same seed mines the same puzzles, and every one it keeps checks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from games.neuroshima.puzzles import THEMES, check, dump, judge
from games.neuroshima.puzzles.generate import ARMIES, mine, schedule
from games.neuroshima.puzzles.rating import difficulty


def test_the_schedule_plays_every_duel_first_then_three_and_four_players() -> None:
    plan = schedule()
    duels = [armies for armies, mode in plan if mode == "duel"]
    assert plan[: len(duels)] == tuple((d, "duel") for d in duels)
    assert len(duels) == len(ARMIES) * (len(ARMIES) + 1) // 2
    assert {len(armies) for armies, _ in plan[len(duels) :]} == {3, 4}
    assert {mode for armies, mode in plan if len(armies) == 4} == {"deathmatch", "teams"}


ELSEWHERE = """
import json, sys
from games.neuroshima.puzzles import dump
from games.neuroshima.puzzles.generate import mine
print(json.dumps([dump(p) for p in mine("test", 0).puzzles]))
"""


def test_a_seed_mines_the_same_puzzles_and_each_has_exactly_its_listed_answers() -> None:
    first = mine("test", 0)
    assert first.puzzles, "game 0 of seed 'test' gives at least one puzzle"
    # Another process with another string hashing: no set order may leak into the puzzles.
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    root = Path(__file__).parents[4]
    elsewhere = subprocess.run(
        [sys.executable, "-c", ELSEWHERE], env=env, cwd=root, capture_output=True, check=True
    )
    assert json.loads(elsewhere.stdout) == [dump(p) for p in first.puzzles]
    for puzzle in first.puzzles:
        ok, solved = check(puzzle)
        assert ok and solved.unique
        assert set(puzzle.themes) <= set(THEMES)
        assert 800 <= puzzle.difficulty <= 2400
        assert all(judge(puzzle, list(line)).solved for line in puzzle.solutions)


def test_difficulty_grows_with_the_choice_and_with_what_the_ais_miss() -> None:
    easy = difficulty(turns=8, lines=6, length=1, normal=True, hard=True)
    more_turns = difficulty(turns=300, lines=6, length=1, normal=True, hard=True)
    missed = difficulty(turns=8, lines=6, length=1, normal=False, hard=True)
    assert easy < more_turns
    assert easy + 250 == missed
    assert difficulty(turns=10**6, lines=1, length=3, normal=False, hard=False) == 2400
    assert difficulty(turns=1, lines=50, length=1, normal=True, hard=True) == 800
