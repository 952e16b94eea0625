"""Views: open hands, deck counts only, changes since the viewer's turn, pending decisions."""

from __future__ import annotations

from dataclasses import replace

from games.neuroshima import rules
from games.neuroshima.actions import Means, PushBack

from .flow_support import game, hx


def test_views_ignore_deck_order_and_show_counts() -> None:
    state = rules.setup({}, 3, "t")
    shuffled = replace(state, decks=tuple(tuple(reversed(d)) for d in state.decks))
    for seat in (None, 0, 1, 2):
        assert rules.player_view(state, seat) == rules.player_view(shuffled, seat)
    view = rules.player_view(state, 0)
    assert [s.deck_left for s in view.seats] == [34, 34, 34]
    assert "decks" not in type(view).__slots__


def test_hands_are_open_and_reserves_private() -> None:
    picks = [["merc.shield"], ["merc.gunner_2"]]
    state = rules.setup({"mercenaries": 1, "mercenary_picks": picks}, 2, "t")
    state = replace(state, hands=(("moloch.cyborg",), ()))
    mine, theirs = rules.player_view(state, 0), rules.player_view(state, 1)
    assert theirs.seats[0].hand == ("moloch.cyborg",)
    assert mine.seats[0].reserve == ("merc.shield",) and theirs.seats[0].reserve == ()
    assert theirs.seats[0].reserve_left == 1


def test_pending_push_in_view_and_changes() -> None:
    s = game({"C3": ("moloch.hunter_killer", 0, 0), "C4": ("outpost.runner", 1, 0),
              "A1": ("moloch.hq", 0, 0), "E1": ("outpost.hq", 1, 0)},
             hands={0: ("moloch.push_back",)})  # fmt: skip
    after = rules.apply(s, 0, PushBack(hx(s, "C3"), hx(s, "C4"), Means.TILE))
    view = rules.player_view(after, None)
    assert view.step == "pending_push" and view.to_act == (1,)
    assert view.pending is not None and "C5" in view.pending.description
    own = rules.player_view(after, 1)
    assert any(c.kind == "used" and c.tile == "moloch.push_back" for c in own.since_your_turn)


def test_the_seat_on_turn_sees_what_changed_since_its_previous_turn() -> None:
    from games import engine

    state, log = engine.start(rules, {}, 2, "since")
    seed = "since"
    # Both HQs, then play until seat 0 starts its second real turn.
    while not (state.active == 0 and state.turn_started[0] > 3 and state.step.value == "discard"):
        seat = next(iter(rules.to_act(state)))
        state, events = engine.play(rules, state, seed, len(log), seat, _pick(state, seat))
        log.extend(events)
    view = rules.player_view(state, 0)
    assert view.active == 0
    opponent_moves = [c for c in view.since_your_turn if c.seat == 1]
    assert opponent_moves, view.since_your_turn
    assert all(c.seat != 0 or c.kind in {"wounded", "destroyed", "removed"}
               for c in view.since_your_turn)  # fmt: skip


def _pick(state: object, seat: int) -> object:
    legal = rules.legal_actions(state, seat)  # type: ignore[arg-type]
    # Prefer placing tiles so the opponent leaves visible changes on the board.
    for action in legal:
        if type(action).__name__ in ("PlaceTile", "PlaceHQ"):
            return action
    for action in legal:
        if type(action).__name__ == "Discard":
            return action
    return legal[0]
