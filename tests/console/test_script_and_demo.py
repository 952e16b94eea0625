"""`muster console --script FILE` as outside checks run it, and `muster demo`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from bot.demo import play_demo, run_demo

ROOT = Path(__file__).parents[2]
SCRIPT = """\
# a comment line is skipped
/seed script
/neuroshima new mode:duel vs:ai level:easy army:moloch
/neuroshima hq hex:C3
/neuroshima hq hex:C4
/board
/quit
/board
"""


def _muster(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "MUSTER_HOME": str(tmp / "home"),
        "MUSTER_DATABASE": f"sqlite:///{tmp / 'db' / 'muster.db'}",
        "MUSTER_LOG_LEVEL": "WARNING",
    }
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp,
        env=env,
    )


def test_a_script_prints_a_stable_transcript(tmp_path: Path) -> None:
    script = tmp_path / "game.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    first = _muster(tmp_path, "console", "--script", str(script), "--out", "img")
    assert first.returncode == 0, first.stderr
    out = first.stdout
    assert out.startswith("> /seed script\nNew games use seed 'script'.\n")
    assert "> /neuroshima new mode:duel vs:ai level:easy army:moloch\nCreated game 1." in out
    assert "you (Moloch): hq C3" in out
    assert "> /neuroshima hq hex:C4\nError (" in out
    assert f"image: img{os.sep}game1-v0-board.png" in out
    assert out.rstrip().endswith("Bye.") and out.count("> /board") == 1
    assert (tmp_path / "img" / "game1-v0-board.png").read_bytes().startswith(b"\x89PNG")
    # The same database after a restart: the game is still there.
    again = tmp_path / "again.txt"
    again.write_text("/games\n", encoding="utf-8")
    second = _muster(tmp_path, "console", "--script", str(again), "--no-images")
    assert "#1 Neuroshima Hex (active)  <- your move" in second.stdout


def test_no_images_prints_no_image_line(tmp_path: Path) -> None:
    script = tmp_path / "game.txt"
    script.write_text(SCRIPT.replace("/quit\n", ""), encoding="utf-8")
    done = _muster(tmp_path, "console", "--script", str(script), "--no-images")
    assert done.returncode == 0, done.stderr
    assert "you (Moloch): hq C3" in done.stdout
    assert "image" not in done.stdout and "frames" not in done.stdout
    assert not (tmp_path / "data").exists()


def test_a_missing_script_exits_2(tmp_path: Path) -> None:
    result = _muster(tmp_path, "console", "--script", "nope.txt")
    assert result.returncode == 2 and "cannot read nope.txt" in result.stderr


async def test_the_demo_plays_a_whole_game_and_writes_its_pictures(tmp_path: Path) -> None:
    result = await play_demo(tmp_path, "demo-test", players=3)
    assert "is over" in result.result
    assert result.turns > 10 and result.battles >= 1
    names = {p.name for p in result.files}
    assert "turn000-board.png" in names
    assert any(re.fullmatch(r"turn\d{3}-battle1-1\.png", name) for name in names)
    assert "final-board.png" in names and (tmp_path / "history.txt").exists()


def test_demo_refuses_a_bad_player_count(tmp_path: Path) -> None:
    assert run_demo("x", 5, tmp_path) == 2
