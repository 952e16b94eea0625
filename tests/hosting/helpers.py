"""Shared steps: running commands as users, opening a crew, reading messages of a reply."""

from __future__ import annotations

from typing import Any

from bot.service import Message, PrivateUpdate, PublicUpdate, Reply, Service
from bot.service.commands import catalogue, dispatch
from bot.service.table import load_table

CREW = ("alice", "bob", "carol", "dave")


async def command(service: Service, user: str, where: str, **options: Any) -> Reply:
    """Run a catalogue command for `user`."""
    found = catalogue().find(where)
    assert found is not None, where
    return await dispatch(service, user, found, options)


async def crew(service: Service, seed: str, players: int = 4, **options: Any) -> int:
    """A started Space Alert game of `players` named crew members; returns its id."""
    created = await command(
        service, CREW[0], "space-alert new", crew=players, _seed=seed, **options
    )
    gid = created.game_id
    assert gid is not None
    for name in CREW[1:players]:
        await command(service, name, "space-alert join", game=gid)
    await command(service, CREW[0], "space-alert start", game=gid)
    return gid


async def state(service: Service, gid: int) -> Any:
    """The game's full state (tests only)."""
    return (await load_table(service.host, gid)).state


def public(messages: tuple[Message, ...] | list[Message]) -> list[PublicUpdate]:
    """The public updates among messages."""
    return [m for m in messages if isinstance(m, PublicUpdate)]


def private(messages: tuple[Message, ...] | list[Message]) -> list[PrivateUpdate]:
    """The private updates among messages."""
    return [m for m in messages if isinstance(m, PrivateUpdate)]
