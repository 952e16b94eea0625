"""Sizes that keep images readable on a phone, and the checks the layout tests apply.

Discord shows an attached image inline at the width of a phone screen: about 360-430 CSS px,
i.e. 1000-1300 device pixels on the 2.6-3x screens most phones have. Images are 1080 px wide,
so one image pixel is roughly one device pixel, and the minimums below are what stays legible
at that scale (text under ~14 px and symbols under ~10 px blur into noise).
"""

from __future__ import annotations

from collections.abc import Callable

from rendering.canvas import Text
from rendering.phone import key_text_px

Say = Callable[[str], str]
"""How the caller wants words said: a Text in, the reader's language out (`str`: English)."""

WIDTH = 1080
"""Every Neuroshima image is this wide (>= 1000 px for desktop, ~1:1 on phones)."""
MIN_TEXT_PX = 14
"""The smallest text size used anywhere."""
KEY_TEXT_PX = key_text_px(WIDTH)
"""The smallest size of what a player reads to play: initiative, hit points, hex labels and
unit names (the phone floor, see rendering.phone)."""
MIN_SYMBOL_PX = 10
"""The smallest size of a rule symbol (melee wedge base, pip, badge)."""
MARGIN = 24


def too_small(texts: list[Text]) -> list[Text]:
    """Texts below MIN_TEXT_PX (a layout test asserts there are none)."""
    return [t for t in texts if t.size < MIN_TEXT_PX]
