"""League posts draw their images in the server's language, like their text."""

from __future__ import annotations

from bot.discord.leagues import announce
from bot.service.leagues import LeagueAnnouncement
from bot.service.outbox import Image
from games.text import Text
from tests.discord.conftest import GUILD, World
from tests.discord.test_duel import PNG


async def test_a_league_post_in_a_czech_server_draws_its_images_in_czech(world: World) -> None:
    interaction = world.interaction(world.alice, admin=True)
    await world.command("settings").callback(interaction, server_language="cs")  # type: ignore[arg-type, call-arg]
    asked: list[str] = []

    def draw(lang: str) -> bytes:
        asked.append(lang)
        return PNG

    standings = Image.said("league-1-standings.png", draw)
    post = LeagueAnnouncement(1, GUILD, world.channel.id, Text("Podium"), (standings,))
    await announce(world.runner.delivery, post)
    assert asked == ["cs"]
    assert world.client.log[-1].files == ["league-1-standings.png"]
