"""AI seats never hold a person's command: the move is answered first, the AI replies after."""

from __future__ import annotations

import pytest

import bot.discord.runner as runner_module
from bot.service.table import load_table
from tests.discord.conftest import World
from tests.discord.fakes import click
from tests.discord.test_panel import control, vs_ai


async def test_the_person_is_answered_before_the_ai_moves(world: World) -> None:
    game, _ = await vs_ai(world)
    before = len(world.client.log)
    me = await world.slash(world.alice, "neuroshima hq", hex="C3")
    sent = world.client.log[before:]
    kinds = [(s.kind, (s.content or "").split("\n")[0]) for s in sent]
    assert kinds[:4] == [
        ("defer", ""),
        ("followup", "alice (Moloch): hq C3"),
        ("send", "alice (Moloch): hq C3"),
        ("send", "AI (easy) (Hegemony): hq E3"),
    ]
    # The answer was written before the AI moved: it still says the AI is to act.
    answer = world.client.log.of("followup", me.id)[0]
    assert (answer.content or "").endswith("To act: AI (easy) (Hegemony).")
    # ...and the AI did move, and alice is told it is her turn again.
    assert kinds[4][0] == "dm" and "your move" in kinds[4][1]
    table = await load_table(world.service.host, game)
    assert table.to_act() == {0}


async def test_a_panel_click_is_answered_before_the_ai_moves(world: World) -> None:
    game, panel = await vs_ai(world)
    before = len(world.client.log)
    me = world.interaction(world.alice)
    await click(me, control(panel, "hq"), "A1")
    kinds = [(s.kind, (s.content or "").split("\n")[0]) for s in world.client.log[before:]]
    assert kinds[:4] == [
        ("defer", ""),
        ("edit_original", "Played: hq A1"),  # the panel answers the click first
        ("send", "alice (Moloch): hq A1"),
        ("send", "AI (easy) (Hegemony): hq E3"),
    ]
    assert kinds[4][0] == "dm" and "your move" in kinds[4][1]
    assert (await load_table(world.service.host, game)).to_act() == {0}


async def test_a_failed_ai_reply_is_kept_for_the_clock_loop(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, _ = await vs_ai(world)

    async def down(host: object, owed: list[int]) -> list[object]:
        raise ConnectionError("database restarting")

    monkeypatch.setattr(runner_module, "ai_replies", down)
    me = await world.slash(world.alice, "neuroshima hq", hex="C3")
    assert world.client.log.of("followup", me.id)  # alice has her answer all the same
    assert world.runner.stuck == [game]
    monkeypatch.undo()
    stuck, world.runner.stuck = world.runner.stuck, []  # as the clock loop does
    await world.runner.ai_replies(stuck)
    assert (await load_table(world.service.host, game)).to_act() == {0}
