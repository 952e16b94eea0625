"""Both games end to end in the console, from the scripts in tests/hosting/scripts/."""

from __future__ import annotations

from pathlib import Path

from bot.console.session import Session

SCRIPTS = Path(__file__).with_name("scripts")


async def _run(session: Session, name: str) -> str:
    out = []
    for line in (SCRIPTS / name).read_text(encoding="utf-8").splitlines():
        answer = await session.handle(line)
        assert not answer.text.startswith(("Error", "Internal error")), (line, answer.text)
        out.append(answer.text)
    return "\n".join(out)


async def test_a_four_player_space_alert_mission_hot_seat(session: Session, tmp_path: Path) -> None:
    session.images.folder = tmp_path  # images on: the replay and score card are written
    out = await _run(session, "space_alert_crew.txt")
    assert "Captain order: alice (captain), bob (crew 2), carol (crew 3), dave (crew 4)." in out
    for name in ("alice", "bob", "carol", "dave"):
        assert f"[to {name}, game 1, private]" in out
    assert "Flight 1 of game 1 resolved." in out
    assert "game1-flight1-replay.gif" in out and "game1-flight1-score.png" in out
    assert "[game over, game 1]" in out
    assert "You are in no open games." in out


async def test_a_sniper_mission_to_its_end_and_its_dice_verified(session: Session) -> None:
    out = await _run(session, "sniper_mission.txt")
    assert "Dice commitment" in out and "[game over, game 1]" in out
    assert "Players' seeds match the salt the game used." in out
    assert "all match." in out and "Sniper leaderboard, Tidewater Depot, challenge Medic" in out
