"""`muster neuroshima selfplay`: mirrored games and the result table."""

from __future__ import annotations

import pytest

from bot.selfplay import percentile, schedule, selfplay_main, wilson


def test_selfplay_prints_a_table_of_mirrored_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert selfplay_main(["--a", "easy", "--b", "random", "--games", "2", "--seed", "t",
                          "--armies", "borgo,outpost"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "easy (A) vs random (B): 2 games" in out
    assert "think easy: per decision" in out and "per turn p95" in out


def test_games_come_in_mirrored_pairs_over_every_pairing() -> None:
    jobs = schedule(50, "s", None)
    assert [seat for _, seat, _ in jobs[:4]] == [0, 1, 0, 1]
    assert jobs[0][0] == jobs[1][0] and jobs[0][2] == jobs[1][2]
    assert len({pair for pair, _, _ in jobs}) == 25


def test_wilson_interval_and_percentile() -> None:
    low, high = wilson(95, 100)
    assert 0.88 < low < 0.95 < high < 0.98
    assert wilson(0, 0) == (0.0, 1.0)
    assert percentile([0.1 * i for i in range(1, 21)], 0.95) == pytest.approx(1.9)
