"""Golden scenarios for tests, modifiers and shooting, worked out by hand from the rules text.

Light Infantry (A2, line battalion): RS 12, Crackshot(2), A 20, 30 mm bases (r = 0.59 in).
Necromutants (B2, B3): RS 14, A 24, Heal(5), DEF 1. M50: R 24, ST 10, RoA 1, (A).
"""

from __future__ import annotations

import pytest

from games.base import GameError
from games.warzone.actions import Activate, Focus, Shoot
from games.warzone.dice import Dice, Mod, Op, judge, target_number
from games.warzone.menu import legal_actions
from tests.games.warzone.scene import lines, move, play, scene, wall

M50 = "m50_assault_rifle"


def duel(**extra: tuple[float, float, float]) -> object:
    """A2.2 at (10,10) facing north, B2.2 6 in away facing south, B3.1 far off (no wipe-out)."""
    place = {"A2.2": (10.0, 10.0, 90.0), "B2.2": (10.0, 16.0, 270.0), "B3.1": (33.0, 34.0, 270.0)}
    place.update(extra)
    return play(scene(place), 0, Activate("A2"))


def test_d20_roll_under_with_power_shot_and_fumble() -> None:
    """D20 tests: roll <= TN passes; 1 always passes; 20 always fails (from the rulebook §1)."""
    assert judge(12, "RS", 12).success and not judge(13, "RS", 12).success
    assert judge(1, "RS", 3, (Mod("cover", -4),)).success  # TN 1 after the floor; 1 passes
    assert judge(1, "RS", 3).power and judge(20, "RS", 20).fumble
    assert not judge(20, "RS", 20).success  # 20 fails even against 20


def test_modifier_order_and_rounding() -> None:
    """Multiply/divide before add/subtract, division rounds up (from the rulebook §1-2)."""
    assert target_number(3, (Mod("x", 2, Op.MUL), Mod("y", 2))) == 8  # the book's 3x2+2=8
    assert target_number(13, (Mod("SZ", 1), Mod("Fear", 2, Op.DIV))) == 8  # ceil(13/2)=7, +1
    assert target_number(15, (Mod("half", 2, Op.DIV),)) == 8  # 7.5 rounds up


def test_attribute_floor_and_caps() -> None:
    """No attribute below 1; none but A above 20 (from the rulebook §1)."""
    assert target_number(5, (Mod("cover", -9),)) == 1
    assert target_number(19, (Mod("focus", 4),)) == 20
    assert target_number(24, (Mod("ST", 2),), cap=None) == 26  # armour is not capped


def test_single_reroll() -> None:
    """A rerolled die cannot be rerolled; the new result stands even if worse (from the rulebook
    §1)."""
    dice = Dice((15, 18))
    first = dice.test("CC", 12)
    again = dice.reroll(first)
    assert not first.success and not again.success and again.rerolled and again.die == 18
    with pytest.raises(ValueError):
        dice.reroll(again)


def test_golden_shot_save_and_heal() -> None:
    """RS 12 + SZ 0 = 12; A 24 - ST 10 = 14; failed save then Heal(5) (from the rulebook §1, §7)."""
    state = duel()
    after = play(state, 0, Shoot("A2.2", M50, ("B2.2",)), [7, 15, 3])
    assert lines(state, after) == [
        "A2.2 M50 Assault Rifle at B2.2: RS 12 +0 SZ = 12; rolled 7: hit",
        "B2.2 save: A 24 -10 ST = 14; rolled 15: fail",
        "B2.2: Heal 5 = 5; rolled 3: pass",
    ]
    assert after.model("B2.2").wounds == 1 and after.model("A2.2").ap == 1


def test_power_shot_skips_save_and_heal_and_costs_a_troop_card() -> None:
    """Power shot: no saving roll of any kind (from the rulebook §1, Heal §7); a destroyed troop
    squad
    removes a RES card and the points go to the body count (from the rulebook §6, §2)."""
    state = duel()
    after = play(state, 0, Shoot("A2.2", M50, ("B2.2",)), [1])
    text = lines(state, after)
    assert "B2.2: power shot, no saving roll" in text
    assert not after.model("B2.2").alive
    assert after.res_cards == (6, 5) and after.body_count == (20, 0)


def test_fumble_ends_the_models_activation() -> None:
    """A 20 in an activation: no more AP, deactivated after the action (from the rulebook §1)."""
    state = duel()
    after = play(state, 0, Shoot("A2.2", M50, ("B2.2",)), [20])
    assert "A2.2 fumbled: no more AP this round" in lines(state, after)
    assert after.model("A2.2").finished and after.active_squad is None and after.active_seat == 1


