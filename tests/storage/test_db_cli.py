"""`muster db ...` end to end against both backends, with a toy game in the registry."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.db_cli import main
from games import registry
from games.base import GameSpec, IllegalActionError, Outcome, RandomSource, Seat
from storage import open_store
from storage.migrations import latest
from storage.records import GameStatus, NewEvent, NewGame


@dataclass(frozen=True, slots=True)
class Tally:
    total: int
    turn: int


class TallyRules:
    """Seats take turns adding 1..3; the game ends at 10."""

    def setup(self, config: Mapping[str, Any], seats: int, seed: str) -> Tally:
        return Tally(0, 0)

    def to_act(self, state: Tally) -> frozenset[Seat]:
        return frozenset() if state.total >= 10 else frozenset({state.turn})

    def legal_actions(self, state: Tally, seat: Seat) -> Sequence[int]:
        return [1, 2, 3] if seat in self.to_act(state) else []

    def apply(self, state: Tally, seat: Seat, action: int) -> Tally:
        if action not in (1, 2, 3):
            raise IllegalActionError(f"cannot add {action}")
        return Tally(state.total + action, 1 - state.turn)

    def sample_chance(self, state: Tally, rng: RandomSource) -> int:
        raise AssertionError("no chance in tally")

    def player_view(self, state: Tally, seat: Seat | None) -> Tally:
        return state

    def outcome(self, state: Tally) -> Outcome | None:
        return Outcome(frozenset({1 - state.turn}), "reached 10") if state.total >= 10 else None


class TallyCodec:
    def to_json(self, action: int) -> dict[str, Any]:
        return {"add": action}

    def from_json(self, data: Mapping[str, Any]) -> int:
        return int(data["add"])

    def parse(self, text: str, view: Any) -> int:
        return int(text)

    def format(self, action: int) -> str:
        return str(action)


@pytest.fixture
def tally_game() -> Iterator[None]:
    spec = GameSpec("tally", "Tally", TallyRules(), TallyCodec(), 2, 2)  # type: ignore[arg-type]
    registry.GAMES["tally"] = spec
    yield
    registry.GAMES.pop("tally", None)


@pytest.fixture
def db(store_url: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("MUSTER_DATABASE", store_url)
    return store_url


def _seed(url: str, games: list[tuple[str, list[tuple[int, int]]]]) -> list[int]:
    async def go() -> list[int]:
        store = await open_store(url)
        ids = []
        for key, moves in games:
            game = await store.create_game(NewGame(key, 1, "seed"))
            await store.add_seat(game.id, 0, 1)
            await store.add_seat(game.id, 1, 2)
            events = [NewEvent(seat, {"add": add}) for seat, add in moves]
            await store.append(game.id, 0, events, status=GameStatus.ACTIVE)
            ids.append(game.id)
        await store.close()
        return ids

    return asyncio.run(go())


def test_bad_usage_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["frobnicate"]) == 2
    assert main(["export", "not-a-number"]) == 2
    assert main(["backup"]) == 2
    assert "GAME_ID" in capsys.readouterr().err


def test_migrate_reports_versions(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["migrate", "--to", "1"]) == 0
    assert "schema version 0 -> 1" in capsys.readouterr().out
    assert main(["check"]) == 1  # refuses to work on an old schema
    assert "run `muster db migrate` first" in capsys.readouterr().err
    assert main(["migrate"]) == 0
    assert f"1 -> {latest('sqlite')}" in capsys.readouterr().out
    assert main(["migrate"]) == 0
    assert "nothing to do" in capsys.readouterr().out


def test_check_replays_and_reports(
    db: str, tally_game: None, capsys: pytest.CaptureFixture[str]
) -> None:
    good, _, _ = _seed(
        db,
        [
            ("tally", [(0, 3), (1, 2), (0, 1)]),
            ("nosuchgame", [(0, 1)]),
            ("tally", [(0, 3), (0, 3)]),  # seat 0 plays twice in a row
        ],
    )
    assert main(["check"]) == 1
    out = capsys.readouterr().out
    assert "Unknown game 'nosuchgame'" in out
    assert "seat 0 was not to act" in out
    assert f"game {good} " not in out
    assert "checked 3 games: 2 with problems" in out


def test_check_passes_on_a_clean_store(
    db: str, tally_game: None, capsys: pytest.CaptureFixture[str]
) -> None:
    _seed(db, [("tally", [(0, 1), (1, 1)])])
    assert main(["check", "--all"]) == 0
    assert "checked 1 games: all replay cleanly" in capsys.readouterr().out


def test_export(db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (gid,) = _seed(db, [("tally", [(0, 2), (1, 3)])])
    assert main(["export", str(gid)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"]["id"] == gid and len(data["events"]) == 2
    out = tmp_path / "exports" / "game.json"
    assert main(["export", str(gid), "--out", str(out)]) == 0
    assert json.loads(out.read_text())["events"][1]["action"] == {"add": 3}
    assert main(["export", str(gid + 500)]) == 1
    assert "does not exist" in capsys.readouterr().err


def _version(url: str, gid: int) -> int:
    async def read() -> int:
        store = await open_store(url, migrate=False)
        try:
            return (await store.get_game(gid)).version
        finally:
            await store.close()

    return asyncio.run(read())


def _more(url: str, gid: int, at: int, moves: list[tuple[int, int]]) -> None:
    async def go() -> None:
        store = await open_store(url)
        try:
            events = [NewEvent(seat, {"add": add}) for seat, add in moves]
            await store.append(gid, at, events)
        finally:
            await store.close()

    asyncio.run(go())


def test_backup(db: str, backend: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (gid,) = _seed(db, [("tally", [(0, 2)])])
    target = tmp_path / "backups" / ("copy.dump" if backend == "postgres" else "copy.db")
    assert main(["backup", str(target)]) == 0
    assert "backed up" in capsys.readouterr().out
    if backend == "sqlite":
        assert _version(f"sqlite:///{target}", gid) == 1


def test_a_backup_taken_mid_game_is_restored_and_the_game_goes_on(
    db: str, backend: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (gid,) = _seed(db, [("tally", [(0, 2), (1, 1)])])
    target = tmp_path / ("mid.dump" if backend == "postgres" else "mid.db")
    assert main(["backup", str(target)]) == 0
    _more(db, gid, 2, [(0, 3), (1, 3)])
    assert _version(db, gid) == 4
    assert main(["restore", str(target)]) == 0
    out = capsys.readouterr().out
    assert f"restored {target}" in out and f"schema version {latest('sqlite')}" in out
    assert _version(db, gid) == 2
    _more(db, gid, 2, [(0, 1)])  # the game continues from where the backup was taken
    assert _version(db, gid) == 3
    if backend == "sqlite":
        assert "kept the previous database as" in out
        kept = next(tmp_path.glob("muster.db.before-restore-*"))
        assert _version(f"sqlite:///{kept}", gid) == 4


def test_restore_refuses_what_is_not_a_muster_backup(
    db: str, backend: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (gid,) = _seed(db, [("tally", [(0, 2)])])
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"SQLite format 3\x00" + bytes(100))
    assert main(["restore", str(junk)]) == 1
    err = capsys.readouterr().err
    assert "muster db:" in err and str(junk) in err
    assert main(["restore", str(tmp_path / "missing.db")]) == 1
    assert "no such file" in capsys.readouterr().err
    assert _version(db, gid) == 1


def test_restore_refuses_while_a_bot_holds_the_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "live.db"
    monkeypatch.setenv("MUSTER_DATABASE", f"sqlite:///{database}")
    (gid,) = _seed(f"sqlite:///{database}", [("tally", [(0, 2)])])
    assert main(["backup", str(tmp_path / "copy.db")]) == 0

    async def hold_and_restore() -> int:
        bot = await open_store(f"sqlite:///{database}")
        try:
            assert await bot.lead()  # what a running `muster bot` holds
            return await asyncio.to_thread(main, ["restore", str(tmp_path / "copy.db")])
        finally:
            await bot.close()

    assert asyncio.run(hold_and_restore()) == 1
    assert "stop it before restoring" in capsys.readouterr().err
    assert main(["restore", str(tmp_path / "copy.db")]) == 0  # once the bot has stopped
    assert _version(f"sqlite:///{database}", gid) == 1


def test_restore_refuses_a_backup_from_a_newer_muster(tmp_path: Path) -> None:
    import sqlite3

    newer = tmp_path / "newer.db"
    with sqlite3.connect(newer) as conn:
        conn.executescript(
            "CREATE TABLE games(id); CREATE TABLE seats(id); CREATE TABLE events(id);"
        )
        conn.execute(f"PRAGMA user_version = {latest('sqlite') + 1}")
    conn.close()
    from storage.base import StorageError
    from storage.restore import check_sqlite_backup

    with pytest.raises(StorageError, match="newer than this Muster's"):
        check_sqlite_backup(newer)


def test_unusable_database_is_a_clear_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.db"
    bad.write_text("not a database")
    monkeypatch.setenv("MUSTER_DATABASE", f"sqlite:///{bad}")
    assert main(["migrate"]) == 1
    assert "not an SQLite database" in capsys.readouterr().err
