"""A league as its log folds: entrants, rounds with tables and results, status, pauses.

The league log is the truth (like a game's): every sign-up, pairing, result and organiser
decision is an event, and this fold is the only reader, so standings can always be rebuilt.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from bot.service.i18n import restored
from bot.service.leagues.config import LeagueConfig
from storage.leagues import LeagueEvent, LeagueHead

# Event kinds.
CREATED = "created"
JOINED = "joined"
LEFT = "left"
CHECKED_IN = "checked_in"
CHECKIN_OPEN = "checkin_open"
STARTED = "started"
PAIRED = "paired"
RESULT = "result"
VOIDED = "voided"
PAUSED = "paused"
RESUMED = "resumed"
REMOVED = "removed"
REPLACED = "replaced"
LINKED = "linked"
FINISHED = "finished"
CANCELLED = "cancelled"

AI_BLOCK = 1000
"""AI entrants are -(AI_BLOCK * n + level): distinct per league, seated as AI level -level."""


def ai_level_user(entrant: int) -> int:
    """The AI pseudo user (-1 easy, -2 normal, -3 hard) that plays an AI entrant's seats."""
    return -((-entrant) % AI_BLOCK)


def is_ai_entrant(entrant: int) -> bool:
    """True for an AI entrant (they play unrated)."""
    return entrant < 0


@dataclass(frozen=True, slots=True)
class Result:
    """A table's result: league points and in-game scores per seat, and where it came from."""

    points: tuple[float, ...]
    scores: tuple[float, ...]
    source: str
    reason: str


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round: its game, its entrants in seat order, and its result when known."""

    round: int
    board: int
    game_id: int
    seats: tuple[int, ...]
    result: Result | None = None


@dataclass(frozen=True, slots=True)
class Round:
    """A paired round: tables, byes, the explanation, and its deadline."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[int, ...]
    why: tuple[str, ...]
    """Texts (stored with their templates and values); plain English in older leagues."""
    deadline: datetime
    seq: int
    slots: tuple[int, ...] = ()
    """Knockout only: the bracket this round plays, in order (0 for an empty slot)."""

    @property
    def done(self) -> bool:
        """True when every table has a result."""
        return all(t.result is not None for t in self.tables)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player of the league; `user` holds the entrant's place (changes on replacement)."""

    id: int
    user: int
    joined: int
    checked_in: bool = False
    active: bool = True
    why_out: str = ""


@dataclass(slots=True)
class LeagueState:
    """The folded league."""

    head: LeagueHead
    config: LeagueConfig
    entrants: dict[int, Entrant] = field(default_factory=dict)
    rounds: list[Round] = field(default_factory=list)
    started: datetime | None = None
    players: tuple[int, ...] = ()
    schedule: tuple[tuple[tuple[int, ...], ...], ...] = ()
    seeds: tuple[int, ...] = ()
    planned: int = 0
    checkin_open: bool = False
    paused_at: datetime | None = None
    paused_for: timedelta = timedelta(0)
    finished: bool = False
    cancelled: bool = False
    final: dict[str, Any] = field(default_factory=dict)
    external: str | None = None
    events: list[LeagueEvent] = field(default_factory=list)

    @property
    def id(self) -> int:
        """The league id."""
        return self.head.id

    @property
    def version(self) -> int:
        """The next seq of the league log."""
        return self.head.version

    @property
    def phase(self) -> str:
        """signup, running, paused, finished or cancelled."""
        if self.cancelled:
            return "cancelled"
        if self.finished:
            return "finished"
        if self.paused_at is not None:
            return "paused"
        return "signup" if self.started is None else "running"

    def active(self) -> list[int]:
        """Entrants still playing, in join order."""
        return [e.id for e in sorted(self.entrants.values(), key=lambda e: e.joined) if e.active]

    def entrant_of(self, user: int) -> Entrant | None:
        """The entrant a user plays as (the holder after replacements), if any."""
        return next((e for e in self.entrants.values() if e.user == user), None)

    def current(self) -> Round | None:
        """The latest round, if any."""
        return self.rounds[-1] if self.rounds else None

    def table_of(self, game_id: int) -> Table | None:
        """The table whose game is `game_id` (in the rounds still counted)."""
        for rnd in self.rounds:
            for table in rnd.tables:
                if table.game_id == game_id:
                    return table
        return None

    def byes_of(self, entrant: int) -> int:
        """How many byes an entrant has had."""
        return sum(entrant in r.byes for r in self.rounds)


