"""The phone check: every image type shown 360 px wide keeps what a player reads to play
(initiative, hit points, hex and space labels, unit and squad names) at PHONE_FLOOR_PX."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.neuroshima import rules as neuroshima
from games.neuroshima.tiles import tile_types
from games.sniper_elite.board import load_board
from games.warzone import rules as warzone
from rendering.assets import BOLD, font
from rendering.neuroshima.battle import frame_layouts, summary_layout
from rendering.neuroshima.board import (
    board_layout,
    hex_label_px,
    hex_radius_for,
    since_last_turn_layout,
)
from rendering.neuroshima.gameover import game_over_layout
from rendering.neuroshima.hand import HAND_RADIUS
from rendering.neuroshima.layout import WIDTH
from rendering.neuroshima.tiles import FaceMetrics, face_layout
from rendering.phone import PHONE_FLOOR_PX, PHONE_WIDTH, key_text_px, on_phone
from rendering.sniper_elite import style as sniper_style
from rendering.sniper_elite.mapart import map_frame, map_labels
from rendering.space_alert import style as space_alert_style
from rendering.space_alert.bridge import bridge_painter, public_bridge
from rendering.space_alert.program import program_painter
from rendering.space_alert.replay import Crew, frame_painter
from rendering.space_alert.scorecard import score_card_painter
from rendering.space_alert.summary import summary_painter, view_programs
from rendering.warzone import Overlay
from rendering.warzone.layout import layout as warzone_layout
from rendering.warzone.paint import _grid_labels, _terrain_labels, legend
from tests.rendering.playouts import playout
from tests.rendering.sniper_elite.test_layout import layouts as sniper_layouts
from tests.rendering.space_alert.playouts import RULES as SPACE_ALERT
from tests.rendering.space_alert.playouts import flight
from tests.rendering.warzone.test_images import mid_game

HEX_LABEL = re.compile(r"[A-Z][0-9]")

RADII = {
    "standard board": hex_radius_for(2),
    "large board": hex_radius_for(3),
    "hand": HAND_RADIUS,
}


def test_the_floor_is_five_px_at_360_wide() -> None:
    assert (PHONE_WIDTH, PHONE_FLOOR_PX) == (360, 5.0)
    assert key_text_px(1080) == 15 and on_phone(15, 1080) == 5.0
    assert on_phone(14, 1080) < PHONE_FLOOR_PX  # the old minimum blurs on a phone


@pytest.mark.parametrize("where", sorted(RADII))
def test_neuroshima_initiative_hit_points_hexes_and_names_on_a_phone(where: str) -> None:
    radius = RADII[where]
    m = FaceMetrics(radius)
    assert on_phone(m.badge_font, WIDTH) >= PHONE_FLOOR_PX, "initiative"
    assert on_phone(m.tag_font, WIDTH) >= PHONE_FLOOR_PX, "HQ hit points and module effects"
    assert on_phone(hex_label_px(radius), WIDTH) >= PHONE_FLOOR_PX, "hex labels"
    assert on_phone(hex_label_px(radius, empty=True), WIDTH) >= PHONE_FLOOR_PX
    for tile in set(tile_types().values()):
        face = face_layout(tile, (0.0, 0.0), radius, 20)
        assert on_phone(face.name_font, WIDTH) >= PHONE_FLOOR_PX, tile.id


@pytest.mark.parametrize("size", ["standard", "large"])
def test_neuroshima_board_labels_and_hq_track_on_a_phone(size: str) -> None:
    if size == "standard":
        view = neuroshima.player_view(playout("golden-3").mid_game(), None)
    else:
        state = neuroshima.setup({"armies": ["moloch", "outpost"], "board": "large"}, 2, "p")
        view = neuroshima.player_view(state, None)
    layout = board_layout(view)
    assert layout.size[0] == WIDTH
    small = [t.text for t in layout.all_texts() if on_phone(t.size, WIDTH) < PHONE_FLOOR_PX]
    hp_and_hexes = [t for t in small if t.isdigit() or (t[:1].isalpha() and t[1:].isdigit())]
    assert hp_and_hexes == []


@pytest.mark.parametrize("board", ["tidewater", "pinecrest"])
def test_sniper_space_labels_on_a_phone(board: str) -> None:
    labels = map_labels(load_board(board), map_frame(board, 0))
    assert labels and all(on_phone(t.size, sniper_style.WIDTH) >= PHONE_FLOOR_PX for t in labels)


def test_warzone_squad_names_on_a_phone() -> None:
    out = warzone_layout(warzone.player_view(mid_game(), None))
    squads = [t for t in out.texts if t.text and t.text[0].isalpha()]
    assert squads and all(on_phone(t.size, out.width) >= PHONE_FLOOR_PX for t in squads)


def _space_alert_painters() -> list[Any]:
    """A painter of every Space Alert image type: bridge, program (the hand), score card,
    mission summary and each replay frame."""
    f = flight("golden-1", 4, mission="mission_3")
    planning = f.planning(2, locked=2)
    final = SPACE_ALERT.player_view(f.final, None)
    assert final.result is not None
    crew = [Crew(b.name, b.name) for b in final.boards]
    return [
        bridge_painter(public_bridge(SPACE_ALERT.player_view(planning, None))),
        program_painter(SPACE_ALERT.player_view(planning, 1)),
        score_card_painter(final.result, final.mission),
        summary_painter(final.result, view_programs(final), final.mission),
        *(
            frame_painter(final.result, i, final.tracks, crew)
            for i in range(1, len(final.result.frames))
        ),
    ]


def test_space_alert_every_word_and_number_on_a_phone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Card numbers, threat health and steps, crew and zone names: every text of every image
    type, and the numbers drawn on crew and threat tokens, stay at the floor."""
    token_fonts: list[int] = []

    def recorded(size: int, name: str = BOLD) -> Any:
        token_fonts.append(size)
        return font(size, name)

    monkeypatch.setattr(space_alert_style, "_font", recorded)
    space_alert_style.crew_token.cache_clear()
    space_alert_style.threat_token.cache_clear()
    for painter in _space_alert_painters():
        width = painter.image.width
        small = [t.text for t in painter.all_texts() if on_phone(t.size, width) < PHONE_FLOOR_PX]
        assert small == []
    assert token_fonts and min(on_phone(s, space_alert_style.WIDTH) for s in token_fonts) >= (
        PHONE_FLOOR_PX
    )


