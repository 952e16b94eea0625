"""Golden scenarios for abilities the fieldable presets do not carry (or never put to the test).

Each model gets the ability under test by hand (`move(..., abilities=...)`); the dice are fixed
and the log lines are worked out from the rules. Light Infantry (A2): RS 12, CC 13 (line
battalion), LD 13, A 20; Necromutants (B2): RS 14, CC 13, DEF 1, A 24, Heal(5), SP 6.
"""

from __future__ import annotations

import re

import pytest

from games.base import GameError
from games.warzone import actions as a
from games.warzone.mission import controller
from games.warzone.morale import ld_mods
from games.warzone.state import State
from games.warzone.work import Work
from tests.games.warzone.scene import lines, move, play, scene, squad, wall

M50 = "m50_assault_rifle"
KNIFE = "combat_knife_capitol"
FAR = {"B3.1": (33.0, 34.0, 270.0)}
"""A model far off, so that no scene ends by a side being wiped out."""


def duel(**extra: tuple[float, float, float]) -> State:
    """A2.2 at (10,10) facing north, B2.2 6 in away facing south; A2 activated."""
    place = {"A2.2": (10.0, 10.0, 90.0), "B2.2": (10.0, 16.0, 270.0), **FAR, **extra}
    return play(scene(place), 0, a.Activate("A2"))


def in_contact() -> State:
    """A2.2 and B2.2 base to base (gap 0.004 in, within the knife's B2B reach); A2 activated."""
    place = {"A2.2": (10.0, 10.0, 90.0), "B2.2": (10.0, 11.185, 270.0), **FAR}
    return play(scene(place), 0, a.Activate("A2"))


def test_hard_to_hit_lowers_the_shooters_rs() -> None:
    """from the rulebook §7: Hard to Hit(X): Shooting actions against the model get RS -X."""
    state = move(duel(), "B2.2", abilities=("Hard to Hit(2)",))
    after = play(state, 0, a.Shoot("A2.2", M50, ("B2.2",)), [11])
    assert lines(state, after) == [
        "A2.2 M50 Assault Rifle at B2.2: RS 12 +0 SZ -2 Hard to Hit = 10; rolled 11: miss"
    ]


def test_camouflage_adds_to_cover_only() -> None:
    """from the rulebook §7: Camouflage(X) grows a shooter's cover penalty by X; in the open,
    without cover, it does nothing."""
    place = {"A2.2": (10.0, 10.0, 90.0), "B2.2": (10.0, 16.0, 270.0), **FAR}
    covered = play(scene(place, terrain=[wall("w", 13)]), 0, a.Activate("A2"))
    covered = move(covered, "B2.2", abilities=("Camouflage(2)",))
    after = play(covered, 0, a.Shoot("A2.2", M50, ("B2.2",)), [7])
    assert lines(covered, after) == [
        "A2.2 M50 Assault Rifle at B2.2: RS 12 +0 SZ -4 cover (w) -2 Camouflage = 6; rolled 7: miss"
    ]
    open_ground = move(duel(), "B2.2", abilities=("Camouflage(2)",))
    after = play(open_ground, 0, a.Shoot("A2.2", M50, ("B2.2",)), [13])
    assert lines(open_ground, after) == [
        "A2.2 M50 Assault Rifle at B2.2: RS 12 +0 SZ = 12; rolled 13: miss"
    ]


def test_eagle_eye_cancels_penalties_of_a_focused_shot() -> None:
    """from the rulebook §7: with Battle Focus, Eagle Eye(3) ignores up to 3 of the RS
    penalties: heavy cover -4 becomes -1; Crackshot(2) and Battle Focus +2 still count."""
    place = {"A2.2": (10.0, 10.0, 90.0), "B2.2": (10.0, 16.0, 270.0), **FAR}
    state = play(scene(place, terrain=[wall("w", 13)]), 0, a.Activate("A2"))
    state = move(state, "A2.2", abilities=("Crackshot(2)", "Eagle Eye(3)"))
    state = play(state, 0, a.Focus("A2.2"))
    after = play(state, 0, a.Shoot("A2.2", M50, ("B2.2",)), [16])
    assert lines(state, after) == [
        "A2.2 M50 Assault Rifle at B2.2: RS 12 +0 SZ +2 Battle Focus +2 Crackshot -4 cover (w) "
        "+3 Eagle Eye = 15; rolled 16: miss"
    ]


