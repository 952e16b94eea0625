"""A squad order in formation is one order: played whole, or refused with nothing moved."""

from __future__ import annotations

from bot.console.session import Session
from bot.service.table import load_table
from tests.console.helpers import run
from tests.hosting_warzone.driver import step

CAPITOL = (
    "battalion: line; 1 Lieutenant Chuck Robbins commander; 8 Light Infantry upgrade; "
    "8 Light Infantry"
)


async def _a2_to_activate(session: Session) -> None:
    """Deploy both sides; stop when alice may activate A2 (in a line along y = 33)."""
    await run(
        session,
        "/seed wz-squad",
        "/as alice",
        "/warzone new terrain:ruined_outpost rounds:3",
        f"/warzone list text:{CAPITOL}",
        "/as bob",
        "/warzone join game:1 army:dark_legion",
        "/as alice",
        "/warzone start",
    )
    for _ in range(200):
        if await session.service.waiting("alice"):
            options = await session.service.options(1, "alice")
            if "activate A2" in options:
                await run(session, "/as alice")
                return
        await step(session, ["alice", "bob"])
    raise AssertionError("A2 never came to activate")


async def _a2(session: Session) -> dict[str, tuple[float, float]]:
    session.service.host.cache.pop(1, None)
    table = await load_table(session.service.host, 1)
    return {m.key: (m.x, m.y) for m in table.state.models if m.squad == "A2"}


async def test_a_squad_move_that_hits_terrain_moves_nobody(session: Session) -> None:
    await _a2_to_activate(session)
    before, version = await _a2(session), (await session.service.store.get_game(1)).version
    # The lead clears the bunker (x 15-21, y 23-27); A2.2 and the models east of it do not.
    out = await run(session, "/warzone move who:A2 to:13.2,27.5 run:true")
    assert out == (
        "Error (illegal_move): `run A2.2 14.88,27.50` would be refused: the path crosses"
        " impassable terrain (bunker). Nothing was played."
    )
    assert await _a2(session) == before
    assert (await session.service.store.get_game(1)).version == version
    table = await load_table(session.service.host, 1)
    assert table.state.active_squad is None  # not even the activation was played


async def test_a_squad_walk_says_each_model_loses_its_second_ap(session: Session) -> None:
    await _a2_to_activate(session)
    before = await _a2(session)
    lead = before["A2.1"]
    out = await run(session, "/warzone move who:A2 to:12.7,32.5")
    moved = {line.strip() for line in out.splitlines() if " moves to " in line}
    ended = {line.strip() for line in out.splitlines() if line.endswith("AP unused")}
    assert len(moved) == 8  # every model, one activation each
    assert len(ended) == 7  # all but the last, still active, say their second AP is gone
    assert "A2.1's activation ends as A2.2 starts: 1 AP unused" in ended
    dx, dy = 12.7 - lead[0], 32.5 - lead[1]
    after = await _a2(session)
    for key, (x, y) in before.items():
        assert abs(after[key][0] - (x + dx)) < 0.01 and abs(after[key][1] - (y + dy)) < 0.01
