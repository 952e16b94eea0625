"""The real `muster bot` process, pointed at the simulated Discord by MUSTER_DISCORD_API."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path

from bot.discord.lifecycle import parse_shards
from tests.discord.wire.server import TOKEN, WireDiscord

MUSTER = Path(sys.executable).parent / "muster"


class BotProcess:
    """One `muster bot --sync-global` process; its log goes to a file the test reads."""

    def __init__(self, sim: WireDiscord, database: str, log: Path, **env: str) -> None:
        self.sim = sim
        self.database = database
        self.log = log
        self.env = env
        self.process: asyncio.subprocess.Process | None = None
        self.arguments: list[str] = []
        """More arguments of `muster bot` (a shard's, for one)."""
        self.starts = 0

    async def start(self, timeout: float = 60.0) -> None:
        """Start the process and wait until it is connected and its commands are registered."""
        self.sim.gateway.ready.clear()
        env = {
            **os.environ,
            "DISCORD_TOKEN": TOKEN,
            "MUSTER_DATABASE": self.database,
            "MUSTER_DISCORD_API": self.sim.url,
            "MUSTER_LOG_LEVEL": "INFO",
            "MUSTER_DEV_GUILD": "",
            **self.env,
        }
        self.starts += 1
        with self.log.open("a") as out:
            out.write(f"--- start {self.starts} ---\n")
            command = [str(MUSTER), "bot", "--sync-global", *self.arguments]
            self.process = await asyncio.create_subprocess_exec(
                *command, env=env, stdout=out, stderr=out, stdin=asyncio.subprocess.DEVNULL
            )
        try:
            await asyncio.wait_for(self._ready(), timeout)
        except TimeoutError:
            raise AssertionError(f"the bot never became ready:\n{self.log.read_text()}") from None

    async def _ready(self) -> None:
        while not (self.sim.gateway.ready.is_set() and self.sim.fake.commands.get(None)):
            assert self.process is not None and self.process.returncode is None, (
                f"the bot exited:\n{self.log.read_text()}"
            )
            await asyncio.sleep(0.05)
        await self.sim.idle(quiet=0.2)

    async def kill(self) -> None:
        """kill -9: no clean-up of any kind."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()
        self.sim.gateway.forget(self.shards)

    @property
    def shards(self) -> tuple[int, ...] | None:
        """The shards this process runs (None: all of them)."""
        if "--shards" not in self.arguments:
            return None
        return parse_shards(self.arguments[self.arguments.index("--shards") + 1], 1 << 16)

    async def terminate(self, timeout: float = 30.0) -> float:
        """SIGTERM, as a service manager stops the bot; returns the seconds it took to exit."""
        assert self.process is not None
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.process.wait(), timeout)
        except TimeoutError:
            await self.kill()
            return float("inf")
        return time.monotonic() - started

    async def stop(self) -> None:
        """Whatever state it is in, make sure the process is gone."""
        if self.process is not None and self.process.returncode is None:
            await self.kill()

    @property
    def returncode(self) -> int | None:
        """The exit status (None while running)."""
        return None if self.process is None else self.process.returncode

    def errors(self) -> list[str]:
        """Log lines at ERROR or above, and tracebacks."""
        lines = self.log.read_text().splitlines() if self.log.exists() else []
        return [
            line
            for line in lines
            if " ERROR " in line or " CRITICAL " in line or line.startswith("Traceback")
        ]
