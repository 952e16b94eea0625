"""Readability on phones (minimum sizes in every layout) and colour-blind safe army colours."""

from __future__ import annotations

import pytest

from games.neuroshima import rules
from games.text import Text
from rendering.neuroshima.battle import frame_layouts
from rendering.neuroshima.board import board_layout, hex_radius_for, since_last_turn_layout
from rendering.neuroshima.gameover import game_over_layout
from rendering.neuroshima.hand import HAND_RADIUS, hand_layout
from rendering.neuroshima.layout import MIN_SYMBOL_PX, MIN_TEXT_PX, WIDTH, too_small
from rendering.neuroshima.panel import army_label
from rendering.neuroshima.tiles import FaceMetrics
from rendering.palette import (
    ALL_STYLES,
    ARMY_STYLES,
    EMBLEMS,
    VISIONS,
    seat_styles,
    simulate,
    smallest_difference,
)
from tests.rendering.playouts import playout

SEED = "golden-3"
MIN_COLOUR_DIFFERENCE = 15.0
"""CIEDE2000; ~10 is "clearly different at a glance", the palette keeps ~20."""


def test_every_layout_keeps_text_above_the_minimum() -> None:
    p = playout(SEED)
    mid = p.mid_game()
    state, seat = p.since_last_turn()
    layouts = [
        board_layout(rules.player_view(mid, None)),
        since_last_turn_layout(rules.player_view(state, seat)),
        game_over_layout(rules.player_view(p.final, None)),
        *frame_layouts(rules.player_view(p.after_battle(), None)),
    ]
    for layout in layouts:
        assert layout.size[0] == WIDTH
        assert too_small(layout.all_texts()) == []
    hand = hand_layout(rules.player_view(mid, mid.active), mid.active)
    assert too_small(hand.texts) == []


@pytest.mark.parametrize("radius", [hex_radius_for(2), hex_radius_for(3), HAND_RADIUS])
def test_tile_faces_keep_text_and_symbols_above_the_minimum(radius: int) -> None:
    m = FaceMetrics(radius)
    assert min(m.badge_font, m.name_font, m.tag_font) >= MIN_TEXT_PX
    assert min(m.symbol, 2 * m.pip_radius, 2 * m.badge_radius) >= MIN_SYMBOL_PX


def test_army_colours_stay_distinct_under_colour_blindness() -> None:
    difference, vision, a, b = smallest_difference(ALL_STYLES)
    assert difference >= MIN_COLOUR_DIFFERENCE, (vision, a, b)


def test_simulation_matches_known_behaviour() -> None:
    # Pure red and green collapse towards the same hue for a deuteranope; grey stays grey.
    red, green = simulate((255, 0, 0), "deuteranopia"), simulate((0, 160, 0), "deuteranopia")
    assert abs(red[2] - green[2]) < 60
    assert all(simulate((128, 128, 128), v) == (128, 128, 128) for v in VISIONS)


def test_every_style_has_its_own_emblem() -> None:
    emblems = [s.emblem for s in ALL_STYLES]
    assert len(set(emblems)) == len(emblems)
    assert set(emblems) <= set(EMBLEMS)


def test_seats_with_the_same_army_get_different_styles() -> None:
    styles = seat_styles(["moloch", "moloch", "outpost"])
    assert styles[0] is ARMY_STYLES["moloch"]
    assert styles[2] is ARMY_STYLES["outpost"]
    assert len(set(styles)) == 3
    assert seat_styles(["ddm2e"])[0] is ARMY_STYLES["doomsday"]


def test_a_seat_card_names_the_army_once() -> None:
    view = rules.player_view(playout(SEED).mid_game(), None)
    armies = [army_label(s.army) for s in view.seats]
    names = [Text.joined(" ", [Text("AI (easy)"), Text.verbatim(f"({a})")]) for a in armies]
    said = [t.text for t in board_layout(view, names=names).all_texts()]
    assert not any(f"({a}) ({a})" in text for text in said for a in armies)  # the title too
    assert all(a in said for a in armies)  # the army line of each card
    cards = [text for text in said if text.split("  ")[0] == "AI (easy)"]
    assert len(cards) == len(armies)
    mid = playout(SEED).mid_game()
    hand = hand_layout(rules.player_view(mid, mid.active), mid.active, names=names)
    assert hand.texts[0].text == f"AI (easy)'s hand ({armies[mid.active]})"
