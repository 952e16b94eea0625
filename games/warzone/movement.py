"""Movement: walk, run, charge and melee move along waypoints, terrain and bases permitting."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import IllegalActionError
from games.text import Text
from games.warzone.combat import free_slash
from games.warzone.geometry import (
    Vec,
    dist,
    heading,
    offset,
    path_length,
    path_swept_hits_base,
    path_swept_hits_polygon,
)
from games.warzone.state import Model
from games.warzone.terrain import TABLE_SIZE, Going, said
from games.warzone.work import Work, ccwr, engaged

DIFFICULT_PENALTY = 3.0
ROUND_LIMIT_FACTOR = 2
"""Gap-fill: 'SP sets the total movement per round' read as at most SP x2 inches per round."""
WHIP_RANGE = 6.0


def _illegal(text: str, **params: object) -> IllegalActionError:
    return IllegalActionError(text, code="illegal_move", **params)


def speed(work: Work, model: Model) -> int:
    """SP with Leash/Whip bonuses for Undead Legionnaires."""
    sp = model.stats.sp
    squad = work.squads[model.squad]
    if squad.unit == "dl_undead_legionnaires":
        commander = work.models.get(squad.commander)
        if commander and commander.alive and "Necromutant" in commander.name:
            sp += 1
        for m in work.models.values():
            near = dist(m.pos, model.pos) - m.radius - model.radius <= WHIP_RANGE
            if m.alive and m.seat == model.seat and m.has("Whip") and near:
                sp += 1
                break
    return sp


def path_problem(work: Work, model: Model, path: Sequence[Vec], allowance: float) -> Text | None:
    """Why the model cannot move along `path` with `allowance` inches (None when it can)."""
    full = [model.pos, *path]
    r = model.radius
    for x, y in path:
        if not (r <= x <= TABLE_SIZE - r and r <= y <= TABLE_SIZE - r):
            return Text("({x:.1f}, {y:.1f}) would put the base off the table", x=x, y=y)
    difficult = False
    for piece in work.base.terrain:
        if not path_swept_hits_polygon(full, r, piece.points):
            continue
        if piece.going is Going.IMPASSABLE:
            return Text("the path crosses impassable terrain ({piece})", piece=said(piece))
        if piece.going is Going.DIFFICULT:
            difficult = True
    for other in work.models.values():
        if other.key == model.key or not other.alive or not other.deployed:
            continue
        if path_swept_hits_base(full, r, other.pos, other.radius):
            return Text("the path runs through {model}'s base", model=other.key)
    if difficult and not model.has("Ranger"):
        allowance -= DIFFICULT_PENALTY
    length = path_length(full)
    if length > allowance + 1e-6:
        return Text(
            "the path is {length:.1f} in; this move allows {allowance:.1f} in",
            length=length,
            allowance=max(allowance, 0),
        )
    limit = ROUND_LIMIT_FACTOR * speed(work, model)
    if model.moved + length > limit + 1e-6:
        return Text("{model} may move at most {limit} in this round", model=model.key, limit=limit)
    return None


def move_along(work: Work, model: Model, path: Sequence[Vec], facing: float | None) -> Model:
    """Put the model at the end of the path, facing along the last leg unless told otherwise."""
    full = [model.pos, *path]
    end = full[-1]
    face = (
        facing if facing is not None else heading(full[-2], end) if len(full) > 1 else model.facing
    )
    moved = model.moved + path_length(full)
    return work.put(model, x=end[0], y=end[1], facing=face % 360.0, moved=moved)


def walk_or_run(
    work: Work, model: Model, path: Sequence[Vec], facing: float | None, factor: int
) -> None:
    """A Walk (factor 1) or Run (factor 2), with free slashes from enemies left behind."""
    problem = path_problem(work, model, path, factor * speed(work, model))
    if problem:
        raise _illegal(problem)
    before = work.engaged_with(model)
    moved = move_along(work, model, path, facing)
    after = work.engaged_with(moved)
    fresh = [e for e in after if e not in before]
    if fresh:
        raise _illegal(
            "only a Charge brings {model} into contact with {enemy}",
            model=model.key,
            enemy=fresh[0].key,
        )
    left = [e for e in before if e.key not in {a.key for a in after}]
    if left:
        work.models[model.key] = model
        for enemy in left:
            free_slash(work, enemy, work.model(model.key))
        if not work.model(model.key).alive:
            return
        moved = work.put(
            work.model(model.key), x=moved.x, y=moved.y, facing=moved.facing, moved=moved.moved
        )
    work.say(Text("{model} moves to ({x:.1f}, {y:.1f})", model=model.key, x=moved.x, y=moved.y))


def charge(work: Work, model: Model, target: Model) -> bool:
    """Charge straight at `target` up to SP x2; False (and no move) when it cannot reach."""
    view = work.sight(model, target)
    if target.seat == model.seat or not target.alive:
        raise _illegal("only living enemies can be charged")
    if not view.clear and not model.has("Predator Sense"):
        raise _illegal("{model} must see {target} to charge it", model=model.key, target=target.key)
    allowance = 2 * speed(work, model)
    centre_gap = dist(model.pos, target.pos) - model.radius - target.radius
    direction = heading(model.pos, target.pos)
    length = max(0.0, centre_gap - 0.005)
    end = offset(model.pos, direction, length)
    problem = path_problem(work, model, [end], allowance) if length > 0 else None
    if problem:
        work.say(
            Text(
                "{model} cannot reach {target}: {problem}; the charge fails",
                model=model.key,
                target=target.key,
                problem=problem,
            )
        )
        return False
    moved = move_along(work, model, [end], direction)
    moved = work.put(moved, charged=True)
    if not engaged(moved, work.model(target.key)):
        work.say(
            Text(
                "{model} does not reach {target}; the charge fails",
                model=model.key,
                target=target.key,
            )
        )
        return False
    work.say(
        Text(
            "{model} charges {target} and is engaged (CCWR {reach:.2f} in)",
            model=model.key,
            target=target.key,
            reach=ccwr(moved),
        )
    )
    return True


def melee_move(work: Work, model: Model, path: Sequence[Vec], facing: float | None) -> None:
    """Melee Move: stay engaged with the nearest enemy, on the same side of it."""
    foes = work.engaged_with(model)
    if not foes:
        raise _illegal("{model} is not engaged", model=model.key)
    nearest = min(foes, key=lambda e: (dist(e.pos, model.pos), e.key))
    problem = path_problem(work, model, path, speed(work, model))
    if problem:
        raise _illegal(problem)
    from games.warzone.geometry import in_front_arc

    was_front = in_front_arc(nearest.pos, nearest.facing, model.pos, 0.0)
    moved = move_along(work, model, path, facing)
    if not engaged(moved, work.model(nearest.key)):
        raise _illegal("a melee move must stay engaged with {enemy}", enemy=nearest.key)
    if in_front_arc(nearest.pos, nearest.facing, moved.pos, 0.0) != was_front:
        raise _illegal("a melee move stays in the same arc of {enemy}", enemy=nearest.key)
    work.say(
        Text("{model} melee-moves to ({x:.1f}, {y:.1f})", model=model.key, x=moved.x, y=moved.y)
    )
