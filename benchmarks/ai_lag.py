"""The event loop's largest stall while four hard AIs think (issue 18: at most 100 ms).

Four Neuroshima duels, a person against the hard AI in each. Every round, each person makes
their turn (their first legal action, again and again, until the AI is to act) and then the
four AIs reply at once, as four Discord interactions would: thought in the process pool
(`--inline`: inside the person's write, on the loop, as before issue 18). The bot's lag
monitor samples the loop all the while.

    .venv/bin/python benchmarks/ai_lag.py --rounds 6

The last line is: `loop lag max L ms  busy max B ms  AI turns N  load X`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.lag import LagMonitor
from bot.service import Service
from bot.service.play import replies_later
from bot.service.replies import ai_replies
from bot.service.table import Table, load_table
from bot.service.workers import Workers, install
from storage.sqlite import SqliteStore

GAMES = 4


async def duel(service: Service, number: int) -> int:
    """A started duel: person `p<number>` (seat 0) against the hard AI."""
    person = f"p{number}"
    created = await service.create(
        "neuroshima", person, mode="duel", role="moloch", seed=f"lag{number}"
    )
    gid = created.game_id
    assert gid is not None
    await service.add_ai(gid, person, "hard", role="outpost")
    await service.start(gid, person)
    return gid


async def turn(service: Service, gid: int, number: int) -> list[int]:
    """The person's turn (first legal actions until they hand over); the games owing a reply."""
    with replies_later() as owed:
        for _ in range(50):
            table = await load_table(service.host, gid)
            if 0 not in table.to_act():
                break
            (action, *_) = table.spec.rules.legal_actions(table.state, 0)
            await service.act(gid, f"p{number}", action)
            if owed:
                break
    return owed


async def main(rounds: int, inline: bool) -> None:
    """Play the rounds and print the loop's largest stall."""
    workers = Workers()
    install(workers)
    monitor = LagMonitor()
    with tempfile.TemporaryDirectory() as folder:
        service = Service(await SqliteStore.open(Path(folder) / "lag.db"))
        games = [await duel(service, n) for n in range(GAMES)]
        await asyncio.gather(*(workers.run(os.getpid) for _ in range(workers.processes)))
        monitor.start()
        await asyncio.sleep(0.2)
        monitor.largest_ms = monitor.largest_busy_ms = 0.0
        started = time.perf_counter()
        ai_turns = 0
        for _ in range(rounds):
            if inline:  # no front-end collecting: each AI thinks inside its person's write
                await asyncio.gather(*(turn_inline(service, g, n) for n, g in enumerate(games)))
            else:
                owed = await asyncio.gather(*(turn(service, g, n) for n, g in enumerate(games)))
                await asyncio.gather(*(ai_replies(service.host, o) for o in owed))
            ai_turns += GAMES
        elapsed = time.perf_counter() - started
        await monitor.stop()
        await service.close()
    workers.close()
    load = os.getloadavg()[0]
    mode = "inline (on the loop)" if inline else f"pool of {workers.processes}"
    print(f"{mode}: {ai_turns} AI turns in {elapsed:.1f} s")
    print(
        f"loop lag max {monitor.largest_ms:.0f} ms  busy max {monitor.largest_busy_ms:.0f} ms  "
        f"AI turns {ai_turns}  load {load:.2f}"
    )


async def turn_inline(service: Service, gid: int, number: int) -> None:
    """The person's turn with the AI replying inside the write (the behaviour before)."""
    for _ in range(50):
        table = await load_table(service.host, gid)
        if 0 not in table.to_act():
            return
        (action, *_) = table.spec.rules.legal_actions(table.state, 0)
        before = ai_moves(table)
        await service.act(gid, f"p{number}", action)
        if ai_moves(await load_table(service.host, gid)) > before:
            return  # the AI has replied: the round is over for this game


def ai_moves(table: Table) -> int:
    """How many moves the AI seat (1) has made."""
    return sum(1 for m in table.timeline.moves if m.seat == 1)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--inline", action="store_true")
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.inline))
