"""Defender movement and calls: "move toward", "call" and "nearest", worst choices for you."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from games.sniper_elite.board import UNREACHABLE, Board
from games.sniper_elite.health import note, take_hit
from games.sniper_elite.model import Defender, Modifier, Phase, State
from games.sniper_elite.worst import Ties, worst
from games.text import Text


@dataclass(slots=True)
class Context:
    """What an effect's resolution needs besides the state: the board and the tie-break stream."""

    board: Board
    ties: Ties


def with_defender(state: State, defender: Defender) -> State:
    """The state with one defender replaced."""
    return replace(
        state, defenders=tuple(defender if d.id == defender.id else d for d in state.defenders)
    )


def defender(state: State, defender_id: int) -> Defender:
    """The defender with this id."""
    return state.defenders[defender_id]


def guarded(state: State, space: str) -> bool:
    """A space is guarded while a defender stands on it."""
    return state.defender_at(space) is not None


def distance_to(board: Board, targets: Iterable[str]) -> dict[str, int]:
    """Movement distance from every space to the nearest of `targets`."""
    wanted = tuple(targets)
    return {s.id: min(board.distance(s.id, t) for t in wanted) for s in board.spaces}


def move_paths(
    board: Board, state: State, mover: Defender, targets: Iterable[str], amount: int
) -> list[tuple[str, ...]]:
    """Every shortest-path move of up to `amount` spaces toward the targets (start included)."""
    assert mover.space is not None
    far = distance_to(board, targets)
    start = mover.space
    if far[start] in (0, UNREACHABLE):
        return [(start,)]
    ends: list[tuple[str, ...]] = []

    def walk(path: tuple[str, ...], difficult: int) -> None:
        here = path[-1]
        # Entering difficult ground lowers the most this figure may move by one.
        if far[here] == 0 or len(path) > amount - difficult:
            ends.append(path)
            return
        for there in sorted(board.passages[here]):
            if far[there] == far[here] - 1:
                walk((*path, there), difficult + board.by_id[there].difficult)

    walk((start,), 0)
    others = {d.space for d in state.defenders if d.id != mover.id and d.space is not None}
    result: set[tuple[str, ...]] = set()
    for path in ends:
        # A defender may pass other defenders but not stop on one.
        while len(path) > 1 and path[-1] in others:
            path = path[:-1]
        result.add(path)
    return sorted(result)


def walk_path(board: Board, state: State, mover: Defender, path: tuple[str, ...]) -> State:
    """The state after a defender walks `path` (the first space is where it stands)."""
    if len(path) <= 1:
        stays = Text("The {defender} on {space} stays put.", defender=mover.name, space=mover.space)
        return note(state, stays, path)
    state = with_defender(state, replace(mover, space=path[-1]))
    walked = Text("The {defender} moves {path}.", defender=mover.name, path=" > ".join(path))
    state = note(state, walked, path)
    end, sniper = path[-1], state.sniper
    # Scout: "se obránce ve svém tahu pohne" is the defenders' own turn (cards resolve in
    # ORDER_ROLL); noise and a thrown stone move them in yours, and noise has its own hit.
    if (
        state.has(Modifier.HEARD_MOVING)
        and state.phase is Phase.ORDER_ROLL
        and sniper is not None
        and (end == sniper or board.matching_adjacent(end, sniper))
    ):
        state = take_hit(state, Text("the {defender} moved next to you", defender=mover.name))
    return state


def move_toward(
    ctx: Context, state: State, mover: Defender, targets: Iterable[str], amount: int
) -> State:
    """Move a defender `amount` spaces toward the nearest target, the worst way for you."""
    wanted = tuple(targets)
    options = [
        (walk_path(ctx.board, state, mover, p), p)
        for p in move_paths(ctx.board, state, mover, wanted, amount)
    ]
    return worst(ctx.board, ctx.ties, options)[0]


def in_lka(board: Board, state: State, d: Defender) -> bool:
    """True when the defender stands in the Last Known Area."""
    return d.space is not None and board.by_id[d.space].area is state.lka


def call_destinations(
    board: Board, state: State, caller: Defender, target: str, lka_rule: bool = True
) -> list[str]:
    """Where a called defender may be placed; empty when it ignores the call."""
    others = {d.space for d in state.defenders if d.id != caller.id and d.space is not None}
    if target not in others:
        places = [target]
    else:
        kind = board.by_id[target].kind
        places = [
            s
            for s in sorted(board.adjacent[target])
            if s not in others and not board.by_id[s].entry and board.by_id[s].kind is kind
        ]
        if not places:
            free = [s.id for s in board.playing_spaces if s.id not in others]
            best = min(board.distance(target, s) for s in free)
            places = [s for s in free if board.distance(target, s) == best]
    sniper = state.sniper
    if (
        lka_rule
        and sniper is not None
        and caller.space is not None
        and in_lka(board, state, caller)
    ):
        # Defenders in the LKA ignore a call that would put them farther from you.
        here = board.distance(sniper, caller.space)
        places = [s for s in places if board.distance(sniper, s) <= here]
    return places


def place(state: State, caller: Defender, space: str, how: str = "is called") -> State:
    """Put a defender on a space (a call or a return); a hit when it is your space."""
    state = with_defender(state, replace(caller, space=space))
    state = note(state, _placed(caller, space, how == "returns"), (space,))
    if space == state.sniper and how == "is called":
        why = Text("the {defender} was called to your space", defender=caller.name)
        state = take_hit(state, why)
    return state


def _placed(caller: Defender, space: str, returns: bool) -> Text:
    """'The red defender 2 is called to C4 from B1' (a return from off the board has no 'from')."""
    name, before = caller.name, caller.space
    if returns and before:
        return Text(
            "The {defender} returns to {space} from {before}.",
            defender=name,
            space=space,
            before=before,
        )
    if returns:
        return Text("The {defender} returns to {space}.", defender=name, space=space)
    if before:
        return Text(
            "The {defender} is called to {space} from {before}.",
            defender=name,
            space=space,
            before=before,
        )
    return Text("The {defender} is called to {space}.", defender=name, space=space)


def call_to(
    ctx: Context, state: State, caller: Defender, target: str, lka_rule: bool = True
) -> State | None:
    """Call a defender to `target`, the worst placement for you; None when it ignores the call."""
    places = call_destinations(ctx.board, state, caller, target, lka_rule)
    if not places:
        return None
    return worst(ctx.board, ctx.ties, [(place(state, caller, s), s) for s in places])[0]


def nearest_defenders(
    board: Board, candidates: Iterable[Defender], targets: Iterable[str]
) -> list[Defender]:
    """The candidates needing the fewest spaces to reach one of the targets (all tied ones)."""
    wanted = tuple(targets)
    pool = [d for d in candidates if d.space is not None]
    if not pool:
        return []
    far = {d.id: min(board.distance(d.space, t) for t in wanted) for d in pool if d.space}
    best = min(far.values())
    if best >= UNREACHABLE:
        return []
    return [d for d in pool if far[d.id] == best]
