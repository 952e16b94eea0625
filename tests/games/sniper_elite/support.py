"""Constructed positions for rules tests: a finished setup with figures placed by hand."""

from __future__ import annotations

from dataclasses import replace

from games.engine import start
from games.sniper_elite import rules
from games.sniper_elite.board import Area, load_board
from games.sniper_elite.model import Defender, Phase, State, TurnFlags


def position(
    sniper: str,
    defenders: dict[str, str],
    *,
    board: str = "tidewater",
    lka: str = "red",
    probable: tuple[int, ...] = (),
    objectives: tuple[int, ...] = (4, 8),
    config: dict[str, object] | None = None,
) -> State:
    """A sniper-turn state with the sniper and the defenders ({space: squad}) placed by hand."""
    state, _ = start(rules, {"map": board, **(config or {})}, 1, "support")
    squads = {"red": [0, 1, 2], "yellow": [3, 4, 5], "black": [6, 7, 8]}
    placed: list[Defender] = [Defender(i, d.squad, None) for i, d in enumerate(state.defenders)]
    for space, squad in defenders.items():
        ident = squads[squad].pop(0)
        placed[ident] = Defender(ident, Area(squad), space)
    return replace(
        state,
        phase=Phase.SNIPER,
        sniper=sniper,
        lka=Area(lka),
        probable=probable,
        objectives=objectives,
        defenders=tuple(placed),
        turn=TurnFlags(),
        pending=None,
        log=(),
    )


def spaces(state: State) -> dict[str, str]:
    """{space: squad} of the defenders on the board."""
    return {d.space: d.squad.value for d in state.on_board if d.space is not None}


BOARD = load_board("tidewater")
