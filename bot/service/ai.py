"""AI seats: a chooser per game, a budget per level, a seeded Random per decision.

A game's plug-in brings its AI, `choose(view, legal_actions, rng, budget) -> action`; a game
without one has its AI seats pick uniformly among legal actions, which keeps any game playable
against the bot.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.service.plugin import on_change, plugin_for

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard an AI may think: a level name, a time limit and a playout count."""

    level: str
    seconds: float
    playouts: int
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """Scratch space the AI keeps between decisions (a turn's plan); it bounds the size itself
    and keys entries by the whole position, so one memo may serve every table."""


LEVELS: dict[str, Budget] = {
    "easy": Budget("easy", 0.2, 50),
    "normal": Budget("normal", 1.0, 400),
    "hard": Budget("hard", 4.0, 2000),
}
AI_USERS: dict[str, int] = {"easy": -1, "normal": -2, "hard": -3}
"""AI seats hold these pseudo user ids (negative, so they never clash with real users)."""

Chooser = Callable[[Any, Sequence[Any], random.Random, Budget], Any]
Accepts = Callable[[Any, Sequence[Any]], bool]
"""For games whose menu samples open parameters (a destination point): whether an action not in
the list is an open-ended variant of an entry of it, which the game's AI checked with the rules."""

_CHOOSERS: dict[str, Chooser] = {}
"""Stand-ins that win over the installed plug-ins (a test's quick random player)."""
_ACCEPTS: dict[str, Accepts] = {}
_BUILT: dict[str, Chooser] = {}


def is_ai(user_id: int) -> bool:
    """True for the pseudo users that stand for AI seats."""
    return user_id < 0


def level_of(user_id: int) -> str:
    """The level name of an AI pseudo user."""
    for name, uid in AI_USERS.items():
        if uid == user_id:
            return name
    return "normal"


def ai_rng(seed: str, seq: int) -> random.Random:
    """The Random for the AI decision logged at `seq`: seeded, so a game replays identically."""
    return random.Random(f"{seed}:ai:{seq}")


def random_choice(view: Any, legal: Sequence[Any], rng: random.Random, budget: Budget) -> Any:
    """The fallback AI: any legal action."""
    del view, budget
    return legal[rng.randrange(len(legal))]


def register_ai(key: str, chooser: Chooser, accepts: Accepts | None = None) -> None:
    """Let `chooser` play AI seats of game `key`, over its plug-in's (a test's stand-in)."""
    _CHOOSERS[key] = chooser
    if accepts is not None:
        _ACCEPTS[key] = accepts


def chooser_for(key: str) -> Chooser:
    """A stand-in chooser of a game, its plug-in's AI (loaded now), or random play."""
    found = _CHOOSERS.get(key) or _BUILT.get(key)
    if found is None:
        found = random_choice
        plugin = plugin_for(key)
        if plugin is not None and plugin.ai is not None:
            try:
                found = plugin.ai()
            except ImportError:
                log.info("no AI module for %s yet; AI seats play random legal actions", key)
        _BUILT[key] = found
    return found


def accepts_for(key: str) -> Accepts | None:
    """How game `key` says an open-ended action fits its menu (None: only listed actions)."""
    found = _ACCEPTS.get(key)
    if found is None:
        plugin = plugin_for(key)
        found = plugin.accepts if plugin is not None else None
    return found


def _forget(keys: Iterable[str]) -> None:
    # A game's plug-in changed: what was built from the old one, or set over it, goes.
    for key in keys:
        _BUILT.pop(key, None)
        _CHOOSERS.pop(key, None)
        _ACCEPTS.pop(key, None)


on_change(_forget)


def choose(key: str, view: Any, legal: Sequence[Any], rng: random.Random, budget: Budget) -> Any:
    """An AI decision; a chooser that fails or answers illegally is replaced by random play."""
    return decide(key, chooser_for(key), accepts_for(key), view, legal, rng, budget)


def decide(
    key: str,
    chooser: Chooser,
    accepts: Accepts | None,
    view: Any,
    legal: Sequence[Any],
    rng: random.Random,
    budget: Budget,
) -> Any:
    """`choose` with the game's chooser given (a worker process has no registrations)."""
    try:
        action = chooser(view, legal, rng, budget)
    except Exception:
        log.exception("the %s AI failed; playing a random legal action", key)
        return random_choice(view, legal, rng, budget)
    if action not in legal and not (accepts is not None and accepts(action, legal)):
        log.error("the %s AI chose an illegal action %r; playing a random one", key, action)
        return random_choice(view, legal, rng, budget)
    return action
