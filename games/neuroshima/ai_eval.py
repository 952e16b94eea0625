"""How good a position is for one seat: the evaluation the AI levels search with.

Scores are in "HQ hit points": one point is worth one wound on an HQ. A position is scored
twice, as it stands and after the battle it would fight if one began now (the fast simulator);
the mix leans on the battle more as the board fills, because a full board fights at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from games.base import Seat
from games.neuroshima.board import Hex
from games.neuroshima.position import PlacedTile, Position
from games.neuroshima.queries import opponents
from games.neuroshima.tiles import Kind, TileType, tile_type

WIN = 1000.0
"""The score of a won game (a lost one is -WIN): more than any position can be worth."""

HAND_SHARE = 0.35
"""A tile kept in hand is worth this share of its value on the board (it may still be played)."""


@dataclass(frozen=True, slots=True)
class Weights:
    """How much each part of the evaluation counts."""

    hp: float = 1.0
    material: float = 1.0
    initiative: float = 0.15
    control: float = 0.4
    projection_min: float = 0.55
    projection_max: float = 0.9


DEFAULT_WEIGHTS = Weights()


@dataclass(frozen=True, slots=True)
class Breakdown:
    """The parts of one evaluation, from the evaluating seat's side (positive is good)."""

    hp: float
    material: float
    initiative: float
    control: float
    threatened: float
    """Own material the projected battle would destroy minus the enemies' (already in material
    of the projection; reported to explain a score)."""
    total: float


@cache
def tile_value(tile_id: str) -> float:
    """What a healthy tile is worth on the board, in HQ hit points."""
    t = tile_type(tile_id)
    if t.kind is Kind.HQ:
        return 0.0
    if t.kind is Kind.INSTANT:
        return _instant_value(t)
    if t.kind is Kind.MODULE:
        return 2.5 + 0.5 * t.toughness
    attack = sum(e.melee + 1.2 * e.ranged + 1.6 * e.gauss for e in t.edges)
    shots = max(1, len(t.initiative))
    speed = 0.7 + 0.1 * max(t.initiative, default=0)
    value = 1.0 + attack * shots * speed
    value += 1.5 * sum(e.net for e in t.edges) + 0.4 * sum(e.armor for e in t.edges)
    value += 0.5 if t.mobility else 0.0
    return value * (1.0 + 0.45 * t.toughness)


def _instant_value(t: TileType) -> float:
    if t.action is None:
        return 1.0
    return {
        "battle": 2.0,
        "air_strike": 4.0,
        "grenade": 3.0,
        "sniper": 2.5,
        "move": 1.0,
        "push_back": 1.5,
        "grab": 1.5,
        "repositioning": 1.0,
    }.get(t.action.value, 1.0)


def placed_value(placed: PlacedTile) -> float:
    """A tile on the board, less the share of its hit points it has lost."""
    base = tile_value(placed.tile)
    if placed.wounds <= 0 or base == 0.0:
        return base
    hp = placed.type.hit_points
    return base * (0.4 + 0.6 * (hp - placed.wounds) / hp)


class Side:
    """Who is friend and who is foe of one seat, and how to average over each side."""

    __slots__ = ("enemies", "friends", "seat")

    def __init__(self, position: Position, seat: Seat) -> None:
        self.seat = seat
        seats = range(len(position.armies))
        self.friends = tuple(s for s in seats if not opponents(position, seat, s))
        # Fallen enemies stay in the average with 0 HP: killing one is progress in a deathmatch.
        self.enemies = tuple(s for s in seats if opponents(position, seat, s))

    def diff(self, per_seat: dict[Seat, float]) -> float:
        """Friendly average minus enemy average of a per-seat quantity."""
        mine = sum(per_seat.get(s, 0.0) for s in self.friends) / len(self.friends)
        if not self.enemies:
            return mine
        theirs = sum(per_seat.get(s, 0.0) for s in self.enemies) / len(self.enemies)
        return mine - theirs


def _per_seat(position: Position, value: Callable[[PlacedTile], float]) -> dict[Seat, float]:
    out: dict[Seat, float] = {}
    for _, placed in position.tiles:
        if placed.owner is not None:
            out[placed.owner] = out.get(placed.owner, 0.0) + value(placed)
    return out


def _initiative(placed: PlacedTile) -> float:
    t = placed.type
    if t.kind is not Kind.UNIT or not t.initiative:
        return 0.0
    return float(max(t.initiative))


def _hq_hexes(position: Position) -> dict[Seat, Hex]:
    return {p.owner: h for h, p in position.tiles if p.owner is not None and p.type.kind is Kind.HQ}


def _control(position: Position) -> dict[Seat, float]:
    """Per seat: own tiles next to an enemy HQ, less empty hexes next to its own HQ."""
    tiles = position.by_hex()
    out: dict[Seat, float] = {}
    for seat, hq in _hq_hexes(position).items():
        empty = sum(1 for n in position.board.neighbours(hq) if n not in tiles)
        out[seat] = out.get(seat, 0.0) - 0.5 * empty
        for n in position.board.neighbours(hq):
            other = tiles.get(n)
            if (
                other is not None
                and other.owner is not None
                and opponents(position, seat, other.owner)
            ):
                out[other.owner] = out.get(other.owner, 0.0) + 1.0
    return out


def static_score(
    position: Position, side: Side, hands: dict[Seat, tuple[str, ...]], w: Weights
) -> tuple[float, float, float, float]:
    """The hp, material (hand included), initiative and control parts without a battle."""
    hp = side.diff({s: float(v) for s, v in enumerate(position.hq_hp)})
    material = _per_seat(position, placed_value)
    for seat, hand in hands.items():
        material[seat] = material.get(seat, 0.0) + HAND_SHARE * sum(tile_value(t) for t in hand)
    return (
        w.hp * hp,
        w.material * side.diff(material),
        w.initiative * side.diff(_per_seat(position, _initiative)),
        w.control * side.diff(_control(position)),
    )


def board_fullness(position: Position) -> float:
    """The share of hexes that hold a tile (1.0: a battle is fought at once)."""
    return len(position.tiles) / len(position.board)


def evaluate(
    position: Position,
    side: Side,
    hands: dict[Seat, tuple[str, ...]],
    battle: Callable[[Position], Position] | None,
    imminence: float = 0.0,
    w: Weights = DEFAULT_WEIGHTS,
) -> Breakdown:
    """Score `position` for `side`; with `battle`, blend in the position after a battle now.

    `imminence` (0..1) says how soon a battle is expected beyond what the board's fullness
    shows (Battle tiles in hand, the final countdown).
    """
    hp, material, initiative, control = static_score(position, side, hands, w)
    now = hp + material + initiative + control
    if battle is None:
        return Breakdown(hp, material, initiative, control, 0.0, now)
    after = battle(position)
    hp2, material2, initiative2, control2 = static_score(after, side, hands, w)
    later = hp2 + material2 + initiative2 + control2
    share = max(board_fullness(position), imminence)
    mix = w.projection_min + (w.projection_max - w.projection_min) * share
    total = (1.0 - mix) * now + mix * later
    return Breakdown(
        mix * hp2 + (1.0 - mix) * hp,
        mix * material2 + (1.0 - mix) * material,
        initiative,
        control,
        material2 - material,
        total,
    )
