"""The games Muster hosts: one key per game, found by key or alias."""

from __future__ import annotations

from typing import Any

from games.base import GameSpec, InvalidActionError

GAMES: dict[str, GameSpec[Any, Any, Any]] = {}


def register(spec: GameSpec[Any, Any, Any]) -> GameSpec[Any, Any, Any]:
    """Add a game to GAMES (keys and aliases must be unique)."""
    names = {spec.key, *spec.aliases}
    for other in GAMES.values():
        clash = names & {other.key, *other.aliases}
        if clash:
            raise ValueError(f"game name {sorted(clash)[0]!r} is already taken by {other.key}")
    GAMES[spec.key] = spec
    return spec


def _normalise(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def find_game(name: str) -> GameSpec[Any, Any, Any]:
    """The game whose key or alias is `name` (case, dashes and spaces ignored)."""
    _load_builtin_games()
    wanted = _normalise(name)
    for spec in GAMES.values():
        if wanted == spec.key or wanted in {_normalise(a) for a in spec.aliases}:
            return spec
    known = ", ".join(sorted(GAMES)) or "none yet"
    raise InvalidActionError(f"Unknown game {name!r}. Known games: {known}.", code="unknown_game")


def _load_builtin_games() -> None:
    """Import the shipped game packages; each registers itself on import."""
    import importlib

    for module in BUILTIN_GAME_MODULES:
        importlib.import_module(module)


BUILTIN_GAME_MODULES: tuple[str, ...] = (
    "games.neuroshima",
    "games.space_alert",
    "games.sniper_elite",
    "games.warzone",
)
"""Packages whose import registers a game (filled in as games land)."""
