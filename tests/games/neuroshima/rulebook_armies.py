"""The rulebook's army lists and printed tile edges, typed in by hand from the Czech rulebook.

Kept apart from the JSON data on purpose: test_tile_data.py compares the two, so a typo in either
fails there. Instants have Czech names only in the rulebook; the English keys are its glosses.
"""

from __future__ import annotations

from games.neuroshima.tiles import Edge

# army -> (instants, units, modules), name -> count; the HQ is the 35th tile.
RULEBOOK: dict[str, tuple[dict[str, int], dict[str, int], dict[str, int]]] = {
    "moloch": (
        {"Battle": 4, "Move": 1, "Push Back": 5, "Air Strike": 1},
        {
            "Blocker": 2,
            "Cyborg": 2,
            "Gauss Cannon": 1,
            "Juggernaut": 1,
            # The list gives no count for the Clown; 1 is the only count that makes 35.
            "The Clown": 1,
            "Hunter-Killer": 2,
            "Protector": 1,
            "Armored Hunter": 2,
            "Armored Guard": 1,
            "Ripper": 1,
            "Net Fighter": 1,
            "Stormtrooper": 1,
            "Guard": 1,
        },
        {"The Brain": 1, "Officer": 1, "Scout": 1, "Medic": 2, "Mother Module": 1},
    ),
    "outpost": (
        {"Battle": 6, "Move": 7, "Sniper": 1},
        {
            "Runner": 2,
            "HMG": 1,
            "Commando": 5,
            "Annihilator": 2,
            "Mobile Armor": 1,
            "Brawler": 1,
        },
        {
            "Recon Center": 1,
            "Saboteur": 1,
            "Medic": 2,
            "Officer": 1,
            "Scoper": 1,
            "Scout": 2,
        },
    ),
    "borgo": (
        {"Battle": 6, "Move": 4, "Grenade": 1},
        {
            "Mutant": 6,
            "Butcher": 4,
            "Net Fighter": 2,
            "Brawler": 2,
            "Super Mutant": 1,
            "Assassin": 2,
        },
        {"Medic": 1, "Officer": 2, "Super-officer": 1, "Scout": 2},
    ),
    "hegemony": (
        {"Battle": 5, "Move": 3, "Push Back": 2, "Sniper": 1},
        {
            "Runner": 3,
            "Thug": 1,
            "Ganger": 4,
            "Gladiator": 1,
            "Net Fighter": 2,
            "Guard": 1,
            "Net Master": 1,
            "Universal Soldier": 3,
        },
        {
            "The Boss": 1,
            "Quartermaster": 1,
            "Officer I": 2,
            "Officer II": 1,
            "Transport": 1,
            "Scout": 1,
        },
    ),
    "ddm2e": (
        {"Battle": 3, "Push Back": 1, "Grab": 1, "Repositioning": 1},
        {
            # The rulebook spells it "Alfa Shooter".
            "Alpha Shooter": 2,
            "Beta Shooter": 2,
            "Gamma Shooter": 1,
            "Delta Shooter": 1,
            "Omega Shooter": 2,
            "Doom Net Fighter": 2,
            "Pusher": 2,
            "Tripler": 1,
        },
        {"Officer": 7, "Scout": 2, "Medic": 4, "Main War Processor": 2},
    ),
}

# Not in the Czech rulebook: the 3.0 Doomsday Machine (armies.yaml), kept for battle scenarios.
DOOMSDAY_3_0: tuple[dict[str, int], dict[str, int], dict[str, int]] = (
    {"Battle": 4, "Push Back": 1, "Small Bomb": 1},
    {
        "Alpha Shooter": 2,
        "Gamma Shooter": 1,
        "Delta Shooter": 1,
        "Omega Shooter": 4,
        "Gauss Cannon": 2,
        "Doom Net Fighter": 2,
        "Fireblast": 2,
        "Tripler": 2,
    },
    {"Trap": 1, "Medic": 5, "Officer": 2, "Scout": 2, "Main War Processor": 2},
)


PER_EDGE: list[tuple[str, dict[int, Edge]]] = [
    ("moloch.gauss_cannon", {0: Edge(gauss=1)}),
    ("moloch.clown", {0: Edge(melee=1), 5: Edge(melee=1)}),
    ("moloch.armored_guard", {0: Edge(armor=True), 1: Edge(ranged=1), 5: Edge(ranged=1)}),
    ("moloch.guard", {0: Edge(ranged=1), 5: Edge(ranged=1)}),
    ("moloch.net_fighter", {0: Edge(net=True), 5: Edge(net=True)}),
    ("moloch.officer", {1: Edge(link=1), 3: Edge(link=1), 5: Edge(link=1)}),
    ("moloch.mother_module", {0: Edge(link=1)}),
    ("outpost.annihilator", {0: Edge(ranged=2)}),
    ("outpost.saboteur", {d: Edge(link=1) for d in range(6)}),
    ("borgo.net_fighter", {0: Edge(melee=3, net=True)}),
    (
        "borgo.super_mutant",
        {0: Edge(melee=2, armor=True), 1: Edge(melee=1, armor=True), 5: Edge(melee=1, armor=True)},
    ),
    ("hegemony.gladiator", {d: Edge(melee=2, armor=True) for d in (0, 1, 5)}),
    ("hegemony.net_master", {0: Edge(melee=1), 1: Edge(net=True), 5: Edge(net=True)}),
    ("hegemony.universal_soldier", {0: Edge(melee=1, ranged=1)}),
    ("hegemony.officer_1", {0: Edge(link=1), 5: Edge(link=1)}),
    ("hegemony.quartermaster", {0: Edge(link=1)}),
    ("ddm2e.alpha_shooter", {1: Edge(ranged=1), 5: Edge(ranged=1)}),
    ("ddm2e.omega_shooter", {0: Edge(ranged=1), 1: Edge(ranged=1), 5: Edge(ranged=1)}),
    (
        "ddm2e.doom_net_fighter",
        {0: Edge(net=True, redirect_out=True), **{d: Edge(redirect_in=True) for d in range(1, 6)}},
    ),
    (
        "ddm2e.pusher",
        {
            0: Edge(armor=True, redirect_out=True),
            **{d: Edge(redirect_in=True) for d in range(1, 6)},
        },
    ),
    (
        "ddm2e.tripler",
        {
            **{d: Edge(redirect_out=True) for d in (5, 0, 1)},
            **{d: Edge(redirect_in=True) for d in (2, 3, 4)},
        },
    ),
    (
        "doomsday.omega_shooter",
        {0: Edge(ranged=1), 1: Edge(ranged=1), 3: Edge(armor=True), 5: Edge(ranged=1)},
    ),
    ("doomsday.scout", {0: Edge(link=1), 2: Edge(link=1)}),
    ("doomsday.trap", {0: Edge(trigger=True)}),
    ("neutral.mad_bomber", {d: Edge(trigger=True) for d in range(6)}),
]
