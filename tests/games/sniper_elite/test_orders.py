"""Order-card instructions on constructed positions, and the worst-for-you evaluation."""

from __future__ import annotations

from dataclasses import replace

from games.sniper_elite.board import Area, SpaceType
from games.sniper_elite.cards import Step, Target, Verb, Who, order_card
from games.sniper_elite.moves import Context, call_to, move_paths
from games.sniper_elite.orders import regroup, resolve_step
from games.sniper_elite.worst import Ties, badness, worst

from .support import BOARD, position, spaces

CTX = Context(BOARD, Ties(5))


def run(state, step):  # type: ignore[no-untyped-def]
    return resolve_step(Context(BOARD, Ties(5)), state, order_card("tower_watch"), step)


def test_search_finds_on_adjacent_space_even_through_a_wall() -> None:
    state = position("A3", {"A6": "red"}, lka="white")  # a wall with a door; adjacent anyway
    found = run(state, Step(Verb.SEARCH, Who.ALL))
    assert found.lka is Area.RED and len(found.stack) == 5
    assert len(run(position("A13", {"A6": "red"}), Step(Verb.SEARCH, Who.ALL)).stack) == 6


def test_scout_needs_sight_within_two_spaces() -> None:
    step = Step(Verb.SCOUT, Who.ALL)
    assert len(run(position("H8", {"K8": "red"}), step).stack) == 5  # sight 2
    assert len(run(position("B6", {"K8": "red"}), step).stack) == 6  # no sight
    far = position("K8", {"I3": "red"}, config={"challenge": "sniper"})  # sight 3
    assert len(run(far, step).stack) == 5
    assert len(run(replace(far, modifiers=frozenset()), step).stack) == 6


def test_attack_deals_two_hits() -> None:
    own = Step(Verb.ATTACK, Who.ALL, Target.OWN)
    around = Step(Verb.ATTACK, Who.ALL, Target.AROUND)
    assert len(run(position("B6", {"B10": "red"}), own).stack) == 6
    assert len(run(position("B6", {"B10": "red"}), around).stack) == 4


def test_move_toward_takes_a_shortest_path_and_never_stops_on_a_defender() -> None:
    state = position("B6", {"H8": "black", "F6": "red"})
    mover = state.defender_at("H8")
    assert mover is not None
    paths = move_paths(BOARD, state, mover, ("B6",), 2)
    # H8 > F6 > B6 is shortest; F6 is difficult, so the move ends there, which is taken.
    assert paths == [("H8",)]
    moved = run(state, Step(Verb.MOVE, Who.NEAREST, Target.SNIPER, amount=3))
    assert "B6" in spaces(moved) and len(moved.stack) == 6  # no hit for arriving


def test_call_lka_exception_and_displacement() -> None:
    state = position("B6", {"B10": "red", "A13": "red", "K8": "yellow"}, lka="red")
    caller = state.defender_at("B10")
    assert caller is not None
    assert call_to(CTX, state, caller, "F11") is None  # in the LKA and farther from you
    called = call_to(CTX, state, caller, "A6")
    assert called is not None and "A6" in spaces(called)
    outsider = state.defender_at("K8")
    assert outsider is not None
    crowded = call_to(CTX, state, outsider, "A13")  # taken: an adjacent open space instead
    assert crowded is not None and set(spaces(crowded)) - {"B10", "A13"} <= {"F11", "H8"}
    onto_you = call_to(CTX, state, outsider, "B6")
    assert onto_you is not None and len(onto_you.stack) == 5


def test_repeat_at_probable_objectives_uses_each_defender_once() -> None:
    state = position(
        "A13", {"K8": "white", "N8": "black"}.fromkeys(["K8", "N8"], "black"), probable=(4, 8)
    )
    step = Step(Verb.CALL, Who.REPEAT, Target.OBJECTIVE, unguarded=True)
    done = run(replace(state, lka=Area.RED), step)
    assert set(spaces(done)) == {"I5", "Q8"}


def test_access_space_of_an_outdoor_objective_is_itself() -> None:
    state = position("A13", {"K8": "black"}, probable=(6,))
    step = Step(Verb.CALL, Who.REPEAT, Target.ACCESS, space_type=SpaceType.ELEVATED, unguarded=True)
    assert set(spaces(run(state, step))) == {"N3"}  # objective 6 lies on open ground
    enclosed = position("A13", {"K8": "black"}, probable=(8,))
    assert set(spaces(run(enclosed, step))) == {"S8"}  # the tower's ladder space next to Q8


def test_unguarded_is_checked_on_the_probable_objective_not_its_access_space() -> None:
    # Objectives 4 (I5) and 5 (N1) share their nearest elevated access space, I3.
    step = Step(Verb.CALL, Who.REPEAT, Target.ACCESS, space_type=SpaceType.ELEVATED, unguarded=True)
    state = position("A13", {"N1": "red", "K8": "black", "N8": "yellow"}, probable=(4, 5))
    # Objective 4 takes the guard of objective 5 to I3; that leaves objective 5 unguarded,
    # so the next nearest defender answers it too, beside the taken I3.
    done = run(replace(state, lka=Area.WHITE), step)
    assert spaces(done) == {"I3": "red", "I1": "black", "N8": "yellow"}
    # Both objectives guarded: nobody is called, though I3 itself is empty.
    both = position("A13", {"I5": "red", "N1": "red", "K8": "black"}, probable=(4, 5))
    assert spaces(run(replace(both, lka=Area.WHITE), step)) == spaces(both)


def test_regroup_calls_other_squads_to_the_mini_map() -> None:
    state = position("B6", {"N12": "black", "N1": "yellow", "A1": "red"}, lka="white")
    done = regroup(CTX, replace(state, lka=Area.RED), order_card("dockside_regroup"))
    assert spaces(done) == {"A1": "red", "F1": "yellow", "B10": "black"}
    white = regroup(CTX, state, order_card("dockside_regroup"))
    assert spaces(white) == {"I1": "red", "K6": "yellow", "K8": "black"}


def test_worst_prefers_damage_then_closeness_then_objective_cover() -> None:
    base = position("B6", {"K8": "red"}, objectives=(4,))
    hurt = replace(base, stack=base.stack[:-1])
    near = position("B6", {"H8": "red"}, objectives=(4,))
    cover = position("B6", {"H1": "red"}, objectives=(4,))
    assert badness(BOARD, hurt) > badness(BOARD, base)
    assert badness(BOARD, near) > badness(BOARD, base)
    # H8 and H1 are both 2 from B6; H1 is next to objective 4 (I5), so it is worse.
    assert worst(BOARD, Ties(1), [(near, "near"), (cover, "cover")])[1] == "cover"


def test_equally_bad_options_follow_the_tie_break() -> None:
    base = position("B6", {}, objectives=(4,))
    picks = {worst(BOARD, Ties(seed), [(base, "a"), (base, "b")])[1] for seed in range(20)}
    assert picks == {"a", "b"}
    assert worst(BOARD, Ties(3), [(base, "a"), (base, "b")]) == worst(
        BOARD, Ties(3), [(base, "a"), (base, "b")]
    )
