"""Exact token accounting: bag + health stack per kind equals the start plus supply draws."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.base import CHANCE
from games.engine import chance_rng, start
from games.sniper_elite import rules
from games.sniper_elite.actions import Equip, Reward, SniperAction, Tiebreak
from games.sniper_elite.model import PendingShot, PendingTiebreak, Phase, State, Token

from .policy import choose

CHALLENGES = [None, "medic", "radio_operator", "scout", "dog_handler", "marksman", "sniper"]


def held(state: State) -> Counter[Token]:
    """Tokens of each kind in the bag and the health stack together."""
    counts = Counter({t: state.bag.count(t) for t in Token})
    counts.update(state.stack)
    return counts


def from_supply(state: State, action: SniperAction) -> Counter[Token]:
    """Tokens the solo text takes from the supply when `action` is applied to `state`."""
    if isinstance(action, Reward) and action.kind == "precision":
        return Counter({Token.PRECISION: 1})  # "Vezmi 1 žeton přesnosti ze zásoby"
    if isinstance(action, Equip) and action.card == "steady_aim":
        return Counter({Token.PRECISION: 1})
    pending = state.pending
    if (
        isinstance(action, Tiebreak)
        and isinstance(pending, PendingTiebreak)
        and pending.kind == "objective"
        and not state.completed
    ):
        return Counter({Token.NOISE: 1})  # the first objective: "Přidej 1 žeton hluku ze zásoby"
    return Counter()


def check_step(before: State, action: SniperAction, after: State) -> None:
    """Exact counts across one step, and the drawn tokens still counted in the bag."""
    expected = held(before) + from_supply(before, action)
    assert held(after) == expected, (action, held(before), held(after))
    shot = after.pending
    if isinstance(shot, PendingShot) and shot.drawn:
        drawn = Counter(shot.drawn)
        assert all(after.bag.count(t) >= n for t, n in drawn.items())
    # Setup, rewards and the Scout's wound stack all keep at most 2 noise in the stack.
    assert after.stack.count(Token.NOISE) <= 2


def run(config: dict[str, object], seed: str, pick: str, limit: int = 400) -> tuple[State, int]:
    """Play a mission (random or scripted sniper), checking every step; the steps taken."""
    state, log = start(rules, config, 1, seed)
    seq, rng, steps = len(log), random.Random(seed), 0
    start_counts = held(state)
    supply: Counter[Token] = Counter()
    while rules.to_act(state) and steps < limit:
        acting = rules.to_act(state)
        steps += 1
        if acting == {CHANCE}:
            action: SniperAction = rules.sample_chance(state, chance_rng(seed, seq))
            seat = CHANCE
            seq += 1
        else:
            legal = list(rules.legal_actions(state, 0))
            action = rng.choice(legal) if pick == "random" else choose(state)
            seat = 0
        supply += from_supply(state, action)
        after = rules.apply(state, seat, action)
        check_step(state, action, after)
        state = after
        # Over the whole game: start + supply, kind by kind.
        assert held(state) == start_counts + supply
    return state, steps


@pytest.mark.parametrize("challenge", CHALLENGES)
@pytest.mark.parametrize("board", ["tidewater", "pinecrest"])
def test_tokens_are_conserved_exactly_in_random_games(board: str, challenge: str | None) -> None:
    config: dict[str, object] = {"map": board}
    if challenge:
        config["challenge"] = challenge
    for seed in range(3):
        _, steps = run(config, f"tokens-{board}-{challenge}-{seed}", "random")
        assert steps > 10


@pytest.mark.parametrize("board", ["tidewater", "pinecrest"])
def test_tokens_are_conserved_exactly_in_scripted_games(board: str) -> None:
    kinds: set[str] = set()
    for seed in range(6):
        state, _ = run({"map": board}, f"tokens-scripted-{seed}", "scripted")
        assert state.phase is Phase.OVER
        kinds.update(e.text.split(":")[0] for e in state.log if e.text.startswith("Reward"))
        kinds.update("wound" for e in state.log if "You are wounded" in e.text)
    # The scripted games go through kill rewards and wounds, where tokens change hands.
    assert {"Reward", "wound"} <= kinds


def test_setup_counts_per_challenge() -> None:
    expected = {
        None: {Token.PRECISION: 6, Token.NOISE: 4, Token.RECOIL: 7},
        "medic": {Token.PRECISION: 6, Token.NOISE: 5, Token.RECOIL: 7},
        "radio_operator": {
            Token.PRECISION: 6,
            Token.NOISE: 2,
            Token.RECOIL: 7,
            Token.SUPPRESSOR: 2,
        },
        "marksman": {Token.PRECISION: 7, Token.NOISE: 4, Token.RECOIL: 7},
    }
    for challenge, counts in expected.items():
        config: dict[str, object] = {"map": "tidewater"}
        if challenge:
            config["challenge"] = challenge
        state, _ = start(rules, config, 1, "count")
        assert +held(state) == Counter(counts)
