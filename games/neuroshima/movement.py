"""Tiles that change place or facing: Move, Mobility, Transport, Push Back, Grab, Repositioning,
the Doomsday HQ's rotation and the Turn-over mark.

Netted tiles never move, rotate, push or grab, and cannot be pushed or pulled (cs "Deaktivovaná
jednotka se nemůže pohybovat, tudíž nemůže být ani Zatlačena").
"""

from __future__ import annotations

from dataclasses import replace

from games.base import Seat
from games.neuroshima.actions import Grab, Means, Move, PushBack, Reposition, Rotate
from games.neuroshima.board import Hex
from games.neuroshima.modules import Bonus
from games.neuroshima.position import PlacedTile, Position, tile_bonuses
from games.neuroshima.queries import (
    changed,
    hq_hex,
    is_hq,
    is_unit,
    note,
    opponents,
    pushable,
    with_tiles,
)
from games.neuroshima.state import Pending, PendingKind, State, Step
from games.neuroshima.tiles import Kind, Special

MovementAction = Move | Rotate | PushBack | Grab | Reposition


def move_range(position: Position, seat: Seat, nets: frozenset[Hex]) -> int:
    """How far a Move tile carries `seat`'s tiles: 2 while its Recon Center works, else 1."""
    for h, p in position.tiles:
        if p.owner == seat and p.type.effect.move_range_2 and h not in nets:
            return 2
    return 1


def reachable(position: Position, start: Hex, steps: int) -> tuple[Hex, ...]:
    """Free hexes reachable from `start` in 1..steps steps through free hexes."""
    taken = {h for h, _ in position.tiles}
    frontier, seen = [start], {start}
    for _ in range(steps):
        nxt = []
        for h in frontier:
            for n in position.board.neighbours(h):
                if n not in seen and n not in taken:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return tuple(sorted(seen - {start}))


def is_mobile(h: Hex, placed: PlacedTile, nets: frozenset[Hex], bonuses: dict[Hex, Bonus]) -> bool:
    """A unit moves by itself when it has printed Mobility or a friendly Transport links to it.

    A unit with both still moves once per turn: the Transport lends Mobility, it does not add
    a second one (cs: "jako kdyby měla dovednost Pohyblivost").
    """
    if placed.type.kind is not Kind.UNIT or h in nets or placed.owner is None:
        return False
    bonus = bonuses.get(h)
    return placed.type.mobility or (bonus is not None and bonus.mobility)


def _moves(frm: Hex, placed: PlacedTile, dests: tuple[Hex, ...], means: Means) -> list[Move]:
    out: list[Move] = []
    if not is_hq(placed):
        out.extend(Move(frm, frm, f, means) for f in range(6) if f != placed.facing)
    for to in dests:
        facings = (placed.facing,) if is_hq(placed) else range(6)
        out.extend(Move(frm, to, f, means) for f in facings)
    return out


def push_destinations(position: Position, pusher: Hex, target: Hex) -> tuple[Hex, ...]:
    """Free hexes next to `target` that are not next to `pusher` (one hex straight away or to
    either side of that): where a push opens the one-hex gap the rulebook asks for."""
    direction = pusher.direction_to(target)
    if direction is None:
        return ()
    taken = {h for h, _ in position.tiles}
    out = [target.neighbour(direction + k) for k in (-1, 0, 1)]
    return tuple(sorted(h for h in out if h in position.board and h not in taken))


def grab_destinations(position: Position, grabber: Hex, target: Hex) -> tuple[Hex, ...]:
    """Free hexes next to both the grabber and the target (a pull of exactly one hex)."""
    if grabber.distance(target) != 2:
        return ()
    taken = {h for h, _ in position.tiles}
    return tuple(
        sorted(
            h
            for h in position.board.neighbours(grabber)
            if h.distance(target) == 1 and h not in taken
        )
    )


