"""Neuroshima Hex opponents: random, easy, normal and hard, for any army, seat and mode.

One entry point, `choose(view, legal_actions, rng, budget)`, decides from the seat's view only:
the full state the search needs is rebuilt from the view (ai_state), never taken from the host.
Every level is deterministic for a given view, action list, rng state and memo. A turn is
searched once, at its first decision; the later ones follow that plan, kept in the memo the
caller lends through the budget (ai_plan). Budgets are work budgets (full evaluations), so a
replay chooses the same; a host may add a stop signal built from its own clock
(Budget.with_deadline), trading that determinism for a hard time cap.
"""

from __future__ import annotations

import random
from collections.abc import Callable, MutableMapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from games.base import RandomSource, Seat
from games.neuroshima.actions import (
    Draw,
    NeuroshimaAction,
    PickMercenary,
    PlaceHQ,
)
from games.neuroshima.board import Board, Hex
from games.neuroshima.position import Position
from games.neuroshima.queries import opponents
from games.neuroshima.state import State
from games.neuroshima.view import NeuroshimaView

from .ai_eval import DEFAULT_WEIGHTS, tile_value
from .ai_lookahead import lookahead
from .ai_plan import Memo, Planned, position_key, recall, remember, turn_tag
from .ai_search import Beam, Node, Scorer, Work, best_root, search_turn
from .ai_state import inferred_decks, state_from_view


class Level(Enum):
    """How strong (and how slow) the opponent is."""

    RANDOM = "random"
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


DEFAULT_WORK = {Level.RANDOM: 0, Level.EASY: 40, Level.NORMAL: 450, Level.HARD: 2000}
"""Full evaluations (each with a simulated battle) a level may spend on one search: once a turn
when the turn's plan is kept (ai_plan), else at every decision."""

EASY_BEAM = Beam(widths=(2, 1, 1, 1), placements=2, moves=1)
NORMAL_BEAM = Beam()
HARD_BEAM = Beam(widths=(8, 6, 4, 3, 2), placements=8, moves=6)
HARD_WEIGHTS = replace(DEFAULT_WEIGHTS, hp=3.0)
"""Hard counts a wound on an HQ three times against material: its look-ahead then plays for
the HQs. Against normal: HQ weight 1 scored 59 % (200 games, seed f4); over the same 200 games
(seeds h1, h2) 1.5 scored 65 %, 2 69 %, 3 76.5 % (benchmarks/README.md). Normal keeps 1."""
EASY_SLIP = 0.3
"""How often easy takes a worse action than the best it saw: its visible mistakes."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a decision may cost: a level, its work limit, and an optional stop signal."""

    level: Level = Level.NORMAL
    work: int | None = None
    """Full evaluations allowed; None takes the level's default."""
    stop: Callable[[], bool] | None = None
    """Checked between evaluations; True ends the search with the best action found so far."""
    memo: Memo | None = field(default=None, compare=False)
    """Where turn plans are kept between the decisions of a turn (ai_plan); None: no plans,
    every decision searches the rest of the turn again."""

    @property
    def limit(self) -> int:
        """The work limit in evaluations."""
        return DEFAULT_WORK[self.level] if self.work is None else self.work

    @staticmethod
    def with_deadline(
        level: Level, clock: Callable[[], float], seconds: float, memo: Memo | None = None
    ) -> Budget:
        """A budget that also stops `seconds` after now on the caller's `clock`."""
        start = clock()
        return Budget(level, None, lambda: clock() - start > seconds, memo)


def as_budget(budget: object) -> Budget:
    """A Budget from a Budget, a Level, a level name, or a host budget with `level`/`playouts`
    (and `memo`, a dict for turn plans)."""
    if isinstance(budget, Budget):
        return budget
    if isinstance(budget, Level | str):
        return Budget(Level(budget))
    # The host's own budget type (bot.service.ai.Budget): games/ may not import it.
    level = Level(str(getattr(budget, "level", Level.NORMAL.value)))
    work = getattr(budget, "playouts", None)
    memo = getattr(budget, "memo", None)
    memo = memo if isinstance(memo, MutableMapping) else None
    return Budget(level, work if isinstance(work, int) else None, None, memo)


