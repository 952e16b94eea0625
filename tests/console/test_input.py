"""Console input: bogus options and values are refused naming what is allowed, only 0-9 are
digits, invisible characters are dropped, army keys never show, Tab finishes words."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console.completion import complete_line, tab_candidates
from bot.console.parse import check_digits, clean_line
from bot.console.session import Session
from bot.service.presenters import _PRESENTERS, Presenter
from games.base import GameError
from tests.console.helpers import run

# A seed whose first draw is a Runner (see test_readme).
START = ("/seed readme-69", "/neuroshima new mode:duel vs:ai level:easy army:outpost")


@pytest.mark.parametrize(
    "line",
    ["hq C3 facing:9", "/neuroshima hq hex:C3 facing:9", "/neuroshima hq C3 facing:9"],
)
async def test_an_unknown_option_is_refused_naming_the_options(session: Session, line: str) -> None:
    await run(session, *START)
    out = await run(session, line)
    assert (
        out
        == "Error (unknown_option): /neuroshima hq has no option facing; its options: hex, game."
    )
    assert "hq C3" not in await run(session, "/history")


async def test_a_bare_option_without_a_command_is_refused(session: Session) -> None:
    await run(session, *START)
    out = await run(session, "frobnicate C3 facing:9")
    assert out.startswith("Error (unknown_option): Options (name:value) go with a command")


async def test_a_bogus_value_names_the_allowed_ones(session: Session) -> None:
    await run(session, *START, "hq C3")
    assert await run(session, "place runner C2 9") == "Error (bad_facing): 9 is not a facing (0-5)"
    assert await run(session, "hq C3 2") == "Error (usage): Usage: hq C3"


@pytest.mark.parametrize("digit", ["٣", "३", "３"])
async def test_only_ascii_digits_are_numbers(session: Session, digit: str) -> None:
    await run(session, *START, "hq C3")
    out = await run(session, f"place runner C2 {digit}")
    assert out.startswith("Error (not_a_digit): Only the digits 0-9 are numbers: " + digit)
    out = await run(session, f"/neuroshima place tile:runner hex:C2 facing:{digit}")
    assert out.startswith("Error (not_a_digit)")
    assert "place outpost.runner" not in await run(session, "/history")


def test_invisible_characters_are_dropped_and_spaces_are_spaces() -> None:
    assert clean_line("hq C\u200b3\ufeff") == "hq C3"
    assert clean_line("place\u00a0runner C2\u20602") == "place runner C22"
    with pytest.raises(GameError) as refused:
        check_digits("facing:\u0663")
    assert refused.value.code == "not_a_digit"


async def test_a_zero_width_space_does_not_spoil_a_hex(session: Session) -> None:
    await run(session, *START)
    out = await run(session, "hq C\u200b3")
    assert "you (Outpost): hq C3" in out


async def test_army_keys_never_show_in_text(session: Session) -> None:
    out = await run(session, "/seed readme-69", "/neuroshima new mode:duel vs:ai army:outpost")
    out += await run(session, "hq C3", "/board", "/history")
    assert "ddm2e" not in out and "Doomsday Machine" in out
    assert "Seat 1 Doomsday Machine: HQ 20" in out


async def test_tab_finishes_a_word_with_a_space(session: Session) -> None:
    assert await tab_candidates(session, "/ne") == ["/neuroshima "]
    assert await tab_candidates(session, "/neuroshima pl") == ["place "]
    assert await tab_candidates(session, "/neuroshima place ti") == ["tile:"]


async def test_tab_completes_bare_moves_and_short_tile_names(session: Session) -> None:
    await run(session, *START, "hq C3")
    assert await complete_line(session, "pl") == ["place"]
    assert await complete_line(session, "place r") == ["runner"]
    hexes = await complete_line(session, "place runner ")
    assert "C2" in hexes and "C3" not in hexes
    assert await complete_line(session, "place runner C2 ") == ["0", "1", "2", "3", "4", "5"]
    assert await complete_line(session, "/neuroshima place tile:r") == ["tile:runner"]
    assert await complete_line(session, "/neuroshima place tile:outpost.r") == [
        "tile:outpost.runner"
    ]
    assert await complete_line(session, "/neuroshima discard tile:") == ["tile:runner"]
    out = await run(session, "place runner C2 2")
    assert "you (Outpost): place outpost.runner C2 2" in out


async def test_images_are_drawn_with_the_players_names(
    session: Session, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    drawn: list[tuple[str, ...] | None] = []

    def board(view: object, names: tuple[str, ...] | None = None) -> bytes:
        drawn.append(names)
        return b"\x89PNG"

    monkeypatch.setitem(_PRESENTERS, "neuroshima", Presenter(board=board))
    session.images.folder = tmp_path
    await run(session, "/seed names", "/as ada", "/neuroshima new mode:duel vs:ai army:outpost")
    await run(session, "hq C3", "/board")
    assert drawn and all(names == ("ada", "AI (normal)") for names in drawn), drawn
