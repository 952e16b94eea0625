"""Scenario 5: every game's panels, posts and menus pass Discord's limits as the simulator enforces
them (2000 characters, 5 rows, 25 unique options, 100-character values...: 400 / 50035)."""

from __future__ import annotations

import pytest

from tests.discord.wire import scenario
from tests.discord.wire.steps import Opening, play_within_limits
from tests.discord.wire.world import WireWorld


@pytest.mark.parametrize(
    "opening",
    [scenario.duel, scenario.space_alert, scenario.sniper],
    ids=["neuroshima", "space-alert", "sniper"],
)
async def test_every_post_and_menu_of_a_game_is_one_discord_accepts(
    wire: WireWorld, opening: Opening
) -> None:
    await play_within_limits(wire, opening)
