"""A whole Swiss night of Neuroshima Hex duels run by an organiser through the Discord layer.

Eight entrants (two people, six AI), three rounds, a fake clock: the Scheduled Event, the
check-in window, a thread per table under the league channel with its players mentioned,
results by resignation, by the organiser and by the round deadline, the podium at the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import discord
import pytest

from bot.discord.app import tick_once
from bot.service import ai
from bot.service.commands.frontend import place
from bot.service.leagues import LeagueService
from bot.service.presenters import _PRESENTERS, Presenter
from tests.discord.conftest import World
from tests.discord.fakes import FakeChannel, FakeInteraction, FakeUser, snowflake
from tests.discord.test_duel import FRAMES, PNG

ORGANISERS = 77


@pytest.fixture(autouse=True)
def quick_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Random AI moves and tiny images: the night is about delivery, not play or pictures."""
    quick = Presenter(
        board=lambda view: PNG,
        hand=lambda view: PNG,
        since=lambda then, now: PNG,
        replay=lambda before, seat, action, after: FRAMES,
    )
    monkeypatch.setitem(_PRESENTERS, "neuroshima", quick)
    old = ai._CHOOSERS.get("neuroshima")
    ai.register_ai("neuroshima", ai.random_choice)
    yield
    if old is None:
        ai._CHOOSERS.pop("neuroshima", None)
    else:
        ai._CHOOSERS["neuroshima"] = old


async def slash(
    world: World, user: FakeUser, where: FakeChannel, path: str, admin: bool = False, **values: Any
) -> FakeInteraction:
    """A slash command typed by `user` in channel or thread `where`."""
    interaction = world.interaction(user, channel=where, admin=admin)
    await world.command(path).callback(interaction, **values)  # type: ignore[arg-type]
    return interaction


def answer(world: World, interaction: FakeInteraction) -> str:
    """What the caller was answered."""
    return world.client.log.of("followup", interaction.id)[-1].content or ""


