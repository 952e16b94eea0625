"""Steps the scenarios share: waiting for a post, placing a Neuroshima HQ from a DM panel."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from tests.discord.wire.scenario import Table
from tests.discord.wire.users import Player, op


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
    """Wait for `who`'s first tile panel (after both HQs): exactly one live panel, theirs."""
    assert await until(lambda: bool(who.panels(table.game)), 30), f"{who.person.name}: no panel"
    (panel,) = who.panels(table.game)
    assert op(panel, "tile").startswith(f"ms:{table.game}:{seat}:")