def test_target_sense_and_target_identifier_with_priority() -> None:
    """from the rulebook §2/§7: a non-priority target needs an LD test (B2.2 is nearer than
    B2.3); Target Sense skips the test. Target Identifier(X) (no preset unit has it) adds +X."""
    state = duel(**{"B2.3": (14.0, 18.0, 270.0)})
    after = play(state, 0, a.Shoot("A2.2", M50, ("B2.3",)), [14])
    assert lines(state, after) == [
        "A2.2 target priority: LD 13 = 13; rolled 14: fail",
        "A2.2 fails the priority test: the AP is wasted",
    ]
    sense = move(state, "A2.2", abilities=("Target Sense",))
    after = play(sense, 0, a.Shoot("A2.2", M50, ("B2.3",)), [14])
    assert lines(sense, after) == [
        "A2.2 M50 Assault Rifle at B2.3: RS 12 +0 SZ = 12; rolled 14: miss"
    ]
    spotter = move(state, "A2.2", abilities=("Target Identifier(3)",))
    after = play(spotter, 0, a.Shoot("A2.2", M50, ("B2.3",)), [16, 14])
    assert lines(spotter, after)[0] == (
        "A2.2 target priority: LD 13 +3 Target Identifier = 16; rolled 16: pass"
    )


def test_dissention_lowers_enemy_leadership_within_twelve_inches() -> None:
    """from the rulebook §7: Dissention(2): enemy squads within 12 in test LD -2."""
    state = move(duel(**{"B2.3": (14.0, 18.0, 270.0)}), "B2.2", abilities=("Dissention(2)",))
    after = play(state, 0, a.Shoot("A2.2", M50, ("B2.3",)), [12])
    assert (
        lines(state, after)[0] == "A2.2 target priority: LD 13 -2 Dissention = 11; rolled 12: fail"
    )
    far = move(state, "B2.2", x=30.0, y=30.0)
    assert ld_mods(Work(far), far.squad("A2"))[1] == ()


def test_guardsmen_stand_sentry_for_one_ap() -> None:
    """from a public source: Guardsmen: the Sentry action costs AP(1) instead of AP(2)."""
    state = move(duel(), "A2.2", abilities=("Guardsmen",))
    after = play(state, 0, a.Sentry("A2.2"))
    assert after.model("A2.2").sentry and after.model("A2.2").ap == 1
    plain = play(duel(), 0, a.Sentry("A2.2"))
    assert plain.model("A2.2").ap == 0 and plain.model("A2.2").finished


def test_ranger_ignores_the_difficult_terrain_penalty() -> None:
    """from the rulebook §9: difficult terrain costs 3 in of the move; Ranger ignores it."""
    place = {"A2.2": (10.0, 10.0, 90.0), **FAR}
    state = play(scene(place, terrain=[wall("w", 12)]), 0, a.Activate("A2"))
    with pytest.raises(GameError, match=re.escape("the path is 4.5 in; this move allows 2.0 in")):
        play(state, 0, a.Walk("A2.2", ((10.0, 14.5),)))
    ranger = move(state, "A2.2", abilities=("Ranger",))
    after = play(ranger, 0, a.Walk("A2.2", ((10.0, 14.5),)))
    assert lines(ranger, after) == ["A2.2 moves to (10.0, 14.5)"]


def test_whip_speeds_up_undead_legionnaires_nearby() -> None:
    """from a public source: Undead Legionnaires within 6 in of a model with Whip get SP +1
    (the Necromutant Leader has it; the squad here is turned into Legionnaires, SP 6)."""
    place = {"B2.2": (10.0, 20.0, 270.0), "B1.1": (14.0, 20.0, 270.0), "A3.1": (3.0, 3.0, 90.0)}
    state = play(scene(place, seat=1), 1, a.Activate("B2"))
    state = squad(state, "B2", unit="dl_undead_legionnaires")
    after = play(state, 1, a.Walk("B2.2", ((10.0, 13.1),)))
    assert lines(state, after) == ["B2.2 moves to (10.0, 13.1)"]
    alone = move(state, "B1.1", x=30.0)
    with pytest.raises(GameError, match=re.escape("the path is 6.9 in; this move allows 6.0 in")):
        play(alone, 1, a.Walk("B2.2", ((10.0, 13.1),)))


