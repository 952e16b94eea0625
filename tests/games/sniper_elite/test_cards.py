"""Order, equipment and objective cards as data."""

from __future__ import annotations

import pytest

from games.engine import start
from games.sniper_elite import rules
from games.sniper_elite.board import BOARD_KEYS, SQUADS, Area, load_board
from games.sniper_elite.cards import (
    Verb,
    cards_for,
    equipment_cards,
    equipment_deck,
    objective_titles,
    order_cards,
)


@pytest.mark.parametrize("board", BOARD_KEYS)
@pytest.mark.parametrize(("challenge", "size"), [(None, 9), ("dog_handler", 7)])
def test_deck_construction_yields_nine_cards(board: str, challenge: str | None, size: int) -> None:
    config: dict[str, object] = {"map": board}
    if challenge:
        config["challenge"] = challenge
    for seed in ("a", "b", "c"):
        state, _ = start(rules, config, 1, seed)
        assert len(state.order_deck) == size
        urgent = [order_cards()[s.card].urgent for s in state.slots if s is not None]
        assert urgent == [True, True, True]
        assert [s.face_up for s in state.slots if s is not None] == [True, True, False]
        assert all(order_cards()[c].board in (None, board) for c in state.order_deck)


@pytest.mark.parametrize("board", BOARD_KEYS)
def test_each_board_has_any_map_and_own_cards(board: str) -> None:
    cards = cards_for(board)
    assert sum(c.urgent for c in cards) == 6
    assert sum(not c.urgent for c in cards) == 9
    assert {c.board for c in cards} == {None, board}
    own = [c for c in cards if c.board == board]
    assert any(c.urgent for c in own) and any(not c.urgent for c in own)


def test_regroup_mini_maps_are_valid() -> None:
    for card in order_cards().values():
        if not any(s.verb is Verb.REGROUP for s in card.steps):
            continue
        assert card.board is not None
        board = load_board(card.board)
        assert {a for a, _ in card.regroup} == set(Area)
        for area, marks in card.regroup:
            assert marks
            for space, squad in marks:
                assert board.by_id[space].area is area and not board.by_id[space].entry
                assert squad in SQUADS and squad is not area


def test_card_text_uses_the_rules_vocabulary() -> None:
    words = ("LKA", "move", "call", "search", "scout", "attack", "probable objective", "regroup")
    for card in order_cards().values():
        assert card.text and any(w in card.text for w in words)
    assert "access space" in order_cards()["bolt_the_doors"].text


def test_equipment_deck_and_named_cards() -> None:
    cards = equipment_cards()
    assert {"noise_masking", "silent_rounds"} <= set(cards)
    assert len(equipment_deck()) == sum(c.copies for c in cards.values())


@pytest.mark.parametrize("board", BOARD_KEYS)
def test_objective_cards_one_to_nine(board: str) -> None:
    titles = objective_titles(board)
    assert sorted(titles) == list(range(1, 10))
    assert len(set(titles.values())) == 9
