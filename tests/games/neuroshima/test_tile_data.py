"""The bundled Neuroshima Hex army data against the rulebook's own army lists.

The expected lists below are typed in from the Czech rulebook (neuroshima-hex.cs.txt, the army
sections and "NOVÁ ARMÁDA: DOOMSDAY MACHINE"), independently of the JSON files, so that a typo in
the data fails here. English names are the rulebook's English glosses; instants have Czech names
only (Boj = Battle, Pohyb = Move, Zatlačení/Odstrčení = Push Back, Letecký úder = Air Strike,
Odstřelovač = Sniper, Granát = Grenade, Přitáhnutí = Grab, Přeskupení = Repositioning).
"""

from __future__ import annotations

import json
from dataclasses import fields
from importlib import resources
from typing import Any

import pytest

from games.neuroshima.tiles import (
    ARMY_FILES,
    BLANK_EDGE,
    Action,
    Army,
    Edge,
    Effect,
    Kind,
    Special,
    TileType,
    armies,
    tile_type,
    tile_types,
)
from tests.games.neuroshima.rulebook_armies import DOOMSDAY_3_0, PER_EDGE, RULEBOOK

PLAYABLE = ("moloch", "outpost", "borgo", "hegemony", "ddm2e")
WITH_HQ = (*PLAYABLE, "doomsday")
NO_LINK_MODULES = {"outpost.recon_center", "doomsday.trap"}


def all_tiles() -> list[TileType]:
    return [t for army in armies().values() for t in army.tiles]


def tiles_of(kind: Kind, army: Army) -> dict[str, int]:
    return {t.name: t.count for t in army.tiles if t.kind is kind}


def raw_tiles() -> list[dict[str, Any]]:
    package = resources.files("games.neuroshima") / "data" / "armies"
    result: list[dict[str, Any]] = []
    for name in ARMY_FILES:
        raw = json.loads((package / f"{name}.json").read_text(encoding="utf-8"))
        result.extend(t for army in raw["armies"] for t in army["tiles"])
    return result


def test_army_keys_and_playability() -> None:
    playable = {key for key, army in armies().items() if army.playable}
    assert set(armies()) == {*WITH_HQ, "merc", "neutral"}
    assert playable == set(PLAYABLE)
    assert armies()["ddm2e"].name == "Doomsday Machine"


@pytest.mark.parametrize("key", WITH_HQ)
def test_every_army_has_35_tiles_with_its_hq(key: str) -> None:
    army = armies()[key]
    assert sum(t.count for t in army.tiles) == 35
    assert [t.kind for t in army.tiles].count(Kind.HQ) == 1
    assert army.hq.count == 1


@pytest.mark.parametrize("key", PLAYABLE)
def test_per_kind_counts_match_the_rulebook(key: str) -> None:
    army = armies()[key]
    expected = tuple(sum(group.values()) for group in RULEBOOK[key])
    actual = tuple(
        sum(tiles_of(kind, army).values()) for kind in (Kind.INSTANT, Kind.UNIT, Kind.MODULE)
    )
    assert actual == expected
    assert sum(expected) == 34


@pytest.mark.parametrize("key", PLAYABLE)
def test_every_rulebook_tile_exists_with_its_count(key: str) -> None:
    army = armies()[key]
    instants, units, modules = RULEBOOK[key]
    assert tiles_of(Kind.INSTANT, army) == instants
    assert tiles_of(Kind.UNIT, army) == units
    assert tiles_of(Kind.MODULE, army) == modules


def test_the_3_0_doomsday_machine_list() -> None:
    army = armies()["doomsday"]
    instants, units, modules = DOOMSDAY_3_0
    assert tiles_of(Kind.INSTANT, army) == instants
    assert tiles_of(Kind.UNIT, army) == units
    assert tiles_of(Kind.MODULE, army) == modules


