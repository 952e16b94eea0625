"""League images in the reader's language: the front-end asks for the message's language."""

from __future__ import annotations

import io
from datetime import timedelta

from PIL import Image as PILImage

from bot.service import FakeClock
from bot.service.leagues import LeagueService


def _size(png: bytes) -> tuple[int, int]:
    with PILImage.open(io.BytesIO(png)) as image:
        assert image.format == "PNG"
        return image.size


async def test_a_czech_readers_standings_image_is_in_czech(
    leagues: LeagueService, clock: FakeClock
) -> None:
    org = leagues.caller("olga")
    start = clock.now() + timedelta(minutes=30)
    lid = (await leagues.create(org, 1, "Duels", "stones", start=start, rounds=2,
                                seed="cs")).league_id  # fmt: skip
    assert lid is not None
    for name in ("alice", "bob", "carol", "dave"):
        await leagues.join(lid, name)
    clock.advance(timedelta(minutes=16))
    await leagues.tick()
    for name in ("alice", "bob", "carol", "dave"):
        await leagues.check_in(lid, name)
    clock.advance(timedelta(minutes=15))
    await leagues.tick()
    (picture,) = (await leagues.standings(lid)).images
    english, czech = picture.png("en"), picture.png("cs")
    assert picture.png() == english and picture.png("cs") is czech  # drawn once per language
    assert czech != english and picture.png("ru") not in (english, czech)
    assert _size(czech) == _size(english)  # the same rows and round tables, other words
