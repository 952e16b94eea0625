"""`muster console --script` fails visibly when a command ended in an internal error."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import settings_from
from bot.console.app import ConsoleOptions, run_console
from bot.service.service import Service


def _run(tmp_path: Path, script: str) -> int:
    path = tmp_path / "script.txt"
    path.write_text(script, encoding="utf-8")
    settings = settings_from({"MUSTER_DATABASE": f"sqlite:///{tmp_path / 'muster.db'}"})
    return run_console(settings, path, ConsoleOptions(tmp_path / "images", images=False))


def test_a_script_whose_commands_are_refused_exits_0(tmp_path: Path) -> None:
    assert _run(tmp_path, "/game 99\n/as 99999999999999999999\n/board game:1\n") == 0


def test_a_script_with_an_internal_error_exits_1_after_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    async def broken(self: Service, game: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Service, "board", broken)
    code = _run(tmp_path, "/neuroshima new vs:open\n/board\n/games\n")
    out = capsys.readouterr().out
    assert code == 1
    assert "Internal error: RuntimeError: a bug" in out
    assert "> /games\nYour open games:" in out  # the script ran to its end
