"""A whole Swiss night of Neuroshima Hex duels: 16 AI entrants, 4 rounds, a fake clock."""

from __future__ import annotations

from datetime import timedelta

import pytest
from PIL import Image as PILImage

from bot.service import FakeClock, Service
from bot.service.leagues import (
    LeagueAnnouncement,
    LeagueService,
    ScheduledEvent,
    ScheduledEventChange,
    TableOpened,
)
from bot.service.leagues.standings import lines, meetings
from storage.records import GameStatus


def png_ok(data: bytes) -> tuple[int, int]:
    """The size of a valid PNG."""
    import io

    with PILImage.open(io.BytesIO(data)) as image:
        assert image.format == "PNG"
        return image.size


@pytest.mark.usefixtures("fast_neuroshima_ai")
async def test_sixteen_ai_players_four_swiss_rounds(
    service: Service, leagues: LeagueService, clock: FakeClock
) -> None:
    org = leagues.caller("olga", admin=True)
    start = clock.now() + timedelta(hours=1)
    created = await leagues.create(
        org, 7, "Friday Night", "neuroshima", channel=70, format="swiss", rounds=4,
        clock=15 * 60, start=start, seed="night",
    )  # fmt: skip
    lid = created.league_id
    assert lid is not None
    event = created.league[0]
    assert isinstance(event, ScheduledEvent) and event.start == start and event.channel_id == 70
    await leagues.link_event(lid, "9001")
    for _ in range(16):
        await leagues.add_ai(lid, org, "easy")
    assert await leagues.tick() == []  # nothing due before the check-in window
    clock.advance(timedelta(minutes=46))
    opened = await leagues.tick()
    assert "Check-in" in opened[0].text
    clock.advance(timedelta(minutes=14))
    delivered: list[object] = []
    for _ in range(8):  # each tick pairs a round; AI tables finish as they start
        for reply in await leagues.tick():
            delivered += [*reply.league, *reply.messages]
    state = await leagues.state(lid)
    assert state.phase == "finished" and len(state.rounds) == 4
    # Properties of the night: 8 tables a round, no rematch, no bye, all results from games.
    assert all(len(r.tables) == 8 and not r.byes for r in state.rounds)
    assert all(n == 1 for n in meetings(state.rounds).values())
    assert all(t.result and t.result.source == "game" for r in state.rounds for t in r.tables)
    table = lines(state)
    assert sum(line.points for line in table.values()) == 32  # one point per game
    assert all(line.games == 4 for line in table.values())
    balance = [abs(line.seat_balance) for line in table.values()]
    assert max(balance) <= 2
    # Every game was created with the league's clock, in its channel, unrated (AI seats).
    for rnd in state.rounds:
        for t in rnd.tables:
            record = await service.store.get_game(t.game_id)
            assert record.status is GameStatus.FINISHED and record.channel_id == 70
            assert record.config["host"]["clock"] == 900 and not record.config["host"]["rated"]
    # What the Discord layer gets: a thread per table, announcements, the event moved on.
    tables = [m for m in delivered if isinstance(m, TableOpened)]
    assert len(tables) == 32 and tables[0].title == "Friday Night · round 1 · table 1"
    changes = [m.status for m in delivered if isinstance(m, ScheduledEventChange)]
    assert changes == ["active", "completed"]
    final = [m for m in delivered if isinstance(m, LeagueAnnouncement) and "Podium" in m.text]
    assert len(final) == 1
    sizes = [png_ok(image.png()) for image in final[0].images]
    assert sizes[0] == (720, 420)
    standings = await leagues.standings(lid)
    assert standings.text.count("pts") == 16 and png_ok(standings.images[0].png())[0] == 900
    why = await leagues.pairing_why(lid, 4)
    assert why.text.startswith("Swiss round 4") and "AI easy" in why.text
    log = (await leagues.log(lid, last=200)).text
    assert log.count("paired") == 4 and "finished" in log
