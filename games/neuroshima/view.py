"""What a seat (or the public channel) may see of a Neuroshima Hex game.

Drawn tiles are open information (cs: "Dobrané žetony by měly být viditelné pro oba hráče"),
so every hand is in every view. Draw piles appear only as counts; a seat's reserved mercenaries
are shown to that seat alone (they lie face down next to its pile).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Outcome, Seat
from games.neuroshima.board import Hex
from games.neuroshima.position import PlacedTile, netted
from games.neuroshima.state import (
    BattleSummary,
    Change,
    Highlight,
    PendingKind,
    State,
    Step,
    TurnMarks,
)
from games.neuroshima.turns import to_act
from games.text import Text

__all__ = [
    "BattleSummary",
    "Change",
    "Highlight",
    "NeuroshimaView",
    "PendingView",
    "SeatView",
    "TurnMarks",
    "player_view",
]


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the viewer sees it."""

    seat: Seat
    army: str
    hq_hp: int | None
    """HQ hit points (None in the scoring variant, where HQs cannot fall)."""
    score: int
    deck_left: int
    hand: tuple[str, ...]
    discards: tuple[str, ...]
    eliminated: bool
    team: int | None
    reserve_left: int
    reserve: tuple[str, ...]
    """The reserved mercenaries themselves: only in that seat's own view."""
    takes_bomber: bool
    """True when this seat's next draw starts with the Mad Bomber."""


@dataclass(frozen=True, slots=True)
class PendingView:
    """A decision owed by `seat`: where the pushed or grabbed tile on `target` goes."""

    kind: str
    seat: Seat
    actor: Hex
    target: Hex
    options: tuple[Hex, ...]
    may_rotate: bool
    description: Text


@dataclass(frozen=True, slots=True)
class NeuroshimaView:
    """Everything the viewer may know, with no draw-pile order anywhere."""

    viewer: Seat | None
    board_radius: int
    tiles: tuple[tuple[Hex, PlacedTile], ...]
    netted: tuple[Hex, ...]
    seats: tuple[SeatView, ...]
    order: tuple[Seat, ...]
    active: Seat
    to_act: tuple[Seat, ...]
    turn: int
    step: str
    pending: PendingView | None
    last_turn: tuple[Change, ...]
    since_your_turn: tuple[Change, ...]
    since_turn: int | None
    """The first turn `since_your_turn` covers (None when the viewer has no finished turn)."""
    last_battle: BattleSummary | None
    final_countdown: bool
    """True once someone drew his last tile: no more Battle tiles, the final battle is coming."""
    final_waiting: tuple[Seat, ...]
    """In the final countdown: the seats still owed a turn before the final battle, in turn
    order (the active one included until its turn ends); empty otherwise."""
    marks: TurnMarks
    """The active seat's once-per-turn marks (Mobility, HQ rotation, unit abilities used):
    everybody at the table sees them being used."""
    highlights: tuple[Highlight, ...]
    """Key moments of the game so far (battles, fallen HQs), bounded, oldest first."""
    mode: str
    scoring: bool
    outcome: Outcome | None
    this_turn: tuple[Change, ...] = ()
    """The changes of the turn under way so far (what each move did, for its words)."""

    def seat_view(self, seat: Seat) -> SeatView:
        """The SeatView of `seat`."""
        return self.seats[seat]

    def tile_at(self, h: Hex) -> PlacedTile | None:
        """The tile on `h`, if any."""
        for where, placed in self.tiles:
            if where == h:
                return placed
        return None


def _step_name(state: State) -> str:
    if state.step is Step.PENDING and state.pending is not None:
        return f"pending_{state.pending.kind.value}"
    return state.step.value


