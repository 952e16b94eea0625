"""Golden scenarios for commanders, characters, leadership, RES and Heal."""

from __future__ import annotations

import pytest

from games.base import GameError
from games.warzone import actions as a
from games.warzone.abilities import ABILITIES, Source
from games.warzone.morale import ld_mods
from games.warzone.setup import setup
from games.warzone.state import Policy, SentryPolicy
from games.warzone.work import Work
from tests.games.warzone.scene import R, lines, move, play, scene, squad

M50 = "m50_assault_rifle"


def test_leadership_uses_the_army_commander_within_ten_inches() -> None:
    """from the rulebook §4: squads with a model within 10 in of the army commander use his LD
    (Robbins LD 15 against Light Infantry LD 13)."""
    near = scene({"A1.1": (10.0, 10.0, 90.0), "A2.2": (19.0, 10.0, 90.0), "B3.1": (33, 34, 270)})
    far = move(near, "A2.2", x=22.0)
    assert ld_mods(Work(near), near.squad("A2"))[0] == 15
    assert ld_mods(Work(far), far.squad("A2"))[0] == 13


def test_losing_the_commander_gives_ld_minus_two_once() -> None:
    """from the rulebook §4: an acting commander is named and the squad has LD -2 for the game;
    removing the acting commander adds no further -2. gap-fill: the squad then tests break."""
    place = {"A2.1": (10.0, 16.0, 270.0), "A2.2": (14.0, 17.0, 270.0), "A2.3": (6.0, 17.0, 270.0),
             "B2.2": (10.0, 10.0, 90.0)}  # fmt: skip
    state = play(scene(place, seat=1), 1, a.Activate("B2"))
    state = move(state, "A2.1", wounds=1)
    # Short-Ranged Burst: RoA 2 within 12 in (rulebook §8); A 20 - ST 12 = 8
    after = play(state, 1, a.Shoot("B2.2", "belzarach_assault_rifle", ("A2.1",)), [3, 18, 15, 11])
    text = lines(state, after)
    assert "A2.2 becomes acting squad commander and LD -2 for the rest of the game" in text
    assert "Light Infantry (A2) break test: LD 13 -2 lost commander = 11; rolled 11: pass" in text
    assert after.squad("A2").commander == "A2.2"
    work = Work(move(after, "A2.2", alive=False))
    assert (
        ld_mods(work, work.squads["A2"])[1] == (ld_mods(Work(after), after.squad("A2"))[1])
    )  # still a single -2


def test_character_joins_a_squad_and_the_squad_activates_next() -> None:
    """from the rulebook §4: a character moved within coherency joins; an unactivated squad
    activates right after it; not in the first activation of the round."""
    place = {"A1.1": (10.0, 6.0, 90.0), "A2.1": (10.0, 12.0, 90.0), "A3.1": (25.0, 5.0, 90.0),
             "B3.1": (33.0, 34.0, 270.0)}  # fmt: skip
    first = play(scene(place), 0, a.Activate("A1"))
    with pytest.raises(GameError) as error:
        play(first, 0, a.Join("A1", "A2"))
    assert error.value.code == "bad_join"
    state = play(scene(place), 0, a.Activate("A3"))
    state = play(state, 0, a.EndActivation())
    state = play(state, 1, a.Activate("B3"))
    state = play(state, 1, a.EndActivation())
    state = play(state, 0, a.Activate("A1"))
    state = play(state, 0, a.Walk("A1.1", ((10.0, 9.0),)))
    state = play(state, 0, a.Join("A1", "A2"))
    assert state.squad("A1").attached_to == "A2" and state.active_squad == "A2"


def test_character_leaves_by_activating_alone() -> None:
    """from the rulebook §4: activating a joined character alone makes it leave; once a round."""
    place = {"A1.1": (10.0, 6.0, 90.0), "A2.1": (10.0, 8.0, 90.0), "B3.1": (33.0, 34.0, 270.0)}
    state = squad(scene(place), "A1", attached_to="A2", join_round=0)
    after = play(state, 0, a.Activate("A1"))
    assert after.squad("A1").attached_to is None
    assert "Lieutenant Chuck Robbins (A1) leaves Light Infantry (A2)" in lines(state, after)


def test_joined_character_is_guarded_and_lends_its_ld() -> None:
    """from the rulebook §4: the squad may use the joined character's LD; it is Guarded."""
    place = {"A1.1": (10.0, 6.0, 90.0), "A2.2": (30.0, 30.0, 90.0), "B3.1": (33.0, 4.0, 270.0)}
    state = squad(scene(place), "A1", attached_to="A2")
    assert ld_mods(Work(state), state.squad("A2"))[0] == 15


def test_res_cards_from_commander_and_troops() -> None:
    """from the rulebook §6: the army commander gives 4 cards, each troop squad 1."""
    assert setup({}, 2, "x").res_cards == (6, 6)


def test_army_commander_removed_costs_two_cards() -> None:
    """from the rulebook §6: 2 cards are removed with the army commander (owner's choice: spent
    ones first here, gap-fill)."""
    place = {"A1.1": (10.0, 16.0, 270.0), "A2.2": (20.0, 20.0, 90.0), "B2.2": (10.0, 10.0, 90.0)}
    state = move(scene(place, seat=1), "A1.1", wounds=1)
    state = play(state, 1, a.Activate("B2"))
    after = play(state, 1, a.Shoot("B2.2", "belzarach_assault_rifle", ("A1.1",)), [2, 18, 15])
    assert after.res_cards == (4, 6)
    assert "seat 0 loses 2 resource cards: army commander removed" in lines(state, after)


