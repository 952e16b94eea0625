"""History lines, export records and replays rebuilt from the log; presenters and user ids."""

from __future__ import annotations

import json

from bot.service import Presenter, PublicUpdate, Service, register_presenter
from bot.service.presenters import TEXT_ONLY
from storage.base import dumps
from tests.service.helpers import duel, state


async def test_history_export_and_replay_agree_with_the_game(service: Service) -> None:
    gid = await duel(service, seed="h1")
    await service.act(gid, "alice", "take 2")
    await service.act(gid, "bob", "take 1")
    lines = await service.history(gid)
    assert lines[0].startswith("  1. chance: Dealt")  # moves are numbered from 1
    assert any(line.startswith("Turn 1 - alice") for line in lines)
    assert any("take 2" in line for line in lines)
    data, _images = await service.export(gid)
    assert data["format"] == "muster.game/1"
    assert json.loads(dumps(data)) == data
    # Running: neither the seed nor the raw log (it would show hidden draws) is exported.
    assert data["game"]["seed"] is None and data["events"] is None
    await service.resign(gid, "bob")
    data, _images = await service.export(gid)
    assert data["game"]["seed"] == "h1"
    assert [e["seq"] for e in data["events"]] == list(range(len(data["events"])))
    frames = await service.replay(gid)
    assert [f.caption for f in frames[1:3]] == ["alice: take 2", "bob: take 1"]
    # A replay step is the number /history prints for that move.
    assert f"  {frames[1].step}. take 2" in lines and f"  {frames[2].step}. take 1" in lines
    assert frames[-1].view.pile == (await state(service, gid)).pile


async def test_registered_presenter_supplies_lazy_images(service: Service) -> None:
    drawn: list[object] = []

    def board(view: object) -> bytes:
        drawn.append(view)
        return b"\x89PNG fake"

    register_presenter("stones", Presenter(board=board, summary=lambda v: f"pile {v.pile}"))
    try:
        gid = await duel(service, seed="img")
        reply = await service.act(gid, "alice", "take 1")
        public = next(m for m in reply.messages if isinstance(m, PublicUpdate))
        assert drawn == []  # nothing drawn until a front-end asks
        assert public.images[0].png() == b"\x89PNG fake"
        assert public.images[0].png() == b"\x89PNG fake" and len(drawn) == 1
        board_reply = await service.board(gid)
        assert "pile" in board_reply.text
    finally:
        register_presenter("stones", TEXT_ONLY)


def test_user_ids_from_ints_digits_mentions_and_names(service: Service) -> None:
    assert service.user(42) == 42
    assert service.user("42") == 42
    assert service.user("<@!42>") == 42
    alice = service.user("Alice")
    assert alice == service.user("alice") and alice > 0
    assert service.host.name(alice) == "alice"
    assert service.host.name(-2) == "AI (normal)"
