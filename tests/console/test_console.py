"""Scripted console sessions: lobby, play, undo, errors, clocks, ratings, replays, restarts."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from bot.console.completion import complete_line
from bot.console.parse import parse_command
from bot.console.session import Session
from bot.service import FakeClock
from bot.service.commands import catalogue
from games.base import GameError
from tests.console.conftest import open_session
from tests.console.helpers import legal_moves, run

DUEL = "/neuroshima new mode:duel vs:ai level:easy army:moloch"


def test_the_grammar_reads_named_and_positional_options() -> None:
    cat = catalogue()
    parsed = parse_command("/neuroshima place tile:runner hex:C3 facing:2", cat)
    assert parsed.command.path == "neuroshima place"
    assert parsed.options == {"tile": "runner", "hex": "C3", "facing": 2}
    assert parse_command("/neuroshima place runner C3 2", cat).options == parsed.options
    assert parse_command("/neuroshima act place runner C3 2", cat).options == {
        "action": "place runner C3 2"
    }
    assert parse_command("/neuroshima act action:place runner C3 2 game:4", cat).options == {
        "action": "place runner C3 2",
        "game": 4,
    }
    assert parse_command("/help neuroshima place", cat).options == {"topic": "neuroshima place"}
    for line, code in [
        ("/dance", "unknown_command"),
        ("/neuroshima", "missing_subcommand"),
        ("/neuroshima fly", "unknown_command"),
        ("/board game:two", "bad_option"),
        ("/board 1 2", "too_many_words"),
        ("/board game:1 game:2", "repeated_option"),
    ]:
        with pytest.raises(GameError) as err:
            parse_command(line, cat)
        assert err.value.code == code, line


async def test_lobby_hot_seat_and_errors(session: Session) -> None:
    out = await run(
        session,
        "/seed lobby",
        "/neuroshima new mode:deathmatch seats:3 army:moloch",
        "/as bob",
        "/neuroshima join game:1 army:moloch",
        "/neuroshima join game:1 army:borgo",
        "/neuroshima join game:1",
        "/neuroshima start",
        "/as you",
        "/neuroshima add-ai level:easy",
        "/neuroshima add-ai level:easy",
        "/neuroshima start",
    )
    assert "Created game 1." in out and "seat 0: you as Moloch" in out
    assert "Error (army_taken): The army moloch is taken." in out
    assert "bob joined game 1." in out and "Error (already_in)" in out
    assert "Error (not_host)" in out and "Error (full)" in out
    assert "Game 1 started." in out and "[to you, game 1, private]" in out


async def test_play_undo_and_errors(session: Session) -> None:
    out = await run(session, "/seed play", DUEL, "/neuroshima hq hex:C3")
    assert "you (Moloch): hq C3" in out
    tiles = await complete_line(session, "/neuroshima place tile:")
    # Tiles are offered by the short names players type (`medic`, not `moloch.medic`).
    assert tiles and all(t.startswith("tile:") and "." not in t for t in tiles)
    tile = tiles[0].removeprefix("tile:")
    hexes = await complete_line(session, f"/neuroshima place tile:{tile} hex:")
    assert "hex:C3" not in hexes and "hex:B2" in hexes
    facings = await complete_line(session, f"/neuroshima place tile:{tile} hex:B2 facing:")
    assert facings == [f"facing:{f}" for f in range(6)]
    out = await run(session, f"/neuroshima place tile:{tile} hex:B2 facing:1")
    assert f"place moloch.{tile} B2 1" in out
    out = await run(session, "/undo", "/undo")
    assert "undid" in out.lower() and "Error (nothing_to_undo)" in out
    out = await run(
        session,
        "/neuroshima place tile:zz hex:B2 facing:1",
        "/neuroshima place tile:" + tile + " hex:C3 facing:1",
        "/neuroshima hq hex:B2",
        "/as bob",
        "/neuroshima end game:1",
        "/as you",
        "fly away",
    )
    assert "Error (unknown_tile)" in out
    assert "Error (illegal_action)" in out or "occupied" in out
    assert "Error (not_seated)" in out and "Error (unknown_verb)" in out
    # Bare text plays in the game in focus; the rules have the last word.
    out = await run(session, "end")
    assert "you (Moloch): end" in out


async def test_tab_completion_of_commands_and_options(session: Session) -> None:
    assert "/neuroshima" in await complete_line(session, "/neu")
    assert "/as" in await complete_line(session, "/a")
    assert await complete_line(session, "/neuroshima pl") == ["place"]
    assert await complete_line(session, "/neuroshima place ") == [
        "tile:", "hex:", "facing:", "game:"
    ]  # fmt: skip
    assert await complete_line(session, "/neuroshima new mode:d") == [
        "mode:duel",
        "mode:deathmatch",
    ]
    assert await complete_line(session, "/neuroshima new rated:") == ["rated:true", "rated:false"]
    assert "army:borgo" in await complete_line(session, "/neuroshima new army:")
    # No game yet: nothing legal to suggest, and no error either.
    assert await complete_line(session, "/neuroshima place tile:") == []
    await run(session, "/seed completion", DUEL)
    assert await complete_line(session, "/neuroshima hq hex:C") == [
        f"hex:C{i}" for i in range(1, 6)
    ]
    assert "game:1" in await complete_line(session, "/board game:")
    assert "action:hq C3" in await complete_line(session, "/neuroshima act action:hq")
    # Readline replaces the last word: a multi-word value continues with its next words.
    assert "C3" in await complete_line(session, "/neuroshima act action:hq C")


async def test_clock_reminders_and_timeout(session: Session, clock: FakeClock) -> None:
    await run(session, "/seed clock", DUEL + " clock:1h")
    out = await run(session, "/wait 35m")
    assert "[reminder to you, game 1]" in out
    out = await run(session, "/wait 20m")
    assert "[reminder to you, game 1]" in out
    before = clock.now()
    out = await run(session, "/wait 13h")
    assert clock.now() - before == timedelta(hours=13)
    assert (
        "is out of time in game 1: they forfeit unless they move by"
        " Jan 7, 2025, 1:55\u202fPM UTC (in 12 hours)."
    ) in out
    out = await run(session, "/wait 13h", "/games")
    assert "[game over, game 1]" in out and "You are in no open games." in out


async def test_resign_rates_the_game_and_shows_profiles(session: Session) -> None:
    out = await run(session, "/seed rated", DUEL, "/neuroshima resign")
    assert "[game over, game 1]" in out and "won" in out
    out = await run(session, "/profile", "/leaderboard", "/games")
    assert "you in Neuroshima Hex: rating" in out and "1 game, 0 wins" in out
    assert "Neuroshima Hex leaderboard:" in out and "1. you:" in out
    assert "You are in no open games." in out


async def test_ratings_are_written_in_the_readers_language(session: Session) -> None:
    out = await run(session, "/seed rated", DUEL, "/neuroshima resign", "/settings language:cs")
    assert "  AI (easy): 0.0 -> 3.4 (+3.4)" in out.splitlines()
    out = await run(session, "/profile", "/leaderboard")
    assert out.splitlines()[-4:] == [
        "you v Neuroshima Hex: hodnocení -1,8, 1 hra, 0 výher.",
        "  hra #1: 0,0 -> -1,8",
        "Žebříček Neuroshima Hex:",
        "  1. you: -1,8 (1 hra)",
    ]


async def test_history_and_replays_with_images(tmp_path: Path, clock: FakeClock) -> None:
    session = await open_session(tmp_path / "m.db", clock, images=tmp_path / "img")
    try:
        await run(session, "/seed replay", DUEL)
        for _ in range(6):
            await run(session, f"/neuroshima act action:{(await legal_moves(session))[0]}")
        out = await run(session, "/history", "/replay", "/replay step:2", "/export")
        assert "Turn 0 - you (Moloch)" in out  # the turn the first board title shows
        assert "replay:" in out and "  1. you (Moloch): hq A1" in out
        assert "Game 1, step 2:" in out and "image: " in out
        assert (tmp_path / "img" / "game1.json").exists()
        assert list((tmp_path / "img").glob("game1-step2-board.png"))
        out = await run(session, "/replay step:999")
        assert "Error (no_step)" in out
    finally:
        await session.service.close()


async def test_a_lobby_has_no_moves_to_replay(session: Session) -> None:
    await run(session, "/neuroshima new mode:duel army:moloch")
    out = await run(session, "/replay game:1 step:1")
    assert "Game 1 has no moves to replay yet." in out and "Error (no_step)" in out


async def test_a_game_without_moves_has_an_empty_history(session: Session) -> None:
    await run(session, DUEL)
    out = await run(session, "/history game:1")
    assert out == "Game 1 has no moves yet."
    await run(session, "/neuroshima hq hex:C3")
    assert (await run(session, "/history game:1")).startswith("Game 1: ")


async def test_games_survive_a_restart(tmp_path: Path, clock: FakeClock) -> None:
    first = await open_session(tmp_path / "m.db", clock)
    await run(first, "/seed restart", DUEL, "/neuroshima hq hex:C3")
    await first.service.close()
    second = await open_session(tmp_path / "m.db", clock)
    try:
        out = await run(second, "/games", "/board game:1")
        assert "#1 Neuroshima Hex (active)  <- your move" in out
        assert "C3: Moloch HQ" in out
        assert await legal_moves(second)
        out = await run(second, "/neuroshima end")
        assert "you (Moloch): end" in out
    finally:
        await second.service.close()


async def test_help_and_quit(session: Session) -> None:
    assert "/as NAME" in (await session.handle("/help")).text
    assert "place" in (await session.handle("/help neuroshima")).text
    answer = await session.handle("/quit")
    assert answer.stop and answer.text == "Bye."
