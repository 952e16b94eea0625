"""The asynchronous game: phases, private programming, androids, data transfer, views, replay."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import engine, registry
from games.base import CHANCE, GameError, IllegalActionError
from games.space_alert import SPEC
from games.space_alert.actions import ClearSlot, GiveCard, LockIn, PhaseOpened, PlaceCard
from games.space_alert.cards import card
from games.space_alert.codec import CODEC
from games.space_alert.state import Stage, State

RULES = SPEC.rules


def _start(seats: int, seed: str = "s", **config: Any) -> tuple[State, int]:
    state, events = engine.start(RULES, config, seats, seed)
    return state, len(events)


def _play(state: State, seq: int, seat: int, action: Any, seed: str = "s") -> tuple[State, int]:
    state, events = engine.play(RULES, state, seed, seq, seat, action)
    return state, seq + len(events)


def test_registered_and_found_by_alias() -> None:
    assert registry.find_game("Space Alert").key == "space_alert"


def test_four_players_plan_phase_by_phase() -> None:
    state, seq = _start(4, mission="mission_1")
    assert state.stage is Stage.PLANNING and state.phase == 1
    assert RULES.to_act(state) == frozenset({0, 1, 2, 3})
    # 5 cards in phase 1 plus one incoming-data card; the heroic card comes in phase 2.
    assert all(len(h) == 6 for h in state.hands)
    assert all(c < 100 for h in state.hands for c in h)
    # Mission 1, phase 1 announces T2 white (serious) and T4 blue; T3's report is unconfirmed.
    assert [(a.slot.turn, a.slot.serious) for a in state.announced] == [(2, True), (4, False)]
    first = state.hands[0][0]
    state, seq = _play(state, seq, 0, PlaceCard(first, 1, "move"))
    with pytest.raises(IllegalActionError) as err:
        RULES.apply(state, 0, PlaceCard(state.hands[0][0], 4, "action"))
    assert err.value.code == "slot_closed"
    for seat in range(4):
        state, seq = _play(state, seq, seat, LockIn())
    assert state.phase == 2
    assert all(any(c >= 100 for c in h) for h in state.hands)
    with pytest.raises(IllegalActionError):
        RULES.apply(state, 0, ClearSlot(1))


def test_five_crew_get_unconfirmed_reports() -> None:
    state, _ = _start(5, mission="mission_1")
    assert [a.slot.turn for a in state.announced] == [2, 3, 4]


def test_androids_fill_small_crews_and_their_cards_stay() -> None:
    state, seq = _start(2, mission="simulation_1")
    assert [b.seat for b in state.boards] == [0, 1, None, None]
    assert all(len(h) == 10 for h in state.hands)  # 8 + heroic in phase 1 + 1 incoming data
    android = state.boards[2]
    assert android.heroic is not None and android.heroic >= 100
    ordinary = next(c for c in state.hands[0] if c < 100)
    state, seq = _play(state, seq, 0, PlaceCard(ordinary, 2, "action", board=2))
    with pytest.raises(IllegalActionError) as err:
        RULES.apply(state, 1, ClearSlot(2, board=2))
    assert err.value.code == "android_locked"
    own_heroic = next(c for c in state.hands[0] if c >= 100)
    with pytest.raises(IllegalActionError):
        RULES.apply(state, 0, PlaceCard(own_heroic, 1, "action", board=2))
    assert android.heroic is not None
    state, seq = _play(state, seq, 1, PlaceCard(android.heroic, 1, "move", board=2))
    assert state.boards[2].heroic is None


def test_fifth_android_variant() -> None:
    state, _ = _start(3, mission="mission_2", fifth_android=True)
    assert [b.seat for b in state.boards] == [0, 1, 2, None, None]
    assert all(len(h) == 8 for h in state.hands)  # 6 + 1 (variant) + 1 incoming data
    assert len(state.announced) == 4  # the unconfirmed T1 report is real for five


def test_solo_flies_four_androids_from_the_open_pile() -> None:
    state, seq = _start(1, mission="simulation_2")
    assert [b.seat for b in state.boards] == [None] * 4
    assert len(state.hands[0]) == 90
    state, seq = _play(state, seq, 0, PlaceCard(5, 1, "action", board=3))
    state, seq = _play(state, seq, 0, ClearSlot(1, board=3))
    assert 5 in state.hands[0]


def test_data_transfer_hands_over_one_ordinary_card() -> None:
    state, seq = _start(4, mission="mission_2")
    assert state.schedule is not None and state.schedule.data_transfers[0] == 1
    gift = state.hands[0][0]
    state, seq = _play(state, seq, 0, GiveCard(gift, 2))
    assert gift in state.hands[2] and gift not in state.hands[0]
    with pytest.raises(IllegalActionError) as err:
        RULES.apply(state, 0, GiveCard(state.hands[0][0], 1))
    assert err.value.code == "no_transfer"


def _finish(state: State, seq: int, rng: random.Random, seed: str = "s") -> tuple[State, int]:
    while RULES.to_act(state):
        seat = min(RULES.to_act(state))
        actions = RULES.legal_actions(state, seat)
        placing = [a for a in actions if isinstance(a, PlaceCard)]
        action = rng.choice(placing) if placing and rng.random() < 0.8 else LockIn()
        state, seq = _play(state, seq, seat, action, seed)
    return state, seq


def test_a_full_game_resolves_and_replays_identically() -> None:
    seed = "replay"
    state, events = engine.start(RULES, {"mission": "random", "normal": "mixed"}, 4, seed)
    log = list(events)
    rng = random.Random(3)
    while RULES.to_act(state):
        seat = min(RULES.to_act(state))
        actions = [a for a in RULES.legal_actions(state, seat) if isinstance(a, PlaceCard)]
        action = rng.choice(actions) if actions and rng.random() < 0.8 else LockIn()
        state, new = engine.play(RULES, state, seed, len(log), seat, action)
        log += new
    assert state.stage is Stage.OVER and state.result is not None
    assert RULES.outcome(state) is not None
    assert len(state.result.frames) >= 2
    stored = [engine.Event(e.seq, e.seat, CODEC.from_json(CODEC.to_json(e.action))) for e in log]
    assert engine.replay(RULES, {"mission": "random", "normal": "mixed"}, 4, seed, stored) == state


def _hidden_cards(state: State, seat: int | None) -> set[str]:
    """Text of cards the viewer must not see: other players' hands and boards."""
    secret = set()
    for other, hand in enumerate(state.hands):
        if other != seat:
            secret |= {card(c).text for c in hand}
    return secret


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(2, 5), seed=st.text(min_size=1, max_size=6), moves=st.integers(0, 40))
def test_views_never_show_other_players_cards(seats: int, seed: str, moves: int) -> None:
    state, seq = _start(seats, seed, mission="random")
    rng = random.Random(seed)
    for _ in range(moves):
        if state.stage is not Stage.PLANNING:
            break
        seat = rng.choice(sorted(RULES.to_act(state)))
        actions = RULES.legal_actions(state, seat)
        state, seq = _play(state, seq, seat, rng.choice(actions), seed)
    if state.stage is Stage.OVER:
        return
    for viewer in [None, *range(seats)]:
        view = RULES.player_view(state, viewer)
        assert view.result is None
        shown_cards = {c.text for c in view.hand}
        assert not shown_cards & _hidden_cards(state, viewer)
        for board in view.boards:
            if board.seat is not None and board.seat != viewer:
                assert not board.visible and board.slots == ()
            if viewer is None:
                assert board.slots == () and board.heroic is None
        assert viewer is not None or view.hand == ()


