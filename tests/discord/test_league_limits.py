"""A league night's every message within Discord's limits (the limit-enforcing harness)."""

from __future__ import annotations

from bot.discord.files import MAX_FILES
from tests.discord.conftest import World
from tests.discord.real.limits import message_problems
from tests.discord.test_leagues import quick_games
from tests.discord.test_leagues import (
    test_an_organiser_runs_a_swiss_night_from_discord as swiss_night,
)

__all__ = ["quick_games"]  # the night's quick AI and images, as in its own module
CREATES = frozenset({"send", "followup", "dm", "respond"})
EDITS = frozenset({"edit", "edit_original"})


async def test_every_message_of_a_league_night_fits_discord(world: World) -> None:
    await swiss_night(world)
    checked = 0
    for sent in world.client.log:
        if sent.kind not in CREATES | EDITS:
            continue
        body = {
            "content": sent.content,
            "components": sent.view.to_components() if sent.view else [],
        }
        problems = message_problems(body, len(sent.files), creating=sent.kind in CREATES)
        assert problems == [], (sent.kind, sent.content, problems)
        assert len(sent.files) <= MAX_FILES
        checked += 1
    assert checked > 50