def test_res_use_a_adds_one_ap_at_the_start_only() -> None:
    """from the rulebook §6 A: +1 AP once per model per round, at the start of its activation."""
    state = play(scene({"A2.2": (10, 10, 90), "B3.1": (33, 34, 270)}), 0, a.Activate("A2"))
    after = play(state, 0, a.SpendRes("A2.2"))
    assert after.model("A2.2").ap == 3 and after.res_spent == (1, 0)
    with pytest.raises(GameError) as error:
        play(after, 0, a.SpendRes("A2.2"))
    assert error.value.code == "res_used"


def test_res_use_b_heal_plus_three_for_one_hit() -> None:
    """from the rulebook §6 B: Heal(+3) for one hit; public source IT2: it adds to Heal(5) -> 8."""
    place = {"A2.2": (10.0, 10.0, 90.0), "B2.2": (10.0, 16.0, 270.0), "B3.1": (33, 34, 270)}
    state = squad(scene(place), "B2", policy=Policy(SentryPolicy.FIRE, True, True))
    state = play(state, 0, a.Activate("A2"))
    after = play(state, 0, a.Shoot("A2.2", M50, ("B2.2",)), [5, 15, 8])
    assert "B2.2: Heal 8 = 8; rolled 8: pass" in lines(state, after)
    assert after.res_spent == (0, 1) and after.model("B2.2").alive


def test_heal_is_capped_at_eight() -> None:
    """from the rulebook §7: Heal(X) can never exceed 8 (Leader Heal 6 + 3 = 9 -> 8)."""
    place = {"A2.2": (10.0, 10.0, 90.0), "B1.1": (10.0, 16.0, 270.0)}
    state = squad(scene(place), "B1", policy=Policy(SentryPolicy.FIRE, True, True))
    state = play(state, 0, a.Activate("A2"))
    after = play(state, 0, a.Shoot("A2.2", M50, ("B1.1",)), [5, 15, 9])
    assert "B1.1: Heal 8 = 8; rolled 9: fail" in lines(state, after)


def test_medic_gives_heal_within_five_inches() -> None:
    """from the rulebook §7: friendly models within 5 in of a Medic(X) have Heal(X)."""
    state = scene({"A2.2": (10, 16, 270), "A2.3": (13, 16, 270), "B2.2": (10, 10, 90)}, seat=1)
    state = move(state, "A2.3", abilities=("Medic(3)",))
    state = play(state, 1, a.Activate("B2"))
    after = play(state, 1, a.Shoot("B2.2", "belzarach_assault_rifle", ("A2.2",)), [5, 19, 9, 3])
    assert "A2.2: Heal 3 = 3; rolled 3: pass" in lines(state, after)


def test_black_liquid_syringe_gap_fill() -> None:
    """gap-fill, not from the rulebook: RES(1) at the start of the activation regains 1 lost W."""
    assert ABILITIES["Black Liquid Syringe"].source is Source.GAP_FILL
    state = move(scene({"B1.1": (10, 20, 270), "A2.2": (30, 4, 90)}, seat=1), "B1.1", wounds=2)
    state = play(state, 1, a.Activate("B1"))
    after = play(state, 1, a.UseAbility("B1.1", "Black Liquid Syringe"))
    assert after.model("B1.1").wounds == 3 and after.res_spent == (0, 1)


def test_point_blank_gap_fill() -> None:
    """gap-fill, not from the rulebook: Point-Blank shoots a model it is engaged with."""
    assert ABILITIES["Point-Blank"].source is Source.GAP_FILL
    place = {"A1.1": (10.0, 10.0, 90.0), "B2.2": (10.0, 10.0 + 2 * R + 0.005, 270.0)}
    state = play(scene(place), 0, a.Activate("A1"))
    after = play(state, 0, a.Shoot("A1.1", "m50_onslaught_ammo", ("B2.2",)), [16, 16])
    assert "RS 15 +0 SZ = 15; rolled 16: miss" in lines(state, after)[0]


def test_hail_mary_gap_fill() -> None:
    """gap-fill, not from the rulebook: Hail Mary fires an SE weapon at an unseen point; the RS
    test only checks for a fumble and the template scatters D20/2 in (7 -> 4 in, 20 x 18 = 360°)."""
    assert ABILITIES["Hail Mary"].source is Source.GAP_FILL
    place = {"A1.1": (10.0, 10.0, 90.0), "B2.2": (10.0, 16.0, 270.0), "B3.1": (30.0, 30.0, 90.0)}
    state = play(scene(place), 0, a.Activate("A1"))
    after = play(
        state, 0, a.Blast("A1.1", "fire_grenades", (6.0, 16.0), hail_mary=True), [19, 7, 20, 9]
    )
    text = lines(state, after)
    assert "the template scatters 4 in towards 360 degrees" in text
    assert "under the template: B2.2" in text


def test_guide_them_in_and_right_on_time_have_no_effect() -> None:
    """gap-fill, not from the rulebook: both concern arrivals from reserve, which v1 replaces
    by regular deployment, so fielding them changes nothing."""
    for name in ("Guide Them In", "Right On Time"):
        assert ABILITIES[name].source is Source.GAP_FILL and "no effect" in ABILITIES[name].summary
