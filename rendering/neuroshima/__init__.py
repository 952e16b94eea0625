"""Neuroshima Hex images: board, "since your last turn", hand, battle replay, game over.

Every function takes a NeuroshimaView (never a full state), optional display names per seat and
a `say` that puts the image's words (games.text Texts) in the reader's language; the default,
`str`, draws English. Tile names, army names and hex labels are never translated.
"""

from rendering.neuroshima.battle import (
    animation_bytes,
    battle_animation,
    battle_frames,
    battle_summary_image,
)
from rendering.neuroshima.board import board_image, board_png, delivery_png, since_last_turn_image
from rendering.neuroshima.gameover import game_over_image
from rendering.neuroshima.hand import hand_image
from rendering.neuroshima.scenario import render_scenario

__all__ = [
    "animation_bytes",
    "battle_animation",
    "battle_frames",
    "battle_summary_image",
    "board_image",
    "board_png",
    "delivery_png",
    "game_over_image",
    "hand_image",
    "render_scenario",
    "since_last_turn_image",
]
