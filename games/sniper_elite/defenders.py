"""The defenders' turn: the order die, one order card, the order board refill, returns."""

from __future__ import annotations

from dataclasses import replace

from games.base import IllegalActionError
from games.sniper_elite.board import Board
from games.sniper_elite.cards import order_card
from games.sniper_elite.health import note
from games.sniper_elite.model import (
    Defender,
    Modifier,
    PendingReturn,
    PendingTiebreak,
    Phase,
    Slot,
    State,
    TurnFlags,
)
from games.sniper_elite.moves import Context, defender, place
from games.sniper_elite.orders import resolve_card
from games.sniper_elite.worst import Ties, badness
from games.text import Text

DIE_FACES: tuple[int, ...] = (1, 1, 1, 2, 2, 3)
"""The order die: three faces with one chevron, two with two, one with three."""


def missing(state: State) -> tuple[Defender, ...]:
    """Defenders off the board."""
    return tuple(d for d in state.defenders if d.space is None)


def start_defenders_turn(state: State) -> State:
    """An empty order deck loses; otherwise (Medic) a return, then the order die."""
    state = replace(state, turn=TurnFlags(defenders=True), phase=Phase.ORDER_ROLL, steps=())
    state = note(state, Text("The defenders' turn."))
    if not state.order_deck:
        lost = Text("The order deck ran out.")
        state = replace(state, result="lost", reason=lost, phase=Phase.OVER)
        return note(state, Text("The order deck is empty: the defenders win."))
    if state.has(Modifier.EARLY_RETURN) and missing(state):
        return replace(state, phase=Phase.TIEBREAK, pending=PendingTiebreak("return", then="roll"))
    return state


def order_rolled(board: Board, state: State, chevrons: int, tiebreak: int) -> State:
    """Resolve the card in the rolled slot, discard it, slide the board left."""
    index = chevrons - 1
    slot = state.slots[index]
    if slot is None:
        raise IllegalActionError("That order slot is empty.", code="empty_slot")
    card = order_card(slot.card)
    state = replace(state, turn=replace(state.turn, rolled=chevrons))
    state = note(state, _rolled_text(chevrons))
    state = resolve_card(Context(board, Ties(tiebreak)), state, card)
    rest = tuple(s for i, s in enumerate(state.slots) if i != index and s is not None)
    state = replace(
        state,
        slots=(*rest, *([None] * (3 - len(rest)))),
        order_discard=tuple(sorted((*state.order_discard, card.id))),
        turn=replace(state.turn, rolled=0),
    )
    if state.result is not None:
        return replace(state, phase=Phase.OVER)
    state = note(
        state,
        Text("'{title}' is discarded and the order board slides left.", title=card.title),
    )
    if state.order_deck:
        return replace(state, phase=Phase.ORDER_DRAW)
    return end_defenders_turn(state)


def _rolled_text(chevrons: int) -> Text:
    if chevrons == 1:
        return Text("The order die shows 1 chevron: the left card.")
    if chevrons == 2:
        return Text("The order die shows 2 chevrons: the middle card.")
    return Text("The order die shows 3 chevrons: the right card.")


def order_drawn(state: State, card: str) -> State:
    """Refill the empty slot: face down if both others are face up, else face up."""
    deck = list(state.order_deck)
    deck.remove(card)
    others = [s for s in state.slots if s is not None]
    face_up = any(not s.face_up for s in others)
    slots = list(state.slots)
    slots[slots.index(None)] = Slot(card, face_up)
    state = replace(state, slots=tuple(slots), order_deck=tuple(deck))
    refilled = (
        Text("The order board is refilled with '{title}' face up.", title=order_card(card).title)
        if face_up
        else Text("The order board is refilled with a card face down.")
    )
    return end_defenders_turn(note(state, refilled))


def end_defenders_turn(state: State) -> State:
    """One missing defender returns (unless the Medic's early return applies), then your turn."""
    if missing(state) and not state.has(Modifier.EARLY_RETURN):
        return replace(
            state, phase=Phase.TIEBREAK, pending=PendingTiebreak("return", then="sniper")
        )
    return start_sniper_turn(state)


def start_sniper_turn(state: State) -> State:
    """A fresh sniper turn in the next round."""
    state = replace(
        state, round=state.round + 1, turn=TurnFlags(), phase=Phase.SNIPER, pending=None
    )
    return note(state, Text("Round {round}: your turn.", round=state.round))


def return_spaces(board: Board, state: State, returning: Defender) -> tuple[str, ...]:
    """The iron cross of its colour if nobody is there, else the free spaces next to it."""
    taken = {d.space for d in state.on_board} | {state.sniper}
    cross = board.iron_cross(returning.squad).id
    if cross not in taken:
        return (cross,)
    near = tuple(
        s for s in sorted(board.adjacent[cross]) if s not in taken and not board.by_id[s].entry
    )
    if near:
        return near
    free = [s.id for s in board.playing_spaces if s.id not in taken]
    best = min(board.distance(cross, s) for s in free)
    return tuple(s for s in free if board.distance(cross, s) == best)


def return_defender(board: Board, state: State, then: str, tiebreak: int) -> State:
    """Pick the returning defender the worst way for you; you choose among its free spaces."""
    ties = Ties(tiebreak)
    state = replace(state, pending=None)
    scored = []
    for d in missing(state):
        spaces = return_spaces(board, state, d)
        # You choose the space, so a defender is judged by the space best for you.
        score = min(badness(board, place(state, d, s, "returns")) for s in spaces)
        scored.append((score, d, spaces))
    top = max(score for score, _, _ in scored)
    tied = [(d, spaces) for score, d, spaces in scored if score == top]
    returning, spaces = tied[ties.pick(len(tied))]
    if len(spaces) > 1:
        pending = PendingReturn(returning.id, spaces, then)
        state = note(
            state,
            Text(
                "The {defender} returns next to its iron cross: choose where.",
                defender=returning.name,
            ),
        )
        return replace(state, phase=Phase.RETURN_PLACE, pending=pending)
    return after_return(place(state, returning, spaces[0], "returns"), then)


def place_returning(state: State, space: str) -> State:
    """Your choice of space for the returning defender."""
    pending = state.pending
    assert isinstance(pending, PendingReturn)
    if space not in pending.options:
        options = ", ".join(pending.options)
        raise IllegalActionError("Choose one of {options}.", code="bad_space", options=options)
    state = place(state, defender(state, pending.defender), space, "returns")
    return after_return(replace(state, pending=None), pending.then)


def after_return(state: State, then: str) -> State:
    """Continue with the order die (Medic) or with the sniper's turn."""
    if then == "roll":
        return replace(state, phase=Phase.ORDER_ROLL)
    return start_sniper_turn(state)
