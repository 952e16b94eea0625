"""Random complete games in every mode: no crash, termination, replay, conservation, privacy."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games import engine
from games.neuroshima import codec, rules
from games.neuroshima.setup import bomber_tile
from games.neuroshima.state import State
from games.neuroshima.tiles import armies

MAX_ACTIONS = 3000

MODES = [
    ({"armies": ["moloch", "outpost"]}, 2),
    ({"armies": ["borgo", "hegemony"], "mercenaries": 2, "mad_bomber": "neutral"}, 2),
    ({"armies": ["ddm2e", "hegemony"], "scoring": True, "mad_bomber": "mercenary"}, 2),
    ({}, 3),
    ({"mercenaries": 1, "mad_bomber": "neutral"}, 4),
    ({"mode": "teams", "scoring": True}, 4),
    ({"mode": "teams"}, 4),
    ({}, 5),
    ({"board": "large"}, 6),
]


def _conserved(state: State) -> None:
    for seat, army in enumerate(state.options.armies):
        expected = Counter(armies()[army].deck())
        have = Counter(state.decks[seat]) + Counter(state.hands[seat])
        have += Counter(state.discards[seat])
        have += Counter(p.tile for _, p in state.position.tiles if p.owner == seat)
        # The HQ is set aside before the piles are made; mercenaries and the bomber are extras.
        extras = Counter(t for t in have if t.startswith("merc.") or t == bomber_tile())
        have -= extras + Counter({f"{army}.hq": have[f"{army}.hq"]})
        assert have == expected, (seat, expected - have, have - expected)


def _play(config: dict, seats: int, seed: str, pick: random.Random) -> None:
    state, log = engine.start(rules, config, seats, seed)
    steps = 0
    while rules.to_act(state):
        (seat,) = rules.to_act(state)
        legal = rules.legal_actions(state, seat)
        assert legal
        # Favour movement and instants now and then so every action kind gets exercised.
        action = legal[pick.randrange(len(legal))]
        view = rules.player_view(state, seat)
        assert codec.parse(codec.format(action, view), view) == action
        assert codec.from_json(codec.to_json(action)) == action
        # The searches' shortcut for listed actions lands where the checked path does.
        assert rules.apply_listed(state, seat, action) == rules.apply(state, seat, action)
        state, events = engine.play(rules, state, seed, len(log), seat, action)
        log.extend(events)
        for event in events:
            assert codec.from_json(codec.to_json(event.action)) == event.action
        steps += 1
        assert steps < MAX_ACTIONS
        _conserved(state)
    assert state.outcome is not None
    assert engine.replay(rules, config, seats, seed, log) == state
    view = rules.player_view(state, None)
    assert "decks" not in type(view).__slots__


@settings(max_examples=18, deadline=None)
@given(mode=st.sampled_from(range(len(MODES))), seed=st.integers(0, 10**6))
def test_random_games_finish_and_replay(mode: int, seed: int) -> None:
    config, seats = MODES[mode]
    _play(config, seats, f"seed{seed}", random.Random(seed))


def test_every_mode_once() -> None:
    for config, seats in MODES:
        _play(config, seats, "fixed", random.Random(7))
