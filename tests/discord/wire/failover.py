"""The clocks' leader killed under load, shared by its test and `benchmarks/clock_failover.py`.

Two shard processes serve one PostgreSQL; one of them runs the clocks (it holds an advisory lock
on a connection of its own, which PostgreSQL releases when that connection ends). The leader is
killed with -9 while Discord has taken one of its reminder DMs and not yet answered (the post
exists, the bot never heard of it) and while the rest of that tick's reminders wait behind it.
The other process must take the clocks over, and on Discord's side every reminder must stand
exactly once: counted per deadline, by the nonce the courier derives from the deadline's
outbox key.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import asyncpg  # type: ignore[import-untyped]

from bot.discord import i18n
from bot.discord.courier import nonce
from bot.service.deadlines import REMINDERS
from tests.discord.real import payloads as p
from tests.discord.wire import scenario
from tests.discord.wire.faults import Fault
from tests.discord.wire.process import BotProcess
from tests.discord.wire.scenario import Budget, Table
from tests.discord.wire.server import WireDiscord
from tests.discord.wire.steps import until
from tests.discord.wire.users import Player

REMINDER = r"waits for your move"
"""What every reminder DM says (in English, the simulated users' language)."""
LEADS = "this process now runs the clocks"
"""The line a process logs when it takes the clocks."""
CLOCK = "1m"
"""The games' turn clock: reminders at 30 s and 48 s of a turn (the shortest clock allowed)."""


def leads(process: BotProcess) -> bool:
    """Whether `process` took the clocks since it last started (its log says so)."""
    if not process.log.exists():
        return False
    return LEADS in process.log.read_text().rsplit("--- start", 1)[-1]


async def leader(processes: Sequence[BotProcess], timeout: float = 30.0) -> BotProcess:
    """The process that runs the clocks (the first tick after start elects one)."""
    assert await until(lambda: any(leads(b) for b in processes), timeout), "nobody leads"
    (found,) = [b for b in processes if leads(b)]
    return found


async def duel_on_the_clock(players: list[Player]) -> Table:
    """A Neuroshima duel with a one-minute turn clock, opened and started with the buttons."""
    host, guest = players[0], players[1]
    new = await host.slash("neuroshima new", army="moloch", clock=CLOCK)
    lobby, game = new.message, scenario.game_of(new)
    await guest.click(lobby, i18n.t("join", "en"))
    await guest.select(lobby, i18n.t("army", "en"), "outpost")
    await host.click(lobby, i18n.t("start", "en"))
    return Table("neuroshima", game, [host, guest])


def hang_next_reminder(sim: WireDiscord, seconds: float) -> Fault:
    """Discord posts the next reminder DM and answers `seconds` late."""
    return sim.faults.slow(
        seconds, r"/channels/\d+/messages", method="POST", posted=True, content=REMINDER
    )


async def kill_in_flight(hang: Fault, processes: Sequence[BotProcess], timeout: float) -> float:
    """Kill -9 the leader once its hung reminder is in flight; the monotonic time of the kill."""
    assert await until(lambda: hang.fired > 0, timeout), "no reminder came due"
    chief = await leader(processes)
    await chief.kill()
    return time.monotonic()


async def takeover(survivors: Sequence[BotProcess], since: float, timeout: float = 60.0) -> float:
    """Seconds from `since` until a surviving process runs the clocks."""
    assert await until(lambda: any(leads(b) for b in survivors), timeout), "nobody took over"
    return time.monotonic() - since


async def play_for(
    tables: Sequence[Table], seconds: float, pause: tuple[float, float], seed: int
) -> Budget:
    """Everyone plays their games at human-like random intervals for `seconds`."""
    budget = Budget(10**9)
    end = time.monotonic() + seconds
    players = list({id(p): p for t in tables for p in t.players}.values())

    async def one_user(player: Player, rng: random.Random) -> None:
        player.patient = False
        mine = [t for t in tables if player in t.players]
        while True:
            await asyncio.sleep(rng.uniform(*pause))
            if time.monotonic() > end:
                return
            await scenario.act(player, rng.choice(mine), rng, budget)

    rng = random.Random(seed)
    await asyncio.gather(*(one_user(p, random.Random(rng.random())) for p in players))
    return budget


@dataclass
class Reminders:
    """Reminders as the clocks wrote them and as Discord shows them, per deadline."""

    sent: dict[int, int] = field(default_factory=dict)
    """DMs on Discord per reminder deadline whose outbox row the clocks wrote."""
    stray: int = 0
    """Reminder DMs on Discord that no written reminder explains (a second copy)."""
    unfired: int = 0
    """Reminder deadlines overdue and never handled (the clocks stopped)."""
    pending: int = 0
    """Reminder rows never marked sent."""

    @property
    def lost(self) -> int:
        """Reminders nobody got: never fired, never sent, or not on Discord."""
        return self.unfired + self.pending + sum(1 for n in self.sent.values() if n == 0)

    @property
    def doubled(self) -> int:
        """Reminders that stand more than once on Discord."""
        return self.stray + sum(n - 1 for n in self.sent.values() if n > 1)


async def count_reminders(sim: WireDiscord, database: str, overdue: float = 20.0) -> Reminders:
    """Every reminder deadline of the database against the reminder DMs on Discord.

    A deadline fired when its outbox row `d<id>.0` exists; its DM carries the courier's nonce
    of that key, whichever process sent it and however often it tried. Deadlines due more than
    `overdue` seconds ago and still open count as lost (the clocks never came back).
    """
    conn = await asyncpg.connect(database)
    try:
        kinds = list(REMINDERS)
        rows = await conn.fetch(
            "SELECT d.id, o.sent IS NOT NULL AS sent, o.id IS NOT NULL AS written,"
            " d.done IS NULL AND d.due < now() - make_interval(secs => $2) AS unfired"
            " FROM deadlines d LEFT JOIN outbox o ON o.key = 'd' || d.id || '.0'"
            " WHERE d.kind = ANY($1::text[])",
            kinds,
            overdue,
        )
    finally:
        await conn.close()
    found = Reminders()
    keys = {nonce(f"d{r['id']}.0", 0): r["id"] for r in rows if r["written"]}
    found.sent = {r["id"]: 0 for r in rows if r["written"]}
    found.unfired = sum(1 for r in rows if r["unfired"])
    found.pending = sum(1 for r in rows if r["written"] and not r["sent"])
    on_discord = Counter(
        keys.get(int(m.get("nonce") or 0))
        for m in sim.fake.messages.values()
        if _is_dm(sim, m) and re.search(REMINDER, m["content"])
    )
    for deadline, count in on_discord.items():
        if deadline is None:
            found.stray += count
        else:
            found.sent[deadline] = count
    return found


def _is_dm(sim: WireDiscord, message: dict[str, object]) -> bool:
    channel = sim.fake.channels.get(int(str(message["channel_id"])))
    return channel is not None and channel["type"] == p.DM_CHANNEL
