"""Mining puzzles from AI self-play: positions, goals with exactly one way to reach them.

Games are played by the normal AI for every pairing of armies (duels first, then three and four
players, deathmatch and teams), and the position at the start of every turn is a candidate: the
seat to play, its hand (Battle tiles left out: the puzzle's battle follows anyway). Every turn
the hand allows is searched once; a goal is kept when exactly one turn reaches it and doing
nothing does not. Everything follows from the seed: the same seed mines the same puzzles.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import combinations

from games import engine
from games.base import InvalidActionError, Seat
from games.neuroshima import ai, rules
from games.neuroshima.board import Hex
from games.neuroshima.position import Position
from games.neuroshima.puzzles.fileformat import dump
from games.neuroshima.puzzles.model import Goal, GoalKind, Puzzle
from games.neuroshima.puzzles.rating import ai_finds, difficulty, themes
from games.neuroshima.puzzles.solve import Outcome, every_outcome, outcome_key, solve
from games.neuroshima.puzzles.turn import goal_reached, start
from games.neuroshima.queries import free_hexes, is_hq, opponents
from games.neuroshima.state import State, Step
from games.neuroshima.tiles import Action, tile_type

ARMIES = ("moloch", "outpost", "borgo", "hegemony", "ddm2e")
MAX_FREE = 5
"""Free hexes a mined position may have: fuller boards keep every puzzle cheap to check."""
MINE_LIMIT = 500
"""Turn states a mined position's search may visit (the shipped set's check stays fast)."""
PER_GAME = 3
"""Puzzles kept from one game at most, so the set spreads over many games."""
GOAL_ORDER = (GoalKind.DESTROY_HQ, GoalKind.WIN_BY, GoalKind.SAVE, GoalKind.SURVIVE)


def schedule() -> tuple[tuple[tuple[str, ...], str], ...]:
    """The armies and mode of each mined game in turn: duels, then 3 and 4 players."""
    duels = [(a, b) for i, a in enumerate(ARMIES) for b in ARMIES[i:]]
    threes = list(combinations(ARMIES, 3))
    fours = list(combinations(ARMIES, 4))
    return (
        *((d, "duel") for d in duels),
        *((t, "deathmatch") for t in threes),
        *((f, "deathmatch") for f in fours),
        *((f, "teams") for f in fours),
    )


@dataclass(frozen=True, slots=True)
class Mined:
    """A candidate: the board at the start of a turn, the seat to play and its hand."""

    position: Position
    seat: Seat
    hand: tuple[str, ...]


def _candidate(state: State) -> Mined | None:
    seat = state.active
    position = state.position
    if state.eliminated or len(free_hexes(position)) > MAX_FREE:
        return None
    hand = tuple(t for t in state.hands[seat] if tile_type(t).action is not Action.BATTLE)
    if not hand:
        return None
    return Mined(position, seat, hand)


def mine_game(armies: tuple[str, ...], mode: str, seed: str) -> list[Mined]:
    """Play one normal-AI game and return its candidate positions, in the order they came."""
    config = {"armies": list(armies), "mode": mode}
    state, events = engine.start(rules, config, len(armies), seed)
    seq = len(events)
    budgets = {s: ai.Budget(ai.Level.NORMAL, memo={}) for s in range(len(armies))}
    seen: set[int] = set()
    found: list[Mined] = []
    while rules.outcome(state) is None:
        (seat,) = tuple(rules.to_act(state))
        if state.step is Step.PLAY and state.pending is None and state.turn not in seen:
            seen.add(state.turn)
            candidate = _candidate(state)
            if candidate is not None:
                found.append(candidate)
        view = rules.player_view(state, seat)
        legal = rules.legal_actions(state, seat)
        action = ai.choose(view, legal, random.Random(f"{seed}:ai:{seq}"), budgets[seat])
        state, new = engine.play(rules, state, seed, seq, seat, action)
        seq += len(new)
    return found


def _saved_units(m: Mined) -> list[Hex]:
    own = [(h, p) for h, p in m.position.tiles if p.owner == m.seat and not is_hq(p)]
    counts = Counter(p.tile for _, p in own)
    return [h for h, p in own if counts[p.tile] == 1 and p.tile not in m.hand]


def _goals(m: Mined) -> dict[GoalKind, list[Goal]]:
    """Candidate goals; amounts are set from the outcomes (see `_tuned`)."""
    enemies = [s for s in range(len(m.position.armies)) if opponents(m.position, m.seat, s)]
    return {
        GoalKind.DESTROY_HQ: [Goal(GoalKind.DESTROY_HQ, target=s) for s in enemies],
        GoalKind.WIN_BY: [Goal(GoalKind.WIN_BY)],
        GoalKind.SAVE: [Goal(GoalKind.SAVE, hex=h) for h in _saved_units(m)],
        GoalKind.SURVIVE: [Goal(GoalKind.SURVIVE)],
    }


def _tuned(goal: Goal, puzzle: Puzzle, afters: dict[Outcome, State]) -> Goal | None:
    """WIN_BY and SURVIVE ask for the best the turn can do: their amount is the best value,
    kept only when one outcome alone reaches it."""
    if goal.kind not in (GoalKind.WIN_BY, GoalKind.SURVIVE):
        return goal
    values = sorted((_value(goal.kind, puzzle, after) for after in afters.values()), reverse=True)
    if len(values) < 2 or values[0] == values[1]:
        return None
    if goal.kind is GoalKind.WIN_BY:
        return replace(goal, amount=values[0]) if values[0] >= 1 else None
    return replace(goal, amount=values[1]) if values[1] >= 0 else None


def _value(kind: GoalKind, puzzle: Puzzle, after: State) -> int:
    hp, start_hp, seat = after.position.hq_hp, puzzle.position.hq_hp, puzzle.seat
    own = max(0, hp[seat])
    if kind is GoalKind.SURVIVE:
        return own
    lost = [max(0, start_hp[s] - max(0, hp[s])) for s in range(len(hp))]
    enemies = [s for s in range(len(hp)) if opponents(puzzle.position, seat, s)]
    return sum(lost[s] for s in enemies) - lost[seat]


def _winners(puzzle: Puzzle, afters: dict[Outcome, State]) -> list[Outcome]:
    return [key for key, after in afters.items() if goal_reached(puzzle, after)[0]]


def puzzle_id(puzzle: Puzzle) -> str:
    """A stable id from the puzzle's content (the same puzzle always gets the same id)."""
    doc = dump(replace(puzzle, id="x", solutions=(), themes=(), difficulty=1500))
    digest = hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()
    return f"nh-{digest[:10]}"


