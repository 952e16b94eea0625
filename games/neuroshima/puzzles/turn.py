"""A puzzle's one turn: the state it starts from, the battle that ends it, and the goal's test.

docs/rulings.md, "Puzzles": the turn ends in a battle. It is fought when the seat is done, or
at once when the board fills or a Battle tile is played (the rules' own battles); either way it
is the puzzle's only battle, and the turn is over after it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from games.base import Seat
from games.neuroshima.ending import settle
from games.neuroshima.fights import fight
from games.neuroshima.puzzles.model import Goal, GoalKind, Puzzle
from games.neuroshima.queries import opponents
from games.neuroshima.state import Mode, Options, State, Step
from games.neuroshima.tiles import armies
from games.text import Text

PUZZLE_TURN = 1


def _mode(puzzle: Puzzle) -> Mode:
    position = puzzle.position
    if position.teams:
        return Mode.TEAMS
    return Mode.DUEL if len(position.armies) == 2 else Mode.DEATHMATCH


def _deck(army: str, used: Counter[str]) -> tuple[str, ...]:
    """The army's tiles not on the board or in the hand (what a pile could still hold)."""
    left = Counter(armies()[army].deck()) - used
    return tuple(sorted(left.elements()))


def start(puzzle: Puzzle) -> State:
    """The game state the puzzle's turn begins in: `puzzle.seat` to play with `puzzle.hand`."""
    position = puzzle.position
    seats = len(position.armies)
    used: list[Counter[str]] = [Counter() for _ in range(seats)]
    for _, placed in position.tiles:
        if placed.owner is not None:
            used[placed.owner][placed.tile] += 1
    used[puzzle.seat].update(puzzle.hand)
    hands = tuple(puzzle.hand if s == puzzle.seat else () for s in range(seats))
    return State(
        options=Options(mode=_mode(puzzle), armies=position.armies),
        order=tuple(range(seats)),
        position=position,
        decks=tuple(_deck(army, used[s]) for s, army in enumerate(position.armies)),
        hands=hands,
        discards=tuple(() for _ in range(seats)),
        step=Step.PLAY,
        active=puzzle.seat,
        turn=PUZZLE_TURN,
        first_draw_done=frozenset(range(seats)),
        turn_started=tuple(PUZZLE_TURN if s == puzzle.seat else -1 for s in range(seats)),
        previous_turn_started=(-1,) * seats,
    )


def fought(state: State) -> bool:
    """True once the turn's battle has been fought (the board filled or a Battle tile)."""
    return state.last_battle is not None or state.step is Step.GAME_OVER


def battle(state: State) -> State:
    """The state after the battle that ends the turn (fought now unless it already was)."""
    if fought(state):
        return state
    return settle(fight(state, final=False))


def before_battle(state: State) -> State:
    """The state the turn's battle was fought on, given the state after it."""
    summary = state.last_battle
    if summary is None:
        return state
    return replace(state, position=summary.before, last_battle=None)


def _saved_tile(puzzle: Puzzle) -> str | None:
    goal = puzzle.goal
    if goal.hex is None:
        return None
    placed = dict(puzzle.position.tiles).get(goal.hex)
    return placed.tile if placed is not None else None


def _hq_loss(puzzle: Puzzle, after: State, seat: Seat) -> int:
    return max(0, puzzle.position.hq_hp[seat] - max(0, after.position.hq_hp[seat]))


def goal_reached(puzzle: Puzzle, after: State) -> tuple[bool, Text]:
    """Whether the state after the battle reaches the puzzle's goal, and why (for the player)."""
    goal, seat = puzzle.goal, puzzle.seat
    hp = after.position.hq_hp
    own = max(0, hp[seat])
    if goal.kind is GoalKind.DESTROY_HQ:
        return _destroyed(puzzle, goal, after)
    if goal.kind is GoalKind.WIN_BY:
        enemies = [s for s in range(len(hp)) if opponents(puzzle.position, seat, s)]
        margin = sum(_hq_loss(puzzle, after, s) for s in enemies) - _hq_loss(puzzle, after, seat)
        if margin >= goal.amount:
            return True, Text("Solved: the goal is reached.")
        return False, Text.plural(
            "Not solved: the battle was won by {count} HQ hit point; {needed} were needed.",
            "Not solved: the battle was won by {count} HQ hit points; {needed} were needed.",
            margin,
            needed=goal.amount,
        )
    if goal.kind is GoalKind.SURVIVE:
        if own > goal.amount:
            return True, Text("Solved: the goal is reached.")
        return False, Text.plural(
            "Not solved: your HQ has {count} hit point left; it needed more than {needed}.",
            "Not solved: your HQ has {count} hit points left; it needed more than {needed}.",
            own,
            needed=goal.amount,
        )
    tile = _saved_tile(puzzle)
    alive = any(p.tile == tile and p.owner == seat for _, p in after.position.tiles)
    if alive and own > 0:
        return True, Text("Solved: the goal is reached.")
    label = puzzle.position.board.label(goal.hex) if goal.hex is not None else ""
    return False, Text("Not solved: your unit from {hex} was destroyed.", hex=label)


def _destroyed(puzzle: Puzzle, goal: Goal, after: State) -> tuple[bool, Text]:
    hp = after.position.hq_hp
    seat = puzzle.seat
    if goal.target is not None:
        targets = [goal.target]
    else:
        targets = [s for s in range(len(hp)) if opponents(puzzle.position, seat, s)]
    fallen = [s for s in targets if hp[s] <= 0]
    if hp[seat] <= 0:
        return False, Text("Not solved: your own HQ fell too.")
    if fallen:
        return True, Text("Solved: the goal is reached.")
    left = min(hp[s] for s in targets)
    return False, Text.plural(
        "Not solved: the enemy HQ stands with {count} hit point.",
        "Not solved: the enemy HQ stands with {count} hit points.",
        left,
    )
