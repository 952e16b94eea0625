"""/privacy in the console: a player's data as a file, and forgetting them for good."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.config import settings_from
from bot.console.app import ConsoleOptions, run_console
from bot.console.session import Session
from bot.service import FakeClock
from storage.records import is_former_player
from tests.console.conftest import open_session
from tests.console.helpers import run


@pytest.fixture
async def session(tmp_path: Path, clock: FakeClock) -> AsyncIterator[Session]:
    console = await open_session(tmp_path / "muster.db", clock, tmp_path / "out")
    yield console
    await console.service.close()


async def _duel(session: Session) -> str:
    """alice hosts a duel against bob; both place their HQ."""
    said = await run(
        session,
        "/seed privacy",
        "/as alice",
        "/neuroshima new mode:duel army:moloch",
        "/as bob",
        "/neuroshima join game:1 army:outpost",
        "/as alice",
        "/neuroshima start game:1",
        "/neuroshima hq hex:C3",
        "/as bob",
        "/neuroshima hq hex:C4",
    )
    assert "Error" not in said, said
    return said


async def test_the_export_holds_seats_settings_and_own_moves(
    session: Session, tmp_path: Path
) -> None:
    await _duel(session)
    said = await run(session, "/as alice", "/settings timezone:Europe/Prague", "/privacy export")
    assert "Everything Muster keeps about you is in the attached file" in said
    assert "(1 seat, 1 move)" in said
    (written,) = (tmp_path / "out").glob("muster-data-*.json")
    data = json.loads(written.read_text(encoding="utf-8"))
    alice = session.service.user("alice")
    assert data["format"] == "muster.privacy/1" and data["user_id"] == alice
    assert data["settings"][0]["timezone"] == "Europe/Prague"
    assert [(s["game_id"], s["role"], s["status"]) for s in data["seats"]] == [
        (1, "moloch", "active")
    ]
    # Only alice's own moves: her HQ, not bob's.
    assert [a["move"] for a in data["actions"]] == ["hq C3"]


async def test_forget_is_refused_while_playing_and_names_the_game(session: Session) -> None:
    await _duel(session)
    said = await run(session, "/as alice", "/privacy forget confirm:true")
    assert "You still play in #1: finish, resign or leave first" in said
    assert await session.service.store.open_games_of(session.service.user("alice")) == [1]


async def test_forget_asks_first_then_renames_the_player_in_finished_games(
    session: Session,
) -> None:
    await _duel(session)
    await run(session, "/as alice", "/settings timezone:Europe/Prague", "/neuroshima resign")
    alice = session.service.user("alice")
    asked = await run(session, "/privacy forget")
    assert "It cannot be undone. To go ahead: /privacy forget confirm:true" in asked
    assert (await session.service.store.get_user_settings(alice)).timezone == "Europe/Prague"

    done = await run(session, "/privacy forget confirm:true")
    assert "Done: your settings and ratings are deleted" in done and "in 1 game." in done
    store = session.service.store
    assert (await store.get_user_settings(alice)).timezone is None
    seats = await store.seats(1, include_left=True)
    assert alice not in {s.user_id for s in seats}
    assert any(is_former_player(s.user_id) for s in seats)
    history = await run(session, "/history game:1")
    assert "a former player" in history and "alice" not in history
    record = await store.user_record(alice)
    assert record["seats"] == [] and record["settings"] == [] and record["actions"] == []


async def test_without_an_output_folder_the_export_is_not_written_into_the_cwd(
    tmp_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    bare = await open_session(tmp_path / "muster.db", clock)  # images off, no folder at all
    try:
        said = await run(bare, "/as alice", "/privacy export")
    finally:
        await bare.service.close()
    assert "file not written (no output folder): muster-data-" in said
    assert list(cwd.iterdir()) == []


def test_a_console_without_images_writes_the_export_to_its_output_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    script = tmp_path / "script.txt"
    script.write_text("/as alice\n/privacy export\n", encoding="utf-8")
    settings = settings_from(
        {"MUSTER_DATABASE": f"sqlite:///{tmp_path / 'muster.db'}", "MUSTER_HOME": str(tmp_path)}
    )
    assert run_console(settings, script, ConsoleOptions(tmp_path / "out", images=False)) == 0
    (written,) = (tmp_path / "out").glob("muster-data-*.json")
    assert f"file: {written}" in capsys.readouterr().out
    assert list(cwd.iterdir()) == []