def test_rulebook_totals_per_kind() -> None:
    # (instants, units, modules) as counted from the lists; SOURCES.md quotes the same sums.
    assert {k: tuple(sum(g.values()) for g in v) for k, v in RULEBOOK.items()} == {
        "moloch": (11, 17, 6),
        "outpost": (14, 12, 8),
        "borgo": (11, 17, 6),
        "hegemony": (11, 16, 7),
        "ddm2e": (6, 13, 15),
    }


@pytest.mark.parametrize("key", WITH_HQ)
def test_hq_is_initiative_0_with_20_hit_points_and_melee_1_all_round(key: str) -> None:
    hq = armies()[key].hq
    assert hq.id == f"{key}.hq"
    assert hq.initiative == (0,)
    assert hq.toughness == 19
    assert hq.hit_points == 20
    assert not hq.mobility
    assert hq.edges == (Edge(melee=1),) * 6
    assert hq.specials == frozenset()


def test_hq_abilities() -> None:
    abilities = {key: armies()[key].hq.effect for key in WITH_HQ}
    assert abilities == {
        "moloch": Effect(ranged_plus=1),
        "outpost": Effect(extra_initiative=True),
        "borgo": Effect(initiative_plus=1),
        # Melee only: see docs/rulings.md ("+ 1 k Síle").
        "hegemony": Effect(melee_plus=1),
        "doomsday": Effect(rotate_one_unit_per_turn=True),
        "ddm2e": Effect(rotate_one_unit_per_turn=True),
    }


def test_raw_edges_use_printed_edge_keys_and_known_symbols() -> None:
    symbols = {f.name for f in fields(Edge)}
    for tile in raw_tiles():
        edges = tile.get("edges", {})
        assert set(edges) <= {"0", "1", "2", "3", "4", "5"}, tile["id"]
        for edge in edges.values():
            assert edge, f"{tile['id']}: blank edges are left out"
            assert set(edge) <= symbols, tile["id"]
            assert edge.get("link", True) in (True, "long"), tile["id"]


def test_modules_have_links_except_recon_center_and_trap() -> None:
    for tile in all_tiles():
        links = [e.link for e in tile.edges if e.link]
        if tile.kind is Kind.MODULE and tile.id not in NO_LINK_MODULES:
            assert links, tile.id
        else:
            assert not links, tile.id
    assert tile_type("outpost.recon_center").edges == (BLANK_EDGE,) * 6


def test_long_links_only_on_doomsday_modules() -> None:
    long_linked = {t.id for t in all_tiles() if any(e.link == 2 for e in t.edges)}
    assert long_linked == {
        "doomsday.medic",
        "doomsday.officer",
        "doomsday.main_war_processor",
        "ddm2e.officer",
        "ddm2e.scout",
        "ddm2e.medic",
        "ddm2e.main_war_processor",
    }
    for tile_id in long_linked:
        assert tile_type(tile_id).edges == (Edge(link=2),) + (BLANK_EDGE,) * 5


def test_instants_have_an_action_and_nothing_printed() -> None:
    for tile in all_tiles():
        if tile.kind is Kind.INSTANT:
            assert tile.action is not None, tile.id
            assert tile.edges == (BLANK_EDGE,) * 6, tile.id
            assert (tile.initiative, tile.toughness, tile.effect) == ((), 0, Effect()), tile.id
            assert not tile.is_board_tile
        else:
            assert tile.action is None, tile.id
            assert tile.is_board_tile


def test_instant_actions_follow_their_names() -> None:
    by_name = {
        "Battle": Action.BATTLE,
        "Move": Action.MOVE,
        "Push Back": Action.PUSH_BACK,
        "Air Strike": Action.AIR_STRIKE,
        "Sniper": Action.SNIPER,
        "Grenade": Action.GRENADE,
        "Grab": Action.GRAB,
        "Repositioning": Action.REPOSITIONING,
        "Small Bomb": Action.SMALL_BOMB,
    }
    for tile in all_tiles():
        if tile.kind is Kind.INSTANT:
            assert tile.action is by_name[tile.name], tile.id


