"""League images: the standings table (with the current round's tables) and the final podium.

Built from plain rows the league service prepares (names already resolved), laid out first
(pure coordinates), then painted: shapes supersampled on patches, text last at 1x. Every word
goes through the caller's `say`, so one league's images can be drawn in each reader's language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image

from games.text import Text
from rendering.assets import BOLD, REGULAR, text_width
from rendering.canvas import RGB, Sketch, draw_texts
from rendering.canvas import Text as Label
from rendering.palette import BACKGROUND, MUTED, TEXT

Say = Callable[[str], str]
"""How the caller wants words said: a Text in, the reader's language out (`str`: English)."""

WIDTH = 900
MARGIN = 24
HEAD = 84
ROW = 30
ROW_PX = 16
MAX_ROWS = 32
PANEL: RGB = (38, 44, 52)
STRIPE: RGB = (44, 51, 60)
ACCENT: RGB = (255, 196, 0)
OUT: RGB = (120, 128, 140)
MEDALS: tuple[RGB, RGB, RGB] = ((230, 184, 40), (186, 192, 204), (196, 128, 70))
COLUMNS: tuple[tuple[str, int], ...] = (
    (Text.verbatim("#"), 44),
    (Text("Player"), 340),
    (Text("Pts"), 70),
    (Text.verbatim("Bh"), 80),
    (Text.verbatim("SB"), 80),
    (Text("G"), 50),
    (Text("W-D-L"), 110),
)
"""Column headings and widths; Bh and SB name the Buchholz and Sonneborn-Berger tie-breaks."""


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings."""

    rank: int
    name: str
    points: float
    buchholz: float
    sonneborn: float
    games: int
    record: str
    out: bool = False


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table of the current round: who sits there and how it stands."""

    board: int
    players: tuple[str, ...]
    state: str


@dataclass(frozen=True, slots=True)
class Standings:
    """Everything the standings image shows."""

    title: str
    subtitle: str
    rows: tuple[StandingRow, ...]
    tables: tuple[TableLine, ...] = ()
    tables_title: str = ""


def fit(text: str, width: float, size: int, font: str = REGULAR) -> str:
    """`text`, cut with an ellipsis to fit `width` pixels."""
    if text_width(text, size, font) <= width:
        return text
    while text and text_width(text + "…", size, font) > width:
        text = text[:-1]
    return text + "…"


def _more(count: int) -> Text:
    return Text.plural("... and {count} more", "... and {count} more", count)


def round_tables(number: int) -> Text:
    """The heading of a round's tables under the standings."""
    return Text("Round {round} tables", round=number)