def movement_actions(
    state: State, seat: Seat, nets: frozenset[Hex], hand_actions: frozenset[str]
) -> list[MovementAction]:
    """Every movement-type action `seat` may take in the play step."""
    position = state.position
    marks = state.marks
    mine = [(h, p) for h, p in position.tiles if p.owner == seat and h not in nets]
    out: list[MovementAction] = []
    bonuses = tile_bonuses(position) if mine else {}
    if "move" in hand_actions:
        steps = move_range(position, seat, nets)
        for h, p in mine:
            out.extend(_moves(h, p, reachable(position, h, steps), Means.TILE))
    for h, p in mine:
        if h not in marks.mobility and is_mobile(h, p, nets, bonuses):
            out.extend(_moves(h, p, reachable(position, h, 1), Means.MOBILITY))
        if Special.TURN_OVER in p.type.specials and h not in marks.turn_over:
            out.extend(Rotate(h, f, Means.TURN_OVER) for f in range(6) if f != p.facing)
    home = hq_hex(position, seat)
    if (
        home is not None
        and home not in nets
        and not marks.hq_rotation
        and position.by_hex()[home].type.effect.rotate_one_unit_per_turn
    ):
        for h, p in mine:
            if p.type.kind is Kind.UNIT:
                out.extend(Rotate(h, f, Means.HQ) for f in range(6) if f != p.facing)
    pushers = [(h, p, Means.TILE) for h, p in mine if "push_back" in hand_actions]
    pushers += [
        (h, p, Means.UNIT)
        for h, p in mine
        if Special.PUSH_BACK in p.type.specials and h not in marks.unit_ability
    ]
    tiles = position.by_hex()
    for h, p, means in pushers:
        if p.type.kind is Kind.MODULE:
            continue
        for n in position.board.neighbours(h):
            t = tiles.get(n)
            if t is None or n in nets or not pushable(position, seat, t.owner):
                continue
            if push_destinations(position, h, n):
                out.append(PushBack(h, n, means))
    grabbers = [(h, p, Means.TILE) for h, p in mine if "grab" in hand_actions]
    grabbers += [
        (h, p, Means.UNIT)
        for h, p in mine
        if Special.GRAB in p.type.specials and h not in marks.unit_ability
    ]
    for h, p, means in grabbers:
        if not is_unit(p) and not is_hq(p):
            continue
        for n, t in position.tiles:
            if n in nets or h.distance(n) != 2 or not opponents(position, seat, t.owner):
                continue
            if grab_destinations(position, h, n):
                out.append(Grab(h, n, means))
    if "repositioning" in hand_actions:
        for i, (a, _) in enumerate(mine):
            out.extend(Reposition(a, b) for b, _ in mine[i + 1 :])
    return out


def apply_movement(state: State, seat: Seat, action: MovementAction) -> State:
    """Carry out a checked movement action (a push or grab may leave a pending decision)."""
    tiles = state.position.by_hex()
    if isinstance(action, Move):
        placed = tiles[action.to] = replace(tiles.pop(action.frm), facing=action.facing)
        marks = state.marks.moved(action.frm, action.to)
        if action.means is Means.MOBILITY:
            marks = replace(marks, mobility=marks.mobility | {action.to})
        verb = "moved" if action.to != action.frm else "rotated"
        state = replace(state, position=with_tiles(state.position, tiles), marks=marks)
        return note(state, [changed(verb, action.to, action.frm, placed)])
    if isinstance(action, Rotate):
        placed = tiles[action.hex] = replace(tiles[action.hex], facing=action.facing)
        marks = state.marks
        if action.means is Means.HQ:
            marks = replace(marks, hq_rotation=True)
        else:
            marks = replace(marks, turn_over=marks.turn_over | {action.hex})
        state = replace(state, position=with_tiles(state.position, tiles), marks=marks)
        return note(state, [changed("rotated", action.hex, None, placed)])
    if isinstance(action, Reposition):
        a, b = tiles[action.first], tiles[action.second]
        tiles[action.first], tiles[action.second] = b, a
        marks = state.marks.swapped(action.first, action.second)
        state = replace(state, position=with_tiles(state.position, tiles), marks=marks)
        return note(
            state,
            [
                changed("swapped", action.second, action.first, a),
                changed("swapped", action.first, action.second, b),
            ],
        )
    if isinstance(action, PushBack):
        actor, target, kind = action.pusher, action.target, PendingKind.PUSH
        options = push_destinations(state.position, actor, target)
    else:
        actor, target, kind = action.grabber, action.target, PendingKind.GRAB
        options = grab_destinations(state.position, actor, target)
    if action.means is Means.UNIT:
        state = replace(state, marks=replace(state.marks, unit_ability=state.marks.unit_ability
                                             | {actor}))  # fmt: skip
    victim = tiles[target]
    # ru: the player who pushes the neutral Mad Bomber decides where it goes.
    chooser = victim.owner if victim.owner is not None else seat
    may_rotate = kind is PendingKind.GRAB
    if len(options) == 1 and not may_rotate:
        return finish_displacement(state, kind, target, options[0], None)
    pending = Pending(kind, chooser, actor, target, options, may_rotate)
    return replace(state, pending=pending, step=Step.PENDING)


def finish_displacement(
    state: State, kind: PendingKind, target: Hex, to: Hex, facing: int | None
) -> State:
    """Move the pushed or pulled tile to its chosen hex (and facing, after a grab)."""
    tiles = state.position.by_hex()
    placed = tiles.pop(target)
    if facing is not None:
        placed = replace(placed, facing=facing)
    tiles[to] = placed
    state = replace(
        state,
        position=with_tiles(state.position, tiles),
        marks=state.marks.moved(target, to),
        pending=None,
        step=Step.PLAY,
    )
    verb = "pushed" if kind is PendingKind.PUSH else "grabbed"
    return note(state, [changed(verb, to, target, placed)])
