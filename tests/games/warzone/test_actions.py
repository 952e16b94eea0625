"""Golden scenarios for every action and its AP cost, movement, close combat and free slash."""

from __future__ import annotations

import math

import pytest

from games.base import GameError
from games.warzone import actions as a
from games.warzone.geometry import gap
from games.warzone.state import Morale
from tests.games.warzone.scene import R, lines, move, piece, play, scene, squad

B2B = 2 * R + 0.005
"""Centre distance of two 30 mm bases just touching."""


def lone(**extra: tuple[float, float, float]) -> object:
    """A2.2 at (10,10) facing north, an enemy far away, A2 activated."""
    place = {"A2.2": (10.0, 10.0, 90.0), "B3.1": (33.0, 34.0, 270.0)}
    place.update(extra)
    return play(scene(place), 0, a.Activate("A2"))


def code(state: object, action: object) -> str:
    with pytest.raises(GameError) as error:
        play(state, 0, action)  # type: ignore[arg-type]
    return error.value.code


@pytest.mark.parametrize(
    ("action", "ap_left"),
    [
        (a.Walk("A2.2", ((10.0, 15.0),)), 1),
        (a.Run("A2.2", ((10.0, 20.0),)), 0),
        (a.Pivot("A2.2", 0.0), 2),
        (a.Focus("A2.2"), 1),
        (a.Evade("A2.2"), 1),
        (a.Sentry("A2.2"), 0),
    ],
)
def test_ap_costs(action: object, ap_left: int) -> None:
    """from the rulebook §5: 2 AP; Walk 1, Run 2, Pivot 0, Battle Focus 1, Evade 1, Sentry 2."""
    after = play(lone(), 0, action)
    assert after.model("A2.2").ap == ap_left


def test_walk_is_sp_and_run_sp_times_two() -> None:
    """from the rulebook §5: Walk up to SP (5 in), Run up to SP x2."""
    assert code(lone(), a.Walk("A2.2", ((10.0, 15.2),))) == "illegal_move"
    assert code(lone(), a.Run("A2.2", ((10.0, 20.2),))) == "illegal_move"
    assert play(lone(), 0, a.Run("A2.2", ((10.0, 20.0),))).model("A2.2").y == 20.0


def test_difficult_terrain_costs_three_inches() -> None:
    """from the rulebook §9: difficult terrain modifies a move action by -3 in."""
    scrub = piece("scrub", ((5, 11), (15, 11), (15, 13), (5, 13)), "difficult")
    state = play(scene({"A2.2": (10, 10, 90), "B3.1": (33, 34, 270)}, terrain=[scrub]), 0,
                 a.Activate("A2"))  # fmt: skip
    assert code(state, a.Walk("A2.2", ((10.0, 12.5),))) == "illegal_move"
    assert play(state, 0, a.Walk("A2.2", ((10.0, 12.0),))).model("A2.2").y == 12.0


def test_impassable_terrain_and_other_bases_block_moves() -> None:
    """from the rulebook §9: no moving into or through impassable terrain or other models."""
    rock = piece("rock", ((8, 12), (12, 12), (12, 13), (8, 13)), "impassable")
    state = play(scene({"A2.2": (10, 10, 90), "B3.1": (33, 34, 270)}, terrain=[rock]), 0,
                 a.Activate("A2"))  # fmt: skip
    assert code(state, a.Walk("A2.2", ((10.0, 14.5),))) == "illegal_move"
    assert code(lone(**{"A2.3": (10.0, 12.0, 90.0)}), a.Walk("A2.2", ((10.0, 14.5),))) == (
        "illegal_move"
    )
    around = play(state, 0, a.Walk("A2.2", ((7.3, 11.0), (7.3, 13.0))))
    assert around.model("A2.2").pos == (7.3, 13.0)


def test_the_round_total_is_sp_times_two() -> None:
    """gap-fill: 'SP sets the total movement per round' read as SP x2; RES +1 AP cannot add more."""
    state = play(lone(), 0, a.SpendRes("A2.2"))
    state = play(state, 0, a.Run("A2.2", ((10.0, 20.0),)))
    assert state.model("A2.2").ap == 1
    assert code(state, a.Walk("A2.2", ((10.0, 21.0),))) == "illegal_move"


