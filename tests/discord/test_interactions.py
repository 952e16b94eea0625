"""Errors, deferral under slow rendering, and autocomplete, through the slash command callbacks."""

from __future__ import annotations

import asyncio
import itertools
import logging
import time

import pytest

from bot.service.presenters import _PRESENTERS, Presenter
from tests.discord.conftest import World
from tests.discord.test_panel import vs_ai

PNG = b"\x89PNG\r\n\x1a\n"
DISCORD_LIMIT_SECONDS = 3.0


async def test_a_game_error_is_an_ephemeral_line(world: World) -> None:
    me = await world.slash(world.alice, "neuroshima place", tile="moloch.brain", hex="C3", facing=0)
    answer = world.client.log.of("followup", me.id)[-1]
    assert (
        answer.ephemeral
        and answer.content
        == "You are in no open Neuroshima Hex game. Start one with /neuroshima new."
    )


async def test_an_illegal_move_is_refused_by_the_rules_not_the_menu(world: World) -> None:
    await vs_ai(world)
    me = await world.slash(world.alice, "neuroshima hq", hex="Z9")
    answer = world.client.log.of("followup", me.id)[-1]
    assert answer.ephemeral and "Z9" in (answer.content or "")


async def test_anything_else_is_logged_with_an_incident_id(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(user: object) -> list[object]:
        raise RuntimeError("database on fire")

    monkeypatch.setattr(world.service, "games", broken)
    with caplog.at_level(logging.ERROR, "muster.discord"):
        me = await world.slash(world.alice, "games")
    answer = world.client.log.of("followup", me.id)[-1]
    assert answer.ephemeral and "incident" in (answer.content or "")
    incident = (answer.content or "").split("incident ")[1].rstrip(").")
    assert any(incident in r.getMessage() and r.exc_info for r in caplog.records)
    assert "database on fire" not in (answer.content or "")


async def test_slow_rendering_never_misses_the_three_seconds(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await vs_ai(world)
    started: list[float] = []

    def slow_board(view: object) -> bytes:
        started.append(time.monotonic())
        time.sleep(DISCORD_LIMIT_SECONDS + 0.5)  # blocking, as Pillow is
        return PNG

    monkeypatch.setitem(_PRESENTERS, "neuroshima", Presenter(board=slow_board))
    beats: list[float] = []

    async def heartbeat() -> None:
        while True:
            beats.append(time.monotonic())
            await asyncio.sleep(0.05)

    ticker = asyncio.create_task(heartbeat())
    begun = time.monotonic()
    me = await world.slash(world.alice, "board")
    ticker.cancel()
    defer = world.client.log.of("defer", me.id)[0]
    shown = world.client.log.of("followup", me.id)[-1]
    assert defer.at - begun < 0.5 and defer.at < started[0]
    assert shown.files and not shown.ephemeral  # anyone may look at a board
    gaps = [b - a for a, b in itertools.pairwise(beats)]
    assert max(gaps) < 1.0, "rendering ran on the event loop and stalled the gateway"


async def test_autocomplete_offers_only_legal_values(world: World) -> None:
    game, _ = await vs_ai(world)
    hq = world.command("neuroshima hq")
    completer = hq._params["hex"].autocomplete
    assert completer is not None
    me = world.interaction(world.alice)
    choices = await completer(me, "")  # type: ignore[call-arg]
    assert [c.value for c in choices][:3] == ["A1", "A2", "A3"] and len(choices) <= 25
    assert await completer(world.interaction(world.alice), "E") and all(
        c.value.startswith("E")
        for c in await completer(world.interaction(world.alice), "E")  # type: ignore[call-arg]
    )
    place = world.command("neuroshima place")
    tiles = await place._params["tile"].autocomplete(world.interaction(world.alice), "")  # type: ignore[misc]
    assert tiles == []  # nothing can be placed before the HQ
    games = (
        await world.command("board")
        ._params["game"]
        .autocomplete(world.interaction(world.alice), "")
    )  # type: ignore[misc]
    assert [c.value for c in games] == [game]  # an int option gets int choices


async def test_autocomplete_of_a_spectator_suggests_nothing(world: World) -> None:
    await vs_ai(world)
    completer = world.command("neuroshima hq")._params["hex"].autocomplete
    assert await completer(world.interaction(world.bob), "") == []  # type: ignore[misc]
