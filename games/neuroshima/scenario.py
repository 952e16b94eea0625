"""The battle scenario format `muster.neuroshima.battle/1` (../shared/formats/neuroshima-battle.md).

`run(data)` takes the parsed JSON document and returns the result document; anything malformed
or impossible raises InvalidActionError with one line naming the problem. No file reading here:
the command line reads the file and prints the result.
"""

from __future__ import annotations

from typing import Any

from games.base import InvalidActionError, Seat
from games.neuroshima.battle import BattleReport, resolve_battle
from games.neuroshima.board import STANDARD_BOARD, Board, Hex
from games.neuroshima.position import PlacedTile, Position
from games.neuroshima.tiles import Kind, armies, tile_type, tile_types
from games.text import Text

FORMAT = "muster.neuroshima.battle/1"
RESULT_FORMAT = "muster.neuroshima.battle-result/1"
SHARED_ARMIES = ("merc", "neutral")
"""Tile sets any seat may field (Mercenaries, the Mad Bomber as a mercenary)."""


def _fail(message: str, **params: object) -> InvalidActionError:
    return InvalidActionError(message, code="bad_scenario", **params)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _hex(board: Board, value: object) -> Hex:
    if isinstance(value, str):
        return board.parse(value)
    if isinstance(value, list) and len(value) == 2 and all(_whole(v) for v in value):
        h = Hex(value[0], value[1])
        if h not in board:
            raise _fail("{hex} is not a hex on this board", hex=f"({h.q}, {h.r})")
        return h
    raise _fail('bad hex {value}: give a label such as "C3" or [q, r]', value=repr(value))


