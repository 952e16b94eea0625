"""Leagues in the console (a small Swiss night: AI entrants, a fake clock, /wait), and the
Discord-only `thread` option of new games, which the console accepts and ignores."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.console.session import Session
from bot.service import ai
from bot.service.commands.frontend import place
from bot.service.leagues import CONSOLE_GUILD, LeagueService
from tests.console.helpers import run


@pytest.fixture(autouse=True)
def random_neuroshima_ai() -> Iterator[None]:
    """AI entrants play random legal moves (the real AI is too slow for a dozen games)."""
    old = ai._CHOOSERS.get("neuroshima")
    ai.register_ai("neuroshima", ai.random_choice)
    yield
    if old is None:
        ai._CHOOSERS.pop("neuroshima", None)
    else:
        ai._CHOOSERS["neuroshima"] = old


async def people_tables(session: Session, league: int) -> list[tuple[int, list[str]]]:
    """The current round's unfinished games with a local player, and who sits there."""
    state = await LeagueService(session.service).state(league)
    current = state.current()
    assert current is not None
    found = []
    for table in current.tables:
        names = [session.names(state.entrants[e].user) for e in table.seats if e > 0]
        if names and (await place(session.service, table.game_id)).status == "active":
            found.append((table.game_id, names))
    return found


async def test_a_swiss_night_with_ai_entrants_and_a_fake_clock(
    session: Session, tmp_path: Path
) -> None:
    out = await run(
        session,
        "/seed night",
        "/league create name:Tuesday format:swiss rounds:2 clock:15m start:in 1h",
        "/league add-ai level:easy",
        "/league add-ai level:easy",
        "/league add-ai level:easy",
        "/league add-ai level:easy",
        "/league join",
        "/as bob",
        "/league join",
        "/league pause reason:mine",
    )
    assert "League Tuesday (#1) created" in out
    assert "[league #1] Tuesday:" in out, "the night's event is shown, not created anywhere"
    assert "AI easy 4 joined" in out and "bob joined Tuesday" in out
    assert "Error (not_org)" in out, "only the operator at the keyboard organises"
    leagues = LeagueService(session.service)
    league = await leagues.find(CONSOLE_GUILD, "Tuesday")

    out = await run(session, "/wait 46m")
    assert "Check-in for Tuesday is open" in out
    out = await run(session, "/league check-in", "/as you", "/league check-in", "/wait 14m")
    assert out.count("checked in") == 2
    assert "Tuesday starts with 6 players" in out and "round 1 is paired" in out
    assert "Tuesday · round 1 · table 1" in out and "[league #1] the night is" not in out
    state = await leagues.state(league)
    assert len(state.rounds) == 1 and len(state.rounds[0].tables) == 3

    # Round 1: the local players resign; the next round is paired after that very command.
    for game, names in await people_tables(session, league):
        if (await place(session.service, game)).status == "active":
            out = await run(session, f"/as {names[0]}", f"/neuroshima resign game:{game}")
    assert "round 2 is paired" in out
    # Round 2: nobody moves; the round deadline passes while the console waits.
    assert await people_tables(session, league)
    out = await run(session, "/as you", "/wait 3h")
    assert "Tuesday is over. Podium: 1." in out
    state = await leagues.state(league)
    assert state.phase == "finished" and len(state.rounds) == 2
    assert all(t.result is not None for r in state.rounds for t in r.tables)
    session.images.folder = tmp_path  # images on: the standings picture is written
    out = await run(session, "/league standings league:Tuesday", "/league archive")
    assert "pts" in out and "league-1-standings.png" in out
    assert "won by" in out


async def test_the_thread_option_of_new_games_is_accepted_and_ignored(session: Session) -> None:
    out = await run(
        session, "/seed threads", "/neuroshima new vs:ai level:easy army:moloch thread:private"
    )
    assert "Created game 1." in out and "Error" not in out


async def test_moments_are_written_in_the_players_own_zone(session: Session) -> None:
    out = await run(session, "/settings timezone:Europe/Prague",
                    "/league create name:Night start:2025-01-11_19:00")  # fmt: skip
    assert "starts Jan 11, 2025, 7:00\u202fPM CET (in 5 days)." in out
    # The next player at the keyboard has no zone: the same league, in UTC.
    out = await run(session, "/as bob", "/league log league:Night")
    assert out.splitlines()[-1].startswith("Jan 6, 2025, 12:00\u202fPM UTC #0 league created")
