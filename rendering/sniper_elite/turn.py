"""The defenders' turn: a still summary with every move as an arrow, and its animation.

Both come from the steps the rules recorded while the turn resolved (`SniperView.steps`: each
log line with the table right after it), so nothing is re-simulated here. The animation shows
one frame per step (the die, each defender's move, check, attack or call, every hit, the board
sliding and refilling; a run of checks that found nothing shares one frame), then the summary.
One palette for every frame keeps colours from flickering and the bytes stable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PIL import Image

import rendering.sniper_elite.style as st
from games.sniper_elite.board import load_board
from games.sniper_elite.view import SniperView, StepView
from games.text import Text
from rendering.canvas import gif_bytes as canvas_gif
from rendering.sniper_elite.board import (
    Arrow,
    SceneLayout,
    StripKey,
    paint,
    scene_layout,
    trim,
)
from rendering.sniper_elite.mapart import MapFrame
from rendering.sniper_elite.style import Say

QUIET = ("sees nothing.", "finds nothing.", "hits nothing.", "stays put.")
"""Endings of checks that found nothing: left out of the summary's caption."""
STEP_MS = 1300
QUIET_MS = 700
FIRST_MS = 1600
SUMMARY_MS = 5000


def step_arrows(
    view: SniperView, frame: MapFrame, steps: Sequence[StepView], before: Sequence[str | None]
) -> list[Arrow]:
    """An arrow for every defender that changed space during `steps`, starting from `before`.

    A walk follows its logged path; a call is a straight dashed arrow from where the defender
    stood; a defender returning from off the board gets none (it came from nowhere on the map).
    """
    board = load_board(view.board)
    arrows: list[Arrow] = []
    where = list(before)
    for step in steps:
        for ident, (old, new) in enumerate(zip(where, step.defenders, strict=True)):
            if old == new or old is None or new is None:
                continue
            walked = len(step.path) >= 2 and step.path[0] == old and step.path[-1] == new
            path = step.path if walked else (old, new)
            points = tuple(frame.centre(board.by_id[s]) for s in path)
            arrows.append(Arrow(trim(points), view.defenders[ident].squad, call=not walked))
        where = list(step.defenders)
    return arrows


def at_step(view: SniperView, step: StepView) -> SniperView:
    """The table as it stood right after `step` (the sniper does not move in their turn)."""
    defenders = tuple(
        replace(d, space=space) for d, space in zip(view.defenders, step.defenders, strict=True)
    )
    return replace(
        view,
        phase="defenders",
        defenders=defenders,
        lka=step.lka,
        slots=step.slots,
        order_deck_size=step.order_deck_size,
        order_discard=step.order_discard,
        health_stack=step.health_stack,
        bag=step.bag,
        wounds=step.wounds,
        hits_this_turn=step.hits,
        result=None,
    )


def _round(view: SniperView) -> int:
    """The round the latest defenders' turn belongs to (the view may be in the next one)."""
    over = view.result is not None or view.phase in ("order_roll", "order_draw", "return_place")
    return view.round if over else max(view.round - 1, 1)


def frame_steps(view: SniperView) -> list[tuple[StepView, ...]]:
    """The steps of each frame: one step, or a run of checks that found nothing (one frame)."""
    frames: list[tuple[StepView, ...]] = []
    for step in view.steps:
        if frames and _quiet(step) and all(_quiet(s) for s in frames[-1]):
            frames[-1] = (*frames[-1], step)
        else:
            frames.append((step,))
    return frames


def _quiet(step: StepView) -> bool:
    return step.text.endswith(QUIET)


def _heading(view: SniperView) -> tuple[str, str, None]:
    name = load_board(view.board).name
    title = Text("{map} · defenders' turn", map=name)
    return title, Text("round {round}", round=_round(view)), None


def frame_layouts(view: SniperView, say: Say = str) -> list[SceneLayout]:
    """One layout per frame of the latest defenders' turn, then the summary (empty before one)."""
    groups = frame_steps(view)
    if not groups:
        return []
    heading = _heading(view)
    layouts: list[SceneLayout] = []
    previous = groups[0][0].defenders
    for number, group in enumerate(groups, start=1):
        step = group[-1]
        title = Text("Step {number} of {count}", number=number, count=len(groups))
        caption = (title, [s.text for s in group])
        layout = scene_layout(at_step(view, step), heading, caption, step.rolled, say)
        layout.arrows = step_arrows(view, layout.frame, group, previous)
        layouts.append(layout)
        previous = step.defenders
    layouts.append(summary_layout(view, say))
    return layouts


def summary_layout(view: SniperView, say: Say = str) -> SceneLayout:
    """The table after the defenders' turn with every move of it drawn as an arrow."""
    steps = view.steps
    lines = [s.text for s in steps[1:] if not _quiet(s)]
    shown = at_step(view, steps[-1]) if steps else view
    caption = (Text("What the defenders did"), lines)
    layout = scene_layout(shown, _heading(view), caption, say=say)
    if steps:
        layout.arrows = step_arrows(view, layout.frame, steps, steps[0].defenders)
    return layout


def turn_image(view: SniperView, say: Say = str) -> Image.Image:
    """The summary still: the table after the defenders' turn, their moves as arrows."""
    return paint(summary_layout(view, say))


def turn_frames(view: SniperView, say: Say = str) -> list[Image.Image]:
    """The animation's frames, all of one size (shorter ones padded with the panel colour)."""
    bands: dict[StripKey, Image.Image] = {}
    images = [paint(layout, bands) for layout in frame_layouts(view, say)]
    height = max((i.height for i in images), default=0)
    padded = []
    for image in images:
        if image.height < height:
            canvas = Image.new("RGB", (image.width, height), st.PANEL)
            canvas.paste(image, (0, 0))
            image = canvas
        padded.append(image)
    return padded


def durations(view: SniperView) -> list[int]:
    """Milliseconds per frame: checks that found nothing pass quickly, the summary stays longest."""
    times = [QUIET_MS if all(map(_quiet, g)) else STEP_MS for g in frame_steps(view)]
    if times:
        times[0] = FIRST_MS
    return [*times, SUMMARY_MS] if times else []


def turn_animation(view: SniperView, say: Say = str) -> bytes:
    """The latest defenders' turn as a looping GIF (Discord animates GIFs inline, not APNGs)."""
    frames = turn_frames(view, say)
    if not frames:
        raise ValueError("no defenders' turn to show yet")
    # The summary holds every arrow and piece colour: its palette serves every frame, so the
    # colours never flicker and the same turn always gives the same bytes.
    palette = frames[-1].quantize(255, Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    mapped = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    return canvas_gif(mapped, durations(view))
