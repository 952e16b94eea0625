"""Whole Neuroshima games played through the console: a duel against the AI, a 4-player game."""

from __future__ import annotations

import random

from bot.console.session import Session
from tests.console.helpers import play_out, run


async def test_a_full_duel_against_the_ai(session: Session) -> None:
    out = await run(session, "/seed duel", "/neuroshima new mode:duel vs:ai level:easy army:moloch")
    assert "Game 1 started." in out
    out += await play_out(session, ["you"], random.Random(3), limit=400)
    assert "[game over, game 1]" in out
    assert "[battle, game 1]" in out
    out = await run(session, "/games", "/history last:3", "/profile")
    assert "You are in no open games." in out and "Result:" in out
    assert "you in Neuroshima Hex: rating" in out


async def test_a_full_four_player_game_hot_seat_with_ai_seats(session: Session) -> None:
    out = await run(
        session,
        "/seed four",
        "/as alice",
        "/neuroshima new mode:deathmatch seats:4 army:moloch",
        "/as bob",
        "/neuroshima join game:1 army:borgo",
        "/as carol",
        "/neuroshima join game:1 army:random",
        "/as alice",
        "/neuroshima add-ai level:easy army:hegemony",
        "/neuroshima start",
    )
    assert "Game 1 started." in out
    out += await play_out(session, ["alice", "bob", "carol"], random.Random(4), limit=1500)
    assert "[game over, game 1]" in out
    for name in ("alice", "bob", "carol"):
        assert f"[to {name}, game 1, private]" in out
    out = await run(session, "/leaderboard")
    assert "Neuroshima Hex leaderboard:" in out
