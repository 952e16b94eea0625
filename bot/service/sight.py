"""What a reader may see: the one door every public output goes through.

Replays, exports, the log, thread posts, the bridge, digests, verify, spectator images and league
announcements are drawn from `public_view` (a state's channel view, trimmed by the game's view
cut), never from a state: what the rules hide from the table cannot reach a public output, and
what a live game has not announced yet stays out of every image until the table has heard it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.service.game_hooks import view_cut
from bot.service.table import Host, Table
from games.base import Seat

Cut = Callable[[Any], Any]
"""A trim of a view to what its reader may see right now."""


def _whole(view: Any) -> Any:
    return view


def public_view(table: Table, state: Any, cut: Cut | None = None) -> Any:
    """The channel's view of `state` (a state of `table`'s game), trimmed by `cut`."""
    view = table.spec.rules.player_view(state, None)
    return view if cut is None else cut(view)


@dataclass(frozen=True, slots=True)
class Sight:
    """What one reader (a seat, or None for the channel) may see of one table right now."""

    table: Table
    reader: Seat | None
    cut: Cut

    def view(self, state: Any = None) -> Any:
        """The reader's view of `state` (the table's current state by default)."""
        state = self.table.state if state is None else state
        if self.reader is None:
            return public_view(self.table, state, self.cut)
        return self.cut(self.table.spec.rules.player_view(state, self.reader))


async def sight(host: Host, table: Table, reader: Seat | None = None) -> Sight:
    """What `reader` (None: anyone in the channel) may see of `table` now."""
    cut = await view_cut(host, table) if table.state is not None else _whole
    return Sight(table, reader, cut)
