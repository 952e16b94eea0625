"""One numbering: the board title's turn is /history's turn, /replay takes /history's numbers,
and the demo's log is the game's history with its pictures named by those turns."""

from __future__ import annotations

import re
from pathlib import Path

from bot.console.session import Session
from bot.demo import play_demo
from tests.console.helpers import run

HEADING = re.compile(r"^Turn (\d+) - (.+)$")
MOVE = re.compile(r"^  (\d+)\. (chance: )?(.+)$")


async def started_duel(session: Session) -> str:
    return await run(
        session,
        "/seed numbers",
        "/neuroshima new mode:duel army:moloch",
        "/as bob",
        "/neuroshima join game:1 army:outpost",
        "/as you",
        "/neuroshima start",
        "hq C3",
        "/as bob",
        "hq C1",
    )


async def test_history_turns_are_the_turns_the_board_titles_show(session: Session) -> None:
    await started_duel(session)
    board = await run(session, "/board")
    titled = re.search(r"Turn (\d+), step play, seat 0 to play", board)
    assert titled is not None, board
    history = await session.service.history(1)
    headings = [HEADING.match(line) for line in history if HEADING.match(line)]
    assert [(int(h[1]), h[2]) for h in headings] == [
        (0, "you (Moloch)"),
        (1, "bob (Outpost)"),
        (int(titled[1]), "you (Moloch)"),
    ]
    # Your first draw is made at the start of your turn: it is logged under its heading.
    assert history[-2].startswith("Turn ") and MOVE.match(history[-1])[2] == "chance: "  # type: ignore[index]


async def test_replay_takes_every_number_history_prints(session: Session) -> None:
    await started_duel(session)
    await run(session, "/as you", "discard 1")
    history = await session.service.history(1)
    numbers = [int(m[1]) for line in history if (m := MOVE.match(line))]
    assert numbers == list(range(1, len(numbers) + 1))
    for number, line in zip(numbers, [ln for ln in history if MOVE.match(ln)], strict=True):
        shown = await run(session, f"/replay step:{number}")
        said = MOVE.match(line)
        assert said is not None
        assert shown.startswith(f"Game 1, step {number}: ") and said[3] in shown, shown


async def test_the_demo_log_is_the_history_with_its_pictures(tmp_path: Path) -> None:
    result = await play_demo(tmp_path, "demo-test", players=2)
    log = (tmp_path / "history.txt").read_text(encoding="utf-8").splitlines()
    headings = [(i, HEADING.match(line)) for i, line in enumerate(log) if HEADING.match(line)]
    assert len(headings) == result.turns
    names = {p.name for p in result.files}
    for i, heading in headings:
        assert heading is not None
        turn = int(heading[1])
        # Each turn opens with the board it started on, named and titled by its number.
        assert log[i + 1].endswith(f"turn{turn:03d}-board.png")
        assert f"turn{turn:03d}-board.png" in names
    moves = [int(m[1]) for line in log if (m := MOVE.match(line))]
    assert moves == list(range(1, len(moves) + 1)), "every action of every turn, in order"
    battles = [line for line in log if re.match(r"^  (Battle|The final battle)", line)]
    assert len(battles) == result.battles and "The final battle" in battles[-1]
    for number, line in enumerate(log):
        if MOVE.match(line) and MOVE.match(line)[2]:  # type: ignore[index]
            # A draw is the first thing of its turn: heading, board, then the draw.
            assert HEADING.match(log[number - 2]), log[number - 2 : number + 1]
