"""Battle replay: one frame per initiative phase, an animated GIF of them, and a summary image.

Drawn from the view's last-battle summary (the position before the battle and, per phase, every
hit and every removal). Hit points and wounds between phases are derived from the hits; the
final frame uses the summary's authoritative HQ hit points.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import replace

from PIL import Image

from games.neuroshima.board import Board
from games.neuroshima.position import PlacedTile, Position, netted
from games.neuroshima.state import BattleSummary, PhaseSummary
from games.neuroshima.tiles import Kind, tile_type
from games.neuroshima.view import NeuroshimaView
from rendering.canvas import Text
from rendering.neuroshima.board import (
    AttackArrow,
    BoardLayout,
    Mark,
    board_layout,
    paint_board,
    style_of,
)
from rendering.neuroshima.panel import seat_name
from rendering.palette import TEXT, Style, seat_styles, to_palette

FRAME_MS = 1600
"""Time per phase frame: long enough to follow the arrows on a phone."""
FIRST_LAST_MS = 2200
DAMAGE_FONT = 20


def _view_at(view: NeuroshimaView, position: Position) -> NeuroshimaView:
    seats = tuple(
        replace(s, hq_hp=position.hq_hp[s.seat]) if s.seat < len(position.hq_hp) else s
        for s in view.seats
    )
    return replace(
        view,
        tiles=position.tiles,
        netted=tuple(sorted(netted(position))),
        seats=seats,
        pending=None,
        to_act=(),
        last_turn=(),
        since_your_turn=(),
    )


def _after_hits(position: Position, phase: PhaseSummary) -> Position:
    """The position after a phase's hits land and its destroyed tiles leave."""
    tiles = dict(position.tiles)
    hp = list(position.hq_hp)
    for hit in phase.attacks:
        placed = tiles.get(hit.target)
        if placed is None:
            continue
        if placed.type.kind is Kind.HQ and placed.owner is not None:
            hp[placed.owner] = max(0, hp[placed.owner] - hit.damage)
        else:
            wounds = min(placed.wounds + hit.damage, placed.type.hit_points)
            tiles[hit.target] = PlacedTile(placed.tile, placed.owner, placed.facing, wounds)
    for d in phase.destroyed:
        tiles.pop(d.hex, None)
    return replace(position, tiles=tuple(sorted(tiles.items())), hq_hp=tuple(hp))


def positions(summary: BattleSummary) -> list[Position]:
    """The position before each phase, then the position after the battle."""
    result = [summary.before]
    for phase in summary.phases:
        result.append(_after_hits(result[-1], phase))
    result[-1] = replace(result[-1], hq_hp=summary.hq_hp)
    return result


def _attack_arrows(layout: BoardLayout, phase: PhaseSummary) -> list[AttackArrow]:
    grid = layout.grid
    arrows = []
    for hit in phase.attacks:
        (x0, y0), (x1, y1) = grid.centre(*hit.attacker), grid.centre(*hit.target)
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        # Shift each arrow to its right so two tiles hitting each other show two arrows.
        nx, ny = -(y1 - y0) / length, (x1 - x0) / length
        off = grid.radius * 0.13
        start, end = (x0 + nx * off, y0 + ny * off), (x1 + nx * off, y1 + ny * off)
        t = max(0.5, 1 - grid.radius * 0.9 / length)
        label = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)
        arrows.append(AttackArrow(start, end, label, hit.damage, hit.kind))
    return arrows


def frame_layouts(view: NeuroshimaView, names: Sequence[str] | None = None) -> list[BoardLayout]:
    """Layouts of the replay: before, one per phase (hits, then crossed-out losses), after."""
    summary = view.last_battle
    if summary is None:
        return []
    states = positions(summary)
    total = len(summary.phases)
    kind = "Final battle" if summary.final else "Battle"
    frames = [
        board_layout(
            _view_at(view, states[0]),
            names=names,
            title=(f"{kind} · turn {summary.turn}", f"{total} initiative phases", False),
        )
    ]
    for i, phase in enumerate(summary.phases):
        lost = len(phase.destroyed)
        detail = f"phase {i + 1} of {total} · {len(phase.attacks)} hits · {lost} destroyed"
        layout = board_layout(
            _view_at(view, replace(states[i], hq_hp=states[i + 1].hq_hp)),
            names=names,
            title=(f"{kind} · initiative {phase.initiative}", detail, False),
        )
        layout.attacks = _attack_arrows(layout, phase)
        for hit in layout.attacks:
            layout.texts.append(Text(hit.label, str(hit.damage), DAMAGE_FONT, TEXT, "mm"))
        for d in phase.destroyed:
            layout.marks.append(Mark(d.hex, layout.grid.centre(*d.hex), "doomed"))
        frames.append(layout)
    frames.append(summary_layout(view, names))
    return frames


