"""League nights and seasons: sign-up, check-in, Swiss/round-robin/knockout pairings, rounds of
hosted games, standings and podium images, organiser powers, seasons with their own ratings.

The league log (storage/leagues.py) is the truth; `state.fold` reads it. Front-ends call
`LeagueService` and `LeagueService.tick()` periodically; see docs in bot/service/leagues/service.py.
"""

from __future__ import annotations

from bot.service.leagues.messages import (
    LeagueAnnouncement,
    LeagueMessage,
    LeagueReply,
    ScheduledEvent,
    ScheduledEventChange,
    TableOpened,
)
from bot.service.leagues.service import CONSOLE_GUILD, Caller, LeagueService

__all__ = [
    "CONSOLE_GUILD",
    "Caller",
    "LeagueAnnouncement",
    "LeagueMessage",
    "LeagueReply",
    "LeagueService",
    "ScheduledEvent",
    "ScheduledEventChange",
    "TableOpened",
]
