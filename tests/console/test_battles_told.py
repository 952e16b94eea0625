"""Every battle shown and told: a Battle tile's, a full board's and the final one, in words
and pictures, in the console (the same messages Discord posts)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from bot.console.session import Session
from bot.service import FakeClock
from tests.console.conftest import open_session
from tests.console.helpers import play_out, run

HEADINGS = {
    "battle tile": re.compile(r"^\[battle, game 1\] Battle \(turn \d+\):$"),
    "full board": re.compile(r"^\[battle, game 1\] Battle, the board is full \(turn \d+\):$"),
    "final": re.compile(r"^\[battle, game 1\] The final battle \(turn \d+\):$"),
}


def battle_blocks(transcript: str) -> list[list[str]]:
    """Each battle block: its heading line and the indented lines under it."""
    blocks: list[list[str]] = []
    current: list[str] | None = None
    for line in transcript.splitlines():
        if line.startswith("[battle, game 1]"):
            current = [line]
            blocks.append(current)
        elif current is not None and line.startswith("  "):
            current.append(line)
        else:
            current = None
    return blocks


async def hot_seat_duel(session: Session) -> str:
    out = await run(
        session,
        "/seed a",
        "/neuroshima new mode:duel army:moloch",
        "/as bob",
        "/neuroshima join game:1 army:outpost",
        "/as you",
        "/neuroshima start",
    )
    return out + await play_out(session, ["you", "bob"], random.Random(1), limit=600)


async def test_every_kind_of_battle_is_told_and_drawn(tmp_path: Path) -> None:
    folder = tmp_path / "images"
    session = await open_session(tmp_path / "muster.db", FakeClock(), folder)
    try:
        transcript = await hot_seat_duel(session)
    finally:
        await session.service.close()
    blocks = battle_blocks(transcript)
    kinds = {kind for kind, pattern in HEADINGS.items() for b in blocks if pattern.match(b[0])}
    assert kinds == set(HEADINGS)
    assert sum(1 for b in blocks if HEADINGS["final"].match(b[0])) == 1
    assert sum(" hits " in line for b in blocks for line in b) >= 10
    for block in blocks:
        phases = [line for line in block if line.startswith("  Initiative ")]
        assert phases or block[1] == "  Nobody could hit anything.", block
        hits = [line for line in block if " hits " in line]
        assert all(re.search(r"(you|bob)'s .+ \([A-E]\d\) hits", h) for h in hits)
        frames = [
            Path(line.split("image: ")[-1]) for line in block if line.strip().endswith(".png")
        ]
        assert len(frames) == len(phases) + 2, block  # before, each phase, the summary
        assert all(f.is_file() and f.stat().st_size > 0 for f in frames)
    assert "[game over, game 1]" in transcript


async def test_a_full_board_battle_says_who_died(tmp_path: Path) -> None:
    session = await open_session(tmp_path / "muster.db", FakeClock())
    try:
        transcript = await hot_seat_duel(session)
    finally:
        await session.service.close()
    full = next(b for b in battle_blocks(transcript) if HEADINGS["full board"].match(b[0]))
    destroyed = [line for line in full if line.strip().startswith("Destroyed: ")]
    assert destroyed
    # Images off (--no-images): no image line at all.
    assert not [line for line in transcript.splitlines() if "image" in line or "frames" in line]


async def test_a_team_game_of_four_tells_and_draws_every_battle(tmp_path: Path) -> None:
    """Battles of a 4-seat team game (two local players, two AI seats) are told phase by
    phase with the seats' names and drawn frame by frame, like a duel's."""
    folder = tmp_path / "images"
    session = await open_session(tmp_path / "muster.db", FakeClock(), folder)
    try:
        transcript = await run(
            session,
            "/seed teams",
            "/as alice",
            "/neuroshima new mode:teams seats:4 army:moloch",
            "/as bob",
            "/neuroshima join game:1 army:borgo",
            "/as alice",
            "/neuroshima add-ai level:easy army:hegemony",
            "/neuroshima add-ai level:easy army:outpost",
            "/neuroshima start",
        )
        assert "Game 1 started." in transcript, transcript
        transcript += await play_out(session, ["alice", "bob"], random.Random(2), limit=1500)
    finally:
        await session.service.close()
    blocks = battle_blocks(transcript)
    assert blocks and "[game over, game 1]" in transcript
    for block in blocks:
        phases = [line for line in block if line.startswith("  Initiative ")]
        assert phases or block[1] == "  Nobody could hit anything.", block
        for hit in (line for line in block if " hits " in line):
            assert re.search(r"(alice|bob|AI \(easy\) \(\w+\))'s .+ \([A-E]\d\) hits", hit), hit
        frames = [Path(line.split("image: ")[-1]) for line in block if line.endswith(".png")]
        assert len(frames) == len(phases) + 2, block
        assert all(f.is_file() for f in frames)
