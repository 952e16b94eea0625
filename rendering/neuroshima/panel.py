"""The parts around the board: title bar, one card per seat (HQ track, deck), caption lines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from games.neuroshima.view import NeuroshimaView, SeatView
from games.text import Text
from rendering.assets import REGULAR
from rendering.canvas import RGB, Sketch, draw_texts, paste
from rendering.canvas import Text as Label
from rendering.hexgrid import hex_corners
from rendering.neuroshima.emblems import draw_emblem
from rendering.neuroshima.layout import MARGIN, WIDTH, Say
from rendering.palette import (
    BACKGROUND,
    EMPTY_HEX,
    HIGHLIGHT,
    INK,
    MUTED,
    TEXT,
    WARNING,
    Style,
    mix,
    seat_styles,
)

HQ_START = 20
TITLE_FONT = 26
CARD_FONT = 19
SMALL_FONT = 16
CAPTION_FONT = 19
CARD_HEIGHT = 104
CARD_GAP = 12


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle (x0, y0, x1, y1), drawn crisp at final size."""

    box: tuple[int, int, int, int]
    fill: RGB | None
    outline: RGB | None = None
    width: int = 0


@dataclass(frozen=True, slots=True)
class Swatch:
    """A small hex in a seat's colour carrying its emblem."""

    centre: tuple[int, int]
    radius: int
    style: Style


@dataclass(slots=True)
class Panel:
    """Laid-out rectangles, swatches and text of a strip of the image."""

    top: int
    height: int = 0
    rects: list[Rect] = field(default_factory=list)
    swatches: list[Swatch] = field(default_factory=list)
    texts: list[Label] = field(default_factory=list)


def seat_name(seat: int, names: Sequence[str] | None) -> str:
    """The display name of a seat: the host's name for it, else "Seat N" as the rules say."""
    if names is not None and seat < len(names):
        return names[seat]
    return Text("Seat {seat}", seat=seat)


def army_label(army: str) -> str:
    """An army key as players know it."""
    from games.neuroshima.tiles import armies

    known = armies().get(army)
    return known.name.removesuffix(" (3.0)") if known else army.title()


def title_panel(
    top: int, title: str, detail: str = "", warn: bool = False, say: Say = str
) -> Panel:
    """A title line and an optional second line (step, pending decision, final battle)."""
    p = Panel(top)
    p.texts.append(Label((MARGIN, top + 14), say(title), TITLE_FONT, TEXT))
    y = top + 14 + TITLE_FONT + 8
    if detail:
        for line in _wrap(say(detail), SMALL_FONT + 2, WIDTH - 2 * MARGIN, REGULAR)[:2]:
            p.texts.append(
                Label((MARGIN, y), line, SMALL_FONT + 2, WARNING if warn else MUTED, font=REGULAR)
            )
            y += SMALL_FONT + 8
    p.height = y - top + 6
    return p


