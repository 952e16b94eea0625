"""Turn order, opening draws, mandatory discards and the setup steps of every mode."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games import engine
from games.base import CHANCE, IllegalActionError, InvalidActionError, NotYourTurnError
from games.neuroshima import rules
from games.neuroshima.actions import Discard, Draw, EndTurn, PickMercenary, PlaceHQ, PlaceTile
from games.neuroshima.board import Hex
from games.neuroshima.state import Step
from games.neuroshima.turns import draw_count

from .flow_support import chance, only_seat


def _place_hqs(state, seed="t"):
    ring = [Hex(-2, 0), Hex(2, 0), Hex(0, -2), Hex(0, 2), Hex(-2, 2), Hex(2, -2)]
    seq = 0
    for i in range(state.seats):
        seat = only_seat(state)
        state, events = engine.play(rules, state, seed, seq, seat, PlaceHQ(ring[i]))
        seq += len(events)
    return state, seq


def test_duel_opening_draws_one_then_two_then_up_to_three() -> None:
    state = rules.setup({"armies": ["moloch", "outpost"]}, 2, "t")
    state, seq = _place_hqs(state)
    assert state.step is Step.PLAY and state.active == 0
    assert len(state.hands[0]) == 1  # cs: "hráč Jedna dobere jeden žeton"
    state = rules.apply(state, 0, EndTurn())
    state = chance(state, seq=seq)
    assert state.active == 1 and len(state.hands[1]) == 2 and state.step is Step.PLAY
    state = chance(rules.apply(state, 1, EndTurn()))
    # Seat 0 kept its first tile: it draws two more and must discard one of the three.
    assert len(state.hands[0]) == 3 and state.step is Step.DISCARD
    legal = rules.legal_actions(state, 0)
    assert legal and all(isinstance(a, Discard) for a in legal)


def test_deathmatch_opening_draws_one_two_three() -> None:
    state = rules.setup({}, 4, "t")
    state, seq = _place_hqs(state)
    sizes = []
    for _ in range(4):
        seat = state.active
        sizes.append(len(state.hands[seat]))
        if state.step is Step.DISCARD:
            state = rules.apply(state, seat, Discard(state.hands[seat][0]))
        state = chance(rules.apply(state, seat, EndTurn()), seq=seq)
    assert sizes == [1, 2, 3, 3]


def test_third_seat_discards_one_of_its_opening_three() -> None:
    state = rules.setup({}, 3, "t")
    state, seq = _place_hqs(state)
    for _ in range(2):
        state = chance(rules.apply(state, state.active, EndTurn()), seq=seq)
    assert state.active == 2 and state.step is Step.DISCARD


def test_teams_alternate_between_teams() -> None:
    state = rules.setup({"mode": "teams"}, 4, "t")
    assert state.position.teams == ((0, 2), (1, 3))
    assert state.order == (0, 1, 2, 3)
    with pytest.raises(InvalidActionError) as err:
        rules.setup({"mode": "teams"}, 3, "t")
    assert err.value.code == "bad_config"


def test_large_board_is_default_for_five_and_six() -> None:
    assert len(rules.setup({}, 5, "t").position.board) == 37
    assert len(rules.setup({}, 4, "t").position.board) == 19
    assert len(rules.setup({"board": "large"}, 2, "t").position.board) == 37


def test_hq_on_occupied_hex_and_out_of_turn() -> None:
    state = rules.setup({}, 2, "t")
    state = rules.apply(state, 0, PlaceHQ(Hex(0, 0)))
    with pytest.raises(IllegalActionError) as err:
        rules.apply(state, 1, PlaceHQ(Hex(0, 0)))
    assert err.value.code == "occupied" and "C3 is occupied" in err.value.user_message
    with pytest.raises(NotYourTurnError):
        rules.apply(state, 0, PlaceHQ(Hex(1, 0)))


def test_mandatory_discard_comes_before_anything_else() -> None:
    state = rules.setup({"armies": ["moloch", "outpost"]}, 2, "t")
    state, seq = _place_hqs(state)
    for _ in range(2):
        state = chance(rules.apply(state, state.active, EndTurn()), seq=seq)
    tile = next(t for t in state.hands[0] if t != "moloch.battle")
    with pytest.raises(IllegalActionError) as err:
        rules.apply(state, 0, PlaceTile(tile, Hex(0, 0), 0))
    assert err.value.code == "wrong_step"


def test_no_discard_when_the_pile_runs_short() -> None:
    state = rules.setup({"armies": ["moloch", "outpost"]}, 2, "t")
    state, _ = _place_hqs(state)
    state = replace(state, decks=(("moloch.cyborg",), state.decks[1]), hands=((), ()))
    state = replace(state, step=Step.DRAW)
    assert rules.to_act(state) == frozenset({CHANCE})
    assert draw_count(state, 0) == 1
    state = chance(state)
    assert state.step is Step.PLAY and state.hands[0] == ("moloch.cyborg",)
    assert state.final_waiting == frozenset({0, 1})


def test_mercenary_picks_then_taking_one_instead_of_a_tile() -> None:
    state = rules.setup({"mercenaries": 1}, 2, "t")
    assert state.step is Step.PICK_MERCENARY
    state = rules.apply(state, 0, PickMercenary("merc.shield"))
    assert only_seat(state) == 1
    state = rules.apply(state, 1, PickMercenary("merc.gunner_2"))
    assert state.step is Step.PLACE_HQ and state.reserves == (("merc.shield",), ("merc.gunner_2",))
    state, _ = _place_hqs(state)
    assert state.step is Step.DRAW and only_seat(state) == 0
    assert set(rules.legal_actions(state, 0)) == {Draw(()), Draw(("merc.shield",))}
    state = rules.apply(state, 0, Draw(("merc.shield",)))
    # The mercenary replaced the one opening tile: nothing left to deal.
    assert state.hands[0] == ("merc.shield",) and state.step is Step.PLAY
    assert len(state.decks[0]) == 34


def test_mercenary_picks_from_config_and_limits() -> None:
    state = rules.setup(
        {"mercenaries": 2, "mercenary_picks": [["merc.shield", "merc.gunner_2"],
                                               ["merc.shooter_3", "merc.net_fighter"]]},
        2, "t",
    )  # fmt: skip
    assert state.step is Step.PLACE_HQ and state.reserves[1] == (
        "merc.shooter_3",
        "merc.net_fighter",
    )
    with pytest.raises(InvalidActionError):
        rules.setup({"mercenaries": 2}, 3, "t")
    with pytest.raises(InvalidActionError):
        rules.setup({"mercenaries": 1}, 5, "t")


def test_unknown_army_is_a_config_error() -> None:
    with pytest.raises(InvalidActionError) as err:
        rules.setup({"armies": ["moloch", "doomsday"]}, 2, "t")
    assert err.value.code == "bad_config"


def test_no_mercenary_once_the_pile_is_empty() -> None:
    """rulings.md, six readings: a mercenary is drawn "вместо нормального гекса армии", so it
    replaces a tile still in the pile; with the pile empty none is taken."""
    from games.neuroshima.turns import mercenary_room

    picks = [["merc.shield", "merc.gunner_2"], ["merc.shooter_3", "merc.net_fighter"]]
    state = rules.setup({"mercenaries": 2, "mercenary_picks": picks}, 2, "t")
    state, _ = _place_hqs(state)
    assert state.step is Step.DRAW and state.active == 0
    # A later turn (three to draw) with one pile tile left: one mercenary may replace it.
    later = replace(state, first_draw_done=frozenset({0, 1}))
    last = replace(later, decks=((state.decks[0][0],), state.decks[1]))
    assert mercenary_room(later, 0) == 2 and mercenary_room(last, 0) == 1
    assert Draw(("merc.shield",)) in rules.legal_actions(last, 0)
    assert Draw(("merc.shield", "merc.gunner_2")) not in rules.legal_actions(last, 0)
    assert mercenary_room(replace(later, decks=((), state.decks[1])), 0) == 0
