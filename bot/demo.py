"""`muster demo`: AI players play a whole Neuroshima Hex game; boards and battles go to a folder."""

from __future__ import annotations

import asyncio
import itertools
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from bot.console.show import Images, reply_lines
from bot.service import BattleReplay, FakeClock, GameOver, Service
from bot.service.history import Frame, log_number
from bot.service.presenters import presenter_for
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


def _turn_of(view: Any) -> int:
    turn = presenter_for(GAME).turn
    assert turn is not None, "a demo game numbers its turns"
    return turn(view)[0]


def _starts_of_turns(frames: Sequence[Frame]) -> tuple[dict[int, Frame], dict[int, int]]:
    """The frame that opens each turn (its board is titled with the turn's number), and each
    log number's turn: a move belongs to the turn of the position it was made in."""
    starts: dict[int, Frame] = {}
    turn_of_step: dict[int, int] = {}
    for before, after in itertools.pairwise(frames):
        turn = _turn_of(before.view)
        starts.setdefault(turn, before)
        turn_of_step[after.step] = turn
    return starts, turn_of_step


async def play_demo(
    out: Path, seed: str, players: int = 2, level: str = "easy", log: TextIO | None = None
) -> DemoResult:
    """Play one AI-only game in a scratch database; write every turn's board and battle.

    The log printed is the game's /history, turn by turn under the numbers the board titles
    show: each turn's heading, the board it opened on, its moves (a draw where the seat saw it)
    and its battles in words with their pictures."""
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
            starts, turn_of_step = _starts_of_turns(await service.replay(gid, include_chance=True))
            battles: dict[int, list[BattleReplay]] = {}
            for m in started.messages:
                if isinstance(m, BattleReplay):
                    battles.setdefault(turn_of_step[log_number(m.seq)], []).append(m)
            printed: list[str] = []
            turns = 0
            for turn, lines in await service.turn_log(gid):
                start = starts.get(turn)
                if start is None:  # notes before the first move
                    printed += lines
                    continue
                turns += 1
                printed.append(lines[0])
                for image in start.images:
                    printed.append(f"  {images.write(f'turn{turn:03d}-board.png', image.png)}")
                printed += lines[1:]
                for number, battle in enumerate(battles.get(turn, ()), start=1):
                    printed += _battle_lines(images, battle, f"turn{turn:03d}-battle{number}")
            over = next((m for m in started.messages if isinstance(m, GameOver)), None)
            if over is not None:
                for image in over.images:
                    line = images.write("final-board.png", image.png)
                    printed.append(f"{line}")
            if log is not None:
                print("\n".join(printed), file=log)
            (out / "history.txt").write_text("\n".join(printed) + "\n", encoding="utf-8")
            result = (
                over.text
                if over is not None
                else "\n".join(reply_lines(started, service.host.name, Images(None))[-3:])
            )
            count = sum(len(b) for b in battles.values())
            return DemoResult(gid, result, turns, count, tuple(images.written))
        finally:
            await service.close()


def _battle_lines(images: Images, battle: BattleReplay, name: str) -> list[str]:
    lines = [f"  {battle.caption}", *(f"    {line}" for line in battle.narration.splitlines())]
    for i, png in enumerate(battle.frames(), start=1):
        lines.append(f"    {images.write(f'{name}-{i}.png', partial(bytes, png))}")
    return lines


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
        f"(this log: {out / 'history.txt'})"
    )
    print(result.result)
    return 0
