"""A simulated Discord with servers, channels and users, and the bot process serving them."""

from __future__ import annotations

from pathlib import Path

from tests.discord.real.payloads import JSON, Person
from tests.discord.wire.process import BotProcess
from tests.discord.wire.server import WireDiscord
from tests.discord.wire.users import Player


class WireWorld:
    """Servers with a #games channel each, their players, and one bot process."""

    def __init__(
        self, sim: WireDiscord, tmp_path: Path, database: str | None = None, **env: str
    ) -> None:
        self.sim = sim
        self.database = database or f"sqlite:///{tmp_path / 'muster.db'}"
        self.bot = BotProcess(sim, self.database, tmp_path / "bot.log", **env)
        self.channels: dict[int, JSON] = {}

    def server(self, owner_name: str) -> int:
        """A new server with a #games channel; returns its id."""
        owner = Person(self.sim.fake.snowflake(), owner_name)
        guild_id = self.sim.fake.add_guild(owner)
        self.channels[guild_id] = self.sim.fake.add_text_channel("games", guild_id)
        return guild_id

    def player(self, name: str, guild_id: int, *, dms_open: bool = True) -> Player:
        """A member of a server who plays in its #games."""
        person = Person(self.sim.fake.snowflake(), name)
        self.sim.fake.add_user(person, dms_open=dms_open)
        return Player(self.sim, person, guild_id, self.channels[guild_id])

    def problems(self) -> list[str]:
        """What no test expects: bodies Discord refused, unknown routes, errors the bot logged."""
        found = [
            f"{r.method} {r.path}: {r.status} {r.error}"
            for r in self.sim.fake.requests
            if (r.status >= 400 and r.status not in (403, 404)) or "no such route" in r.error
        ]
        return found + self.bot.errors()
