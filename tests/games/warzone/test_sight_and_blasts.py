"""Golden scenarios for facing, line of sight, area terrain, templates, Guarded, get the gun."""

from __future__ import annotations

import pytest

from games.base import GameError
from games.warzone.actions import Activate, Blast, Shoot
from games.warzone.sight import sight
from games.warzone.terrain import Cover
from tests.games.warzone.scene import R, lines, move, piece, play, scene, wall

GRENADE = "fire_grenades"


def test_front_arc_counts_any_part_of_the_base() -> None:
    """from the rulebook §1: models see only into their front 180°; 'within' = any part."""
    state = scene({"A2.2": (10, 10, 90), "B2.2": (14, 9.5, 270), "B2.3": (14, 9.3, 270)})
    a = state.model("A2.2")
    assert sight(state, a, state.model("B2.2")).in_arc  # 0.5 behind the line, r 0.59
    assert not sight(state, a, state.model("B2.3")).in_arc  # 0.7 behind: wholly behind


@pytest.mark.parametrize(("height", "visible"), [(1.0, True), (1.25, False), (4.0, False)])
def test_silhouettes_and_blocking_terrain(height: float, visible: bool) -> None:
    """gap-fill, not from the rulebook: SZ 0 silhouette 1.25 in; a piece at least that tall
    blocks every ray; lower pieces only give cover (silhouette rule from the rulebook §1)."""
    state = scene(
        {"A2.2": (10, 10, 90), "B2.2": (10, 16, 270)}, terrain=[wall("w", 13, "heavy", height)]
    )
    view = sight(state, state.model("A2.2"), state.model("B2.2"))
    assert view.visible is visible
    assert view.cover is Cover.HEAVY


def test_no_line_of_sight_makes_the_shot_illegal() -> None:
    """from the rulebook §5: Shooting needs the target in sight."""
    state = scene(
        {"A2.2": (10, 10, 90), "B2.2": (10, 16, 270)}, terrain=[wall("w", 13, "heavy", 4)]
    )
    state = play(state, 0, Activate("A2"))
    with pytest.raises(GameError, match="no line of sight"):
        play(state, 0, Shoot("A2.2", "m50_assault_rifle", ("B2.2",)))


def test_shooter_ignores_a_linear_obstacle_within_one_inch() -> None:
    """gap-fill, not from the rulebook: the wall 0.4 in from the shooter's base gives no cover."""
    state = scene({"A2.2": (10, 12.16, 90), "B2.2": (10, 18, 270)}, terrain=[wall("w", 13.0)])
    assert sight(state, state.model("A2.2"), state.model("B2.2")).cover is Cover.NONE


def test_area_terrain_target_wholly_inside_is_in_cover() -> None:
    """from the rulebook §9: a model wholly inside area terrain is always in cover."""
    woods = piece("woods", ((5, 14), (15, 14), (15, 20), (5, 20)), "difficult", "light", 0, True)
    state = scene({"A2.2": (10, 5, 90), "B2.2": (10, 17, 270)}, terrain=[woods])
    assert sight(state, state.model("A2.2"), state.model("B2.2")).cover is Cover.LIGHT


def test_area_terrain_shooter_inside_gives_cover_unless_one_inch_or_less() -> None:
    """from the rulebook §9: targets of a model inside area terrain are in cover unless the line
    crosses 1 in or less of the area. Shooter 4 in deep: cover; 0.8 in from the edge: none."""
    woods = piece("woods", ((5, 5), (15, 5), (15, 12), (5, 12)), "difficult", "light", 0, True)
    deep = scene({"A2.2": (10, 8, 90), "B2.2": (10, 18, 270)}, terrain=[woods])
    edge = scene({"A2.2": (10, 11.2, 90), "B2.2": (10, 18, 270)}, terrain=[woods])
    assert sight(deep, deep.model("A2.2"), deep.model("B2.2")).cover is Cover.LIGHT
    assert sight(edge, edge.model("A2.2"), edge.model("B2.2")).cover is Cover.NONE


def test_obstacles_are_counted_on_the_central_ray() -> None:
    """gap-fill: distinct pieces or models crossed by the central ray are the obstacles."""
    terrain = [wall(k, y, "light") for k, y in (("a", 8), ("b", 11), ("c", 14))]
    state = scene(
        {"A2.2": (10, 4, 90), "B2.2": (10, 20, 270), "A2.3": (10, 16, 90)}, terrain=terrain
    )
    assert sight(state, state.model("A2.2"), state.model("B2.2")).obstacles == 4


def blast_table() -> object:
    """Robbins (RS 15, fire grenades R = ST 9, ST 10 Precision(2)) and three Necromutants."""
    place = {
        "A1.1": (10.0, 10.0, 90.0),
        "B2.1": (10.0, 15.0, 270.0),
        "B2.2": (11.8, 15.5, 270.0),
        "B2.3": (14.0, 15.0, 270.0),
    }
    return play(scene(place), 0, Activate("A1"))


