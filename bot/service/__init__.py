"""Host logic with plain ids: lobbies, seats, play, notifications, deadlines and ratings.

Both front-ends (Discord and the console) call `Service`; nothing here imports discord.
"""

from __future__ import annotations

from bot.service.ai import Budget, register_ai
from bot.service.clock import Clock, FakeClock, SystemClock
from bot.service.outbox import (
    BattleReplay,
    ConsentRequest,
    Digest,
    GameOver,
    Image,
    Invite,
    LobbyUpdate,
    Message,
    Notice,
    PrivateUpdate,
    PublicUpdate,
    Reminder,
    Reply,
)
from bot.service.presenters import Presenter, register_presenter
from bot.service.profiles import HostProfile, Mode, register_profile
from bot.service.service import Service

__all__ = [
    "BattleReplay",
    "Budget",
    "Clock",
    "ConsentRequest",
    "Digest",
    "FakeClock",
    "GameOver",
    "HostProfile",
    "Image",
    "Invite",
    "LobbyUpdate",
    "Message",
    "Mode",
    "Notice",
    "Presenter",
    "PrivateUpdate",
    "PublicUpdate",
    "Reminder",
    "Reply",
    "Service",
    "SystemClock",
    "register_ai",
    "register_presenter",
    "register_profile",
]
