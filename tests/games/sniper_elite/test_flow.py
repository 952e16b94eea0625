"""Defenders' turn, returns, whole games, replay, views and the codec."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import play, replay, start
from games.registry import find_game
from games.sniper_elite import rules
from games.sniper_elite.actions import EndTurn, OrderDrawn, OrderRolled, Place, Tiebreak
from games.sniper_elite.codec import format, from_json, parse, to_json
from games.sniper_elite.model import PendingTiebreak, Phase, Slot, Token

from .policy import play_out
from .support import position, spaces


def test_die_resolves_a_slot_then_slide_and_refill() -> None:
    state = position("A13", {"N12": "black"})
    state = replace(
        state,
        slots=(Slot("tower_watch", True), Slot("fix_bayonets", True), Slot("starshell", False)),
        order_deck=("guard_the_assets", "lockdown"),
    )
    state = rules.apply(state, 0, EndTurn())
    assert state.phase is Phase.ORDER_ROLL
    state = rules.apply(state, -1, OrderRolled(3, 1))  # the face-down card is turned and resolved
    assert state.order_discard == ("starshell",)
    assert [s.card for s in state.slots if s] == ["tower_watch", "fix_bayonets"]
    state = rules.apply(state, -1, OrderDrawn("lockdown"))
    assert state.slots[2] == Slot("lockdown", False)  # both others face up: face down
    state = replace(state, phase=Phase.ORDER_ROLL, turn=replace(state.turn, hits=0))
    state = rules.apply(state, -1, OrderRolled(1, 1))
    state = rules.apply(state, -1, OrderDrawn("guard_the_assets"))
    assert state.slots[2] == Slot("guard_the_assets", True)  # one face down: face up


def test_empty_order_deck_loses_at_the_defenders_turn() -> None:
    state = replace(position("A13", {}), order_deck=())
    state = rules.apply(state, 0, EndTurn())
    assert state.result == "lost" and "order deck" in state.reason


def test_missing_defender_returns_to_its_iron_cross_or_next_to_it() -> None:
    state = position("A13", {"B6": "black", "N12": "black"})
    state = replace(state, slots=(Slot("tower_watch", True), *state.slots[1:]))
    state = rules.apply(state, 0, EndTurn())
    state = rules.apply(state, -1, OrderRolled(1, 1))
    state = rules.apply(state, -1, OrderDrawn(state.order_deck[0]))
    assert state.phase is Phase.TIEBREAK
    state = rules.apply(state, -1, Tiebreak(9))
    assert state.phase is Phase.SNIPER and state.round == 2
    assert len(state.on_board) == 3  # exactly one came back
    crowded = {"B6": "black", "N8": "black", "N12": "black"}
    crowded |= {"R6": "yellow", "P6": "yellow", "N1": "yellow"}
    red = position("A13", crowded)
    red = replace(red, phase=Phase.TIEBREAK, pending=PendingTiebreak("return", then="sniper"))
    red = rules.apply(red, -1, Tiebreak(2))
    assert red.phase is Phase.RETURN_PLACE  # the red iron cross B6 is taken: you choose
    options = rules.legal_actions(red, 0)
    assert Place("A6") in options and Place("B10") in options and Place("A8") not in options
    red = rules.apply(red, 0, Place("A9"))
    assert spaces(red)["A9"] == "red" and red.phase is Phase.SNIPER


@pytest.mark.parametrize("board", ["tidewater", "pinecrest"])
def test_scripted_games_reach_both_endings(board: str) -> None:
    endings = set()
    for seed in range(12):
        state, log = play_out({"map": board}, f"{board}{seed}")
        assert state.result in ("won", "lost")
        endings.add(state.result)
        assert replay(rules, {"map": board}, 1, f"{board}{seed}", log) == state
    assert endings == {"won", "lost"}


CHALLENGES = [None, "medic", "radio_operator", "scout", "dog_handler", "marksman", "sniper"]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    board=st.sampled_from(["tidewater", "pinecrest"]),
    challenge=st.sampled_from(CHALLENGES),
)
def test_random_playouts_never_crash_and_replay(
    seed: int, board: str, challenge: str | None
) -> None:
    config: dict[str, object] = {"map": board}
    if challenge:
        config["challenge"] = challenge
    state, log = start(rules, config, 1, str(seed))
    rng = random.Random(seed)
    total = state.bag.total + len(state.stack)
    for _ in range(300):
        if not rules.to_act(state):
            break
        action = rng.choice(list(rules.legal_actions(state, 0)))
        assert parse(format(action), None) == action
        state, events = play(rules, state, str(seed), len(log), 0, action)
        log += events
        for event in events:
            assert from_json(to_json(event.action)) == event.action
        kept = state.bag.total + len(state.stack)
        # Tokens only join from the supply (rewards, objectives, equipment); the stack and
        # bag together never lose one.
        assert kept >= total
        total = kept
        assert all(t in Token for t in state.stack)
        view = rules.player_view(state, None)
        assert all(s is None or s.face_up or s.card is None for s in view.slots)
    assert rules.to_act(state) == frozenset()
    assert replay(rules, config, 1, str(seed), log) == state


def test_registered_and_view_hides_face_down_card() -> None:
    spec = find_game("sniper")
    assert spec.key == "sniper_elite" and spec.min_seats == spec.max_seats == 1
    state, _ = start(rules, {"map": "pinecrest"}, 1, "v")
    view = rules.player_view(state, 0)
    hidden = state.slots[2]
    assert hidden is not None and view.slots[2] is not None and view.slots[2].card is None
    assert hidden.card not in repr(view)
    assert rules.player_view(state, None) == view


def test_codec_doctests() -> None:
    import doctest

    from games.sniper_elite import codec

    assert doctest.testmod(codec).failed == 0
