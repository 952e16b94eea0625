"""Errors, the 3-second rule and autocomplete, as Discord receives them from discord.py."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.discord import i18n
from bot.service.presenters import _PRESENTERS
from tests.discord.real.api import INTERACTION_DEADLINE
from tests.discord.real.images import quick_neuroshima, tiny_png
from tests.discord.real.payloads import EPHEMERAL, JSON, LOADING
from tests.discord.real.world import DiscordWorld

NO_GAME = "You are in no open Neuroshima Hex game. Start one with /neuroshima new."


@pytest.fixture(autouse=True)
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiny images: these tests are about round trips, the renderer has its own tests."""
    monkeypatch.setitem(_PRESENTERS, "neuroshima", quick_neuroshima())


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[DiscordWorld]:
    found = await DiscordWorld.open(tmp_path)
    yield found
    await found.close()
    assert found.problems() == []


async def vs_ai(world: DiscordWorld) -> tuple[int, JSON]:
    """alice starts a duel against the easy AI; returns the game and her first DM panel."""
    await world.slash(world.alice, "neuroshima new", vs="ai", level="easy", army="moloch")
    panel = world.dms(world.alice)[-1]
    return int(panel["components"][0]["components"][0]["custom_id"].split(":")[1]), panel


def visible_to_all(world: DiscordWorld) -> list[str]:
    """The texts of the messages everyone in #games sees (not ephemeral, not loading)."""
    return [
        m["content"]
        for m in world.messages(world.channel)
        if not int(m["flags"]) & (EPHEMERAL | LOADING)
    ]


async def test_a_game_error_reaches_only_the_caller(world: DiscordWorld) -> None:
    typed = await world.slash(
        world.alice, "neuroshima place", tile="moloch.brain", hex="C3", facing=0
    )
    assert typed.callback is not None and typed.callback.json == {
        "type": 5,
        "data": {"flags": EPHEMERAL},
    }
    assert typed.message["content"] == NO_GAME and typed.message["flags"] == EPHEMERAL


async def test_an_error_of_a_public_command_is_not_shown_to_the_channel(
    world: DiscordWorld,
) -> None:
    # /board answers everyone, so it is deferred publicly; its error must still be private.
    typed = await world.slash(world.alice, "board")
    assert typed.callback is not None and typed.callback.json == {"type": 5}
    private = [m for m in typed.replies() if int(m["flags"]) & EPHEMERAL]
    assert [m["content"] for m in private] == ["You are in no open game."]
    assert visible_to_all(world) == []
    assert not [m for m in world.messages(world.channel) if int(m["flags"]) & LOADING], (
        "no 'thinking…' message is left behind"
    )


async def test_anything_else_is_an_apology_with_an_incident_id(
    world: DiscordWorld, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(user: object) -> list[object]:
        raise RuntimeError("database on fire")

    monkeypatch.setattr(world.client.runner.service, "games", broken)  # type: ignore[union-attr]
    with caplog.at_level(logging.ERROR, "muster.discord"):
        typed = await world.slash(world.alice, "games")
    (answer,) = typed.replies()
    incident = answer["content"].split("incident ")[1].rstrip(").")
    assert answer["content"] == i18n.t("apology", "en", incident=incident)
    assert answer["flags"] == EPHEMERAL
    assert any(incident in r.getMessage() and r.exc_info for r in caplog.records)


async def test_a_slow_render_is_deferred_within_three_seconds(
    world: DiscordWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    await vs_ai(world)
    drawn: list[float] = []

    def slow_board(view: object) -> bytes:
        drawn.append(time.monotonic())
        time.sleep(INTERACTION_DEADLINE + 0.3)  # blocking, as Pillow is
        return tiny_png("black")

    monkeypatch.setitem(_PRESENTERS, "neuroshima", quick_neuroshima(board=slow_board))
    shown = await world.slash(world.bob, "board", game=1)
    assert shown.deferred_in < 0.5 and shown.callback is not None
    assert shown.callback.at < drawn[0], "deferred before rendering started"
    board = shown.message
    assert not int(board["flags"]) & EPHEMERAL and board["attachments"][0]["filename"].endswith(
        ".png"
    )
    assert world.refused() == []  # the fake refuses answers later than 3 s: none came late


async def test_a_late_first_answer_is_refused_as_discord_does(world: DiscordWorld) -> None:
    # The harness itself: Discord forgets an interaction unanswered for 3 s (404 / 10062).
    payload = world.interaction(world.alice, 2, {"name": "x", "type": 1}, world.channel)
    world.fake.open_interaction(payload)
    world.fake.interactions[payload["token"]].created -= INTERACTION_DEADLINE + 0.1
    with pytest.raises(Exception, match="10062"):
        await world.fake.handle(
            "webhook",
            "POST",
            f"/interactions/{payload['id']}/{payload['token']}/callback",
            {"type": 5},
            [],
        )


async def test_autocomplete_offers_only_legal_values(world: DiscordWorld) -> None:
    game, panel = await vs_ai(world)
    hexes = await world.autocomplete(world.alice, "neuroshima hq", "hex")
    hq_menu = next(
        c for row in panel["components"] for c in row["components"] if ":hq:" in c["custom_id"]
    )
    assert [c["value"] for c in hexes] == [o["value"] for o in hq_menu["options"]]
    typed_e = await world.autocomplete(world.alice, "neuroshima hq", "hex", "E")
    assert typed_e and all(c["value"].startswith("E") for c in typed_e)
    assert await world.autocomplete(world.alice, "neuroshima place", "tile") == []
    assert await world.autocomplete(world.bob, "neuroshima hq", "hex") == []  # a spectator
    games = await world.autocomplete(world.alice, "board", "game")
    assert [c["value"] for c in games] == [game]  # an integer option gets integer choices


async def test_autocomplete_sends_at_most_25_choices(world: DiscordWorld) -> None:
    game, panel = await vs_ai(world)
    await world.select(world.alice, panel, f"ms:{game}:0:{_version(panel)}:hq:0", "A1")
    legal = await world.client.runner.service.options(game, world.alice.id)  # type: ignore[union-attr]
    assert len(legal) > 25, "enough moves to need the cut"
    offered = await world.autocomplete(world.alice, "neuroshima act", "action")
    assert len(offered) == 25 and {c["value"] for c in offered} <= set(legal)


def _version(panel: JSON) -> int:
    return int(panel["components"][0]["components"][0]["custom_id"].split(":")[3])
