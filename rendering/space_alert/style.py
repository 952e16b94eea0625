"""Colours, sizes and the small cached sprites every Space Alert image shares.

Images are 1080 px wide (about one image pixel per device pixel on a phone, as for Neuroshima).
Only small patches are supersampled (tokens, rounded boxes); rectangles and straight beams are
axis-aligned and drawn crisp at final size, which keeps a 13-frame replay fast.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from rendering.assets import BOLD, CONDENSED_BOLD, REGULAR, text_width
from rendering.canvas import RGB, Sketch, Text, draw_texts, paste
from rendering.palette import ARMY_STYLES, BACKGROUND, INK, MUTED, PAPER, TEXT, Style, mix
from rendering.phone import key_text_px

Say = Callable[[str], str]
"""How the caller wants words said: a Text in, the reader's language out (`str`: English)."""

WIDTH = 1080
MARGIN = 24
MIN_TEXT_PX = key_text_px(WIDTH)
"""The smallest text anywhere, 15 px: the phone floor at 1080 px wide (rendering/phone.py;
checked by tests over every text a painter draws and every number on a token)."""

ZONES = ("red", "white", "blue")
ZONE_FILL: dict[str, RGB] = {
    "red": (213, 94, 0),
    "white": (226, 229, 234),
    "blue": (86, 180, 233),
}
"""Okabe-Ito vermillion and sky blue with a light grey: apart under every colour vision; each
zone also carries its name and a pattern (stripes, dots, bars), so colour is never the only cue."""
ZONE_PATTERN = {"red": "stripes", "white": "dots", "blue": "bars"}

SPACE = BACKGROUND
HULL: RGB = (40, 46, 56)
STATION: RGB = (55, 62, 74)
STATION_EDGE: RGB = (98, 108, 124)
CELL: RGB = (50, 57, 68)
CELL_EDGE: RGB = (78, 87, 100)
RANGE_TINTS: tuple[RGB, RGB, RGB] = ((58, 66, 79), (48, 55, 66), (40, 46, 56))
"""Track cells by distance band 1, 2, 3: nearer is lighter."""
NORMAL_THREAT: RGB = (240, 228, 66)
SERIOUS_THREAT: RGB = (204, 121, 167)
BEAM: RGB = (255, 244, 170)
IMPACT: RGB = (255, 92, 72)
SHIELD_PIP: RGB = (86, 180, 233)
ENERGY_PIP: RGB = (230, 159, 0)
GOOD: RGB = (120, 210, 150)
LABEL_BG: RGB = (33, 38, 46)
DIM: RGB = (110, 118, 130)

CREW_STYLES: tuple[Style, ...] = tuple(ARMY_STYLES.values())
"""Crew colours in captain order: the project's colour-blind-checked army fills; every token
also carries its captain-order number."""

TITLE_PX = 26
HEAD_PX = 18
BODY_PX = 15
SMALL_PX = MIN_TEXT_PX

EXTRA_COLOURS: tuple[RGB, ...] = (
    HULL, STATION, STATION_EDGE, CELL, CELL_EDGE, *RANGE_TINTS, NORMAL_THREAT, SERIOUS_THREAT,
    BEAM, IMPACT, SHIELD_PIP, ENERGY_PIP, GOOD, LABEL_BG, DIM, *ZONE_FILL.values(),
)  # fmt: skip


def crew_style(index: int) -> Style:
    """The colour of crew member `index` (captain order)."""
    return CREW_STYLES[index % len(CREW_STYLES)]


def threat_fill(serious: bool) -> RGB:
    """Token colour of a threat: yellow for normal, pink for serious (plus a double ring)."""
    return SERIOUS_THREAT if serious else NORMAL_THREAT


def fit(text: str, size: int, width: float, font: str = BOLD) -> str:
    """`text`, shortened with an ellipsis until it fits `width` pixels."""
    if text_width(text, size, font) <= width:
        return text
    while text and text_width(text + "…", size, font) > width:
        text = text[:-1]
    return text.rstrip() + "…"


@dataclass(slots=True)
class Painter:
    """A final-size image plus the texts to draw last; keeps every text for the size checks."""

    image: Image.Image
    texts: list[Text] = field(default_factory=list)
    drawn: list[Text] = field(default_factory=list)
    """Texts already on the image (a cached backdrop's), kept for the size checks."""

    def all_texts(self) -> list[Text]:
        """Every text of the image, drawn or queued."""
        return [*self.drawn, *self.texts]

    @property
    def draw(self) -> ImageDraw.ImageDraw:
        """A drawing context on the image (for crisp axis-aligned shapes)."""
        return ImageDraw.Draw(self.image)

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int = BODY_PX,
        fill: RGB = TEXT,
        anchor: str = "la",
        font: str = BOLD,
    ) -> None:
        """Queue a text (drawn after every shape)."""
        self.texts.append(Text(xy, text, size, fill, anchor, font))

    def rect(
        self,
        box: tuple[float, float, float, float],
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
    ) -> None:
        """A crisp rectangle (x0, y0, x1, y1), outline inside the box."""
        self.draw.rectangle(box, fill=fill, outline=outline, width=width if outline else 0)

    def sprite(self, patch: Image.Image, centre: tuple[float, float]) -> None:
        """Paste an RGBA sprite centred on `centre`."""
        paste(
            self.image,
            patch,
            (round(centre[0] - patch.width / 2), round(centre[1] - patch.height / 2)),
        )

    def box(
        self,
        box: tuple[int, int, int, int],
        fill: RGB,
        outline: RGB | None = None,
        radius: int = 8,
        width: float = 1.5,
    ) -> None:
        """A rounded box, supersampled (cached by size and colours)."""
        x0, y0, x1, y1 = box
        patch = rounded_box(x1 - x0, y1 - y0, fill, outline, radius, width)
        paste(self.image, patch, (x0, y0))

    def finish(self) -> Image.Image:
        """Draw the queued texts and return the image."""
        draw_texts(self.image, self.texts)
        return self.image


