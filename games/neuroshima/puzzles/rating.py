"""A puzzle's themes (what its battle record shows decided it) and its difficulty rating."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from games.neuroshima import ai
from games.neuroshima.actions import (
    EndTurn,
    Grab,
    Move,
    NeuroshimaAction,
    PlaceTile,
    PushBack,
    Rotate,
    Snipe,
)
from games.neuroshima.position import Position, netted
from games.neuroshima.puzzles.judge import finish, play
from games.neuroshima.puzzles.model import Puzzle
from games.neuroshima.puzzles.turn import fought, start
from games.neuroshima.queries import opponents
from games.neuroshima.rules import legal_actions, player_view
from games.neuroshima.state import BattleSummary, DestroyedTile, Step
from games.neuroshima.tiles import Kind, tile_type

LOWEST, HIGHEST = 800, 2400
AI_TURN_STEPS = 12
"""Decisions an AI may take in a puzzle's turn before it is stopped (a turn has far fewer)."""


def themes(
    puzzle: Puzzle, line: Sequence[NeuroshimaAction], before: Position, record: BattleSummary
) -> tuple[str, ...]:
    """The themes of a solution `line` whose battle was fought on `before` and went `record`."""
    found: list[str] = []
    placed = [tile_type(a.tile) for a in line if isinstance(a, PlaceTile)]
    if any(p.absorbed for p in record.phases) or any("medic" in t.id for t in placed):
        found.append("medic")
    if netted(before) != netted(puzzle.position):
        found.append("net")
    if _initiative_decided(puzzle, before, record):
        found.append("initiative")
    if any(a.kind == "gauss" for p in record.phases for a in p.attacks):
        found.append("gauss")
    if any(isinstance(a, PushBack | Grab) for a in line):
        found.append("push")
    if any(isinstance(a, Snipe) for a in line):
        found.append("sniper")
    if any(t.kind is Kind.MODULE for t in placed):
        found.append("module")
    if any(isinstance(a, Move | Rotate) for a in line):
        found.append("mobility")
    return tuple(found)


def _initiative_decided(puzzle: Puzzle, before: Position, record: BattleSummary) -> bool:
    """An enemy unit aiming at the seat's side fell in a phase before its own: it never struck."""
    for d in record.destroyed:
        t = tile_type(d.tile)
        if t.kind is not Kind.UNIT or not opponents(puzzle.position, puzzle.seat, d.seat):
            continue
        if t.initiative and d.phase > max(t.initiative) and _aims_at_seat(puzzle, before, d):
            return True
    return False


def _aims_at_seat(puzzle: Puzzle, before: Position, fallen: DestroyedTile) -> bool:
    """Whether one of the fallen unit's attacks would have met a tile of the seat to play."""
    tiles = before.by_hex()
    for edge_index, edge in enumerate(tile_type(fallen.tile).edges):
        if not (edge.melee or edge.ranged or edge.gauss):
            continue
        direction = (edge_index + fallen.facing) % 6
        for h in before.board.ray(fallen.hex, direction):
            placed = tiles.get(h)
            if placed is not None and not opponents(puzzle.position, puzzle.seat, placed.owner):
                return True
            # Melee reaches the next hex only; shots pass the shooter's own side's tiles.
            if edge.melee and not (edge.ranged or edge.gauss):
                break
    return False


def ai_finds(puzzle: Puzzle, level: ai.Level, seed: str) -> bool:
    """Whether the AI of `level`, playing the puzzle's turn as in a game, reaches the goal."""
    state = start(puzzle)
    budget = ai.Budget(level, memo={})
    for step in range(AI_TURN_STEPS):
        if fought(state) or state.step is not Step.PLAY:
            break
        legal = legal_actions(state, puzzle.seat)
        view = player_view(state, puzzle.seat)
        action = ai.choose(view, legal, random.Random(f"{seed}:{step}"), budget)
        if isinstance(action, EndTurn):
            break
        state = play(puzzle, state, action)
    return finish(puzzle, state).solved


def difficulty(turns: int, lines: int, length: int, normal: bool, hard: bool) -> int:
    """A rating from the search and the AIs: more turns to choose from, longer and rarer
    answers, and answers the AIs miss make a puzzle harder (Lichess-like scale, 800-2400)."""
    rating = 900 + 130 * math.log2(max(turns, 1)) + 150 * (length - 1)
    rating -= 60 * math.log2(max(lines, 1))
    rating += 0 if normal else 250
    rating += 0 if hard else 250
    return int(min(HIGHEST, max(LOWEST, round(rating / 10) * 10)))
