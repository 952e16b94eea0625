"""The console draws any game's panel as numbered entries: the same steps as Discord."""

from __future__ import annotations

import re

from bot.console.session import Session
from tests.console.helpers import run


def entry(printed: str, words: str) -> str:
    """The number of the first entry whose words start with `words`."""
    found = re.search(rf"^  (\d+)\. {re.escape(words)}", printed, re.M)
    assert found, printed
    return found.group(1)


async def test_a_tile_is_placed_step_by_step_from_the_panel(session: Session) -> None:
    await run(session, "/seed panel", "/neuroshima new vs:ai level:easy army:moloch")
    first = await run(session, "/panel")
    assert "Pick one with /panel N:" in first and "  1. Place your HQ… " in first
    hq = await run(session, f"/panel {entry(first, 'Place your HQ… A1')}")
    assert hq.startswith("Played: hq A1")
    main = await run(session, "/panel")
    pick_tile = re.search(r"^  (\d+)\. Place a tile… .* \((\S+)\)$", main, re.M)
    assert pick_tile, main
    number, tile = pick_tile.groups()
    hexes = await run(session, f"/panel {number}")
    assert hexes.startswith(f"Where do you place {tile}?")
    where = re.search(r"^  (\d+)\. Pick a hex… (\S+)$", hexes, re.M)
    assert where, hexes
    turned = await run(session, f"/panel {where.group(1)}")
    assert f"{tile} on {where.group(2)}, facing " in turned
    assert [e for e in ("Rotate ⟲", "Rotate ⟳", "Confirm", "Back") if f". {e}" in turned] == [
        "Rotate ⟲", "Rotate ⟳", "Confirm", "Back"
    ]  # fmt: skip
    facing = re.search(r"facing (\d):", turned)
    assert facing
    played = await run(session, f"/panel {entry(turned, 'Confirm')}")
    assert played.startswith(f"Played: place {tile} {where.group(2)} {facing.group(1)}")


async def test_a_panel_entry_that_is_not_there_or_out_of_date_is_refused(
    session: Session,
) -> None:
    await run(session, "/seed stale", "/neuroshima new vs:ai level:easy army:moloch")
    assert "No entry 99 on this panel" in await run(session, "/panel 99")
    first = await run(session, "/panel")
    number = entry(first, "Place your HQ… A1")
    await run(session, "/neuroshima hq A2")  # typed: the printed panel is now out of date
    assert "This panel is out of date" in await run(session, f"/panel {number}")
    assert "This panel belongs to another player." in await run(
        session, "/panel", "/as mallory", f"/panel {number}"
    )


async def test_a_space_alert_program_is_redrawn_after_each_card(session: Session) -> None:
    await run(session, "/seed solo", "/space-alert new crew:1")
    first = await run(session, "/panel")
    assert "  1. Board 1: Android A (switch…) 1: Android A" in first
    where = await run(session, f"/panel {entry(first, 'Program a card… #0 ')}")
    assert where.startswith("Card #0: which turn, and which half up?")
    slot = entry(where, "Card #0: which turn, and which half up? Turn 1: action")
    redrawn = await run(session, f"/panel {slot}")
    assert "your program changed" in redrawn
    assert re.search(r"^  \d+\. Take a card back… Turn 1: #0 A$", redrawn, re.M), redrawn
    assert "Lock in phase 1" in redrawn
