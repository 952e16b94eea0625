"""Programming during a phase: placing and taking back cards, data transfer, locking in."""

from __future__ import annotations

from dataclasses import replace

from games.base import IllegalActionError, Seat
from games.space_alert.actions import ClearSlot, GiveCard, PlaceCard
from games.space_alert.cards import card
from games.space_alert.ship import PHASES
from games.space_alert.state import Board, Placed, State


def open_slots(state: State) -> range:
    """The slots of the phase being planned (earlier phases are locked)."""
    first, last = PHASES[state.phase - 1]
    return range(first, last + 1)


def _board_index(state: State, seat: Seat, board: int | None) -> int:
    if board is None:
        own = next((i for i, b in enumerate(state.boards) if b.seat == seat), None)
        if own is None:
            raise IllegalActionError("You fly no character of your own: name an android's board.")
        return own
    if not 0 <= board < len(state.boards):
        raise IllegalActionError(
            "There is no crew member {number}.", "no_such_board", number=board + 1
        )
    target = state.boards[board]
    if target.seat is not None and target.seat != seat:
        raise IllegalActionError("You can only program your own board and androids.", "not_yours")
    return board


def _with_slot(board: Board, slot: int, placed: Placed | None) -> Board:
    slots = list(board.slots)
    slots[slot - 1] = placed
    return replace(board, slots=tuple(slots))


def _with_hand(state: State, seat: Seat, hand: list[int]) -> tuple[tuple[int, ...], ...]:
    hands = list(state.hands)
    hands[seat] = tuple(sorted(hand))
    return tuple(hands)


def place(state: State, seat: Seat, action: PlaceCard) -> State:
    """Put a card into a slot of the open phase (own board, or an android's)."""
    if action.slot not in open_slots(state):
        first, last = open_slots(state)[0], open_slots(state)[-1]
        raise IllegalActionError(
            "Slot {slot} is not open; this phase plans turns {first}-{last}.",
            "slot_closed",
            slot=action.slot,
            first=first,
            last=last,
        )
    if action.half not in ("action", "move"):
        raise IllegalActionError("Say which half is up: action or move.", "bad_half")
    index = _board_index(state, seat, action.board)
    board = state.boards[index]
    hand = list(state.hands[seat])
    android = board.seat is None
    if android and action.card == board.heroic:
        board = replace(board, heroic=None)
    elif action.card in hand:
        if android and card(action.card).heroic:
            raise IllegalActionError("An android can only use its own heroic card.", "heroic")
        hand.remove(action.card)
    else:
        raise IllegalActionError(
            "Card #{card} is not in your hand.", "not_in_hand", card=action.card
        )
    old = board.slots[action.slot - 1]
    if old is not None:
        if android and not state.config.solo:
            raise IllegalActionError(
                "A card on an android's board cannot be taken back or replaced.", "android_locked"
            )
        hand, board = _take_back(state, board, hand, old)
    board = _with_slot(board, action.slot, Placed(action.card, action.half))
    boards = list(state.boards)
    boards[index] = board
    return replace(state, boards=tuple(boards), hands=_with_hand(state, seat, hand))


def _take_back(state: State, board: Board, hand: list[int], old: Placed) -> tuple[list[int], Board]:
    if board.seat is None and card(old.card).heroic:
        return hand, replace(board, heroic=old.card)
    return [*hand, old.card], board


def clear(state: State, seat: Seat, action: ClearSlot) -> State:
    """Take a card of the open phase back into hand."""
    if action.slot not in open_slots(state):
        raise IllegalActionError("Slot {slot} is locked.", "slot_closed", slot=action.slot)
    index = _board_index(state, seat, action.board)
    board = state.boards[index]
    if board.seat is None and not state.config.solo:
        raise IllegalActionError(
            "A card on an android's board cannot be taken back.", "android_locked"
        )
    old = board.slots[action.slot - 1]
    if old is None:
        raise IllegalActionError("Slot {slot} is empty.", "empty_slot", slot=action.slot)
    hand, board = _take_back(state, board, list(state.hands[seat]), old)
    board = _with_slot(board, action.slot, None)
    boards = list(state.boards)
    boards[index] = board
    return replace(state, boards=tuple(boards), hands=_with_hand(state, seat, hand))


def transfers_left(state: State, seat: Seat) -> int:
    """How many cards the seat may still hand over in this phase's data transfers."""
    if state.schedule is None or state.config.solo or state.phase == 0:
        return 0
    allowed = state.schedule.data_transfers[state.phase - 1]
    return max(0, allowed - state.given[seat])


def give(state: State, seat: Seat, action: GiveCard) -> State:
    """Data transfer: hand one ordinary card to another player."""
    if transfers_left(state, seat) == 0:
        raise IllegalActionError(
            "There is no data transfer left for you in this phase.", "no_transfer"
        )
    if action.card not in state.hands[seat]:
        raise IllegalActionError(
            "Card #{card} is not in your hand.", "not_in_hand", card=action.card
        )
    if card(action.card).heroic:
        raise IllegalActionError("A heroic card cannot be handed over.", "heroic")
    if action.to == seat or not 0 <= action.to < len(state.hands):
        raise IllegalActionError("Give the card to another player.", "bad_receiver")
    hands = [list(h) for h in state.hands]
    hands[seat].remove(action.card)
    hands[action.to].append(action.card)
    given = list(state.given)
    given[seat] += 1
    return replace(state, hands=tuple(tuple(sorted(h)) for h in hands), given=tuple(given))
