"""Scenario 5: every game's panels, posts and menus pass Discord's limits as the simulator enforces
them (2000 characters, 5 rows, 25 unique options, 100-character values...: 400 / 50035)."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable

import pytest

from tests.discord.wire import scenario
from tests.discord.wire.scenario import Budget, Table
from tests.discord.wire.users import Player
from tests.discord.wire.world import WireWorld

MOVES = 24
"""Moves per game: enough to reach the phases whose menus are the longest (deployment, combat)."""
Opening = Callable[[list[Player]], Awaitable[Table]]


@pytest.mark.parametrize(
    "opening",
    [scenario.duel, scenario.space_alert, scenario.sniper],
    ids=["neuroshima", "space-alert", "sniper"],
)
async def test_every_post_and_menu_of_a_game_is_one_discord_accepts(
    wire: WireWorld, opening: Opening
) -> None:
    await play_within_limits(wire, opening)


async def play_within_limits(wire: WireWorld, opening: Opening) -> None:
    """Open a game, play it for a while with random legal moves, and find nothing refused."""
    guild = wire.server("owner")
    players = [wire.player("alice", guild), wire.player("bob", guild)]
    await wire.bot.start()
    table = await opening(players)
    rng, budget = random.Random(5), Budget(4 * MOVES)
    for player in table.players:
        player.patient = False
    moved = 0
    for _ in range(MOVES):
        acted = [await scenario.act(p, table, rng, budget) for p in table.players]
        moved += sum(acted)
        if not any(acted):
            break
    await wire.sim.idle(quiet=1.0, timeout=60)
    assert moved >= 2
    refused = [(r.path, r.error) for r in wire.sim.fake.requests if r.code == 50035]
    assert refused == []
    assert wire.problems() == []
