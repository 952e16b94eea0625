"""Neuroshima images through the Discord layer: each attachment is drawn in the language of the
message it goes into (a DM panel in the player's, a thread post in the server's)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import discord
import pytest

from bot.discord import files
from bot.service import FakeClock
from bot.service.outbox import Image
from tests.discord.conftest import World, make_world
from tests.discord.fakes import click
from tests.i18n.test_discord_languages import slash, tap

Drawn = list[tuple[str, str, Image]]
"""(file name, language, image) of every attachment drawn, in order."""


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[World]:
    w = await make_world(tmp_path, FakeClock())
    yield w
    await w.service.close()


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Records the language each attachment is drawn in, drawing it for real."""
    found: Drawn = []
    real = files.draw_images

    async def record(images: Sequence[Image], lang: str) -> list[tuple[str, bytes]]:
        found.extend((image.name, lang, image) for image in images)
        return await real(images, lang)

    monkeypatch.setattr(files, "draw_images", record)
    return found


async def test_a_czech_panel_and_a_russian_thread(world: World, drawn: Drawn) -> None:
    en = discord.Locale.american_english
    await slash(world, world.alice, "settings", en, language="cs")
    await slash(world, world.alice, "settings", en, server_language="ru", admin=True)
    await slash(world, world.alice, "neuroshima new", en, army="moloch", clock="1h")
    game = int(world.client.log.of("followup")[-1].custom_ids[-1].split(":")[1])
    await click(tap(world, world.bob, en), f"ml:{game}:join")
    await click(tap(world, world.bob, en), f"ml:{game}:role", "outpost")
    await click(tap(world, world.alice, en), f"ml:{game}:start")

    hands = [(lang, image) for name, lang, image in drawn if name.endswith("-hand.png")]
    assert [lang for lang, _ in hands] == ["cs"]  # the seat to place its HQ: alice, in a DM
    hand = hands[0][1]
    assert hand.png("cs") != hand.png("en")
    boards = [(lang, image) for name, lang, image in drawn if name.endswith("-board.png")]
    assert boards and {lang for lang, _ in boards} == {"ru"}
    board = boards[-1][1]
    assert board.png("ru") != board.png("en")
