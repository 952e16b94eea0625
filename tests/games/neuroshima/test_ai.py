"""The Neuroshima Hex AI: view-only play, determinism, legal answers in every mode and step."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from games import engine
from games.base import CHANCE
from games.neuroshima import ai, rules
from games.neuroshima.actions import ChooseDestination, Discard, EndTurn, PushBack, StartBattle
from games.neuroshima.ai import Budget, Level, choose
from games.neuroshima.board import Hex
from games.neuroshima.position import PlacedTile, Position
from games.neuroshima.state import State, Step

LEVELS = [Level.RANDOM, Level.EASY, Level.NORMAL, Level.HARD]
SMALL = {Level.RANDOM: 0, Level.EASY: 20, Level.NORMAL: 50, Level.HARD: 90}


def _budget(level: Level) -> Budget:
    return Budget(level, SMALL[level])


def playout(config: dict[str, Any], seats: int, seed: str, steps: int) -> State:
    """The state after `steps` random legal actions (chance resolved by the engine)."""
    state, events = engine.start(rules, config, seats, seed)
    seq = len(events)
    pick = random.Random(seed)
    for _ in range(steps):
        if state.outcome is not None:
            break
        (seat,) = tuple(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        # Random play that places tiles rather than ending turns at once, to fill the board.
        useful: list[Any] = [a for a in legal if not isinstance(a, EndTurn | Discard)]
        useful = useful or list(legal)
        action = useful[pick.randrange(len(useful))]
        state, new = engine.play(rules, state, seed, seq, seat, action)
        seq += len(new)
    return state


def play_turn_state(seed: str, steps: int = 24) -> State:
    """A mid-game duel state where the seat to act is in its play step."""
    for extra in range(40):
        state = playout({"armies": ["borgo", "hegemony"]}, 2, seed, steps + extra)
        if state.step is Step.PLAY and state.outcome is None:
            return state
    raise AssertionError("no play step reached")


def decide(state: State, level: Level, rng_seed: str = "r") -> Any:
    seat = state.to_move
    legal = rules.legal_actions(state, seat)
    return choose(rules.player_view(state, seat), legal, random.Random(rng_seed), _budget(level))


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_information_does_not_change_the_choice(level: Level) -> None:
    state = play_turn_state("hidden")
    seat = state.to_move
    other = 1 - seat
    # Same visible game, different hidden piles: the other seat's pile swapped for another
    # multiset of the same size, and this seat's pile reordered.
    swapped = tuple(sorted(["borgo.mutant"] * len(state.decks[other]) if other == 0 else
                           ["hegemony.runner"] * len(state.decks[other])))  # fmt: skip
    decks = list(state.decks)
    decks[other] = swapped
    decks[seat] = tuple(reversed(state.decks[seat]))
    twin = replace(state, decks=tuple(decks))
    assert twin != state
    assert rules.player_view(twin, seat) == rules.player_view(state, seat)
    assert decide(twin, level) == decide(state, level)


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_and_seed_give_the_same_action(level: Level) -> None:
    state = play_turn_state("again")
    first = decide(state, level, "seed-1")
    assert decide(state, level, "seed-1") == first
    assert first in rules.legal_actions(state, state.to_move)


def test_level_names_and_host_budgets_are_accepted() -> None:
    class HostBudget:
        level = "normal"
        seconds = 1.0
        playouts = 30

    state = play_turn_state("names")
    seat = state.to_move
    view, legal = rules.player_view(state, seat), rules.legal_actions(state, seat)
    for budget in ("easy", Level.EASY, HostBudget()):
        assert choose(view, legal, random.Random(1), budget) in legal
    assert ai.as_budget(HostBudget()) == Budget(Level.NORMAL, 30)


def test_a_stop_signal_still_answers_legally() -> None:
    state = play_turn_state("stop")
    seat = state.to_move
    legal = rules.legal_actions(state, seat)
    view = rules.player_view(state, seat)
    for level in (Level.NORMAL, Level.HARD):
        action = choose(view, legal, random.Random(2), Budget(level, None, lambda: True))
        assert action in legal


def test_the_work_limit_bounds_the_search() -> None:
    state = play_turn_state("work")
    seat = state.to_move
    legal = rules.legal_actions(state, seat)
    view = rules.player_view(state, seat)
    assert choose(view, legal, random.Random(3), Budget(Level.NORMAL, 1)) in legal


def _battle_position() -> State:
    """Seat 0 (Borgo) holds a Battle tile; its Butcher next to the Hegemony HQ at 1 HP kills it."""
    state = play_turn_state("battle", steps=6)
    position = state.position
    hq0, hq1 = Hex(0, 2), Hex(0, -2)
    # A Mutant on C2 hits north into the Hegemony HQ on C1 (edge 0 carries its melee).
    tiles = {hq0: PlacedTile("borgo.hq", 0), hq1: PlacedTile("hegemony.hq", 1)}
    tiles[Hex(0, -1)] = PlacedTile("borgo.mutant", 0, facing=0)
    pos = Position.of(tiles, position.armies, (20, 1), board=position.board)
    hands = (("borgo.battle", "borgo.mutant"), ())
    return replace(
        state, position=pos, hands=hands, active=0, step=Step.PLAY, pending=None,
        final_waiting=None, eliminated=frozenset(), outcome=None,
    )  # fmt: skip


@pytest.mark.parametrize("level", [Level.NORMAL, Level.HARD])
def test_normal_and_hard_take_a_winning_battle(level: Level) -> None:
    state = _battle_position()
    assert StartBattle() in rules.legal_actions(state, 0)
    after = rules.apply(state, 0, StartBattle())
    assert after.outcome is not None and after.outcome.winners == frozenset({0})
    assert decide(state, level) == StartBattle()


def _pending_state() -> State:
    """Seat 0 (Moloch) pushed a Hegemony unit: seat 1 owes the destination."""
    state = playout({"armies": ["moloch", "hegemony"]}, 2, "push", 4)
    tiles = {
        Hex(0, 2): PlacedTile("moloch.hq", 0),
        Hex(0, -2): PlacedTile("hegemony.hq", 1),
        Hex(0, 0): PlacedTile("moloch.blocker", 0),
        Hex(0, -1): PlacedTile("hegemony.ganger", 1, facing=3),
    }
    pos = Position.of(tiles, state.position.armies, (20, 20), board=state.position.board)
    state = replace(
        state, position=pos, hands=(("moloch.push_back",), ()), active=0, step=Step.PLAY,
        pending=None, final_waiting=None, outcome=None,
    )  # fmt: skip
    push = PushBack(Hex(0, 0), Hex(0, -1))
    assert push in rules.legal_actions(state, 0)
    return rules.apply(state, 0, push)


@pytest.mark.parametrize("level", LEVELS)
def test_the_pushed_seat_answers_its_pending_decision(level: Level) -> None:
    state = _pending_state()
    assert rules.to_act(state) == frozenset({1})
    action = decide(state, level)
    assert isinstance(action, ChooseDestination)
    assert action in rules.legal_actions(state, 1)


@pytest.mark.parametrize(
    ("config", "seats"),
    [
        ({"mode": "deathmatch", "armies": ["moloch", "outpost", "ddm2e"]}, 3),
        ({"mode": "teams", "armies": ["borgo", "hegemony", "outpost", "moloch"]}, 4),
        ({"armies": ["ddm2e", "moloch"], "mercenaries": 1, "mad_bomber": "neutral"}, 2),
    ],
)
def test_every_seat_plays_legally_in_every_mode(config: dict[str, Any], seats: int) -> None:
    state, events = engine.start(rules, config, seats, "modes")
    seq = len(events)
    levels = [Level.EASY, Level.NORMAL, Level.HARD, Level.EASY]
    for _ in range(14 * seats):
        if state.outcome is not None:
            break
        acting = rules.to_act(state)
        assert CHANCE not in acting
        (seat,) = tuple(acting)
        legal = rules.legal_actions(state, seat)
        view = rules.player_view(state, seat)
        action = choose(view, legal, random.Random(seq), _budget(levels[seat]))
        assert action in legal
        state, new = engine.play(rules, state, "modes", seq, seat, action)
        seq += len(new)
    assert len(state.position.tiles) > seats


def test_a_whole_duel_finishes_with_legal_moves() -> None:
    state, events = engine.start(rules, {"armies": ["outpost", "borgo"]}, 2, "whole")
    seq = len(events)
    while state.outcome is None:
        (seat,) = tuple(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        level = Level.EASY if seat == 0 else Level.RANDOM
        action = choose(rules.player_view(state, seat), legal, random.Random(seq), level)
        state, new = engine.play(rules, state, "whole", seq, seat, action)
        seq += len(new)
    assert state.outcome is not None