async def test_an_organiser_runs_a_swiss_night_from_discord(world: World) -> None:
    log = world.client.log
    league_channel = FakeChannel(world.client, snowflake(), "league-night")
    root = world.client.user_(1000, "root")
    olga = world.client.user_(1003, "olga")
    carol = world.client.user_(1004, "carol")
    olga.roles = [discord.Object(ORGANISERS)]
    leagues = LeagueService(world.service)

    # The server admin names the organiser role; from then on only organisers create leagues.
    setup = await slash(world, root, league_channel, "league setup", admin=True,
                        roles=f"<@&{ORGANISERS}>")  # fmt: skip
    assert log.of("defer", setup.id)[0].ephemeral
    refused = await slash(world, carol, league_channel, "league create", name="Carol's")
    assert "organisers" in answer(world, refused)

    made = await slash(world, olga, league_channel, "league create", name="Friday",
                       format="swiss", rounds=3, clock="15m", start="in 1h")  # fmt: skip
    assert "Friday" in answer(world, made) and not log.of("followup", made.id)[-1].ephemeral
    (event,) = log.of("event")
    assert event.extra["entity_type"] is discord.EntityType.external
    assert event.extra["location"] == league_channel.jump_url
    assert event.extra["start_time"] == world.clock.now() + timedelta(hours=1)
    lid = await leagues.find(4242, "Friday")
    assert (await leagues.state(lid)).external == str(event.where)

    for player in (world.alice, world.bob):
        await slash(world, player, league_channel, "league join")
    for _ in range(6):
        await slash(world, olga, league_channel, "league add-ai", level="easy")
    assert len((await leagues.state(lid)).entrants) == 8

    # The check-in window opens 15 minutes before the start, with the players mentioned.
    world.clock.advance(timedelta(minutes=46))
    # The fast ticks between league ticks (for live game clocks) leave the leagues alone.
    assert await tick_once(world.service, world.runner.delivery, leagues=False) == 0
    assert not [s for s in log.of("send", league_channel.id) if "Check-in" in (s.content or "")]
    await tick_once(world.service, world.runner.delivery)
    checkin = [s for s in log.of("send", league_channel.id) if "Check-in" in (s.content or "")]
    assert checkin and f"<@{world.alice.id}>" in (checkin[0].content or "")
    for player in (world.alice, world.bob):
        done = await slash(world, player, league_channel, "league check-in")
        assert "checked in" in answer(world, done)

    # The start: the event goes live, round one is paired, a thread per table.
    world.clock.advance(timedelta(minutes=14))
    await tick_once(world.service, world.runner.delivery)
    assert [s.content for s in log.of("event_status")] == ["active"]
    state = await leagues.state(lid)
    assert state.phase == "running" and len(state.rounds) == 1
    for table in state.rounds[0].tables:
        where = await place(world.service, table.game_id)
        thread = world.client.channels[where.thread_id or 0]
        assert thread.parent_id == league_channel.id
        assert thread.name == f"Friday · round 1 · table {table.board}"
    human_tables = [t for t in state.rounds[0].tables if any(e > 0 for e in t.seats)]
    assert human_tables
    for table in human_tables:
        where = await place(world.service, table.game_id)
        opening = log.of("send", where.thread_id)[0]
        users = [state.entrants[e].user for e in table.seats if e > 0]
        assert all(f"<@{u}>" in (opening.content or "") for u in users)
        mentioned = opening.extra["mentions"]
        assert isinstance(mentioned, discord.AllowedMentions) and not mentioned.roles

    players = {world.alice.id: world.alice, world.bob.id: world.bob}

    async def open_human_tables() -> list[tuple[int, list[int]]]:
        current = (await leagues.state(lid)).current()
        assert current is not None
        found = []
        for t in current.tables:
            users = [state.entrants[e].user for e in t.seats if e > 0]
            if users and (await place(world.service, t.game_id)).status == "active":
                found.append((t.game_id, users))
        return found

    # Round 1: the people resign from inside their table threads; the next round is paired
    # at once (the league is ticked after a league game's end, not only by the clock).
    for game, users in await open_human_tables():
        where = await place(world.service, game)
        thread = world.client.channels[where.thread_id or 0]
        if (await place(world.service, game)).status == "active":
            await slash(world, players[users[0]], thread, "neuroshima resign")
    state = await leagues.state(lid)
    assert len(state.rounds) == 2, "round two is paired as soon as round one ends"

    # Round 2: the organiser sets the results of the people's tables.
    for game, users in await open_human_tables():
        await slash(world, olga, league_channel, "league result", game=game,
                    winner=discord.Object(users[0]), reason="agreed at the table")  # fmt: skip
    await tick_once(world.service, world.runner.delivery)
    state = await leagues.state(lid)
    assert len(state.rounds) == 3

    # Round 3: nobody moves; the round deadline passes and the clock adjudicates.
    world.clock.advance(timedelta(hours=3))
    for _ in range(3):
        await tick_once(world.service, world.runner.delivery)
    state = await leagues.state(lid)
    assert state.phase == "finished" and len(state.rounds) == 3
    assert all(t.result is not None for r in state.rounds for t in r.tables)
    assert all(len(r.tables) == 4 and not r.byes for r in state.rounds)
    sources = [
        {t.result.source for t in r.tables if t.result and any(e > 0 for e in t.seats)}
        for r in state.rounds
    ]
    assert sources == [{"game"}, {"override"}, {"adjudicated"}]

    # The finish: podium and standings images in the league channel, the event completed.
    podium = [s for s in log.of("send", league_channel.id) if "Podium" in (s.content or "")]
    assert len(podium) == 1 and len(podium[0].files) == 2
    assert [s.content for s in log.of("event_status")] == ["active", "completed"]
    standings = await slash(world, world.alice, league_channel, "league standings", league="Friday")
    shown = log.of("followup", standings.id)[-1]
    assert shown.files and not shown.ephemeral and "pts" in (shown.content or "")
    # Every table was played in its own thread under the league channel, results included.
    threads = set()
    for rnd in state.rounds:
        for t in rnd.tables:
            where = await place(world.service, t.game_id)
            assert world.client.channels[where.thread_id or 0].parent_id == league_channel.id
            threads.add(where.thread_id)
    assert len(threads) == 12
    assert not [s for s in log if "incident" in (s.content or "")]
