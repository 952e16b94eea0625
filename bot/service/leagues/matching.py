"""Minimum-cost perfect matching with networkx, by tiers, in blocks of the standings.

A cost is a tuple of tiers, most important first (e.g. repeat byes, rematches, score
difference, seat preference, fold order, seeded noise). Tiers become one integer weight so
that no amount of a lower tier outweighs one unit of a higher tier; networkx's exact blossom
algorithm then finds a maximum-cardinality matching of maximum weight, i.e. least cost.

networkx needs ~8 s for 200 nodes on a complete graph (0.05 s for 30), so large fields are
matched in blocks of whole score groups (top down, a virtual FLOAT node sends one player of an
odd block down);
a block whose best matching still breaks a hard tier is merged with the next, and if the
joined result breaks one anyway the whole field is matched at once, which is exact.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

import networkx as nx  # type: ignore[import-untyped]

N = TypeVar("N", bound=Hashable)
Cost = tuple[int, ...]
CostFn = Callable[[N, N], Cost | None]
"""(a, b) -> tier costs, or None when a and b may never meet."""

FULL_LIMIT = 40
BLOCK = 20


class Virtual:
    """A placeholder node: the bye, or the float down to the next block."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


def match(nodes: Sequence[N], cost: CostFn[N]) -> list[tuple[N, N]]:
    """A least-cost perfect matching of `nodes` (even count); raises ValueError if none."""
    edges: list[tuple[int, int, Cost]] = []
    for i, a in enumerate(nodes):
        for j in range(i + 1, len(nodes)):
            c = cost(a, nodes[j])
            if c is not None:
                edges.append((i, j, c))
    if not edges:
        if nodes:
            raise ValueError("no pairing is possible")
        return []
    tiers = len(edges[0][2])
    count = len(nodes) // 2 + 1
    scale = [1] * tiers
    for k in range(tiers - 1, 0, -1):
        top = max(c[k] for _, _, c in edges)
        scale[k - 1] = scale[k] * (top * count + 1)
    big = sum(max(c[k] for _, _, c in edges) * scale[k] for k in range(tiers)) + 1
    graph = nx.Graph()
    graph.add_nodes_from(range(len(nodes)))
    for i, j, c in edges:
        graph.add_edge(i, j, weight=big - sum(t * s for t, s in zip(c, scale, strict=True)))
    found = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(found) != len(nodes):
        raise ValueError("no pairing is possible")
    pairs = [(min(i, j), max(i, j)) for i, j in found]
    return [(nodes[i], nodes[j]) for i, j in sorted(pairs)]


def blocked(
    groups: Sequence[Sequence[N]],
    cost: CostFn[N | Virtual],
    hard: Callable[[Cost], bool],
    spare: Virtual | None,
    exact: bool = True,
) -> list[tuple[N | Virtual, N | Virtual]]:
    """Match score groups top down in blocks; `spare` (the bye) joins an odd field at the end.

    `hard(cost)` says a pair breaks a rule that only unavoidable cases may break (a rematch,
    a second bye); such blocks are widened, and a final breach triggers the exact whole match
    (with exact=False blocks stop widening at FULL_LIMIT and a breach is accepted).
    """
    order: list[N | Virtual] = [n for g in groups for n in g]
    everyone = [*order, spare] if spare is not None and len(order) % 2 else list(order)
    if len(everyone) <= FULL_LIMIT:
        return match(everyone, cost)
    blocks = _blocks(groups)
    floater = Virtual("FLOAT")
    result: list[tuple[N | Virtual, N | Virtual]] = []
    carry: list[N | Virtual] = []
    for index, block in enumerate(blocks):
        members = [*carry, *block]
        last = index == len(blocks) - 1
        if last and spare is not None and len(members) % 2:
            members.append(spare)
        elif not last and len(members) % 2:
            members.append(floater)
        try:
            pairs = match(members, cost)
        except ValueError:
            pairs = None
        widen = exact or len(members) <= FULL_LIMIT
        if pairs is None or (not last and widen and any(_breach(p, cost, hard) for p in pairs)):
            carry = [m for m in members if m is not floater]
            continue
        carry = []
        for a, b in pairs:
            if a is floater or b is floater:
                carry.append(b if a is floater else a)
            else:
                result.append((a, b))
    if carry or (exact and any(_breach(p, cost, hard) for p in result)):
        return match(everyone, cost)
    return result


def _breach(pair: tuple[N, N], cost: CostFn[N], hard: Callable[[Cost], bool]) -> bool:
    c = cost(*pair)
    return c is None or hard(c)


def _blocks(groups: Sequence[Sequence[N]]) -> list[list[N]]:
    """Whole score groups gathered to about BLOCK nodes; a huge group is cut into chunks."""
    blocks: list[list[N]] = []
    current: list[N] = []
    for group in groups:
        if len(group) > FULL_LIMIT:
            if current:
                blocks.append(current)
                current = []
            chunks = [list(group[i : i + BLOCK]) for i in range(0, len(group), BLOCK)]
            if len(chunks[-1]) < BLOCK // 2:
                chunks[-2].extend(chunks.pop())  # a tiny tail may have no pairing of its own
            blocks.extend(chunks)
            continue
        if current and len(current) + len(group) > BLOCK * 3 // 2:
            blocks.append(current)
            current = []
        current.extend(group)
        if len(current) >= BLOCK:
            blocks.append(current)
            current = []
    if current:
        if blocks and len(current) < BLOCK // 2:
            blocks[-1].extend(current)
        else:
            blocks.append(current)
    return blocks
