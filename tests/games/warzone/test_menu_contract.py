"""The menu contract: every action `legal_actions` lists is one `apply` accepts (AI seats and
buttons pick from it), checked over seeded random playouts, sentries on 'ask' or standing orders.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import GameError, Seat
from games.engine import Event, play, start
from games.warzone import actions as a
from games.warzone import rules
from games.warzone.geometry import heading, offset
from games.warzone.menu import _move_samples
from games.warzone.movement import path_problem, speed
from games.warzone.state import State
from games.warzone.work import Work
from tests.games.warzone.scene import play as play_scene
from tests.games.warzone.scene import scene

STEPS = 120
"""Actions per playout: deployment plus most of the first round and into the second."""
SAMPLE = 3
"""Extra random actions checked per step, beyond one of every kind on the menu."""
ENDS = (a.EndModel, a.EndActivation, a.PassReaction)


def _kind(action: object) -> str:
    if isinstance(action, a.React):
        return f"React/{type(action.action).__name__}"
    if isinstance(action, a.Shoot) and action.rapid:
        return "Shoot/rapid"
    return type(action).__name__


def _to_check(actions: list[object], rng: random.Random) -> list[object]:
    """One action of every kind listed and a random handful of the rest (mostly moves)."""
    first: dict[str, object] = {}
    for act in actions:
        first.setdefault(_kind(act), act)
    rest = [x for x in actions if x not in first.values()]
    return [*first.values(), *rng.sample(rest, min(SAMPLE, len(rest)))]


def _pick(actions: list[object], rng: random.Random) -> object:
    """A random listed action, ending things less often so playouts get into the fighting."""
    weights = [1 if isinstance(x, ENDS) else 4 for x in actions]
    return rng.choices(actions, weights)[0]


def _ask_orders(state: State, seat: Seat, rng: random.Random) -> State:
    """The seat's sentries ask their owner (so reaction menus come up), in a random window."""
    for squad in state.squads:
        if squad.seat == seat:
            timing = rng.choice(("before", "after", "first"))
            state = rules.apply(state, seat, a.SetPolicy(squad.key, "ask", timing=timing))
    return state


def playout_checking_menus(seed: int, ask: bool, steps: int = STEPS) -> Counter[str]:
    """Play a seeded random game; at every step each checked listed action must apply."""
    rng = random.Random(seed)
    sampler = random.Random(f"{seed}:check")  # what is checked never changes the game played
    name = f"menu-{seed}"
    state, events = start(rules, {"rounds": 2}, 2, name)
    ordered = set() if ask else {0, 1}
    checked: Counter[str] = Counter()
    log: list[Event[Any]] = list(events)
    for step in range(steps):
        seats = sorted(rules.to_act(state))
        if not seats:
            break
        seat: Seat = rng.choice(seats)
        if seat not in ordered:
            ordered.add(seat)
            state = _ask_orders(state, seat, rng)
        actions = list(rules.legal_actions(state, seat))
        assert actions, f"seed {seed} step {step}: nothing listed for seat {seat} in {state.phase}"
        for act in _to_check(actions, sampler):
            try:
                rules.apply(state, seat, act)
            except GameError as error:
                raise AssertionError(
                    f"seed {seed} step {step}: listed {act!r} was rejected: {error} ({error.code})"
                ) from error
            checked[_kind(act)] += 1
        state, new = play(rules, state, name, len(log), seat, _pick(actions, rng))
        log.extend(new)
    return checked


@settings(max_examples=2, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.booleans())
def test_every_listed_action_applies(seed: int, ask: bool) -> None:
    """legal_actions lists only actions apply accepts, at every step of seeded random games."""
    playout_checking_menus(seed, ask, steps=100)


def test_playouts_check_every_kind_of_action() -> None:
    """Fixed seeds that between them reach every kind of menu entry, sentry reactions included."""
    seen: Counter[str] = Counter()
    for seed, ask in ((26, True), (57, True)):
        seen += playout_checking_menus(seed, ask)
    wanted = {"KeepInitiative", "PassInitiative", "ChooseSide", "Deploy", "Activate", "Walk",
              "Run", "Charge", "Pivot", "Focus", "Evade", "Sentry", "Shoot", "Shoot/rapid", "Blast",
              "Fight",
              "SpendRes", "UseAbility", "Join", "EndModel", "EndActivation", "React/Shoot",
              "React/Evade", "PassReaction"}  # fmt: skip
    assert wanted <= set(seen), sorted(wanted - set(seen))


def test_move_samples_are_checked_after_rounding() -> None:
    """Regression (issue 12): a walk sample was checked at its exact end and listed rounded to
    0.01 in, which could push the base into one it touched; samples are checked as listed."""
    # A2.3 stands so that the full walk toward B2.2 would end touching it (2e-6 in apart);
    # rounding that end moves it 0.004 in into A2.3's base
    place = {"A2.2": (10.0, 10.0, 90.0), "A2.3": (15.0117, 13.4443, 90.0),
             "B2.2": (26.483, 21.328, 270.0)}  # fmt: skip
    state = play_scene(scene(place), 0, a.Activate("A2"))
    work = Work(state)
    m = work.model("A2.2")
    allowance = speed(work, m)
    toward = offset(m.pos, heading(m.pos, (26.483, 21.328)), allowance - 0.1)
    assert path_problem(work, m, [toward], allowance) is None
    rounded = (round(toward[0], 2), round(toward[1], 2))
    assert path_problem(work, m, [rounded], allowance) == "the path runs through A2.3's base"
    samples = _move_samples(work, m, allowance, a.Walk)
    assert samples and all(isinstance(x, a.Walk) and x.path != (rounded,) for x in samples)
    for walk in samples:
        rules.apply(state, 0, walk)
