"""Scenario 1 of issue 17, shared by its test and `benchmarks/live_service.py`: servers with
several games at once (Neuroshima duels, a 4-player Neuroshima game with two hard AI seats, a
Space Alert mission, a Sniper Elite mission, a Warzone skirmish against the AI), played by
scripted users at human-like random intervals, all at the same time."""

from __future__ import annotations

import asyncio
import itertools
import random
import re
import statistics
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.discord import i18n
from tests.discord.real.exchange import Exchange
from tests.discord.wire.server import WireDiscord
from tests.discord.wire.users import Player
from tests.discord.wire.world import WireWorld

DEADLINE = 3.0
"""Seconds Discord waits for an interaction's first answer."""
USERS_PER_SERVER = 4


@dataclass
class Table:
    """A game being played: its command group, id and human players."""

    command: str
    game: int
    players: list[Player]


@dataclass
class Budget:
    """How many interactions the users may still send."""

    left: int
    sent: int = 0

    def take(self, count: int = 1) -> bool:
        """Spend `count` interactions if there are that many left."""
        if self.left < count:
            return False
        self.left -= count
        self.sent += count
        return True


def game_of(exchange: Exchange) -> int:
    """The game id a lobby or start message names ('Game 7: ...')."""
    for text in exchange.texts():
        found = re.search(r"Game (\d+)", text)
        if found:
            return int(found[1])
    raise AssertionError(f"no game named in {exchange.texts()}")


async def duel(players: list[Player]) -> Table:
    """A Neuroshima Hex duel between two players, opened and started with the lobby's buttons."""
    host, guest = players[0], players[1]
    new = await host.slash("neuroshima new", army="moloch")
    lobby, game = new.message, game_of(new)
    await guest.click(lobby, i18n.t("join", "en"))
    await guest.select(lobby, i18n.t("army", "en"), "outpost")
    await host.click(lobby, i18n.t("start", "en"))
    return Table("neuroshima", game, [host, guest])


async def four_with_hard_ais(players: list[Player]) -> Table:
    """A 4-player Neuroshima deathmatch: two players and two hard AI seats."""
    host, guest = players[0], players[1]
    new = await host.slash("neuroshima new", mode="deathmatch", seats=4, army="moloch")
    lobby, game = new.message, game_of(new)
    await guest.click(lobby, i18n.t("join", "en"))
    await guest.select(lobby, i18n.t("army", "en"), "outpost")
    await host.slash("neuroshima add-ai", level="hard", army="borgo", game=game)
    await host.slash("neuroshima add-ai", level="hard", army="hegemony", game=game)
    await host.click(lobby, i18n.t("start", "en"))
    return Table("neuroshima", game, [host, guest])


async def space_alert(players: list[Player]) -> Table:
    """A Space Alert mission: one player and an AI crew."""
    new = await players[0].slash("space-alert new", vs="ai")
    return Table("space-alert", game_of(new), players[:1])


async def sniper(players: list[Player]) -> Table:
    """A Sniper Elite solo mission."""
    game = game_of(await players[0].slash("sniper new"))
    await players[0].slash("sniper start", game=game)
    return Table("sniper", game, players[:1])


async def warzone(players: list[Player]) -> Table:
    """A Warzone skirmish against the AI."""
    new = await players[0].slash("warzone new", vs="ai")
    return Table("warzone", game_of(new), players[:1])


OPENINGS: list[Callable[[list[Player]], Awaitable[Table]]] = [
    duel, four_with_hard_ais, space_alert, sniper, warzone, duel, duel, duel,
]  # fmt: skip


@dataclass
class Crowd:
    """The servers, their players and the games they play."""

    players: list[Player]
    tables: list[Table] = field(default_factory=list)


