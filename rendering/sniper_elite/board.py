"""The board image and the mission-over image from a SniperView, and the scene they share.

Layout (pure coordinates: strips, pieces on spaces, arrows) then paint (a cached map backdrop,
cached sprites, arrow patches, text). Only the player's view is used: face-down cards and the
order deck stay hidden, and spectators get exactly what the player sees.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from PIL import Image, ImageDraw

import rendering.sniper_elite.style as st
from games.sniper_elite.board import Area, Board, load_board
from games.sniper_elite.view import SniperView
from games.text import Text
from rendering.canvas import RGB, Point, draw_texts, paste, png_bytes
from rendering.canvas import Text as Label
from rendering.sniper_elite.mapart import MapFrame, backdrop, map_frame, map_labels
from rendering.sniper_elite.outline import lka_outline
from rendering.sniper_elite.panel import (
    Box,
    Sprite,
    Strip,
    caption_strip,
    legend_strip,
    order_strip,
    status_strip,
    title_strip,
)
from rendering.sniper_elite.pieces import arrow_patch
from rendering.sniper_elite.sprites import sprite
from rendering.sniper_elite.style import Say

PIECE_RADIUS = 16
BADGE_RADIUS = 12
TITLE_COLOUR: dict[str, RGB] = {"won": (120, 220, 140), "lost": (255, 120, 110)}


@dataclass(frozen=True, slots=True)
class Arrow:
    """A defender's move: image points along its path, in its squad's colour."""

    points: tuple[Point, ...]
    squad: str
    call: bool = False
    """A call (placed, not walked): drawn dashed and straight."""


@dataclass(slots=True)
class SceneLayout:
    """Everything an image shows, placed: strips, the map frame, pieces, arrows."""

    width: int
    height: int
    frame: MapFrame
    map_band: tuple[int, int]
    lka: str | None
    strips: list[Strip] = field(default_factory=list)
    pieces: list[Sprite] = field(default_factory=list)
    arrows: list[Arrow] = field(default_factory=list)
    texts: list[Label] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    """Space ids: fixed per map, so they are painted into the cached map layer."""

    def all_texts(self) -> list[Label]:
        """Every text of the image (for the minimum-size test)."""
        return [*self.labels, *self.texts, *(t for s in self.strips for t in s.texts)]


def _phase_text(view: SniperView) -> tuple[Text, RGB | None]:
    if view.result == "won":
        return Text("Mission accomplished"), TITLE_COLOUR["won"]
    if view.result == "lost":
        return Text("Mission failed"), TITLE_COLOUR["lost"]
    if view.phase == "objective_discard":
        return Text("Setup: choose an objective to discard"), st.OWN_OBJECTIVE
    if view.phase in ("deal_orders", "deal_equipment", "deal_objectives"):
        return Text("Setup"), None
    if view.phase in ("sniper", "shot", "reward", "loot_keep", "return_place", "choose_entry"):
        return Text("Your turn"), st.OWN_OBJECTIVE
    return Text("Defenders' turn"), None


def _pieces(view: SniperView, board: Board, frame: MapFrame) -> tuple[list[Sprite], list[Label]]:
    """Objective badges and cubes, defenders and the sniper, placed inside their spaces."""
    sprites: list[Sprite] = []
    texts: list[Label] = []
    own = {n for n, _ in view.objectives}
    for space in board.spaces:
        if space.objective is None:
            continue
        _, y0, x1, _ = frame.box(space)
        centre = (x1 - BADGE_RADIUS - 5, y0 + BADGE_RADIUS + 5)
        n = space.objective
        kind = "done" if n in view.completed else "own" if n in own else "plain"
        sprites.append(Sprite("badge", kind, centre, BADGE_RADIUS))
        texts.append(Label(centre, str(n), 15, st.INK, "mm"))
        if n in view.probable:
            sprites.append(Sprite("cube", "", (centre[0] - 27, centre[1] + 1), 20))
    taken: dict[str, list[str]] = {}
    for d in view.defenders:
        if d.space is not None:
            taken.setdefault(d.space, []).append(f"defender:{d.squad}")
    if view.sniper is not None:
        taken.setdefault(view.sniper, []).append("sniper:")
    for space_id, items in sorted(taken.items()):
        cx, cy = frame.centre(board.by_id[space_id])
        cy += 6  # clear of the id label in small spaces
        offsets = [0.0] if len(items) == 1 else [-15.0, 15.0]
        for kind_key, dx in zip(sorted(items), offsets, strict=False):
            kind, key = kind_key.split(":")
            sprites.append(Sprite(kind, key, (cx + dx, cy), PIECE_RADIUS))
    return sprites, texts


def scene_layout(
    view: SniperView,
    heading: tuple[str, str, RGB | None] | None = None,
    caption: tuple[str, list[str]] | None = None,
    rolled: int = 0,
    say: Say = str,
) -> SceneLayout:
    """Title, map with pieces, legend, caption, order board (the `rolled` card marked), panel;
    every word (the heading's and the caption's too) said through `say`."""
    board = load_board(view.board)
    phase, accent = _phase_text(view)
    title, detail, colour = heading or (
        Text("{map} · round {round}", map=board.name, round=view.round),
        phase,
        accent,
    )
    strips = [title_strip(0, say(title), say(detail), colour)]
    map_top = strips[-1].top + strips[-1].height
    frame = map_frame(view.board, map_top + 8)
    band = (map_top, frame.height + 16)
    strips.append(legend_strip(map_top + band[1], say))
    if caption is not None:
        top = strips[-1].top + strips[-1].height
        strips.append(caption_strip(top, *caption, say=say))
    strips.append(order_strip(strips[-1].top + strips[-1].height + 4, view, rolled, say))
    strips.append(status_strip(strips[-1].top + strips[-1].height + 6, view, say))
    height = strips[-1].top + strips[-1].height + st.MARGIN // 2
    layout = SceneLayout(st.WIDTH, height, frame, band, view.lka, strips)
    layout.pieces, layout.texts = _pieces(view, board, frame)
    layout.labels = map_labels(board, frame)
    return layout


def trim(points: tuple[Point, ...]) -> tuple[Point, ...]:
    """Stop short of the last centre, so the head does not cover the defender standing there."""
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1.0)
    cut = min(PIECE_RADIUS + 4, length / 2)
    end = (x1 - (x1 - x0) / length * cut, y1 - (y1 - y0) / length * cut)
    return (*points[:-1], end)


StripKey = tuple[int, int, tuple[Box, ...], tuple[Sprite, ...], tuple[Label, ...]]


def paint(layout: SceneLayout, bands: dict[StripKey, Image.Image] | None = None) -> Image.Image:
    """Draw a laid-out scene; frames of one animation share `bands` (strips painted already)."""
    image = Image.new("RGB", (layout.width, layout.height), st.PANEL)
    top, height = layout.map_band
    image.paste(map_layer(layout.frame.key, top, height, layout.lka), (0, top))
    for arrow in layout.arrows:
        fill = st.SQUAD_FILL[arrow.squad]
        patch = arrow_patch(arrow.points, fill, st.ARROW_EDGE, 6, dashed=arrow.call)
        patch.paste_onto(image)
    for item in layout.pieces:
        _put(image, item, 0)
    draw_texts(image, [*layout.labels, *layout.texts])
    painted = {} if bands is None else bands
    for strip in layout.strips:
        if strip.height <= 0:
            continue
        key = (strip.top, strip.height, tuple(strip.boxes), tuple(strip.sprites),
               tuple(strip.texts))  # fmt: skip
        if key not in painted:
            painted[key] = paint_strip(strip, layout.width)
        image.paste(painted[key], (0, strip.top))
    return image


def paint_strip(strip: Strip, width: int) -> Image.Image:
    """One strip as a band of the image: its boxes, then sprites, then texts."""
    band = Image.new("RGB", (width, strip.height), st.PANEL)
    draw = ImageDraw.Draw(band)
    dy = strip.top
    for b in strip.boxes:
        x0, y0, x1, y1 = b.box
        draw.rounded_rectangle((x0, y0 - dy, x1, y1 - dy), b.radius, b.fill, b.outline, b.width)
    for item in strip.sprites:
        _put(band, item, dy)
    draw_texts(band, [replace(t, xy=(t.xy[0], t.xy[1] - dy)) for t in strip.texts])
    return band


def _put(image: Image.Image, item: Sprite, dy: int) -> None:
    picture = sprite(item)
    x, y = item.centre
    paste(image, picture, (round(x - picture.width / 2), round(y - dy - picture.height / 2)))


@lru_cache(maxsize=16)
def map_layer(key: str, top: int, height: int, lka: str | None) -> Image.Image:
    """The map with the LKA outline and the space ids: one per map and LKA, reused."""
    image = backdrop(key, top, height).copy()
    frame = map_frame(key, top + 8)
    if lka is not None:
        paste(image, lka_outline(key, frame.top, Area(lka)), (0, frame.top - 8 - top))
    labels = map_labels(load_board(key), frame)
    draw_texts(image, [replace(t, xy=(t.xy[0], t.xy[1] - top)) for t in labels])
    return image


def board_image(view: SniperView, say: Say = str) -> Image.Image:
    """The table as the player sees it."""
    return paint(scene_layout(view, say=say))


def mission_over_layout(view: SniperView, say: Say = str) -> SceneLayout:
    """The final table with the result, the reason and the mission's numbers."""
    board = load_board(view.board)
    won = view.result == "won"
    title = Text("Mission accomplished") if won else Text("Mission failed")
    colour = TITLE_COLOUR["won" if won else "lost"]
    done = Text.verbatim(", ".join(str(n) for n in view.completed)) if view.completed else None
    lines: list[str] = [
        view.reason or Text("The mission is not over."),
        Text("Objectives completed: {done} ({count} of 2)", done=done or Text("none"),
             count=len(view.completed)),
        Text("{rounds} · {cards}",
             rounds=Text.plural("{count} round played", "{count} rounds played", view.round),
             cards=Text.plural("{count} order card left", "{count} order cards left",
                               view.order_deck_size)),
        Text("{wounds} · {stack}",
             wounds=Text.plural("{count} wound", "{count} wounds", view.wounds),
             stack=Text.plural("health stack: {count} token", "health stack: {count} tokens",
                               len(view.health_stack))),
    ]  # fmt: skip
    heading = (
        Text.joined(" · ", [Text.verbatim(board.name), title]),
        Text("round {round}", round=view.round),
        colour,
    )
    return scene_layout(view, heading, (Text("Debrief"), lines), say=say)


def mission_over_image(view: SniperView, say: Say = str) -> Image.Image:
    """The objective/mission-over image."""
    return paint(mission_over_layout(view, say))


def delivery_png(image: Image.Image) -> bytes:
    """PNG bytes for Discord: 256 colours (flat map art loses nothing visible), a quarter the
    size and several times faster to encode than RGB; the same image gives the same bytes."""
    flat = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return png_bytes(flat)


def board_png(view: SniperView, say: Say = str) -> bytes:
    """The board image as delivery PNG bytes."""
    return delivery_png(board_image(view, say))
