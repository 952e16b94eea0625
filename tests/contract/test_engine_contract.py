"""The engine contract, proven on the tiny Stones game: play, chance, replay, views, errors."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import engine, registry
from games.base import (
    CHANCE,
    GameError,
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
)
from tests.contract.stones import STONES, Dealt, Landslide, State, StonesRules, Take

RULES = STONES.rules


def _start(seed: str = "s1") -> tuple[State, list[engine.Event[Any]]]:
    return engine.start(RULES, {}, 2, seed)


def test_start_runs_the_opening_chance_step_and_logs_its_result() -> None:
    state, events = _start()
    assert [e.seat for e in events] == [CHANCE]
    assert isinstance(events[0].action, Dealt)
    assert state.pile == events[0].action.pile
    assert RULES.to_act(state) == frozenset({0})


def test_chance_is_sampled_from_seed_and_seq() -> None:
    a, _ = _start("same")
    b, _ = _start("same")
    assert a == b
    expected = RULES.sample_chance(State(), engine.chance_rng("same", 0))
    assert isinstance(expected, Dealt)
    assert a.pile == expected.pile
    piles = {_start(f"seed-{i}")[0].pile for i in range(30)}
    assert len(piles) > 3


def test_play_rejects_the_wrong_seat_with_a_stable_code() -> None:
    state, events = _start()
    with pytest.raises(NotYourTurnError) as err:
        engine.play(RULES, state, "s1", len(events), 1, Take(1))
    assert err.value.code == "not_your_turn"
    assert err.value.user_message == "It is not your turn."


def test_play_rejects_illegal_actions_and_players_posing_as_chance() -> None:
    state, events = _start()
    with pytest.raises(IllegalActionError) as err:
        engine.play(RULES, state, "s1", len(events), 0, Take(4))
    assert err.value.code == "take_range"
    with pytest.raises(IllegalActionError):
        engine.play(RULES, state, "s1", len(events), CHANCE, Landslide(2))


def test_landslide_is_a_logged_chance_step_in_the_middle_of_the_game() -> None:
    state = State(pile=7, bonuses=(0, 1), dealt=True)
    state, events = engine.play(RULES, state, "s1", 1, 0, Take(2))
    assert [e.seat for e in events] == [0, CHANCE]
    assert [e.seq for e in events] == [1, 2]
    assert isinstance(events[1].action, Landslide)
    assert state.pile == 5 + events[1].action.stones


def test_game_over_refuses_further_actions_and_reports_the_winner() -> None:
    state = State(pile=2, bonuses=(0, 0), dealt=True, turn=3)
    state, _ = engine.play(RULES, state, "s1", 9, 1, Take(2))
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.winners == frozenset({1})
    with pytest.raises(GameOverError) as err:
        engine.play(RULES, state, "s1", 10, 0, Take(1))
    assert err.value.code == "game_over"


def test_views_hide_the_other_seats_bonus() -> None:
    state = State(pile=12, bonuses=(1, 0), dealt=True)
    assert RULES.player_view(state, 0).my_bonus == 1
    assert RULES.player_view(state, 1).my_bonus == 0
    assert RULES.player_view(state, None).my_bonus is None


class CountingRules(StonesRules):
    """Stones that counts how often chance is sampled (replay must never sample)."""

    samples = 0

    def sample_chance(self, state: State, rng: Any) -> Any:
        CountingRules.samples += 1
        return super().sample_chance(state, rng)


def _random_game(seed: str, choices: list[int]) -> tuple[State, list[engine.Event[Any]]]:
    state, log = _start(seed)
    for choice in choices:
        to_act = RULES.to_act(state)
        if not to_act:
            break
        seat = next(iter(to_act))
        legal = RULES.legal_actions(state, seat)
        state, events = engine.play(RULES, state, seed, len(log), seat, legal[choice % len(legal)])
        log.extend(events)
    return state, log


@settings(max_examples=60, deadline=None)
@given(seed=st.text(min_size=1, max_size=8), choices=st.lists(st.integers(0, 5), max_size=50))
def test_replaying_the_log_reproduces_the_state(seed: str, choices: list[int]) -> None:
    state, log = _random_game(seed, choices)
    counting = CountingRules()
    before = CountingRules.samples
    assert engine.replay(counting, {}, 2, seed, log) == state
    assert CountingRules.samples == before


@settings(max_examples=40, deadline=None)
@given(seed=st.text(min_size=1, max_size=8), choices=st.lists(st.integers(0, 5), max_size=50))
def test_codec_round_trips_every_logged_action(seed: str, choices: list[int]) -> None:
    _, log = _random_game(seed, choices)
    for event in log:
        assert STONES.codec.from_json(STONES.codec.to_json(event.action)) == event.action
        if event.seat != CHANCE:
            text = STONES.codec.format(event.action)
            assert STONES.codec.parse(text, None) == event.action


def test_replay_refuses_a_log_with_a_gap() -> None:
    _, log = _random_game("gap", [0, 1, 2])
    with pytest.raises(ValueError, match="log gap"):
        engine.replay(RULES, {}, 2, "gap", [log[0], *log[2:]])


def test_parse_errors_are_invalid_action_errors_with_a_hint() -> None:
    with pytest.raises(InvalidActionError) as err:
        STONES.codec.parse("grab 2", None)
    assert err.value.code == "syntax"
    assert "take N" in err.value.user_message


def test_every_game_error_carries_message_and_code() -> None:
    err = GameError("C3 is occupied", code="occupied")
    assert (str(err), err.user_message, err.code) == (
        "C3 is occupied",
        "C3 is occupied",
        "occupied",
    )
    assert IllegalActionError("x").code == "illegal_action"


def test_registry_finds_games_by_key_or_alias_and_refuses_clashes() -> None:
    saved = dict(registry.GAMES)
    registry.GAMES.pop(STONES.key, None)  # other suites may have registered it already
    try:
        registry.register(STONES)
        assert registry.find_game("Stones") is STONES
        assert registry.find_game(" NIM ") is STONES
        with pytest.raises(ValueError, match="already taken"):
            registry.register(STONES)
        with pytest.raises(InvalidActionError) as err:
            registry.find_game("chess")
        assert err.value.code == "unknown_game"
    finally:
        registry.GAMES.clear()
        registry.GAMES.update(saved)
