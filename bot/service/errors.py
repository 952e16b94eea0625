"""Errors the host raises: GameError subclasses, so each front-end has one place to answer them."""

from __future__ import annotations

from games.base import GameError


class LobbyError(GameError):
    """A lobby step that cannot happen (full, already in, army taken, wrong mode, not a lobby)."""

    default_code = "lobby"


class PermissionDeniedError(GameError):
    """The user may not do this here (not the host, not seated, not an admin)."""

    default_code = "not_allowed"


class NoSuchGameError(GameError):
    """No game has that id."""

    default_code = "no_such_game"


class BusyError(GameError):
    """The game kept changing under the request; the player should look again and retry."""

    default_code = "busy"


class RequestError(GameError):
    """A takeback, abort, pause or undo request that does not fit the game's position."""

    default_code = "request"


class NotSavedError(GameError):
    """The store refused the write (disk full, database read-only): nothing changed."""

    default_code = "storage_full"


def storage_full() -> NotSavedError:
    """What a player reads when the server cannot save their move (they may retry later)."""
    return NotSavedError("The server's storage is full; your move was not saved.")


def not_seated(game_id: int) -> PermissionDeniedError:
    """The error for a user with no seat in a game (a spectator)."""
    return PermissionDeniedError(
        "You have no seat in game {game}; spectators can only watch.",
        code="not_seated",
        game=game_id,
    )
