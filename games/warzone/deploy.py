"""Deployment: squads in formation wholly inside the 8-inch zone, clear of terrain and bases."""

from __future__ import annotations

from dataclasses import replace

import games.warzone.actions as a
from games.base import IllegalActionError
from games.text import Text
from games.warzone.geometry import Vec, circle_touches_polygon, dist, gap
from games.warzone.mission import DEPLOY_DEPTH, in_zone
from games.warzone.state import State
from games.warzone.terrain import TABLE_SIZE, Going

SPACING = 0.5
"""Gap between bases in the formation helpers, inches."""


def formation(anchor: Vec, count: int, diameter: float, kind: str) -> tuple[Vec, ...]:
    """Positions for `count` bases: 'line' (side by side) or 'wedge' (two staggered ranks)."""
    step = diameter + SPACING
    x0, y0 = anchor
    if kind == "line":
        first = x0 - step * (count - 1) / 2
        return tuple((first + i * step, y0) for i in range(count))
    if kind == "wedge":
        out = []
        for i in range(count):
            rank = i % 2
            out.append((x0 + (i // 2 + rank / 2 - count / 4) * step, y0 - rank * step))
        return tuple(out)
    raise IllegalActionError("Formations: line or wedge.", code="bad_formation")


def deploy(state: State, seat: int, action: a.Deploy) -> State:
    """Place every model of a squad (and its joined character) inside the seat's zone."""
    squad = state.squad(action.squad)
    if squad.seat != seat or squad.attached_to is not None:
        raise IllegalActionError(
            "{squad} is not one of your squads to deploy.", code="not_yours", squad=action.squad
        )
    keys = list(squad.models)
    keys += [k for s in state.squads if s.attached_to == squad.key for k in s.models]
    models = [state.model(k) for k in keys]
    if len(action.points) == 1:
        spots = formation(action.points[0], len(models), 2 * models[0].radius, action.formation)
        # the squad commander takes the spot nearest the anchor, so the squad keeps coherency
        points = tuple(sorted(spots, key=lambda p: (dist(p, action.points[0]), p)))
    elif len(action.points) == len(models):
        points = action.points
    else:
        raise IllegalActionError(
            Text.plural("Give one point or {count} point.", "Give one point or {count} points.",
                        len(models)),
            code="bad_points",
        )  # fmt: skip
    placed = [m for m in state.models if m.deployed and m.key not in keys]
    for m, p in zip(models, points, strict=True):
        if (
            not in_zone(state, seat, p[1], m.radius)
            or not m.radius <= p[0] <= TABLE_SIZE - m.radius
        ):
            raise IllegalActionError(
                "{model} at ({x:.1f}, {y:.1f}) is not wholly inside your {depth:.0f}-inch zone.",
                code="outside_zone",
                model=m.key,
                x=p[0],
                y=p[1],
                depth=DEPLOY_DEPTH,
            )
        for piece in state.terrain:
            if piece.going is Going.IMPASSABLE and circle_touches_polygon(
                p, m.radius, piece.points
            ):
                raise IllegalActionError(
                    "{model} would stand in impassable terrain.", code="impassable", model=m.key
                )
        for other in placed:
            if dist(p, other.pos) < m.radius + other.radius - 1e-6:
                raise IllegalActionError(
                    "{model} would overlap {other}.", code="overlap", model=m.key, other=other.key
                )
        placed.append(replace(m, x=p[0], y=p[1]))
    commander = dict(zip(keys, points, strict=True))[squad.commander]
    coh = float(state.model(squad.commander).stats.coh or 10)
    for m, p in zip(models, points, strict=True):
        if gap(p, m.radius, commander, m.radius) > coh:
            raise IllegalActionError(
                "{model} would be out of coherency.", code="coherency", model=m.key
            )
    where = dict(zip(keys, points, strict=True))
    new = tuple(
        replace(m, x=where[m.key][0], y=where[m.key][1], facing=action.facing % 360, deployed=True)
        if m.key in where else m
        for m in state.models
    )  # fmt: skip
    return replace(state, models=new)


def suggested_deploys(state: State, seat: int) -> list[a.Deploy]:
    """A legal line deployment for each squad still to place (for bots and quick starts)."""
    south = seat == state.south_seat
    y = 3.0 if south else TABLE_SIZE - 3.0
    facing = 90.0 if south else 270.0
    out = []
    todo = [
        s
        for s in state.squads
        if s.seat == seat and s.attached_to is None and not state.model(s.commander).deployed
    ]
    for i, squad in enumerate(sorted(state.squads, key=lambda s: s.key)):
        if squad not in todo:
            continue
        x = 6.0 + 12.0 * (i % 3)
        for dy in (0.0, 2.0, -1.5, 3.5):
            for dx in (0.0, 3.0, -3.0, 6.0, -6.0):
                act = a.Deploy(squad.key, ((x + dx, y + (dy if south else -dy)),), facing, "line")
                try:
                    deploy(state, seat, act)
                except IllegalActionError:
                    continue
                out.append(act)
                break
            else:
                continue
            break
    return out
