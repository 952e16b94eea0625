"""Army colours chosen to stay distinct under colour-vision deficiencies, plus emblems.

The fills start from the Okabe-Ito palette and were nudged (per channel, within 45 levels) to
maximise the smallest CIEDE2000 difference between any two of them under normal vision and under
simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009, severity 1). The smallest
difference is ~20.8; tests re-check it with the simulation below. Colour is never the only cue:
every style also has an emblem (a shape drawn on tiles and in the player panel).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from rendering.canvas import RGB

INK: RGB = (21, 24, 29)
PAPER: RGB = (247, 245, 240)
BACKGROUND: RGB = (28, 32, 38)
EMPTY_HEX: RGB = (48, 54, 64)
EMPTY_HEX_EDGE: RGB = (72, 80, 92)
LABEL: RGB = (132, 142, 156)
TEXT: RGB = (236, 238, 242)
MUTED: RGB = (160, 168, 180)
HIGHLIGHT: RGB = (255, 255, 255)
"""Last-turn outlines: white reads on every army colour and on the dark board."""
WARNING: RGB = (255, 196, 0)
DAMAGE: RGB = (255, 255, 255)


def hex_rgb(text: str) -> RGB:
    """'#RRGGBB' -> (r, g, b)."""
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour t of the way from a to b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


@dataclass(frozen=True, slots=True)
class Style:
    """How one seat's tiles look: fill, a light face tint, contrasting ink, and an emblem."""

    key: str
    fill: RGB
    emblem: str
    """One of EMBLEMS: the non-colour cue."""

    @property
    def face(self) -> RGB:
        """The light inner face of tiles, tinted so the army still reads inside the tile."""
        return mix(self.fill, PAPER, 0.78)

    @property
    def ink(self) -> RGB:
        """Symbol colour on the fill: black or white, whichever contrasts more."""
        return INK if contrast(self.fill, INK) >= contrast(self.fill, PAPER) else PAPER

    @property
    def halo(self) -> RGB:
        """Outline around symbols so they stay crisp on the fill."""
        return PAPER if self.ink == INK else INK


EMBLEMS = ("triangle", "circle", "claws", "square", "diamond", "star", "cross")

ARMY_STYLES: dict[str, Style] = {
    "moloch": Style("moloch", hex_rgb("#F1360C"), "triangle"),
    "outpost": Style("outpost", hex_rgb("#2C9A73"), "circle"),
    "borgo": Style("borgo", hex_rgb("#F8DC22"), "claws"),
    "hegemony": Style("hegemony", hex_rgb("#00468E"), "square"),
    "doomsday": Style("doomsday", hex_rgb("#A475A7"), "diamond"),
}
SPARE_STYLE = Style("spare", hex_rgb("#82E0FD"), "star")
NEUTRAL_STYLE = Style("neutral", hex_rgb("#2E2E2E"), "cross")
ALL_STYLES: tuple[Style, ...] = (*ARMY_STYLES.values(), SPARE_STYLE, NEUTRAL_STYLE)
ARMY_ALIASES = {"ddm2e": "doomsday", "doomsday_machine": "doomsday"}


def seat_styles(armies: Sequence[str]) -> tuple[Style, ...]:
    """A style per seat: its army's, or an unused one when two seats play the same army."""
    free = [s for s in ALL_STYLES if s is not NEUTRAL_STYLE]
    wanted = [ARMY_STYLES.get(ARMY_ALIASES.get(a, a)) for a in armies]
    result: list[Style | None] = []
    for style in wanted:
        if style is not None and style in free:
            free.remove(style)
            result.append(style)
        else:
            result.append(None)
    # Seats without an army style of their own take spare styles only after every seat that
    # has one was served, so a duplicate never steals a later seat's own colour.
    spares = [s for s in free if s not in {w for w in wanted if w is not None}] or free
    return tuple(s if s is not None else spares.pop(0) for s in result)


# --- colour science (for the colour-blind check) -------------------------------------------------

_CVD: dict[str, tuple[tuple[float, float, float], ...]] = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
VISIONS = tuple(_CVD)


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encode(c: float) -> int:
    c = min(1.0, max(0.0, c))
    v = 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate(colour: RGB, vision: str) -> RGB:
    """How `colour` looks under a colour-vision deficiency (Machado et al. 2009, severity 1)."""
    lin = [_linear(c) for c in colour]
    m = _CVD[vision]
    r, g, b = (_encode(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))
    return (r, g, b)


def relative_luminance(colour: RGB) -> float:
    """WCAG relative luminance."""
    r, g, b = (_linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio (1..21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def to_lab(colour: RGB) -> tuple[float, float, float]:
    """sRGB -> CIELAB (D65)."""
    r, g, b = (_linear(c) for c in colour)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: RGB, b: RGB) -> float:
    """CIEDE2000 colour difference between two sRGB colours."""
    l1, a1, b1 = to_lab(a)
    l2, a2, b2 = to_lab(b)
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1 = math.degrees(math.atan2(b1, a1p)) % 360
    h2 = math.degrees(math.atan2(b2, a2p)) % 360
    dh = h2 - h1
    if c1p * c2p == 0:
        dh = 0
    elif dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    d_l, d_c = l2 - l1, c2p - c1p
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_bar = (h1 + h2) / 2
    else:
        h_bar = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h)
    )


def smallest_difference(styles: Sequence[Style]) -> tuple[float, str, str, str]:
    """The closest pair of fills under any vision: (CIEDE2000, vision, key, key)."""
    worst = (math.inf, "", "", "")
    for vision in VISIONS:
        for a, b in itertools.combinations(styles, 2):
            d = delta_e(simulate(a.fill, vision), simulate(b.fill, vision))
            worst = min(worst, (d, vision, a.key, b.key))
    return worst


# --- a fixed 256-colour palette for delivery ------------------------------------------------------

STEEL: RGB = (196, 205, 214)
_GLOBALS: tuple[RGB, ...] = (
    INK, PAPER, BACKGROUND, EMPTY_HEX, EMPTY_HEX_EDGE, LABEL, TEXT, MUTED, HIGHLIGHT, WARNING, STEEL
)  # fmt: skip


@functools.lru_cache(maxsize=64)
def delivery_palette(styles: tuple[Style, ...]) -> Image.Image:
    """A 256-colour palette (a "P" image) for images showing `styles`, built without the image.

    It holds every base colour the renderer uses and the blends between each pair (what
    anti-aliased edges produce), so any image maps onto it well, and the mapping of an image
    never depends on what was rendered before: equal images give equal bytes.
    """
    bases: list[RGB] = list(_GLOBALS)
    for style in (*styles, NEUTRAL_STYLE):
        bases += [style.fill, style.face, mix(style.fill, BACKGROUND, 0.65)]
    bases = sorted(set(bases))
    ramp = [mix(a, b, k / 7) for a, b in itertools.combinations(bases, 2) for k in range(1, 7)]
    colours = bases * 40 + ramp  # repeat the bases so the quantizer keeps them exact
    sample = Image.new("RGB", (len(colours), 1))
    sample.putdata(colours)
    return sample.quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def to_palette(image: Image.Image, styles: tuple[Style, ...]) -> Image.Image:
    """`image` mapped to the delivery palette of `styles` (no dithering: flat art needs none)."""
    return image.quantize(palette=delivery_palette(styles), dither=Image.Dither.NONE)