def summary_layout(view: NeuroshimaView, names: Sequence[str] | None = None) -> BoardLayout:
    """The board after the battle with every loss as a ghost and a line per phase."""
    summary = view.last_battle
    assert summary is not None
    after = positions(summary)[-1]
    board = Board(view.board_radius)
    lines = []
    for phase in summary.phases:
        hits = sum(h.damage for h in phase.attacks)
        lost = ", ".join(
            f"{_owner(d.seat, names)} {_tile_name(d.tile)} ({board.label(d.hex)})"
            for d in phase.destroyed
        )
        lines.append(
            f"Initiative {phase.initiative}: {len(phase.attacks)} hits, {hits} wounds"
            + (f"; destroyed {lost}" if lost else "")
        )
    for seat in summary.eliminated:
        lines.append(f"{seat_name(seat, names)}'s HQ was destroyed")
    kind = "Final battle" if summary.final else "Battle"
    layout = board_layout(
        _view_at(view, after),
        caption=lines,
        caption_heading="Phase by phase",
        names=names,
        title=(f"{kind} · turn {summary.turn} · result", "", False),
    )
    occupied = {h for h, _ in after.tiles}
    for d in summary.destroyed:
        if d.hex not in occupied:
            style = _style(view, d.seat)
            layout.marks.append(Mark(d.hex, layout.grid.centre(*d.hex), "ghost", d.tile, style))
    return layout


def _style(view: NeuroshimaView, seat: int | None) -> Style:
    return style_of(view, seat)


def _owner(seat: int | None, names: Sequence[str] | None) -> str:
    return "neutral" if seat is None else seat_name(seat, names) + "'s"


def _tile_name(tile: str) -> str:
    return tile_type(tile).name


def battle_frames(view: NeuroshimaView, names: Sequence[str] | None = None) -> list[Image.Image]:
    """The replay frames (empty when the view has no battle)."""
    return [paint_board(layout) for layout in frame_layouts(view, names)]


def battle_summary_image(view: NeuroshimaView, names: Sequence[str] | None = None) -> Image.Image:
    """A single image of the battle's result."""
    return paint_board(summary_layout(view, names))


def animation_bytes(frames: Sequence[Image.Image], styles: tuple[Style, ...]) -> bytes:
    """An endlessly looping GIF of `frames` sharing one palette (deterministic bytes).

    GIF, not APNG: Discord animates GIF attachments inline everywhere, while an APNG attachment
    shows only its first frame in the clients. One shared, content-independent palette keeps
    colours from flickering between frames and makes the bytes deterministic.
    """
    if not frames:
        raise ValueError("no frames")
    height = max(f.height for f in frames)
    padded = [to_palette(f if f.height == height else _pad(f, height), styles) for f in frames]
    durations = [FIRST_LAST_MS, *([FRAME_MS] * (len(frames) - 2)), FIRST_LAST_MS][: len(frames)]
    buffer = io.BytesIO()
    padded[0].save(
        buffer,
        "GIF",
        save_all=True,
        append_images=padded[1:],
        duration=durations,
        loop=0,
        disposal=1,
        optimize=False,
    )
    return buffer.getvalue()


def _pad(frame: Image.Image, height: int) -> Image.Image:
    canvas = Image.new("RGB", (frame.width, height), frame.getpixel((0, 0)))
    canvas.paste(frame, (0, 0))
    return canvas


def battle_animation(view: NeuroshimaView, names: Sequence[str] | None = None) -> bytes:
    """The battle replay as an animated GIF."""
    styles = tuple(seat_styles([s.army for s in view.seats]))
    return animation_bytes(battle_frames(view, names), styles)


__all__ = ["battle_animation", "battle_frames", "battle_summary_image", "frame_layouts"]
