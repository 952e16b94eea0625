"""A whole Neuroshima Hex duel played through the Discord layer: lobby buttons, then panels only."""

from __future__ import annotations

import io

import pytest
from PIL import Image as PILImage

from bot.service.commands.frontend import place
from bot.service.plugins.neuroshima.presenter import neuroshima_fought, neuroshima_narration
from bot.service.presenters import _PRESENTERS, Presenter
from tests.discord.conftest import World
from tests.discord.fakes import Sent, click

PNG = b"\x89PNG\r\n\x1a\n"
MAX_CLICKS = 1500


def tiny_png(colour: str) -> bytes:
    """A real 8x8 PNG (battle frames are turned into a GIF, so they must decode)."""
    buffer = io.BytesIO()
    PILImage.new("RGB", (8, 8), colour).save(buffer, "PNG")
    return buffer.getvalue()


FRAMES = [tiny_png("red"), tiny_png("blue")]


@pytest.fixture(autouse=True)
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiny images: this test is about the round trips, the renderer has its own tests."""
    quick = Presenter(
        board=lambda view: PNG,
        hand=lambda view: PNG,
        since=lambda then, now: PNG,
        replay=lambda before, seat, action, after: FRAMES,
        fought=neuroshima_fought,
        narrate=neuroshima_narration,
    )
    monkeypatch.setitem(_PRESENTERS, "neuroshima", quick)


def latest_panel(world: World, game: int, user: int) -> Sent | None:
    """The newest message with components for this user's seat (DM or edited panel)."""
    for sent in reversed(world.client.log):
        if sent.kind in ("dm", "edit_original") and sent.view is not None:
            ids = [c for c in sent.custom_ids if c.startswith((f"ms:{game}:", f"mp:{game}:"))]
            if ids and (sent.kind == "edit_original" or sent.where == user):
                return sent
        if sent.kind == "edit_original" and sent.extra.get("has_view") and sent.view is None:
            continue
    return None


def choose(panel: Sent) -> tuple[str, tuple[str, ...]]:
    """A sensible next click: place, HQ, confirm, a move, discard, end; never undo or back."""
    ids = panel.custom_ids
    by_op = {c.split(":")[4]: c for c in reversed(ids)}
    battle = [c for c in ids if c.endswith(":do:battle")]
    if battle:
        return battle[0], ()
    for op in ("ok", "hex", "tile", "hq", "act", "discard"):
        if op in by_op:
            c = by_op[op]
            return (c, ()) if c.startswith("mp:") else (c, (panel.options(c)[0],))
    words = [c for c in ids if c.split(":")[4] == "do"]
    if words:
        return words[0], ()
    raise AssertionError(f"no way forward on {ids}")


async def test_lobby_to_game_over_through_discord(world: World) -> None:
    log = world.client.log
    await world.slash(world.alice, "neuroshima new", army="moloch")
    game = int(log.of("followup")[-1].custom_ids[-1].split(":")[1])
    await click(world.interaction(world.bob), f"ml:{game}:join")
    await click(world.interaction(world.bob), f"ml:{game}:role", "outpost")
    await click(world.interaction(world.alice), f"ml:{game}:start")
    players = {0: world.alice, 1: world.bob}
    seen_panels = 0
    for _ in range(MAX_CLICKS):
        where = await place(world.service, game)
        if where.status != "active":
            break
        acted = False
        for seat, user in players.items():
            panel = latest_panel(world, game, user.id)
            if panel is None or int(panel.custom_ids[0].split(":")[2]) != seat:
                continue
            if int(panel.custom_ids[0].split(":")[3]) != where.version:
                continue
            custom_id, values = choose(panel)
            await click(world.interaction(user), custom_id, *values)
            seen_panels += 1
            acted = True
            break
        assert acted, "every position must leave someone a usable panel"
    where = await place(world.service, game)
    assert where.status == "finished"
    thread = log.of("send", where.thread_id)
    assert any("is over" in (s.content or "") for s in thread)
    battles = [s for s in thread if s.files and "battle" in s.files[0]]
    assert battles, "battles are shown"
    assert all(
        s.files[0].endswith(".gif") and s.files[1:] == [s.files[0][:-4] + "-summary.png"]
        for s in battles
    ), "each battle is one animated GIF and its result as a still, not a series of frames"
    assert any("Initiative " in (s.content or "") for s in battles), "battles are told in words"
    assert not [s for s in log if "incident" in (s.content or "")]
    assert seen_panels > 20
