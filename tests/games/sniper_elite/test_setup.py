"""Setup: defenders, stack, bag, equipment, objectives, entry and the first move."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.base import IllegalActionError
from games.engine import start
from games.sniper_elite import rules
from games.sniper_elite.actions import DiscardObjective, EndTurn, Enter, Move, ObjectivesDrawn
from games.sniper_elite.board import SQUADS, Area, load_board
from games.sniper_elite.model import Bag, Modifier, Phase, Token
from games.sniper_elite.setup import HEALTH_STACK, entry_options


def test_setup_places_squads_on_their_objectives() -> None:
    state, _ = start(rules, {"map": "tidewater"}, 1, "s")
    board = load_board("tidewater")
    for d in state.defenders:
        space = board.by_id[d.space or ""]
        assert space.objective is not None
        assert space.area in (d.squad, Area.WHITE)
    assert len({d.space for d in state.defenders}) == 9
    assert {d.squad for d in state.defenders} == set(SQUADS)


def test_health_stack_bag_and_wound_token() -> None:
    state, _ = start(rules, {"map": "pinecrest"}, 1, "s")
    assert state.stack == HEALTH_STACK
    assert state.stack[0] is Token.NOISE and state.stack[-1] is Token.RECOIL
    assert state.bag == Bag(precision=6, noise=2, recoil=3)
    assert state.wounds == 0
    assert len(set(state.equipment)) == len(state.equipment) == 2


def test_objectives_have_different_colours_and_entry_is_outside() -> None:
    board = load_board("tidewater")
    for seed in range(10):
        state, _ = start(rules, {"map": "tidewater"}, 1, f"o{seed}")
        while state.phase is Phase.OBJECTIVE_DISCARD:
            state = rules.apply(state, 0, DiscardObjective(state.objectives[0]))
            state = rules.apply(
                state, -1, rules.sample_chance(state, __import__("random").Random(seed))
            )
        colours = {board.objective_space(n).area for n in state.objectives}
        assert len(colours) == 2
        for entry in entry_options(board, state):
            assert board.by_id[entry].area not in colours


def test_same_colour_objectives_ask_for_a_discard() -> None:
    state, _ = start(rules, {"map": "tidewater"}, 1, "s")
    state = replace(
        state, phase=Phase.DEAL_OBJECTIVES, objectives=(), objective_deck=tuple(range(1, 10))
    )
    state = rules.apply(state, -1, ObjectivesDrawn((1, 2)))  # both red
    assert state.phase is Phase.OBJECTIVE_DISCARD
    state = rules.apply(state, 0, DiscardObjective(2))
    assert state.objective_bottom == (2,) and state.phase is Phase.DEAL_OBJECTIVES
    state = rules.apply(state, -1, ObjectivesDrawn((5,)))
    assert state.objectives == (1, 5) and state.phase is Phase.CHOOSE_ENTRY


def test_entry_sets_lka_and_probable_objectives_and_first_move() -> None:
    state, _ = start(rules, {"map": "tidewater"}, 1, "s")
    state = replace(state, objectives=(5, 8), phase=Phase.CHOOSE_ENTRY)
    with pytest.raises(IllegalActionError):
        rules.apply(state, 0, Enter("T3"))  # yellow, like objective 5
    state = rules.apply(state, 0, Enter("A8"))
    assert state.lka is Area.RED and state.probable == (4, 5, 6, 7, 8, 9)
    assert not any(isinstance(a, EndTurn) for a in rules.legal_actions(state, 0))
    with pytest.raises(IllegalActionError) as error:
        rules.apply(state, 0, EndTurn())
    assert error.value.code == "must_move"
    state = rules.apply(state, 0, Move(("B6",)))
    assert state.sniper == "B6" and EndTurn() in rules.legal_actions(state, 0)


def test_challenges_change_setup() -> None:
    medic, _ = start(rules, {"map": "tidewater", "challenge": "medic"}, 1, "s")
    assert len(medic.equipment) == 3 and medic.bag.noise == 3
    radio, _ = start(rules, {"map": "tidewater", "challenge": "radio_operator"}, 1, "s")
    assert Token.NOISE not in radio.stack and radio.stack.count(Token.SUPPRESSOR) == 2
    scout, _ = start(rules, {"map": "tidewater", "challenge": "scout"}, 1, "s")
    assert not {1, 9} & set(scout.objectives)
    dog, _ = start(rules, {"map": "tidewater", "challenge": "dog_handler"}, 1, "s")
    assert len(dog.equipment) == 1
    marksman, _ = start(rules, {"map": "tidewater", "challenge": "marksman"}, 1, "s")
    assert marksman.bag.precision == 7
    mixed, _ = start(rules, {"map": "tidewater", "modifiers": ["quiet_two", "far_scouts"]}, 1, "s")
    assert mixed.modifiers == {Modifier.QUIET_TWO, Modifier.FAR_SCOUTS}
