"""`/privacy export` and `/privacy forget`: a player's own data."""

from __future__ import annotations

from typing import TYPE_CHECKING

import bot.service.privacy as privacy
from bot.service.commands.spec import Command, Group, Options, opt
from bot.service.outbox import Reply

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

GROUP = "privacy"


async def _export(service: Service, user: UserId, o: Options) -> Reply:
    del o
    return await privacy.export(service.host, service.user(user))


async def _forget(service: Service, user: UserId, o: Options) -> Reply:
    return await privacy.forget(service.host, service.user(user), bool(o.get("confirm")))


def group() -> Group:
    """The /privacy commands."""
    return Group(GROUP, "Your data: get a copy of everything Muster keeps, or be forgotten", "", (
        Command("export", "A file of everything Muster keeps about you (only you see it)",
                _export, (), GROUP),
        Command("forget", "Delete your settings and ratings; finished games keep no name",
                _forget, (opt("confirm", "bool", "true to really forget (cannot be undone)"),),
                GROUP),
    ))  # fmt: skip