def test_locking_in_for_a_late_player_leaves_their_slots_empty() -> None:
    state, seq = _start(4, mission="mission_3")
    for seat in range(4):
        state, seq = _play(state, seq, seat, LockIn())
    assert state.phase == 2
    assert all(s is None for b in state.boards for s in b.slots[:3])


def test_chance_results_only_fit_their_moment() -> None:
    state, _ = _start(4, mission="mission_4")
    with pytest.raises(GameError):
        RULES.apply(replace(state, stage=Stage.OPEN_PHASE), CHANCE, LockIn())
    with pytest.raises(GameError):
        RULES.apply(state, 0, PhaseOpened(1, (), ()))


def test_codec_round_trips_text_and_json() -> None:
    for action in (PlaceCard(3, 4, "move", 2), ClearSlot(5), GiveCard(9, 1), LockIn()):
        assert CODEC.parse(CODEC.format(action), None) == action
        assert CODEC.from_json(CODEC.to_json(action)) == action


def test_every_official_mission_plays_to_the_end() -> None:
    from games.space_alert.missions import official_missions

    for name in official_missions():
        state, seq = _start(4, f"o-{name}", mission=name)
        state, _ = _finish(state, seq, random.Random(name), f"o-{name}")
        assert state.stage is Stage.OVER
        assert state.result is not None
        expected_frames = 2 + (8 if name.startswith("test_run") else 13)
        assert state.result.lost or len(state.result.frames) == expected_frames - 1