def test_long_range_penalty_beyond_half_range() -> None:
    """Beyond half R, RS -2 (from a public source: IT2): gap 15 - 1.18 = 13.8 in > 12 in."""
    state = play(scene({"A2.2": (10, 5, 90), "B2.2": (10, 20, 270)}), 0, Activate("A2"))
    after = play(state, 0, Shoot("A2.2", M50, ("B2.2",)), [11])
    assert lines(state, after)[0].endswith("RS 12 +0 SZ -2 long range = 10; rolled 11: miss")


@pytest.mark.parametrize(("cover", "tn"), [("heavy", 8), ("light", 10)])
def test_cover_classes(cover: str, tn: int) -> None:
    """Cover: light -2, heavy -4 (from a public source: IT2); the wall (0.8 in) is lower than the SZ
    0
    silhouette (1.25 in, gap-fill, not from the rulebook) so it gives cover without blocking."""
    state = scene({"A2.2": (10, 10, 90), "B2.2": (10, 16, 270)}, terrain=[wall("w", 13, cover)])
    state = play(state, 0, Activate("A2"))
    after = play(state, 0, Shoot("A2.2", M50, ("B2.2",)), [tn + 1])
    assert lines(state, after)[0].endswith(f"= {tn}; rolled {tn + 1}: miss")


def test_cover_is_not_cumulative() -> None:
    """Light + heavy obstacles: only the worst (-4) applies (from a public source: IT2)."""
    terrain = [wall("a", 12.5, "light"), wall("b", 14.0, "heavy")]
    state = play(scene({"A2.2": (10, 10, 90), "B2.2": (10, 16.5, 270)}, terrain=terrain), 0,
                 Activate("A2"))  # fmt: skip
    after = play(state, 0, Shoot("A2.2", M50, ("B2.2",)), [8, 10])
    assert lines(state, after)[0].endswith("RS 12 +0 SZ -4 cover (b) = 8; rolled 8: hit")


def test_more_than_three_obstacles_hit_only_on_a_natural_one() -> None:
    """Four walls on the line: only a 1 hits (from a public source: IT2); a 5 misses though TN is
    8."""
    terrain = [wall(k, y, "light") for k, y in (("a", 8), ("b", 11), ("c", 14), ("d", 17))]
    state = play(scene({"A2.2": (10, 4, 90), "B2.2": (10, 20, 270)}, terrain=terrain), 0,
                 Activate("A2"))  # fmt: skip
    after = play(state, 0, Shoot("A2.2", M50, ("B2.2",)), [5])
    assert lines(state, after)[0] == (
        "A2.2 M50 Assault Rifle at B2.2 (>3 obstacles): "
        "RS 12 +0 SZ -2 long range -2 cover (a) = 8; rolled 5: miss"
    )


def test_battle_focus_adds_two_to_rs_and_st_and_crackshot() -> None:
    """Battle Focus +2 RS and weapon ST for one roll; Crackshot(2) adds RS (from the rulebook §5,
    §7):
    TN 12 + 2 + 2 = 16; save A 24 - (10 + 2) = 12."""
    state = duel()
    state = play(state, 0, Focus("A2.2"))
    after = play(state, 0, Shoot("A2.2", M50, ("B2.2",)), [16, 13, 6])
    assert lines(state, after)[:2] == [
        "A2.2 M50 Assault Rifle at B2.2: RS 12 +0 SZ +2 Battle Focus +2 Crackshot = 16; "
        "rolled 16: hit",
        "B2.2 save: A 24 -12 ST = 12; rolled 13: fail",
    ]
    assert after.model("A2.2").ap == 0 and after.model("A2.2").finished


def test_rapid_fire_costs_two_ap_and_adds_one_roa_at_rs_minus_four() -> None:
    """Rapid Fire AP(2): (A) weapon RoA +1, RS -4; counts as Shooting (from the rulebook §5)."""
    state = duel()
    after = play(state, 0, Shoot("A2.2", M50, ("B2.2",), rapid=True), [8, 9, 14])
    text = lines(state, after)
    assert text[0].endswith("RS 12 +0 SZ -4 Rapid Fire = 8; rolled 8: hit")
    assert text[1].endswith("RS 12 +0 SZ -4 Rapid Fire = 8; rolled 9: miss")
    assert text[2] == "B2.2 save: A 24 -10 ST = 14; rolled 14: pass"
    assert after.model("A2.2").finished and "shooting" in after.model("A2.2").actions


