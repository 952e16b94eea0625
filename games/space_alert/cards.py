"""Action cards, heroic cards, and how many each crew member is dealt per phase."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from games.space_alert.program import Act, Play
from games.space_alert.ship import Station

HEROIC_BASE = 100
"""Heroic card ids start here; action cards are 0-89."""


@dataclass(frozen=True, slots=True)
class Card:
    """A card: its action half and its movement half (a heroic card moves to a fixed station)."""

    id: int
    action: Act
    move: Act
    destination: Station | None = None

    @property
    def heroic(self) -> bool:
        """True for one of the six heroic cards."""
        return self.action.heroic

    def play(self, half: str) -> Play:
        """The play this card makes with its 'action' or 'move' half up."""
        if half == "action":
            return Play(self.action)
        return Play(self.move, self.destination)

    @property
    def text(self) -> str:
        """Short label: '#12 A/lift', '#101 HB/upper_red'."""
        move = self.destination.key if self.destination is not None else self.move.value
        return f"#{self.id} {self.action.value}/{move}"


def card_numbers(ids: Sequence[int]) -> str:
    """Card numbers as few words as they take: '#0-9', '#3, #7-8' (what `card:` takes)."""
    runs: list[list[int]] = []
    for number in sorted(ids):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"#{r[0]}" if len(r) == 1 else f"#{r[0]}-{r[-1]}" for r in runs)


def hand_groups(hand: Sequence[Card]) -> list[tuple[str, list[int]]]:
    """A hand as its kinds of card ('A/red') with their numbers, in hand order."""
    groups: dict[str, list[int]] = {}
    for c in hand:
        groups.setdefault(c.text.split(" ", 1)[1], []).append(c.id)
    return list(groups.items())


_COMPOSITION = ((Act.A, 10), (Act.B, 8), (Act.C, 7), (Act.BOTS, 5))
_HEROIC = (
    (Act.HEROIC_A, Station.LOWER_BLUE),
    (Act.HEROIC_A, Station.LOWER_RED),
    (Act.HEROIC_B, Station.UPPER_BLUE),
    (Act.HEROIC_B, Station.UPPER_RED),
    (Act.HEROIC_BOTS, Station.LOWER_WHITE),
    (Act.HEROIC_BOTS, Station.UPPER_WHITE),
)


@cache
def action_deck() -> tuple[Card, ...]:
    """The 90 action cards: every action half paired with red, blue and lift movement halves."""
    cards: list[Card] = []
    for action, count in _COMPOSITION:
        for move in (Act.RED, Act.BLUE, Act.LIFT):
            for _ in range(count):
                cards.append(Card(len(cards), action, move))
    return tuple(cards)


@cache
def heroic_cards() -> tuple[Card, ...]:
    """The six heroic cards."""
    return tuple(
        Card(HEROIC_BASE + i, action, Act.HEROIC_MOVE, station)
        for i, (action, station) in enumerate(_HEROIC)
    )


def card(card_id: int) -> Card:
    """The card with this id (KeyError when there is none)."""
    if card_id >= HEROIC_BASE:
        return heroic_cards()[card_id - HEROIC_BASE]
    if card_id < 0:
        raise KeyError(card_id)
    return action_deck()[card_id]


def packets(humans: int, fifth_android: bool) -> tuple[tuple[int, int, int], int]:
    """Action cards per phase for each human, and the phase (1 or 2) that holds the heroic card.

    Counts include the heroic card. 4-5 crew: 5/5/5, the heroic card replaces a card of phase 2;
    3 players 6/6/6 and 2 players 9/6/6 with the heroic card in phase 1; the fifth-android
    variant deals as the four-character game plus one card in phase 1.
    """
    if humans >= 4:
        counts, heroic_phase = (5, 5, 5), 2
    elif humans == 3:
        counts, heroic_phase = (6, 6, 6), 1
    else:
        counts, heroic_phase = (9, 6, 6), 1
    if fifth_android and humans < 5:
        counts = (counts[0] + 1, counts[1], counts[2])
    return counts, heroic_phase
