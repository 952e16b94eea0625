"""Battles from the turn flow, the final countdown, HQ destruction, eliminations, scoring."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.base import IllegalActionError
from games.neuroshima import rules
from games.neuroshima.actions import EndTurn, PlaceTile, StartBattle
from games.neuroshima.state import Step

from .flow_support import at, chance, game


def _hp(state, *hp):
    return replace(state, position=replace(state.position, hq_hp=tuple(hp)))


def test_battle_tile_fights_and_ends_the_turn() -> None:
    state = game(
        {"A1": ("moloch.hq", 0, 0), "C3": ("outpost.hq", 1, 0), "C5": ("moloch.cyborg", 0, 0)},
        hands={0: ("moloch.battle", "moloch.guard")},
    )
    state = rules.apply(state, 0, StartBattle())
    assert state.position.hq_hp == (20, 19)
    assert state.last_battle is not None and state.last_battle.phases[0].attacks
    assert state.active == 1 and state.hands[0] == ("moloch.guard",)
    assert "moloch.battle" in state.discards[0]


def test_no_battle_tile_after_a_last_draw() -> None:
    state = game({"A1": ("moloch.hq", 0, 0), "C3": ("outpost.hq", 1, 0)},
                 hands={0: ("moloch.battle",)})  # fmt: skip
    state = replace(state, final_waiting=frozenset({0, 1}))
    assert StartBattle() not in rules.legal_actions(state, 0)
    with pytest.raises(IllegalActionError) as err:
        rules.apply(state, 0, StartBattle())
    assert err.value.code == "battle_after_last_draw"


def test_last_draw_lets_everyone_finish_then_final_battle() -> None:
    state = game({"A1": ("moloch.hq", 0, 0), "C3": ("outpost.hq", 1, 0),
                  "C5": ("moloch.cyborg", 0, 0)})  # fmt: skip
    state = replace(state, decks=(("moloch.guard",), state.decks[1]), step=Step.DRAW)
    state = chance(state)
    assert state.final_waiting == frozenset({0, 1})
    state = chance(rules.apply(state, 0, EndTurn()))
    assert state.active == 1 and state.step in (Step.PLAY, Step.DISCARD)
    if state.step is Step.DISCARD:
        state = rules.apply(state, 1, rules.legal_actions(state, 1)[0])
    state = rules.apply(state, 1, EndTurn())
    assert state.step is Step.GAME_OVER and state.last_battle is not None
    assert state.last_battle.final
    assert state.outcome is not None and state.outcome.winners == frozenset({0})


def test_a_full_board_starts_a_battle_and_the_turn_goes_on() -> None:
    tiles = {"A1": ("moloch.hq", 0, 0), "E3": ("outpost.hq", 1, 0)}
    state = game(tiles, hands={0: ("moloch.guard", "moloch.blocker")})
    free = [h for h in state.position.board.hexes if state.tile_at(h) is None]
    filler = {state.position.board.label(h): ("moloch.medic", 0, 0) for h in free[1:]}
    state = game({**tiles, **filler}, hands={0: ("moloch.guard", "moloch.blocker")})
    state = rules.apply(state, 0, PlaceTile("moloch.guard", free[0], 0))
    assert state.last_battle is not None and not state.last_battle.final
    assert state.active == 0 and state.step is Step.PLAY


def test_duel_hq_destroyed_wins_both_destroyed_draw() -> None:
    tiles = {"E1": ("moloch.hq", 0, 0), "C3": ("outpost.hq", 1, 0), "C5": ("moloch.cyborg", 0, 0)}
    state = _hp(game(tiles, hands={0: ("moloch.battle",)}), 20, 1)
    done = rules.apply(state, 0, StartBattle())
    assert done.step is Step.GAME_OVER and done.outcome.winners == frozenset({0})
    both = game({**tiles, "A3": ("outpost.commando", 1, 1)}, hands={0: ("moloch.battle",)})
    done = rules.apply(_hp(both, 1, 1), 0, StartBattle())
    assert done.outcome is not None and done.outcome.is_draw


def test_deathmatch_elimination_removes_tiles_and_play_goes_on() -> None:
    config = {"armies": ["moloch", "outpost", "borgo"]}
    tiles = {"E1": ("moloch.hq", 0, 0), "C3": ("outpost.hq", 1, 0), "C5": ("moloch.cyborg", 0, 0),
             "A1": ("outpost.scout", 1, 0), "A3": ("borgo.hq", 2, 0)}  # fmt: skip
    state = _hp(game(tiles, hands={0: ("moloch.battle",)}, config=config, seats=3), 20, 1, 20)
    state = chance(rules.apply(state, 0, StartBattle()))
    assert state.eliminated == frozenset({1}) and state.step is not Step.GAME_OVER
    assert at(state, "A1") is None and at(state, "C3") is None
    assert state.active == 2
    assert "outpost.scout" in state.discards[1]


def test_teams_first_enemy_hq_destroyed_wins() -> None:
    config = {"mode": "teams", "armies": ["moloch", "outpost", "borgo", "hegemony"]}
    tiles = {"E1": ("moloch.hq", 0, 0), "C3": ("outpost.hq", 1, 0), "C5": ("moloch.cyborg", 0, 0),
             "A1": ("borgo.hq", 2, 0), "E3": ("hegemony.hq", 3, 0)}  # fmt: skip
    state = _hp(game(tiles, hands={0: ("moloch.battle",)}, config=config, seats=4), 20, 1, 20, 20)
    state = rules.apply(state, 0, StartBattle())
    assert state.outcome is not None and state.outcome.winners == frozenset({0, 2})


def test_scoring_variant_counts_points_and_wins_at_twenty() -> None:
    config = {"armies": ["moloch", "outpost"], "scoring": True}
    tiles = {"E1": ("moloch.hq", 0, 0), "C3": ("outpost.hq", 1, 0), "C5": ("moloch.cyborg", 0, 0)}
    state = game(tiles, hands={0: ("moloch.battle",)}, config=config)
    assert state.position.hq_hp == (0, 0)
    after = rules.apply(state, 0, StartBattle())
    assert after.points() == (1, 0) and after.step is not Step.GAME_OVER
    won = rules.apply(_hp(state, 19, 0), 0, StartBattle())
    assert won.outcome is not None and won.outcome.winners == frozenset({0})
    view = rules.player_view(after, None)
    assert view.seats[0].score == 1 and view.seats[0].hq_hp is None


def test_final_battle_tie_is_a_draw() -> None:
    state = game({"A1": ("moloch.hq", 0, 0), "E3": ("outpost.hq", 1, 0)})
    state = replace(state, final_waiting=frozenset({0}))
    state = rules.apply(state, 0, EndTurn())
    assert state.outcome is not None and state.outcome.is_draw


def test_teams_an_hq_felled_by_its_moloch_ally_loses_the_team_the_game() -> None:
    """rulings.md, six readings: Moloch hits his ally's HQ by the ordinary rules (cs "zasáhnou i
    zničí spojenecké Jednotky"), and a team whose HQ falls has lost, whoever struck it."""
    config = {"mode": "teams", "armies": ["moloch", "outpost", "borgo", "hegemony"]}
    # Seat 0 (Moloch) shoots along its column into the HQ of seat 2, its team-mate.
    tiles = {"E1": ("moloch.hq", 0, 0), "C3": ("borgo.hq", 2, 0), "C5": ("moloch.cyborg", 0, 0),
             "A1": ("outpost.hq", 1, 0), "E3": ("hegemony.hq", 3, 0)}  # fmt: skip
    state = _hp(game(tiles, hands={0: ("moloch.battle",)}, config=config, seats=4), 20, 20, 1, 20)
    state = rules.apply(state, 0, StartBattle())
    assert state.position.hq_hp[2] <= 0
    assert state.outcome is not None and state.outcome.winners == frozenset({1, 3})
    # The result says what happened, not that the winners destroyed anything.
    assert state.outcome.reason == "the other team's HQ fell to its own ally's fire"


def test_teams_an_hq_felled_by_an_enemy_is_said_plainly() -> None:
    config = {"mode": "teams", "armies": ["moloch", "outpost", "borgo", "hegemony"]}
    # Seat 1 (Outpost) is seat 0's enemy: the same column, the same shot, an enemy's this time.
    tiles = {"E1": ("moloch.hq", 0, 0), "C3": ("borgo.hq", 2, 0), "C5": ("moloch.cyborg", 1, 0),
             "A1": ("outpost.hq", 1, 0), "E3": ("hegemony.hq", 3, 0)}  # fmt: skip
    state = _hp(game(tiles, hands={0: ("moloch.battle",)}, config=config, seats=4), 20, 20, 1, 20)
    state = rules.apply(state, 0, StartBattle())
    assert state.outcome is not None and state.outcome.winners == frozenset({1, 3})
    assert state.outcome.reason == "the other team's HQ fell"
