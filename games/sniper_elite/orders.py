"""Resolving an order card, instruction by instruction, in the solo text's vocabulary."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from games.sniper_elite.board import Board, SpaceType
from games.sniper_elite.cards import OrderCard, Step, Target, Verb, Who
from games.sniper_elite.health import note, take_hit, take_hits
from games.sniper_elite.model import Defender, Modifier, State
from games.sniper_elite.moves import (
    Context,
    call_destinations,
    call_to,
    defender,
    guarded,
    in_lka,
    move_toward,
    nearest_defenders,
)
from games.sniper_elite.worst import worst
from games.text import Text


def update_lka(board: Board, state: State) -> State:
    """Move the LKA cube to the sniper's area."""
    assert state.sniper is not None
    area = board.by_id[state.sniper].area
    return note(replace(state, lka=area), Text("The LKA is updated to {area}.", area=area.word))


def found(board: Board, state: State, by: Defender, scouting: bool) -> State:
    """The defenders found you: update the LKA and take a hit."""
    said = (
        Text("The {defender} on {space} scouts and finds you.", defender=by.name, space=by.space)
        if scouting
        else Text(
            "The {defender} on {space} searches and finds you.", defender=by.name, space=by.space
        )
    )
    state = note(state, said)
    return take_hit(update_lka(board, state), Text("found by the {defender}", defender=by.name))


def resolve_card(ctx: Context, state: State, card: OrderCard) -> State:
    """Every instruction of the card in order (the game may end part-way)."""
    state = note(state, Text("Order card '{title}': {text}", title=card.title, text=card.text))
    for step in card.steps:
        if state.result is not None:
            break
        state = resolve_step(ctx, state, card, step)
    return state


def resolve_step(ctx: Context, state: State, card: OrderCard, step: Step) -> State:
    """One instruction."""
    if step.verb is Verb.UPDATE_LKA:
        return update_lka(ctx.board, state)
    if step.verb is Verb.REGROUP:
        return regroup(ctx, update_lka(ctx.board, state), card)
    if step.who is Who.REPEAT:
        return repeat_at_objectives(ctx, state, step)
    if step.who is Who.NEAREST:
        assert state.sniper is not None
        tied = nearest_defenders(ctx.board, state.on_board, (state.sniper,))
        options = [(_act(ctx, state, step, [d]), d.id) for d in tied]
        return worst(ctx.board, ctx.ties, options)[0] if options else state
    actors = list(state.on_board)
    if step.who is Who.LKA:
        actors = [d for d in actors if in_lka(ctx.board, state, d)]
    return _act(ctx, state, step, actors)


def _targets(board: Board, state: State, step: Step) -> tuple[str, ...]:
    assert state.sniper is not None
    if step.target is Target.LKA:
        assert state.lka is not None
        return tuple(s.id for s in board.in_area(state.lka))
    return (state.sniper,)


def _act(ctx: Context, state: State, step: Step, actors: list[Defender]) -> State:
    board, sniper = ctx.board, state.sniper
    assert sniper is not None
    if step.verb is Verb.MOVE:
        targets = _targets(board, state, step)
        # Leaders first, so followers are not blocked by figures that were about to move on.
        order = sorted(
            actors, key=lambda d: (min(board.distance(d.space or "", t) for t in targets), d.id)
        )
        for mover in order:
            state = move_toward(ctx, state, defender(state, mover.id), targets, step.amount)
            if state.result is not None:
                break
        return state
    if step.verb is Verb.CALL:
        for caller in actors:
            here = defender(state, caller.id)
            targets = _targets(board, state, step)
            # Called to an area, a defender goes to the area's space nearest to it.
            best = min(board.distance(here.space or "", t) for t in targets)
            options = [
                (called, t)
                for t in targets
                if board.distance(here.space or "", t) == best
                and (called := call_to(ctx, state, here, t)) is not None
            ]
            if options:
                state = worst(board, ctx.ties, options)[0]
        return state
    for actor in actors:
        if state.result is not None or actor.space is None:
            break
        state = _check(board, state, step, actor)
    return state


def _check(board: Board, state: State, step: Step, actor: Defender) -> State:
    """Search, scout or attack by one defender."""
    sniper, here = state.sniper, actor.space
    assert sniper is not None and here is not None
    if step.verb is Verb.SEARCH:
        if sniper == here or sniper in board.adjacent[here]:
            return found(board, state, actor, scouting=False)
        return note(
            state,
            Text(
                "The {defender} on {space} searches and finds nothing.",
                defender=actor.name,
                space=here,
            ),
        )
    if step.verb is Verb.SCOUT:
        reach = 3 if state.has(Modifier.FAR_SCOUTS) else 2
        sight = board.line_of_sight(here, sniper)
        if sight is not None and sight <= reach:
            return found(board, state, actor, scouting=True)
        return note(
            state,
            Text(
                "The {defender} on {space} scouts and sees nothing.",
                defender=actor.name,
                space=here,
            ),
        )
    struck = sniper == here or (
        step.target is Target.AROUND and board.matching_adjacent(here, sniper)
    )
    if struck:
        attack = Text(
            "The {defender} on {space} attacks your space.", defender=actor.name, space=here
        )
        state = note(state, attack)
        return take_hits(state, 2, Text("attacked by the {defender}", defender=actor.name))
    return note(
        state,
        Text(
            "The {defender} on {space} attacks and hits nothing.", defender=actor.name, space=here
        ),
    )


