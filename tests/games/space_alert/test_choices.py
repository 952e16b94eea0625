"""Compact placement queries agree with legal_actions and stay small."""

from __future__ import annotations

from typing import Any

from games import engine
from games.space_alert import SPEC
from games.space_alert.actions import ClearSlot, LockIn, PlaceCard
from games.space_alert.choices import placements, programmable_boards, slot_choices
from games.space_alert.state import State

RULES = SPEC.rules


def _start(seats: int, **config: Any) -> tuple[State, int]:
    state, events = engine.start(RULES, config, seats, "choices")
    return state, len(events)


def test_filtered_placements_are_exactly_the_matching_legal_actions() -> None:
    state, _ = _start(1, mission="simulation_1")
    everything = RULES.legal_actions(state, 0)
    assert len(everything) > 2000  # why the filters exist
    assert [a for a in everything if isinstance(a, PlaceCard | ClearSlot)] == placements(
        state, 0, clears=True
    )
    one_card = placements(state, 0, card=12)
    assert one_card == [a for a in everything if isinstance(a, PlaceCard) and a.card == 12]
    assert len(one_card) == 4 * 3 * 2  # four androids, slots 1-3, two halves
    one_slot = placements(state, 0, slot=2, board=3)
    assert {(a.slot, a.board) for a in one_slot} == {(2, 3)}
    # 90 ordinary cards and Android D's own heroic card, each with either half up.
    assert len(one_slot) == 91 * 2


def test_slot_choices_answer_what_can_go_in_one_slot() -> None:
    state, seq = _start(2, mission="simulation_1")
    assert programmable_boards(state, 0) == (0, 2, 3)
    own = slot_choices(state, 0, 0, 1)
    assert own.open and not own.can_clear and own.placed is None
    assert {c.id for c in own.cards} == set(state.hands[0])
    android = slot_choices(state, 0, 2, 1)
    heroic = state.boards[2].heroic
    assert heroic is not None and heroic in {c.id for c in android.cards}
    assert all(c.id < 100 or c.id == heroic for c in android.cards)
    closed = slot_choices(state, 0, 0, 4)
    assert not closed.open and closed.cards == ()
    other = slot_choices(state, 0, 1, 1)
    assert not other.open and other.cards == ()
    # A card on an android's board stays there (2-3 players): the slot is no longer open.
    card_id = next(c for c in state.hands[0] if c < 100)
    state, seq = (
        engine.play(RULES, state, "choices", seq, 0, PlaceCard(card_id, 1, "action", 2))[0],
        seq + 1,
    )
    taken = slot_choices(state, 0, 2, 1)
    assert not taken.open and taken.placed is not None and not taken.can_clear
    assert placements(state, 0, slot=1, board=2) == []


def test_nothing_to_place_outside_planning() -> None:
    state, seq = _start(1, mission="test_run_1")
    for _ in range(2):
        state, new = engine.play(RULES, state, "choices", seq, 0, LockIn())
        seq += len(new)
    assert placements(state, 0) == []
    assert programmable_boards(state, 0) == ()
