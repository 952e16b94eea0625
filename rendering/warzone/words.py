"""What the table image says: sight verdicts, the banner and the legend, as translatable Texts.

The renderer draws each of them through the caller's `say` (`str`: English). Squad keys, unit
and faction names, terrain names, weapon names and the one-letter badges are notation or names
and stay as they are in every language (docs/rulings.md: the table image in other languages).
"""

from __future__ import annotations

from collections.abc import Callable

from games.text import Text

Say = Callable[[str], str]
"""How the caller wants words said: a Text in, the reader's language out (`str`: English)."""

PHASES = {
    "initiative": Text("initiative"),
    "initiative choice": Text("initiative choice"),
    "choose side": Text("choose side"),
    "deployment": Text("deployment"),
    "activation": Text("activation"),
    "reaction": Text("reaction"),
}
"""The game's phases (games.warzone.state.Phase values) as the banner names them."""

COVERED = {
    "light": Text("in sight, light cover"),
    "heavy": Text("in sight, heavy cover"),
}
IN_SIGHT = Text("in sight")
OUT_OF_ARC = Text("out of arc")
BLOCKED = Text("blocked")

LEGEND_COVER = (
    Text("light cover -2"),
    Text("heavy cover -4"),
    Text("impassable"),
)
"""The labels of the legend's three terrain swatches, left to right."""
LEGEND_RELAYS = Text("relays: 3\" control, holder's colour")
LEGEND_HEIGHTS = Text("h: blocks sight up to that height")
"""The key to terrain heights."""
LEGEND_BADGES = Text(
    "S sentry  E evade  F focus  C charged  ! out of coherency  P pinned  B broken  2W wounds left"
)
"""The key to the badges beside a base (the letters are notation)."""


def phase(name: str) -> Text:
    """A phase as the banner names it (a phase this module does not know, verbatim)."""
    return PHASES.get(name) or Text.verbatim(name)


def verdict_text(clear: bool, in_arc: bool, visible: bool, cover: str) -> Text:
    """'in sight', 'in sight, light cover', 'out of arc', 'blocked'."""
    del clear  # `in_arc and visible`: the two apart say which verdict it is
    if not in_arc:
        return OUT_OF_ARC
    if not visible:
        return BLOCKED
    return COVERED.get(cover, IN_SIGHT)


def head(phase_name: str, round_number: int, last_round: int) -> Text:
    """The banner's first line: the round and phase, setup, or the end of the game."""
    if phase_name == "over":
        return Text("Game over after round {round}", round=round_number)
    if round_number == 0:
        return Text("Setup: {phase}", phase=phase(phase_name))
    return Text(
        "Round {round} of {last}, {phase}", round=round_number, last=last_round,
        phase=phase(phase_name),
    )  # fmt: skip


def acting(seat: int, faction: str, squad: str | None, unit: str) -> Text:
    """Who acts in an activation: a seat choosing a squad, or the squad it chose."""
    if squad is None:
        return Text("seat {seat} ({faction}) chooses a squad", seat=seat, faction=faction)
    return Text(
        "seat {seat} ({faction}): {squad} {unit}", seat=seat, faction=faction, squad=squad,
        unit=unit,
    )  # fmt: skip


def reacting(models: list[str]) -> Text:
    """The sentries a reaction phase waits for."""
    return Text("sentry reaction: {models}", models=", ".join(models))


def victory_points(vp: tuple[int, int]) -> Text:
    """Both sides' victory points."""
    return Text("VP {first} : {second}", first=vp[0], second=vp[1])


def tallies(body_count: tuple[int, int], res_left: tuple[int, int]) -> Text:
    """Both sides' body counts and resource cards left."""
    return Text(
        "body {first} : {second}   RES {res_first} | {res_second}", first=body_count[0],
        second=body_count[1], res_first=res_left[0], res_second=res_left[1],
    )  # fmt: skip
