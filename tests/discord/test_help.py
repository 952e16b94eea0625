"""/help answers only its asker, and its topic is autocompleted from the catalogue."""

from __future__ import annotations

from bot.service.commands import catalogue, complete
from tests.discord.conftest import World


async def test_help_is_ephemeral(world: World) -> None:
    asked = await world.slash(world.alice, "help", topic="neuroshima place")
    (answer,) = world.client.log.of("followup", asked.id)
    assert answer.ephemeral and (answer.content or "").startswith("/neuroshima place")
    (deferred,) = world.client.log.of("defer", asked.id)
    assert deferred.ephemeral


async def test_help_topics_are_suggested_as_typed(world: World) -> None:
    help_ = catalogue().find("help")
    assert help_ is not None
    found = await complete(world.service, world.alice.id, help_, "topic", {}, "neuroshima pl")
    assert [s.value for s in found] == ["neuroshima place"]
    groups = await complete(world.service, world.alice.id, help_, "topic", {}, "")
    names = [g.name for g in catalogue().groups]
    assert [s.value for s in groups][: len(names)] == names
    assert len(groups) == 25
