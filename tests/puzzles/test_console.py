"""A puzzle played and rated end to end in the console, line by line as a script types it."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.console.session import Session
from bot.console.show import Images
from bot.service import FakeClock, Service
from bot.service.plugins.neuroshima.puzzles import choice, skill
from storage.sqlite import SqliteStore
from tests.puzzles.conftest import placing


@pytest.fixture
async def console(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Session]:
    store = await SqliteStore.open(tmp_path / "muster.db", clock=clock.now)
    session = Session(Service(store, clock), Images(tmp_path / "out"), clock)
    yield session
    await session.service.close()


async def say(console: Session, line: str) -> str:
    answer = await console.handle(line)
    return answer.text


async def test_a_puzzle_is_played_typed_and_rated_in_the_console(
    console: Session, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    puzzle = placing()
    monkeypatch.setattr(choice, "daily", lambda day: puzzle)
    shown = await say(console, "/puzzle play")
    assert f"Puzzle {puzzle.id} " in shown and "Goal: " in shown
    assert "image: " in shown and (tmp_path / "out" / "puzzle1-v0-board.png").exists()
    first, *rest = puzzle.solutions[0]
    played = await say(console, first)  # bare text plays in the puzzle in play
    assert f"Played so far: {first}." in played
    assert "Played so far" not in await say(console, "/puzzle undo")
    await say(console, first)
    for action in rest:
        await say(console, f"/puzzle act action:{action}")
    verdict = await say(console, "end")
    rating = await console.service.store.puzzle_skill(0, console.service.user("you"))
    assert rating is not None
    assert verdict.splitlines()[0] == "Solved: the goal is reached."
    assert f"Rating: 1500 → {skill.shown(rating)} " in verdict
    assert "[battle] " in verdict and "frames:" in verdict
    assert (tmp_path / "out" / "puzzle1-battle-1.png").exists()
    # The puzzle is over: bare text is a game move again (and there is no game).
    assert "no_game" in await say(console, "end")
    board = await say(console, "/puzzle leaderboard")
    assert board.splitlines() == [
        "Best puzzle solvers here:",
        f"1. you: {skill.shown(rating)} (1 of 1 solved)",
    ]
    mine = await say(console, "/puzzle rating")
    assert mine.splitlines()[1] == "Daily streak: 1 day (best 1 day)."


async def test_a_wrong_try_in_the_console_shows_its_battle_and_may_be_tried_again(
    console: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = placing()
    monkeypatch.setattr(choice, "daily", lambda day: puzzle)
    await say(console, "/puzzle play")
    verdict = await say(console, "/puzzle end")
    assert verdict.splitlines()[0].startswith("Not solved")
    assert "Try again with /puzzle retry." in verdict and "[battle] " in verdict
    again = await say(console, "/puzzle retry")
    assert f"Puzzle {puzzle.id} " in again
    for action in puzzle.solutions[0]:
        await say(console, action)
    assert "Unrated: only your first try" in await say(console, "end")
    errors = await say(console, "/puzzle undo")
    assert "no_puzzle" in errors


def entry(printed: str, words: str, ending: str = "") -> str:
    """The number of the first /panel entry whose words start with `words` (and end so)."""
    found = re.search(rf"^  (\d+)\. {re.escape(words)}.*{re.escape(ending)}$", printed, re.M)
    assert found, printed
    return found.group(1)


async def test_a_puzzle_is_played_from_its_panel_in_the_console(
    console: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = placing()
    monkeypatch.setattr(choice, "daily", lambda day: puzzle)
    await say(console, "/puzzle play")
    _, tile, where, facing = puzzle.solutions[0][0].split()
    first = await say(console, "/panel")
    assert f"Puzzle {puzzle.id} " in first and ". Fight the battle" in first
    hexes = await say(console, f"/panel {entry(first, 'Place a tile…', f'({tile})')}")
    assert hexes.startswith(f"Where do you place {tile}?")
    turned = await say(console, f"/panel {entry(hexes, f'Pick a hex… {where}')}")
    for _ in range(6):
        if f"{tile} on {where}, facing {facing}:" in turned:
            break
        turned = await say(console, f"/panel {entry(turned, 'Rotate ⟳')}")
    assert "image: " in turned  # the live preview
    placed = await say(console, f"/panel {entry(turned, 'Confirm')}")
    assert f"Played so far: {puzzle.solutions[0][0]}." in placed
    # Taken back as typed: the panel printed before is out of date, in the puzzle's own words.
    await say(console, "/puzzle undo")
    stale = await say(console, f"/panel {entry(placed, 'Fight the battle')}")
    assert stale == "This puzzle panel is out of date; use the newest one."
    await say(console, puzzle.solutions[0][0])
    again = await say(console, "/panel")
    verdict = await say(console, f"/panel {entry(again, 'Fight the battle')}")
    assert verdict.startswith("Played: end")
    assert "Solved: the goal is reached." in verdict and "[battle] " in verdict
    assert "No entry 1 on this panel" in await say(console, "/panel 1")  # the panel closed
