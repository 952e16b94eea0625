"""Turn plans: the turn is searched once, at its first decision; the later ones follow the plan.

The search already finds a whole turn (discard, placements, end), so the later decisions of the
same turn need not search again. After a search the plan's remaining actions are stored in a
memo the caller owns (the budget's `memo`), each under the position it is expected in: the
view the seat will have then, less its history. A later decision whose position is exactly one
the plan predicted takes the planned action; any other position (an opponent answered a push
differently, a battle went another way, the memo was lost) is searched afresh. The memo holds
no game state of its own: keys are whole positions, so a stale or foreign entry can only
answer the very position it was planned for.
"""

from __future__ import annotations

from collections.abc import Hashable, MutableMapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from games.base import Seat
from games.neuroshima.actions import NeuroshimaAction
from games.neuroshima.state import State
from games.neuroshima.view import NeuroshimaView, player_view

from .ai_search import Node, my_turn

Memo = MutableMapping[Hashable, object]
"""What a host passes as `budget.memo`: any dict; the AI bounds its size itself."""

MAX_ENTRIES = 512
"""Planned positions kept; the oldest go first (a turn plans at most a handful)."""

_HISTORY: dict[str, Any] = {
    "last_turn": (),
    "since_your_turn": (),
    "since_turn": None,
    "last_battle": None,
    "highlights": (),
    "this_turn": (),
}
# Only the history fields the view has: a renamed field then costs plans, never a crash.
_BLANK = {k: v for k, v in _HISTORY.items() if k in {f.name for f in fields(NeuroshimaView)}}


@dataclass(frozen=True, slots=True)
class Planned:
    """A planned decision: the actions at one predicted position, the plan's own first."""

    actions: tuple[NeuroshimaAction, ...]


def position_key(state: State, seat: Seat, tag: Hashable) -> Hashable:
    """What a plan must match: the seat's view of `state` without its history, and the tag.

    Both sides of the match are views of rebuilt states (ai_state), so what the rebuild cannot
    know (other seats' reserves) is equally blank in both. The history (changes since the
    last turn, highlights, the last battle) is left out: a rebuilt state has none of it.
    """
    return (tag, replace(player_view(state, seat), **_BLANK))


def turn_tag(view: NeuroshimaView, level: str, work: int) -> Hashable:
    """What ties a plan to one turn of one game and one search: history, level and work."""
    history = tuple(getattr(view, name, None) for name in ("since_turn", "last_turn"))
    return (level, work, view.viewer, view.turn, history)


def recall(memo: Memo | None, key: Hashable) -> Planned | None:
    """The planned decision stored for this exact position, if any."""
    if memo is None:
        return None
    found = memo.get(key)
    return found if isinstance(found, Planned) else None


def remember(
    memo: Memo | None,
    tag: Hashable,
    seat: Seat,
    chosen: Node,
    nodes: Sequence[Node],
) -> None:
    """Store the later steps of `chosen`'s path, each under the position it is expected in.

    With each planned action go the other actions tried at that step, best first (the easy
    level picks among them when it slips).
    """
    if memo is None:
        return
    for k in range(1, len(chosen.path)):
        state = chosen.trail[k - 1]
        if not my_turn(state, seat):
            break
        memo[position_key(state, seat, tag)] = Planned(_ranked(chosen, nodes, k))
    _trim(memo)


def _ranked(chosen: Node, nodes: Sequence[Node], k: int) -> tuple[NeuroshimaAction, ...]:
    """The actions tried at step k after the plan's first k actions, the plan's own first."""
    prefix = chosen.path[:k]
    best: dict[NeuroshimaAction, float] = {}
    for node in nodes:
        if len(node.path) > k and node.path[:k] == prefix:
            action = node.path[k]
            best[action] = max(best.get(action, node.score), node.score)
    ours = chosen.path[k]
    others = sorted((a for a in best if a != ours), key=lambda a: (-best[a], repr(a)))
    return (ours, *others)


def _trim(memo: Memo) -> None:
    # A host may share one memo between tables; a racing writer only makes this stop early.
    while len(memo) > MAX_ENTRIES:
        try:
            memo.pop(next(iter(memo)), None)
        except (StopIteration, RuntimeError):
            return
