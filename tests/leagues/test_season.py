"""Seasons: async clocks (days per turn), per-season ratings reset or carried, the archive;
and 4-player tables formed by score groups."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service import FakeClock, Service
from bot.service.leagues import LeagueService
from bot.service.table import load_table
from storage.records import GameStatus


async def move_everyone(service: Service, leagues: LeagueService, lid: int) -> int:
    """Each person to act in the league's open games takes one stone; returns how many moved."""
    state = await leagues.state(lid)
    current = state.current()
    moved = 0
    for table in current.tables if current else ():
        service.host.cache.pop(table.game_id, None)
        loaded = await load_table(service.host, table.game_id)
        if loaded.record.status is not GameStatus.ACTIVE:
            continue
        for seat in loaded.humans_to_act():
            user = loaded.user_at(seat)
            assert user is not None
            await service.act(table.game_id, user, "take 1")
            moved += 1
    return moved


async def test_season_with_async_clocks_and_carried_ratings(
    service: Service, leagues: LeagueService, clock: FakeClock
) -> None:
    admin = leagues.caller("root", admin=True)
    await leagues.setup(9, admin, None, "carry")
    players = ("ann", "ben", "cat", "dan")
    finals = []
    for season in ("Spring", "Summer"):
        lid = (await leagues.create(admin, 9, season, "stones", kind="season", clock=86400,
                                    format="round-robin", seed=season)).league_id  # fmt: skip
        assert lid is not None
        for name in players:
            await leagues.join(lid, name)
        await leagues.start_now(lid, admin)
        state = await leagues.state(lid)
        assert state.config.round_time == 7 * 86400 and state.config.checkin == 0
        # Players drop by once a day and make a few moves; a turn may take up to a day.
        for _ in range(200):
            if (await leagues.state(lid)).phase == "finished":
                break
            clock.advance(timedelta(hours=20))
            for _visit in range(10):
                await move_everyone(service, leagues, lid)
            await service.tick()
            await leagues.tick()
        state = await leagues.state(lid)
        assert state.phase == "finished" and len(state.rounds) == 3
        game = await service.store.get_game(state.rounds[0].tables[0].game_id)
        assert game.config["host"]["clock"] == 86400
        sources = [
            (t.result.source, t.result.reason) for r in state.rounds for t in r.tables if t.result
        ]
        assert all(s == "game" for s, _ in sources), sources
        finals.append(state)
    spring, summer = finals
    assert summer.config.carry_from == spring.id and summer.config.season_ratings == "carry"
    assert set(spring.final["ratings"]) == {str(service.user(p)) for p in players}
    # Carried over: a season's ratings start where the last one ended, so they differ from a
    # reset season built from the same results.
    from bot.service.leagues.seasons import season_ratings

    fresh = season_ratings(summer, {})
    carried = summer.final["ratings"]
    assert any(abs(fresh[e][0] - carried[str(e)][0]) > 1e-6 for e in fresh)
    archive = (await leagues.archive(9)).text
    assert "Spring" in archive and "Summer" in archive and "season" in archive


@pytest.mark.usefixtures("fast_neuroshima_ai")
async def test_four_player_tables_with_a_short_table(
    leagues: LeagueService, service: Service
) -> None:
    org = leagues.caller("olga")
    lid = (await leagues.create(org, 5, "Melee", "neuroshima", seats=4, rounds=2,
                                seed="melee")).league_id  # fmt: skip
    assert lid is not None
    for _ in range(7):
        await leagues.add_ai(lid, org, "easy")
    await leagues.start_now(lid, org)
    for _ in range(4):
        await leagues.tick()
    state = await leagues.state(lid)
    assert state.phase == "finished" and len(state.rounds) == 2
    for rnd in state.rounds:
        assert sorted(len(t.seats) for t in rnd.tables) == [3, 4] and not rnd.byes
        for t in rnd.tables:
            assert t.result is not None
            # A short table is scaled to the same range (3 for a sole winner): 4.5 points in all.
            assert sum(t.result.points) == len(t.seats) * 3 / 2
            record = await service.store.get_game(t.game_id)
            assert record.config["host"]["mode"] == "deathmatch"
    text = (await leagues.standings(lid)).text
    assert text.count("pts") == 7
