"""A game as the host sees it: record, settings, seats, folded log and current state; loading."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from bot.service.ai import is_ai
from bot.service.clock import Clock
from bot.service.errors import NoSuchGameError
from bot.service.names import SeatNames, seat_names, user_name
from bot.service.profiles import HostProfile, profile_for
from bot.service.snapshots import TableFolder, current_state, load_folded
from bot.service.timeline import Entry, Timeline, decode, fold
from games import engine
from games.base import CHANCE, GameError, GameSpec, Seat
from games.registry import find_game
from storage.base import GameNotFoundError, GameStore
from storage.records import GameRecord, GameStatus, SeatRecord
from storage.snapshots import SNAPSHOT_EVERY

if TYPE_CHECKING:
    from bot.service.postbox import Postbox

TIMEOUT_POLICIES = ("auto", "forfeit", "off")


@dataclass(frozen=True, slots=True)
class HostSettings:
    """The host's part of a game's config: who runs the lobby, the clock, rating, invitations."""

    host_user: int
    mode: str
    seats: int
    clock: int | None = None
    rated: bool = True
    timeout: str = "auto"
    grace: int = 12 * 3600
    invite_only: bool = False
    invited: tuple[int, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    rematch_of: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The stored form (inside the game's config under "host")."""
        return {
            "host_user": self.host_user,
            "mode": self.mode,
            "seats": self.seats,
            "clock": self.clock,
            "rated": self.rated,
            "timeout": self.timeout,
            "grace": self.grace,
            "invite_only": self.invite_only,
            "invited": list(self.invited),
            "options": dict(self.options),
            "rematch_of": self.rematch_of,
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> HostSettings:
        """Read the stored form back."""
        return HostSettings(
            host_user=int(data["host_user"]),
            mode=str(data["mode"]),
            seats=int(data["seats"]),
            clock=None if data.get("clock") is None else int(data["clock"]),
            rated=bool(data.get("rated", True)),
            timeout=str(data.get("timeout", "auto")),
            grace=int(data.get("grace", 12 * 3600)),
            invite_only=bool(data.get("invite_only", False)),
            invited=tuple(int(u) for u in data.get("invited", ())),
            options=dict(data.get("options", {})),
            rematch_of=None if data.get("rematch_of") is None else int(data["rematch_of"]),
        )


@dataclass(frozen=True, slots=True)
class Table:
    """Everything about one game the host decides from; `state` is None while it is a lobby."""

    record: GameRecord
    spec: GameSpec[Any, Any, Any]
    profile: HostProfile
    settings: HostSettings
    seats: tuple[SeatRecord, ...]
    timeline: Timeline
    state: Any
    names: SeatNames
    """How its seats and players are called, as of its loading (see `named`)."""

    @property
    def id(self) -> int:
        """The game id."""
        return self.record.id

    @property
    def game_config(self) -> dict[str, Any]:
        """The config the rules were set up with (empty while a lobby)."""
        return dict(self.record.config.get("game", {}))

    def seat_of(self, user_id: int) -> Seat | None:
        """The seat a user holds, if any."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def user_at(self, seat: Seat) -> int | None:
        """The user holding a seat, if any."""
        for record in self.seats:
            if record.seat == seat:
                return record.user_id
        return None

    def to_act(self) -> frozenset[Seat]:
        """Seats the rules wait for (never CHANCE: chance steps are resolved on write)."""
        if self.state is None or self.record.status is not GameStatus.ACTIVE:
            return frozenset()
        return frozenset(s for s in self.spec.rules.to_act(self.state) if s != CHANCE)

    def ai_seats(self) -> frozenset[Seat]:
        """Seats the bot plays: AI seats and seats whose player resigned."""
        bots = {s.seat for s in self.seats if is_ai(s.user_id)}
        return frozenset(bots | set(self.timeline.resigned))

    def human_seats(self) -> tuple[Seat, ...]:
        """Seats held by people who have not resigned, in seat order."""
        bots = self.ai_seats()
        return tuple(s.seat for s in self.seats if s.seat not in bots)

    def humans_to_act(self) -> tuple[Seat, ...]:
        """The people the game waits for."""
        return tuple(sorted(self.to_act() - self.ai_seats()))

    def view(self, seat: Seat | None) -> Any:
        """What `seat` may see (None: spectators)."""
        return self.spec.rules.player_view(self.state, seat)


CACHED_TABLES = 512
"""Games kept loaded per process. A table costs about 17 KB, so the cache stays near 9 MB
however many games a long-running bot touches; a game that fell out loads from its latest
snapshot on its next move (a few ms)."""


class TableCache(OrderedDict[int, Table]):
    """The most recently used tables, at most `size` of them (least recently used go first)."""

    def __init__(self, size: int = CACHED_TABLES) -> None:
        super().__init__()
        self.size = size

    def get(self, game_id: int, default: Table | None = None) -> Table | None:  # type: ignore[override]
        """The cached table of a game (now the most recently used), else `default`."""
        if game_id not in self:
            return default
        self.move_to_end(game_id)
        return super().__getitem__(game_id)

    def __setitem__(self, game_id: int, table: Table) -> None:
        super().__setitem__(game_id, table)
        self.move_to_end(game_id)
        while len(self) > self.size:
            self.popitem(last=False)


@dataclass(frozen=True, slots=True)
class Host:
    """What every service function works with: the store, the clock, names and a state cache."""

    store: GameStore
    clock: Clock
    names: Callable[[int], str]
    cache: TableCache = field(default_factory=TableCache)
    known: dict[int, str] = field(default_factory=dict)
    """Display names users showed in their interactions (or stored with their seats)."""
    snapshot_every: int | None = SNAPSHOT_EVERY
    """Events between stored snapshots of a game's state (None: store none)."""
    postbox: Postbox | None = None
    """The durable outbox (None: changes write no catch-up rows, as in unit tests of rules)."""

    def name(self, user_id: int | None) -> str:
        """How a user (or AI seat) is called in messages."""
        return user_name(user_id, self.known, self.names)


def replay_state(
    spec: GameSpec[Any, Any, Any], config: Mapping[str, Any], seats: int, seed: str, moves: Any
) -> Any:
    """The state after `moves` (a sequence of timeline Moves) from the game's setup."""
    state = spec.rules.setup(config, seats, seed)
    events = [engine.Event(i, m.seat, m.action) for i, m in enumerate(moves)]
    return engine.apply_events(spec.rules, state, events, first_seq=0)


async def load_table(host: Host, game_id: int) -> Table:
    """The game `game_id` as a Table (from the cache when its version has not moved)."""
    try:
        record = await host.store.get_game(game_id)
    except GameNotFoundError:
        raise NoSuchGameError("There is no game {game}.", game=game_id) from None
    cached = host.cache.get(game_id)
    if (
        cached is not None
        and record.status is not GameStatus.LOBBY
        and cached.record.version == record.version
        and cached.record.status is record.status
    ):
        return named(host, cached)
    try:
        spec = find_game(record.game_key)
    except GameError:
        raise NoSuchGameError(
            "Game {game} is {key}, which this bot no longer knows.",
            code="unknown_game",
            game=game_id,
            key=record.game_key,
        ) from None
    profile = profile_for(spec)
    settings = HostSettings.from_json(record.config.get("host", {}))
    state = None
    if record.status is not GameStatus.LOBBY and "game" in record.config:
        # A started game loads through the snapshot cache (see bot.service.snapshots).
        folder = TableFolder(spec, profile, record.config["game"], settings.seats)
        loaded = await load_folded(host.store, game_id, folder, every=host.snapshot_every)
        record, seats = loaded.game, loaded.seats
        timeline = loaded.state.timeline
        state = current_state(spec, loaded.state)
    else:
        seats = tuple(await host.store.seats(game_id))
        records = await host.store.events(game_id)
        entries: list[Entry] = [
            decode(r.seq, r.engine_seat, r.action, spec.codec.from_json, profile.is_barrier)
            for r in records
        ]
        timeline = fold(entries)
    if any(s.user_id not in host.known and not is_ai(s.user_id) for s in seats):
        # Names stored with the seats: images name players after a restart, not a mention.
        for user, name in (await host.store.seat_names(game_id)).items():
            host.known.setdefault(user, name)
    names = _names(host, profile, settings.seats, seats, timeline)
    table = Table(record, spec, profile, settings, seats, timeline, state, names)
    if record.status is not GameStatus.LOBBY:
        host.cache[game_id] = table
    return table


def named(host: Host, table: Table) -> Table:
    """`table` with its names as the host knows them now: a player renamed since it was
    cached, or a seat that changed hands, reads the new name from the next load on."""
    names = _names(host, table.profile, table.settings.seats, table.seats, table.timeline)
    if names == table.names:
        return table
    fresh = replace(table, names=names)
    if table.id in host.cache:
        host.cache[table.id] = fresh
    return fresh


def _names(
    host: Host,
    profile: HostProfile,
    count: int,
    seats: tuple[SeatRecord, ...],
    timeline: Timeline,
) -> SeatNames:
    # The log names players who handed their seat on; they are named as the host knows them.
    replaced = (
        int(n.data[k]) for n in timeline.notes if n.kind == "replace" for k in ("from", "to")
    )
    return seat_names(count, seats, profile.role_name, host.name, replaced)
