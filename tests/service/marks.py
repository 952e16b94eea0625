"""A test game with multi-action turns: a chance draw opens each turn (a barrier), then the seat
marks cells and ends its turn; a "bomb" is a barrier the game's host profile declares.

The first seat to own 6 marks wins. Text: "mark N", "bomb", "end".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.service.profiles import HostProfile, Mode
from games.base import (
    CHANCE,
    GameConfig,
    GameSpec,
    IllegalActionError,
    InvalidActionError,
    Outcome,
    RandomSource,
    Seat,
)

CELLS = 9
GOAL = 6


@dataclass(frozen=True, slots=True)
class Mark:
    cell: int


@dataclass(frozen=True, slots=True)
class Bomb:
    pass


@dataclass(frozen=True, slots=True)
class End:
    pass


@dataclass(frozen=True, slots=True)
class Drawn:
    marks: int


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    owner: tuple[int, ...] = (-1,) * CELLS
    turn: int = 0
    left: int = 0
    drawn: bool = False


class MarksRules:
    def setup(self, config: GameConfig, seats: int, seed: str) -> State:
        return State(seats)

    def to_act(self, state: State) -> frozenset[Seat]:
        counts = [state.owner.count(s) for s in range(state.seats)]
        if max(counts) >= GOAL or state.turn >= 60:
            return frozenset()
        if not state.drawn:
            return frozenset({CHANCE})
        return frozenset({state.turn % state.seats})

    def legal_actions(self, state: State, seat: Seat) -> Sequence[Any]:
        if seat == CHANCE or seat not in self.to_act(state):
            return ()
        marks = [Mark(c) for c in range(CELLS) if state.owner[c] != seat] if state.left else []
        return (*marks, Bomb(), End())

    def apply(self, state: State, seat: Seat, action: Any) -> State:
        if seat == CHANCE:
            if isinstance(action, Drawn) and not state.drawn:
                return replace(state, drawn=True, left=action.marks)
            raise IllegalActionError("bad chance", code="bad_chance")
        if isinstance(action, Mark):
            if not state.left or not 0 <= action.cell < CELLS or state.owner[action.cell] == seat:
                raise IllegalActionError("You cannot mark that.", code="no_mark")
            owner = list(state.owner)
            owner[action.cell] = seat
            return replace(state, owner=tuple(owner), left=state.left - 1)
        if isinstance(action, Bomb):
            return replace(state, owner=tuple(-1 if o != seat else o for o in state.owner))
        if isinstance(action, End):
            return replace(state, turn=state.turn + 1, drawn=False, left=0)
        raise IllegalActionError("Unknown action.", code="unknown")

    def sample_chance(self, state: State, rng: RandomSource) -> Any:
        return Drawn(1 + rng.randrange(0, 3))

    def player_view(self, state: State, seat: Seat | None) -> State:
        return state

    def outcome(self, state: State) -> Outcome | None:
        if self.to_act(state):
            return None
        counts = [state.owner.count(s) for s in range(state.seats)]
        best = max(counts)
        return Outcome(
            frozenset(s for s, c in enumerate(counts) if c == best), "most marks", tuple(counts)
        )


class MarksCodec:
    def to_json(self, action: Any) -> dict[str, Any]:
        if isinstance(action, Mark):
            return {"t": "mark", "cell": action.cell}
        if isinstance(action, Drawn):
            return {"t": "drawn", "marks": action.marks}
        return {"t": "bomb" if isinstance(action, Bomb) else "end"}

    def from_json(self, data: Mapping[str, Any]) -> Any:
        kind = data.get("t")
        if kind == "mark":
            return Mark(int(data["cell"]))
        if kind == "drawn":
            return Drawn(int(data["marks"]))
        if kind == "bomb":
            return Bomb()
        if kind == "end":
            return End()
        raise InvalidActionError("bad json", code="bad_json")

    def parse(self, text: str, view: Any) -> Any:
        words = text.split()
        if words == ["bomb"]:
            return Bomb()
        if words == ["end"]:
            return End()
        if len(words) == 2 and words[0] == "mark" and words[1].isascii() and words[1].isdigit():
            return Mark(int(words[1]))
        raise InvalidActionError("Write: mark N, bomb or end.", code="syntax")

    def format(self, action: Any) -> str:
        if isinstance(action, Mark):
            return f"mark {action.cell}"
        if isinstance(action, Bomb):
            return "bomb"
        if isinstance(action, End):
            return "end"
        raise InvalidActionError("no text", code="not_typed")


MARKS = GameSpec(
    key="marks", name="Marks", rules=MarksRules(), codec=MarksCodec(), min_seats=2, max_seats=4
)

MARKS_PROFILE = HostProfile(
    key="marks",
    modes=(Mode("duel", (2,)), Mode("melee", (3, 4)), Mode("teams", (4,))),
    roles=("red", "blue", "green", "gold"),
    role_label="colour",
    is_barrier=lambda seat, action: seat == CHANCE or isinstance(action, Bomb),
    pass_action=lambda legal: next((a for a in legal if isinstance(a, End)), None),
    teams=lambda config, seats: (
        ((0, 2), (1, 3)) if config.get("mode") == "teams" else tuple((s,) for s in range(seats))
    ),
)
