"""The Warzone AI: sensible choices on small tables, its view only, and a whole game it finishes."""

from __future__ import annotations

from dataclasses import replace

from games.base import CHANCE
from games.engine import play as engine_play
from games.engine import start
from games.warzone import actions as a
from games.warzone import ai, rules
from games.warzone.ai_eval import believed_state
from games.warzone.state import Policy, SentryPolicy, State
from tests.games.warzone.scene import piece, play, scene, squad

FAR = {"B3.1": (33.0, 34.0, 270.0)}
QUICK = ai.Budget(spots=4, shooting_spots=1)


def choose(state: State, seat: int = 0) -> object:
    """The AI's action for `seat`, from that seat's view."""
    return ai.choose(rules.player_view(state, seat), rules.legal_actions(state, seat))


def test_focuses_then_shoots_the_target_in_the_open() -> None:
    """Two Necromutants equally near (both priority targets), one behind a heavy wall: Battle
    Focus, then the one in the open, with RES for a second attack."""
    place = {"A2.2": (10.0, 10.0, 90.0), "B2.2": (7.0, 17.0, 270.0), "B2.3": (13.0, 17.0, 270.0),
             **FAR}  # fmt: skip
    wall = piece("w", ((5.0, 14.0), (9.0, 14.0), (9.0, 14.5), (5.0, 14.5)), "difficult", "heavy",
                 0.8)  # fmt: skip
    state = play(scene(place, terrain=[wall]), 0, a.Activate("A2"))
    assert choose(state) == a.Focus("A2.2")
    focused = play(state, 0, a.Focus("A2.2"))
    # a focused shot is worth a resource card for RoA +1
    assert choose(focused) == a.Shoot("A2.2", "m50_assault_rifle", ("B2.3",), res_roa=True)


def test_activates_the_squad_with_a_shot_first() -> None:
    """A2 has an enemy 6 in away; A3 stands alone in a far corner: A2 goes first."""
    state = scene({"A2.2": (10.0, 10.0, 90.0), "A3.1": (30.0, 3.0, 90.0),
                   "B2.2": (10.0, 16.0, 270.0), **FAR})  # fmt: skip
    assert choose(state) == a.Activate("A2")


def test_deploys_each_squad_toward_its_own_relay() -> None:
    """Troop squads spread over the flank relays (x 8 and 28); the character takes the centre."""
    state, events = start(rules, {}, 2, "ai-deploy")
    anchors: dict[str, float] = {}
    for _ in range(40):
        seats = rules.to_act(state)
        if not seats or state.phase.value == "activation":
            break
        seat = min(seats)
        action = choose(state, seat)
        if isinstance(action, a.Deploy) and seat == 0:
            anchors[action.squad] = action.points[0][0]
        state, new = engine_play(rules, state, "ai-deploy", len(events), seat, action)
        events.extend(new)
    flanks = sorted((anchors["A2"], anchors["A3"]))
    # anchors are tried 0.55 in apart and must clear the preset's terrain
    assert all(
        abs(x - relay) <= 1.5
        for x, relay in zip((anchors["A1"], *flanks), (18, 8, 28), strict=True)
    )


def test_the_opponents_standing_orders_stay_unknown() -> None:
    """Hidden information: the AI rebuilds the table from its view, where the other side's
    sentry orders are not shown; whatever they are, its decision is the same."""
    state = scene({"A2.2": (10.0, 10.0, 90.0), "B2.2": (10.0, 16.0, 270.0), **FAR})
    held = squad(state, "B2", policy=Policy(SentryPolicy.HOLD, guard=False, res_heal=True))
    believed = believed_state(rules.player_view(held, 0))
    assert believed.squad("B2").policy == Policy()
    assert choose(held) == choose(state)


def test_picks_its_own_cover_move_that_the_rules_accept() -> None:
    """Off-menu moves are checked with the rules: the chosen walk applies without error."""
    place = {"A2.2": (10.0, 4.0, 90.0), "B2.2": (10.0, 30.0, 270.0), **FAR}
    state = play(scene(place), 0, a.Activate("A2"))
    state = replace(state, objectives=((18.0, 18.0),))
    action = choose(state)
    assert isinstance(action, a.Walk | a.Run)
    assert ai.open_variant(action, rules.legal_actions(state, 0)) or action in (
        rules.legal_actions(state, 0)
    )
    after = rules.apply(state, 0, action)
    assert after.model("A2.2").pos != (10.0, 4.0)


def test_plays_a_whole_game_against_itself() -> None:
    """Every AI answer is accepted by the rules until the last round is scored."""
    seed = "ai-selfplay"
    state, events = start(rules, {"rounds": 3}, 2, seed)
    for _ in range(3000):
        seats = rules.to_act(state)
        if not seats:
            break
        seat = min(seats)
        assert seat != CHANCE
        legal = rules.legal_actions(state, seat)
        action = ai.choose(rules.player_view(state, seat), legal, QUICK)
        assert action in legal or ai.open_variant(action, legal)
        state, new = engine_play(rules, state, seed, len(events), seat, action)
        events.extend(new)
    outcome = rules.outcome(state)
    assert outcome is not None and state.round == 3
