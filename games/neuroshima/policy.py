"""Battle-time choices: what they are, and the default policy that takes them.

A choice (a Quartermaster conversion, a Clown strike, how Medics absorb hits) is a `Decision`.
Whoever resolves a battle passes a `Chooser`; the default one, `favour_owner`, resolves the rest
of the battle once per option (later choices taking their first option) and keeps the option
best for the deciding seat's side. docs/rulings.md describes the order of preference.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from games.base import Seat
from games.neuroshima.board import Hex

if TYPE_CHECKING:
    from games.neuroshima.battle import BattleReport


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice the rules leave to a player during a battle."""

    key: tuple[object, ...]
    """Identifies the choice within one battle (kind, phase, hexes...)."""
    seat: Seat
    kind: str
    """"quartermaster", "clown" or "medic"."""
    phase: int
    hex: Hex
    options: tuple[str, ...]
    """Readable descriptions; option 0 is the default."""


class Chooser(Protocol):
    """Picks an option index; `simulate(i)` is the battle's result if option i is taken."""

    def __call__(self, decision: Decision, simulate: Callable[[int], BattleReport]) -> int:
        """The index of the chosen option."""
        ...


def side_value(report: BattleReport, seat: Seat) -> tuple[int, int, int, int]:
    """How good a battle's result is for `seat` and its allies (larger is better)."""
    position = report.position
    seats = range(len(position.armies))
    teams = position.teams
    friends = {seat}
    for members in teams:
        if seat in members:
            friends.update(members)
    eliminated = set(report.eliminated)
    elim = sum(1 if s in eliminated else 0 for s in seats if s not in friends) - sum(
        1 if s in eliminated else 0 for s in friends
    )
    hp = sum(position.hq_hp[s] if s in friends else -position.hq_hp[s] for s in seats)
    tiles = 0
    wounds = 0
    for _, placed in position.tiles:
        if placed.owner is None:
            continue
        sign = 1 if placed.owner in friends else -1
        tiles += sign
        wounds -= sign * placed.wounds
    return elim, hp, tiles, wounds


def favour_owner(decision: Decision, simulate: Callable[[int], BattleReport]) -> int:
    """The option whose simulated battle ends best for the deciding seat's side (first on ties).

    Compared in order: enemy seats eliminated minus own side's; HQ hit points (points in the
    scoring variant) of the own side minus the others'; tiles left on the board, own minus
    others'; wounds on the others' tiles minus wounds on own tiles.
    """
    best = 0
    best_value: tuple[int, int, int, int] | None = None
    for i in range(len(decision.options)):
        value = side_value(simulate(i), decision.seat)
        if best_value is None or value > best_value:
            best, best_value = i, value
    return best
