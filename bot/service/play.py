"""Planning and writing changes: a Draft gathers moves and notes, a Plan is appended at once.

Planning is pure (rules, AI and chance from seeded sources), so rejections never touch the
store and a stale write is simply planned again on a fresh load.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from typing import Any

import bot.service.ai as ai
from bot.service.errors import BusyError
from bot.service.i18n import stored
from bot.service.table import Host, Table, load_table, named, replay_state
from bot.service.timeline import Move, Note, Timeline, fold, note_json
from games import engine
from games.base import CHANCE, GameError, GameOverError, IllegalActionError, Outcome, Seat
from games.snapshot import SnapshotError
from games.text import Text
from storage.base import GameClosedError, StaleVersionError
from storage.records import GameStatus, Handover, NewEvent

log = logging.getLogger(__name__)

MAX_BOT_MOVES = 20_000
"""A guard against AI seats that never hand the turn back (a bug, not a rule)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One game move of a plan with the states around it (for texts, replays and images)."""

    seq: int
    seat: Seat
    action: Any
    before: Any
    after: Any
    barrier: bool


@dataclass(frozen=True, slots=True)
class Plan:
    """Events to append in one write, and the table they lead to."""

    table: Table
    events: tuple[NewEvent, ...]
    steps: tuple[Step, ...]
    notes: tuple[Note, ...]
    state: Any
    timeline: Timeline
    status: GameStatus | None
    outcome: dict[str, Any] | None
    lines: tuple[str, ...]
    actor: Seat | None
    handover: Handover | None = None
    """A seat changing hands in the same write as the events (seat replacement)."""


def outcome_json(outcome: Outcome, resigned: tuple[Seat, ...], ended_by: str) -> dict[str, Any]:
    """The stored form of a result."""
    return {
        "winners": sorted(outcome.winners),
        "reason": outcome.reason,
        "scores": list(outcome.scores),
        "resigned": list(resigned),
        "ended_by": ended_by,
        **_said(outcome.reason),
    }


def _said(reason: str) -> dict[str, Any]:
    """A reason with values kept as its template too, so it reads in any language later
    (updates.outcome_reason); a reason without values is its own catalogue key already."""
    composed = isinstance(reason, Text) and (reason.parts or (reason.template and reason.params))
    if not composed:
        return {}
    try:
        return {"said": stored(reason)}
    except SnapshotError:  # a value no record can hold: the English reason alone is kept
        return {}


@dataclass(frozen=True, slots=True)
class BotTurn:
    """What AI seats need to play on from a state; it pickles, so the process pool can think."""

    key: str
    rules: Any
    state: Any
    seed: str
    seq: int
    levels: tuple[tuple[Seat, str], ...]
    """The seats the bot plays, with their AI level."""
    chooser: ai.Chooser
    accepts: ai.Accepts | None


def bot_moves(turn: BotTurn) -> tuple[tuple[Seat, Any], ...]:
    """The moves AI seats make from `turn.state` until a person must act or the game is over
    (pure, and the same wherever it runs: every decision's Random is seeded by its seq)."""
    rules, levels = turn.rules, dict(turn.levels)
    state, seq = turn.state, turn.seq
    moves: list[tuple[Seat, Any]] = []
    for _ in range(MAX_BOT_MOVES):
        movers = sorted(s for s in rules.to_act(state) if s != CHANCE and s in levels)
        if not movers:
            return tuple(moves)
        seat = movers[0]
        legal = list(rules.legal_actions(state, seat))
        if not legal:
            log.error("%s gave seat %d nothing to do", turn.key, seat)
            return tuple(moves)
        view = rules.player_view(state, seat)
        budget = ai.LEVELS[levels[seat]]
        rng = ai.ai_rng(turn.seed, seq)
        action = ai.decide(turn.key, turn.chooser, turn.accepts, view, legal, rng, budget)
        state, events = engine.play(rules, state, turn.seed, seq, seat, action)
        seq += len(events)
        moves.append((seat, action))
    raise RuntimeError("AI seats did not hand the turn back")


_LATER: ContextVar[list[int] | None] = ContextVar("ai_replies_later", default=None)
"""The games whose AI seats owe a reply, while a front-end answers people first."""


@contextmanager
def replies_later() -> Iterator[list[int]]:
    """Within this block (one interaction or clock tick), AI seats do not move inside a
    person's write: the games whose AI seats are then to act are listed instead, for
    `bot.service.replies.ai_replies` after the person has been answered."""
    owed: list[int] = []
    token = _LATER.set(owed)
    try:
        yield owed
    finally:
        _LATER.reset(token)


def _owe_replies(after: Table) -> None:
    owed = _LATER.get()
    if owed is not None and after.id not in owed and after.to_act() & after.ai_seats():
        owed.append(after.id)


class Draft:
    """A change being planned on a table: moves, notes and AI replies, not yet written."""

    def __init__(self, table: Table, state: Any = None) -> None:
        self.table = table
        self.state = table.state if state is None else state
        self.timeline = table.timeline
        self.seq = table.record.version
        self.events: list[NewEvent] = []
        self.steps: list[Step] = []
        self.notes: list[Note] = []
        self.lines: list[str] = []

    @property
    def rules(self) -> Any:
        """The game's rules."""
        return self.table.spec.rules

    def play(self, seat: Seat, action: Any) -> None:
        """Apply a player's action and the chance steps it triggers (raises GameError)."""
        spec, record = self.table.spec, self.table.record
        try:
            stored = spec.codec.to_json(action)
            if spec.codec.from_json(stored) != action:
                raise ValueError("the action does not survive storage")
            after, events = engine.play(self.rules, self.state, record.seed, self.seq, seat, action)
        except GameError:
            raise
        except Exception as err:  # hostile structured actions must not reach players as traces
            log.info("rejected a malformed %s action %r: %r", spec.key, action, err)
            raise IllegalActionError(
                "That action does not fit this game.", code="bad_action"
            ) from None
        state = self.state
        for event in events:
            nxt = (
                after if event is events[-1] else self.rules.apply(state, event.seat, event.action)
            )
            barrier = self.table.profile.is_barrier(event.seat, event.action)
            self.steps.append(Step(event.seq, event.seat, event.action, state, nxt, barrier))
            move = Move(event.seq, event.seat, event.action, barrier)
            self.timeline = fold([move], self.timeline)
            self.events.append(NewEvent(event.seat, spec.codec.to_json(event.action)))
            state = nxt
        self.state = after
        self.seq += len(events)

    def open(self) -> None:
        """Run the opening chance steps of a freshly set-up state."""
        record = self.table.record
        state = self.state
        after, events = engine.resolve_chance(self.rules, state, record.seed, self.seq)
        for event in events:
            nxt = self.rules.apply(state, event.seat, event.action)
            self._log(event.seq, event.seat, event.action, state, nxt)
            state = nxt
        self.state = after
        self.seq += len(events)

    def _log(self, seq: int, seat: Seat, action: Any, before: Any, after: Any) -> None:
        barrier = self.table.profile.is_barrier(seat, action)
        self.steps.append(Step(seq, seat, action, before, after, barrier))
        self.timeline = fold([Move(seq, seat, action, barrier)], self.timeline)
        self.events.append(NewEvent(seat, self.table.spec.codec.to_json(action)))

    def note(self, kind: str, **data: Any) -> None:
        """Log a host decision."""
        note = Note(self.seq, kind, data)
        self.notes.append(note)
        self.timeline = fold([note], self.timeline)
        self.events.append(NewEvent(None, note_json(kind, **data)))
        self.seq += 1

    def undo_to(self, index: int, seat: Seat, why: str) -> int:
        """Void the effective moves from `index` on; returns how many went."""
        moves = self.timeline.moves
        count = len(moves) - index
        self.note("undo", **{"from": moves[index].seq, "seat": seat, "why": why})
        t = self.table
        self.state = replay_state(
            t.spec, t.game_config, t.settings.seats, t.record.seed, self.timeline.moves
        )
        return count

    def bot_seats(self) -> frozenset[Seat]:
        """Seats the bot plays now (AI seats and resigned players)."""
        return self.table.ai_seats() | set(self.timeline.resigned)

    def to_act(self) -> frozenset[Seat]:
        """Seats the rules wait for in the drafted state."""
        return frozenset(s for s in self.rules.to_act(self.state) if s != CHANCE)

    def bots(self) -> None:
        """Let AI seats act until a person must act or the game is over.

        Inside `replies_later()` (a front-end that answers people first) this does nothing:
        `run` notes the game, and `bot.service.replies` plays the AI seats after the reply.
        """
        if _LATER.get() is not None:
            return
        for seat, action in bot_moves(self.bot_turn()):
            self.play(seat, action)

    def bot_turn(self) -> BotTurn:
        """What the AI seats need to play on from the drafted state."""
        levels = []
        for seat in sorted(self.bot_seats()):
            user = self.table.user_at(seat)
            # A resigned player's seat is played at the normal level.
            levels.append((seat, ai.level_of(user if user is not None and user < 0 else -2)))
        key = self.table.spec.key
        return BotTurn(
            key,
            self.rules,
            self.state,
            self.table.record.seed,
            self.seq,
            tuple(levels),
            ai.chooser_for(key),
            ai.accepts_for(key),
        )

    def say(self, line: str) -> None:
        """Add a line to the public update."""
        self.lines.append(line)

    def finish(
        self,
        actor: Seat | None = None,
        *,
        status: GameStatus | None = None,
        outcome: dict[str, Any] | None = None,
    ) -> Plan:
        """The plan: a result from the rules wins over `status` (a game may end at once)."""
        ended = status in (GameStatus.FINISHED, GameStatus.ABANDONED)
        if not ended and self.state is not None and not self.rules.to_act(self.state):
            result = self.rules.outcome(self.state)
            if result is not None:
                status = GameStatus.FINISHED
                outcome = outcome_json(result, self.timeline.resigned, "rules")
        return Plan(
            self.table,
            tuple(self.events),
            tuple(self.steps),
            tuple(self.notes),
            self.state,
            self.timeline,
            status,
            outcome,
            tuple(self.lines),
            actor,
        )


async def commit(host: Host, plan: Plan) -> Table:
    """Append a plan's events at the version it was planned on; returns the new table."""
    table = plan.table
    status = plan.status or table.record.status
    if not plan.events and plan.status is None:
        return table
    bots = table.ai_seats() | set(plan.timeline.resigned)
    waiting: list[Seat] = []
    if plan.state is not None:
        waiting = sorted(s for s in table.spec.rules.to_act(plan.state) if s >= 0 and s not in bots)
    version = table.record.version + len(plan.events)
    # The promise to tell people commits with the change (see bot/service/postbox.py).
    told = () if host.postbox is None else (host.postbox.catchup(table.id, version, status),)
    record = await host.store.append(
        table.id,
        table.record.version,
        plan.events,
        to_act=waiting,
        status=plan.status,
        outcome=plan.outcome,
        outbox=told,
        **({} if plan.handover is None else {"handover": plan.handover}),
    )
    after = replace(table, record=record, timeline=plan.timeline, state=plan.state)
    if plan.handover is not None:
        after = named(host, replace(after, seats=tuple(await host.store.seats(table.id))))
    if status is not GameStatus.LOBBY:
        host.cache[table.id] = after
    _owe_replies(after)
    return after


async def run(host: Host, game_id: int, build: Callable[[Table], Plan]) -> tuple[Plan, Table]:
    """Load, plan and append; a stale write is planned once more on a fresh load, then refused."""
    for _attempt in range(2):
        table = await load_table(host, game_id)
        plan = build(table)
        try:
            return plan, await commit(host, plan)
        except StaleVersionError:
            host.cache.pop(game_id, None)
        except GameClosedError:
            host.cache.pop(game_id, None)
            raise GameOverError("This game has already ended.") from None
    raise BusyError("The game changed while you were moving. Look at the board and try again.")


def settings_map(table: Table) -> Mapping[str, Any]:
    """The host settings of a table as stored (handy for rematches and exports)."""
    return table.settings.to_json()
