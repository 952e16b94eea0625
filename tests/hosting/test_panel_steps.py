"""Panels as data: a game's steps answered by the one engine any front-end draws."""

from __future__ import annotations

from dataclasses import replace
from typing import cast

import pytest

from bot.service import Service
from bot.service.commands.spec import Suggestion
from bot.service.panel_flow import (
    Button,
    Click,
    Menu,
    Played,
    Refused,
    Screen,
    answer,
    main_screen,
    show_step,
)
from bot.service.panels import GENERIC, Ask, Flow, Panel, Pick, Press, Turn, panel_for
from bot.service.plugins.neuroshima.panel import PANEL as NEUROSHIMA
from bot.service.plugins.space_alert.panel import PANEL as SPACE_ALERT
from bot.service.table import load_table
from games.text import Text
from tests.hosting.helpers import command, crew


async def duel(service: Service) -> int:
    """alice against the easy AI; her HQ is placed, so her hand is dealt."""
    created = await command(service, "alice", "neuroshima new", vs="ai", level="easy",
                            army="moloch", _seed="panel")  # fmt: skip
    assert created.game_id is not None
    return created.game_id


async def version(service: Service, gid: int) -> int:
    return (await load_table(service.host, gid)).record.version


def menu(screen: Screen, op: str) -> Menu:
    return next(c for c in screen.components if isinstance(c, Menu) and c.op == op)


def buttons(screen: Screen) -> list[Button]:
    return [c for c in screen.components if isinstance(c, Button)]


def test_each_game_finds_its_panel_and_others_the_generic_one() -> None:
    assert panel_for("neuroshima") is NEUROSHIMA
    assert panel_for("space_alert") is SPACE_ALERT
    assert panel_for("warzone") is GENERIC and panel_for("no_such_game") is GENERIC


def test_a_panel_refuses_two_steps_of_one_name() -> None:
    twice = Flow((Pick("tile", Text("Place a tile…")), Pick("hex", op="tile")), command="place")
    with pytest.raises(ValueError, match="names of their own"):
        Panel(flows=(twice,))
    with pytest.raises(ValueError, match="names of their own"):
        Panel(flows=(Flow((Pick("action", op="act"),), command="act"),))  # the panel's own
    Panel(flows=(Flow((Pick("action", op="act"),), command="act"),), moves=False, undo=False)


async def test_place_a_tile_step_by_step_ends_in_the_typed_command(service: Service) -> None:
    gid = await duel(service)
    first = await main_screen(service, gid, "alice")
    assert [c.op for c in first.components] == ["hq", "undo"]
    hq = await answer(service, "alice", Click(gid, 0, await version(service, gid), "hq", (),
                                              "A1"))  # fmt: skip
    assert isinstance(hq, Played) and hq.said == "hq A1" and not hq.redraw
    main = await main_screen(service, gid, "alice")
    tiles = menu(main, "tile")
    assert str(tiles.placeholder) == "Place a tile…" and tiles.args == ()
    stamp = await version(service, gid)
    assert main.stamp == (gid, 0, stamp) and main.ids == ("ms", "mp")
    tile = tiles.choices[0].value
    hexes = await answer(service, "alice", Click(gid, 0, stamp, "tile", (), tile))
    assert isinstance(hexes, Screen) and str(hexes.text) == f"Where do you place {tile}?"
    assert menu(hexes, "hex").args == (tile,) and [b.op for b in buttons(hexes)] == ["back"]
    where = menu(hexes, "hex").choices[0].value
    turned = await answer(service, "alice", Click(gid, 0, stamp, "hex", (tile,), where))
    assert isinstance(turned, Screen) and turned.images and "preview" in turned.images[0].name
    left, right, confirm, back = buttons(turned)
    assert (left.op, right.op, confirm.op, back.op) == ("rot", "rot", "ok", "back")
    assert confirm.args[:2] == (tile, where) and confirm.tone == "success"
    facing = right.args[-1]
    again = await answer(service, "alice", Click(gid, 0, stamp, "rot", right.args))
    assert isinstance(again, Screen) and f"facing {facing}:" in str(again.text)
    played = await answer(service, "alice", Click(gid, 0, stamp, "ok", (tile, where, facing)))
    assert isinstance(played, Played) and played.said == f"place {tile} {where} {facing}"
    assert await version(service, gid) > stamp


