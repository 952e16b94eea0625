"""Searching one turn: a beam over the seat's actions, each end of turn scored by the evaluation.

A turn is a short chain of atomic actions (discard, place, place, use an instant, end). The beam
keeps the best few states after each action; placements are first ranked by the cheap
line-of-fire estimate (ai_lines) and only the best of them get a full evaluation, which fights
the battle that would follow with the fast simulator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.base import Seat
from games.neuroshima import rules
from games.neuroshima.actions import (
    ChooseDestination,
    Discard,
    EndTurn,
    Move,
    NeuroshimaAction,
    PlaceTile,
)
from games.neuroshima.board import Hex
from games.neuroshima.orientation import tile_facts
from games.neuroshima.position import Position
from games.neuroshima.state import State, Step
from games.neuroshima.tiles import Action, tile_type

from .ai_eval import DEFAULT_WEIGHTS, WIN, Side, Weights, evaluate
from .ai_lines import Lines


class OutOfWorkError(Exception):
    """The search used up its work budget."""


@dataclass(slots=True)
class Work:
    """A work budget counted in full evaluations, with an optional external stop signal."""

    limit: int
    stop: Callable[[], bool] | None = None
    used: int = 0

    def spend(self) -> None:
        """Count one evaluation; raise OutOfWorkError when the budget or the stop signal says so."""
        if self.used >= self.limit or (
            self.stop is not None and self.used % 16 == 0 and self.stop()
        ):
            raise OutOfWorkError
        self.used += 1


@dataclass(frozen=True, slots=True)
class Beam:
    """Search shape: states kept after each action, placements fully evaluated per tile."""

    widths: tuple[int, ...] = (6, 4, 3, 2, 1)
    placements: int = 6
    moves: int = 6


class Scorer:
    """Scores states for one seat, remembering battle projections it has already fought."""

    def __init__(
        self,
        seat: Seat,
        project: Callable[[Position], Position] | None,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        self.seat = seat
        self.project = project
        self.weights = weights
        self._memo: dict[Position, Position] = {}

    def _battle(self, position: Position) -> Position:
        assert self.project is not None
        after = self._memo.get(position)
        if after is None:
            after = self.project(position)
            self._memo[position] = after
        return after

    def score(self, state: State) -> float:
        """How good `state` is for the seat (WIN for a won game, -WIN for a lost one)."""
        side = Side(state.position, self.seat)
        if state.outcome is not None:
            if not state.outcome.winners:
                return 0.0
            won = bool(set(side.friends) & state.outcome.winners)
            return WIN if won else -WIN
        hands = dict(enumerate(state.hands))
        project = self._battle if self.project is not None else None
        imminence = 1.0 if state.final_waiting is not None else _battle_in_hand(state)
        return evaluate(state.position, side, hands, project, imminence, self.weights).total


def _battle_in_hand(state: State) -> float:
    for seat, hand in enumerate(state.hands):
        if seat not in state.eliminated:
            for tile in hand:
                if tile_type(tile).action is Action.BATTLE:
                    return 0.8
    return 0.0


def my_turn(state: State, seat: Seat) -> bool:
    """True while `seat` is the one to act and the game is not over."""
    return state.outcome is None and rules.to_act(state) == frozenset({seat})


def settle_others(state: State, seat: Seat, scorer: Scorer) -> State:
    """Let other seats answer decisions they owe mid-turn (push or grab), worst case for `seat`."""
    while state.step is Step.PENDING and state.pending is not None and state.pending.seat != seat:
        owner = state.pending.seat
        options = rules.legal_actions(state, owner)
        friendly = owner in Side(state.position, seat).friends
        best: tuple[float, State] | None = None
        for action in options:
            after = rules.apply_listed(state, owner, action)
            value = scorer.score(after)
            value = value if friendly else -value
            if best is None or value > best[0]:
                best = (value, after)
        assert best is not None
        state = best[1]
    return state


@dataclass(slots=True)
class Node:
    """A state reached during the turn, the first action that led to it and its score."""

    state: State
    root: int
    score: float
    done: bool = False
    path: tuple[NeuroshimaAction, ...] = field(default=())
    trail: tuple[State, ...] = field(default=())
    """The state after each action of `path` (the turn plan's predicted positions)."""


def _equivalent_facings(tile: str) -> list[int]:
    """One facing for each distinct orientation (symmetric tiles have fewer than six)."""
    seen: dict[tuple[object, ...], int] = {}
    for f in range(6):
        facts = tile_facts(tile, f)
        key = (facts.melee, facts.ranged, facts.gauss, facts.armor, facts.nets, facts.links,
               facts.redirect_in, facts.redirect_out, facts.trigger)  # fmt: skip
        seen.setdefault(key, f)
    return sorted(seen.values())


def prune(state: State, seat: Seat, actions: Sequence[NeuroshimaAction], beam: Beam) -> list[int]:
    """Indexes of the actions worth a full evaluation at this node."""
    keep: list[int] = []
    placements: dict[str, list[tuple[float, int]]] = {}
    moves: list[tuple[float, int]] = []
    lines: Lines | None = None
    movers: dict[Hex, Lines] = {}
    facings: dict[str, list[int]] = {}
    discarding = state.step is Step.DISCARD
    for i, action in enumerate(actions):
        if isinstance(action, PlaceTile):
            if action.tile not in facings:
                facings[action.tile] = _equivalent_facings(action.tile)
            if action.facing not in facings[action.tile]:
                continue
            lines = lines or Lines(state.position, seat)
            estimate = lines.estimate(action.tile, action.hex, action.facing)
            placements.setdefault(action.tile, []).append((estimate, i))
        elif isinstance(action, Move):
            held = state.tile_at(action.frm)
            if held is None:
                continue
            mover = movers.get(action.frm) or movers.setdefault(
                action.frm, Lines(state.position, seat, without=action.frm)
            )
            moves.append((mover.estimate(held.tile, action.to, action.facing), i))
        elif isinstance(action, Discard) and not discarding:
            continue  # throwing a tile away in play never beats keeping it
        else:
            keep.append(i)
    for options in placements.values():
        options.sort(key=lambda pair: (-pair[0], pair[1]))
        keep += [i for _, i in options[: beam.placements]]
    moves.sort(key=lambda pair: (-pair[0], pair[1]))
    keep += [i for _, i in moves[: beam.moves]]
    return sorted(keep) or list(range(len(actions)))


def search_turn(
    state: State,
    seat: Seat,
    root_actions: Sequence[NeuroshimaAction],
    scorer: Scorer,
    beam: Beam,
    work: Work,
) -> list[Node]:
    """Every kept end of turn, best first; node.root indexes `root_actions`.

    Stops early (keeping what it found) when the work budget runs out.
    """
    frontier = [Node(state, -1, 0.0)]
    finished: list[Node] = []
    children: list[Node] = []
    try:
        for width in beam.widths:
            children = []
            for node in frontier:
                actions = root_actions if node.root < 0 else rules.legal_actions(node.state, seat)
                for i in prune(node.state, seat, actions, beam):
                    action = actions[i]
                    # Root actions were listed for the host's state, not this rebuilt one.
                    play = rules.apply if node.root < 0 else rules.apply_listed
                    after = settle_others(play(node.state, seat, action), seat, scorer)
                    work.spend()
                    root = i if node.root < 0 else node.root
                    path = (*node.path, action)
                    value = scorer.score(after)
                    # Of two wins, the one that comes sooner: nothing can go wrong in between.
                    value -= 0.01 * len(path) if value >= WIN else 0.0
                    child = Node(after, root, value, path=path, trail=(*node.trail, after))
                    child.done = not my_turn(after, seat) or isinstance(action, EndTurn)
                    (finished if child.done else children).append(child)
            children.sort(key=lambda n: -n.score)
            frontier = children[:width]
            finished += frontier if width == beam.widths[-1] else []
            if not frontier:
                break
    except OutOfWorkError:
        finished += children or [n for n in frontier if n.root >= 0]
    finished.sort(key=lambda n: -n.score)
    return finished


def best_root(nodes: Sequence[Node]) -> dict[int, float]:
    """The best score reached through each root action."""
    out: dict[int, float] = {}
    for node in nodes:
        if node.root >= 0 and node.score > out.get(node.root, -2 * WIN):
            out[node.root] = node.score
    return out


def pending_choice(actions: Sequence[NeuroshimaAction]) -> bool:
    """True when the actions answer a push or grab."""
    return bool(actions) and all(isinstance(a, ChooseDestination) for a in actions)
