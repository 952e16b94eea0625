"""What the league service asks front-ends to deliver, beside the game messages of its tables.

A LeagueReply is a Reply (so command handlers return it unchanged) with one more field,
`league`: deliver those first (they create the threads the game messages then go to).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.service.outbox import Image, Reply
from games.text import Text


@dataclass(frozen=True, slots=True)
class LeagueAnnouncement:
    """For the league's channel: check-in, pairings, standings (with the image), the podium."""

    league_id: int
    guild_id: int
    channel_id: int | None
    text: str
    images: tuple[Image, ...] = ()
    mention: tuple[int, ...] = ()
    kind: str = "league"


@dataclass(frozen=True, slots=True)
class TableOpened:
    """A round's table: open a thread `title` under the league channel, mention `users`.

    Then bind it with `LeagueService.bind_thread(game_id, thread_id)` so the game's own
    messages (delivered after this) go to that thread.
    """

    league_id: int
    guild_id: int
    channel_id: int | None
    round: int
    board: int
    game_id: int
    users: tuple[int, ...]
    title: str
    text: str
    kind: str = "league_table"


@dataclass(frozen=True, slots=True)
class ScheduledEvent:
    """Create a Discord Scheduled Event for the night, then `LeagueService.link_event(...)`."""

    league_id: int
    guild_id: int
    channel_id: int | None
    name: str
    start: datetime
    end: datetime
    description: str
    kind: str = "league_event"


@dataclass(frozen=True, slots=True)
class ScheduledEventChange:
    """Move the linked Scheduled Event on: 'active' (started), 'completed' or 'cancelled'."""

    league_id: int
    guild_id: int
    event: str
    status: str
    kind: str = "league_event_change"


LeagueMessage = LeagueAnnouncement | TableOpened | ScheduledEvent | ScheduledEventChange


@dataclass(frozen=True, slots=True)
class LeagueReply(Reply):
    """A Reply with league messages (deliver `league` before `messages`)."""

    league: tuple[LeagueMessage, ...] = ()
    league_id: int | None = None
    images: tuple[Image, ...] = ()
    """Images that belong to the answer itself (the standings image of /league standings)."""


def combine(replies: list[LeagueReply], text: str | None = None) -> LeagueReply:
    """Several league replies as one (texts joined unless `text` is given)."""
    joined = Text.lines(r.text for r in replies if r.text) if text is None else text
    return LeagueReply(
        joined,
        tuple(m for r in replies for m in r.messages),
        next((r.game_id for r in reversed(replies) if r.game_id is not None), None),
        tuple(m for r in replies for m in r.league),
        next((r.league_id for r in reversed(replies) if r.league_id is not None), None),
        tuple(i for r in replies for i in r.images),
    )