@dataclass(slots=True)
class Mining:
    """What mining one game tried and kept (the benchmark's numbers)."""

    index: int
    puzzles: list[Puzzle] = field(default_factory=list)
    positions: int = 0
    """Candidate positions searched."""
    too_big: int = 0
    """Positions whose turns were too many to search."""


def mine(seed: str, index: int) -> Mining:
    """The puzzles of game `index` of a seed's schedule (a pure function of both)."""
    armies, mode = schedule()[index % len(schedule())]
    game_seed = f"{seed}:{index}"
    result = Mining(index)
    for m in mine_game(armies, mode, game_seed):
        if len(result.puzzles) >= PER_GAME:
            break
        # Rotating the goal kinds spreads them: win_by is the one most positions allow.
        turn = (index + result.positions) % len(GOAL_ORDER)
        order = GOAL_ORDER[turn:] + GOAL_ORDER[:turn]
        puzzle = from_position(m, order, f"{game_seed}:{result.positions}", result)
        if puzzle is not None:
            result.puzzles.append(puzzle)
    return result


def _hands(hand: tuple[str, ...]) -> list[tuple[str, ...]]:
    """The whole hand first, then each of its tiles alone (a smaller, cheaper puzzle)."""
    singles = [(t,) for t in dict.fromkeys(hand)] if len(hand) > 1 else []
    return [hand, *singles]


