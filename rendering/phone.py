"""How big a picture's words are on a phone: Discord shows an attached image 360 px wide there.

The floor, decided once for every image type: the words a player reads to play (initiative,
hit points, hex and space labels, unit and squad names) are at least PHONE_FLOOR_PX tall when
the image is shown PHONE_WIDTH px wide. 5 px at 360 is 15 device pixels on the 3x screens most
phones have: the smallest size at which digits such as 3/8 and 1/7 stay apart in the bundled
fonts (the 14-px text of a 1080-px image, 4.7 px there, does not: "C3" and "C8" blur).
"""

from __future__ import annotations

import math

PHONE_WIDTH = 360
"""The width (CSS px) at which Discord shows an attached image on a phone."""
PHONE_FLOOR_PX = 5.0
"""The smallest height (px at PHONE_WIDTH) of the words a player needs to play."""


def on_phone(size: float, image_width: int) -> float:
    """How tall `size` px of an image `image_width` px wide is when a phone shows it."""
    return size * PHONE_WIDTH / image_width


def key_text_px(image_width: int) -> int:
    """The smallest font size (image px) that stays at the floor on a phone."""
    return math.ceil(PHONE_FLOOR_PX * image_width / PHONE_WIDTH - 1e-9)