def test_evade_gives_shooters_minus_two() -> None:
    """Evade: shooters at the model get RS -2 until its next activation (from the rulebook §5)."""
    state = move(duel(), "B2.2", evading=True)
    after = play(state, 0, Shoot("A2.2", M50, ("B2.2",)), [11])
    assert lines(state, after)[0].endswith("RS 12 +0 SZ -2 Evade = 10; rolled 11: miss")


def test_intervening_model_gives_heavy_cover_but_never_blocks() -> None:
    """SZ <= 3 models give cover, never block (from the rulebook §1); models are -4 (from a public
    source: BSD)."""
    state = duel(**{"A2.3": (10.0, 13.0, 90.0)})
    after = play(state, 0, Shoot("A2.2", M50, ("B2.2",)), [9])
    assert lines(state, after)[0].endswith("-4 cover (A2.3) = 8; rolled 9: miss")


def test_target_priority_needs_an_ld_test_and_a_failure_wastes_the_ap() -> None:
    """Nearest or largest enemy within 12 in; else pass LD or waste the AP, and the action may
    be taken again, but only against another target (cs "mohou ale stejnou akci provést znovu,
    ovšem proti jinému cíli"). Equal SZ: only the nearest binds (our reading, rulings.md)."""
    state = duel(**{"B2.3": (14.0, 19.0, 270.0)})  # B2.2 is nearer
    after = play(state, 0, Shoot("A2.2", M50, ("B2.3",)), [14])
    assert lines(state, after) == [
        "A2.2 target priority: LD 13 = 13; rolled 14: fail",
        "A2.2 fails the priority test: the AP is wasted",
    ]
    assert after.model("A2.2").ap == 1 and "shooting" not in after.model("A2.2").actions
    with pytest.raises(GameError) as refused:
        play(after, 0, Shoot("A2.2", M50, ("B2.3",)), [13, 15])
    assert refused.value.code == "priority_refused"
    offered = [x for x in legal_actions(after, 0) if isinstance(x, Shoot) and x.model == "A2.2"]
    assert offered and all(x.targets == ("B2.2",) for x in offered)
    again = play(after, 0, Shoot("A2.2", M50, ("B2.2",)), [15])
    assert lines(after, again)[0].startswith("A2.2 M50 Assault Rifle at B2.2: RS 12")  # no LD


def test_shooting_rules_out_engaged_and_out_of_arc_targets() -> None:
    """Front arc only (from the rulebook §1); engaged enemies cannot be shot (gap-fill, not from the
    rulebook)."""
    state = duel(**{"B2.3": (10.0, 6.0, 90.0)})  # behind A2.2
    with pytest.raises(GameError, match=r"outside A2\.2's front arc"):
        play(state, 0, Shoot("A2.2", M50, ("B2.3",)))
    engaged = duel(**{"A2.3": (10.0, 16.0 - 2 * 0.5906 - 0.005, 90.0)})
    with pytest.raises(GameError, match="engaged in close combat"):
        play(engaged, 0, Shoot("A2.2", M50, ("B2.2",)))


def test_res_use_d_adds_one_roa_and_is_one_per_model_per_round() -> None:
    """RES D: one weapon RoA +1 before shooting; one RES per model per round (from the rulebook
    §6)."""
    state = duel()
    after = play(state, 0, Shoot("A2.2", M50, ("B2.2",), res_roa=True), [12, 13, 14])
    assert after.res_spent == (1, 0) and after.model("A2.2").res_used
    assert len([t for t in lines(state, after) if "RS 12" in t]) == 2  # RoA 1 + 1
    from games.warzone.actions import SpendRes

    with pytest.raises(GameError) as error:
        play(after, 0, SpendRes("A2.2"))
    assert error.value.code == "too_late"


def test_a_charge_refused_by_target_priority_may_go_only_at_another_target() -> None:
    """The same reading for Charge: a failed LD test wastes the AP and bars that target."""
    from games.warzone.actions import Charge

    state = duel(**{"B2.3": (12.0, 19.0, 270.0)})  # B2.2 is nearer: B2.3 needs the LD test
    after = play(state, 0, Charge("A2.2", "B2.3"), [14])
    assert "A2.2 fails the priority test: the AP is wasted" in lines(state, after)
    with pytest.raises(GameError) as refused:
        play(after, 0, Charge("A2.2", "B2.3"), [1])
    assert refused.value.code == "priority_refused"
    charges = [x for x in legal_actions(after, 0) if isinstance(x, Charge)]
    assert all(x.target != "B2.3" for x in charges)
