"""Fault injection at write boundaries: the process 'dies' just before its k-th write.

`Faults.arm(k)` makes the k-th write call (0-based) raise `Killed`, a BaseException like the
cancellation a dying process leaves behind, so no `except Exception` can swallow it. Writes
are the store's methods that change anything; a write that does happen is one transaction, so
dying "between two writes" is dying before the next one.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

WRITES = (
    "create_game",
    "update_game",
    "set_status",
    "add_seat",
    "leave_seat",
    "set_seat_role",
    "append",
    "save_snapshot",
    "delete_snapshots",
    "add_deadline",
    "add_deadlines",
    "complete_deadline",
    "cancel_deadlines",
    "record_ratings",
    "put_user_settings",
    "put_guild_settings",
    "add_league_member",
    "remove_league_member",
    "open_league",
    "append_league",
    "open_round",
)
"""Every store method that writes (the league ones on stores that hold leagues)."""


class Killed(BaseException):
    """The process died here."""


class Faults:
    """Counts a store's writes and kills the armed one."""

    def __init__(self, store: Any) -> None:
        self.count = 0
        self.kill_at: int | None = None
        self.names: list[str] = []
        for name in WRITES:
            method = getattr(store, name, None)
            if method is not None:
                setattr(store, name, self._wrap(name, method))

    def _wrap(
        self, name: str, method: Callable[..., Awaitable[Any]]
    ) -> Callable[..., Awaitable[Any]]:
        @wraps(method)
        async def write(*args: Any, **kwargs: Any) -> Any:
            if self.kill_at is not None and self.count == self.kill_at:
                self.kill_at = None
                raise Killed(name)
            self.count += 1
            self.names.append(name)
            return await method(*args, **kwargs)

        return write

    def arm(self, k: int | None) -> None:
        """Count writes from zero; die before write `k` (None: never)."""
        self.count, self.kill_at, self.names = 0, k, []
