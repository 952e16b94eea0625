"""Pairings decided by structure: round-robin by the circle method, knockout seeded by rating."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import networkx as nx  # type: ignore[import-untyped]

from bot.service.leagues.swiss import Pairing, ref
from games.text import Text

EMPTY = 0
"""An empty bracket slot or the circle's dummy (entrant ids are never 0)."""


def circle(entrants: Sequence[int]) -> list[list[tuple[int, ...]]]:
    """Every round of a round-robin: pairs (first player first) and (entrant,) for a bye.

    The first entrant stays put and the rest turn one place per round. Seats come from an
    Euler circuit of the games among everyone but the fixed entrant (an odd field: everyone),
    so each player is first in half their games (within one); the fixed one alternates.
    """
    if not entrants:  # a league nobody joined has no rounds (its start cancels it)
        return []
    ring = list(entrants) + ([EMPTY] if len(entrants) % 2 else [])
    n = len(ring)
    fixed = ring[0] if len(entrants) % 2 == 0 else None
    games: list[list[tuple[int, int]]] = []
    for _ in range(n - 1):
        games.append([(ring[i], ring[n - 1 - i]) for i in range(n // 2)])
        ring = [ring[0], ring[-1], *ring[1:-1]]
    graph = nx.MultiGraph()
    graph.add_nodes_from(e for e in entrants if e != fixed)
    graph.add_edges_from(
        (a, b) for rnd in games for a, b in rnd if EMPTY not in (a, b) and fixed not in (a, b)
    )
    first: set[tuple[int, int]] = set()
    if graph.number_of_edges():
        first = {(a, b) for a, b in nx.eulerian_circuit(graph)}
    rounds: list[list[tuple[int, ...]]] = []
    for number, rnd in enumerate(games):
        out: list[tuple[int, ...]] = []
        for a, b in rnd:
            if EMPTY in (a, b):
                out.append((b if a == EMPTY else a,))
            elif fixed in (a, b):
                other = b if a == fixed else a
                out.append((fixed, other) if number % 2 == 0 else (other, fixed))
            else:
                out.append((a, b) if (a, b) in first else (b, a))
        rounds.append(out)
    return rounds


def robin_round(
    schedule: Sequence[Sequence[tuple[int, ...]]], number: int, active: set[int]
) -> Pairing:
    """Round `number` of a stored schedule; a game against a withdrawn entrant is a bye."""
    tables: list[tuple[int, ...]] = []
    byes: list[int] = []
    why = [
        Text(
            "Round-robin round {round} of {rounds} (circle method, fixed at the start).",
            round=number,
            rounds=len(schedule),
        )
    ]
    for game in schedule[number - 1]:
        present = [e for e in game if e in active]
        if len(present) == 2:
            tables.append(tuple(present))
            why.append(
                Text(
                    "Table {board}: {first} v {second} as scheduled.",
                    board=len(tables),
                    first=ref(present[0]),
                    second=ref(present[1]),
                )
            )
        elif present:
            byes.append(present[0])
            why.append(
                Text(
                    "Bye: {player} (the circle's odd place)."
                    if len(game) == 1
                    else "Bye: {player} (a withdrawn opponent).",
                    player=ref(present[0]),
                )
            )
    return Pairing(tuple(tables), tuple(byes), tuple(why))


def bracket(seeds: Sequence[int]) -> list[int]:
    """Round-one slots of a single-elimination bracket: seed 1 meets the last, and so on."""
    size = 1
    while size < len(seeds):
        size *= 2
    order = [1]
    while len(order) < size:
        order = [y for x in order for y in (x, 2 * len(order) + 1 - x)]
    return [seeds[s - 1] if s <= len(seeds) else EMPTY for s in order]


def knockout_round(
    slots: Sequence[int], number: int, seed_of: Mapping[int, int]
) -> tuple[Pairing, list[int]]:
    """The tables of one knockout round from its slots (byes for empty partners)."""
    tables: list[tuple[int, ...]] = []
    byes: list[int] = []
    left = len([s for s in slots if s])
    why = [
        Text.plural(
            "Knockout round {round}: {count} left, seeded by rating.",
            "Knockout round {round}: {count} left, seeded by rating.",
            left,
            round=number,
        )
    ]
    for i in range(0, len(slots), 2):
        a, b = slots[i], slots[i + 1]
        if a and b:
            # The higher seed plays first.
            first, second = sorted((a, b), key=lambda e: seed_of[e])
            tables.append((first, second))
            why.append(
                Text(
                    "Table {board}: seed {first_seed} {first} v seed {second_seed} {second};"
                    " the higher seed plays first.",
                    board=len(tables),
                    first_seed=seed_of[first],
                    first=ref(first),
                    second_seed=seed_of[second],
                    second=ref(second),
                )
            )
        elif a or b:
            byes.append(a or b)
            why.append(
                Text(
                    "Bye: {player} (seed {seed}) has no opponent in this slot.",
                    player=ref(a or b),
                    seed=seed_of[a or b],
                )
            )
    return Pairing(tuple(tables), tuple(byes), tuple(why)), list(slots)


def advance(slots: Sequence[int], winners: Mapping[frozenset[int], int]) -> list[int]:
    """The next round's slots: each slot pair's winner (or the one entrant of a bye)."""
    out: list[int] = []
    for i in range(0, len(slots), 2):
        a, b = slots[i], slots[i + 1]
        if a and b:
            out.append(winners[frozenset((a, b))])
        else:
            out.append(a or b)
    return out
