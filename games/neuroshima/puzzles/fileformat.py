"""The puzzle format `muster.neuroshima.puzzle/1` (docs/formats/neuroshima-puzzle.md).

`load(data)` reads a parsed JSON document and raises PuzzleError (or the battle format's own
error for the position) with one line naming the problem; `dump(puzzle)` writes it back.
"""

from __future__ import annotations

import re
from typing import Any, TypeGuard

from games.base import InvalidActionError
from games.neuroshima import scenario
from games.neuroshima.board import Hex
from games.neuroshima.position import Position
from games.neuroshima.puzzles.model import FORMAT, THEMES, Goal, GoalKind, Puzzle, PuzzleError
from games.neuroshima.queries import hq_hex, is_hq, opponents
from games.neuroshima.tiles import Kind, tile_type, tile_types
from games.text import Text

ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")
MAX_HAND = 3
RATINGS = range(400, 3001)


def _fail(message: str, **params: object) -> PuzzleError:
    return PuzzleError(message, "bad_puzzle", **params)


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def position_doc(position: Position) -> dict[str, Any]:
    """The battle format's input document for `position`."""
    label = position.board.label
    doc: dict[str, Any] = {
        "format": scenario.FORMAT,
        "players": [
            {"seat": s, "army": army, "hq_hp": position.hq_hp[s]}
            for s, army in enumerate(position.armies)
        ],
    }
    if position.teams:
        doc["teams"] = [list(t) for t in position.teams]
    tiles = []
    for h, p in position.tiles:
        entry: dict[str, Any] = {"hex": label(h), "tile": p.tile, "seat": p.owner}
        entry["facing"] = p.facing
        if p.wounds:
            entry["wounds"] = p.wounds
        tiles.append(entry)
    doc["tiles"] = tiles
    return doc


def _goal_doc(goal: Goal, position: Position) -> dict[str, Any]:
    if goal.kind is GoalKind.DESTROY_HQ:
        return {"kind": goal.kind.value, "seat": goal.target}
    if goal.kind is GoalKind.WIN_BY:
        return {"kind": goal.kind.value, "points": goal.amount}
    if goal.kind is GoalKind.SURVIVE:
        return {"kind": goal.kind.value, "above": goal.amount}
    assert goal.hex is not None
    return {"kind": goal.kind.value, "hex": position.board.label(goal.hex)}


def dump(puzzle: Puzzle) -> dict[str, Any]:
    """The format's JSON document for `puzzle`."""
    return {
        "format": FORMAT,
        "id": puzzle.id,
        "position": position_doc(puzzle.position),
        "seat": puzzle.seat,
        "hand": list(puzzle.hand),
        "goal": _goal_doc(puzzle.goal, puzzle.position),
        "solutions": [list(line) for line in puzzle.solutions],
        "themes": list(puzzle.themes),
        "difficulty": puzzle.difficulty,
    }


def _position(data: object) -> Position:
    position = scenario.parse(data)
    for seat in range(len(position.armies)):
        if hq_hex(position, seat) is None:
            raise _fail("position: seat {seat} has no HQ on the board", seat=seat)
    return position


def _seat(data: dict[str, Any], position: Position) -> int:
    seat = data.get("seat")
    if not _whole(seat) or not 0 <= seat < len(position.armies):
        raise _fail('"seat" must be one of the position\'s seats, not {seat}', seat=repr(seat))
    assert isinstance(seat, int)
    return seat


def _hand(data: dict[str, Any], position: Position, seat: int) -> tuple[str, ...]:
    hand = data.get("hand")
    if not isinstance(hand, list) or not 1 <= len(hand) <= MAX_HAND:
        raise _fail(
            Text.plural(
                '"hand" must list 1 to {count} tile id',
                '"hand" must list 1 to {count} tile ids',
                MAX_HAND,
            )
        )
    army = position.armies[seat]
    for tile in hand:
        if not isinstance(tile, str) or tile not in tile_types():
            raise _fail("unknown tile id {tile} in the hand", tile=repr(tile))
        t = tile_type(tile)
        if t.kind is Kind.HQ or t.army != army:
            raise _fail(
                "{tile} cannot be in the hand of seat {seat}, who plays {army}",
                tile=tile,
                seat=seat,
                army=army,
            )
    return tuple(hand)


