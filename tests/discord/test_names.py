"""Display names from interactions: the caller's and the users its options name, stored with
the seat, refreshed on each interaction, never a raw `<@…>` on a label or an image."""

from __future__ import annotations

from pathlib import Path

from bot.service import FakeClock
from bot.service.commands.frontend import place
from tests.discord.conftest import World, make_world
from tests.discord.fakes import FakeUser, Sent, click


def stranger(world: World, user_id: int, name: str, nick: str) -> FakeUser:
    """A member whose server nickname the bot's user cache does not know (no members intent):
    the cache says the account name; only interactions carry the name the server shows."""
    user = world.client.user_(user_id, name)
    user.display_name = nick
    return user


def labels(sent: list[Sent]) -> list[str]:
    """Every button label and menu option label of the views sent."""
    found: list[str] = []
    for s in sent:
        for c in s.view.children if s.view else ():
            found.append(str(getattr(c, "label", "") or ""))
            item = getattr(c, "item", None)
            found += [o.label for o in getattr(item, "options", None) or ()]
    return found


async def test_a_joining_member_is_named_by_the_interaction_and_after_a_restart(
    world: World, tmp_path: Path
) -> None:
    carol = stranger(world, 3003, "carol", "Carol of the Wastes")
    assert world.service.host.name(carol.id) == "carol"  # what the thin cache alone says
    await world.slash(world.alice, "neuroshima new", army="moloch")
    game = int(world.client.log.of("followup")[-1].custom_ids[-1].split(":")[1])
    await click(world.interaction(carol), f"ml:{game}:join")
    await click(world.interaction(carol), f"ml:{game}:role", "outpost")
    assert world.service.host.name(carol.id) == "Carol of the Wastes"
    assert await world.service.store.seat_names(game) == {
        world.alice.id: "alice",
        carol.id: "Carol of the Wastes",
    }
    lobby = [s.content or "" for s in world.client.log.of("edit")]
    assert any("Carol of the Wastes as Outpost" in text for text in lobby)
    carol.display_name = "Carol (renamed)"
    await click(world.interaction(world.alice), f"ml:{game}:start")
    await click(world.interaction(carol), f"ml:{game}:leave")  # any interaction refreshes
    assert (await world.service.store.seat_names(game))[carol.id] == "Carol (renamed)"
    await world.service.close()
    again = await make_world(tmp_path, FakeClock(), world.client)
    try:
        assert (await place(again.service, game)).status == "active"
        await again.service.board(game)  # loading the game brings its seats' names
        assert again.service.host.name(carol.id) == "Carol (renamed)"
    finally:
        await again.service.close()


async def test_a_challenged_member_is_named_by_the_option_before_acting(world: World) -> None:
    dave = stranger(world, 4004, "dave", "Dave the Mild")
    interaction = world.interaction(world.alice, namespace={"opponent": dave})
    command = world.command("neuroshima challenge")
    await command.callback(interaction, opponent=dave, army="moloch")  # type: ignore[call-arg]
    assert world.service.host.name(dave.id) == "Dave the Mild"
    assert not [label for label in labels(list(world.client.log)) if "<@" in label]


def test_the_bot_never_falls_back_to_a_mention() -> None:
    from bot.discord.app import MusterBot

    bot = MusterBot.__new__(MusterBot)
    bot.get_user = lambda user_id: None  # type: ignore[method-assign]
    assert "<@" not in MusterBot.display_name(bot, 123456789012345678)
