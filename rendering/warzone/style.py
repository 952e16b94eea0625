"""Colours and patterns of the Warzone table: ground, terrain by cover class, factions, verdicts."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from games.warzone.terrain import Cover, Going, Terrain
from rendering.canvas import RGB
from rendering.palette import ARMY_STYLES, INK, PAPER, SPARE_STYLE, Style, mix

__all__ = ["INK", "PAPER"]

GROUND: RGB = (201, 190, 160)
GRID_MINOR: RGB = (184, 172, 141)
GRID_MAJOR: RGB = (160, 148, 118)
FRAME: RGB = (28, 32, 38)
"""The dark margin around the table (labels, banner, legend)."""
LABEL: RGB = (214, 218, 226)
MUTED: RGB = (160, 168, 180)
ACTIVE: RGB = (255, 204, 0)
"""The active squad's tag and the active model's ring: yellow reads on both faction fills."""
ZONE_ALPHA = 46
RELAY: RGB = (245, 245, 245)

SEEN: RGB = (0, 114, 178)
"""Sight ray that reaches the target in the open (Okabe-Ito blue)."""
COVERED: RGB = (230, 159, 0)
"""Sight ray that reaches the target but through cover (Okabe-Ito orange)."""
BLOCKED: RGB = (213, 94, 0)
"""Blocked sight ray (vermillion, and drawn dashed: colour is never the only cue)."""
MEASURE: RGB = (30, 30, 30)
RING: RGB = (255, 255, 255)

FACTION_STYLE = {"Capitol": "hegemony", "Dark Legion": "moloch"}
"""Faction -> palette style: the colour-blind-checked fills Neuroshima uses too."""


@dataclass(frozen=True, slots=True)
class TerrainLook:
    """How one terrain piece is painted: fill, pattern ink, pattern kind and outline."""

    fill: RGB
    ink: RGB
    pattern: str
    """'none', 'hatch' (light cover) or 'cross' (heavy cover)."""
    outline: RGB
    outline_width: float


LIGHT_FILL: RGB = (140, 168, 104)
HEAVY_FILL: RGB = (152, 141, 128)
IMPASSABLE_FILL: RGB = (96, 90, 84)
OPEN_FILL: RGB = (214, 200, 158)


def terrain_look(piece: Terrain) -> TerrainLook:
    """Cover class sets colour and pattern; impassable pieces are darker with a heavy outline."""
    if piece.going is Going.IMPASSABLE:
        return TerrainLook(IMPASSABLE_FILL, (60, 56, 52), "cross", (36, 34, 32), 2.5)
    if piece.cover is Cover.HEAVY:
        return TerrainLook(HEAVY_FILL, (104, 96, 88), "cross", (88, 80, 72), 1.5)
    if piece.cover is Cover.LIGHT:
        return TerrainLook(LIGHT_FILL, (92, 122, 66), "hatch", (84, 112, 60), 1.5)
    return TerrainLook(OPEN_FILL, OPEN_FILL, "none", (150, 138, 108), 1.0)


def faction_styles(factions: Sequence[str]) -> tuple[Style, ...]:
    """One style per seat: the faction's, or the spare style when both seats field the same one."""
    out: list[Style] = []
    for faction in factions:
        style = ARMY_STYLES[FACTION_STYLE.get(faction, "doomsday")]
        out.append(SPARE_STYLE if style in out else style)
    return tuple(out)


def dimmed(colour: RGB) -> RGB:
    """A model that has finished its activation this round: faded toward the ground."""
    return mix(colour, GROUND, 0.55)


def mix_ink(fill: RGB) -> RGB:
    """The pattern ink for a fill: the same hue, darker."""
    return mix(fill, INK, 0.35)


# --- the delivery palette ---------------------------------------------------------------------

_ALPHA_MARKS = (46 / 255, 220 / 255, 235 / 255)
"""Zone tint, range ring and terrain/relay alphas: the blends they leave are palette entries."""


def _static_colours() -> list[RGB]:
    colours = [GROUND, GRID_MINOR, GRID_MAJOR, FRAME, LABEL, MUTED, ACTIVE, RELAY, SEEN, COVERED,
               BLOCKED, MEASURE, RING, INK, PAPER, OPEN_FILL]  # fmt: skip
    for going, cover in ((Going.IMPASSABLE, Cover.NONE), (Going.DIFFICULT, Cover.HEAVY),
                         (Going.OPEN, Cover.LIGHT), (Going.OPEN, Cover.NONE)):  # fmt: skip
        look = terrain_look(Terrain("", "", "", (), going, cover, 0.0, False))
        colours += [look.fill, look.ink, look.outline, mix(GROUND, look.fill, 235 / 255)]
    return colours


@lru_cache(maxsize=16)
def delivery_palette(styles: tuple[Style, ...]) -> Image.Image:
    """A 256-colour palette ("P" image) for tables showing `styles`, built without the image.

    Like rendering.palette.delivery_palette: every colour the table uses, the blends between
    each pair (anti-aliased edges, translucent rings and zones), so the mapping of an image never
    depends on anything rendered before: equal images give equal bytes.
    """
    bases = _static_colours()
    for style in styles:
        bases += [style.fill, style.ink, dimmed(style.fill), mix_ink(style.fill)]
        bases += [mix(GROUND, style.fill, a) for a in _ALPHA_MARKS]
    bases = sorted(set(bases))
    ramp = [mix(a, b, k / 7) for a, b in itertools.combinations(bases, 2) for k in range(1, 7)]
    colours = bases * 40 + ramp  # repeat the bases so the quantizer keeps them exact
    sample = Image.new("RGB", (len(colours), 1))
    sample.putdata(colours)
    return sample.quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def to_palette(image: Image.Image, styles: tuple[Style, ...]) -> Image.Image:
    """`image` mapped onto the delivery palette of `styles` (no dithering: flat art needs none)."""
    return image.quantize(palette=delivery_palette(styles), dither=Image.Dither.NONE)
