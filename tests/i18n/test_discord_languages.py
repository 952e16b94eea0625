"""Discord says everything in the reader's language: ephemeral replies and DMs in the user's,
thread posts in the server's; /settings wins over the client's locale.

One scripted Neuroshima duel (lobby buttons, panels, errors, help, a reminder, a resignation)
runs in an English server and in a Czech one where alice chose Czech in /settings and bob's
Discord client is Polish. Every text sent is compared line by line with the English run.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.service import FakeClock
from bot.service.commands.frontend import place
from bot.service.presenters import _PRESENTERS, presenter_for
from tests.discord.conftest import World, make_world
from tests.discord.fakes import FakeUser, Sent, click
from tests.discord.test_duel import FRAMES, PNG, choose, latest_panel

CLICKS = 24
NAMES = ("alice (Moloch)", "bob (Outpost)", "alice", "bob", "Neuroshima Hex", "neuroshima")


@pytest.fixture(autouse=True)
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiny images, the real texts: this test reads what is said, not what is drawn."""
    quick = dataclasses.replace(
        presenter_for("neuroshima"),
        board=lambda view: PNG,
        hand=lambda view: PNG,
        since=lambda then, now: PNG,
        replay=lambda before, seat, action, after: FRAMES,
    )
    monkeypatch.setitem(_PRESENTERS, "neuroshima", quick)


@pytest.fixture
async def english(tmp_path: Path) -> AsyncIterator[World]:
    w = await make_world(tmp_path / "en", FakeClock())
    yield w
    await w.service.close()


@pytest.fixture
async def czech(tmp_path: Path) -> AsyncIterator[World]:
    w = await make_world(tmp_path / "cs", FakeClock())
    yield w
    await w.service.close()


async def slash(
    world: World, user: FakeUser, path: str, locale: discord.Locale, **values: Any
) -> None:
    """A slash command from a client in `locale` (admins: the server's manage permission)."""
    admin = bool(values.pop("admin", False))
    interaction = world.interaction(user, admin=admin)
    interaction.locale = locale
    await world.command(path).callback(interaction, **values)  # type: ignore[arg-type, call-arg]


def tap(world: World, user: FakeUser, locale: discord.Locale) -> Any:
    """An interaction for a button or menu from a client in `locale`."""
    interaction = world.interaction(user)
    interaction.locale = locale
    return interaction


async def play(world: World, game: int, clicks: int, bob: discord.Locale) -> None:
    """Click through the players' panels as test_duel does, `clicks` times."""
    players = {0: world.alice, 1: world.bob}
    locales = {0: discord.Locale.american_english, 1: bob}
    for _ in range(clicks):
        where = await place(world.service, game)
        for seat, user in players.items():
            panel = latest_panel(world, game, user.id)
            if panel is None or int(panel.custom_ids[0].split(":")[2]) != seat:
                continue
            if int(panel.custom_ids[0].split(":")[3]) != where.version:
                continue
            custom_id, values = choose(panel)
            await click(tap(world, user, locales[seat]), custom_id, *values)
            break


async def script(world: World, alice: str, server: str, bob: discord.Locale) -> list[Sent]:
    """The whole scenario; returns everything sent."""
    en = discord.Locale.american_english
    await slash(world, world.alice, "settings", en, language=alice)
    await slash(world, world.alice, "settings", en, server_language=server, admin=True)
    await slash(world, world.alice, "help", en)
    await slash(world, world.bob, "games", bob)
    await slash(world, world.alice, "neuroshima new", en, army="moloch", clock="1h")
    game = int(world.client.log.of("followup")[-1].custom_ids[-1].split(":")[1])
    await click(tap(world, world.bob, bob), f"ml:{game}:join")
    await click(tap(world, world.bob, bob), f"ml:{game}:role", "outpost")
    await click(tap(world, world.alice, en), f"ml:{game}:start")
    await slash(world, world.bob, "neuroshima hq", bob, hex="C3")
    await slash(world, world.alice, "neuroshima hq", en, hex="Z9")
    await play(world, game, CLICKS, bob)
    world.clock.advance(timedelta(minutes=35))
    await world.runner.delivery.deliver(await world.service.tick(world.clock.now()))
    await slash(world, world.alice, "board", en)
    await slash(world, world.bob, "history", bob)
    await slash(world, world.bob, "undo", bob)
    await slash(world, world.alice, "neuroshima resign", en)
    await slash(world, world.bob, "games", bob)
    return list(world.client.log)