def _players(data: dict[str, Any]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    players = data.get("players")
    if not isinstance(players, list) or len(players) < 2:
        raise _fail('"players" must list at least 2 players')
    known = {key for key in armies() if key not in SHARED_ARMIES}
    by_seat: dict[int, tuple[str, int]] = {}
    for entry in players:
        if not isinstance(entry, dict):
            raise _fail("every player must be an object with seat, army and hq_hp")
        seat, army, hp = entry.get("seat"), entry.get("army"), entry.get("hq_hp", 20)
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise _fail("bad seat {seat}: seats are whole numbers from 0", seat=repr(seat))
        if seat in by_seat:
            raise _fail("seat {seat} is listed twice", seat=seat)
        if not isinstance(army, str) or army not in known:
            raise _fail("unknown army {army} for seat {seat}", army=repr(army), seat=seat)
        if not _whole(hp) or hp < 1:
            raise _fail("seat {seat}: hq_hp must be a whole number of at least 1", seat=seat)
        by_seat[seat] = (army, hp)
    if sorted(by_seat) != list(range(len(by_seat))):
        raise _fail("seats must be numbered 0 to {last}, each once", last=len(by_seat) - 1)
    return (
        tuple(by_seat[s][0] for s in range(len(by_seat))),
        tuple(by_seat[s][1] for s in range(len(by_seat))),
    )


def _teams(data: dict[str, Any], seats: int) -> tuple[tuple[Seat, ...], ...]:
    teams = data.get("teams")
    if teams is None:
        return ()
    if not isinstance(teams, list) or not all(
        isinstance(t, list) and t and all(_whole(s) for s in t) for t in teams
    ):
        raise _fail('"teams" must be a list of lists of seats')
    listed = sorted(s for t in teams for s in t)
    if listed != list(range(seats)):
        raise _fail('"teams" must name every seat exactly once')
    if all(len(t) == 1 for t in teams):
        return ()
    return tuple(tuple(sorted(t)) for t in teams)


def _tile(board: Board, entry: object, army_of: tuple[str, ...]) -> tuple[Hex, PlacedTile]:
    if not isinstance(entry, dict):
        raise _fail("every tile must be an object with hex, tile, seat and facing")
    h = _hex(board, entry.get("hex"))
    where = board.label(h)
    tile_id = entry.get("tile")
    if not isinstance(tile_id, str) or tile_id not in tile_types():
        raise _fail("unknown tile id {tile} on {hex}", tile=repr(tile_id), hex=where)
    t = tile_type(tile_id)
    if t.kind is Kind.INSTANT:
        raise _fail(
            "{tile} on {hex} is an action tile and cannot stand on the board",
            tile=tile_id,
            hex=where,
        )
    seat = entry.get("seat")
    if seat is None:
        if t.kind is not Kind.NEUTRAL:
            raise _fail("{tile} on {hex} needs a seat", tile=tile_id, hex=where)
    elif not _whole(seat) or not 0 <= seat < len(army_of):
        raise _fail(
            "{tile} on {hex}: seat {seat} is not a player", tile=tile_id, hex=where, seat=repr(seat)
        )
    elif t.army != army_of[seat] and t.army not in SHARED_ARMIES:
        raise _fail(
            "{tile} on {hex} is a {army} tile but seat {seat} plays {plays}",
            tile=tile_id,
            hex=where,
            army=t.army,
            seat=seat,
            plays=army_of[seat],
        )
    facing = entry.get("facing", 0)
    if not _whole(facing) or not 0 <= facing <= 5:
        raise _fail(
            "bad facing {facing} for {tile} on {hex}: must be 0 to 5",
            facing=repr(facing),
            tile=tile_id,
            hex=where,
        )
    wounds = entry.get("wounds", 0)
    if not _whole(wounds) or wounds < 0:
        raise _fail(
            "bad wounds {wounds} for {tile} on {hex}", wounds=repr(wounds), tile=tile_id, hex=where
        )
    if t.kind is Kind.HQ and wounds:
        raise _fail(
            "{tile} on {hex}: an HQ's damage is its hq_hp, not wounds", tile=tile_id, hex=where
        )
    if t.kind is not Kind.HQ and wounds >= t.hit_points:
        raise _fail(
            Text.plural(
                "{tile} on {hex} has {count} wound but {hit_points} destroy it",
                "{tile} on {hex} has {count} wounds but {hit_points} destroy it",
                wounds,
                tile=tile_id,
                hex=where,
                hit_points=t.hit_points,
            )
        )
    return h, PlacedTile(tile_id, seat, facing, wounds)


def parse(data: object, board: Board = STANDARD_BOARD) -> Position:
    """The position a scenario document describes."""
    if not isinstance(data, dict):
        raise _fail("a scenario must be a JSON object")
    if data.get("format") != FORMAT:
        raise _fail('"format" must be "{format}"', format=FORMAT)
    army_of, hq_hp = _players(data)
    teams = _teams(data, len(army_of))
    entries = data.get("tiles")
    if not isinstance(entries, list):
        raise _fail('"tiles" must be a list')
    tiles: dict[Hex, PlacedTile] = {}
    hqs: dict[Seat, Hex] = {}
    for entry in entries:
        h, placed = _tile(board, entry, army_of)
        if h in tiles:
            raise _fail("two tiles on {hex}", hex=board.label(h))
        if placed.type.kind is Kind.HQ and placed.owner is not None:
            if placed.owner in hqs:
                first = board.label(hqs[placed.owner])
                raise _fail(
                    "seat {seat} has two HQs ({first} and {second})",
                    seat=placed.owner,
                    first=first,
                    second=board.label(h),
                )
            hqs[placed.owner] = h
        tiles[h] = placed
    return Position(tuple(sorted(tiles.items())), army_of, hq_hp, teams, board)


def result(report: BattleReport) -> dict[str, Any]:
    """The result document of a resolved battle."""
    position = report.position
    label = position.board.label
    return {
        "format": RESULT_FORMAT,
        "hq_hp": {str(seat): hp for seat, hp in enumerate(position.hq_hp)},
        "tiles": [
            {"hex": label(h), "tile": p.tile, "seat": p.owner, "wounds": p.wounds}
            for h, p in position.tiles
        ],
        "destroyed": [
            {"hex": label(r.hex), "tile": r.tile.tile, "seat": r.tile.owner, "phase": r.phase}
            for r in report.destroyed
        ],
        "eliminated": list(report.eliminated),
        "log": list(report.log),
    }


def run(data: dict[str, Any]) -> dict[str, Any]:
    """Resolve the battle a scenario document describes and return the result document."""
    return result(resolve_battle(parse(data)))
