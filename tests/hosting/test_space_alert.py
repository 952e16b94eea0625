"""Space Alert through the service: lobby, private programming, lock-in, resolution, campaign."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service import FakeClock, GameOver, Message, Reminder, Service
from bot.service.commands import catalogue, complete
from bot.service.plugins.space_alert.bridge import BRIDGE, BRIDGE_EDIT
from games.base import GameError
from tests.hosting.helpers import command, crew, private, public, state


async def test_a_crew_lobby_starts_in_captain_order_and_plans_simultaneously(
    service: Service,
) -> None:
    created = await command(service, "alice", "space-alert new", crew=4, _seed="lobby")
    gid = created.game_id
    assert gid is not None
    await command(service, "bob", "space-alert join", game=gid, position=3)
    await command(service, "carol", "space-alert join", game=gid)
    await command(service, "dave", "space-alert join", game=gid)
    started = await command(service, "alice", "space-alert start", game=gid)
    [update, bridge] = public(started.messages)
    assert "Captain order: alice (captain), carol (crew 2), bob (crew 3), dave (crew 4)." in (
        update.text
    )
    assert update.images == () and bridge.kind == BRIDGE
    assert bridge.text == (
        "Bridge, phase 1 (turns 1-3).\nStill programming: alice, carol, bob, dave."
    )
    assert bridge.images[0].name.endswith("-bridge.png")
    panels = private(started.messages)
    assert sorted(p.seat for p in panels) == [0, 1, 2, 3]
    assert all(p.images[0].name.endswith("-hand.png") for p in panels)
    table_state = await state(service, gid)
    assert table_state.config.humans == 4 and len(table_state.boards) == 4


async def test_two_players_fly_with_androids_and_one_flies_solo_at_once(service: Service) -> None:
    duo = await crew(service, "duo", players=2)
    duo_state = await state(service, duo)
    assert [b.name for b in duo_state.boards] == ["P1", "P2", "Android A", "Android B"]
    solo = await command(service, "erin", "space-alert new", crew=1, _seed="solo")
    assert solo.game_id is not None
    solo_state = await state(service, solo.game_id)
    assert solo_state.stage.value == "planning" and len(solo_state.boards) == 4
    fifth = await crew(service, "five", players=3, fifth_android=True)
    assert len((await state(service, fifth)).boards) == 5


async def test_lobby_options_are_checked(service: Service) -> None:
    with pytest.raises(GameError) as err:
        await command(service, "alice", "space-alert new", crew=3, clock="7m")
    assert err.value.code == "bad_clock"
    made = await command(service, "alice", "space-alert new", crew=2, campaign=True,
                         mission="official", difficulty="yellow", clock="12h")  # fmt: skip
    assert made.game_id is not None
    lobby = await service.store.get_game(made.game_id)
    options = lobby.config["host"]["options"]
    assert options == {"mission": "official", "difficulty": "yellow", "campaign": True,
                       "phase_clock": 43200}  # fmt: skip


async def test_programming_is_quiet_and_a_lock_in_is_public(service: Service) -> None:
    gid = await crew(service, "quiet")
    hand = (await state(service, gid)).hands[0]
    placed = await command(service, "alice", "space-alert place", card=hand[0], slot=1,
                           half="action")  # fmt: skip
    assert public(placed.messages) == []
    assert [p.user_id for p in private(placed.messages)] == [service.user("alice")]
    locked = await command(service, "alice", "space-alert lock")
    [update] = public(locked.messages)
    assert update.kind == BRIDGE_EDIT
    assert update.text == (
        "Bridge, phase 1 (turns 1-3).\nLocked in: alice.\nStill programming: bob, carol, dave."
    )
    assert private(locked.messages) == []


async def test_autocomplete_offers_own_cards_open_slots_and_boards(service: Service) -> None:
    gid = await crew(service, "complete", players=2)
    group = catalogue().group("space-alert")
    assert group is not None
    place = group.command("place")
    assert place is not None
    hand = (await state(service, gid)).hands[1]
    cards = await complete(service, "bob", place, "card", {"game": gid})
    assert [int(s.value) for s in cards] == list(hand)
    slots = await complete(service, "bob", place, "slot", {"game": gid, "card": hand[0]})
    assert [s.value for s in slots] == ["1", "2", "3"]
    boards = await complete(service, "bob", place, "board", {"game": gid})
    assert [s.name for s in boards] == ["2: your board", "3: Android A", "4: Android B"]
    await command(service, "bob", "space-alert place", card=hand[0], slot=2, half="move")
    clear = group.command("clear")
    assert clear is not None
    filled = await complete(service, "bob", clear, "slot", {"game": gid})
    assert [s.value for s in filled] == ["2"] and "(#" in filled[0].name


async def test_a_whole_flight_ends_with_the_replay_and_the_score_card(service: Service) -> None:
    gid = await crew(service, "flight", players=2, mission="test_run_1")
    messages: list[Message] = []
    for _phase in range(2):
        for user in ("alice", "bob"):
            messages += (await command(service, user, "space-alert lock")).messages
    resolved = [m for m in public(messages) if "resolved" in m.text]
    assert len(resolved) == 1
    names = [i.name for i in resolved[0].images]
    assert names[0].endswith("-replay.gif") and names[1].endswith("-score.png")
    assert resolved[0].images[0].png().startswith(b"GIF8")
    over = [m for m in messages if isinstance(m, GameOver)]
    assert len(over) == 1 and over[0].text.startswith(f"Game {gid} is over.")


async def test_a_phase_deadline_locks_in_late_players(service: Service, clock: FakeClock) -> None:
    gid = await crew(service, "late", clock="30m")
    await command(service, "alice", "space-alert lock")
    await command(service, "bob", "space-alert lock")
    clock.advance(timedelta(minutes=24))
    reminders = [m for m in await service.tick() if isinstance(m, Reminder)]
    assert sorted(r.user_id for r in reminders) == sorted(
        service.user(u) for u in ("carol", "dave")
    )
    clock.advance(timedelta(minutes=6))
    closed = await service.tick()
    assert any("Phase 1 closed on the clock" in m.text for m in public(closed))
    assert (await state(service, gid)).phase == 2
    clock.advance(timedelta(minutes=31))
    await service.tick()
    assert (await state(service, gid)).phase == 3


async def test_a_silent_voter_stops_the_campaign(service: Service, clock: FakeClock) -> None:
    gid = await crew(service, "c3", players=2, mission="test_run_1", campaign=True, clock="1h")
    for _phase in range(2):
        for user in ("alice", "bob"):
            await command(service, user, "space-alert lock")
    assert (await state(service, gid)).stage.value == "debrief"
    await command(service, "alice", "space-alert fly", normal="white", serious="white")
    clock.advance(timedelta(hours=1))
    fired = await service.tick()
    assert any("bob answered by default" in m.text for m in public(fired))
    final = await state(service, gid)
    assert final.stage.value == "over" and final.votes[1].__class__.__name__ == "StopCampaign"
