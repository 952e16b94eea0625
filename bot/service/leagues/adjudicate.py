"""Adjudication of an unfinished table: the in-game points lead ("hq") or a draw.

Scores come from the spectators' view: a game whose view lists `seats` with `hq_hp` (Neuroshima
Hex) or `score` can be adjudicated on points; any other game, or a tie, is a draw.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Scorer = Callable[[Any], Sequence[float] | None]
_SCORERS: dict[str, Scorer] = {}


def register_scorer(game_key: str, scorer: Scorer) -> None:
    """Let `scorer(public view) -> points per seat` adjudicate a game's unfinished tables."""
    _SCORERS[game_key] = scorer


def view_scores(view: Any) -> Sequence[float] | None:
    """Per-seat points read from a view's seats (HQ hit points first, else score)."""
    seats = getattr(view, "seats", None)
    if not isinstance(seats, tuple) or not seats:
        return None
    hq = [getattr(s, "hq_hp", None) for s in seats]
    if all(isinstance(h, int) for h in hq):
        return [float(h) for h in hq if isinstance(h, int)]
    scores = [getattr(s, "score", None) for s in seats]
    if all(isinstance(x, int | float) for x in scores):
        return [float(x) for x in scores if isinstance(x, int | float)]
    return None


def adjudicated(game_key: str, view: Any, seats: int, rule: str) -> tuple[list[int], list[float]]:
    """(winning seats, scores) for an unfinished game under `rule` (no winners: a draw)."""
    if rule != "hq" or view is None:
        return [], [0.0] * seats
    scores = _SCORERS.get(game_key, view_scores)(view)
    if scores is None or len(scores) != seats:
        return [], [0.0] * seats
    best = max(scores)
    leaders = [s for s, x in enumerate(scores) if x == best]
    return (leaders if len(leaders) < seats else []), list(scores)
