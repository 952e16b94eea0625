"""The catalogue fuzz's world, on the /puzzle commands only: nothing but coded refusals."""

from __future__ import annotations

import random
from pathlib import Path

from bot.service.commands import catalogue
from tests.fuzz.catalogue import RandomChooser, Tally, World

STEPS = 150


async def test_the_puzzle_commands_fuzzed_never_fail_internally(tmp_path: Path) -> None:
    tally = Tally()
    world = World(tmp_path, RandomChooser(random.Random(26)), tally)
    puzzle = catalogue().group("puzzle")
    assert puzzle is not None
    assert set(puzzle.commands) <= set(world.commands)  # the whole-catalogue fuzz plays them too
    await world.open()
    try:
        world.commands = puzzle.commands
        for _ in range(STEPS):
            await world.step()
    finally:
        await world.close()
    found = "\n\n".join(f"{k}:\n{v}" for k, v in tally.first.items())
    assert tally.breaches() == 0, found
    assert tally.accepted > 10 and tally.rejected > 10
    assert {"no_puzzle", "not_admin"} <= set(tally.codes)
