"""Battle replay: one frame per initiative phase, an animated GIF of them, and a summary image.

Drawn from the view's last-battle summary: the position before the battle and, per phase, every
hit, every Medic save, every removal, and the HQ hit points and wounds the phase left. Nothing is
reconstructed from the hits, so a hit a Medic took never shows as a wound.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from PIL import Image

from games.neuroshima.board import Board
from games.neuroshima.position import PlacedTile, Position, netted
from games.neuroshima.state import BattleSummary, PhaseSummary
from games.neuroshima.tiles import tile_type
from games.neuroshima.view import NeuroshimaView
from games.text import Text
from rendering.canvas import Text as Label
from rendering.canvas import gif_bytes as canvas_gif
from rendering.neuroshima.board import (
    AttackArrow,
    BoardLayout,
    Mark,
    board_layout,
    paint_board,
    style_of,
)
from rendering.neuroshima.layout import Say
from rendering.neuroshima.panel import seat_name
from rendering.palette import INK, TEXT, Style, seat_styles, to_palette

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
        since_turn=None,
    )


def after_phase(position: Position, phase: PhaseSummary) -> Position:
    """The position at the end of `phase`: its losses gone, its recorded wounds and HQ hit points.

    A summary without per-phase records (hq_hp empty) leaves wounds and hit points as they were.
    """
    gone = {d.hex for d in phase.destroyed}
    if not phase.hq_hp:
        tiles = tuple((h, p) for h, p in position.tiles if h not in gone)
        return replace(position, tiles=tiles)
    wounds = dict(phase.wounds)
    tiles = tuple(
        (h, p if p.wounds == wounds.get(h, 0) else _wounded(p, wounds.get(h, 0)))
        for h, p in position.tiles
        if h not in gone
    )
    return replace(position, tiles=tiles, hq_hp=phase.hq_hp)


def _wounded(placed: PlacedTile, wounds: int) -> PlacedTile:
    return PlacedTile(placed.tile, placed.owner, placed.facing, wounds)


def positions(summary: BattleSummary) -> list[Position]:
    """The position before each phase, then the position after the battle."""
    result = [summary.before]
    for phase in summary.phases:
        result.append(after_phase(result[-1], phase))
    result[-1] = replace(result[-1], hq_hp=summary.hq_hp)
    return result


def during(start: Position, end: Position) -> Position:
    """A phase's frame: every tile of its start (the fallen get crossed out), survivors with
    the wounds the phase left, HQ hit points after the phase."""
    later = dict(end.tiles)
    tiles = tuple((h, later.get(h, p)) for h, p in start.tiles)
    return replace(start, tiles=tiles, hq_hp=end.hq_hp)


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
        arrows.append(AttackArrow(start, end, label, hit.damage, hit.kind, phase.absorbed_hit(hit)))
    return arrows


def frame_layouts(
    view: NeuroshimaView, names: Sequence[str] | None = None, say: Say = str
) -> list[BoardLayout]:
    """Layouts of the replay: before, one per phase (hits, then crossed-out losses), after."""
    summary = view.last_battle
    if summary is None:
        return []
    states = positions(summary)
    total = len(summary.phases)
    final = summary.final
    title = (
        Text("Final battle · turn {turn}" if final else "Battle · turn {turn}", turn=summary.turn),
        Text.plural("{count} initiative phase", "{count} initiative phases", total),
        False,
    )
    frames = [board_layout(_view_at(view, states[0]), names=names, title=title, say=say)]
    for i, phase in enumerate(summary.phases):
        counts = {
            "phase": i + 1,
            "phases": total,
            "hits": _hits(len(phase.attacks)),
            "lost": Text.plural("{count} destroyed", "{count} destroyed", len(phase.destroyed)),
        }
        detail = (
            Text(
                "phase {phase} of {phases} · {hits} · {saved} · {lost}",
                **counts, saved=_saved(len(phase.absorbed)),
            )
            if phase.absorbed
            else Text("phase {phase} of {phases} · {hits} · {lost}", **counts)
        )  # fmt: skip
        heading = Text(
            "Final battle · initiative {initiative}"
            if final
            else "Battle · initiative {initiative}",
            initiative=phase.initiative,
        )
        layout = board_layout(
            _view_at(view, during(states[i], states[i + 1])),
            names=names,
            title=(heading, detail, False),
            say=say,
        )
        layout.attacks = _attack_arrows(layout, phase)
        for hit in layout.attacks:
            # A hit a Medic took deals nothing: its disc is white and reads 0.
            shown, colour = ("0", INK) if hit.saved else (str(hit.damage), TEXT)
            layout.texts.append(Label(hit.label, shown, DAMAGE_FONT, colour, "mm"))
        for d in phase.destroyed:
            layout.marks.append(Mark(d.hex, layout.grid.centre(*d.hex), "doomed"))
        for a in phase.absorbed:
            layout.marks.append(Mark(a.protected, layout.grid.centre(*a.protected), "saved"))
        frames.append(layout)
    frames.append(summary_layout(view, names, say))
    return frames


def summary_layout(
    view: NeuroshimaView, names: Sequence[str] | None = None, say: Say = str
) -> BoardLayout:
    """The board after the battle with every loss as a ghost and a line per phase."""
    summary = view.last_battle
    assert summary is not None
    after = positions(summary)[-1]
    board = Board(view.board_radius)
    lines: list[str] = []
    hp = summary.before.hq_hp
    for phase in summary.phases:
        lines.append(_phase_line(phase, hp, board, names, view.scoring))
        hp = phase.hq_hp or hp
    for seat in summary.eliminated:
        lines.append(Text("{who}'s HQ was destroyed", who=seat_name(seat, names)))
    title = Text(
        "Final battle · turn {turn} · result" if summary.final else "Battle · turn {turn} · result",
        turn=summary.turn,
    )
    layout = board_layout(
        _view_at(view, after),
        caption=lines,
        caption_heading=Text("Phase by phase"),
        names=names,
        title=(title, "", False),
        say=say,
    )
    occupied = {h for h, _ in after.tiles}
    for d in summary.destroyed:
        if d.hex not in occupied:
            style = _style(view, d.seat)
            centre = layout.grid.centre(*d.hex)
            layout.marks.append(Mark(d.hex, centre, "ghost", d.tile, style, d.facing))
    return layout


def _phase_line(
    phase: PhaseSummary,
    hp_before: Sequence[int],
    board: Board,
    names: Sequence[str] | None,
    scoring: bool,
) -> Text:
    """ "Initiative 2: 3 hits, 2 wounds, 1 saved by a Medic; Ada's HQ −2; destroyed …"."""
    landed = sum(h.damage for h in phase.attacks if not phase.absorbed_hit(h))
    counts = {
        "initiative": phase.initiative,
        "hits": _hits(len(phase.attacks)),
        "wounds": Text.plural("{count} wound", "{count} wounds", landed),
    }
    parts = [
        Text(
            "Initiative {initiative}: {hits}, {wounds}, {saved}",
            **counts, saved=_saved(len(phase.absorbed)),
        )
        if phase.absorbed
        else Text("Initiative {initiative}: {hits}, {wounds}", **counts)
    ]  # fmt: skip
    hq = [
        Text.plural(
            "{who} +{count} point", "{who} +{count} points", after - before, who=seat_name(s, names)
        )
        if scoring
        else Text("{whose} HQ −{damage}", whose=_owner(s, names), damage=before - after)
        for s, (before, after) in enumerate(zip(hp_before, phase.hq_hp, strict=False))
        if after != before
    ]
    if hq:
        parts.append(Text.joined(", ", hq))
    lost = [
        Text(
            "{whose} {tile} ({hex})",
            whose=_owner(d.seat, names),
            tile=_tile_name(d.tile),
            hex=board.label(d.hex),
        )
        for d in phase.destroyed
    ]
    if lost:
        parts.append(Text("destroyed {tiles}", tiles=Text.joined(", ", lost)))
    return Text.joined("; ", parts)


def _hits(count: int) -> Text:
    return Text.plural("{count} hit", "{count} hits", count)


def _saved(count: int) -> Text:
    return Text.plural("{count} saved by a Medic", "{count} saved by a Medic", count)


def _style(view: NeuroshimaView, seat: int | None) -> Style:
    return style_of(view, seat)


def _owner(seat: int | None, names: Sequence[str] | None) -> Text:
    if seat is None:
        return Text("neutral")
    return Text("{name}'s", name=seat_name(seat, names))


def _tile_name(tile: str) -> str:
    return tile_type(tile).name


def battle_frames(
    view: NeuroshimaView, names: Sequence[str] | None = None, say: Say = str
) -> list[Image.Image]:
    """The replay frames (empty when the view has no battle)."""
    return [paint_board(layout) for layout in frame_layouts(view, names, say)]


def battle_summary_image(
    view: NeuroshimaView, names: Sequence[str] | None = None, say: Say = str
) -> Image.Image:
    """A single image of the battle's result."""
    return paint_board(summary_layout(view, names, say))


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
    return canvas_gif(padded, durations)


def _pad(frame: Image.Image, height: int) -> Image.Image:
    canvas = Image.new("RGB", (frame.width, height), frame.getpixel((0, 0)))
    canvas.paste(frame, (0, 0))
    return canvas


def battle_animation(
    view: NeuroshimaView, names: Sequence[str] | None = None, say: Say = str
) -> bytes:
    """The battle replay as an animated GIF."""
    styles = tuple(seat_styles([s.army for s in view.seats]))
    return animation_bytes(battle_frames(view, names, say), styles)


__all__ = ["battle_animation", "battle_frames", "battle_summary_image", "frame_layouts"]
