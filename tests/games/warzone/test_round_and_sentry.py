"""Golden scenarios for the game round, Relay Recovery scoring and sentry reaction windows."""

from __future__ import annotations

from dataclasses import replace

from games.base import CHANCE
from games.warzone import actions as a
from games.warzone import rules
from games.warzone.mission import decide
from games.warzone.setup import setup
from games.warzone.state import Phase, Policy, SentryPolicy, Timing
from tests.games.warzone.scene import lines, move, play, scene, squad, wall


def test_initiative_roll_winner_keeps_or_passes_and_ties_roll_again() -> None:
    """from the rulebook §3: each rolls a D20, the higher keeps or passes; gap-fill: a tie
    rolls again."""
    state = setup({}, 2, "x")
    assert rules.to_act(state) == frozenset({CHANCE})
    tie = rules.apply(rules.apply(state, CHANCE, a.Rolled(9)), CHANCE, a.Rolled(9))
    assert tie.phase is Phase.INITIATIVE and tie.init_rolls == ()
    won = rules.apply(rules.apply(state, CHANCE, a.Rolled(7)), CHANCE, a.Rolled(12))
    assert rules.to_act(won) == frozenset({1})
    assert rules.apply(won, 1, a.PassInitiative()).initiative == 0
    kept = rules.apply(won, 1, a.KeepInitiative())
    assert kept.initiative == 1 and kept.phase is Phase.SIDE


def three_and_one() -> object:
    """Seat 0 fields A1, A2, A3; seat 1 only B2."""
    place = {"A1.1": (4, 4, 90), "A2.2": (10, 4, 90), "A3.1": (20, 4, 90), "B2.2": (30, 34, 270)}
    return scene(place)


def test_alternating_activations_and_extra_squads() -> None:
    """from the rulebook §3: sides alternate; a side with more squads activates its extra squads
    when alternating is no longer possible; then the round ends."""
    state = play(three_and_one(), 0, a.Activate("A2"))
    state = play(state, 0, a.EndActivation())
    assert state.active_seat == 1
    state = play(play(state, 1, a.Activate("B2")), 1, a.EndActivation())
    assert state.active_seat == 0
    state = play(play(state, 0, a.Activate("A3")), 0, a.EndActivation())
    assert state.active_seat == 0 and rules.activatable(state, 0) == ["A1"]
    state = play(play(state, 0, a.Activate("A1")), 0, a.EndActivation(), [4, 9])
    assert state.round == 2 and state.phase is Phase.INITIATIVE_CHOICE and state.res_spent == (0, 0)
    assert state.previous_last == ("A1", "B2")


def test_last_activated_squad_cannot_go_first_next_round() -> None:
    """from the rulebook §3: the squad a player activated last last round may not be activated
    first this round, unless it is the only one left."""
    state = replace(three_and_one(), previous_last=("A2", "B2"))
    assert "A2" not in rules.activatable(state, 0)
    assert rules.activatable(state, 1) == ["B2"]  # the only squad left


def test_relay_recovery_scores_from_round_two() -> None:
    """gap-fill (original mission): a relay is held by more steady models within 3 in; 1 VP each
    from round 2 at the round's end."""
    place = {"A2.2": (18, 16, 90), "A2.3": (8, 20, 90), "B2.2": (9, 16, 270)}
    base = replace(scene(place), objectives=((18.0, 18.0), (8.0, 18.0)), control=(None, None))
    for rnd, vp in ((1, (0, 0)), (2, (1, 0))):
        state = replace(base, round=rnd)
        state = play(play(state, 0, a.Activate("A2")), 0, a.EndActivation())
        state = play(play(state, 1, a.Activate("B2")), 1, a.EndActivation(), [4, 9])
        assert state.control == (0, None) and state.vp == vp


def test_final_vp_army_commander_bonus_and_body_count_tiebreak() -> None:
    """gap-fill (original mission): +1 VP for the destroyed enemy army commander; ties go to the
    higher body count (points destroyed, from the rulebook §2), then a draw."""
    state = scene({"A2.2": (10, 4, 90), "B2.2": (30, 34, 270)})
    assert decide(replace(state, vp=(1, 2))).winners == frozenset({1})
    assert decide(replace(state, vp=(1, 1), body_count=(20, 12))).winners == frozenset({0})
    assert decide(replace(state, vp=(1, 1))).winners == frozenset()
    # both army commanders (A1, B1) are out of play in this scene: +1 VP each
    assert decide(replace(state, vp=(1, 0))).scores == (2, 1)


def sentry_table(
    timing: Timing, policy: SentryPolicy = SentryPolicy.FIRE, start: float = 8.0
) -> object:
    """B2.1 on sentry at (10,20) facing south; A2.2 (LD 13) activated at (10, start)."""
    place = {"A2.2": (10.0, start, 90.0), "B2.1": (10.0, 20.0, 270.0), "B3.1": (33.0, 34.0, 270.0),
             "A3.1": (34.0, 2.0, 90.0)}  # fmt: skip
    state = move(scene(place), "B2.1", sentry=True)
    state = squad(state, "B2", policy=Policy(policy, True, False, timing))
    return play(state, 0, a.Activate("A2"))


