"""Golden-scenario helpers: a table with chosen models placed, and actions played on fixed dice."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from games.base import CHANCE
from games.warzone import rules
from games.warzone.actions import Rolled
from games.warzone.geometry import Vec
from games.warzone.setup import setup
from games.warzone.state import Phase, State
from games.warzone.terrain import Cover, Going, Terrain

R = 15 / 25.4
"""Radius in inches of a 30 mm base (every model in the two presets)."""

RULEBOOK = "from the rulebook"
PUBLIC = "from a public source"
GAP_FILL = "gap-fill, not from the rulebook"


def piece(
    key: str,
    points: Iterable[Vec],
    going: str = "open",
    cover: str = "none",
    height: float = 0.0,
    area: bool = False,
) -> Terrain:
    """A terrain piece for a scene."""
    return Terrain(key, key, "test", tuple(points), Going(going), Cover(cover), height, area)


def wall(key: str, y: float, cover: str = "heavy", height: float = 0.8) -> Terrain:
    """A thin linear obstacle across x 0..20 at height y (0.5 in thick)."""
    pts = ((0.0, y - 0.25), (20.0, y - 0.25), (20.0, y + 0.25), (0.0, y + 0.25))
    return piece(key, pts, "difficult", cover, height)


def scene(
    place: dict[str, tuple[float, float, float]],
    *,
    terrain: Iterable[Terrain] = (),
    seat: int = 0,
    config: dict[str, Any] | None = None,
) -> State:
    """Round 1, activation phase, `seat` to act; only the placed models are on the table.

    Unplaced models are out of play (not alive, not removed as casualties), and the half-strength
    break test is marked as taken so that no test rolls a die the scenario does not mention.
    """
    base = setup(config or {}, 2, "scene")
    models = tuple(
        replace(m, x=place[m.key][0], y=place[m.key][1], facing=place[m.key][2], deployed=True)
        if m.key in place
        else replace(m, alive=False, deployed=False)
        for m in base.models
    )
    squads = tuple(replace(s, broke_at_half=True) for s in base.squads)
    return replace(
        base, models=models, squads=squads, terrain=tuple(terrain), phase=Phase.ACTIVATION,
        round=1, active_seat=seat, objectives=(), control=(),
    )  # fmt: skip


def play(state: State, seat: int, action: object, dice: Iterable[int] = ()) -> State:
    """Apply an action, then feed exactly the given dice to the chance steps it asks for."""
    queue = list(dice)
    state = rules.apply(state, seat, action)
    while rules.to_act(state) == frozenset({CHANCE}):
        assert queue, "the rules asked for a die the scenario did not provide"
        state = rules.apply(state, CHANCE, Rolled(queue.pop(0)))
    assert not queue, f"dice left over: {queue}"
    return state


def lines(before: State, after: State) -> list[str]:
    """The log lines an action added."""
    return [line.text for line in after.log[len(before.log) :]]


def move(state: State, key: str, **changes: Any) -> State:
    """The state with one model changed."""
    return replace(
        state, models=tuple(replace(m, **changes) if m.key == key else m for m in state.models)
    )


def squad(state: State, key: str, **changes: Any) -> State:
    """The state with one squad changed."""
    return replace(
        state, squads=tuple(replace(s, **changes) if s.key == key else s for s in state.squads)
    )
