"""The host service both front-ends call: plain ids in, Replies with outbox messages out."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any

import bot.service.agreements as agreements
import bot.service.game_hooks as game_hooks
import bot.service.history as history
import bot.service.lobby as lobby
import bot.service.lobby_open as lobby_open
import bot.service.ratings as ratings
import bot.service.rematches as rematches
import bot.service.ticks as ticks
import bot.service.turns as turns
from bot.service.announce import private_panel
from bot.service.clock import Clock, SystemClock
from bot.service.errors import LobbyError, NoSuchGameError, RequestError
from bot.service.history import Frame
from bot.service.lobby_open import LobbyRequest
from bot.service.lobby_text import lobby_text
from bot.service.outbox import Image, Message, PublicUpdate, Reply
from bot.service.plugin import GamePlugin, install, installed
from bot.service.plugins.registry import builtin
from bot.service.postbox import Postbox
from bot.service.presenters import presenter_for
from bot.service.sight import sight
from bot.service.table import Host, load_table
from bot.service.timeline import ABORT, PAUSE_REQUEST, TAKEBACK
from bot.service.turns import Command, playing_seat
from bot.service.updates import (
    STATUSES,
    board_images,
    legal_texts,
    player_names,
    turn_line,
)
from games.text import Text
from storage.base import GameStore
from storage.factory import open_store
from storage.records import GameRecord

UserId = int | str
GameId = int | str
_MENTION = re.compile(r"^<@!?(\d+)>$")
NAME_ID_BITS = 52
MAX_NAME = 32
"""Discord display names are at most 32 characters."""
MAX_STORED_NAMES = 100_000
MAX_ID = 2**63 - 1
"""The largest id a store keeps (a signed 64-bit integer, as Discord snowflakes are)."""
MAX_PAUSE_HOURS = 24 * 365
"""A year: the longest pause (a vacation); longer is a typo."""


class Service:
    """Muster's host: lobbies, play, agreements, clocks, history and ratings over one store."""

    def __init__(
        self,
        store: GameStore,
        clock: Clock | None = None,
        names: Callable[[int], str] | None = None,
        plugins: Iterable[GamePlugin] | None = None,
    ) -> None:
        """A host over `store`, hosting exactly `plugins` (by default every built-in game:
        bot.service.plugins.registry)."""
        install(builtin() if plugins is None else plugins)
        self._names: dict[int, str] = {}
        self._stored: dict[tuple[int | None, int], str] = {}
        self.postbox = Postbox()
        self.host = Host(
            store, clock or SystemClock(), names or self._default_name, postbox=self.postbox
        )
        self.postbox.attach(self.host)
        self._recovered = False

    @property
    def store(self) -> GameStore:
        """The store the service writes to."""
        return self.host.store

    # --- ids ---------------------------------------------------------------------------------
    def user(self, user: UserId) -> int:
        """The numeric id of a user: ints and digit strings (or mentions) as they are, names hashed.

        Names (the console's hot-seat players) map to a stable id and are remembered for messages.
        """
        if isinstance(user, int) and not isinstance(user, bool):
            return _user_id(user)
        text = str(user).strip()
        match = _MENTION.match(text)
        if match:
            return _user_id(int(match.group(1)))
        if text.isascii() and text.isdigit():
            return _user_id(int(text))
        if not text:
            raise NoSuchGameError("A user needs a name.", code="bad_user")
        digest = hashlib.sha256(text.lower().encode()).digest()
        uid = int.from_bytes(digest[:8], "big") >> (64 - NAME_ID_BITS) or 1
        self._names[uid] = text
        return uid

    async def remember_name(
        self, user: int, name: str, guild: int | None, *, seated: bool = False
    ) -> None:
        """A display name an interaction showed: used in messages at once and stored with the
        user's seats in that server's games (again after `seated`, when a seat was just taken)."""
        name = name.strip()[:MAX_NAME]
        if not name or user <= 0:
            return
        self.host.known[user] = name
        if seated or self._stored.get((guild, user)) != name:
            if len(self._stored) >= MAX_STORED_NAMES:
                self._stored.clear()  # only saves writes: forgetting costs one write each
            await self.store.name_seats(user, name, guild)
            self._stored[(guild, user)] = name

    def _default_name(self, user_id: int) -> str:
        return self._names.get(user_id) or Text("player {user}", user=user_id)

    @staticmethod
    def game(game: GameId) -> int:
        """The numeric id of a game reference (12, '12' or '#12')."""
        if isinstance(game, int) and not isinstance(game, bool):
            gid = game
        else:
            text = str(game).strip().lstrip("#")
            if not text.isascii() or not text.isdigit():
                raise NoSuchGameError(
                    "{game!r} is not a game number.", code="bad_game_id", game=game
                )
            gid = int(text)
        if not 0 < gid <= MAX_ID:
            raise NoSuchGameError("There is no game {game}.", game=gid)
        return gid

    # --- lobby -------------------------------------------------------------------------------
    async def create(self, game_key: str, user: UserId, **options: Any) -> Reply:
        """Open a lobby (see LobbyRequest for the options)."""
        request = LobbyRequest(game_key, self.user(user), **options)
        return await lobby_open.create(self.host, request)

    async def challenge(
        self, game_key: str, user: UserId, opponent: UserId, **options: Any
    ) -> Reply:
        """Open an invitation-only lobby and invite one opponent."""
        # Both users are checked before the lobby exists: a refused challenge leaves nothing.
        host, guest = self.user(user), self.user(opponent)
        if guest == host:
            raise LobbyError(
                "{player} is already in this game.", code="already_in", player=self.host.name(host)
            )
        request = LobbyRequest(game_key, host, invite_only=True, **options)
        created = await lobby_open.create(self.host, request)
        assert created.game_id is not None
        invited = await lobby.invite(self.host, created.game_id, host, guest)
        return Reply(created.text, created.messages + invited.messages, created.game_id)

    async def invite(self, game: GameId, by: UserId, user: UserId) -> Reply:
        """Invite a user to a lobby."""
        return await lobby.invite(self.host, self.game(game), self.user(by), self.user(user))

    async def join(
        self, game: GameId, user: UserId, role: str | None = None, seat: int | None = None
    ) -> Reply:
        """Take a seat in a lobby."""
        return await lobby.join(self.host, self.game(game), self.user(user), role, seat)

    async def leave(self, game: GameId, user: UserId) -> Reply:
        """Leave a lobby."""
        return await lobby.leave(self.host, self.game(game), self.user(user))

    async def choose_role(self, game: GameId, user: UserId, role: str) -> Reply:
        """Choose an army (or role) in a lobby."""
        return await lobby.choose_role(self.host, self.game(game), self.user(user), role)

    async def add_ai(
        self,
        game: GameId,
        by: UserId,
        level: str = "normal",
        role: str | None = None,
        admin: bool = False,
    ) -> Reply:
        """Seat an AI player."""
        return await lobby.add_ai(self.host, self.game(game), self.user(by), level, role, admin)

    async def start(self, game: GameId, by: UserId, admin: bool = False) -> Reply:
        """Start a full lobby."""
        return await lobby.start(self.host, self.game(game), self.user(by), admin)

    async def cancel(self, game: GameId, by: UserId, admin: bool = False) -> Reply:
        """Cancel a lobby (host/admin) or a running game (admin)."""
        return await lobby.cancel(self.host, self.game(game), self.user(by), admin)

    # --- play --------------------------------------------------------------------------------
    async def act(self, game: GameId, user: UserId, command: Command) -> Reply:
        """Play typed text, a stored-form dict or an action object for a user."""
        return await turns.act(self.host, self.game(game), self.user(user), command)

    async def undo(self, game: GameId, user: UserId, steps: int | None = 1) -> Reply:
        """Undo within one's own turn (steps=None: back to the start of the turn)."""
        return await turns.undo(self.host, self.game(game), self.user(user), steps)

    async def takeback(self, game: GameId, user: UserId) -> Reply:
        """Ask the others to let you take back your last turn."""
        return await agreements.offer(self.host, self.game(game), self.user(user), TAKEBACK)

    async def vote_abort(self, game: GameId, user: UserId) -> Reply:
        """Vote to abort the game (it ends, unrated, when every player agrees)."""
        gid, uid = self.game(game), self.user(user)
        table = await load_table(self.host, gid)
        if ABORT in table.timeline.requests:
            return await agreements.answer(self.host, gid, uid, ABORT, True)
        return await agreements.offer(self.host, gid, uid, ABORT)

    async def pause(self, game: GameId, user: UserId, hours: float | None = None) -> Reply:
        """Ask to pause the clocks (for `hours`, or until someone resumes)."""
        if hours is not None and not 1 <= hours <= MAX_PAUSE_HOURS:
            raise RequestError(
                Text.plural(
                    "A pause lasts from 1 to {count} hour.",
                    "A pause lasts from 1 to {count} hours.",
                    MAX_PAUSE_HOURS,
                ),
                code="bad_pause",
            )
        until = None if hours is None else self.host.clock.now() + timedelta(hours=hours)
        return await agreements.offer(
            self.host, self.game(game), self.user(user), PAUSE_REQUEST, until
        )

    async def resume(self, game: GameId, user: UserId) -> Reply:
        """Restart the clocks of a paused game."""
        return await agreements.resume(self.host, self.game(game), self.user(user))

    async def answer(self, game: GameId, user: UserId, what: str, accept: bool) -> Reply:
        """Accept or decline a request ('takeback', 'abort' or 'pause')."""
        return await agreements.answer(self.host, self.game(game), self.user(user), what, accept)

    async def resign(self, game: GameId, user: UserId) -> Reply:
        """Resign."""
        return await agreements.resign(self.host, self.game(game), self.user(user))

    async def replace_player(
        self, game: GameId, by: UserId, old: UserId, new: UserId, admin: bool = False
    ) -> Reply:
        """Hand a seat to another user, keeping the history."""
        return await agreements.replace_player(
            self.host, self.game(game), self.user(by), self.user(old), self.user(new), admin
        )

    async def rematch(self, game: GameId, user: UserId) -> Reply:
        """A new game with the same players, seats rotated (a lobby when dice commit first)."""
        gid = self.game(game)
        table = await load_table(self.host, gid)
        if not table.record.status.is_open and "game" not in table.record.config:
            # A lobby cancelled before its start may lack players: refuse before writing.
            raise LobbyError(
                "Game {game} was never played; open a new one instead.",
                code="never_played",
                game=gid,
            )
        return await rematches.rematch(self.host, gid, self.user(user))

    # --- looking -----------------------------------------------------------------------------
    async def board(self, game: GameId) -> Reply:
        """The public state of a game (anyone may look: spectators too)."""
        gid = self.game(game)
        table = await load_table(self.host, gid)
        if table.state is None:
            text = lobby_text(self.host, table)
            return Reply(text, (PublicUpdate(gid, text),), gid)
        seen = await sight(self.host, table)
        summary = presenter_for(table.spec.key).summary(seen.view())
        status = Text(
            "Game {game} ({name}), {status}.",
            game=gid,
            name=table.spec.name,
            status=STATUSES[table.record.status],
        )
        text = Text.lines([status, summary, turn_line(table)])
        names = player_names(table)
        images = board_images(table, table.state, f"v{table.record.version}", seen.cut, names)
        return Reply(text, (PublicUpdate(gid, text, images),), gid)

    async def hand(self, game: GameId, user: UserId) -> Reply:
        """A seated player's private panel (only ever for that player)."""
        gid, uid = self.game(game), self.user(user)
        table = await load_table(self.host, gid)
        seat = playing_seat(table, uid)
        mine = await sight(self.host, table, seat)
        panel = private_panel(table, seat, new_turn=False, cut=mine.cut)
        return Reply(panel.text, (panel,), gid)

    async def options(self, game: GameId, user: UserId, prefix: str = "") -> list[str]:
        """The typed forms of the user's legal actions starting with `prefix` (autocomplete)."""
        gid, uid = self.game(game), self.user(user)
        table = await load_table(self.host, gid)
        seat = table.seat_of(uid)
        if seat is None or seat not in table.to_act():
            return []
        return [t for t in legal_texts(table, seat) if t.startswith(prefix)]

    async def games(self, user: UserId) -> list[GameRecord]:
        """Open games the user sits in."""
        return await self.store.active_games_for_user(self.user(user))

    async def undelivered(self, user: UserId, records: list[GameRecord]) -> dict[int, int]:
        """How many messages of each game the user hosts could never be delivered."""
        uid = self.user(user)
        hosted = [r.id for r in records if r.config.get("host", {}).get("host_user") == uid]
        counts: dict[int, int] = {}
        for lost in await self.postbox.lost(hosted):
            if lost.game_id is not None:
                counts[lost.game_id] = counts.get(lost.game_id, 0) + 1
        return counts

    async def waiting(self, user: UserId) -> list[GameRecord]:
        """Games waiting for the user's move."""
        return await self.store.games_waiting_on(self.user(user))

    # --- time --------------------------------------------------------------------------------
    async def tick(self, now: datetime | None = None) -> list[Message]:
        """Fire due reminders, timeouts, digests and resumes; front-ends call this periodically.

        The first tick of a process also runs the games' start-up recoveries (game_hooks)."""
        recovered: list[Message] = []
        if not self._recovered:
            recovered = await game_hooks.recover(self.host)
            self._recovered = True
        due = await ticks.tick(self.host, now)
        posts: list[Any] = []
        for plugin in installed():
            if plugin.tick is not None:
                posts += await plugin.tick(self.host, now or self.host.clock.now())
        return recovered + due + posts

    # --- history and ratings -----------------------------------------------------------------
    async def history(self, game: GameId) -> list[str]:
        """The readable log of a game."""
        return await history.log_lines(self.host, self.game(game))

    async def turn_log(self, game: GameId) -> list[tuple[int, list[str]]]:
        """The readable log of a game turn by turn, under the numbers its board titles show."""
        return await history.turn_log(self.host, self.game(game))

    async def export(self, game: GameId) -> tuple[dict[str, Any], tuple[Image, ...]]:
        """A game's JSON record and final image."""
        return await history.export(self.host, self.game(game))

    async def replay(self, game: GameId, include_chance: bool = False) -> list[Frame]:
        """The game rebuilt from its log, frame by frame."""
        return await history.replay(self.host, self.game(game), include_chance=include_chance)

    async def leaderboard(
        self, game_key: str, limit: int = 10, *, guild_id: int | None = None
    ) -> list[tuple[int, float, int]]:
        """The best players of a game in a guild (None: no guild) as (user, ordinal, games)."""
        return await ratings.leaderboard(self.host, game_key, limit, guild_id)

    async def profile(
        self, game_key: str, user: UserId, *, guild_id: int | None = None
    ) -> ratings.Profile:
        """A player's rating, games, wins and rating history in a game and guild."""
        return await ratings.profile(self.host, game_key, self.user(user), guild_id)

    async def close(self) -> None:
        """Close the store."""
        await self.store.close()


def _user_id(user: int) -> int:
    """A numeric user id the store can keep (an out-of-range one is nobody's; AI seats are < 0)."""
    if not -MAX_ID <= user <= MAX_ID:
        raise NoSuchGameError("There is no user {user}.", code="bad_user", user=user)
    return user


def as_mapping(value: Mapping[str, Any]) -> dict[str, Any]:
    """A plain dict copy (front-ends pass option mappings through as they read them)."""
    return dict(value)


async def open_service(
    database: str,
    names: Callable[[int], str] | None = None,
    plugins: Iterable[GamePlugin] | None = None,
) -> Service:
    """A Service over the store `database` names (migrated), with the system clock, hosting
    `plugins` (by default every built-in game)."""
    clock = SystemClock()
    store = await open_store(database, clock=clock.now)
    return Service(store, clock, names, plugins)
