"""Turn plans: one search per turn, later decisions follow it, and memos never change a game."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from games import engine
from games.neuroshima import ai, ai_plan, rules
from games.neuroshima.actions import EndTurn
from games.neuroshima.ai import Budget, Level, choose
from games.neuroshima.state import Step

SMALL = {Level.EASY: 20, Level.NORMAL: 60, Level.HARD: 120}


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[tuple[int, int]]]:
    """Counts the searches made per (turn, searching seat) while a test runs."""
    counts: Counter[tuple[int, int]] = Counter()
    search = ai._search

    def counted(state: Any, seat: int, *rest: Any) -> Any:
        counts[state.turn, seat] += 1
        return search(state, seat, *rest)

    monkeypatch.setattr(ai, "_search", counted)
    yield counts


def play(
    seed: str,
    levels: tuple[Level, Level],
    memos: tuple[ai_plan.Memo | None, ai_plan.Memo | None],
    moves: int = 60,
    armies: tuple[str, str] = ("borgo", "hegemony"),
    full: bool = False,
) -> list[Any]:
    """The actions of a duel's first `moves` decisions, each seat with its level and memo."""
    state, events = engine.start(rules, {"armies": list(armies)}, 2, seed)
    seq = len(events)
    played: list[Any] = []
    while state.outcome is None and len(played) < moves:
        (seat,) = tuple(rules.to_act(state))
        work = None if full else SMALL[levels[seat]]
        budget = Budget(levels[seat], work, memo=memos[seat])
        view, legal = rules.player_view(state, seat), rules.legal_actions(state, seat)
        action = choose(view, legal, random.Random(f"{seed}:{seq}"), budget)
        assert action in legal
        played.append(action)
        state, new = engine.play(rules, state, seed, seq, seat, action)
        seq += len(new)
    return played


@pytest.mark.parametrize("level", [Level.EASY, Level.NORMAL, Level.HARD])
def test_a_turn_is_searched_once_and_then_followed(
    level: Level, searches: Counter[tuple[int, int]]
) -> None:
    # A full budget, so that the search reaches the end of the turn (a cut one plans less).
    play("plan", (level, level), ({}, {}), moves=40, full=True)
    assert searches, "the duel never searched"
    turns = {turn for turn, _ in searches}
    # Easy may slip off its plan (then it searches again); the others hold to it, unless the
    # other seat answered a push mid-turn otherwise than the plan assumed.
    if level is Level.EASY:
        assert sum(searches.values()) < 2 * len(turns)
    for turn in turns:
        own = max(searches[turn, seat] for seat in (0, 1))
        answers = min(searches[turn, seat] for seat in (0, 1))
        assert level is Level.EASY or own <= 1 + answers


def test_without_a_memo_every_decision_searches(searches: Counter[tuple[int, int]]) -> None:
    play("plan", (Level.NORMAL, Level.NORMAL), (None, None), moves=30)
    assert max(searches.values()) > 1


def test_memos_do_not_change_the_game() -> None:
    levels = (Level.NORMAL, Level.HARD)
    fresh = play("same", levels, ({}, {}))
    assert play("same", levels, ({}, {})) == fresh
    # One memo for both seats, already full of another game's plans and of this game's own.
    shared: dict[Any, Any] = {}
    play("other", levels, (shared, shared), armies=("moloch", "outpost"))
    play("same", levels, (shared, shared))
    assert shared
    assert play("same", levels, (shared, shared)) == fresh


def test_a_position_off_the_plan_is_searched_again(searches: Counter[tuple[int, int]]) -> None:
    state, events = engine.start(rules, {"armies": ["borgo", "hegemony"]}, 2, "off")
    seq = len(events)
    memo: dict[Any, Any] = {}
    while not (state.step is Step.PLAY and state.active == 0 and len(state.hands[0]) >= 2):
        (seat,) = tuple(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        action = choose(rules.player_view(state, seat), legal, random.Random(seq), "easy")
        state, new = engine.play(rules, state, "off", seq, seat, action)
        seq += len(new)
    budget = Budget(Level.NORMAL, 60, memo=memo)
    view, legal = rules.player_view(state, 0), rules.legal_actions(state, 0)
    planned = choose(view, legal, random.Random(1), budget)
    # Play something else than the plan: the next decision must search afresh.
    other = next(a for a in legal if a != planned and not isinstance(a, EndTurn))
    state, _ = engine.play(rules, state, "off", seq, 0, other)
    if state.active == 0 and state.outcome is None:
        before = sum(searches.values())
        view, legal = rules.player_view(state, 0), rules.legal_actions(state, 0)
        assert choose(view, legal, random.Random(2), budget) in legal
        assert sum(searches.values()) == before + 1


def test_the_memo_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_plan, "MAX_ENTRIES", 3)
    memo: dict[Any, Any] = {}
    play("bounded", (Level.NORMAL, Level.NORMAL), (memo, memo), moves=40)
    assert 0 < len(memo) <= 3


def test_host_budgets_lend_their_memo() -> None:
    class HostBudget:
        level = "normal"
        seconds = 1.0
        playouts = 30

        def __init__(self) -> None:
            self.memo: dict[Any, Any] = {}

    host = HostBudget()
    assert ai.as_budget(host).memo is host.memo
