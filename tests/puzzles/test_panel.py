"""A try's panel is data: Neuroshima's place steps over the try, answered by the generic flow."""

from __future__ import annotations

import pytest

from bot.service import FakeClock, Service
from bot.service.panel_flow import Button, Click, Menu, Refused, Screen, answer, main_screen
from bot.service.panels import Flow, Turn
from bot.service.plugins.neuroshima.panel import PANEL as NEUROSHIMA
from bot.service.plugins.neuroshima.puzzles import choice, tries
from bot.service.plugins.neuroshima.puzzles.panel import PANEL, STALE
from tests.puzzles.conftest import placing


def test_the_puzzle_panel_places_with_neuroshimas_own_steps() -> None:
    game = next(f for f in NEUROSHIMA.flows if isinstance(f, Flow) and f.command == "place")
    puzzle = next(f for f in PANEL.flows if isinstance(f, Flow))
    said = [(s.name, s.option, s.prompt) for s in puzzle.steps]
    assert said == [(s.name, s.option, s.prompt) for s in game.steps]
    assert isinstance(puzzle.steps[-1], Turn) and puzzle.steps[-1].preview is not None
    assert PANEL.ids == ("zs", "zp")  # the ids puzzle panels already sent carry


async def test_a_tries_main_screen_offers_its_tiles_its_other_moves_fight_and_undo(
    service: Service, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = placing()
    monkeypatch.setattr(choice, "daily", lambda day: puzzle)
    reply = await tries.begin(service, "ann", 0)
    assert reply.panel is not None
    screen = await main_screen(service, reply.panel.try_id, "ann", panel=PANEL)
    assert screen.stamp == (reply.panel.try_id, puzzle.seat, 0) and screen.ids == PANEL.ids
    (tiles,) = [c for c in screen.components if isinstance(c, Menu) and c.op == "tile"]
    assert {c.value for c in tiles.choices} == set(puzzle.hand)
    desk = await tries.desk(service, "ann")
    others = [c for c in screen.components if isinstance(c, Menu) and c.op == "act"]
    listed = {c.value for m in others for c in m.choices}
    assert listed == {t for t in desk.legal_texts() if t != "end" and not t.startswith("place ")}
    buttons = [(c.op, c.role) for c in screen.components if isinstance(c, Button)]
    assert buttons == [("end", ""), ("undo", "undo")]


async def test_a_click_by_another_user_or_on_an_older_version_is_refused(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = placing()
    monkeypatch.setattr(choice, "daily", lambda day: puzzle)
    reply = await tries.begin(service, "ann", 0)
    assert reply.panel is not None
    try_id = reply.panel.try_id
    await tries.act(service, "ann", puzzle.solutions[0][0])
    old = Click(try_id, puzzle.seat, 0, "end")
    assert await answer(service, "ann", old, PANEL) == Refused("stale", STALE)
    assert await answer(service, "bob", old, PANEL) == Refused("not_yours")
    tile = await answer(service, "ann", Click(try_id, puzzle.seat, 1, "tile", (), "x"), PANEL)
    assert isinstance(tile, Screen) and tile.components[-1] == Button("back", role="back")
