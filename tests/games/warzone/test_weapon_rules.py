"""Golden scenarios for weapon rules and saves no preset unit puts to the test on its own.

Rules carried by no weapon in the profiles (Exploit, Pinning, Gas, Poison, Headshot) are tried on
a test weapon through the damage resolution itself (`resolve_hits` on fixed dice); the others are
played as actions. Light Infantry: A 20, W 1; Robbins (A1.1): CON 10, W 3, Gas Mask.
"""

from __future__ import annotations

from dataclasses import replace

from games.warzone import actions as a
from games.warzone.damage import Hit, resolve_hits, settle_morale
from games.warzone.dice import Dice
from games.warzone.profiles import Weapon
from games.warzone.state import State
from games.warzone.work import Work
from tests.games.warzone.scene import lines, move, play, scene, squad

FAR = {"B3.1": (33.0, 34.0, 270.0)}
HUE = ("hue_missile_launcher", "hue_missile_launcher_av")


def rifle_with(*rules: str) -> Weapon:
    """A plain rifle (R 24, ST 12, RoA 1) carrying the rules under test."""
    return Weapon("test_gun", "Test Gun", "24", "12", 1, "A", rules)


def hit(state: State, target: str, weapon: Weapon, dice: list[int], **kw: object) -> list[str]:
    """Resolve one hit (ST 12 unless told) on fixed dice; every die must be used."""
    work = Work(state, Dice(tuple(dice)))
    st = int(str(kw.pop("st", 12)))
    resolve_hits(work, [Hit(target, st, weapon, **kw)])  # type: ignore[arg-type]
    settle_morale(work)
    assert work.dice.used == len(dice)
    return [line.text for line in work.lines]


def table() -> State:
    """Robbins and two Light Infantry of A2 (A2.1 the commander out of play)."""
    return scene({"A1.1": (10.0, 10.0, 90.0), "A2.2": (20.0, 10.0, 90.0),
                  "A2.3": (22.0, 10.0, 90.0), "B2.2": (10.0, 20.0, 270.0), **FAR})  # fmt: skip


def test_critical_force_costs_two_wounds_each_healed_apart() -> None:
    """from the rulebook §8: Critical Force(2): a failed save loses 2 W, Heal rolled per W
    (the Banshee Blade, a Sea Lions weapon, in a Light Infantry's hands: CC 13 - 2 DEF)."""
    place = {"A2.2": (10.0, 10.0, 90.0), "B1.1": (10.0, 11.3, 270.0), **FAR}
    state = play(scene(place), 0, a.Activate("A2"))
    state = move(state, "A2.2", weapons=("modified_banshee_blade",))
    after = play(state, 0, a.Fight("A2.2", "modified_banshee_blade", ("B1.1",)),
                 [5, 19, 19, 20, 2, 9])  # fmt: skip
    assert lines(state, after)[3:] == [
        "B1.1 save: A 24 -10 ST = 14; rolled 20: fail (fumble)",
        "B1.1: Heal 6 = 6; rolled 2: pass",
        "B1.1: Heal 6 = 6; rolled 9: fail",
        "B1.1 loses 1 W (2 left)",
    ]


def test_deadly_hits_allow_no_heal() -> None:
    """from the rulebook §8: no Heal test against a Deadly hit (the Necroblade); the same hit
    from the Sectioner Bayonet lets Heal(5) be rolled."""
    place = {"B1.1": (10.0, 11.185, 270.0), "A2.2": (10.0, 10.0, 90.0), "A2.3": (30.0, 4.0, 90.0)}
    state = play(scene(place, seat=1), 1, a.Activate("B1"))
    state = move(state, "A2.2", abilities=("Heal(5)",))
    deadly = play(state, 1, a.Fight("B1.1", "necroblade", ("A2.2",)), [3, 18, 10])
    assert lines(state, deadly)[2:] == [
        "A2.2 save: A 20 -13 ST = 7; rolled 10: fail",
        "A2.2 loses 1 W (0 left)",
        "A2.2 (Light Infantry) is removed as a casualty",
    ]
    state = move(state, "B1.1", weapons=("sectioner_bayonet",))
    plain = play(state, 1, a.Fight("B1.1", "sectioner_bayonet", ("A2.2",)), [3, 18, 10, 4])
    assert lines(state, plain)[3] == "A2.2: Heal 5 = 5; rolled 4: pass"


def test_exploit_rerolls_a_passed_save() -> None:
    """from the rulebook §8: a successful save against an Exploit hit is rerolled."""
    assert hit(table(), "A2.2", rifle_with("Exploit"), [5, 15])[:3] == [
        "A2.2 save: A 20 -12 ST = 8; rolled 5: pass",
        "A2.2 save: A 20 -12 ST = 8; rerolled 15: fail",
        "A2.2 loses 1 W (0 left)",
    ]


def test_pinning_kill_tests_the_squad_and_unbreakable_passes() -> None:
    """from the rulebook §8: a model brought to 0 W by a Pinning weapon makes its squad test
    pinning (LD 13: Robbins is 10 in away, so his LD 15 does not count); Unbreakable passes."""
    assert hit(table(), "A2.2", rifle_with("Pinning"), [15, 14])[-2:] == [
        "Light Infantry (A2) pinning test: LD 13 = 13; rolled 14: fail",
        "Light Infantry (A2) is pinned",
    ]
    steady = move(table(), "A2.3", abilities=("Unbreakable",))
    assert hit(steady, "A2.2", rifle_with("Pinning"), [15])[-1] == (
        "Light Infantry (A2) pinning test: passes automatically (Unbreakable)"
    )