def test_ids_are_unique_and_prefixed_by_the_army_key() -> None:
    ids = [t.id for t in all_tiles()]
    aliases = [a for t in all_tiles() for a in t.aliases]
    assert len(set(ids)) == len(ids)
    assert len(set(ids + aliases)) == len(ids) + len(aliases)
    for key, army in armies().items():
        for tile in army.tiles:
            assert tile.army == key
            assert tile.id.startswith(f"{key}.") and tile.short_id.isidentifier(), tile.id
            assert all(a.startswith(f"{key}.") for a in tile.aliases), tile.id


def test_rules_text_is_one_short_line() -> None:
    for tile in all_tiles():
        assert tile.rules_text.strip() == tile.rules_text, tile.id
        assert 0 < len(tile.rules_text) <= 70, tile.id
        assert "\n" not in tile.rules_text, tile.id


def test_confidence_values() -> None:
    for tile in all_tiles():
        assert tile.confidence in {"high", "medium", "low"}, tile.id


def test_effects_are_sane() -> None:
    for tile in all_tiles():
        effect = tile.effect
        numbers = (effect.melee_plus, effect.ranged_plus, effect.initiative_plus)
        assert all(0 <= n <= 1 for n in (*numbers, effect.enemy_initiative_minus)), tile.id
        if tile.kind in (Kind.HQ, Kind.MODULE) and tile.id != "doomsday.trap":
            assert not effect.is_empty, tile.id
        else:
            assert effect.is_empty, tile.id
        if tile.kind is Kind.MODULE:
            assert tile.initiative == () and not tile.mobility, tile.id
            assert not any(e.melee or e.ranged or e.gauss for e in tile.edges), tile.id


def test_unit_initiatives_and_toughness() -> None:
    for tile in all_tiles():
        if tile.kind is Kind.UNIT:
            assert all(0 <= i <= 3 for i in tile.initiative), tile.id
            assert list(tile.initiative) == sorted(tile.initiative, reverse=True), tile.id
            assert 0 <= tile.toughness <= 2, tile.id
            attacks = any(e.melee or e.ranged or e.gauss for e in tile.edges)
            assert attacks == bool(tile.initiative), tile.id
    assert tile_type("moloch.blocker").hit_points == 3
    assert tile_type("borgo.super_officer").hit_points == 2
    assert tile_type("hegemony.universal_soldier").hit_points == 1


def test_mobile_tiles() -> None:
    mobile = {t.id for t in all_tiles() if t.mobility}
    assert mobile == {
        "outpost.runner",
        "outpost.mobile_armor",
        "borgo.assassin",
        "hegemony.runner",
        "merc.shield",
    }


def test_specials() -> None:
    specials = {t.id: t.specials for t in all_tiles() if t.specials}
    assert specials == {
        "moloch.gauss_cannon": {Special.GAUSS},
        "doomsday.gauss_cannon": {Special.GAUSS},
        "moloch.clown": {Special.SELF_AIR_STRIKE},
        "hegemony.universal_soldier": {Special.SIMULTANEOUS_ATTACKS},
        "ddm2e.doom_net_fighter": {Special.GRAB},
        "ddm2e.pusher": {Special.PUSH_BACK},
        "doomsday.trap": {Special.TRAP},
        "neutral.mad_bomber": {Special.MAD_BOMBER},
    }


def test_reconstructed_tiles() -> None:
    reconstructed = {t.id for t in all_tiles() if t.reconstructed}
    assert reconstructed == {"ddm2e.doom_net_fighter", "ddm2e.pusher"}