def seat_cards(
    view: NeuroshimaView,
    top: int,
    names: Sequence[str] | None,
    hq_hp: Sequence[int] | None = None,
    winners: frozenset[int] = frozenset(),
    say: Say = str,
) -> Panel:
    """One card per seat in rows of up to three: emblem, name, army, HQ track, deck count."""
    p = Panel(top)
    styles = seat_styles([s.army for s in view.seats])
    per_row = 2 if len(view.seats) <= 2 else (3 if len(view.seats) != 4 else 2)
    card_w = (WIDTH - 2 * MARGIN - (per_row - 1) * CARD_GAP) // per_row
    for i, seat in enumerate(view.seats):
        x = MARGIN + (i % per_row) * (card_w + CARD_GAP)
        y = top + (i // per_row) * (CARD_HEIGHT + CARD_GAP)
        hp = hq_hp[seat.seat] if hq_hp is not None else (seat.hq_hp or 0)
        _card(
            p, view, seat, styles[seat.seat], (x, y, card_w), names, hp, seat.seat in winners, say
        )
    rows = (len(view.seats) + per_row - 1) // per_row
    p.height = rows * (CARD_HEIGHT + CARD_GAP)
    return p


def _card(
    p: Panel,
    view: NeuroshimaView,
    seat: SeatView,
    style: Style,
    box: tuple[int, int, int],
    names: Sequence[str] | None,
    hp: int,
    winner: bool,
    say: Say,
) -> None:
    x, y, w = box
    active = seat.seat == view.active and view.outcome is None and bool(view.to_act)
    out = seat.eliminated
    border = HIGHLIGHT if active or winner else mix(EMPTY_HEX, BACKGROUND, 0.3)
    p.rects.append(
        Rect((x, y, x + w, y + CARD_HEIGHT), EMPTY_HEX, border, 4 if active or winner else 2)
    )
    p.rects.append(Rect((x + 4, y + 4, x + 14, y + CARD_HEIGHT - 4), style.fill))
    p.swatches.append(Swatch((x + 44, y + 36), 22, style))
    army = army_label(seat.army)
    # Two players of one name are told apart by their armies in words ("AI (easy) (Borgo)"); the
    # card has the army on a line of its own, so the name stands alone above it.
    name = say(seat_name(seat.seat, names)).removesuffix(f" ({army})")
    heading = name
    if active:
        heading = Text("{name}  ▶ to play", name=name)
    elif winner:
        heading = Text("{name}  ★ winner", name=name)
    elif out:
        heading = Text("{name}  ✖ out", name=name)
    p.texts.append(Label((x + 76, y + 14), say(heading), CARD_FONT, TEXT))
    p.texts.append(Label((x + 76, y + 40), army, SMALL_FONT, MUTED, font=REGULAR))
    deck = Text(
        "{deck} · {hand}",
        deck=Text.plural("{count} in deck", "{count} in deck", seat.deck_left),
        hand=Text.plural("{count} in hand", "{count} in hand", len(seat.hand)),
    )
    p.texts.append(Label((x + w - 12, y + 40), say(deck), SMALL_FONT, MUTED, "ra", REGULAR))
    if view.scoring:
        p.texts.append(
            Label(
                (x + 24, y + 72),
                say(Text.plural("{count} point", "{count} points", seat.score)),
                CARD_FONT,
                TEXT,
            )
        )
        return
    # The HQ track: one segment per hit point, so damage is visible without reading numbers.
    label = f"{max(hp, 0)}"
    p.texts.append(Label((x + 24, y + 82), label, CARD_FONT + 3, TEXT, "lm"))
    x0, x1 = x + 66, x + w - 12
    seg = (x1 - x0) / HQ_START
    for k in range(HQ_START):
        sx0 = round(x0 + k * seg)
        sx1 = round(x0 + (k + 1) * seg) - 2
        filled = k < hp
        p.rects.append(
            Rect(
                (sx0, y + 72, sx1, y + 92),
                style.fill if filled else BACKGROUND,
                INK if filled else MUTED,
                1,
            )
        )


def caption_panel(
    top: int, heading: str, lines: Sequence[str], limit: int = 10, say: Say = str
) -> Panel:
    """A heading and a bulleted list of changes (cut to `limit`, saying how many were left out)."""
    p = Panel(top)
    if not lines:
        return p
    p.texts.append(Label((MARGIN, top + 10), say(heading), CARD_FONT, TEXT))
    y = top + 10 + CARD_FONT + 10
    shown = list(lines[:limit])
    if len(lines) > limit:
        shown.append(Text.plural("… and {count} more", "… and {count} more", len(lines) - limit))
    for line in shown:
        for k, part in enumerate(_wrap(say(line), CAPTION_FONT, WIDTH - 2 * MARGIN - 24, REGULAR)):
            p.texts.append(Label((MARGIN + 24, y), part, CAPTION_FONT, TEXT, font=REGULAR))
            if k == 0:
                p.texts.append(Label((MARGIN + 4, y), "•", CAPTION_FONT, MUTED, font=REGULAR))
            y += CAPTION_FONT + 8
    p.height = y - top + 10
    return p


def _wrap(text: str, size: int, width: float, name: str) -> list[str]:
    from rendering.assets import font

    f = font(size, name)
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and f.getlength(candidate) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    return [*lines, current] if current else lines


@lru_cache(maxsize=64)
def swatch_sprite(style: Style, radius: int) -> Image.Image:
    """A small hex in the seat's colour with its emblem (cached; paste only)."""
    size = 2 * radius + 4
    s = Sketch((0, 0, size, size))
    centre = (size / 2, size / 2)
    s.polygon(hex_corners(centre, radius), style.fill, INK, 2)
    draw_emblem(s, style.emblem, centre, radius * 0.38, style.ink)
    return s.finish()


def paint_panel(image: Image.Image, panel: Panel) -> None:
    """Draw a laid-out panel's shapes and text."""
    draw = ImageDraw.Draw(image)
    for r in panel.rects:
        draw.rectangle(r.box, fill=r.fill, outline=r.outline, width=r.width)
    for sw in panel.swatches:
        sprite = swatch_sprite(sw.style, sw.radius)
        paste(image, sprite, (sw.centre[0] - sprite.width // 2, sw.centre[1] - sprite.height // 2))
    draw_texts(image, panel.texts)
