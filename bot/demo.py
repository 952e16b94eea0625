"""`muster demo`: AI players play a whole Neuroshima Hex game; boards and battles go to a folder."""

from __future__ import annotations

import asyncio
import sys
import tempfile
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from bot.console.show import Images, reply_lines
from bot.service import BattleReplay, FakeClock, GameOver, Service
from storage.sqlite import SqliteStore

GAME = "neuroshima"
HOST = "demo"
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True, slots=True)
class DemoResult:
    """What a demo produced: the game, its result line, and the files written."""

    game_id: int
    result: str
    turns: int
    battles: int
    files: tuple[Path, ...]


def _turn_of(view: Any) -> Any:
    return getattr(view, "turn", None)


async def play_demo(
    out: Path, seed: str, players: int = 2, level: str = "easy", log: TextIO | None = None
) -> DemoResult:
    """Play one AI-only game in a scratch database; write every turn's board and battle."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"a demo has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    images = Images(out)
    with tempfile.TemporaryDirectory(prefix="muster-demo-") as scratch:
        clock = FakeClock()
        store = await SqliteStore.open(Path(scratch) / "demo.db", clock=clock.now)
        service = Service(store, clock)
        try:
            mode = "duel" if players == 2 else "deathmatch"
            created = await service.create(
                GAME, HOST, mode=mode, seats=players, join=False, rated=False, seed=seed
            )
            gid = created.game_id
            assert gid is not None
            for _ in range(players):
                await service.add_ai(gid, HOST, level, "random")
            started = await service.start(gid, HOST)
            frames = await service.replay(gid)
            turns = 0
            # The last frame of each turn shows the board as the turn left it.
            for index, frame in enumerate(frames[1:], start=1):
                following = frames[index + 1] if index + 1 < len(frames) else None
                if following is None or _turn_of(following.view) != _turn_of(frame.view):
                    turns += 1
                    for image in frame.images:
                        name = f"turn{turns:03d}-board.png"
                        line = images.write(name, image.png)
                        if log is not None:
                            print(f"turn {turns}: {frame.caption} -> {line}", file=log)
            battles = [m for m in started.messages if isinstance(m, BattleReplay)]
            for number, battle in enumerate(battles, start=1):
                for i, png in enumerate(battle.frames(), start=1):
                    images.write(f"battle{number:02d}-{i}.png", partial(bytes, png))
                if log is not None:
                    print(f"battle {number}: {battle.caption}", file=log)
            over = next((m for m in started.messages if isinstance(m, GameOver)), None)
            if over is not None:
                for image in over.images:
                    images.write("final-board.png", image.png)
            history = await service.history(gid)
            (out / "history.txt").write_text("\n".join(history) + "\n", encoding="utf-8")
            result = (
                over.text
                if over is not None
                else "\n".join(reply_lines(started, service.host.name, Images(None))[-3:])
            )
            return DemoResult(gid, result, turns, len(battles), tuple(images.written))
        finally:
            await service.close()


def run_demo(seed: str | None, players: int, out: Path, level: str = "easy") -> int:
    """The `muster demo` command: play, print progress and the result; returns the exit code."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        print(f"muster: --players must be {MIN_PLAYERS} to {MAX_PLAYERS}", file=sys.stderr)
        return 2
    chosen = seed if seed is not None else "demo"
    print(f"Demo: {players} AI players ({level}), seed {chosen!r}; pictures go to {out}/")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(f"muster: cannot create {out}: {err.strerror}", file=sys.stderr)
        return 2
    result = asyncio.run(play_demo(out, chosen, players, level, log=sys.stdout))
    print(
        f"{result.turns} turns, {result.battles} battles, {len(result.files)} images in {out}/ "
        f"(log: {out / 'history.txt'})"
    )
    print(result.result)
    return 0