def test_predator_sense_charges_without_sight() -> None:
    """Predator Sense (no preset unit has it): a charge needs no line of sight; without it a
    3-inch wall between the models forbids the charge."""
    place = {"B2.2": (10.0, 16.0, 270.0), "A2.2": (10.0, 10.0, 90.0), **FAR}
    state = play(scene(place, terrain=[wall("w", 13, height=3.0)], seat=1), 1, a.Activate("B2"))
    with pytest.raises(GameError, match=re.escape("B2.2 must see A2.2 to charge it")):
        play(state, 1, a.Charge("B2.2", "A2.2"))
    sensing = move(state, "B2.2", abilities=("Predator Sense",))
    after = play(sensing, 1, a.Charge("B2.2", "A2.2"))
    assert lines(sensing, after) == ["B2.2 charges A2.2 and is engaged (CCWR 0.01 in)"]


def test_gunslinger_takes_secondary_targets_five_inches_away() -> None:
    """gap-fill, not from the rulebook: secondary targets within 2 in of the primary; Gunslinger
    (no preset unit has it) makes it 5 in. B2.3 stands 3.5 in from B2.2; Onslaught Ammo RoA 2."""
    state = duel(**{"B2.3": (13.5, 16.0, 270.0)})
    state = move(state, "A2.2", weapons=("m50_onslaught_ammo",))
    shot = a.Shoot("A2.2", "m50_onslaught_ammo", ("B2.2", "B2.3"))
    with pytest.raises(GameError, match=re.escape("B2.3 is too far from the primary target")):
        play(state, 0, shot, [19, 19])
    slinger = move(state, "A2.2", abilities=("Gunslinger",))
    after = play(slinger, 0, shot, [19, 19])
    assert [line.split(":")[0] for line in lines(slinger, after)] == [
        "A2.2 M50 Assault Rifle (Onslaught Ammo) at B2.2",
        "A2.2 M50 Assault Rifle (Onslaught Ammo) at B2.3",
    ]


def test_fearless_needs_no_fear_test() -> None:
    """from the rulebook §7: Fear(2) makes the attacker test LD-2 or halve its CC (rounded up:
    13/2 = 7, -1 DEF = 6); Fearless(2) >= Fear(2): no test, full CC 13 - 1 = 12."""
    state = move(in_contact(), "B2.2", abilities=("Fear(2)",))
    after = play(state, 0, a.Fight("A2.2", KNIFE, ("B2.2",)), [12, 5, 20])
    assert lines(state, after)[:2] == [
        "A2.2 Fear test: LD 13 -2 Fear = 11; rolled 12: fail",
        "A2.2 Combat Knife at B2.2: CC 13 /2 Fear +0 SZ -1 DEF = 6; rolled 5: hit",
    ]
    brave = move(state, "A2.2", abilities=("Fearless(2)",))
    after = play(brave, 0, a.Fight("A2.2", KNIFE, ("B2.2",)), [5, 20])
    assert (
        lines(brave, after)[0]
        == "A2.2 Combat Knife at B2.2: CC 13 +0 SZ -1 DEF = 12; rolled 5: hit"
    )


def test_duellist_rerolls_the_first_missed_close_combat_test() -> None:
    """Duellist (no preset unit has it): once a round, a missed CC test is rolled again."""
    state = move(in_contact(), "A2.2", abilities=("Duellist",))
    after = play(state, 0, a.Fight("A2.2", KNIFE, ("B2.2",)), [15, 5, 3])
    assert lines(state, after) == [
        "A2.2 Combat Knife at B2.2: CC 13 +0 SZ -1 DEF = 12; rolled 15: miss",
        "A2.2 Combat Knife at B2.2: CC 13 +0 SZ -1 DEF = 12; rerolled 5: hit",
        "B2.2 save: A 24 -9 ST = 15; rolled 3: pass",
    ]
    assert "Duellist" in after.model("A2.2").used_abilities


