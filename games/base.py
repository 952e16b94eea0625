"""The contract every game implements: seats, chance, outcomes, errors and the rules protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Protocol, TypeVar

from games.text import Text

Seat = int
"""A player's place at the table, 0..n-1. Games never see platform user ids."""

CHANCE: Final[Seat] = -1
"""The pseudo-seat that acts when the game needs a random outcome (a draw, a shuffle)."""

GameConfig = Mapping[str, Any]
"""JSON-compatible options chosen in the lobby (mode, armies, variants)."""

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT", covariant=True)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: who won (empty with draw=True for a draw) and why."""

    winners: frozenset[Seat]
    reason: str
    scores: tuple[int, ...] = ()

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners


class GameError(Exception):
    """An error a player can read; `code` is stable and what tests assert on."""

    default_code: str = "game_error"

    def __init__(self, user_message: str, code: str | None = None, **params: object) -> None:
        """`user_message` is a template (a catalogue key) when `params` fill its fields."""
        text = user_message if isinstance(user_message, Text) else Text(user_message, **params)
        super().__init__(text)
        self.user_message: Text = text
        self.code = code or self.default_code


class InvalidActionError(GameError):
    """The input could not be understood (bad syntax, unknown hex, unknown tile)."""

    default_code = "invalid_action"


class IllegalActionError(GameError):
    """The action is understood but the rules forbid it now."""

    default_code = "illegal_action"


class AmbiguousActionError(GameError):
    """The input matches several actions; the message lists what to add."""

    default_code = "ambiguous_action"


class NotYourTurnError(GameError):
    """The seat tried to act while another seat is to act."""

    default_code = "not_your_turn"


class GameOverError(GameError):
    """The game has ended; no further actions are accepted."""

    default_code = "game_over"


class Rules(Protocol[StateT, ActionT, ViewT]):
    """What a game module provides to the engine and to the host."""

    def setup(self, config: GameConfig, seats: int, seed: str) -> StateT:
        """The initial state for `seats` players."""
        ...

    def to_act(self, state: StateT) -> frozenset[Seat]:
        """Seats that must act now; {CHANCE} for a random step; empty when the game is over."""
        ...

    def legal_actions(self, state: StateT, seat: Seat) -> Sequence[ActionT]:
        """Every action `seat` may take now (empty when it is not to act)."""
        ...

    def apply(self, state: StateT, seat: Seat, action: ActionT) -> StateT:
        """The state after `seat` takes `action`; raises GameError subclasses when it cannot."""
        ...

    def sample_chance(self, state: StateT, rng: RandomSource) -> ActionT:
        """The chance result for a state whose to_act is {CHANCE}, drawn from `rng`."""
        ...

    def player_view(self, state: StateT, seat: Seat | None) -> ViewT:
        """What `seat` may see (None: spectators and the public channel)."""
        ...

    def outcome(self, state: StateT) -> Outcome | None:
        """The result once the game is over, else None."""
        ...


class RandomSource(Protocol):
    """The subset of random.Random a game may use at a chance step."""

    def random(self) -> float:
        """A float in [0, 1)."""
        ...

    def randrange(self, start: int, stop: int | None = ..., step: int = ...) -> int:
        """An integer from range(start, stop, step)."""
        ...

    def shuffle(self, x: list[Any]) -> None:
        """Shuffle a list in place."""
        ...


class Codec(Protocol[ActionT]):
    """Turns actions into storage JSON and into the short text players type."""

    def to_json(self, action: ActionT) -> dict[str, Any]:
        """A JSON-compatible dict that from_json turns back into the same action."""
        ...

    def from_json(self, data: Mapping[str, Any]) -> ActionT:
        """The action stored as `data`; raises InvalidActionError on malformed data."""
        ...

    def parse(self, text: str, view: Any) -> ActionT:
        """The action a player typed, read against what they can see."""
        ...

    def format(self, action: ActionT) -> str:
        """The text form of `action` that parse reads back."""
        ...


@dataclass(frozen=True, slots=True)
class GameSpec(Generic[StateT, ActionT, ViewT]):
    """Everything the host needs to know about one game."""

    key: str
    name: str
    rules: Rules[StateT, ActionT, ViewT]
    codec: Codec[ActionT]
    min_seats: int
    max_seats: int
    rules_version: int = 1
    aliases: tuple[str, ...] = field(default=())
