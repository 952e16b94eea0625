"""Bad database files and URLs: a clear StorageError at open, and nothing touched."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from storage import StorageError, open_store
from storage.records import NewEvent, NewGame

REPO = Path(__file__).resolve().parents[2]


async def _make_db(path: Path) -> None:
    store = await open_store(f"sqlite:///{path}")
    game = await store.create_game(NewGame("counter", 1, "s"))
    await store.append(game.id, 0, [NewEvent(0, {"x": 1})])
    await store.close()


def _files(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir()) if p.is_file()}


async def test_garbage_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "muster.db"
    path.write_bytes(b"this is a text file, not a database\n" * 50)
    before = _files(tmp_path)
    with pytest.raises(StorageError, match="not an SQLite database"):
        await open_store(f"sqlite:///{path}")
    assert _files(tmp_path) == before


async def test_damaged_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "muster.db"
    await _make_db(path)
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xa5" * (4096 - 100)  # the schema page, header kept
    path.write_bytes(bytes(data))
    before = _files(tmp_path)
    with pytest.raises(StorageError, match="damaged or not a database"):
        await open_store(f"sqlite:///{path}")
    assert _files(tmp_path) == before


async def test_missing_directories_are_created(tmp_path: Path) -> None:
    path = tmp_path / "data" / "deeper" / "muster.db"
    store = await open_store(f"sqlite:///{path}")
    await store.close()
    assert path.is_file()


async def test_relative_default_style_path_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    store = await open_store("sqlite:///data/muster.db")
    await store.close()
    assert (tmp_path / "data" / "muster.db").is_file()


async def test_uncreatable_directory_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    with pytest.raises(StorageError, match="cannot create the directory"):
        await open_store(f"sqlite:///{blocker / 'sub' / 'muster.db'}")
    assert blocker.read_text() == "x"


async def test_directory_as_database_is_refused(tmp_path: Path) -> None:
    (tmp_path / "muster.db").mkdir()
    with pytest.raises(StorageError, match="not a regular file"):
        await open_store(f"sqlite:///{tmp_path / 'muster.db'}")


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A directory another user can enter (pytest's tmp_path is private to root)."""
    path = Path(tempfile.mkdtemp(prefix="muster-perm-"))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _open_as_unprivileged(path: Path) -> str:
    """Open the store as a user without root's override and return what happened."""
    code = (
        "import asyncio, sys\n"
        f"sys.path[:0] = [{str(REPO)!r}, *{[p for p in sys.path if 'site-packages' in p]!r}]\n"
        "from storage import StorageError, open_store\n"
        "async def main():\n"
        "    try:\n"
        f"        store = await open_store('sqlite:///{path}')\n"
        "    except StorageError as err:\n"
        "        print('ERROR', err)\n"
        "    else:\n"
        "        await store.close()\n"
        "        print('OPENED')\n"
        "asyncio.run(main())\n"
    )
    if os.geteuid() != 0:
        command = [sys.executable, "-c", code]
        kwargs: dict[str, object] = {}
    else:
        # Root reads and writes any file, so the check runs as nobody with a Python it can run.
        python = next(
            (p for p in (sys.executable, "/usr/bin/python3") if _runnable_by_nobody(p)), None
        )
        if python is None or shutil.which("runuser") is None:
            pytest.skip("running as root with no Python that an unprivileged user can execute")
        command = ["runuser", "-u", "nobody", "--", python, "-c", code]
        kwargs = {}
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=60, check=False, **kwargs
    )
    return (done.stdout + done.stderr).strip()


def _runnable_by_nobody(python: str) -> bool:
    try:
        done = subprocess.run(
            ["runuser", "-u", "nobody", "--", python, "-c", "pass"],
            capture_output=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


async def test_read_only_file_is_refused_untouched(shared_dir: Path) -> None:
    path = shared_dir / "muster.db"
    await _make_db(path)
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    path.chmod(0o444)
    before = _files(shared_dir)
    result = _open_as_unprivileged(path)
    assert result.startswith("ERROR") and "read-only" in result, result
    assert _files(shared_dir) == before


async def test_unreadable_file_is_refused_untouched(shared_dir: Path) -> None:
    path = shared_dir / "muster.db"
    await _make_db(path)
    path.chmod(0o000)
    before = _files(shared_dir)
    result = _open_as_unprivileged(path)
    assert result.startswith("ERROR") and "cannot read" in result, result
    assert _files(shared_dir) == before


async def test_unknown_url_scheme_is_refused() -> None:
    with pytest.raises(StorageError, match="sqlite:///PATH or postgresql://"):
        await open_store("mysql://user:secret@host/db")
    with pytest.raises(StorageError, match="names no file"):
        await open_store("sqlite:///")


async def test_unreachable_postgres_is_a_clear_error_without_password() -> None:
    from storage.postgres import PostgresStore

    with pytest.raises(StorageError) as info:
        await PostgresStore.open(
            "postgresql://muster:hunter2@127.0.0.1:1/muster", connect_timeout=3
        )
    assert "cannot connect to PostgreSQL" in str(info.value)
    assert "hunter2" not in str(info.value)
