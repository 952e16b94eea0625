"""Five and six players play on the 37-hex board: offered, typed and logged by its hex names."""

from __future__ import annotations

from bot.console.completion import complete_line
from bot.console.session import Session
from bot.service.table import load_table
from bot.service.updates import legal_texts
from games.neuroshima.board import Board
from games.neuroshima.queries import hq_hex
from tests.console.helpers import run

LARGE = Board(3)


async def test_five_seats_against_the_ai_start_on_the_large_board(session: Session) -> None:
    out = await run(session, "/seed big", "/neuroshima new mode:deathmatch seats:5 vs:ai")
    assert "Game 1 started." in out
    # The 37 hexes by their own names: column A has four hexes on the large board, three on
    # the small one, and G4 exists only on the large one.
    assert "hq, 37 options: hq A1, hq A2, hq A3, hq A4, hq B1," in out
    assert "(+31 more)" in out
    table = await load_table(session.service.host, 1)
    assert sorted(legal_texts(table, 0)) == sorted(f"hq {LARGE.label(h)}" for h in LARGE.hexes)
    typed = await complete_line(session, "/neuroshima act action:hq G")
    assert [c for c in typed if c.startswith("G")] == ["G1", "G2", "G3", "G4"]
    out = await run(session, "/neuroshima act action:hq D4", "/log")
    assert "hq D4" in out  # logged by the large board's name for the centre
    table = await load_table(session.service.host, 1)
    assert table.state.options.board_radius == 3
    centre = hq_hex(table.state.position, 0)
    assert centre is not None and LARGE.label(centre) == "D4"


async def test_the_host_may_choose_the_small_board_for_five(session: Session) -> None:
    out = await run(
        session, "/seed small", "/neuroshima new mode:deathmatch seats:5 vs:ai board:standard"
    )
    assert "Game 1 started." in out
    assert "hq, 19 options: hq A1, hq A2, hq A3, hq B1," in out and "(+13 more)" in out
    table = await load_table(session.service.host, 1)
    assert len(legal_texts(table, 0)) == 19
    typed = await complete_line(session, "/neuroshima act action:hq G")
    assert [c for c in typed if c.startswith("G")] == []