def _pending_view(state: State) -> PendingView | None:
    p = state.pending
    if p is None:
        return None
    board = state.position.board
    where = ", ".join(board.label(h) for h in p.options)
    values = {"seat": p.seat, "hex": board.label(p.target), "hexes": where}
    if p.kind is PendingKind.PUSH and p.may_rotate:
        text = Text(
            "Seat {seat} chooses where the tile on {hex} is pushed: {hexes} (and its facing)",
            **values,
        )
    elif p.kind is PendingKind.PUSH:
        text = Text("Seat {seat} chooses where the tile on {hex} is pushed: {hexes}", **values)
    elif p.may_rotate:
        text = Text(
            "Seat {seat} chooses where the tile on {hex} is pulled: {hexes} (and its facing)",
            **values,
        )
    else:
        text = Text("Seat {seat} chooses where the tile on {hex} is pulled: {hexes}", **values)
    return PendingView(p.kind.value, p.seat, p.actor, p.target, p.options, p.may_rotate, text)


def _changes_since(state: State, since_turn: int) -> tuple[Change, ...]:
    return tuple(c for t, c in state.changes if t >= since_turn)


def _since_turn(state: State, seat: Seat | None) -> int | None:
    """The first turn "since your last turn" covers (None: the seat has no finished turn)."""
    if seat is None or seat < 0 or state.turn_started[seat] < 0:
        return None
    if seat == state.active and state.step is not Step.GAME_OVER:
        # The seat on turn catches up on everything after its previous turn.
        previous = state.previous_turn_started
        last = previous[seat] if len(previous) > seat else -1
        return last + 1 if last >= 0 else None
    return state.turn_started[seat] + 1


def _since_last_turn(state: State, seat: Seat | None) -> tuple[Change, ...]:
    """Changes after the seat's last finished turn (for the seat on turn: its previous one)."""
    since = _since_turn(state, seat)
    return () if since is None else _changes_since(state, since)


def _last_turn_changes(state: State) -> tuple[Change, ...]:
    # Once the game is over the turn that ended it (and its final battle) is the last one.
    over = state.step is Step.GAME_OVER
    finished = [t for t, _ in state.changes if t < state.turn or over]
    if not finished:
        return ()
    last = max(finished)
    return tuple(c for t, c in state.changes if t == last)


def player_view(state: State, seat: Seat | None) -> NeuroshimaView:
    """The view of `seat` (None: spectators and the public channel)."""
    teams = state.position.teams
    team_of = {s: i for i, members in enumerate(teams) for s in members}
    seats = tuple(
        SeatView(
            seat=s,
            army=state.position.armies[s],
            hq_hp=None if state.options.scoring else state.position.hq_hp[s],
            score=state.points()[s],
            deck_left=len(state.decks[s]),
            hand=state.hands[s],
            discards=state.discards[s],
            eliminated=s in state.eliminated,
            team=team_of.get(s),
            reserve_left=len(state.reserves[s]) if state.reserves else 0,
            reserve=state.reserves[s] if state.reserves and s == seat else (),
            takes_bomber=state.bomber_holder == s,
        )
        for s in range(state.seats)
    )
    since = _since_last_turn(state, seat)
    return NeuroshimaView(
        viewer=seat,
        board_radius=state.position.board.radius,
        tiles=state.position.tiles,
        netted=tuple(sorted(netted(state.position))),
        seats=seats,
        order=state.order,
        active=state.active,
        to_act=tuple(sorted(to_act(state))),
        turn=state.turn,
        step=_step_name(state),
        pending=_pending_view(state),
        last_turn=_last_turn_changes(state),
        since_your_turn=since,
        since_turn=_since_turn(state, seat),
        last_battle=state.last_battle,
        final_countdown=state.final_waiting is not None,
        final_waiting=tuple(s for s in state.order if s in (state.final_waiting or ())),
        marks=state.marks,
        highlights=state.highlights,
        mode=state.options.mode.value,
        scoring=state.options.scoring,
        outcome=state.outcome,
        this_turn=tuple(c for t, c in state.changes if t == state.turn),
    )