def lines(sent: list[Sent]) -> list[str]:
    """Every line of every text sent, in order (thread names and button labels too)."""
    found: list[str] = []
    for s in sent:
        found += (s.content or "").splitlines()
        found += [str(s.extra["name"])] if "name" in s.extra else []
        if s.view is not None:
            found += [str(getattr(c, "label", None) or "") for c in s.view.children]
    return [re.sub(r"<@\d+>|#\d{6,}", "", line) for line in found]


def verbatim_only(line: str) -> bool:
    """A line of names, mentions, move notation, tile ids, hexes and numbers only."""
    rest = line
    for word in sorted(NAMES, key=len, reverse=True):
        rest = rest.replace(word, "")
    verbs = "hq|end|discard|place|draw|drawn|battle|use|move|push|grab|choose|swap|rotate|pick"
    notation = rf"\b({verbs}|act|[a-z0-9]+\.[a-z0-9_]+|[A-Z]\d+)\b"
    rest = re.sub(notation, "", rest)
    return not re.sub(r"[\W\d_]+", "", rest)


async def test_every_text_is_said_in_its_readers_language(english: World, czech: World) -> None:
    en = await script(english, "en", "en", discord.Locale.american_english)
    cs = await script(czech, "cs", "cs", discord.Locale.polish)
    english_lines, local_lines = lines(en), lines(cs)
    assert len(local_lines) == len(english_lines)
    pairs = zip(english_lines, local_lines, strict=True)
    same = [e for e, t in pairs if e == t and not verbatim_only(e)]
    assert same == []
    assert not [s for s in en + cs if "incident" in (s.content or "")]


async def test_replies_follow_settings_then_the_client_and_posts_the_server(czech: World) -> None:
    log = czech.client.log
    await script(czech, "cs", "ru", discord.Locale.polish)
    said = {s.content for s in log if s.content}
    # alice chose Czech: her ephemeral answers and DMs are Czech whatever her client says.
    saved = "Nastavení uloženo. Časové pásmo: UTC; tiché hodiny: vypnuto; jazyk: cs.\nMístní čas: "
    assert any(c.startswith(saved) for c in said)
    # /help answers its asker only: in her language, not the server's.
    assert any(c.startswith("Hry:\n  /neuroshima ...") for c in said)
    assert not any(c.startswith("Игры:\n") for c in said)
    # bob has no setting: his Polish client decides.
    assert "Nie masz otwartych gier." in said
    # The server's language (Russian) is the language of the game's thread.
    game_over = [c for c in said if c.startswith("Игра 1 окончена")]
    assert game_over, "the result is posted in the server's language"
    reminder = [c for c in said if "čeká na váš tah" in c]
    assert reminder, "alice's reminder DM is in her language"


async def test_settings_language_changes_the_next_replies(english: World) -> None:
    log = english.client.log
    czech_client = discord.Locale.czech
    await slash(english, english.alice, "games", czech_client)
    assert log[-1].content == "Nejste v žádných otevřených hrách."  # no setting: the client's
    await slash(english, english.alice, "settings", czech_client, language="ru")
    assert log[-1].content == (
        "Настройки сохранены. Часовой пояс: UTC; тихие часы: выкл.; язык: ru.\n"
        "Местное время: пн, 6 янв., 12:00 UTC."
    )
    await slash(english, english.alice, "games", czech_client)
    assert log[-1].content == "У вас нет открытых игр."  # the setting wins over the client
    await slash(english, english.alice, "neuroshima hq", czech_client, hex="C3")
    assert log[-1].content == "Вы не участвуете ни в одной открытой игре Neuroshima Hex. " + (
        "Начните её через /neuroshima new."
    )
