"""What a crew member does in one turn: the half of a card placed in a program slot."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from games.base import InvalidActionError
from games.space_alert.ship import Station, station_named


class Act(Enum):
    """The halves of action cards and heroic cards, as written in mission files."""

    RED = "red"
    BLUE = "blue"
    LIFT = "lift"
    A = "A"
    B = "B"
    C = "C"
    BOTS = "bots"
    HEROIC_A = "HA"
    HEROIC_B = "HB"
    HEROIC_C = "HC"
    HEROIC_BOTS = "Hbots"
    HEROIC_MOVE = "Hmove"

    @property
    def heroic(self) -> bool:
        """True for a heroic half."""
        return self.value.startswith("H")

    @property
    def movement(self) -> bool:
        """True for a movement half (red, blue, lift, heroic move)."""
        return self in (Act.RED, Act.BLUE, Act.LIFT, Act.HEROIC_MOVE)

    @property
    def plain(self) -> Act:
        """The ordinary act a heroic act strengthens (A for HA, bots for Hbots)."""
        return _PLAIN.get(self, self)


_PLAIN = {Act.HEROIC_A: Act.A, Act.HEROIC_B: Act.B, Act.HEROIC_C: Act.C, Act.HEROIC_BOTS: Act.BOTS}


@dataclass(frozen=True, slots=True)
class Play:
    """One programmed slot: an act, and for a heroic move its destination."""

    act: Act
    destination: Station | None = None

    @property
    def text(self) -> str:
        """The mission-file spelling: 'A', 'lift', 'Hmove:lower_red' ..."""
        if self.act is Act.HEROIC_MOVE and self.destination is not None:
            return f"Hmove:{self.destination.key}"
        return self.act.value


_BY_TEXT = {act.value: act for act in Act if act is not Act.HEROIC_MOVE}


def parse_play(text: str) -> Play | None:
    """The play a mission file writes as `text`; None for '-' (empty slot).

    >>> parse_play("Hmove:lower_red").text
    'Hmove:lower_red'
    >>> parse_play("-") is None
    True
    """
    if text == "-":
        return None
    if text.startswith("Hmove:"):
        try:
            return Play(Act.HEROIC_MOVE, station_named(text[6:]))
        except KeyError:
            raise InvalidActionError(
                "Unknown station in {text!r}.", code="unknown_station", text=text
            ) from None
    act = _BY_TEXT.get(text)
    if act is None:
        raise InvalidActionError("Unknown card {text!r}.", code="unknown_card", text=text)
    return Play(act)
