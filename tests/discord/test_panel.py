"""The private hand panel: menus from legal actions, hex pick, rotate with preview, confirm."""

from __future__ import annotations

from pathlib import Path

from bot.service.commands.frontend import place
from tests.discord.conftest import World, make_world
from tests.discord.fakes import Sent, click


async def vs_ai(world: World) -> tuple[int, Sent]:
    """alice starts a duel against the easy AI; returns the game and her first panel."""
    await world.slash(world.alice, "neuroshima new", vs="ai", level="easy", army="moloch")
    panel = world.client.log.of("dm", world.alice.id)[-1]
    game = int(panel.custom_ids[0].split(":")[1])
    return game, panel


def control(panel: Sent, op: str) -> str:
    """The custom id of the panel component doing `op`."""
    return next(c for c in panel.custom_ids if c.split(":")[4] == op)


async def test_first_panel_offers_only_hq_hexes(world: World) -> None:
    game, panel = await vs_ai(world)
    hq = control(panel, "hq")
    assert hq.startswith(f"ms:{game}:0:")
    board = {f"{row}{n}" for row, size in zip("ABCDE", (3, 4, 5, 4, 3), strict=True)
             for n in range(1, size + 1)}  # fmt: skip
    assert set(panel.options(hq)) <= board and len(panel.options(hq)) == len(board)
    assert control(panel, "undo")
    assert not any(c.split(":")[4] == "tile" for c in panel.custom_ids)


async def test_place_a_tile_hex_then_rotate_with_preview_then_confirm(world: World) -> None:
    game, panel = await vs_ai(world)
    log = world.client.log
    await click(world.interaction(world.alice), control(panel, "hq"), "A1")
    panel = log.of("dm", world.alice.id)[-1]
    tile_menu = control(panel, "tile")
    tile = panel.options(tile_menu)[0]
    me = world.interaction(world.alice)
    await click(me, tile_menu, tile)
    assert log.of("defer", me.id)  # deferred before reading the position
    hexes = log.of("edit_original", me.id)[-1]
    hex_menu = hexes.custom_ids[0]
    assert hex_menu.startswith(f"ms:{game}:0:") and f":hex:{tile}:" in hex_menu
    target = hexes.options(hex_menu)[0]
    me = world.interaction(world.alice)
    await click(me, hex_menu, target)
    shown = log.of("edit_original", me.id)[-1]
    assert shown.files and "preview" in shown.files[0]
    rotate = [c for c in shown.custom_ids if ":rot:" in c]
    assert len(rotate) == 2
    me = world.interaction(world.alice)
    await click(me, rotate[1])
    rotated = log.of("edit_original", me.id)[-1]
    facing = rotated.custom_ids[2].split(":")[-1]
    assert rotated.files and f"facing {facing}" in (rotated.content or "")
    me = world.interaction(world.alice)
    await click(me, rotated.custom_ids[2])
    done = log.of("edit_original", me.id)[-1]
    assert done.content == f"Played: place {tile} {target} {facing}"
    assert done.extra["has_view"] and done.view is None
    history = await world.service.history(game)
    assert any(f"place {tile} {target} {facing}" in line for line in history)


async def test_a_stale_panel_says_so_and_offers_a_fresh_one(world: World) -> None:
    game, panel = await vs_ai(world)
    old = control(panel, "hq")
    await click(world.interaction(world.alice), old, "A1")
    me = world.interaction(world.alice)
    await click(me, old, "A2")
    answer = world.client.log.of("followup", me.id)[-1]
    assert answer.ephemeral and "out of date" in (answer.content or "")
    fresh = answer.custom_ids[0]
    me = world.interaction(world.alice)
    await click(me, fresh)
    new = world.client.log.of("followup", me.id)[-1]
    assert new.ephemeral and new.files and any(":tile:" in c for c in new.custom_ids)
    assert (await place(world.service, game)).status == "active"


async def test_someone_elses_panel_is_refused(world: World) -> None:
    _, panel = await vs_ai(world)
    me = world.interaction(world.bob)
    await click(me, control(panel, "hq"), "A1")
    answer = world.client.log.of("followup", me.id)[-1]
    assert answer.ephemeral and "another player" in (answer.content or "")


async def test_panels_keep_working_after_a_restart(world: World, tmp_path: Path) -> None:
    game, panel = await vs_ai(world)
    await world.service.close()
    world.client.runner = None
    again = await make_world(tmp_path, world.clock, world.client)  # a new process, same Discord
    try:
        me = again.interaction(again.alice)
        await click(me, control(panel, "hq"), "B2")
        assert any("hq B2" in line for line in await again.service.history(game))
        assert again.client.log.of("dm", again.alice.id)  # the next panel went out
    finally:
        await again.service.close()


async def test_hand_command_answers_with_an_ephemeral_panel(world: World) -> None:
    game, _ = await vs_ai(world)
    me = await world.slash(world.alice, "hand")
    shown = world.client.log.of("followup", me.id)[-1]
    assert shown.ephemeral and shown.files
    assert any(c.startswith(f"ms:{game}:0:") for c in shown.custom_ids)