def test_disposable_commander_passes_the_break_test() -> None:
    """gap-fill: a squad reduced to half its models tests break; from the rulebook §7: a squad
    whose commander is Disposable passes it (A2 counted as four models, two already gone)."""
    place = {"A2.1": (20.0, 10.0, 90.0), "A2.2": (22.0, 10.0, 90.0), "B2.2": (10.0, 20.0, 270.0),
             **FAR}  # fmt: skip
    state = squad(scene(place), "A2", broke_at_half=False, models=("A2.1", "A2.2", "A2.3", "A2.4"))
    assert hit(state, "A2.2", rifle_with(), [15, 14])[-2:] == [
        "Light Infantry (A2) break test: LD 13 = 13; rolled 14: fail",
        "Light Infantry (A2) is broken",
    ]
    disposable = move(state, "A2.1", abilities=("Disposable",))
    assert hit(disposable, "A2.2", rifle_with(), [15])[-1] == (
        "Light Infantry (A2) break test: passes automatically (Disposable)"
    )


def test_gas_is_saved_on_con_and_a_gas_mask_rerolls() -> None:
    """from the rulebook §8/§7: Gas and Poison hits are saved on CON - ST (10 - 4 = 6); a Gas
    Mask rerolls a failed test against Gas, not against Poison."""
    gas = Weapon("gas", "Gas Gun", "12", "4", 1, "A", ("Gas",))
    assert hit(table(), "A1.1", gas, [9, 3], st=4) == [
        "A1.1 save: CON 10 -4 ST = 6; rolled 9: fail",
        "A1.1 save: CON 10 -4 ST = 6; rerolled 3: pass",
    ]
    poison = Weapon("poison", "Poison Gun", "12", "4", 1, "A", ("Poison",))
    assert hit(table(), "A1.1", poison, [9], st=4) == [
        "A1.1 save: CON 10 -4 ST = 6; rolled 9: fail",
        "A1.1 loses 1 W (2 left)",
    ]


def test_headshot_power_hit_costs_two_wounds() -> None:
    """Headshot (no preset weapon has it): a power shot hit has at least Critical Force(2)."""
    assert hit(table(), "A1.1", rifle_with("Headshot"), [], power=True) == [
        "A1.1: power shot, no saving roll",
        "A1.1 loses 1 W (2 left)",
        "A1.1 loses 1 W (1 left)",
    ]


def test_reload_empties_both_weapon_modes_and_costs_its_res() -> None:
    """from a public source: after firing, a Reload(2) weapon is empty, and so is every mode of
    the same Weapon Mode (HU-E, from the rulebook §8); RES(2) at the start of an activation
    reloads it."""
    place = {"A1.1": (10.0, 10.0, 90.0), "B2.2": (10.0, 20.0, 270.0), **FAR}
    state = play(scene(place), 0, a.Activate("A1"))
    fired = play(state, 0, a.Blast("A1.1", "hue_missile_launcher", (10.0, 20.0)), [4, 15, 3])
    assert lines(state, fired) == [
        "A1.1 HU-E Missile Launcher at (10.0, 20.0): RS 15 = 15; rolled 4: on target",
        "under the template: B2.2",
        "B2.2 save: A 24 -12 ST = 12; rolled 15: fail",
        "B2.2: Heal 5 = 5; rolled 3: pass",
        "HU-E Missile Launcher is empty",
    ]
    assert fired.model("A1.1").empty == HUE
    empty = move(state, "A1.1", empty=HUE)
    reloaded = play(empty, 0, a.UseAbility("A1.1", "Reload"))
    assert lines(empty, reloaded) == ["A1.1 uses 2 RES: reload"]
    assert reloaded.model("A1.1").empty == () and reloaded.res_spent == (2, 0)


def test_swarm_of_flies_blinds_the_squad_under_the_template() -> None:
    """from a public source: no damage; a squad with a model under the template has RS and CC
    -4 for the round (ST/SE: thrown up to ST 9 in, long range beyond 4.5 in)."""
    place = {"B2.2": (10.0, 16.0, 270.0), "A2.2": (10.0, 10.0, 90.0), "A2.3": (11.5, 10.0, 90.0),
             **FAR}  # fmt: skip
    state = play(scene(place, seat=1), 1, a.Activate("B2"))
    after = play(state, 1, a.Blast("B2.2", "grenade_of_flies", (10.7, 10.0)), [5])
    assert lines(state, after) == [
        "B2.2 Grenade of Flies at (10.7, 10.0): RS 14 -2 long range = 12; rolled 5: on target",
        "under the template: A2.2, A2.3",
        "Light Infantry (A2) is swarmed by flies: RS and CC -4 this round",
    ]
    mine = play(replace(after, active_seat=0, active_squad=None), 0, a.Activate("A2"))
    shot = play(mine, 0, a.Shoot("A2.2", "m50_assault_rifle", ("B2.2",)), [9])
    assert lines(mine, shot) == [
        "A2.2 M50 Assault Rifle at B2.2: RS 12 +0 SZ -4 flies = 8; rolled 9: miss"
    ]