def _set_result(state: LeagueState, data: dict[str, Any]) -> None:
    result = Result(
        tuple(float(p) for p in data["points"]),
        tuple(float(s) for s in data.get("scores", ())),
        str(data.get("source", "game")),
        str(data.get("reason", "")),
    )
    for i, rnd in enumerate(state.rounds):
        if rnd.number != int(data["round"]):
            continue
        tables = tuple(
            replace(t, result=result) if t.board == int(data["board"]) else t for t in rnd.tables
        )
        state.rounds[i] = replace(rnd, tables=tables)


def _apply(state: LeagueState, e: LeagueEvent) -> None:
    d = e.data
    if e.kind == JOINED:
        entrant = int(d["entrant"])
        state.entrants[entrant] = Entrant(entrant, entrant, e.seq, bool(d.get("checked_in")))
    elif e.kind == LEFT:
        state.entrants.pop(int(d["entrant"]), None)
    elif e.kind == CHECKIN_OPEN:
        state.checkin_open = True
    elif e.kind == CHECKED_IN:
        entrant = int(d["entrant"])
        state.entrants[entrant] = replace(state.entrants[entrant], checked_in=True)
    elif e.kind == STARTED:
        state.started = e.created
        state.players = tuple(int(p) for p in d["players"])
        state.schedule = tuple(
            tuple(tuple(int(x) for x in pair) for pair in rnd) for rnd in d.get("schedule", ())
        )
        state.seeds = tuple(int(s) for s in d.get("seeds", ()))
        state.planned = int(d.get("rounds", 0))
        for dropped in d.get("dropped", ()):
            old = state.entrants[int(dropped)]
            state.entrants[old.id] = replace(old, active=False, why_out="no check-in")
    elif e.kind == PAIRED:
        tables = tuple(
            Table(int(d["round"]), int(t["board"]), int(t["game"]), tuple(map(int, t["seats"])))
            for t in d["tables"]
        )
        deadline = datetime.fromisoformat(str(d["deadline"]))
        byes = tuple(int(b) for b in d.get("byes", ()))
        why = tuple(restored(w) for w in d.get("why", ()))
        slots = tuple(int(x) for x in d.get("slots", ()))
        state.rounds.append(Round(int(d["round"]), tables, byes, why, deadline, e.seq, slots))
    elif e.kind == RESULT:
        _set_result(state, dict(d))
    elif e.kind == VOIDED:
        state.rounds = [r for r in state.rounds if r.number != int(d["round"])]
    elif e.kind == PAUSED:
        state.paused_at = e.created
    elif e.kind == RESUMED and state.paused_at is not None:
        state.paused_for += e.created - state.paused_at
        state.paused_at = None
        if state.rounds and d.get("deadline"):
            # The round's clock stood still while the league was paused.
            state.rounds[-1] = replace(
                state.rounds[-1], deadline=datetime.fromisoformat(str(d["deadline"]))
            )
    elif e.kind == REMOVED:
        old = state.entrants[int(d["entrant"])]
        state.entrants[old.id] = replace(old, active=False, why_out=str(d.get("reason", "")))
    elif e.kind == REPLACED:
        old = state.entrants[int(d["entrant"])]
        state.entrants[old.id] = replace(old, user=int(d["user"]))
    elif e.kind == LINKED:
        state.external = str(d["event"])
    elif e.kind == FINISHED:
        state.finished = True
        state.final = dict(d)
    elif e.kind == CANCELLED:
        state.cancelled = True


def fold(head: LeagueHead, events: Iterable[LeagueEvent]) -> LeagueState:
    """The league after its events."""
    state = LeagueState(head, LeagueConfig.from_json(head.config))
    for event in events:
        _apply(state, event)
        state.events.append(event)
    return state
