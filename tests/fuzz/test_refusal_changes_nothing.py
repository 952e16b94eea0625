"""A refused command changes nothing: `/sniper start seed:` stores the words only with the start,
and the catalogue fuzz's check counts a refusal that wrote anything."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.service import lobby
from bot.service.commands import catalogue, dispatch
from bot.service.plugins.sniper_elite.hosting import save_options
from bot.service.table import load_table
from games import engine
from games.base import GameError
from tests.fuzz.catalogue import World
from tests.fuzz.values import RandomChooser


def _refuse_to_set_up(*args: Any, **kwargs: Any) -> Any:
    raise GameError("the rules refuse this config", code="bad")


async def _world(tmp_path: Path) -> tuple[World, int]:
    world = World(tmp_path, RandomChooser(random.Random(1)))
    await world.open()
    reply = await world._run("dave", "sniper new", map="pinecrest")
    return world, reply.game_id


async def _start_with_words(world: World, game: int) -> None:
    command = catalogue().find("sniper start")
    assert command is not None
    options = {"game": game, "seed": "my lucky words"}
    await world._checked("/sniper start", lambda: dispatch(world.service, "dave", command, options))


async def test_a_refused_sniper_start_keeps_the_lobby_without_the_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world, game = await _world(tmp_path)
    try:
        monkeypatch.setattr(engine, "start", _refuse_to_set_up)
        await _start_with_words(world, game)
        assert world.tally.codes == {"bad_config": 1}
        assert world.tally.state_changes_on_rejection == 0
        table = await load_table(world.service.host, game)
        assert "seeds" not in table.settings.options
    finally:
        await world.close()


async def test_the_fuzz_counts_a_refusal_that_wrote_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old order (save the words, then start, which may refuse) is what the check catches."""
    world, game = await _world(tmp_path)

    async def save_then_start(host: Any, gid: int, by: int, admin: bool = False,
                              options: Any = None) -> Any:  # fmt: skip
        await save_options(host, await load_table(host, gid), options)
        raise GameError("refused after the write", code="not_full")

    try:
        monkeypatch.setattr(lobby, "start", save_then_start)
        await _start_with_words(world, game)
        assert world.tally.state_changes_on_rejection == 1
        assert "changed on not_full" in world.tally.first
    finally:
        await world.close()