def layout(
    data: Standings, say: Say = str
) -> tuple[int, list[Label], list[tuple[int, int, int, int, RGB]]]:
    """Height, texts, and filled boxes (x0, y0, x1, y1, colour) of the standings image."""
    texts = [
        Label((MARGIN, 22), fit(say(data.title), WIDTH - 2 * MARGIN, 26, BOLD), 26, TEXT),
        Label((MARGIN, 56), fit(say(data.subtitle), WIDTH - 2 * MARGIN, 15, REGULAR), 15, MUTED,
              font=REGULAR),
    ]  # fmt: skip
    boxes: list[tuple[int, int, int, int, RGB]] = []
    y = HEAD
    x = MARGIN
    for name, w in COLUMNS:
        texts.append(Label((x + 8, y + 8), fit(say(name), w - 12, 14), 14, ACCENT))
        x += w
    y += ROW
    shown = data.rows[:MAX_ROWS]
    for i, row in enumerate(shown):
        if i % 2 == 0:
            boxes.append((MARGIN, y, WIDTH - MARGIN, y + ROW, STRIPE))
        colour = OUT if row.out else TEXT
        cells = (
            str(row.rank),
            say(Text("{player} (out)", player=row.name) if row.out else row.name),
            say(Text.figure(row.points)),
            say(Text.figure(row.buchholz)),
            say(Text.figure(row.sonneborn)),
            str(row.games),
            row.record,
        )
        x = MARGIN
        for column, ((_, w), cell) in enumerate(zip(COLUMNS, cells, strict=True)):
            font = BOLD if column == 2 else REGULAR
            texts.append(Label((x + 8, y + 7), fit(cell, w - 12, ROW_PX, font), ROW_PX, colour,
                               font=font))  # fmt: skip
            x += w
        y += ROW
    if len(data.rows) > MAX_ROWS:
        more = say(_more(len(data.rows) - MAX_ROWS))
        texts.append(Label((MARGIN + 8, y + 7), more, 14, MUTED, font=REGULAR))
        y += ROW
    if data.tables:
        y += 12
        texts.append(Label((MARGIN, y), say(data.tables_title), 18, TEXT))
        y += 30
        for line in data.tables:
            who = " v ".join(say(player) for player in line.players)
            text = say(Text("Table {board}: {players}", board=line.board, players=who))
            text = fit(text, WIDTH - 2 * MARGIN - 170, 15, REGULAR)
            texts.append(Label((MARGIN + 8, y), text, 15, TEXT, font=REGULAR))
            texts.append(Label((WIDTH - MARGIN - 8, y), say(line.state), 15, MUTED, anchor="ra",
                               font=REGULAR))  # fmt: skip
            y += 24
    return y + MARGIN, texts, boxes


def standings(data: Standings, say: Say = str) -> Image.Image:
    """The standings image, its words said by `say` (`str`: English)."""
    height, texts, boxes = layout(data, say)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    panel = Sketch((MARGIN - 8, HEAD - 6, WIDTH - 2 * MARGIN + 16, ROW + 4))
    panel.rounded_rectangle((MARGIN - 8, HEAD - 6, WIDTH - MARGIN + 8, HEAD + ROW - 2), 8,
                            fill=PANEL)  # fmt: skip
    panel.paste_onto(image)
    for x0, y0, x1, y1, colour in boxes:
        image.paste(colour, (x0, y0, x1, y1))
    draw_texts(image, texts)
    return image


PODIUM_W = 720
PODIUM_H = 420
STEPS = ((1, 150), (0, 210), (2, 110))
"""(place index, step height) from left to right: second, first, third."""


def podium(title: str, places: tuple[tuple[str, float], ...], say: Say = str) -> Image.Image:
    """The final podium: up to three (name, points) places, the winner in the middle, its words
    said by `say` (`str`: English)."""
    image = Image.new("RGB", (PODIUM_W, PODIUM_H), BACKGROUND)
    texts = [Label((PODIUM_W / 2, 24), fit(say(title), PODIUM_W - 2 * MARGIN, 26, BOLD), 26, TEXT,
                   anchor="ma")]  # fmt: skip
    column = (PODIUM_W - 2 * MARGIN) // 3
    base = PODIUM_H - MARGIN
    sketch = Sketch((0, 0, PODIUM_W, PODIUM_H))
    for slot, (place, height) in enumerate(STEPS):
        if place >= len(places):
            continue
        name, points = places[place]
        x0 = MARGIN + slot * column + 10
        x1 = x0 + column - 20
        top = base - height
        sketch.rounded_rectangle((x0, top, x1, base), 10, fill=MEDALS[place])
        sketch.circle(((x0 + x1) / 2, top + 36), 22, fill=BACKGROUND)
        centre = (x0 + x1) / 2
        texts.append(Label((centre, top + 36), str(place + 1), 26, MEDALS[place], anchor="mm"))
        texts.append(Label((centre, top - 58), fit(say(name), column - 16, 20, BOLD), 20, TEXT,
                           anchor="ma"))  # fmt: skip
        said = say(Text("{points} pts", points=Text.figure(points)))
        texts.append(Label((centre, top - 30), said, 16, MUTED, anchor="ma", font=REGULAR))
    sketch.paste_onto(image)
    draw_texts(image, texts)
    return image