def from_position(m: Mined, order: tuple[GoalKind, ...], seed: str, tally: Mining) -> Puzzle | None:
    """The puzzle this position gives (goal kinds tried in `order`), or None."""
    tally.positions += 1
    for hand in _hands(m.hand):
        base = Puzzle("x", m.position, m.seat, hand, Goal(GoalKind.SURVIVE), ())
        try:
            afters = every_outcome(base, MINE_LIMIT)
        except InvalidActionError:
            tally.too_big += 1
            continue
        if len(afters) < 3:
            continue
        goals = _goals(replace(m, hand=hand))
        for kind in order:
            for goal in goals[kind]:
                made = _with_goal(base, goal, afters, seed)
                if made is None and kind is GoalKind.DESTROY_HQ:
                    made = _weakened(base, goal, afters, seed)
                if made is not None:
                    return made
    return None


def _with_goal(base: Puzzle, goal: Goal, afters: dict[Outcome, State], seed: str) -> Puzzle | None:
    tuned = _tuned(goal, base, afters)
    if tuned is None:
        return None
    puzzle = replace(base, goal=tuned)
    winners = _winners(puzzle, afters)
    if len(winners) != 1 or winners[0] == outcome_key(start(base)):
        return None
    return _finish(puzzle, afters, seed)


def _weakened(base: Puzzle, goal: Goal, afters: dict[Outcome, State], seed: str) -> Puzzle | None:
    """Destroy an HQ left with exactly the hit points only the best turn's battle takes."""
    target = goal.target
    assert target is not None
    before = base.position.hq_hp[target]
    damage = sorted(
        (before - max(0, a.position.hq_hp[target]) for a in afters.values()), reverse=True
    )
    if len(damage) < 2 or damage[0] == damage[1] or not 1 <= damage[0] < before:
        return None
    hp = tuple(damage[0] if s == target else v for s, v in enumerate(base.position.hq_hp))
    weak = replace(base, position=replace(base.position, hq_hp=hp))
    try:
        weak_afters = every_outcome(weak, MINE_LIMIT)
    except InvalidActionError:
        return None
    return _with_goal(weak, goal, weak_afters, seed)


def _finish(puzzle: Puzzle, afters: dict[Outcome, State], seed: str) -> Puzzle | None:
    try:
        solved = solve(puzzle, MINE_LIMIT, dict(afters))
    except InvalidActionError:
        return None
    if not solved.unique:
        return None
    lines = solved.solutions[0]
    shortest = min(lines, key=len)
    record = afters[_winners(puzzle, afters)[0]].last_battle
    assert record is not None
    puzzle = replace(puzzle, solutions=solved.texts())
    normal = ai_finds(puzzle, ai.Level.NORMAL, seed)
    hard = normal or ai_finds(puzzle, ai.Level.HARD, seed)
    rated = difficulty(solved.turns, len(lines), len(shortest), normal, hard)
    tags = themes(puzzle, shortest, record.before, record)
    puzzle = replace(puzzle, themes=tags, difficulty=rated)
    return replace(puzzle, id=puzzle_id(puzzle))


Mapper = Callable[[Callable[[int], Mining], Iterable[int]], Iterator[Mining]]


def generate(
    count: int, seed: str, mapper: Mapper = map, batch: int = 4
) -> Iterator[tuple[Puzzle | None, Mining]]:
    """Mine games 0, 1, 2... of the seed until `count` distinct puzzles are found; yields each
    new puzzle with its game's tally (and None after a game's last). `mapper` may spread the
    games over processes: the results are taken in game order, so the seed alone decides."""
    seen: set[str] = set()
    kept = 0
    start_at = 0
    while kept < count:
        indices = range(start_at, start_at + batch)
        start_at += batch
        for mining in mapper(partial(mine, seed), indices):
            for puzzle in mining.puzzles:
                if kept < count and puzzle.id not in seen:
                    seen.add(puzzle.id)
                    kept += 1
                    yield puzzle, mining
            yield None, mining
            if kept >= count:
                return