def _neuroshima_layouts() -> dict[str, Any]:
    p = playout("golden-3")
    state, seat = p.since_last_turn()
    after = neuroshima.player_view(p.after_battle(), None)
    return {
        "board": board_layout(neuroshima.player_view(p.mid_game(), None)),
        "since last turn": since_last_turn_layout(neuroshima.player_view(state, seat)),
        "battle frame": frame_layouts(after)[-1],
        "battle summary": summary_layout(after),
        "game over": game_over_layout(neuroshima.player_view(p.final, None)),
    }


def test_neuroshima_every_image_type_keeps_hit_points_and_hexes_on_a_phone() -> None:
    for kind, layout in _neuroshima_layouts().items():
        assert layout.size[0] == WIDTH, kind
        key = [t for t in layout.all_texts() if t.text.isdigit() or HEX_LABEL.fullmatch(t.text)]
        assert key, kind
        assert [t.text for t in key if on_phone(t.size, WIDTH) < PHONE_FLOOR_PX] == [], kind


def test_sniper_every_image_type_on_a_phone() -> None:
    """The board, the defenders' turn summary and its frames, the debrief: every text."""
    for layout in sniper_layouts():
        small = [
            t.text for t in layout.all_texts() if on_phone(t.size, layout.width) < PHONE_FLOOR_PX
        ]
        assert small == []
    assert key_text_px(sniper_style.WIDTH) == sniper_style.MIN_TEXT_PX


def test_warzone_every_image_type_on_a_phone() -> None:
    """The table, a zoom window and the overlays (sight, measure), their grid, terrain and
    legend words: every text at the floor (the table is 764 px wide: 11 px)."""
    state = mid_game()
    view = warzone.player_view(state, None)
    active = state.model(state.active_model or "")
    enemy = next(m.key for m in state.models if m.seat != active.seat and m.alive)
    overlays = [
        None,
        Overlay(sights=((active.key, enemy),), measure=((2, 2), (10, 8))),
        Overlay(zoom=(active.x, active.y, 10)),
    ]
    for overlay in overlays:
        out = warzone_layout(view, overlay) if overlay else warzone_layout(view)
        backdrop = [*_grid_labels(out.frame), *_terrain_labels(out.frame, view.terrain)]
        texts = [*out.texts, *backdrop, *legend(out.frame)]
        assert [t.text for t in texts if on_phone(t.size, out.width) < PHONE_FLOOR_PX] == []