def test_each_action_once_per_round() -> None:
    """from the rulebook §5: no action more than once a round (Cast excepted)."""
    state = play(lone(), 0, a.Walk("A2.2", ((10.0, 12.0),)))
    assert code(state, a.Walk("A2.2", ((10.0, 13.0),))) == "once_per_round"


def test_pivot_only_at_the_start_and_not_engaged() -> None:
    """from the rulebook §5: Pivot at the start of the activation, not while engaged."""
    state = play(lone(), 0, a.Focus("A2.2"))
    assert code(state, a.Pivot("A2.2", 0.0)) == "illegal_action"
    engaged = lone(**{"B2.1": (10.0, 10.0 + B2B, 270.0)})
    assert code(engaged, a.Pivot("A2.2", 0.0)) == "illegal_action"


def test_charge_moves_into_contact_and_fails_short() -> None:
    """from the rulebook §5: Charge AP(1) up to SP x2 (10 in) into engagement with an enemy in
    sight; a model that does not reach is deactivated at once (no move: gap-fill)."""
    state = lone(**{"B2.1": (10.0, 19.0, 270.0)})  # gap 7.8 in
    after = play(state, 0, a.Charge("A2.2", "B2.1"))
    m = after.model("A2.2")
    assert m.charged and m.ap == 1 and gap(m.pos, R, after.model("B2.1").pos, R) < 0.01
    far = lone(**{"B2.1": (10.0, 22.0, 270.0)})  # gap 10.8 in > 10
    failed = play(far, 0, a.Charge("A2.2", "B2.1"))
    assert failed.model("A2.2").finished and failed.model("A2.2").y == 10.0


def test_engaged_model_starts_with_one_ap_and_fights() -> None:
    """from the rulebook §5: a model starting engaged has 1 AP. gap-fill: CC TN = CC 13 (line
    battalion) + SZ 0 - DEF 1 = 12; ST 8 + knife 1 = 9 against A 24: save on 15 (WZ-CC).
    from a public source: the removed Necromutant's bodily fluids hit A2.2 (ST 10)."""
    state = lone(**{"B2.1": (10.0, 10.0 + B2B, 270.0)})
    after = play(state, 0, a.Fight("A2.2", "combat_knife_capitol", ("B2.1",)), [11, 16, 6, 4])
    assert lines(state, after) == [
        "A2.2 Combat Knife at B2.1: CC 13 +0 SZ -1 DEF = 12; rolled 11: hit",
        "B2.1 save: A 24 -9 ST = 15; rolled 16: fail",
        "B2.1: Heal 5 = 5; rolled 6: fail",
        "B2.1 loses 1 W (0 left)",
        "B2.1 (Necromutants) is removed as a casualty",
        "B2.1's bodily fluids spray the models engaged with it",
        "A2.2 save: A 20 -10 ST = 10; rolled 4: pass",
        "seat 1 loses 1 resource card: Necromutants (B2) destroyed",
    ]
    assert after.model("A2.2").finished  # 1 AP, spent


def test_melee_move_is_free_and_stays_engaged_in_the_same_arc() -> None:
    """from the rulebook §5: Melee Move AP(0) at the start, staying engaged with the nearest
    enemy in the same arc of it; it counts toward the round's movement."""
    state = lone(**{"B2.1": (10.0, 10.0 + B2B, 270.0)})
    foe = state.model("B2.1").pos
    slide = (foe[0] + B2B * math.cos(math.radians(260)), foe[1] + B2B * math.sin(math.radians(260)))
    after = play(state, 0, a.MeleeMove("A2.2", (slide,), 90.0))
    assert after.model("A2.2").ap == 1 and after.model("A2.2").moved == pytest.approx(
        0.207, abs=1e-3
    )
    assert code(state, a.MeleeMove("A2.2", ((10.0, 7.0),), 90.0)) == "illegal_move"


def test_walking_out_of_combat_draws_a_free_slash() -> None:
    """gap-fill: each enemy left behind makes one CC test with its best weapon: Necromutant CC 13
    + SZ 0 - DEF 0 = 13; bayonet ST 9 + 2 = 11 against A 20: save on 9."""
    state = lone(**{"B2.1": (10.0, 10.0 + B2B, 270.0)})
    after = play(state, 0, a.Walk("A2.2", ((10.0, 6.0),)), [12, 9])
    assert lines(state, after)[:2] == [
        "B2.1 free slash at A2.2: CC 13 +0 SZ = 13; rolled 12: hit",
        "A2.2 save: A 20 -11 ST = 9; rolled 9: pass",
    ]
    assert after.model("A2.2").y == 6.0


