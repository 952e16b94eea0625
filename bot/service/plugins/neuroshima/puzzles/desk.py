"""A try at a puzzle as it is played: the stored actions replayed into a Neuroshima state.

A user plays one puzzle at a time. Each action is checked by the rules exactly as in a game
(the same codec, the same legal actions), stored as the codec's text, and the state rebuilt
from the puzzle's start on every read (a turn is a handful of actions). The turn ends, and the
battle is fought, when the player says so (`end`, or the panel's Fight), or at once when the
rules fight it themselves (a Battle tile, a full board).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.errors import RequestError
from bot.service.plugins.neuroshima.puzzles.choice import find
from games.neuroshima import codec
from games.neuroshima.actions import EndTurn, NeuroshimaAction
from games.neuroshima.puzzles import Puzzle, play, start
from games.neuroshima.puzzles.turn import fought
from games.neuroshima.rules import legal_actions, player_view
from games.neuroshima.state import State
from storage.puzzles import PuzzleTry


@dataclass(frozen=True, slots=True)
class Desk:
    """An open try with its puzzle and the state its actions led to."""

    record: PuzzleTry
    puzzle: Puzzle
    state: State

    @property
    def seat(self) -> int:
        """The seat the player plays."""
        return self.puzzle.seat

    def view(self) -> Any:
        """What the player sees (their hand included)."""
        return player_view(self.state, self.seat)

    def legal(self) -> list[NeuroshimaAction]:
        """The player's legal actions now."""
        return list(legal_actions(self.state, self.seat))

    def legal_texts(self) -> list[str]:
        """The player's legal actions as they are typed."""
        view = self.view()
        return list(dict.fromkeys(codec.format(a, view) for a in self.legal()))


def replay(puzzle: Puzzle, actions: Sequence[str]) -> State:
    """The state after `actions` from the puzzle's start."""
    state = start(puzzle)
    for action in actions:
        state = play(puzzle, state, action)
    return state


def desk_of(record: PuzzleTry) -> Desk:
    """The desk of a stored try."""
    puzzle = find(record.puzzle_id)
    return Desk(record, puzzle, replay(puzzle, record.actions))


@dataclass(frozen=True, slots=True)
class Move:
    """One action read against a desk: its codec text, the state after, whether the turn ends."""

    text: str
    state: State
    ends: bool


def read_move(desk: Desk, text: str) -> Move:
    """An action typed or picked for a desk, checked by the rules (GameError when it is not
    legal); `end` ends the turn without an action."""
    view = desk.view()
    action = codec.parse(text, view)
    if isinstance(action, EndTurn):
        return Move("end", desk.state, True)
    typed = codec.format(action, view)
    state = play(desk.puzzle, desk.state, action)
    return Move(typed, state, fought(state))


def stale() -> RequestError:
    """The refusal of a panel built for an earlier point of a try, or for a try now over."""
    return RequestError("This puzzle panel is out of date; use the newest one.", code="stale_panel")


def check_version(desk: Desk, version: int | None) -> None:
    """Refuse a panel built for an earlier point of the try (a late second click)."""
    if version is not None and version != desk.record.version:
        raise stale()
