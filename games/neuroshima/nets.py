"""Nets: which tiles are netted right now (nets work at all times, not only in battles).

Rules (cs "Síť", "POUŽÍVÁNÍ SÍTĚ", team rules; see docs/rulings.md):
- a net symbol holds the adjacent tile on that edge if the thrower may net its side;
- a netted net tile nets nothing;
- two net tiles that net each other do not disable each other (that pair of nets is void);
- a ring of three or more net tiles, each netting the next, with nothing from outside the ring
  deciding it, is void the same way (our ruling, the mutual rule extended).
"""

from __future__ import annotations

from collections.abc import Mapping

from games.neuroshima.board import Board, Hex
from games.neuroshima.lines import neighbour_table
from games.neuroshima.sides import Piece, Sides


def net_edges(pieces: Mapping[Hex, Piece], sides: Sides, board: Board) -> dict[Hex, list[Hex]]:
    """Thrower hex -> hexes its nets hold, mutual pairs removed (before any disabling)."""
    edges: dict[Hex, list[Hex]] = {}
    around = neighbour_table(board)
    for h, p in pieces.items():
        for d in p.facts.nets:
            t = around[h][d]
            q = pieces.get(t) if t is not None else None
            if q is not None and t is not None and sides.net[p.side][q.side]:
                edges.setdefault(h, []).append(t)
    for h, targets in list(edges.items()):
        for t in list(targets):
            back = edges.get(t)
            if back is not None and h in back:
                targets.remove(t)
                back.remove(h)
    return edges


def _settle(edges: Mapping[Hex, list[Hex]]) -> tuple[set[Hex], set[Hex]]:
    """Throwers known to work and tiles known to be netted (the part the rules decide)."""
    attackers: dict[Hex, list[Hex]] = {}
    for h, targets in edges.items():
        for t in targets:
            attackers.setdefault(t, []).append(h)
    active: set[Hex] = set()
    held: set[Hex] = set()
    open_throwers = set(edges)
    changed = True
    while changed:
        changed = False
        for h in list(open_throwers):
            atk = attackers.get(h, ())
            if any(a in active for a in atk):
                held.add(h)
            elif all(a in held for a in atk):
                active.add(h)
                held.update(edges[h])
            else:
                continue
            open_throwers.discard(h)
            changed = True
    return active, held


def _reaches(edges: Mapping[Hex, list[Hex]], start: Hex, goal: Hex, within: set[Hex]) -> bool:
    seen = {start}
    stack = [start]
    while stack:
        for t in edges.get(stack.pop(), ()):
            if t == goal:
                return True
            if t in within and t not in seen:
                seen.add(t)
                stack.append(t)
    return False


def netted_hexes(pieces: Mapping[Hex, Piece], sides: Sides, board: Board) -> frozenset[Hex]:
    """Hexes of the tiles held by a working net."""
    edges = net_edges(pieces, sides, board)
    if not any(edges.values()):
        return frozenset()
    active, held = _settle(edges)
    undecided = set(edges) - active - held
    if undecided:
        # What is left are rings of throwers; nets inside a ring cancel like a mutual pair.
        ring = {
            (h, t)
            for h in undecided
            for t in edges[h]
            if t in undecided and _reaches(edges, t, h, undecided)
        }
        edges = {h: [t for t in ts if (h, t) not in ring] for h, ts in edges.items()}
        active, held = _settle(edges)
    return frozenset(t for h in active for t in edges[h])
