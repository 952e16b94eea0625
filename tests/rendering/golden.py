"""Golden-image comparison: exact where only shapes are drawn, a small tolerance with text.

Set MUSTER_UPDATE_GOLDEN=1 to (re)write the golden files, then look at every one of them.
On a mismatch the actual image and an amplified diff go to tests/rendering/output/ (gitignored).
"""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops

GOLDEN = Path(__file__).parent / "golden"
OUTPUT = Path(__file__).parent / "output"
TEXT_TOLERANCE = (0.002, 48)
"""With text: at most 0.2% of pixels may differ, none by more than 48 levels per channel
(FreeType hinting can shift anti-aliased glyph edges between library builds)."""


def check(name: str, image: Image.Image, exact: bool = False) -> None:
    """Compare `image` with golden/<name>.png (or write it when updating)."""
    path = GOLDEN / f"{name}.png"
    image = image.convert("RGB")
    if os.environ.get("MUSTER_UPDATE_GOLDEN") == "1" or not path.exists():
        if os.environ.get("MUSTER_UPDATE_GOLDEN") != "1":
            raise AssertionError(f"missing golden {path}; run with MUSTER_UPDATE_GOLDEN=1")
        GOLDEN.mkdir(exist_ok=True)
        image.save(path, optimize=True)
        return
    expected = Image.open(path).convert("RGB")
    problem = _difference(image, expected, exact)
    if problem:
        OUTPUT.mkdir(exist_ok=True)
        image.save(OUTPUT / f"{name}.actual.png")
        if image.size == expected.size:
            diff = ImageChops.difference(image, expected).point(lambda v: min(255, v * 8))
            diff.save(OUTPUT / f"{name}.diff.png")
        raise AssertionError(f"{name}: {problem} (see {OUTPUT})")


def _difference(actual: Image.Image, expected: Image.Image, exact: bool) -> str:
    if actual.size != expected.size:
        return f"size {actual.size} != {expected.size}"
    diff = ImageChops.difference(actual, expected).convert("L")
    histogram = diff.histogram()
    changed = sum(histogram[1:])
    if exact:
        return f"{changed} pixels differ" if changed else ""
    share, level = TEXT_TOLERANCE
    worst = max((v for v in range(256) if histogram[v]), default=0)
    total = actual.width * actual.height
    if changed > share * total:
        return f"{changed} of {total} pixels differ"
    if worst > level:
        return f"a pixel differs by {worst}"
    return ""
