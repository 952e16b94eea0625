"""A ship flying again in a campaign: carried tokens, less energy, doubled structure, missing bots.

Every expected number was worked out by hand first; the trace is in each test's comments.
Trajectory T1: 10 spaces, X at 5, Z at 1.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.space_alert.mission_format import parse_mission
from games.space_alert.resolution import FlightPlan, resolve
from games.space_alert.ship import Station, Tile

T = Tile


def _plan(crew: list[dict[str, Any]], threats: list[dict[str, Any]], **extra: Any) -> FlightPlan:
    plan = parse_mission(
        {
            "format": "muster.space_alert.mission/1",
            "crew": crew,
            "tracks": {"red": "T2", "white": "T1", "blue": "T3", "internal": "T4"},
            "threats": threats,
        }
    )
    return replace(plan, **extra)


def _pile_without(*gone: Tile) -> tuple[Tile, ...]:
    return tuple(t for t in Tile if t not in gone)


def test_carried_structure_doubles_later_damage_of_its_zone_only() -> None:
    # Pulse Ball (E1-01, speed 2) on T1 in the white zone, from turn 1: 10 -> 8 -> 6 -> 4 (X at
    # turn 3: 1 to each zone, the three shield cubes absorb it) -> 2 -> 1 (Z at turn 5: 2 to each
    # zone, no shields left). Red and blue draw 2 tokens each; white carries an unrepaired
    # structure hit, so it draws 4: upper_cannon, lower_cannon, shield, reactor.
    # Score: survived 2 - (2 + 5 + 2) - 5 (worst zone) = -12.
    plan = _plan(
        [{"name": "P1", "program": []}],
        [{"id": "E1-01", "turn": 1, "zone": "white"}],
        carried=((), (T.STRUCTURE,), ()),
        tile_orders=(tuple(Tile), _pile_without(T.STRUCTURE), tuple(Tile)),
    )
    result = resolve(plan)
    assert not result.lost
    assert result.damage == (2, 5, 2)
    assert result.frames[-1].ship.tiles[1] == (
        "structure",
        "upper_cannon",
        "lower_cannon",
        "shield",
        "reactor",
    )
    assert result.score == -12


def test_a_structure_hit_of_this_flight_does_not_double() -> None:
    # Same flight on a fresh ship whose white pile starts with the structure token: turn 5 draws
    # structure, upper_cannon - two tokens, not three. Damage (2, 2, 2): 2 - 6 - 2 = -6.
    plan = _plan(
        [{"name": "P1", "program": []}],
        [{"id": "E1-01", "turn": 1, "zone": "white"}],
        tile_orders=(tuple(Tile), (T.STRUCTURE, *_pile_without(T.STRUCTURE)), tuple(Tile)),
    )
    result = resolve(plan)
    assert result.damage == (2, 2, 2)
    assert result.score == -6


def test_a_seventh_token_is_lost_sooner_when_tokens_were_carried() -> None:
    # White carries 5 tokens (everything but the gravolift), shield and structure among them:
    # its shield starts empty and its damage is doubled. Pulse Ball's X at turn 3 deals 1 to
    # white -> 2 tokens: the gravolift, then the pile is empty. The ship is lost in turn 3.
    carried = _pile_without(T.GRAVOLIFT)
    plan = _plan(
        [{"name": "P1", "program": []}],
        [{"id": "E1-01", "turn": 1, "zone": "white"}],
        carried=((), carried, ()),
        tile_orders=(tuple(Tile), (T.GRAVOLIFT,), tuple(Tile)),
    )
    result = resolve(plan)
    assert result.lost and result.score is None
    assert result.frames[-1].turn == 3
    assert result.loss_reason == "the white zone took a seventh damage"


def test_unrepaired_reactors_and_shields_start_one_cube_short() -> None:
    # Red carries reactor and shield: reactor capacity 2, start 2 - 1 = 1; shield capacity 1,
    # start 0. White carries a reactor: capacity 4, start 3 - 1 = 2.
    # P1: turn 1 lift -> lower white; turn 2 B refuels: a capsule goes (3 -> 2) and the central
    # reactor fills to its reduced capacity 4.
    plan = _plan(
        [{"name": "P1", "program": ["lift", "B"]}],
        [],
        carried=((T.REACTOR, T.SHIELD), (T.REACTOR,), ()),
        tile_orders=(
            _pile_without(T.REACTOR, T.SHIELD),
            _pile_without(T.REACTOR),
            tuple(Tile),
        ),
    )
    result = resolve(plan)
    start = result.frames[0].ship
    assert start.reactors == (1, 2, 2)
    assert start.shields == (0, 1, 1)
    after = result.frames[2].ship
    assert after.reactors == (1, 4, 2)
    assert after.capsules == 2
    # No threat: 0 points - (2 + 1) - 2 (worst zone) = -5.
    assert result.score == -5


def test_a_broken_squad_stays_off_the_ship_and_still_costs_a_point() -> None:
    # Lower red is empty: P1 goes there (lift, red) and C picks up nothing; the bots action
    # then has no squad. Score: 0 - 1 (damaged, unrepaired squad) = -1.
    plan = _plan(
        [{"name": "P1", "program": ["lift", "red", "C", "bots"]}],
        [],
        battlebot_stores=(Station.UPPER_BLUE,),
    )
    result = resolve(plan)
    assert result.frames[0].ship.stored_battlebots == (
        ("upper_blue", "active"),
        ("lower_red", None),
    )
    assert result.frames[-1].crew[0].bots is None
    assert result.inactive_battlebots == 1
    assert result.score == -1
