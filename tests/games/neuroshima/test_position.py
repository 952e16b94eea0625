"""Relations, nets and module links of a position (position.py, nets.py, modules.py)."""

from __future__ import annotations

from games.neuroshima.position import (
    can_attack,
    can_net,
    can_push,
    is_ally,
    is_enemy,
    module_targets,
    netted,
    tile_bonuses,
)
from tests.games.neuroshima.battle_helpers import at, labels, position

TEAMS = ((0, 2), (1, 3))


def test_duel_relations() -> None:
    p = position(("moloch", "outpost"))
    assert is_enemy(p, 0, 1) and not is_ally(p, 0, 1)
    assert not is_enemy(p, 0, 0) and not is_ally(p, 0, 0)
    assert can_attack(p, 0, 1) and not can_attack(p, 0, 0)


def test_the_neutral_bomber_is_everyones_enemy() -> None:
    p = position(("moloch", "outpost"))
    assert is_enemy(p, 0, None) and is_enemy(p, None, 1)
    assert can_attack(p, 1, None) and can_net(p, 0, None)
    assert not is_ally(p, None, 0)


def test_team_allies_do_not_fight() -> None:
    p = position(("outpost", "borgo", "hegemony", "moloch"), teams=TEAMS)
    assert is_ally(p, 0, 2) and not is_enemy(p, 0, 2)
    assert not can_attack(p, 0, 2) and not can_net(p, 2, 0) and not can_push(p, 0, 2)
    assert is_enemy(p, 0, 1) and can_attack(p, 0, 3)


def test_moloch_alliance() -> None:
    p = position(("moloch", "outpost", "hegemony", "borgo"), teams=TEAMS)
    assert is_ally(p, 0, 2) and not is_enemy(p, 0, 2)
    assert can_attack(p, 0, 2), "Moloch hits his allies"
    assert not can_attack(p, 2, 0), "the allies do not hit Moloch"
    assert can_net(p, 0, 2) and can_net(p, 2, 0), "they always net each other"
    assert can_push(p, 2, 0) and can_push(p, 0, 2)


def test_net_holds_an_enemy_not_an_ally() -> None:
    p = position(
        ("outpost", "borgo", "hegemony", "moloch"),
        ("C3", "hegemony.net_fighter", 2, 0),
        ("C2", "outpost.runner", 0, 0),
        teams=TEAMS,
    )
    assert netted(p) == frozenset()
    p = position(
        ("outpost", "borgo", "hegemony", "moloch"),
        ("C3", "hegemony.net_fighter", 2, 0),
        ("C2", "borgo.mutant", 1, 0),
        teams=TEAMS,
    )
    assert labels(netted(p)) == {"C2"}


def test_mutual_nets_do_not_disable_each_other() -> None:
    p = position(
        ("moloch", "hegemony"),
        ("C3", "hegemony.net_fighter", 1, 0),
        ("C2", "moloch.net_fighter", 0, 3),
        ("D2", "hegemony.runner", 1, 5),
    )
    assert labels(netted(p)) == {"D2"}


def test_a_netted_net_tile_nets_nothing() -> None:
    p = position(
        ("moloch", "hegemony"),
        ("C1", "hegemony.net_fighter", 1, 3),
        ("C2", "moloch.net_fighter", 0, 3),
        ("D2", "hegemony.runner", 1, 5),
    )
    assert labels(netted(p)) == {"C2"}


def test_a_ring_of_three_nets_cancels() -> None:
    p = position(
        ("moloch", "hegemony", "borgo"),
        ("C3", "moloch.net_fighter", 0, 0),
        ("C2", "hegemony.net_fighter", 1, 2),
        ("D2", "borgo.net_fighter", 2, 4),
        ("B2", "hegemony.runner", 1, 0),
    )
    # The ring's own nets cancel; the Moloch Net Fighter's second net still holds the Runner.
    assert labels(netted(p)) == {"B2"}