def objective_targets(board: Board, step: Step, number: int) -> tuple[str, ...]:
    """The target space(s) of a repeat instruction at one probable objective."""
    space = board.objective_space(number)
    if step.target is not Target.ACCESS or space.kind is SpaceType.OPEN:
        # An objective on open ground is its own access space.
        return (space.id,)
    kind = step.space_type
    access = [
        s.id
        for s in board.playing_spaces
        if board.is_access(s.id) and (kind is None or s.kind is kind)
    ]
    if not access:
        return ()
    best = min(board.distance(space.id, a) for a in access)
    return tuple(a for a in access if board.distance(space.id, a) == best)


def repeat_at_objectives(ctx: Context, state: State, step: Step) -> State:
    """Repeat at probable objectives in ascending number; a defender acts once per effect."""
    used: set[int] = set()
    for number in sorted(state.probable):
        if state.result is not None:
            break
        # "Unguarded" qualifies the probable objective, never the access space a defender
        # is sent to: a guard on a shared access space leaves both objectives unguarded.
        if step.unguarded and guarded(state, ctx.board.objective_space(number).id):
            continue
        targets = list(objective_targets(ctx.board, step, number))
        state = _one_at(ctx, state, step, targets, used, lka_rule=True)
    return state


def _one_at(
    ctx: Context,
    state: State,
    step: Step,
    targets: list[str],
    used: set[int],
    lka_rule: bool,
    pick: Callable[[Board, list[Defender], str], list[Defender]] | None = None,
) -> State:
    """The nearest eligible defender moves toward, or is called to, one of `targets`."""
    options: list[tuple[State, int]] = []
    for target in targets:
        pool = [d for d in state.on_board if d.id not in used]
        if step.verb is Verb.CALL:
            pool = [d for d in pool if call_destinations(ctx.board, state, d, target, lka_rule)]
        chosen = (pick or _nearest)(ctx.board, pool, target)
        for d in chosen:
            if step.verb is Verb.MOVE:
                options.append((move_toward(ctx, state, d, (target,), step.amount), d.id))
            else:
                called = call_to(ctx, state, d, target, lka_rule)
                if called is not None:
                    options.append((called, d.id))
    if not options:
        return state
    result, mover = worst(ctx.board, ctx.ties, options)
    used.add(mover)
    return result


def _nearest(board: Board, pool: list[Defender], target: str) -> list[Defender]:
    return nearest_defenders(board, pool, (target,))


def call_farthest(ctx: Context, state: State) -> State:
    """After a first objective: call the farthest defender to each unguarded probable objective."""
    used: set[int] = set()
    call = Step(Verb.CALL, Who.REPEAT, Target.OBJECTIVE, unguarded=True)
    for number in sorted(state.probable):
        target = ctx.board.objective_space(number).id
        if guarded(state, target):
            continue
        state = _one_at(ctx, state, call, [target], used, lka_rule=False, pick=_farthest(state))
    return state


def _farthest(state: State) -> Callable[[Board, list[Defender], str], list[Defender]]:
    def pick(board: Board, pool: list[Defender], target: str) -> list[Defender]:
        sniper = state.sniper
        assert sniper is not None
        if not pool:
            return []
        far = {d.id: board.distance(sniper, d.space or sniper) for d in pool}
        top = max(far.values())
        return [d for d in pool if far[d.id] == top]

    return pick


def regroup(ctx: Context, state: State, card: OrderCard) -> State:
    """Call the nearest defender of each mark's colour to each unguarded mark in the LKA."""
    assert state.lka is not None
    used = {d.id for d in state.on_board if d.squad is state.lka}
    call = Step(Verb.CALL, Who.REPEAT, Target.OBJECTIVE, unguarded=True)
    for space, squad in card.marks(state.lka):
        if state.result is not None:
            break
        if guarded(state, space):
            continue
        squad_only = _of_squad(squad)
        state = _one_at(ctx, state, call, [space], used, lka_rule=True, pick=squad_only)
    return state


def _of_squad(squad: object) -> Callable[[Board, list[Defender], str], list[Defender]]:
    def pick(board: Board, pool: list[Defender], target: str) -> list[Defender]:
        return nearest_defenders(board, [d for d in pool if d.squad is squad], (target,))

    return pick
