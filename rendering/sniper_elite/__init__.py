"""Sniper Elite solo images: the board, the defenders' turn with arrows, the mission over.

Every function takes a SniperView (never a full state); the player and spectators see the same.
"""

from rendering.sniper_elite.board import (
    board_image,
    board_png,
    delivery_png,
    mission_over_image,
    scene_layout,
    turn_image,
)

__all__ = [
    "board_image",
    "board_png",
    "delivery_png",
    "mission_over_image",
    "scene_layout",
    "turn_image",
]