async def test_an_old_panel_is_stale_and_another_players_is_refused(service: Service) -> None:
    gid = await duel(service)
    stamp = await version(service, gid)
    await answer(service, "alice", Click(gid, 0, stamp, "hq", (), "A1"))
    stale = await answer(service, "alice", Click(gid, 0, stamp, "hq", (), "A2"))
    assert stale == Refused("stale")
    assert await answer(service, "mallory", Click(gid, 0, stamp, "undo")) == Refused("not_yours")
    assert await answer(service, "alice", Click(gid, 1, stamp, "undo")) == Refused("not_yours")
    shaped = await answer(service, "alice", Click(gid, 0, await version(service, gid), "hex", ()))
    assert shaped == Refused("stale")  # a component of a shape this panel never makes


async def test_space_alert_switches_boards_hands_over_by_buttons_and_redraws(
    service: Service,
) -> None:
    gid = await crew(service, "steps", players=2)
    main = await main_screen(service, gid, "bob")
    assert main.ids == ("ss", "sb")
    boards = menu(main, "board")
    assert str(boards.placeholder) == "Board 2: your board (switch…)"
    assert [c.op for c in main.components] == ["board", "card", "gift", "lock"]
    lock = buttons(main)[0]
    assert str(lock.label) == "Lock in phase 1" and lock.args == ("1",)
    stamp = main.stamp[2]
    android = await answer(service, "bob", Click(gid, 1, stamp, "board", (), "2"))
    assert isinstance(android, Screen) and android.images is None
    assert menu(android, "card").args == ("2",)
    card = menu(main, "gift").choices[0].value
    asked = await answer(service, "bob", Click(gid, 1, stamp, "gift", ("1",), card))
    assert isinstance(asked, Screen) and str(asked.text) == f"Card #{card}: hand it to whom?"
    to_alice, back = buttons(asked)
    assert (to_alice.op, to_alice.args, str(to_alice.label)) == ("give", ("1", card, "0"),
                                                                  "To alice")  # fmt: skip
    assert (back.op, back.args) == ("back", ("1",))
    given = await answer(service, "bob", Click(gid, 1, stamp, "give", to_alice.args))
    assert isinstance(given, Played) and given.redraw and given.switched == "1"


async def test_a_press_is_offered_only_when_its_label_says_so(service: Service) -> None:
    gid = await crew(service, "press", players=2)
    await command(service, "alice", "space-alert lock")
    locked = await main_screen(service, gid, "alice")
    assert locked.components == ()  # not her move: nothing to press
    press = next(f for f in SPACE_ALERT.flows if isinstance(f, Press))
    assert press.op == "lock" and SPACE_ALERT.press("lock") is press
    assert not any(isinstance(s, Turn) for f in SPACE_ALERT.flows if isinstance(f, Flow)
                   for s in f.steps)  # fmt: skip


async def test_a_turn_wraps_around_its_values_and_without_values_only_goes_back() -> None:
    async def even(ask: Ask) -> list[Suggestion]:
        return [Suggestion(v, v) for v in ("0", "2", "4")]

    async def nothing(ask: Ask) -> list[Suggestion]:
        return []

    spin = Turn("facing", Text("{tile} facing {facing}"), choices=even)
    place = Flow((Pick("tile"), spin), command="place")
    ask = Ask(cast(Service, None), 1, 2, 0, {"tile": "Gauss"}, stamp=(1, 0, 9))
    turned = await show_step(ask, Panel(flows=(place,)), place, 1)
    left, right, confirm, back = buttons(turned)
    assert (left.args, right.args, confirm.args) == (("Gauss", "4"), ("Gauss", "2"),
                                                    ("Gauss", "0"))  # fmt: skip
    assert str(turned.text) == "Gauss facing 0" and turned.stamp == (1, 0, 9)
    assert back.args == () and turned.images == ()
    stopped = Flow((Pick("tile"), replace(spin, choices=nothing)), command="place")
    stuck = await show_step(ask, Panel(flows=(stopped,)), stopped, 1)
    assert [b.role for b in buttons(stuck)] == ["back"]
