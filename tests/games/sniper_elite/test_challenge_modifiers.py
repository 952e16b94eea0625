"""Officer-challenge modifiers on constructed positions, with outcomes worked out from the text."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.base import IllegalActionError
from games.sniper_elite import rules
from games.sniper_elite.actions import (
    Complete,
    EndTurn,
    Move,
    OrderDrawn,
    OrderRolled,
    Reward,
    Shoot,
    Tiebreak,
    TokensDrawn,
)
from games.sniper_elite.board import Area
from games.sniper_elite.model import Bag, Modifier, PendingTiebreak, Phase, Slot, State, Token

from .support import BOARD, position, spaces

P, N, R, S = Token.PRECISION, Token.NOISE, Token.RECOIL, Token.SUPPRESSOR
SLOTS = (Slot("fix_bayonets", True), Slot("tower_watch", True), Slot("starshell", False))
"""Left: 'All defenders move 1 toward your space. All defenders attack their own space.'"""


def shot(state: State, target: str, drawn: tuple[Token, ...]) -> State:
    """Shoot drawing exactly `drawn`."""
    state = rules.apply(state, 0, Shoot(target, len(drawn)))
    return rules.apply(state, -1, TokensDrawn(drawn, 7))


def with_mods(*mods: str, **kwargs: object) -> dict[str, object]:
    """A config choosing single advantages or disadvantages (the difficulty adjustment rule)."""
    return {"modifiers": list(mods), **kwargs}


# --- Radio operator -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mods", "drawn", "hit"),
    [
        ((), (P, R, R, S, S), True),  # 4 loud: below the usual 5
        (("misfire_at_four",), (P, R, R, S, S), False),  # 4 loud: misfire at 4
        (("misfire_at_four",), (P, R, R, S), True),  # 3 loud: still a hit
        (("misfire_at_four",), (P, P, R, N, R, S), False),  # noise counts toward the 4
    ],
)
def test_misfire_at_four_counts_recoil_suppressors_and_noise(
    mods: tuple[str, ...], drawn: tuple[Token, ...], hit: bool
) -> None:
    # B6 > B10 is a sight line of 1: one precision token hits unless the rifle misfires.
    state = position("B6", {"B10": "red"}, config=with_mods(*mods))
    state = replace(state, bag=Bag(precision=6, noise=2, recoil=3, suppressor=2))
    after = shot(state, "B10", drawn)
    assert ("B10" not in spaces(after)) is hit
    assert after.phase is (Phase.REWARD if hit else Phase.SNIPER)
    if not hit:
        assert any("Misfire" in e.text for e in after.log)
        assert after.bag == state.bag  # drawn tokens go back


def test_recoil_reward_is_banned_but_noise_and_precision_remain() -> None:
    base = position("B6", {"B10": "red"})
    # One noise and one recoil in the stack: room for noise (cap 2) and recoil (cap 4).
    base = replace(base, stack=(N, R))
    free = shot(base, "B10", (P,))
    assert rules.legal_actions(free, 0) == (
        Reward("noise"),
        Reward("recoil", 1),
        Reward("recoil", 2),
        Reward("precision"),
    )
    banned = shot(replace(base, modifiers=frozenset({Modifier.NO_RECOIL_REWARD})), "B10", (P,))
    assert rules.legal_actions(banned, 0) == (Reward("noise"), Reward("precision"))
    with pytest.raises(IllegalActionError):
        rules.apply(banned, 0, Reward("recoil", 1))
    took = rules.apply(banned, 0, Reward("noise"))
    assert took.stack == (N, N, R) and took.bag.noise == 1 and took.phase is Phase.SNIPER


# --- Sniper -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mods", "path", "lka", "hits"),
    [
        ((), ("B10", "A9"), "red", 1),  # 2 spaces inside the LKA: a hit
        (("quiet_two",), ("B10", "A9"), "red", 0),  # quiet 2-space move
        (("quiet_two",), ("B10", "A11", "D11"), "red", 1),  # 3 spaces still count
        (("quiet_two",), ("F1", "H1"), "white", 0),  # another area: the LKA moves
        (("loud_three",), ("B10", "A11", "D11"), "red", 1),  # one hit, not two
        (("loud_three",), ("F1", "H1"), "white", 0),  # 2 spaces out: just the update
        ((), ("F1", "H1", "I1"), "white", 0),
        (("loud_three",), ("F1", "H1", "I1"), "white", 1),  # 3 spaces out: update and a hit
        (("quiet_two", "loud_three"), ("B10", "A9"), "red", 0),  # the whole Sniper challenge
    ],
)
def test_quiet_two_and_loud_three(
    mods: tuple[str, ...], path: tuple[str, ...], lka: str, hits: int
) -> None:
    start = "D1" if path[0] == "F1" else "B6"
    state = position(start, {"N12": "black"}, lka="red", config=with_mods(*mods))
    moved = rules.apply(state, 0, Move(path))
    assert moved.lka is Area(lka)
    assert len(moved.stack) == 6 - hits and moved.turn.hits == hits


# --- Scout --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mods", "sniper", "hits"),
    [
        ((), "A13", 0),  # the base game gives no hit for a defender moving next to you
        (("heard_moving",), "A13", 1),  # F11 and A13 are both open ground and share an edge
        (("heard_moving",), "D11", 0),  # F11 is open, D11 enclosed: not the same type
    ],
)
def test_scout_hit_when_a_defender_moves_next_to_you(
    mods: tuple[str, ...], sniper: str, hits: int
) -> None:
    state = replace(position(sniper, {"H8": "black"}, config=with_mods(*mods)), slots=SLOTS)
    state = rules.apply(state, 0, EndTurn())
    state = rules.apply(state, -1, OrderRolled(1, 3))
    assert spaces(state) == {"F11": "black"}  # H8 > F11, one space toward you
    assert len(state.stack) == 6 - hits


def test_scout_hit_is_only_for_the_defenders_turn() -> None:
    # Noise drags A9 onto your space in your turn: the noise hit only, not a second Scout hit.
    state = position("B6", {"B10": "red", "A9": "red"}, config=with_mods("heard_moving"))
    state = rules.apply(shot(state, "B10", (P, N)), 0, Reward("precision"))
    assert spaces(state) == {"B6": "red"} and len(state.stack) == 5 and state.turn.hits == 1


def test_scout_hit_is_not_for_calls() -> None:
    state = position("N10", {"K8": "yellow"}, probable=(9,), config=with_mods("heard_moving"))
    state = replace(state, slots=(Slot("lockdown", True), *SLOTS[1:]))
    state = rules.apply(state, 0, EndTurn())  # K8 shares an edge with N10: one hit already
    assert len(state.stack) == 5
    state = rules.apply(state, -1, OrderRolled(1, 3))
    # Lockdown calls the nearest defender to unguarded probable objective 9 (N12), which shares
    # an edge with your open space N10; a call is not a move, so no hit (nobody is in the red LKA
    # to attack after it).
    assert spaces(state) == {"N12": "yellow"} and len(state.stack) == 5


# --- Dog handler --------------------------------------------------------------------------------


@pytest.mark.parametrize("mods", [(), ("no_calls_after_first",)])
def test_dog_handler_stops_the_calls_after_the_first_objective(mods: tuple[str, ...]) -> None:
    state = position(
        "A11",
        {"N12": "black", "K8": "yellow", "B6": "red"},
        objectives=(3, 8),
        probable=(1, 2, 5, 6),
        config=with_mods(*mods),
    )
    state = replace(state, order_discard=("tower_watch",), order_deck=("fix_bayonets",))
    state = rules.apply(rules.apply(state, 0, Complete()), -1, Tiebreak(3))
    # Every other step of the first objective still happens.
    assert state.completed == (3,) and state.bag.noise == 3
    assert state.probable == (5, 6)  # 1 and 2 lie in the red area, with objective 3
    assert state.order_deck == ("fix_bayonets", "tower_watch") and state.order_discard == ()
    if mods:
        assert spaces(state) == {"N12": "black", "K8": "yellow", "B6": "red"}
    else:
        # From A11: N12 is 6 spaces away, K8 5, B6 2. In number order, the farthest goes to
        # objective 5 (N1), the farthest of the rest to objective 6 (N3).
        assert [BOARD.distance("A11", s) for s in ("N12", "K8", "B6")] == [6, 5, 2]
        assert spaces(state) == {"N1": "black", "N3": "yellow", "B6": "red"}


# --- Medic --------------------------------------------------------------------------------------


def test_medic_early_return_happens_before_the_order_card() -> None:
    state = position("A13", {"N12": "black"}, config=with_mods("early_return"))
    state = replace(state, slots=SLOTS)
    state = rules.apply(state, 0, EndTurn())
    assert state.phase is Phase.TIEBREAK
    assert state.pending == PendingTiebreak("return", then="roll")
    state = rules.apply(state, -1, Tiebreak(4))
    # Worst for you: the red cross B6 is 4 spaces from A13, the others much farther.
    assert state.phase is Phase.ORDER_ROLL and spaces(state) == {"B6": "red", "N12": "black"}
    state = rules.apply(state, -1, OrderRolled(1, 3))
    # The returned defender already obeys this turn's card: B6 > F6 (F6 lies 2 from objective 4,
    # B10 farther, both 3 from you), N12 > M13.
    assert spaces(state) == {"F6": "red", "M13": "black"}
    state = rules.apply(state, -1, OrderDrawn(state.order_deck[0]))
    # No second return at the end of the turn, though seven defenders are still off the board.
    assert state.phase is Phase.SNIPER and state.round == 2 and len(state.on_board) == 2


def test_medic_early_return_without_missing_defenders_rolls_at_once() -> None:
    everyone = dict.fromkeys(("A1", "A3", "A6"), "red")
    everyone |= dict.fromkeys(("N1", "N3", "P4"), "yellow")
    everyone |= dict.fromkeys(("N8", "Q8", "S8"), "black")
    state = position("A13", everyone, config=with_mods("early_return"))
    state = rules.apply(replace(state, slots=SLOTS), 0, EndTurn())
    assert state.phase is Phase.ORDER_ROLL and state.pending is None
