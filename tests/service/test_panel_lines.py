"""A long list of legal moves is grouped by kind with counts: no kind hides behind another."""

from __future__ import annotations

from bot.service.i18n import localise
from bot.service.updates import can_lines


def test_a_short_list_is_one_line() -> None:
    assert can_lines(["take 1", "take 2"]) == ["You can: take 1, take 2"]


def test_a_long_list_is_grouped_by_kind_with_counts() -> None:
    moves = [f"move A{i} B{i}" for i in range(124)]
    options = [
        *moves[:60],
        "shoot D2 3",
        *moves[60:],
        "loot B1",
        "objective 2",
        "equip decoy_flare red",
    ]
    lines = can_lines(options)
    assert lines[0] == "You can:"
    assert lines[1] == (
        "  move, 124 options: move A0 B0, move A1 B1, move A2 B2, move A3 B3, move A4 B4,"
        " move A5 B5 (+118 more)"
    )
    assert lines[2:] == [
        "  shoot, 1 option: shoot D2 3",
        "  loot, 1 option: loot B1",
        "  objective, 1 option: objective 2",
        "  equip, 1 option: equip decoy_flare red",
    ]
    assert localise(lines[2], "cs") == "  shoot, 1 možnost: shoot D2 3"
