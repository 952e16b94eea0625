"""/settings notifications: dm | thread | off, and asking for DMs again re-probes a closed DM."""

from __future__ import annotations

from bot.discord import i18n
from bot.service.commands.frontend import dm_status
from tests.discord.conftest import World


async def vs_ai(world: World) -> None:
    """alice starts a duel against the easy AI (her hand panel is her first private update)."""
    await world.slash(world.alice, "neuroshima new", vs="ai", level="easy", army="moloch")


async def test_closed_dms_are_tried_again_when_asked_for(world: World) -> None:
    alice, log = world.alice, world.client.log
    alice.dms_closed = True
    await vs_ai(world)
    assert await dm_status(world.service, alice.id) == "blocked"
    still = await world.slash(alice, "settings", notifications="dm")
    assert [s.content for s in log.of("followup", still.id)][-1] == i18n.t("dm_still_closed")
    assert await dm_status(world.service, alice.id) == "blocked"
    alice.dms_closed = False
    opened = await world.slash(alice, "settings", notifications="dm")
    said = [s.content or "" for s in log.of("followup", opened.id)]
    assert said[-1].endswith("Notifications: by direct message.")
    assert log.of("dm", alice.id)[-1].content == i18n.t("dm_reopened")
    assert await dm_status(world.service, alice.id) == "ok"


async def test_thread_sends_the_hand_to_a_private_thread_though_dms_are_open(
    world: World,
) -> None:
    await world.slash(world.alice, "settings", notifications="thread")
    await vs_ai(world)
    assert world.client.log.of("dm", world.alice.id) == []
    (hand,) = [s for s in world.client.log.of("thread") if s.extra.get("type") == "private"]
    assert world.client.log.of("send", hand.where), "the hand panel went to the thread"


async def test_off_sends_nothing_private_and_hand_still_answers(world: World) -> None:
    await world.slash(world.alice, "settings", notifications="off")
    await vs_ai(world)
    log = world.client.log
    assert log.of("dm", world.alice.id) == []
    assert [s for s in log.of("thread") if s.extra.get("type") == "private"] == []
    asked = await world.slash(world.alice, "hand")
    assert log.of("followup", asked.id) or log.of("respond", asked.id)
