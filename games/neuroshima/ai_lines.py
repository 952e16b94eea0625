"""A cheap look along the lines of fire: what a tile would hit, and what would hit it, on a hex.

The turn search scores hundreds of placements per node; a battle for each would cost too much,
so this estimate picks the few worth a full evaluation. It reads the same printed facts as the
battle (tile_facts) but ignores initiative order, modules and Medics.
"""

from __future__ import annotations

from games.base import Seat
from games.neuroshima.board import Hex, opposite
from games.neuroshima.orientation import tile_facts
from games.neuroshima.position import PlacedTile, Position
from games.neuroshima.queries import opponents
from games.neuroshima.tiles import Kind

from .ai_eval import placed_value


class Lines:
    """The board of one search node, prepared for many placement estimates for `seat`."""

    __slots__ = ("board", "foes", "incoming", "seat", "tiles")

    def __init__(self, position: Position, seat: Seat, without: Hex | None = None) -> None:
        self.seat = seat
        self.board = position.board
        self.tiles = {h: p for h, p in position.tiles if h != without}
        owners = {p.owner for p in self.tiles.values()} | set(range(len(position.armies)))
        self.foes = frozenset(o for o in owners if opponents(position, seat, o))
        self.incoming: dict[Hex, tuple[int, tuple[tuple[int, int], ...]]] = {}
        """Per hex already asked about: enemy melee into it, and (direction, strength) of each
        enemy shot at it; every tile and facing estimated there shares them."""

    def _wound_value(self, placed: PlacedTile, wounds: int) -> float:
        facts = tile_facts(placed.tile, placed.facing)
        if facts.is_hq:
            return float(wounds)
        left = facts.hit_points - placed.wounds
        return placed_value(placed) * min(wounds, left) / max(1, left)

    def estimate(self, tile: str, h: Hex, facing: int) -> float:
        """Value this tile on `h` would deal minus value it would take, in HQ hit points."""
        facts = tile_facts(tile, facing)
        gain = 0.0
        for d, melee, ranged, gauss in facts.attacks:
            if melee:
                target = self.tiles.get(h.neighbour(d))
                hq_on_hq = facts.is_hq and target is not None and target.type.kind is Kind.HQ
                if target is not None and target.owner in self.foes and not hq_on_hq:
                    gain += self._wound_value(target, melee)
            if ranged or gauss:
                gain += self._shot(h, d, ranged or gauss, piercing=bool(gauss))
        speed = 1.0 + 0.08 * max(facts.initiative, default=0)
        gain *= speed
        for d in facts.nets:
            target = self.tiles.get(h.neighbour(d))
            if target is not None and target.owner in self.foes:
                gain += 0.5 * placed_value(target)
        if facts.is_module:
            gain += 0.8 * sum(
                1
                for n in self.board.neighbours(h)
                if (p := self.tiles.get(n)) is not None and p.owner == self.seat
            )
        mine = PlacedTile(tile, self.seat, facing)
        return gain - 0.8 * self._danger(h, mine, facts.armor)

    def _shot(self, h: Hex, d: int, strength: int, piercing: bool) -> float:
        total = 0.0
        for n in self.board.ray(h, d):
            target = self.tiles.get(n)
            if target is None or target.owner not in self.foes:
                continue  # a shot passes over tiles it may not hit
            armor = tile_facts(target.tile, target.facing).armor[opposite(d)]
            total += self._wound_value(target, max(0, strength - armor))
            if not piercing:
                break
        return total

    def _danger(self, h: Hex, mine: PlacedTile, armor: tuple[bool, ...]) -> float:
        melee, shots = self._incoming(h)
        wounds = melee + sum(max(0, shot - armor[d]) for d, shot in shots)
        return self._wound_value(mine, wounds) if wounds else 0.0

    def _incoming(self, h: Hex) -> tuple[int, tuple[tuple[int, int], ...]]:
        known = self.incoming.get(h)
        if known is not None:
            return known
        melee = 0
        shots: list[tuple[int, int]] = []
        for d in range(6):
            back = opposite(d)
            near = self.tiles.get(h.neighbour(d))
            if near is not None and near.owner in self.foes:
                melee += tile_facts(near.tile, near.facing).melee[back]
            for n in self.board.ray(h, d):
                other = self.tiles.get(n)
                if other is None:
                    continue
                if other.owner not in self.foes:
                    break  # an enemy shot from beyond hits this tile first
                facts = tile_facts(other.tile, other.facing)
                shot = facts.ranged[back] or facts.gauss[back]
                if shot:
                    shots.append((d, shot))
        found = (melee, tuple(shots))
        self.incoming[h] = found
        return found
