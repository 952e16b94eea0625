"""The programming panel's choices: card faces, turns and halves, androids, stamps."""

from __future__ import annotations

from bot.service import Service
from bot.service.plugins.space_alert import planning as sap
from games.space_alert.cards import card
from tests.hosting.helpers import command, crew, state


async def test_a_duo_programs_its_own_board_and_the_androids(service: Service) -> None:
    gid = await crew(service, "duo", players=2)
    panel = await sap.panel(service, gid, "bob")
    assert panel is not None and panel.planning and panel.board == 1
    assert [b.name for b in panel.boards] == ["2: your board", "3: Android A", "4: Android B"]
    hand = (await state(service, gid)).hands[1]
    assert sorted(int(c.value) for c in panel.cards) == sorted(
        min(c for c in hand if card(c).text.split()[1] == face)
        for face in {card(c).text.split()[1] for c in hand}
    )
    android = await sap.panel(service, gid, "bob", board=2)
    assert android is not None
    heroic = (await state(service, gid)).boards[2].heroic
    assert android.cards[-1].value == str(heroic)  # the android's own heroic card
    where = await sap.targets(service, gid, "bob", heroic, 2)
    assert [t.value for t in where] == ["1:action", "1:move", "2:action", "2:move", "3:action",
                                        "3:move"]  # fmt: skip
    await sap.place(service, gid, "bob", heroic, 2, 2, "move")
    placed = (await state(service, gid)).boards[2]
    assert placed.slots[1] is not None and placed.slots[1].card == heroic
    assert placed.heroic is None


async def test_a_solo_hand_fits_one_menu(service: Service) -> None:
    solo = await command(service, "erin", "space-alert new", crew=1, _seed="solo")
    assert solo.game_id is not None
    panel = await sap.panel(service, solo.game_id, "erin")
    assert panel is not None and panel.board == 0
    assert [b.name for b in panel.boards] == ["1: Android A", "2: Android B", "3: Android C",
                                              "4: Android D"]  # fmt: skip
    hand = (await state(service, solo.game_id)).hands[0]
    assert len(hand) > 25 >= len(panel.cards)
    assert any("(you hold" in c.name for c in panel.cards)


async def test_the_stamp_ignores_other_players_but_not_a_new_phase(service: Service) -> None:
    gid = await crew(service, "stamp", players=2)
    before = await sap.panel(service, gid, "alice")
    assert before is not None
    hand = (await state(service, gid)).hands[1]
    await command(service, "bob", "space-alert place", card=hand[0], slot=1, half="action")
    during = await sap.panel(service, gid, "alice")
    assert during is not None and during.stamp == before.stamp
    await command(service, "alice", "space-alert lock")
    locked = await sap.panel(service, gid, "alice")
    assert locked is not None and not locked.to_act and locked.cards == ()
    await command(service, "bob", "space-alert lock")
    after = await sap.panel(service, gid, "alice")
    assert after is not None and after.phase == 2 and after.stamp != before.stamp


async def test_between_flights_the_panel_offers_the_answers(service: Service) -> None:
    gid = await crew(service, "c3", players=2, mission="test_run_1", campaign=True)
    for _phase in range(2):
        for user in ("alice", "bob"):
            await command(service, user, "space-alert lock")
    panel = await sap.panel(service, gid, "bob")
    assert panel is not None and not panel.planning and panel.to_act
    answers = [d.value for d in panel.decisions]
    assert "stop" in answers and "fly white white" in answers and len(answers) == 10
    await service.act(gid, "bob", answers[answers.index("stop")])
    assert (await state(service, gid)).votes[1] is not None