@lru_cache(maxsize=512)
def rounded_box(
    width: int, height: int, fill: RGB, outline: RGB | None, radius: int, line: float
) -> Image.Image:
    """A rounded rectangle patch of exactly width x height."""
    s = Sketch((0, 0, width, height))
    inset = line / 2 if outline else 0
    s.rounded_rectangle(
        (inset, inset, width - inset, height - inset), radius, fill, outline, line if outline else 0
    )
    return s.finish()


@lru_cache(maxsize=128)
def crew_token(index: int, radius: int, knocked_out: bool) -> Image.Image:
    """A crew member: a disc in their colour with their captain-order number."""
    style = crew_style(index)
    size = 2 * radius + 4
    s = Sketch((0, 0, size, size))
    c = (size / 2, size / 2)
    fill = mix(style.fill, BACKGROUND, 0.6) if knocked_out else style.fill
    s.circle(c, radius, fill=fill, outline=PAPER if not knocked_out else DIM, width=2)
    if knocked_out:
        d = radius * 0.62
        s.line([(c[0] - d, c[1] - d), (c[0] + d, c[1] + d)], IMPACT, 3)
        s.line([(c[0] - d, c[1] + d), (c[0] + d, c[1] - d)], IMPACT, 3)
    image = s.finish()
    if not knocked_out:
        ImageDraw.Draw(image).text(
            c,
            str(index + 1),
            fill=style.ink,
            anchor="mm",
            font=_font(max(MIN_TEXT_PX, round(radius * 1.15))),
        )
    return image


@lru_cache(maxsize=128)
def threat_token(number: int, serious: bool, size: int, faded: bool = False) -> Image.Image:
    """A threat: a hexagon (never a disc, unlike the crew) with its number; serious ones get a
    heavy white rim as well as their own colour."""
    from rendering.canvas import regular_polygon

    fill = threat_fill(serious)
    if faded:
        fill = mix(fill, BACKGROUND, 0.55)
    box = size + 4
    s = Sketch((0, 0, box, box))
    c = (box / 2, box / 2)
    s.polygon(regular_polygon(c, size / 2, 6, 0), fill=fill, outline=INK, width=1.5)
    if serious:
        s.polygon(regular_polygon(c, size / 2 - 2.2, 6, 0), outline=PAPER, width=2)
    image = s.finish()
    ImageDraw.Draw(image).text(
        (c[0], c[1] + 0.5),
        str(number),
        fill=INK,
        anchor="mm",
        font=_font(MIN_TEXT_PX, CONDENSED_BOLD),
    )
    return image


@lru_cache(maxsize=16)
def battlebot_icon(active: bool, size: int = 14) -> Image.Image:
    """A battlebot squad: a little robot head (grey and crossed out when inactive)."""
    s = Sketch((0, 0, size + 2, size + 2))
    body = PAPER if active else DIM
    s.rounded_rectangle((1, 2, size + 1, size + 1), 3, fill=body, outline=INK, width=1)
    s.circle((1 + size * 0.32, 2 + size * 0.42), size * 0.1, fill=INK)
    s.circle((1 + size * 0.68, 2 + size * 0.42), size * 0.1, fill=INK)
    if not active:
        s.line([(1, size + 1), (size + 1, 2)], IMPACT, 2)
    return s.finish()


@lru_cache(maxsize=8)
def impact_burst(radius: int) -> Image.Image:
    """A starburst where an attack strikes the hull."""
    from rendering.canvas import regular_polygon

    size = 2 * radius + 4
    s = Sketch((0, 0, size, size))
    c = (size / 2, size / 2)
    outer = regular_polygon(c, radius, 10, -90)
    inner = regular_polygon(c, radius * 0.5, 10, -72)
    star = [p for pair in zip(outer, inner, strict=True) for p in pair]
    s.polygon(star, fill=IMPACT, outline=PAPER, width=1.5)
    return s.finish()


@lru_cache(maxsize=32)
def zone_banner(zone: str, width: int, height: int) -> Image.Image:
    """A zone's coloured banner with its pattern (stripes, dots or bars)."""
    fill = ZONE_FILL[zone]
    ink = mix(fill, INK, 0.22)
    s = Sketch((0, 0, width, height))
    s.rounded_rectangle((0, 0, width, height), 6, fill=fill)
    pattern = ZONE_PATTERN[zone]
    if pattern == "stripes":
        for x in range(-height, width, 14):
            s.line([(x, height), (x + height, 0)], ink, 3)
    elif pattern == "dots":
        for y in range(5, height, 10):
            for x in range(6 + (y // 10 % 2) * 6, width, 12):
                s.circle((x, y), 1.8, fill=ink)
    else:
        for y in range(4, height, 8):
            s.line([(4, y), (width - 4, y)], ink, 2.5)
    return s.finish()


def _font(size: int, name: str = BOLD):  # type: ignore[no-untyped-def]
    from rendering.assets import font

    return font(size, name)


__all__ = [
    "BODY_PX",
    "CONDENSED_BOLD",
    "HEAD_PX",
    "INK",
    "MUTED",
    "PAPER",
    "REGULAR",
    "SMALL_PX",
    "TEXT",
    "TITLE_PX",
]
