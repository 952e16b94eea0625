"""What a Neuroshima Hex puzzle is: a position, the seat to play, its hand, a goal, the answers.

A puzzle is one turn followed by one battle (docs/rulings.md, "Puzzles"): the seat to play uses
any of the tiles in its hand, then the battle is fought, and the goal is judged on what it left.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from games.base import InvalidActionError, Seat
from games.neuroshima.board import Hex
from games.neuroshima.position import Position
from games.neuroshima.state import BattleSummary, State
from games.text import Text

FORMAT = "muster.neuroshima.puzzle/1"

THEMES = ("medic", "net", "initiative", "gauss", "push", "sniper", "module", "mobility")
"""Theme tags, each named after what decided the puzzle's battle."""


def theme_name(theme: str) -> Text:
    """A theme's name as players read it."""
    names = {
        "medic": Text("Medic saves"),
        "net": Text("Nets"),
        "initiative": Text("Initiative"),
        "gauss": Text("Gauss cannon"),
        "push": Text("Push back"),
        "sniper": Text("Sniper"),
        "module": Text("Modules"),
        "mobility": Text("Mobility"),
    }
    return names.get(theme, Text.verbatim(theme))


class PuzzleError(InvalidActionError):
    """A puzzle file or puzzle Muster cannot use; the message names the problem."""

    default_code = "bad_puzzle"


class GoalKind(Enum):
    """What the seat to play must reach with its turn and the battle after it."""

    DESTROY_HQ = "destroy_hq"
    """The HQ of `Goal.target` (any enemy when None) is destroyed."""
    WIN_BY = "win_by"
    """Enemy HQs lose at least `Goal.amount` hit points more than the own HQ does."""
    SURVIVE = "survive"
    """The own HQ has more than `Goal.amount` hit points left."""
    SAVE = "save"
    """The own unit standing on `Goal.hex` at the start is still on the board."""


@dataclass(frozen=True, slots=True)
class Goal:
    """A puzzle's goal: its kind and the one number, seat or hex that kind needs."""

    kind: GoalKind
    amount: int = 0
    target: Seat | None = None
    hex: Hex | None = None

    def describe(self, label: str = "") -> Text:
        """The goal as a player reads it (`label`: the saved unit's hex label)."""
        if self.kind is GoalKind.DESTROY_HQ:
            return Text("Destroy the enemy HQ in this turn's battle.")
        if self.kind is GoalKind.WIN_BY:
            return Text.plural(
                "Win the battle by at least {count} HQ hit point.",
                "Win the battle by at least {count} HQ hit points.",
                self.amount,
            )
        if self.kind is GoalKind.SURVIVE:
            return Text.plural(
                "Survive the battle with more than {count} hit point on your HQ.",
                "Survive the battle with more than {count} hit points on your HQ.",
                self.amount,
            )
        return Text("Save your unit on {hex} from the battle.", hex=label)


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: `seat` plays its `hand` on `position`, a battle follows, `goal` is judged.

    `solutions` are every turn that reaches the goal, each as the codec's text actions;
    `difficulty` is a rating on the puzzle scale (800 easy - 2400 very hard)."""

    id: str
    position: Position
    seat: Seat
    hand: tuple[str, ...]
    goal: Goal
    solutions: tuple[tuple[str, ...], ...]
    themes: tuple[str, ...] = ()
    difficulty: int = 1500

    @property
    def goal_text(self) -> Text:
        """The goal as the player reads it."""
        where = self.goal.hex
        return self.goal.describe(self.position.board.label(where) if where is not None else "")


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judged turn: solved or not, the board the battle began on and what it did."""

    solved: bool
    before: State
    """The state the battle was fought on (the played turn's actions applied)."""
    after: State
    """The state after the battle; `after.last_battle` is the replayable record."""
    reason: Text
    """Why the goal was or was not reached, for the player."""

    @property
    def battle(self) -> BattleSummary:
        """The battle record the replay frames and narration take."""
        assert self.after.last_battle is not None
        return self.after.last_battle
