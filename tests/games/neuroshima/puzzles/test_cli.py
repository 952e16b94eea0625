"""`muster neuroshima puzzle check|generate` and `muster neuroshima battle` with several files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import main
from games.neuroshima import scenario
from games.neuroshima.puzzles import load, solve
from tests.games.neuroshima.puzzles.handmade import runner_to_the_gap, snipe_the_hunter

SCENARIOS = Path(__file__).parents[1] / "scenarios"


def _write(folder: Path, name: str, doc: Any) -> Path:
    path = folder / name
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc, encoding="utf-8")
    return path


def _complete(doc: dict[str, Any]) -> dict[str, Any]:
    return {**doc, "solutions": [list(line) for line in solve(load(doc)).texts()]}


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MUSTER_LOCALE", "en")


def test_check_exits_0_when_the_listed_solutions_are_exactly_the_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = _write(tmp_path, "a.json", _complete(runner_to_the_gap()))
    b = _write(tmp_path, "b.json", snipe_the_hunter())
    assert main(["neuroshima", "puzzle", "check", str(a), str(b)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[1].split(" ")[0] for line in out] == ["ok", "ok"]
    assert out[0].startswith(f"{a}: ok (73 turns, 18 lines")


def test_check_exits_1_when_an_answer_is_missing_or_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    short = _write(tmp_path, "short.json", runner_to_the_gap())
    too_much = {"kind": "survive", "above": 5}
    wrong = _write(tmp_path, "wrong.json", {**snipe_the_hunter(), "goal": too_much})
    assert main(["neuroshima", "puzzle", "check", str(short), str(wrong)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        f"{short}: FAILED not listed: place outpost.runner A2 0 / move A2 B2 2 mobility"
        " (and 16 more)"
    )
    assert out[1] == f"{wrong}: FAILED no turn reaches the goal"


def test_check_exits_2_on_a_malformed_file_with_one_line_naming_the_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _write(tmp_path, "good.json", snipe_the_hunter())
    bad = _write(tmp_path, "bad.json", {**snipe_the_hunter(), "seat": 7})
    assert main(["neuroshima", "puzzle", "check", str(bad), str(good)]) == 2
    captured = capsys.readouterr()
    assert captured.err == (
        f'muster: {bad}: "seat" must be one of the position\'s seats, not 7'
        " (format: docs/formats/neuroshima-puzzle.md)\n"
    )
    assert captured.out.startswith(f"{good}: ok")
    assert (Path(__file__).parents[4] / "docs/formats/neuroshima-puzzle.md").is_file()


def test_check_of_a_file_that_is_not_json_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = _write(tmp_path, "bad.json", "{not json")
    assert main(["neuroshima", "puzzle", "check", str(bad)]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1


def test_generate_writes_checked_puzzles_named_by_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "set"
    assert main(["neuroshima", "puzzle", "generate", "--count", "1", "--seed", "test",
                 "--out", str(out)]) == 0  # fmt: skip
    (written,) = sorted(out.glob("*.json"))
    puzzle = load(json.loads(written.read_text(encoding="utf-8")))
    assert written.name == f"{puzzle.id}.json"
    assert capsys.readouterr().out.startswith(f"wrote 1 puzzles to {out} from 1 games")
    assert main(["neuroshima", "puzzle", "check", str(written)]) == 0


def test_battle_with_several_files_prints_one_result_per_line_in_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = sorted(p for p in SCENARIOS.glob("*.json") if ".expected" not in p.name)[:2]
    bad = _write(tmp_path, "bad.json", {"format": "nope"})
    assert main(["neuroshima", "battle", str(first), str(bad), str(second)]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    for line, path in ((lines[0], first), (lines[2], second)):
        expected = scenario.run(json.loads(path.read_text(encoding="utf-8")))
        assert json.loads(line) == json.loads(json.dumps(expected))
    assert json.loads(lines[1]) == {
        "file": str(bad),
        "error": '"format" must be "muster.neuroshima.battle/1"',
    }


def test_battle_with_good_files_only_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in SCENARIOS.glob("*.json") if ".expected" not in p.name)[:3]
    assert main(["neuroshima", "battle", *files]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 3