def test_sentry_fires_after_the_enemy_action() -> None:
    """from the rulebook §5: a sentry may act after an activated enemy's action: LD test, then an
    AP(1) action. Walk to (10,4) -> gap 14.8 in: long range, RoA 1 (no Short-Ranged Burst)."""
    state = sentry_table(Timing.AFTER)
    after = play(state, 0, a.Walk("A2.2", ((10.0, 4.0),)), [10, 13])
    assert lines(state, after) == [
        "A2.2 moves to (10.0, 4.0)",
        "B2.1 sentry reaction: LD 15 = 15; rolled 10: pass",
        "B2.1 Belzarach Assault Rifle at A2.2: RS 14 +0 SZ -2 long range = 12; rolled 13: miss",
    ]
    assert not after.model("B2.1").sentry and "shooting" in after.model("B2.1").actions


def test_sentry_fires_before_the_enemy_action() -> None:
    """from the rulebook §5: ...or before it. At (10,8) the gap is 10.8 in: RoA 2 (Short-Ranged
    Burst), no long range; both miss, then the walk resolves."""
    state = sentry_table(Timing.BEFORE)
    after = play(state, 0, a.Walk("A2.2", ((10.0, 4.0),)), [10, 15, 16])
    text = lines(state, after)
    assert text[0] == "B2.1 sentry reaction: LD 15 = 15; rolled 10: pass"
    assert text[-1] == "A2.2 moves to (10.0, 4.0)"


def test_a_sentry_shot_before_can_stop_the_action() -> None:
    """The declared action is lost when the sentry removes the model first."""
    state = sentry_table(Timing.BEFORE)
    after = play(state, 0, a.Walk("A2.2", ((10.0, 4.0),)), [10, 1, 15])
    assert "A2.2 is removed before its action" in lines(state, after)
    assert not after.model("A2.2").alive


def test_first_window_waits_until_the_actor_is_a_target() -> None:
    """Standing order 'first' (gap-fill): behind a tall wall the walker is no target before the
    walk; once in sight, the sentry fires after it."""
    place = {"A2.2": (10.0, 4.0, 90.0), "B2.1": (10.0, 20.0, 270.0), "B3.1": (33.0, 34.0, 270.0)}
    state = move(
        scene(
            place,
            terrain=[
                replace(wall("w", 6.5, "heavy", 4.0), points=((5, 6), (12, 6), (12, 7), (5, 7)))
            ],
        ),
        "B2.1",
        sentry=True,
    )
    state = play(state, 0, a.Activate("A2"))
    after = play(state, 0, a.Walk("A2.2", ((14.8, 5.0),)), [20])
    assert lines(state, after)[0] == "A2.2 moves to (14.8, 5.0)"
    assert lines(state, after)[1] == "B2.1 sentry reaction: LD 15 = 15; rolled 20: fail (fumble)"


def test_ask_orders_open_a_window_for_the_owner() -> None:
    """Standing order 'ask' (gap-fill): the owner reacts or passes (the host passes on a
    timeout); the declared walk waits for the answer."""
    state = sentry_table(Timing.BEFORE, SentryPolicy.ASK)
    asked = play(state, 0, a.Walk("A2.2", ((10.0, 4.0),)))
    assert asked.phase is Phase.REACTION and rules.to_act(asked) == frozenset({1})
    assert a.PassReaction() in rules.legal_actions(asked, 1)
    passed = play(asked, 1, a.PassReaction())
    assert passed.model("A2.2").y == 4.0 and passed.model("B2.1").sentry
    shot = a.React("B2.1", a.Shoot("B2.1", "belzarach_assault_rifle", ("A2.2",)))
    reacted = play(asked, 1, shot, [3, 16, 17])
    assert lines(asked, reacted)[-1] == "A2.2 moves to (10.0, 4.0)"
    assert not reacted.model("B2.1").sentry


def test_hold_orders_never_react() -> None:
    """Standing order 'hold' (gap-fill): the sentry keeps its marker."""
    state = sentry_table(Timing.FIRST, SentryPolicy.HOLD)
    after = play(state, 0, a.Walk("A2.2", ((10.0, 4.0),)))
    assert after.model("B2.1").sentry


def test_a_sentry_that_already_shot_this_round_cannot_shoot_again() -> None:
    """from the rulebook §5: sentries too take each action only once a round."""
    state = sentry_table(Timing.FIRST)
    state = move(state, "B2.1", actions=("shooting",))
    after = play(state, 0, a.Walk("A2.2", ((10.0, 4.0),)))
    assert after.model("B2.1").sentry
