"""Steps the scenarios share: waiting for a post, placing a Neuroshima HQ from a DM panel."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable

from tests.discord.wire import scenario
from tests.discord.wire.scenario import Budget, Table
from tests.discord.wire.users import Player, ids, op
from tests.discord.wire.world import WireWorld

MOVES = 14
"""Moves per game: enough to reach the phases whose menus are the longest (deployment, combat)."""
Opening = Callable[[list[Player]], Awaitable[Table]]


async def until(check: Callable[[], bool], timeout: float) -> bool:
    """Wait until `check()` holds; False when `timeout` seconds pass first."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.1)
    return True


async def place_hq(who: Player, table: Table, where: str, seat: int) -> None:
    """`who` places their HQ from their newest panel; the panel must be for their seat."""
    assert await until(lambda: bool(who.panels(table.game)), 30), f"{who.person.name}: no panel"
    panel = who.panels(table.game)[-1]
    assert op(panel, "hq").startswith(f"ms:{table.game}:{seat}:")
    played = await who.select(panel, op(panel, "hq"), where)
    assert played.callback is not None and played.callback.status == 200


async def your_move(who: Player, table: Table, seat: int) -> None:
    """Wait for `who`'s first turn panel after both HQs (a tile to play or to discard, by the
    draw): then it is their one live panel."""

    def turn() -> list[str]:
        return [i for m in who.panels(table.game) for i in ids(m) if i.split(":")[4] != "hq"]

    assert await until(lambda: bool(turn()), 30), f"{who.person.name}: no panel for their turn"
    assert turn()[0].startswith(f"ms:{table.game}:{seat}:")
    assert await until(lambda: len(who.panels(table.game)) == 1, 10), "an old panel stays live"


async def play_within_limits(wire: WireWorld, opening: Opening) -> None:
    """Open a game, play it for a while with random legal moves, and find nothing refused."""
    guild = wire.server("owner")
    players = [wire.player("alice", guild), wire.player("bob", guild)]
    await wire.bot.start()
    table = await opening(players)
    rng, budget = random.Random(5), Budget(4 * MOVES)
    for player in table.players:
        player.patient = False
    moved, idle = 0, 0
    for _ in range(MOVES):
        acted = [await scenario.act(p, table, rng, budget) for p in table.players]
        moved += sum(acted)
        if any(acted):
            idle = 0
            continue
        # The AI's reply comes after the person's answer (issue 18): give it time to arrive.
        idle += 1
        if idle > 30:  # about a minute without a legal move: the game is stuck
            break
        await asyncio.sleep(1.0)
    await wire.sim.idle(quiet=1.0, timeout=60)
    assert moved >= 2
    refused = [(r.path, r.error) for r in wire.sim.fake.requests if r.code == 50035]
    assert refused == []
    assert wire.problems() == []
