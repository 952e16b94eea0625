"""Rebuilding a plausible full state from one seat's view, for the AI to search on.

Draw piles are multisets (state.py), so a pile's contents follow from what the view shows: the
army's tiles less those on the board, in hand and discarded. The active seat's once-per-turn
marks and the seats still owed a turn in the final countdown are in the view and taken as they
are. What the view does not hold is filled with the neutral choice and listed in docs/ai.md:
other seats' reserved mercenaries as empty, `Options.mercenaries` as 0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.base import RandomSource, Seat
from games.neuroshima.board import Board
from games.neuroshima.position import Position
from games.neuroshima.state import (
    BomberMode,
    Mode,
    Options,
    Pending,
    PendingKind,
    State,
    Step,
)
from games.neuroshima.tiles import Kind, armies, tile_type
from games.neuroshima.view import NeuroshimaView


def unseen_tiles(view: NeuroshimaView, seat: Seat) -> tuple[str, ...]:
    """The tiles of `seat`'s army that the view shows nowhere: its draw pile, as a sorted list."""
    army = armies()[view.seats[seat].army]
    left = Counter(army.deck())
    seen = [p.tile for _, p in view.tiles if p.owner == seat]
    seen += view.seats[seat].hand
    seen += view.seats[seat].discards
    for tile in seen:
        if left[tile] > 0:
            left[tile] -= 1
    return tuple(sorted(left.elements()))


def inferred_decks(view: NeuroshimaView, rng: RandomSource) -> tuple[tuple[str, ...], ...]:
    """Every seat's draw pile as the view implies it, trimmed at random to the pile's size.

    The pile is only trimmed when tiles left the game in ways the view does not show; its
    contents are otherwise exact, so determinisation samples the draws, not the piles.
    """
    decks = []
    for sv in view.seats:
        pool = list(unseen_tiles(view, sv.seat))
        while len(pool) > sv.deck_left:
            pool.pop(rng.randrange(len(pool)))
        decks.append(tuple(sorted(pool)))
    return tuple(decks)


def _mode(view: NeuroshimaView) -> Mode:
    return Mode(view.mode)


def _teams(view: NeuroshimaView) -> tuple[tuple[Seat, ...], ...]:
    by_team: dict[int, list[Seat]] = {}
    for sv in view.seats:
        if sv.team is not None:
            by_team.setdefault(sv.team, []).append(sv.seat)
    return tuple(tuple(by_team[t]) for t in sorted(by_team))


def _bomber_mode(view: NeuroshimaView) -> BomberMode:
    for _, placed in view.tiles:
        if tile_type(placed.tile).kind is Kind.NEUTRAL:
            return BomberMode.NEUTRAL if placed.owner is None else BomberMode.MERCENARY
    if any(sv.takes_bomber for sv in view.seats):
        return BomberMode.NEUTRAL
    return BomberMode.OFF


def _step(view: NeuroshimaView) -> Step:
    if view.step.startswith("pending_"):
        return Step.PENDING
    return Step(view.step)


def _pending(view: NeuroshimaView) -> Pending | None:
    p = view.pending
    if p is None:
        return None
    return Pending(PendingKind(p.kind), p.seat, p.actor, p.target, p.options, p.may_rotate)


def _final_waiting(view: NeuroshimaView) -> frozenset[Seat] | None:
    return frozenset(view.final_waiting) if view.final_countdown else None


def state_from_view(view: NeuroshimaView, decks: Sequence[tuple[str, ...]]) -> State:
    """A full state consistent with `view`, with `decks` as the (hidden) draw piles."""
    seats = view.seats
    mode = _mode(view)
    options = Options(
        mode=mode,
        armies=tuple(sv.army for sv in seats),
        scoring=view.scoring,
        mercenaries=0,
        mad_bomber=_bomber_mode(view),
        board_radius=view.board_radius,
    )
    position = Position(
        view.tiles,
        options.armies,
        tuple(sv.score if sv.hq_hp is None else sv.hq_hp for sv in seats),
        _teams(view),
        Board(view.board_radius),
        view.scoring,
    )
    return State(
        options=options,
        order=view.order,
        position=position,
        decks=tuple(tuple(d) for d in decks),
        hands=tuple(sv.hand for sv in seats),
        discards=tuple(sv.discards for sv in seats),
        reserves=tuple(sv.reserve for sv in seats),
        merc_pool=(),
        step=_step(view),
        active=view.active,
        turn=view.turn,
        first_draw_done=frozenset(sv.seat for sv in seats if _has_drawn(sv.army, sv.deck_left)),
        eliminated=frozenset(sv.seat for sv in seats if sv.eliminated),
        final_waiting=_final_waiting(view),
        marks=view.marks,
        pending=_pending(view),
        bomber_holder=next((sv.seat for sv in seats if sv.takes_bomber), None),
        turn_started=tuple(-1 for _ in seats),
        outcome=view.outcome,
    )


def _has_drawn(army: str, deck_left: int) -> bool:
    return deck_left < len(armies()[army].deck())