def test_frenzy_and_ferocity_after_a_charge() -> None:
    """from the rulebook §7: after charging, Frenzy gives the Necroblade RoA 2+1 and
    Ferocity(2) ST +2: ST 11 +2 blade +2 = 15 against A 20 (TN 5)."""
    place = {"B1.1": (10.0, 14.0, 270.0), "A2.2": (10.0, 10.0, 90.0), "A2.3": (30.0, 4.0, 90.0)}
    state = play(scene(place, seat=1), 1, a.Activate("B1"))
    state = play(state, 1, a.Charge("B1.1", "A2.2"))
    after = play(state, 1, a.Fight("B1.1", "necroblade", ("A2.2",)), [3, 4, 5, 10])
    assert lines(state, after) == [
        "B1.1 Necroblade at A2.2: CC 15 +0 SZ = 15; rolled 3: hit",
        "B1.1 Necroblade at A2.2: CC 15 +0 SZ = 15; rolled 4: hit",
        "B1.1 Necroblade at A2.2: CC 15 +0 SZ = 15; rolled 5: hit",
        "A2.2 save: A 20 -15 ST = 5; rolled 10: fail",
        "A2.2 loses 1 W (0 left)",
        "A2.2 (Light Infantry) is removed as a casualty",
        "hit on A2.2 is lost: already removed",
        "hit on A2.2 is lost: already removed",
    ]


def test_insalubrious_bodily_fluids_spray_the_killer() -> None:
    """from a public source: a removed Necromutant gives every enemy engaged with it an
    automatic ST 10 hit (A 20 - 10 = 10)."""
    state = move(in_contact(), "B2.2", wounds=1)
    after = play(state, 0, a.Fight("A2.2", KNIFE, ("B2.2",)), [1, 13])
    assert lines(state, after)[3:7] == [
        "B2.2 (Necromutants) is removed as a casualty",
        "B2.2's bodily fluids spray the models engaged with it",
        "A2.2 save: A 20 -10 ST = 10; rolled 13: fail",
        "A2.2 loses 1 W (0 left)",
    ]
    assert not after.model("A2.2").alive


def test_brutal_kill_and_contempt_reroll() -> None:
    """from the rulebook §7: a model killed in close combat by a Brutal model makes its squad
    test pinning; Contempt(Dark Legion) rerolls a failed test the Dark Legion caused."""
    place = {"B2.2": (10.0, 11.185, 270.0), "A2.2": (10.0, 10.0, 90.0), "A2.3": (12.0, 8.0, 90.0),
             **FAR}  # fmt: skip
    state = play(scene(place, seat=1), 1, a.Activate("B2"))
    state = move(state, "B2.2", abilities=("Brutal",))
    fight = a.Fight("B2.2", "sectioner_bayonet", ("A2.2",))
    after = play(state, 1, fight, [1, 19, 14])
    assert lines(state, after)[-2:] == [
        "Light Infantry (A2) pinning test: LD 13 = 13; rolled 14: fail",
        "Light Infantry (A2) is pinned",
    ]
    proud = move(state, "A2.3", abilities=("Contempt(Dark Legion)",))
    after = play(proud, 1, fight, [1, 19, 14, 5])
    assert lines(proud, after)[-2:] == [
        "Light Infantry (A2) pinning test: LD 13 = 13; rolled 14: fail",
        "Light Infantry (A2) pinning test: LD 13 = 13; rerolled 5: pass",
    ]
    assert after.squad("A2").morale.value == "steady"


def test_stay_frosty_keeps_ld_after_losing_the_commander() -> None:
    """Stay Frosty (no preset unit has it): no LD -2 for a lost commander."""
    state = squad(duel(**{"A2.3": (12.0, 8.0, 90.0)}), "A2", lost_commander=True)
    assert ld_mods(Work(state), state.squad("A2"))[1][0].label == "lost commander"
    frosty = move(state, "A2.3", abilities=("Stay Frosty",))
    assert ld_mods(Work(frosty), frosty.squad("A2"))[1] == ()


def test_hidden_agenda_models_hold_no_relay() -> None:
    """Hidden Agenda (no preset unit has it): the model does not count for relay control."""
    from dataclasses import replace

    state = replace(scene({"A2.2": (18.0, 17.0, 90.0), **FAR}), objectives=((18.0, 18.0),))
    assert controller(Work(state), (18.0, 18.0)) == 0
    agent = move(state, "A2.2", abilities=("Hidden Agenda",))
    assert controller(Work(agent), (18.0, 18.0)) is None