def test_small_explosion_covers_every_base_it_touches() -> None:
    """gap-fill: SE is a 3 in circle; any base touching it takes an autohit (BSD: public source).
    B2.2 is 1.87 in from the centre (< 1.5 + 0.59): under; B2.3 at 4 in is not. Unguarded hits
    first (from the rulebook §4): B2.2 (not the commander) saves on A 24 - 12 = 12."""
    state = blast_table()
    after = play(state, 0, Blast("A1.1", GRENADE, (10.0, 15.0)), [10, 13, 9, 5])
    text = lines(state, after)
    assert text[0].endswith("RS 15 = 15; rolled 10: on target")
    assert "under the template: B2.1, B2.2" in text
    assert "B2.2 save: A 24 -12 ST = 12; rolled 13: fail" in text
    assert "B2.2: Heal 5 = 5; rolled 9: fail" in text
    assert "B2.1 save: A 24 -12 ST = 12; rolled 5: pass" in text
    assert not after.model("B2.2").alive and after.model("B2.3").alive


def test_small_explosion_scatters_on_a_miss() -> None:
    """public source: scatter D20/4 in rounded up; gap-fill: direction D20 x 18 degrees.
    Miss (17 > 15), distance ceil(8/4) = 2, direction 5 x 18 = 90: north to (10, 17): only B2.1
    (2.0 in) is under. B2.1 is Guarded by B2.2 within 2 in, which takes the hit (§4)."""
    state = blast_table()
    after = play(state, 0, Blast("A1.1", GRENADE, (10.0, 15.0)), [17, 8, 5, 3])
    text = lines(state, after)
    assert "the template scatters 2 in towards 90 degrees" in text
    assert "under the template: B2.1" in text
    assert "B2.1 is Guarded: B2.2 takes the hit" in text
    assert "B2.2 save: A 24 -12 ST = 12; rolled 3: pass" in text


def test_template_may_not_be_placed_over_friends() -> None:
    """public source (Cannon Fodder implies it): no template over friendly models."""
    state = move(blast_table(), "A2.2", x=10.0, y=13.5, deployed=True, alive=True)
    with pytest.raises(GameError, match="friendly"):
        play(state, 0, Blast("A1.1", GRENADE, (10.0, 15.0)))


def test_guarded_commander_passes_a_ranged_hit_to_a_squad_mate() -> None:
    """from the rulebook §4: a squad commander within 2 in of a friendly model is Guarded."""
    place = {"A2.2": (10.0, 10.0, 90.0), "B2.1": (10.0, 16.0, 270.0), "B2.2": (11.5, 16.5, 270.0)}
    state = play(scene(place), 0, Activate("A2"))
    after = play(state, 0, Shoot("A2.2", "m50_assault_rifle", ("B2.1",)), [4, 16, 6])
    text = lines(state, after)
    assert "B2.1 is Guarded: B2.2 takes the hit" in text
    assert "B2.2 save: A 24 -10 ST = 14; rolled 16: fail" in text
    assert not after.model("B2.2").alive and after.model("B2.1").alive


def test_get_the_gun_saves_a_weapon_on_one_to_ten() -> None:
    """from the rulebook §4: a squad-mate within 3 in (not the commander, not engaged) rolls
    once; 1-10 saves the dead model's gun in place of its own."""
    place = {
        "B2.2": (10, 16, 270),
        "B2.1": (12, 17, 270),
        "B2.3": (8.5, 17, 270),
        "A2.2": (10, 10, 90),
    }
    state = scene(place, seat=0)
    state = move(state, "B2.3", weapons=("sectioner_bayonet",))
    state = play(state, 0, Activate("A2"))
    after = play(state, 0, Shoot("A2.2", "m50_assault_rifle", ("B2.2",)), [2, 18, 20, 4])
    text = lines(state, after)
    assert "get the gun: B2.3 rolled 4 (1-10 saves it): takes belzarach_assault_rifle" in text
    assert "belzarach_assault_rifle" in after.model("B2.3").weapons
    ruined = play(state, 0, Shoot("A2.2", "m50_assault_rifle", ("B2.2",)), [2, 18, 20, 11])
    assert ruined.model("B2.3").weapons == ("sectioner_bayonet",)


def test_base_radius() -> None:
    """from the rulebook §1: small bases are 30 mm."""
    assert abs(R - 0.5906) < 1e-4


def test_messages_name_a_terrain_piece_never_its_key() -> None:
    """Cover and blocked moves say the piece's name (translated), not the layout's key."""
    from bot.service.i18n import localise
    from games.warzone.terrain import PIECE_NAMES, preset, preset_names, said

    pieces = [p for name in preset_names() for p in preset(name)]
    assert {p.name for p in pieces} <= set(PIECE_NAMES)
    wall_w = next(p for p in preset("ruined_outpost") if p.key == "wall_w")
    assert said(wall_w) == "low wall" and localise(said(wall_w), "cs") == "nízká zeď"
