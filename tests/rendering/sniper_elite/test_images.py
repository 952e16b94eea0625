"""Golden images of the Sniper Elite pictures, rendered from seeded missions of the rules core."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

from PIL import Image

from games.sniper_elite import rules
from games.sniper_elite.model import State
from rendering.canvas import png_bytes
from rendering.sniper_elite import (
    board_image,
    board_png,
    mission_over_image,
    turn_animation,
    turn_frames,
    turn_image,
)
from rendering.sniper_elite.turn import durations, frame_steps
from tests.rendering.golden import OUTPUT, _difference
from tests.rendering.sniper_elite.scenes import final, first, walked

GOLDEN = Path(__file__).parent / "golden"


def check(name: str, image: Image.Image) -> None:
    """Compare with golden/<name>.png here (the shared helper's tolerance for text)."""
    path = GOLDEN / f"{name}.png"
    image = image.convert("RGB")
    if os.environ.get("MUSTER_UPDATE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        image.save(path, optimize=True)
        return
    assert path.exists(), f"missing golden {path}; run with MUSTER_UPDATE_GOLDEN=1"
    problem = _difference(image, Image.open(path).convert("RGB"), exact=False)
    if problem:
        OUTPUT.mkdir(exist_ok=True)
        image.save(OUTPUT / f"sniper_elite_{name}.actual.png")
        raise AssertionError(f"{name}: {problem} (see {OUTPUT})")


def at_round(board: str, seed: str, number: int) -> State:
    """The start of the sniper's turn in round `number`."""
    return first(board, seed, lambda s: s.round == number)


def test_board_tidewater_mid_mission() -> None:
    state = at_round("tidewater", "tidewater2", 5)
    check("board_tidewater", board_image(rules.player_view(state, 0)))


def test_board_pinecrest_wounded_with_a_completed_objective() -> None:
    state = at_round("pinecrest", "pinecrest3", 5)
    assert state.wounds == 1 and state.completed
    check("board_pinecrest", board_image(rules.player_view(state, 0)))


def test_defenders_turn_with_walks_and_calls() -> None:
    state = at_round("tidewater", "tidewater6", 4)
    assert walked(state)
    check("turn_tidewater", turn_image(rules.player_view(state, 0)))
    other = at_round("pinecrest", "pinecrest3", 6)
    check("turn_pinecrest", turn_image(rules.player_view(other, 0)))


def test_defenders_turn_animation_frames() -> None:
    state = at_round("tidewater", "tidewater6", 4)
    view = rules.player_view(state, 0)
    frames = turn_frames(view)
    groups = frame_steps(view)
    assert len(frames) == len(groups) + 1 and len({f.size for f in frames}) == 1
    rolled = next(i for i, g in enumerate(groups) if g[-1].rolled)
    walk = next(i for i, g in enumerate(groups) if len(g[-1].path) >= 2)
    hit = next(i for i, g in enumerate(groups) if g[-1].text.startswith("You take a hit"))
    check("turn_frame_roll", frames[rolled])
    check("turn_frame_walk", frames[walk])
    check("turn_frame_hit", frames[hit])
    assert " returns to " in groups[-1][-1].text
    check("turn_frame_return", frames[-2])


def test_defenders_turn_gif_repeats_its_bytes_and_timing() -> None:
    state = at_round("pinecrest", "pinecrest3", 6)
    view = rules.player_view(state, None)
    data = turn_animation(view)
    assert data.startswith(b"GIF89a") and data == turn_animation(view)
    gif: Any = Image.open(io.BytesIO(data))
    assert gif.n_frames == len(frame_steps(view)) + 1
    shown = []
    for index in range(gif.n_frames):
        gif.seek(index)
        shown.append(gif.info["duration"])
    assert shown == durations(view) and shown[-1] == 5000


def test_mission_over_won_and_lost() -> None:
    won = final("tidewater", "tidewater6")
    lost = final("pinecrest", "pinecrest3")
    assert won.result == "won" and lost.result == "lost"
    check("over_won", mission_over_image(rules.player_view(won, 0)))
    check("over_lost", mission_over_image(rules.player_view(lost, 0)))


def test_spectators_see_what_the_player_sees_and_bytes_repeat() -> None:
    state = at_round("tidewater", "tidewater2", 5)
    player, spectator = rules.player_view(state, 0), rules.player_view(state, None)
    assert png_bytes(board_image(player)) == png_bytes(board_image(spectator))
    assert board_png(player) == board_png(player)
