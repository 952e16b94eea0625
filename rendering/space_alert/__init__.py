"""Space Alert images: the bridge, a player's program, the resolution replay, the score card.

Public images (bridge, replay, score card, summary) take the channel's view; the bridge reads it
only through a record without card fields, and the others exist only once the flight is over.
The program image takes the player's own view.
"""

from rendering.space_alert.bridge import bridge_image, bridge_png, public_bridge
from rendering.space_alert.program import program_image, program_png
from rendering.space_alert.replay import animation_bytes, replay_animation, replay_frames
from rendering.space_alert.scorecard import score_card, score_card_image, score_card_png
from rendering.space_alert.summary import mission_summary, mission_summary_png, summary_image

__all__ = [
    "animation_bytes",
    "bridge_image",
    "bridge_png",
    "mission_summary",
    "mission_summary_png",
    "program_image",
    "program_png",
    "public_bridge",
    "replay_animation",
    "replay_frames",
    "score_card",
    "score_card_image",
    "score_card_png",
    "summary_image",
]
