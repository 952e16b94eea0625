"""Sniper Elite solo images: the board, the defenders' turn (still and animated), the mission over.

Every function takes a SniperView (never a full state); the player and spectators see the same.
"""

from rendering.sniper_elite.board import (
    board_image,
    board_png,
    delivery_png,
    mission_over_image,
    scene_layout,
)
from rendering.sniper_elite.turn import turn_animation, turn_frames, turn_image

__all__ = [
    "board_image",
    "board_png",
    "delivery_png",
    "mission_over_image",
    "scene_layout",
    "turn_animation",
    "turn_frames",
    "turn_image",
]
