"""Pictures of battle scenario files (../shared/formats/neuroshima-battle.md) for bug reports."""

from __future__ import annotations

from typing import Any

from games.neuroshima import scenario
from games.neuroshima.position import Position, netted
from games.neuroshima.view import NeuroshimaView, SeatView, TurnMarks
from games.text import Text
from rendering.neuroshima.board import board_layout, delivery_png, paint_board


def scenario_view(position: Position) -> NeuroshimaView:
    """A public view of a bare position: no hands, no decks, nobody to act."""
    team_of = {s: i for i, team in enumerate(position.teams) for s in team}
    seats = tuple(
        SeatView(s, army, hp, 0, 0, (), (), hp <= 0, team_of.get(s), 0, (), False)
        for s, (army, hp) in enumerate(zip(position.armies, position.hq_hp, strict=True))
    )
    return NeuroshimaView(
        viewer=None,
        board_radius=position.board.radius,
        tiles=position.tiles,
        netted=tuple(sorted(netted(position))),
        seats=seats,
        order=tuple(range(len(seats))),
        active=0,
        to_act=(),
        turn=0,
        step="scenario",
        pending=None,
        last_turn=(),
        since_your_turn=(),
        since_turn=None,
        last_battle=None,
        final_countdown=False,
        final_waiting=(),
        marks=TurnMarks(),
        highlights=(),
        mode="duel" if len(seats) == 2 and not position.teams else "scenario",
        scoring=position.scoring,
        outcome=None,
    )


def render_scenario(data: dict[str, Any]) -> bytes:
    """PNG bytes of the position a scenario document describes (raises InvalidActionError)."""
    position = scenario.parse(data)
    view = scenario_view(position)
    detail = Text.plural(
        "{count} tile · netted tiles are hatched",
        "{count} tiles · netted tiles are hatched",
        len(position.tiles),
    )
    title = (Text("Scenario position"), detail, False)
    return delivery_png(paint_board(board_layout(view, title=title)), view)
