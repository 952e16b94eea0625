"""Equipment cards and the card shapes "call to your space" / "call to the LKA", constructed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.base import IllegalActionError
from games.sniper_elite import rules
from games.sniper_elite.actions import EndTurn, Equip, Move, Tiebreak
from games.sniper_elite.board import Area
from games.sniper_elite.cards import Step, Target, Verb, Who, order_card
from games.sniper_elite.model import Bag, Phase, State, Token
from games.sniper_elite.moves import Context
from games.sniper_elite.orders import resolve_step
from games.sniper_elite.worst import Ties

from .support import BOARD, position, spaces

N, R, S = Token.NOISE, Token.RECOIL, Token.SUPPRESSOR


def holding(state: State, *cards: str) -> State:
    """The state with these equipment cards in hand."""
    return replace(state, equipment=cards)


def equips(state: State) -> set[tuple[str, str | None]]:
    """The legal Equip actions as (card, argument)."""
    return {(a.card, a.arg) for a in rules.legal_actions(state, 0) if isinstance(a, Equip)}


# --- Decoy flare --------------------------------------------------------------------------------


def test_decoy_flare_moves_the_lka_to_another_area() -> None:
    state = holding(position("B6", {"N12": "black"}, lka="red"), "decoy_flare")
    assert equips(state) == {("decoy_flare", "yellow"), ("decoy_flare", "black"),
                             ("decoy_flare", "white")}  # fmt: skip
    flared = rules.apply(state, 0, Equip("decoy_flare", "white"))
    assert flared.lka is Area.WHITE and flared.equipment == ()
    assert flared.equipment_used == ("decoy_flare",) and equips(flared) == set()
    # A 2-space move inside red now ends outside the LKA: it moves back, with no hit.
    moved = rules.apply(flared, 0, Move(("B10", "A9")))
    assert moved.lka is Area.RED and len(moved.stack) == 6
    with pytest.raises(IllegalActionError):
        rules.apply(state, 0, Equip("decoy_flare", "red"))


# --- Camouflage net -----------------------------------------------------------------------------


@pytest.mark.parametrize("defender", ["B10", "B6"])  # next to you (same type), on your space
def test_camouflage_net_cancels_the_end_of_turn_hit(defender: str) -> None:
    state = holding(position("B6", {defender: "red"}), "camouflage_net")
    assert len(rules.apply(state, 0, EndTurn()).stack) == 5
    hidden = rules.apply(state, 0, Equip("camouflage_net"))
    ended = rules.apply(hidden, 0, EndTurn())
    assert len(ended.stack) == 6 and ended.turn.camouflage is False  # this turn only


def test_camouflage_net_does_not_cancel_a_loud_move() -> None:
    state = holding(position("B6", {"N12": "black"}), "camouflage_net")
    state = rules.apply(state, 0, Equip("camouflage_net"))
    assert len(rules.apply(state, 0, Move(("B10", "A9"))).stack) == 5


# --- Field dressing -----------------------------------------------------------------------------


def test_field_dressing_moves_a_recoil_token_to_the_bottom_of_the_stack() -> None:
    state = replace(holding(position("B6", {}), "field_dressing"), stack=(N, R, R))
    dressed = rules.apply(state, 0, Equip("field_dressing"))
    assert dressed.stack == (R, N, R, R)  # bottom first
    assert dressed.bag == Bag(precision=6, noise=2, recoil=2)


def test_field_dressing_takes_a_suppressor_when_no_recoil_is_loose() -> None:
    state = replace(holding(position("B6", {}), "field_dressing"), stack=(N,))
    state = replace(state, bag=Bag(precision=6, noise=2, recoil=0, suppressor=1))
    dressed = rules.apply(state, 0, Equip("field_dressing"))
    assert dressed.stack == (S, N) and dressed.bag.suppressor == 0


@pytest.mark.parametrize(
    ("stack", "bag"),
    [
        ((N, R, R, N, R, R), Bag()),  # four recoil already in the stack: the cap
        ((S, R, S, R), Bag(recoil=1)),  # suppressors count as recoil: four again
        ((N,), Bag(recoil=0)),  # nothing to move
    ],
)
def test_field_dressing_respects_the_recoil_cap(stack: tuple[Token, ...], bag: Bag) -> None:
    state = replace(holding(position("B6", {}), "field_dressing"), stack=stack, bag=bag)
    assert equips(state) == set()


# --- Thrown stone -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("defenders", "stone", "after"),
    [
        # K8 is 2 from H8 (K8 > I10 > H8), N12 much farther: K8 walks all the way.
        ({"K8": "yellow", "N12": "black"}, "H8", {"H8": "yellow", "N12": "black"}),
        # N12 is 2 from I13 (via M13), K8 3: only the nearest moves.
        ({"K8": "yellow", "N12": "black"}, "I13", {"K8": "yellow", "I13": "black"}),
        # Two spaces is an upper bound: K8 stops on I10 when it gets there.
        ({"K8": "yellow", "N12": "black"}, "I10", {"I10": "yellow", "N12": "black"}),
        # K8 and K11 are both 2 from H8 and both would end on it; worst for you is the one
        # that leaves the other behind nearer objective 8 (Q8): K8 stays 2 from it, K11 3.
        ({"K8": "yellow", "K11": "black"}, "H8", {"K8": "yellow", "H8": "black"}),
    ],
)
def test_thrown_stone_moves_the_nearest_defender_two_spaces(
    defenders: dict[str, str], stone: str, after: dict[str, str]
) -> None:
    state = holding(position("B6", defenders, objectives=(4, 8)), "thrown_stone")
    args = {arg for card, arg in equips(state)}
    assert stone in args and "K8" not in args  # only spaces in your line of sight
    state = rules.apply(state, 0, Equip("thrown_stone", stone))
    assert state.phase is Phase.TIEBREAK
    for tiebreak in (1, 2, 3):
        done = rules.apply(state, -1, Tiebreak(tiebreak))
        assert spaces(done) == after and done.phase is Phase.SNIPER
        assert len(done.stack) == 6


def test_thrown_stone_needs_a_defender_on_the_board() -> None:
    assert equips(holding(position("B6", {}), "thrown_stone")) == set()


def test_a_stone_thrown_from_the_entry_can_block_it_and_you_may_pass() -> None:
    # T3 (an entry) opens only onto T4. Equipment may come before the first move; a stone
    # thrown at T4 draws R6 onto it (R6 > T4), leaving no legal move: the turn may end.
    state = holding(position("T3", {"R6": "yellow"}, lka="yellow"), "thrown_stone")
    state = rules.apply(state, 0, Equip("thrown_stone", "T4"))
    state = rules.apply(state, -1, Tiebreak(1))
    assert spaces(state) == {"T4": "yellow"}
    assert rules.legal_actions(state, 0) == (EndTurn(),)
    ended = rules.apply(state, 0, EndTurn())
    assert ended.phase is Phase.ORDER_ROLL and len(ended.stack) == 5  # T4 is next to you
    free = position("T3", {"R6": "yellow"}, lka="yellow")
    assert EndTurn() not in rules.legal_actions(free, 0)
    with pytest.raises(IllegalActionError):
        rules.apply(free, 0, EndTurn())


# --- "Call ... to your space" and "Call ... to the LKA" -------------------------------------------


def resolve(state: State, step: Step) -> State:
    """Resolve one instruction with a fixed tie-break stream."""
    return resolve_step(Context(BOARD, Ties(5)), state, order_card("tower_watch"), step)


@pytest.mark.parametrize(
    ("who", "after"),
    [
        # K8 (white, the LKA) lands on your space: one hit. N12 finds B6 taken and goes to an
        # adjacent unguarded open space; F6 is the worst (2 from objective 4, the others 4+).
        (Who.ALL, {"B6": "yellow", "F6": "black"}),
        (Who.LKA, {"B6": "yellow", "N12": "black"}),  # only K8 stands in the LKA
        (Who.NEAREST, {"B6": "yellow", "N12": "black"}),  # K8 is 4 away, N12 farther
    ],
)
def test_call_to_your_space(who: Who, after: dict[str, str]) -> None:
    state = position("B6", {"K8": "yellow", "N12": "black"}, lka="white", objectives=(4, 8))
    called = resolve(state, Step(Verb.CALL, who, Target.SNIPER))
    assert spaces(called) == after
    assert len(called.stack) == 5 and called.turn.hits == 1 and called.lka is Area.WHITE


def test_call_to_your_space_from_inside_the_lka_always_happens() -> None:
    # In the LKA, a call to your own space is never "farther from you": it always happens.
    state = position("A13", {"B6": "red"}, lka="red")
    called = resolve(state, Step(Verb.CALL, Who.LKA, Target.SNIPER))
    assert spaces(called) == {"A13": "red"} and len(called.stack) == 5


def test_call_to_the_lka_goes_to_the_area_space_nearest_each_defender() -> None:
    state = position("A13", {"K8": "red", "N12": "black", "R6": "yellow"}, lka="yellow")
    every = resolve(state, Step(Verb.CALL, Who.ALL, Target.LKA))
    # K8's nearest yellow space is N6 (2 away, through K6 or N8). R6 is already in yellow.
    # N12's nearest is also N6 (3), now taken; N6 has no enclosed neighbour, so it goes to the
    # nearest free space: K6 or N8 (both 5 from you and, with N6 taken, equal cover) rather than
    # N3 (farther from you).
    assert spaces(every)["N6"] == "red" and spaces(every)["R6"] == "yellow"
    black = next(s for s, squad in spaces(every).items() if squad == "black")
    assert black in {"K6", "N8"} and len(every.stack) == 6
    in_lka = resolve(state, Step(Verb.CALL, Who.LKA, Target.LKA))
    assert spaces(in_lka) == spaces(state)
    nearest = resolve(state, Step(Verb.CALL, Who.NEAREST, Target.LKA))
    assert spaces(nearest) == {"N6": "red", "N12": "black", "R6": "yellow"}