async def gather_crowd(world: WireWorld, servers: int, games: int) -> Crowd:
    """Servers with four players each; then the games, opened one after another."""
    by_server: list[list[Player]] = []
    for s in range(servers):
        guild = world.server(f"owner{s}")
        by_server.append([world.player(f"user{s}_{u}", guild) for u in range(USERS_PER_SERVER)])
    crowd = Crowd([p for group in by_server for p in group])
    if not world.bot.starts:
        await world.bot.start()
    for g in range(games):
        group = by_server[g % servers]
        turn = (g // servers) % USERS_PER_SERVER
        seated = group[turn:] + group[:turn]
        crowd.tables.append(await OPENINGS[g % len(OPENINGS)](seated))
    return crowd


async def act(player: Player, table: Table, rng: random.Random, budget: Budget) -> bool:
    """One move as a player makes it: the action menu (autocomplete), then the command."""
    if not budget.take(2):
        return False
    choices = await player.autocomplete(f"{table.command} act", "action", game=table.game)
    if not choices:
        budget.left += 1  # the command was never typed
        budget.sent -= 1
        return False
    picked = rng.choice(choices)["value"]
    await player.slash(f"{table.command} act", action=picked, game=table.game)
    return True


async def play(crowd: Crowd, interactions: int, seed: int, pause: tuple[float, float]) -> int:
    """Everyone plays at once at random human-like intervals until `interactions` are sent."""
    budget = Budget(interactions)
    for player in crowd.players:
        player.patient = False

    async def one_user(player: Player, rng: random.Random) -> None:
        mine = [t for t in crowd.tables if player in t.players]
        idle_rounds = 0
        while mine and budget.left >= 2 and idle_rounds < 60:
            await asyncio.sleep(rng.uniform(*pause))
            moved = [await act(player, t, rng, budget) for t in rng.sample(mine, len(mine))[:1]]
            idle_rounds = 0 if any(moved) else idle_rounds + 1

    rng = random.Random(seed)
    users = [one_user(p, random.Random(rng.random())) for p in crowd.players]
    await asyncio.gather(*users)
    return budget.sent


@dataclass
class Figures:
    """What the users saw: acknowledgement times and what went wrong."""

    interactions: int
    acks_ms: list[float]
    failed: int
    lost: int
    doubled: int

    def percentile(self, share: float) -> float | None:
        """The acknowledgement time below which `share` of them fall, in ms."""
        if not self.acks_ms:
            return None
        if len(self.acks_ms) == 1:
            return self.acks_ms[0]
        return statistics.quantiles(self.acks_ms, n=100, method="inclusive")[round(share * 100) - 1]


def figures(sim: WireDiscord) -> Figures:
    """Acknowledgements and failures of every interaction the users sent.

    An answer counts when it arrives, even late (Discord then refuses it with 10062 and the user
    has seen "This interaction failed"); an interaction the bot never tried to answer is lost.
    """
    first: dict[str, float] = {}
    for request in sim.fake.requests:
        if request.path.endswith("/callback"):
            token = request.path.split("/")[3]
            first.setdefault(token, request.at)
    everything = list(sim.fake.interactions.values())
    acks = [1000 * (first[i.token] - i.created) for i in everything if i.token in first]
    late = [a for a in acks if a > 1000 * DEADLINE]
    twice = [r for r in sim.fake.requests if r.code == 40060]
    lost = [i for i in everything if i.token not in first]
    return Figures(len(everything), sorted(acks), len(late) + len(twice), len(lost), doubled(sim))


def doubled(sim: WireDiscord) -> int:
    """Posts the bot made twice in a row in one channel (the same text, buttons and files)."""
    count = 0
    last: dict[str, tuple[object, ...]] = {}
    for message in sim.fake.messages.values():
        if message["author"]["id"] != sim.fake.bot_user["id"] or message.get("webhook_id"):
            continue
        seen = (
            message["content"],
            repr(message["components"]),
            tuple(a["filename"] for a in message["attachments"]),
        )
        if last.get(message["channel_id"]) == seen:
            count += 1
        last[message["channel_id"]] = seen
    return count


def loop_lag_ms(sim: WireDiscord, interval_ms: int) -> float:
    """The bot's longest stall as the gateway saw it: the largest heartbeat gap past the
    interval (a stall delays the next heartbeat, which discord.py sends from the event loop)."""
    beats = sim.gateway.heartbeats
    gaps = [1000 * (b - a) for a, b in itertools.pairwise(beats)]
    return max([0.0, *(g - interval_ms for g in gaps)])
