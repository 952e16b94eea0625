"""AI replies and drawings in the process pool: off the event loop, after the person, the same
moves and the same pixels as when they run inline."""

from __future__ import annotations

import asyncio
import os
import pickle
import signal
from collections.abc import Iterator
from datetime import timedelta
from functools import partial
from typing import Any

import pytest

from bot.service import FakeClock, PublicUpdate, Service
from bot.service.ai import LEVELS
from bot.service.play import replies_later
from bot.service.presenters import image
from bot.service.replies import ai_replies, owed_games
from bot.service.table import load_table
from bot.service.workers import NICENESS, Workers, draw_images, install, uninstall

pytest.importorskip("games.neuroshima")

HOUR = 3600


@pytest.fixture(scope="module")
def pool() -> Iterator[Workers]:
    workers = Workers(1)
    yield workers
    workers.close()


@pytest.fixture
def workers(pool: Workers) -> Iterator[Workers]:
    install(pool)
    yield pool
    uninstall(pool)


async def versus_hard(service: Service, seed: str) -> int:
    created = await service.create("neuroshima", "alice", mode="duel", role="moloch", seed=seed)
    gid = created.game_id
    assert gid is not None
    await service.add_ai(gid, "alice", "hard", role="outpost")
    await service.start(gid, "alice")
    return gid


async def events(service: Service, gid: int) -> list[object]:
    return [(e.engine_seat, e.action) for e in await service.store.events(gid)]


async def alice_until_the_ai(service: Service, gid: int) -> list[int]:
    """alice plays her first legal action until the AI is to act; the games owing a reply."""
    with replies_later() as owed:
        while not owed:
            table = await load_table(service.host, gid)
            (action, *_) = table.spec.rules.legal_actions(table.state, 0)
            await service.act(gid, "alice", action)
    return owed


async def test_a_hard_ai_thinks_in_a_worker_process_while_the_loop_runs(
    service: Service, workers: Workers
) -> None:
    inline = await versus_hard(service, "pool-1")
    await service.act(inline, "alice", "hq C3")  # no front-end collecting: the AI moves inside
    gid = await versus_hard(service, "pool-1")
    with replies_later() as owed:
        reply = await service.act(gid, "alice", "hq C3")
    assert owed == [gid]
    assert (await load_table(service.host, gid)).to_act() == {1}  # answered; the AI owes
    assert "To act: AI (hard)" in str(reply.text)
    hq = await ai_replies(service.host, owed)
    assert str(next(m for m in hq if isinstance(m, PublicUpdate)).text).startswith(
        "AI (hard) (Outpost): hq"
    )

    owed = await alice_until_the_ai(service, gid)  # her first turn: the AI's first real one
    memo = dict(LEVELS["hard"].memo)
    jobs = workers.jobs
    ticks = 0
    done = asyncio.Event()

    async def tick() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            await asyncio.sleep(0)

    ticker = asyncio.create_task(tick())
    await ai_replies(service.host, owed)
    done.set()
    await ticker
    assert ticks > 1  # the loop kept serving other work while the AI thought
    assert workers.jobs == jobs + 1
    assert (await load_table(service.host, gid)).to_act() == {0}
    # The hard AI keeps its turn plan in its memo: here it stayed in the worker.
    assert LEVELS["hard"].memo == memo

    # Thought in the pool or inline, the AI makes the same moves.
    thought = await events(service, gid)
    table = await load_table(service.host, inline)
    while table.record.version < len(thought):
        (action, *_) = table.spec.rules.legal_actions(table.state, 0)
        await service.act(inline, "alice", action)
        table = await load_table(service.host, inline)
    assert len(LEVELS["hard"].memo) > len(memo)  # (inline, the plan is kept here)
    assert (await events(service, inline))[: len(thought)] == thought


