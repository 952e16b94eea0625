"""The AI's evaluation and its rebuilding of a state from a view."""

from __future__ import annotations

import random
from collections import Counter

from games import engine
from games.neuroshima import rules
from games.neuroshima.ai import project
from games.neuroshima.ai_eval import Side, evaluate, tile_value
from games.neuroshima.ai_lines import Lines
from games.neuroshima.ai_state import state_from_view, unseen_tiles
from games.neuroshima.board import Hex
from games.neuroshima.position import PlacedTile, Position
from games.neuroshima.state import Step
from tests.games.neuroshima.test_ai import play_turn_state, playout

ARMIES = ("borgo", "hegemony")
HQS = {Hex(0, 2): PlacedTile("borgo.hq", 0), Hex(0, -2): PlacedTile("hegemony.hq", 1)}


def _position(extra: dict[Hex, PlacedTile], hp: tuple[int, int] = (20, 20)) -> Position:
    return Position.of({**HQS, **extra}, ARMIES, hp)


def _score(position: Position, seat: int, battle: bool = True) -> float:
    side = Side(position, seat)
    return evaluate(position, side, {}, project if battle else None).total


def test_a_unit_facing_the_enemy_hq_scores_higher_than_one_facing_away() -> None:
    facing = _position({Hex(0, -1): PlacedTile("borgo.mutant", 0, facing=0)})
    away = _position({Hex(0, -1): PlacedTile("borgo.mutant", 0, facing=3)})
    assert _score(facing, 0) > _score(away, 0)


def test_a_duel_scores_the_same_from_both_sides_with_opposite_sign() -> None:
    position = _position(
        {
            Hex(0, -1): PlacedTile("borgo.mutant", 0, facing=0),
            Hex(1, 0): PlacedTile("hegemony.runner", 1, facing=4),
        },
        hp=(17, 12),
    )
    assert abs(_score(position, 0) + _score(position, 1)) < 1e-9
    assert _score(position, 0, battle=False) > 0


def test_wounds_and_lost_hit_points_lower_the_score() -> None:
    healthy = _position({Hex(1, 0): PlacedTile("borgo.super_mutant", 0)})
    hurt = _position({Hex(1, 0): PlacedTile("borgo.super_mutant", 0, wounds=1)})
    assert _score(hurt, 0, battle=False) < _score(healthy, 0, battle=False)
    assert _score(_position({}, hp=(15, 20)), 0) < _score(_position({}), 0)


def test_tile_values_rank_strong_tiles_above_weak_ones() -> None:
    assert tile_value("borgo.super_mutant") > tile_value("borgo.mutant") > 0
    assert tile_value("borgo.hq") == 0


def test_the_line_estimate_sees_shots_at_the_hq_and_shots_it_takes() -> None:
    lines = Lines(_position({}), 0)
    # The Hegemony Universal Soldier shoots along its edge 0: north from C2 hits the HQ on C1.
    at_hq = lines.estimate("borgo.mutant", Hex(0, -1), 0)
    away = lines.estimate("borgo.mutant", Hex(0, -1), 3)
    assert at_hq > away


def test_the_line_estimate_of_a_tile_does_not_depend_on_what_was_tried_there_before() -> None:
    # The Universal Soldier on C3 shoots south at C4: the Super Mutant's armor stops it, the
    # Medic takes it. The incoming fire is shared between estimates, the armor is not.
    position = _position({Hex(0, 0): PlacedTile("hegemony.universal_soldier", 1, facing=3)})
    shared = Lines(position, 0)
    armored = shared.estimate("borgo.super_mutant", Hex(0, 1), 0)
    bare = shared.estimate("borgo.medic", Hex(0, 1), 0)
    assert armored == Lines(position, 0).estimate("borgo.super_mutant", Hex(0, 1), 0)
    assert bare == Lines(position, 0).estimate("borgo.medic", Hex(0, 1), 0)
    assert bare < Lines(_position({}), 0).estimate("borgo.medic", Hex(0, 1), 0)


def test_unseen_tiles_are_exactly_the_draw_pile() -> None:
    for steps in (0, 9, 30, 60):
        state = playout({"armies": list(ARMIES)}, 2, f"pile{steps}", steps)
        for seat in (0, 1):
            view = rules.player_view(state, 1 - seat)
            assert Counter(unseen_tiles(view, seat)) == Counter(state.decks[seat])


def test_the_rebuilt_state_plays_like_the_real_one() -> None:
    for seed in ("a", "b", "c", "d", "e"):
        state = play_turn_state(seed)
        seat = state.to_move
        rebuilt = state_from_view(rules.player_view(state, seat), state.decks)
        assert rebuilt.position == state.position
        assert rebuilt.hands == state.hands and rebuilt.discards == state.discards
        assert (rebuilt.step, rebuilt.active, rebuilt.turn) == (
            state.step,
            state.active,
            state.turn,
        )
        assert rebuilt.first_draw_done == state.first_draw_done
        assert rebuilt.final_waiting == state.final_waiting
        # The view carries the turn marks, so the rebuilt state allows exactly the same.
        assert rebuilt.marks == state.marks
        assert set(rules.legal_actions(state, seat)) == set(rules.legal_actions(rebuilt, seat))


def test_the_rebuilt_state_knows_who_still_plays_in_a_deathmatch_countdown() -> None:
    # Three seats: the one who drew last is not always the first with an empty pile.
    state, events = engine.start(rules, {}, 3, "count")
    seq, pick, checked = len(events), random.Random("count"), 0
    while state.outcome is None and checked < 6:
        (seat,) = tuple(rules.to_act(state))
        if state.final_waiting is not None and state.step is Step.PLAY:
            rebuilt = state_from_view(rules.player_view(state, seat), state.decks)
            assert rebuilt.final_waiting == state.final_waiting
            assert rebuilt.marks == state.marks
            checked += 1
        legal = rules.legal_actions(state, seat)
        state, new = engine.play(rules, state, "count", seq, seat, pick.choice(legal))
        seq += len(new)
    assert checked
