"""The defenders' turn recorded step by step (for its animation), and the player's dice words."""

from __future__ import annotations

import random
from dataclasses import replace

from games.base import CHANCE
from games.sniper_elite import rules
from games.sniper_elite.actions import EndTurn, OrderDrawn, OrderRolled, Place, Tiebreak
from games.sniper_elite.model import Phase, Slot, State

from .support import position


def _turn_ready() -> State:
    """Sniper on B6 with two red defenders near; a missing yellow one; a known order board."""
    state = position("B6", {"B10": "red", "A13": "red", "N6": "black"}, lka="white")
    slots = (Slot("fix_bayonets", True), Slot("tower_watch", True), Slot("starshell", False))
    return replace(state, slots=slots, order_deck=("sweep_the_sector", "lockdown"))


def _defenders_turn(chevrons: int) -> State:
    state = rules.apply(_turn_ready(), 0, EndTurn())
    state = rules.apply(state, CHANCE, OrderRolled(chevrons, 0))
    return rules.apply(state, CHANCE, OrderDrawn("lockdown"))


def test_every_line_of_the_defenders_turn_is_a_step_with_the_table_after_it() -> None:
    ready = _turn_ready()
    assert ready.steps == ()
    state = _defenders_turn(1)
    texts = [s.text for s in state.steps]
    assert texts[:3] == [
        "The defenders' turn.",
        "The order die shows 1 chevron: the left card.",
        "Order card 'Fix Bayonets': All defenders move 1 toward your space. All defenders "
        "attack their own space.",
    ]
    assert texts[-2:] == [
        "'Fix Bayonets' is discarded and the order board slides left.",
        "The order board is refilled with 'Lockdown' face up.",
    ]
    # Only the defenders' turn is recorded: "You end your turn." and the log before are not.
    assert [e.text for e in state.log[-len(texts) :]] == texts
    first, last = state.steps[0], state.steps[-1]
    assert first.defenders == tuple(d.space for d in ready.defenders)
    assert last.defenders == tuple(d.space for d in state.defenders)
    assert first.rolled == 0 and state.steps[1].rolled == 1 and last.rolled == 0
    walks = [s for s in state.steps if len(s.path) >= 2]
    assert walks and all(s.path[-1] in s.defenders for s in walks)
    slid = state.steps[-2]
    assert [s.card if s else None for s in slid.slots] == ["tower_watch", "starshell", None]
    assert [s.card if s else None for s in last.slots] == ["tower_watch", "starshell", "lockdown"]
    # Missing defenders come back after the refill: a tie-break, then its iron cross.
    assert state.phase is Phase.TIEBREAK


def test_hits_and_the_stack_are_recorded_as_they_happen() -> None:
    state = position("B6", {"B6": "red"}, lka="white")
    state = replace(state, slots=(Slot("fix_bayonets", True), None, None), order_deck=("x",))
    state = rules.apply(state, 0, EndTurn())
    state = rules.apply(state, CHANCE, OrderRolled(1, 0))
    hits = [s for s in state.steps if s.text.startswith("You take a hit")]
    before = len(state.steps[0].stack)  # sharing your space already cost a hit in your turn
    assert [len(s.stack) for s in hits] == [before - 1, before - 2]
    assert [s.hits for s in hits] == [1, 2] and state.steps[0].hits == 0


def test_the_view_shows_the_rolled_card_but_keeps_other_face_down_cards_hidden() -> None:
    state = _defenders_turn(3)
    view = rules.player_view(state, None)
    rolled = [s for s in view.steps if s.rolled == 3]
    assert rolled and all(s.slots[2] is not None and s.slots[2].title for s in rolled)
    assert rolled[0].slots[2] is not None and rolled[0].slots[2].card == "starshell"
    before = view.steps[0].slots[2]
    assert before is not None and not before.face_up and before.card is None


def test_a_return_placed_by_the_player_is_a_step_of_the_same_turn() -> None:
    state = _defenders_turn(2)
    blocker = replace(state.defenders[7], space="K8")  # on the iron cross the return wants
    crowded = replace(state, defenders=tuple(blocker if d.id == 7 else d for d in state.defenders))
    asked = rules.apply(crowded, CHANCE, Tiebreak(0))
    assert asked.phase is Phase.RETURN_PLACE
    [first, *_] = rules.legal_actions(asked, 0)
    assert isinstance(first, Place)
    after = rules.apply(asked, 0, first)
    assert after.phase is Phase.SNIPER
    assert after.steps[-1].text.endswith(f" returns to {first.space}.")
    assert after.steps[-1].defenders == tuple(d.space for d in after.defenders)
    assert after.log[-1].text.startswith("Round ") and len(after.steps) == len(asked.steps) + 1


def test_the_players_words_change_every_draw_and_repeat_with_the_same_words() -> None:
    plain = rules.setup({"map": "tidewater"}, 1, "s")
    salted = rules.setup({"map": "tidewater", "dice_salt": "abc"}, 1, "s")
    again = rules.setup({"map": "tidewater", "dice_salt": "abc"}, 1, "s")
    other = rules.setup({"map": "tidewater", "dice_salt": "abd"}, 1, "s")

    def deal(state: State) -> object:
        return rules.sample_chance(state, random.Random("secret:0"))

    assert deal(salted) == deal(again)
    assert len({repr(deal(s)) for s in (plain, salted, other)}) == 3