def test_walk_cannot_make_contact_only_charge_can() -> None:
    """gap-fill: a Walk or Run may not bring a model into contact (only Charge does)."""
    state = lone(**{"B2.1": (10.0, 14.0, 270.0)})
    assert code(state, a.Walk("A2.2", ((10.0, 14.0 - B2B),))) == "illegal_move"


def test_sentry_at_most_half_the_squad_rounded_up() -> None:
    """from the rulebook §5 (FAQ): at most 50% of a squad's models on sentry, rounded up."""
    state = lone(**{"A2.3": (12.0, 10.0, 90.0), "A2.4": (14.0, 10.0, 90.0)})
    state = play(state, 0, a.Sentry("A2.2"))
    state = play(state, 0, a.Sentry("A2.3"))
    assert code(state, a.Sentry("A2.4")) == "illegal_action"


def test_out_of_coherency_models_activate_first_and_move() -> None:
    """from the rulebook §4: models beyond COH (8 in) of the commander activate first, and
    their first action is a move."""
    place = {"A2.1": (10.0, 10.0, 90.0), "A2.2": (10.0, 20.0, 90.0), "B3.1": (33.0, 34.0, 270.0)}
    state = play(scene(place), 0, a.Activate("A2"))
    assert "A2.2 is out of coherency and must move back first" in lines(scene(place), state)
    assert code(state, a.Focus("A2.1")) == "illegal_action"
    assert code(state, a.Focus("A2.2")) == "illegal_action"
    back = play(state, 0, a.Walk("A2.2", ((10.0, 16.0),)))
    assert not back.model("A2.2").out_of_coherency


def test_pinned_squad_has_one_ap_and_no_charge_or_run() -> None:
    """from the rulebook §3: recovery LD test first; gap-fill: pinned models have 1 AP and may not
    Charge, Run or buy AP with RES (missing-sections WZ-MO-05)."""
    base = squad(scene({"A2.2": (10, 10, 90), "B3.1": (33, 34, 270)}), "A2", morale=Morale.PINNED)
    failed = play(base, 0, a.Activate("A2"), [14])
    assert (
        lines(base, failed)[1] == "Light Infantry (A2) recovery test: LD 13 = 13; rolled 14: fail"
    )
    assert code(failed, a.Run("A2.2", ((10.0, 15.0),))) == "no_ap"
    assert code(failed, a.Charge("A2.2", "B3.1")) == "illegal_action"
    assert code(failed, a.SpendRes("A2.2")) == "pinned"
    assert play(failed, 0, a.Walk("A2.2", ((10.0, 12.0),))).model("A2.2").finished
    recovered = play(base, 0, a.Activate("A2"), [13])
    assert recovered.squad("A2").morale is Morale.STEADY


def test_broken_squad_that_fails_to_recover_flees() -> None:
    """gap-fill: a broken squad failing recovery runs SP x2 toward its own edge (south here);
    leaving the table removes the model."""
    base = scene({"A2.2": (10, 12, 90), "A2.3": (14, 5, 90), "B3.1": (33, 34, 270)})
    base = squad(base, "A2", morale=Morale.BROKEN)
    after = play(base, 0, a.Activate("A2"), [19])
    assert after.model("A2.2").y == pytest.approx(2.0)
    assert not after.model("A2.3").alive


def test_end_activation_deactivates_every_model() -> None:
    """from the rulebook §2: the owner may deactivate models; the squad then ends."""
    state = lone(**{"A2.3": (12.0, 10.0, 90.0)})
    after = play(state, 0, a.EndActivation())
    assert after.squad("A2").activated and after.active_seat == 1


def test_evade_marker_lasts_until_the_next_activation() -> None:
    """from the rulebook §5: the Evade marker is removed at the start of the next activation."""
    state = move(lone(), "A2.2", evading=True)
    assert not play(state, 0, a.Focus("A2.2")).model("A2.2").evading
