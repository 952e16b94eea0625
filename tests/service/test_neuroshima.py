"""Neuroshima Hex through the service: a whole duel against the AI, with images and history."""

from __future__ import annotations

import random

import pytest

from bot.service import GameOver, PrivateUpdate, PublicUpdate, Service
from bot.service.table import load_table
from storage.records import GameStatus

pytest.importorskip("games.neuroshima")


async def test_a_whole_duel_against_the_ai(service: Service) -> None:
    gid = (
        await service.create("neuroshima", "alice", mode="duel", role="moloch", seed="ns1")
    ).game_id
    assert gid is not None
    await service.add_ai(gid, "alice", "easy", role="random")
    started = await service.start(gid, "alice")
    panel = next(m for m in started.messages if isinstance(m, PrivateUpdate))
    assert panel.images and panel.images[0].png().startswith(b"\x89PNG")
    rng = random.Random(1)
    last = started
    for _ in range(400):
        table = await load_table(service.host, gid)
        if not table.to_act():
            break
        seat = min(table.to_act())
        legal = list(table.spec.rules.legal_actions(table.state, seat))
        last = await service.act(gid, "alice", table.spec.codec.format(rng.choice(legal)))
    record = await service.store.get_game(gid)
    assert record.status is GameStatus.FINISHED
    assert any(isinstance(m, GameOver) for m in last.messages)
    public = next(m for m in last.messages if isinstance(m, PublicUpdate))
    assert public.images[0].png().startswith(b"\x89PNG")
    assert len(await service.history(gid)) > 20