@pytest.mark.parametrize("facing", range(6))
def test_juggernaut_shoots_clockwise_of_its_melee_edge(facing: int) -> None:
    juggernaut = tile_type("moloch.juggernaut")
    front = facing  # printed edge 0 faces board direction `facing`
    assert juggernaut.edge(facing, front) == Edge(melee=2, armor=True)
    assert juggernaut.edge(facing, (front + 1) % 6) == Edge(ranged=1)
    assert juggernaut.edge(facing, (front - 1) % 6) == BLANK_EDGE
    armored = {d for d in range(6) if juggernaut.edge(facing, d).armor}
    assert armored == {front, (front + 2) % 6, (front + 4) % 6}


@pytest.mark.parametrize("facing", range(6))
def test_mobile_armor_shoots_counter_clockwise_of_its_melee_edge(facing: int) -> None:
    armor = tile_type("outpost.mobile_armor")
    assert armor.edge(facing, facing) == Edge(melee=2)
    assert armor.edge(facing, (facing - 1) % 6) == Edge(ranged=1)
    assert armor.edge(facing, (facing + 1) % 6) == BLANK_EDGE


@pytest.mark.parametrize(("tile_id", "printed"), PER_EDGE, ids=[p[0] for p in PER_EDGE])
def test_printed_edges(tile_id: str, printed: dict[int, Edge]) -> None:
    expected = tuple(printed.get(e, BLANK_EDGE) for e in range(6))
    assert tile_type(tile_id).edges == expected


def test_redirectors_have_no_attack_and_both_kinds_of_redirect_edge() -> None:
    for tile in all_tiles():
        outs = {e for e, edge in enumerate(tile.edges) if edge.redirect_out}
        ins = {e for e, edge in enumerate(tile.edges) if edge.redirect_in}
        if outs or ins:
            assert outs and ins and not outs & ins, tile.id
            assert tile.initiative == () and tile.kind is Kind.UNIT, tile.id
            assert len(outs) + len(ins) == 6, tile.id


@pytest.mark.parametrize("key", PLAYABLE)
def test_deck_is_the_34_tiles_without_the_hq(key: str) -> None:
    army = armies()[key]
    deck = army.deck()
    assert len(deck) == 34
    assert f"{key}.hq" not in deck
    for tile in army.tiles:
        if tile.kind is not Kind.HQ:
            assert deck.count(tile.id) == tile.count, tile.id


def test_extras() -> None:
    merc, neutral = armies()["merc"], armies()["neutral"]
    assert [t.short_id for t in merc.tiles] == ["net_fighter", "gunner_2", "shooter_3", "shield"]
    assert all(t.kind is Kind.UNIT and t.count == 1 for t in merc.tiles)
    assert len(merc.deck()) == 4
    bomber = tile_type("neutral.mad_bomber")
    assert neutral.tiles == (bomber,)
    assert (bomber.kind, bomber.count, bomber.initiative, bomber.hit_points) == (
        Kind.NEUTRAL,
        1,
        (),
        1,
    )
    shield = tile_type("merc.shield")
    assert (shield.hit_points, shield.mobility, shield.edges[0]) == (3, True, Edge(armor=True))
    assert tile_type("merc.gunner_2").edges[0] == Edge(ranged=2)


def test_aliases_resolve_to_the_same_tile() -> None:
    assert tile_type("moloch.hybrid") is tile_type("moloch.cyborg")
    assert tile_type("moloch.hornet") is tile_type("moloch.ripper")
    assert tile_type("borgo.claws") is tile_type("borgo.butcher")
    assert tile_type("hegemony.brute") is tile_type("hegemony.thug")
    assert tile_type("outpost.liquidator") is tile_type("outpost.annihilator")
    assert tile_type("doomsday.splitter") is tile_type("doomsday.tripler")
    assert tile_type("ddm2e.splitter") is tile_type("ddm2e.tripler")
    assert len(tile_types()) == len(all_tiles()) + sum(len(t.aliases) for t in all_tiles())
    with pytest.raises(KeyError):
        tile_type("moloch.nonexistent")