def test_a_ring_broken_from_outside_follows_the_ordinary_rules() -> None:
    p = position(
        ("moloch", "hegemony", "borgo"),
        ("C3", "moloch.net_fighter", 0, 0),
        ("C2", "hegemony.net_fighter", 1, 2),
        ("D2", "borgo.net_fighter", 2, 4),
        ("E1", "moloch.net_fighter", 0, 4),
    )
    # E1 nets the Borgo Net Fighter on D2 (and nothing nets E1): D2 is off, so C3 is free and
    # nets C2, whose net on D2 no longer matters.
    assert labels(netted(p)) == {"D2", "C2"}


def test_long_links_reach_two_hexes_over_anything() -> None:
    p = position(
        ("ddm2e", "outpost"),
        ("C1", "ddm2e.officer", 0, 3),
        ("C2", "outpost.runner", 1, 0),
        ("C3", "ddm2e.beta_shooter", 0, 3),
    )
    links = module_targets(p)
    assert labels(links[at("C1")].hexes) == {"C2", "C3"}
    bonus = tile_bonuses(p)
    assert bonus[at("C3")].ranged == 1
    assert at("C2") not in bonus


def test_a_netted_module_does_not_work() -> None:
    p = position(
        ("moloch", "hegemony"),
        ("C4", "hegemony.scout", 1, 0),
        ("C3", "hegemony.runner", 1, 0),
        ("C5", "moloch.net_fighter", 0, 0),
    )
    assert at("C4") not in module_targets(p)
    assert at("C3") not in tile_bonuses(p)


def test_scoper_takes_over_an_enemy_module() -> None:
    p = position(
        ("moloch", "outpost"),
        ("C3", "moloch.officer", 0, 0),
        ("B3", "outpost.scoper", 1, 0),
        ("C4", "outpost.commando", 1, 3),
        ("D2", "moloch.cyborg", 0, 2),
    )
    links = module_targets(p)
    assert links[at("C3")].controller == 1
    bonus = tile_bonuses(p)
    assert bonus[at("C4")].ranged == 1
    assert at("D2") not in bonus


def test_a_scoper_is_never_taken_over() -> None:
    p = position(
        ("outpost", "outpost"),
        ("C3", "outpost.scoper", 0, 0),
        ("C2", "outpost.scoper", 1, 0),
    )
    links = module_targets(p)
    assert links[at("C3")].controller == 0 and links[at("C2")].controller == 1


def test_saboteur_lowers_enemy_initiative_only() -> None:
    p = position(
        ("moloch", "outpost"),
        ("D2", "outpost.saboteur", 1, 0),
        ("C2", "moloch.hunter_killer", 0, 0),
        ("C3", "outpost.runner", 1, 0),
    )
    bonus = tile_bonuses(p)
    assert bonus[at("C2")].initiative == -1
    assert at("C3") not in bonus


def test_hq_ability_reaches_adjacent_friendly_units_not_itself() -> None:
    p = position(
        ("borgo", "outpost"),
        ("C3", "borgo.hq", 0, 0),
        ("C2", "borgo.mutant", 0, 0),
        ("C4", "outpost.runner", 1, 0),
    )
    bonus = tile_bonuses(p)
    assert bonus[at("C2")].initiative == 1
    assert at("C3") not in bonus and at("C4") not in bonus


def test_a_netted_hq_gives_no_ability() -> None:
    p = position(
        ("borgo", "hegemony"),
        ("C3", "borgo.hq", 0, 0),
        ("C4", "borgo.mutant", 0, 0),
        ("C2", "hegemony.net_fighter", 1, 3),
    )
    assert labels(netted(p)) == {"C3"}
    assert at("C4") not in tile_bonuses(p)


def test_medic_protects_friendly_modules_for_chains() -> None:
    p = position(
        ("moloch", "outpost"),
        ("C3", "moloch.medic", 0, 3),
        ("C2", "moloch.medic", 0, 3),
        ("C4", "moloch.hunter_killer", 0, 1),
    )
    bonus = tile_bonuses(p)
    assert bonus[at("C4")].medics == (at("C3"),)
    assert bonus[at("C3")].medics == (at("C2"),)
