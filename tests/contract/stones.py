"""A tiny game that exercises the whole contract: take 1-3 stones; who takes the last one wins.

Chance appears twice: the pile size and each player's secret bonus are dealt at the start, and
a landslide may add stones whenever the pile reaches a multiple of five. The bonus is hidden
information (only its holder sees it) and breaks ties at the end of a drawn-out game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

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

MAX_TURNS = 40


@dataclass(frozen=True, slots=True)
class Take:
    stones: int


@dataclass(frozen=True, slots=True)
class Dealt:
    pile: int
    bonuses: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Landslide:
    stones: int


Action = Take | Dealt | Landslide


@dataclass(frozen=True, slots=True)
class State:
    pile: int = 0
    bonuses: tuple[int, int] = (0, 0)
    dealt: bool = False
    turn: int = 0
    landslide_due: bool = False
    last_taker: Seat | None = None


@dataclass(frozen=True, slots=True)
class View:
    pile: int
    my_bonus: int | None
    to_move: Seat | None


class StonesRules:
    def setup(self, config: GameConfig, seats: int, seed: str) -> State:
        if seats != 2:
            raise IllegalActionError("Stones needs exactly 2 players.", code="seats")
        return State()

    def to_act(self, state: State) -> frozenset[Seat]:
        if not state.dealt or state.landslide_due:
            return frozenset({CHANCE})
        if state.pile == 0 or state.turn >= MAX_TURNS:
            return frozenset()
        return frozenset({state.turn % 2})

    def legal_actions(self, state: State, seat: Seat) -> Sequence[Action]:
        if seat not in self.to_act(state) or seat == CHANCE:
            return ()
        return tuple(Take(n) for n in range(1, min(3, state.pile) + 1))

    def apply(self, state: State, seat: Seat, action: Action) -> State:
        if seat == CHANCE:
            return self._apply_chance(state, action)
        if not isinstance(action, Take):
            raise IllegalActionError("Only chance deals and landslides.", code="not_chance")
        if not 1 <= action.stones <= 3:
            raise IllegalActionError("Take 1, 2 or 3 stones.", code="take_range")
        if action.stones > state.pile:
            raise IllegalActionError(f"Only {state.pile} stones are left.", code="too_many")
        pile = state.pile - action.stones
        due = pile > 0 and pile % 5 == 0
        return replace(state, pile=pile, turn=state.turn + 1, landslide_due=due, last_taker=seat)

    def _apply_chance(self, state: State, action: Action) -> State:
        if isinstance(action, Dealt) and not state.dealt:
            return replace(state, pile=action.pile, bonuses=action.bonuses, dealt=True)
        if isinstance(action, Landslide) and state.landslide_due:
            return replace(state, pile=state.pile + action.stones, landslide_due=False)
        raise IllegalActionError("That chance result does not fit this moment.", code="bad_chance")

    def sample_chance(self, state: State, rng: RandomSource) -> Action:
        if not state.dealt:
            return Dealt(rng.randrange(10, 21), (rng.randrange(0, 2), rng.randrange(0, 2)))
        return Landslide(rng.randrange(0, 3))

    def player_view(self, state: State, seat: Seat | None) -> View:
        to_act = self.to_act(state)
        to_move = next(iter(to_act)) if len(to_act) == 1 and CHANCE not in to_act else None
        bonus = state.bonuses[seat] if seat in (0, 1) else None
        return View(state.pile, bonus, to_move)

    def outcome(self, state: State) -> Outcome | None:
        if not state.dealt or self.to_act(state):
            return None
        if state.pile == 0 and state.last_taker is not None:
            return Outcome(frozenset({state.last_taker}), "took the last stone")
        a, b = state.bonuses
        if a == b:
            return Outcome(frozenset(), "turn limit, equal bonuses")
        return Outcome(frozenset({0 if a > b else 1}), "turn limit, higher bonus")


class StonesCodec:
    def to_json(self, action: Action) -> dict[str, Any]:
        if isinstance(action, Take):
            return {"type": "take", "stones": action.stones}
        if isinstance(action, Dealt):
            return {"type": "dealt", "pile": action.pile, "bonuses": list(action.bonuses)}
        return {"type": "landslide", "stones": action.stones}

    def from_json(self, data: Mapping[str, Any]) -> Action:
        kind = data.get("type")
        if kind == "take":
            return Take(int(data["stones"]))
        if kind == "dealt":
            a, b = data["bonuses"]
            return Dealt(int(data["pile"]), (int(a), int(b)))
        if kind == "landslide":
            return Landslide(int(data["stones"]))
        raise InvalidActionError(f"Unknown stored action {kind!r}.", code="bad_json")

    def parse(self, text: str, view: Any) -> Action:
        words = text.split()
        if len(words) != 2 or words[0] != "take" or not (words[1].isascii() and words[1].isdigit()):
            raise InvalidActionError("Write: take N (N = 1, 2 or 3).", code="syntax")
        return Take(int(words[1]))

    def format(self, action: Action) -> str:
        if not isinstance(action, Take):
            raise InvalidActionError("Chance results have no text form.", code="not_typed")
        return f"take {action.stones}"


STONES = GameSpec(
    key="stones",
    name="Stones",
    rules=StonesRules(),
    codec=StonesCodec(),
    min_seats=2,
    max_seats=2,
    aliases=("nim",),
)
