"""The writer that test_crash.py kills: appends counter turns and acknowledges each commit.

It runs as a small fork server so a hundred kills do not pay a hundred interpreter starts:
  python crash_writer.py URL GAME_ID...
reads `RUN SEED` lines on stdin; for each it forks a child that opens the store and appends
until killed, printing `READY`, then `ACK GAME VERSION` after every append returns (`STALE ...`
when an append was refused as stale, `FAILED ...` with the error if the writer died of one). The
server prints `PID N` before the child starts and `DONE N` once the child is gone.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from storage import open_store
from storage.base import StaleVersionError
from storage.records import NewEvent
from storage.snapshots import load_state
from tests.storage.toy import CounterFolder


async def append_forever(url: str, seed: int, game_ids: list[int]) -> None:
    """Append random batches of 1-4 events to random games until the process is killed."""
    rng = random.Random(seed)
    store = await open_store(url)
    versions = {gid: (await store.get_game(gid)).version for gid in game_ids}
    print("READY", flush=True)
    batch = 0
    while True:
        gid = rng.choice(game_ids)
        size = rng.randint(1, 4)
        batch += 1
        tag = f"{seed}-{batch}"
        events = [
            NewEvent(
                rng.choice([None, 0, 1]),
                {"add": rng.randint(-9, 9), "batch": tag, "i": i, "k": size},
            )
            for i in range(size)
        ]
        try:
            game = await store.append(gid, versions[gid], events, to_act=[rng.randint(0, 1)])
        except StaleVersionError as stale:
            # On PostgreSQL the writer killed before this one may have sent its COMMIT just before
            # it died; the server still carries it out, possibly after this writer read the
            # versions. Refusing the stale append is the store doing its job: read and go on.
            print(f"STALE {gid} {stale.expected} {stale.actual}", flush=True)
            versions[gid] = stale.actual
            continue
        versions[gid] = game.version
        print(f"ACK {gid} {game.version}", flush=True)
        if rng.random() < 0.2:
            await load_state(store, gid, CounterFolder(), rules_version=1, every=5)


def serve(url: str, game_ids: list[int]) -> None:
    """Fork one writer per RUN line; report its pid and its end."""
    for line in sys.stdin:
        seed = int(line.split()[1])
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            try:
                asyncio.run(append_forever(url, seed, game_ids))
            except BaseException as error:  # the test reads why the writer died
                print(f"FAILED {error!r}".replace("\n", " "), flush=True)
            finally:
                os._exit(1)
        print(f"PID {pid}", flush=True)
        os.waitpid(pid, 0)
        print(f"DONE {pid}", flush=True)


if __name__ == "__main__":
    serve(sys.argv[1], [int(a) for a in sys.argv[2:]])
