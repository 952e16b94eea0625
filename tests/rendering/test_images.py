"""Golden images of every Neuroshima picture, rendered from real playouts of the rules core."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.neuroshima import rules
from games.neuroshima.board import Board
from games.neuroshima.tiles import Kind, armies
from rendering.canvas import png_bytes
from rendering.neuroshima import (
    battle_animation,
    battle_frames,
    battle_summary_image,
    board_image,
    game_over_image,
    hand_image,
    render_scenario,
    since_last_turn_image,
)
from rendering.neuroshima.battle import frame_layouts
from rendering.neuroshima.board import since_last_turn_layout
from rendering.neuroshima.gameover import game_over_layout
from rendering.neuroshima.tiles import tile_sprite
from rendering.palette import ARMY_STYLES, NEUTRAL_STYLE, SPARE_STYLE
from tests.rendering.golden import check
from tests.rendering.playouts import playout

SEED = "golden-3"


def test_board_mid_game() -> None:
    state = playout(SEED).mid_game()
    check("board", board_image(rules.player_view(state, None)))


def test_since_last_turn() -> None:
    state, seat = playout(SEED).since_last_turn()
    view = rules.player_view(state, seat)
    assert len(view.since_your_turn) >= 3
    check("since_last_turn", since_last_turn_image(view, ["Ada", "Brook"]))


def test_since_last_turn_for_the_seat_on_turn() -> None:
    # What the host sends the seat whose turn begins: everything since its previous turn.
    state = playout(SEED).catch_up_on_turn()
    view = rules.player_view(state, state.active)
    assert view.since_your_turn and any(c.seat == 1 - state.active for c in view.since_your_turn)
    layout = since_last_turn_layout(view)
    lines = [t.text for t in layout.all_texts()]
    assert view.last_battle is not None
    assert any(line.startswith(f"Turn {view.last_battle.turn} battle") for line in lines)
    assert any(line.startswith("Your ") for line in lines)
    ghosts = [m for m in layout.marks if m.kind == "ghost"]
    assert ghosts and all(m.facing is not None for m in ghosts)
    check("since_last_turn_on_turn", since_last_turn_image(view, ["Ada", "Brook"]))


def test_hand_with_preview() -> None:
    state = playout(SEED).mid_game()
    view = rules.player_view(state, state.active)
    board = Board(view.board_radius)
    free = next(h for h in board.hexes if view.tile_at(h) is None)
    placeable = next(t for t in view.seats[state.active].hand if armies_tile(t).is_board_tile)
    check("hand", hand_image(view, state.active, preview=(placeable, free, 2)))


def armies_tile(tile_id: str):  # type: ignore[no-untyped-def]
    from games.neuroshima.tiles import tile_type

    return tile_type(tile_id)


def test_battle_frames_and_summary() -> None:
    view = rules.player_view(playout(SEED).after_battle(), None)
    assert view.last_battle is not None
    frames = battle_frames(view)
    assert len(frames) == len(view.last_battle.phases) + 2
    for i, frame in enumerate(frames):
        check(f"battle_{i}", frame)
    check("battle_summary", battle_summary_image(view))


def test_battle_frames_follow_the_recorded_phases() -> None:
    # The golden battle has a Medic save: the saved tile must show no wound afterwards.
    view = rules.player_view(playout(SEED).after_battle(), None)
    summary = view.last_battle
    assert summary is not None
    frames = frame_layouts(view)
    saves = [(i, a) for i, p in enumerate(summary.phases) for a in p.absorbed]
    assert saves
    for i, save in saves:
        frame = frames[i + 1]
        assert any(m.kind == "saved" and m.hex == save.protected for m in frame.marks)
        assert any(a.saved for a in frame.attacks)
        before = summary.before.by_hex()[save.protected].wounds
        for later in frames[i + 1 : -1]:
            wounds = {t.hex: t.wounds for t in later.tiles}
            assert wounds.get(save.protected, before) == before
    hp = [[t.hq_hp for t in f.tiles if t.hq_hp is not None] for f in frames[1:-1]]
    assert all(sorted(h) == sorted(p.hq_hp) for h, p in zip(hp, summary.phases, strict=True))


def test_battle_animation_is_a_looping_gif() -> None:
    view = rules.player_view(playout(SEED).after_battle(), None)
    data = battle_animation(view)
    assert data[:6] == b"GIF89a"
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.n_frames == len(view.last_battle.phases) + 2  # type: ignore[union-attr]
        assert gif.info.get("loop") == 0
    assert battle_animation(view) == data


def test_game_over() -> None:
    final = playout(SEED).final
    assert final.outcome is not None
    view = rules.player_view(final, None)
    assert view.highlights and view.highlights[-1].kind == "final_battle"
    lines = [t.text for t in game_over_layout(view).all_texts()]
    assert any(line.startswith(f"Turn {view.highlights[-1].turn} final battle") for line in lines)
    check("game_over", game_over_image(view))


def test_every_tile_face_exactly() -> None:
    # Pure shapes and text from the bundled font; every printed tile at two facings.
    faces = [
        (t.id, ARMY_STYLES.get({"ddm2e": "doomsday"}.get(key, key), NEUTRAL_STYLE))
        for key, army in armies().items()
        for t in army.tiles
        if t.kind is not Kind.INSTANT
    ]
    faces = [(tid, SPARE_STYLE if tid.startswith("merc.") else st) for tid, st in faces]
    radius, cols = 80, 10
    w, h = 2 * radius + 2, int(1.7320508 * radius) + 2
    sheet = Image.new("RGB", (cols * w, ((len(faces) + cols - 1) // cols) * h), (28, 32, 38))
    for i, (tid, style) in enumerate(faces):
        sprite = tile_sprite(tid, i % 6, style, radius, i % 2)
        sheet.paste(sprite, ((i % cols) * w, (i // cols) * h), sprite)
    check("tile_faces", sheet)


SCENARIO = {
    "format": "muster.neuroshima.battle/1",
    "players": [
        {"seat": 0, "army": "moloch", "hq_hp": 20},
        {"seat": 1, "army": "hegemony", "hq_hp": 14},
    ],
    "tiles": [
        {"hex": "D4", "tile": "moloch.hq", "seat": 0, "facing": 0},
        {"hex": [0, 1], "tile": "moloch.hunter_killer", "seat": 0, "facing": 5},
        {"hex": "C3", "tile": "moloch.juggernaut", "seat": 0, "facing": 4, "wounds": 1},
        {"hex": "B3", "tile": "hegemony.hq", "seat": 1, "facing": 0},
        {"hex": "B4", "tile": "hegemony.net_fighter", "seat": 1, "facing": 1},
        {"hex": "B2", "tile": "hegemony.universal_soldier", "seat": 1, "facing": 2},
    ],
}


def test_render_scenario() -> None:
    data = render_scenario(SCENARIO)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert render_scenario(SCENARIO) == data
    check("scenario", Image.open(io.BytesIO(data)))


def test_render_scenario_rejects_a_bad_file() -> None:
    from games.base import InvalidActionError

    with pytest.raises(InvalidActionError):
        render_scenario({**SCENARIO, "tiles": [{"hex": "Z9", "tile": "moloch.hq", "seat": 0}]})


def test_png_bytes_are_deterministic() -> None:
    view = rules.player_view(playout(SEED).mid_game(), None)
    assert png_bytes(board_image(view)) == png_bytes(board_image(view))
