"""The sniper's turn: moving, shooting, looting, objectives, hits and wounds."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.base import IllegalActionError
from games.sniper_elite import rules
from games.sniper_elite.actions import (
    Complete,
    EndTurn,
    Equip,
    Keep,
    Loot,
    LootDrawn,
    Move,
    Reward,
    Shoot,
    Tiebreak,
    TokensDrawn,
)
from games.sniper_elite.board import Area
from games.sniper_elite.model import Phase, Token

from .support import position, spaces

P, N, R = Token.PRECISION, Token.NOISE, Token.RECOIL


def test_one_space_move_is_quiet_two_in_lka_is_a_hit() -> None:
    state = position("B6", {"N12": "black"})
    quiet = rules.apply(state, 0, Move(("B10",)))
    assert quiet.stack == state.stack and quiet.lka is Area.RED
    loud = rules.apply(state, 0, Move(("B10", "A9")))
    assert len(loud.stack) == len(state.stack) - 1 and loud.bag.recoil == 4


def test_two_space_move_into_another_area_updates_lka() -> None:
    state = position("F6", {"N12": "black"})
    moved = rules.apply(state, 0, Move(("H8", "I10")))
    assert moved.lka is Area.WHITE and moved.stack == state.stack


def test_noise_masking_cancels_the_penalty() -> None:
    state = replace(position("B6", {"N12": "black"}), equipment=("noise_masking",))
    state = rules.apply(state, 0, Equip("noise_masking"))
    state = rules.apply(state, 0, Move(("B10", "A9")))
    assert len(state.stack) == 6 and state.lka is Area.RED


def test_move_rules_no_revisit_no_defender_difficult_ground() -> None:
    state = position("B6", {"B10": "red"})
    legal = {a.path for a in rules.legal_actions(state, 0) if isinstance(a, Move)}
    assert ("B10",) not in legal
    assert all("B6" not in p for p in legal)
    # F6 is difficult: after entering it only 2 spaces in all are possible.
    assert ("F6", "H8") in legal and not any(p[:1] == ("F6",) and len(p) == 3 for p in legal)
    with pytest.raises(IllegalActionError):
        rules.apply(state, 0, Move(("B10", "A9")))


def _shoot(state, target, drawn, tokens=None):  # type: ignore[no-untyped-def]
    state = rules.apply(state, 0, Shoot(target, tokens or len(drawn)))
    return rules.apply(state, -1, TokensDrawn(tuple(drawn), 7))


def test_hit_needs_one_precision_per_space_and_gives_a_reward() -> None:
    state = position("H8", {"K8": "yellow", "N12": "black"})
    assert state.turn.acted is False
    missed = _shoot(state, "K8", [P, R])  # distance 2, one precision
    assert "K8" in spaces(missed) and missed.phase is Phase.SNIPER
    hit = _shoot(state, "K8", [P, P])
    assert "K8" not in spaces(hit) and hit.phase is Phase.REWARD
    options = rules.legal_actions(hit, 0)
    assert Reward("precision") in options and Reward("recoil", 2) not in options  # 4 in stack
    done = rules.apply(hit, 0, Reward("precision"))
    assert done.bag.precision == 7 and done.phase is Phase.SNIPER


def test_misfire_at_five_recoil_and_noise() -> None:
    state = replace(
        position("B6", {"B10": "red", "N12": "black"}),
        bag=replace(position("B6", {}).bag, recoil=6),
    )
    state = _shoot(state, "B10", [P, R, R, R, N, N])
    assert "B10" in spaces(state)


def test_noise_moves_nearest_other_defender_and_a_hit_on_arrival() -> None:
    state = position("B6", {"B10": "red", "A9": "red", "N12": "black"})
    state = _shoot(state, "B10", [P, N, N], tokens=3)
    state = rules.apply(state, 0, Reward("precision"))
    # A9 steps onto B6: one hit, and the second noise token is ignored.
    assert spaces(state) == {"B6": "red", "N12": "black"}
    assert len(state.stack) == 5


def test_silent_rounds_stop_the_noise() -> None:
    state = replace(position("B6", {"B10": "red", "A9": "red"}), equipment=("silent_rounds",))
    state = rules.apply(state, 0, Equip("silent_rounds"))
    state = _shoot(state, "B10", [P, N, N])
    state = rules.apply(state, 0, Reward("precision"))
    assert spaces(state) == {"A9": "red"}


def test_loot_on_a_foreign_objective_eliminates_it() -> None:
    state = position("I5", {"N12": "black"}, objectives=(1, 8), probable=(4, 5))
    state = rules.apply(state, 0, Loot())
    state = rules.apply(state, -1, LootDrawn(("steady_aim", "decoy_flare", "steady_aim")))
    state = rules.apply(state, 0, Keep("decoy_flare"))
    assert "decoy_flare" in state.equipment and state.probable == (5,)
    assert Loot() not in rules.legal_actions(state, 0)


def test_first_objective_alerts_and_second_wins() -> None:
    state = position(
        "I5",
        {"N12": "black", "A1": "red", "K8": "yellow"},
        probable=(5, 6, 7, 8, 9),
        objectives=(4, 8),
    )
    state = replace(state, order_discard=("tower_watch",), order_deck=("fix_bayonets",))
    state = rules.apply(state, 0, Complete())
    state = rules.apply(state, -1, Tiebreak(3))
    assert state.completed == (4,) and state.bag.noise == 3
    assert sorted(state.order_deck) == ["fix_bayonets", "tower_watch"]
    # In number order the farthest defender not yet called goes to 5, 6 and 7; none is left.
    assert set(spaces(state)) == {"N1", "N3", "P6"}
    state = replace(state, sniper="Q8", turn=replace(state.turn, acted=False))
    state = replace(
        state,
        defenders=tuple(replace(d, space=None) if d.space == "Q8" else d for d in state.defenders),
    )
    state = rules.apply(state, 0, Complete())
    state = rules.apply(state, -1, Tiebreak(1))
    assert state.result == "won" and rules.to_act(state) == frozenset()


def test_end_of_turn_hit_for_matching_adjacent_defender() -> None:
    state = position("B6", {"B10": "red", "N12": "black"})
    ended = rules.apply(state, 0, EndTurn())
    assert len(ended.stack) == 5
    elevated = position("F9", {"F6": "red"})  # adjacent but not the same type
    assert len(rules.apply(elevated, 0, EndTurn()).stack) == 6


def test_three_hits_per_turn_and_wounds() -> None:
    from games.sniper_elite.health import take_hits

    state = replace(position("B6", {}), stack=(R,))
    state = take_hits(state, 5, "test")
    assert state.wounds == 1 and state.turn.hits == 2 and len(state.stack) == 3
    assert all(t is R for t in state.stack)
    again = replace(state, turn=replace(state.turn, hits=0, wounded=False), stack=())
    assert take_hits(again, 1, "test").result == "lost"
    capped = take_hits(position("B6", {}), 5, "test")
    assert len(capped.stack) == 3
    marksman = take_hits(position("B6", {}, config={"challenge": "marksman"}), 9, "test")
    assert marksman.turn.hits == 5
