"""Army emblems: small solid shapes that tell armies apart without relying on colour."""

from __future__ import annotations

from rendering.canvas import RGB, Point, Sketch, regular_polygon


def draw_emblem(s: Sketch, emblem: str, centre: Point, size: float, colour: RGB) -> None:
    """Draw `emblem` (one of palette.EMBLEMS) of radius `size` at `centre`."""
    cx, cy = centre
    if emblem == "triangle":
        s.polygon(regular_polygon((cx, cy + size * 0.15), size * 1.15, 3, -90), colour)
    elif emblem == "circle":
        s.circle(centre, size * 0.95, None, colour, size * 0.38)
    elif emblem == "claws":
        for dx in (-0.55, 0.0, 0.55):
            s.line(
                [(cx + (dx - 0.25) * size, cy + size), (cx + (dx + 0.25) * size, cy - size)],
                colour,
                size * 0.32,
            )
    elif emblem == "square":
        d = size * 0.8
        s.polygon([(cx - d, cy - d), (cx + d, cy - d), (cx + d, cy + d), (cx - d, cy + d)], colour)
    elif emblem == "diamond":
        s.polygon(regular_polygon(centre, size * 1.1, 4, 90), colour)
    elif emblem == "star":
        outer = regular_polygon(centre, size * 1.15, 5, -90)
        inner = regular_polygon(centre, size * 0.48, 5, -54)
        s.polygon([p for pair in zip(outer, inner, strict=True) for p in pair], colour)
    elif emblem == "cross":
        d = size * 0.85
        s.line([(cx - d, cy - d), (cx + d, cy + d)], colour, size * 0.4)
        s.line([(cx - d, cy + d), (cx + d, cy - d)], colour, size * 0.4)
    else:
        raise ValueError(f"unknown emblem {emblem!r}")
