"""Compact questions about programming, for front-ends that cannot list every placement.

`legal_actions` stays complete (the Rules protocol), but a solo player has some 3,600 legal
placements. These queries filter the same placements by card, slot or board, or answer
"what can go into slot N of this board" in one structured object.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from games.base import Seat
from games.space_alert.actions import ClearSlot, PlaceCard
from games.space_alert.cards import HEROIC_BASE, Card, card
from games.space_alert.planning import open_slots
from games.space_alert.ship import TURNS
from games.space_alert.state import Placed, Stage, State

HALVES = ("action", "move")


def programmable_boards(state: State, seat: Seat) -> tuple[int, ...]:
    """Crew indexes whose boards `seat` may program now: its own and the androids'."""
    if state.stage is not Stage.PLANNING or seat not in range(state.config.humans):
        return ()
    return tuple(i for i, b in enumerate(state.boards) if b.seat in (None, seat))


def _cards_for(state: State, seat: Seat, index: int) -> list[int]:
    board = state.boards[index]
    cards = list(state.hands[seat])
    if board.seat is None:
        # An android takes ordinary cards from a hand and only its own heroic card.
        cards = [c for c in cards if c < HEROIC_BASE]
        if board.heroic is not None:
            cards.append(board.heroic)
    return cards


def _changeable(state: State, seat: Seat, index: int) -> bool:
    return state.boards[index].seat == seat or state.config.solo


def _iter(
    state: State, seat: Seat, card_id: int | None, slot: int | None, board: int | None, clears: bool
) -> Iterator[PlaceCard | ClearSlot]:
    for index in programmable_boards(state, seat):
        if board is not None and index != board:
            continue
        own = state.boards[index].seat == seat
        target = None if own else index
        cards = _cards_for(state, seat, index)
        if card_id is not None:
            cards = [c for c in cards if c == card_id]
        for number in open_slots(state):
            if slot is not None and number != slot:
                continue
            placed = state.boards[index].slots[number - 1]
            if placed is not None and not _changeable(state, seat, index):
                continue
            if placed is not None and clears:
                yield ClearSlot(number, target)
            for c in cards:
                for half in HALVES:
                    yield PlaceCard(c, number, half, target)


def placements(
    state: State,
    seat: Seat,
    *,
    card: int | None = None,
    slot: int | None = None,
    board: int | None = None,
    clears: bool = False,
) -> list[PlaceCard | ClearSlot]:
    """Legal placements of `seat`, optionally only of one card, into one slot, or onto one
    board (crew index); with `clears`, the take-backs too (before each slot's placements)."""
    return list(_iter(state, seat, card, slot, board, clears))


@dataclass(frozen=True, slots=True)
class SlotChoices:
    """What `seat` can do with one slot of one board now."""

    board: int
    slot: int
    open: bool
    """False when the slot belongs to a locked phase or a card there cannot be replaced."""
    placed: Placed | None
    can_clear: bool
    cards: tuple[Card, ...]
    """Cards that can go in; each with either half up."""


def slot_choices(state: State, seat: Seat, board: int, slot: int) -> SlotChoices:
    """The cards `seat` can put into `slot` of crew member `board`, and whether it can clear it."""
    allowed = board in programmable_boards(state, seat) and 1 <= slot <= TURNS
    placed = state.boards[board].slots[slot - 1] if allowed else None
    in_phase = allowed and slot in open_slots(state)
    can_change = in_phase and (placed is None or _changeable(state, seat, board))
    cards = tuple(card(c) for c in _cards_for(state, seat, board)) if can_change else ()
    return SlotChoices(
        board=board,
        slot=slot,
        open=can_change,
        placed=placed,
        can_clear=can_change and placed is not None,
        cards=cards,
    )