async def test_a_killed_worker_loses_no_job_and_the_pool_starts_afresh() -> None:
    workers = Workers(1)
    try:
        (pid,) = {await workers.run(os.getpid) for _ in range(2)}
        assert pid != os.getpid()
        os.kill(pid, signal.SIGKILL)
        assert await workers.run(sum, (1, 2)) == 3  # done here while the pool restarts
        assert workers.restarts == 1
        again = await workers.run(os.getpid)
        assert again not in (pid, os.getpid())
    finally:
        workers.close()


async def test_boards_drawn_in_the_pool_equal_boards_drawn_here(
    service: Service, workers: Workers
) -> None:
    gid = await versus_hard(service, "pool-2")
    reply = await service.act(gid, "alice", "hq C3")
    board = next(m for m in reply.messages if isinstance(m, PublicUpdate)).images[0]
    jobs = workers.jobs
    [(name, drawn)] = await draw_images([board], "cs")
    assert workers.jobs == jobs + 1 and name == board.name
    assert await draw_images([board], "cs") == [(name, drawn)]  # drawn once, then kept
    assert workers.jobs == jobs + 1
    assert drawn == board.render("cs")  # same bytes as drawing it in this process
    assert drawn != board.render("en")  # (its words are in Czech)


async def test_workers_yield_the_cpu_to_the_event_loop(workers: Workers) -> None:
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    theirs = await workers.run(os.getpriority, os.PRIO_PROCESS, 0)
    assert theirs == min(19, mine + NICENESS)


async def test_the_clock_loop_passes_a_turn_first_and_the_ai_replies_after(
    service: Service, clock: FakeClock
) -> None:
    gid = (await service.create("marks", "alice", seed="late", clock=HOUR)).game_id
    assert gid is not None
    await service.add_ai(gid, "alice", "easy")
    await service.start(gid, "alice")
    clock.advance(timedelta(hours=1))
    with replies_later() as owed:  # as the bot's clock loop runs a tick
        passed = await service.tick()
    assert any("ran out of time" in str(getattr(m, "text", "")) for m in passed)
    assert owed == [gid] and (await load_table(service.host, gid)).to_act() == {1}
    replies = await ai_replies(service.host, owed)
    assert (await load_table(service.host, gid)).to_act() == {0}
    public = next(m for m in replies if isinstance(m, PublicUpdate))
    assert str(public.text).startswith("AI (easy)")


def drawings() -> list[object]:
    from bot.service.plugins.neuroshima import presenter as presenters
    from bot.service.plugins.sniper_elite import hosting as sniper_elite
    from bot.service.plugins.space_alert import hosting as space_alert
    from bot.service.plugins.warzone import hosting as warzone

    return [
        presenters.neuroshima_board,
        presenters.neuroshima_hand,
        presenters.neuroshima_since,
        presenters.neuroshima_replay,
        space_alert.board_png,
        space_alert.hand_png,
        sniper_elite.mission_png,
        warzone.PRESENTER.board,
    ]


@pytest.mark.parametrize("draw", drawings())
def test_every_game_s_drawings_can_travel_to_the_pool(draw: Any) -> None:
    render = image("game1-board.png", draw, ("a view",)).render
    travelled = pickle.loads(pickle.dumps(render))
    assert travelled.func is render.func and travelled.args == render.args


def test_the_tile_preview_can_travel_to_the_pool() -> None:
    from bot.service.plugins.neuroshima.preview import preview_png

    render = partial(preview_png, "a view", 0, ("moloch.soldier", None, 3))
    assert pickle.loads(pickle.dumps(render)).args == render.args


async def test_a_reply_a_stop_interrupted_is_found_at_start(service: Service) -> None:
    waiting = await versus_hard(service, "stop-1")  # alice is to act: nothing is owed
    cut = await versus_hard(service, "stop-2")
    with replies_later():
        await service.act(cut, "alice", "hq C3")
    # The process stops here: the AI's reply was owed but never given.
    service.host.cache.clear()
    assert await owed_games(service.host, page=1) == [cut]
    await ai_replies(service.host, [cut])
    assert await owed_games(service.host) == []
    assert (await load_table(service.host, waiting)).to_act() == {0}
