"""A picked mercenary lies face down: the log, the thread and the replay never name it."""

from __future__ import annotations

from bot.service import PrivateUpdate, PublicUpdate, Service
from bot.service.table import load_table


async def test_a_mercenary_pick_is_named_only_to_its_picker(service: Service) -> None:
    created = await service.create("neuroshima", "alice", role="moloch",
                                   options={"mercenaries": 1})  # fmt: skip
    gid = created.game_id
    assert gid is not None
    await service.join(gid, "bob", "outpost")
    await service.start(gid, "alice")
    table = await load_table(service.host, gid)
    picker = min(table.humans_to_act())
    user = table.user_at(picker)
    assert user is not None
    pool = await service.options(gid, user, "pick ")
    assert pool
    tile = pool[0].split()[1]
    reply = await service.act(gid, user, pool[0])
    public = [str(m.text) for m in reply.messages if isinstance(m, PublicUpdate)]
    assert public and not any(tile in t for t in public)
    assert any("picked a mercenary" in t for t in public)
    others = [m for m in reply.messages if not (isinstance(m, PrivateUpdate) and m.user_id == user)]
    assert all(tile not in str(getattr(m, "text", "")) for m in others)
    log = "\n".join(await service.history(gid))
    assert tile not in log and "picked a mercenary" in log
    frames = await service.replay(gid)
    assert all(tile not in str(f.caption) for f in frames)
    assert all(tile not in repr(f.view) for f in frames)
    board = await service.board(gid)
    assert tile not in str(board.text)
    # The picker's own panel names it: it is theirs to draw later.
    panel = await service.hand(gid, user)
    seen = (await load_table(service.host, gid)).view(picker)
    assert tile in [r for s in seen.seats for r in s.reserve]
    assert panel.messages