def choose(
    view: NeuroshimaView,
    legal_actions: Sequence[NeuroshimaAction],
    rng: RandomSource,
    budget: object = Level.NORMAL,
) -> NeuroshimaAction:
    """The action the viewing seat takes now, chosen from `legal_actions` using `view` only."""
    if not legal_actions:
        raise ValueError("there is no legal action to choose from")
    if view.viewer is None or view.viewer < 0:
        raise ValueError("the AI plays a seat; a spectator view cannot choose")
    plan = as_budget(budget)
    seat = view.viewer
    # A private generator: the host's rng advances by exactly one draw whatever the search does.
    own = random.Random(rng.randrange(2**62))
    actions = sorted(legal_actions, key=repr)
    if plan.level is Level.RANDOM or len(actions) == 1:
        return actions[own.randrange(len(actions))]
    first = actions[0]
    if isinstance(first, PickMercenary):
        return max(actions, key=lambda a: tile_value(a.tile) if isinstance(a, PickMercenary) else 0)
    if isinstance(first, PlaceHQ):
        return _place_hq(view, actions, own)
    if isinstance(first, Draw):
        return max(actions, key=lambda a: len(a.mercenaries) if isinstance(a, Draw) else 0)
    state = state_from_view(view, inferred_decks(view, own))
    tag = turn_tag(view, plan.level.value, plan.limit)
    key = position_key(state, seat, tag) if plan.memo is not None else None
    planned = recall(plan.memo, key)
    if planned is not None and all(a in legal_actions for a in planned.actions):
        return _follow(planned, plan.level, own)
    chosen, nodes = _search(state, seat, actions, own, plan)
    if chosen is None:
        return actions[0]
    remember(plan.memo, tag, seat, chosen, nodes)
    return chosen.path[0]


def project(position: Position) -> Position:
    """The position a battle fought now would leave (the fast simulator, default choices)."""
    from games.neuroshima.battle import resolve_battle

    return resolve_battle(position).position


def _follow(planned: Planned, level: Level, rng: random.Random) -> NeuroshimaAction:
    """The planned action; easy still slips to one of the others tried there, as it searched."""
    options = planned.actions
    if level is Level.EASY and len(options) > 1 and rng.random() < EASY_SLIP:
        return options[rng.randrange(1, min(len(options), 5))]
    return options[0]


def _search(
    state: State,
    seat: Seat,
    actions: Sequence[NeuroshimaAction],
    rng: random.Random,
    plan: Budget,
) -> tuple[Node | None, list[Node]]:
    """The end of turn the level plays for (None if nothing was evaluated) and all it saw."""
    work = Work(plan.limit, plan.stop)
    scorer = Scorer(seat, project, HARD_WEIGHTS if plan.level is Level.HARD else DEFAULT_WEIGHTS)
    if plan.level is Level.EASY:
        nodes = search_turn(state, seat, actions, scorer, EASY_BEAM, work)
        root = _easy_pick(nodes, rng)
    elif plan.level is Level.HARD:
        first = Work(plan.limit // 4, plan.stop)
        nodes = search_turn(state, seat, actions, scorer, HARD_BEAM, first)
        work.used = first.used
        found = lookahead(nodes, seat, scorer, rng, work)
        return (found if found is not None else _first(nodes, _best(nodes))), nodes
    else:
        nodes = search_turn(state, seat, actions, scorer, NORMAL_BEAM, work)
        root = _best(nodes)
    return _first(nodes, root), nodes


def _first(nodes: Sequence[Node], root: int) -> Node | None:
    # Nodes come best first, so the first through the chosen root is the end of turn it leads to.
    return next((n for n in nodes if n.root == root and n.path), None)


def _best(nodes: Sequence[Node]) -> int:
    ranked = best_root(nodes)
    if not ranked:
        return 0
    return min(ranked, key=lambda i: (-ranked[i], i))


def _easy_pick(nodes: Sequence[Node], rng: random.Random) -> int:
    ranked = sorted(best_root(nodes).items(), key=lambda pair: (-pair[1], pair[0]))
    if not ranked:
        return 0
    if len(ranked) > 1 and rng.random() < EASY_SLIP:
        return ranked[rng.randrange(1, min(len(ranked), 5))][0]
    return ranked[0][0]


def _place_hq(
    view: NeuroshimaView, actions: Sequence[NeuroshimaAction], rng: random.Random
) -> NeuroshimaAction:
    """Far from enemy HQs, off the centre (fewer sides to defend), a little varied."""
    board = Board(view.board_radius)
    position = Position(view.tiles, tuple(s.army for s in view.seats), (0,) * len(view.seats))
    assert view.viewer is not None
    enemy_hqs = [
        h
        for h, p in view.tiles
        if p.owner is not None
        and p.type.kind.value == "hq"
        and opponents(position, view.viewer, p.owner)
    ]

    def score(action: NeuroshimaAction) -> float:
        assert isinstance(action, PlaceHQ)
        h: Hex = action.hex
        far = min((h.distance(e) for e in enemy_hqs), default=board.radius)
        sides = len(board.neighbours(h))
        return 2.0 * far - 0.5 * sides + rng.random()

    return max(actions, key=score)