def _amount(goal: dict[str, Any], name: str) -> int:
    value = goal.get(name)
    if not _whole(value) or not 0 <= value <= 99:
        raise _fail('goal "{field}" must be a whole number from 0 to 99', field=name)
    assert isinstance(value, int)
    return value


def _goal(data: dict[str, Any], position: Position, seat: int, hand: tuple[str, ...]) -> Goal:
    goal = data.get("goal")
    kinds = {k.value: k for k in GoalKind}
    if not isinstance(goal, dict) or goal.get("kind") not in kinds:
        raise _fail(
            '"goal" must be an object whose "kind" is one of: {kinds}', kinds=", ".join(kinds)
        )
    kind = kinds[goal["kind"]]
    if kind is GoalKind.WIN_BY:
        return Goal(kind, amount=_amount(goal, "points"))
    if kind is GoalKind.SURVIVE:
        return Goal(kind, amount=_amount(goal, "above"))
    if kind is GoalKind.DESTROY_HQ:
        target = goal.get("seat")
        if target is not None and (
            not _whole(target)
            or not 0 <= target < len(position.armies)
            or not opponents(position, seat, target)
        ):
            raise _fail(
                "goal: seat {target} is not an enemy of seat {seat}", target=repr(target), seat=seat
            )
        return Goal(kind, target=target)
    return Goal(kind, hex=_saved_hex(goal, position, seat, hand))


def _saved_hex(goal: dict[str, Any], position: Position, seat: int, hand: tuple[str, ...]) -> Hex:
    where = goal.get("hex")
    if not isinstance(where, str):
        raise _fail('goal "hex" must be a hex label such as "C3"')
    h = position.board.parse(where)
    placed = dict(position.tiles).get(h)
    if placed is None or placed.owner != seat or is_hq(placed):
        raise _fail("goal: {hex} must hold a unit of seat {seat}", hex=where, seat=seat)
    copies = sum(1 for _, p in position.tiles if p.tile == placed.tile and p.owner == seat)
    if copies > 1 or placed.tile in hand:
        raise _fail(
            "goal: the unit on {hex} must be the only {tile} of its seat",
            hex=where,
            tile=placed.tile,
        )
    return h


def _solutions(data: dict[str, Any]) -> tuple[tuple[str, ...], ...]:
    lines = data.get("solutions")
    if (
        not isinstance(lines, list)
        or not lines
        or not all(
            isinstance(line, list) and all(isinstance(a, str) for a in line) for line in lines
        )
    ):
        raise _fail('"solutions" must be a non-empty list of lists of actions')
    return tuple(tuple(line) for line in lines)


def _themes(data: dict[str, Any]) -> tuple[str, ...]:
    themes = data.get("themes", [])
    if not isinstance(themes, list) or not all(t in THEMES for t in themes):
        raise _fail('"themes" must list themes from: {themes}', themes=", ".join(THEMES))
    return tuple(themes)


def load(data: object) -> Puzzle:
    """The puzzle a `muster.neuroshima.puzzle/1` document describes."""
    if not isinstance(data, dict):
        raise _fail("a puzzle must be a JSON object")
    if data.get("format") != FORMAT:
        raise _fail('"format" must be "{format}"', format=FORMAT)
    ident = data.get("id")
    if not isinstance(ident, str) or not ID_PATTERN.match(ident):
        raise _fail('"id" must be 1-64 lowercase letters, digits and dashes')
    try:
        position = _position(data.get("position"))
    except PuzzleError:
        raise
    except InvalidActionError as exc:
        raise _fail("position: {problem}", problem=exc.user_message) from None
    seat = _seat(data, position)
    hand = _hand(data, position, seat)
    goal = _goal(data, position, seat, hand)
    difficulty = data.get("difficulty")
    if not _whole(difficulty) or difficulty not in RATINGS:
        raise _fail('"difficulty" must be a whole number from 400 to 3000')
    assert isinstance(difficulty, int)
    return Puzzle(ident, position, seat, hand, goal, _solutions(data), _themes(data), difficulty)
