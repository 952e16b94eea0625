"""Many servers, one bot: a game belongs to the server it was created in.

Mallory administrates server B and types the numbers of server A's games (they are sequential).
Every attempt is refused with a coded answer and changes nothing; the players of A keep acting
from their DMs.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import Reply, Service
from bot.service.commands import catalogue, complete, dispatch
from bot.service.commands.admin_tools import REPLACE, START
from bot.service.commands.spec import Command
from games.base import GameError
from storage.records import GameStatus

A, B = 1001, 2002
IN_A = {"_guild": A, "_channel": 11}
IN_B = {"_guild": B, "_channel": 22}
ADMIN_B = {**IN_B, "_admin": True}
DM: dict[str, Any] = {}


def command(path: str) -> Command:
    """A catalogue command by path."""
    found = catalogue().find(path)
    assert found is not None, path
    return found


async def run(service: Service, caller: str, where: str | Command, **options: Any) -> Reply:
    """Dispatch a command as a front-end would."""
    found = command(where) if isinstance(where, str) else where
    return await dispatch(service, caller, found, options)


async def refused(
    service: Service, caller: str, where: str | Command, code: str, **options: Any
) -> GameError:
    """Run a command that must fail with `code`."""
    with pytest.raises(GameError) as caught:
        await run(service, caller, where, **options)
    assert caught.value.code == code, caught.value.user_message
    return caught.value


async def lobby_in_a(service: Service, **options: Any) -> int:
    """A Neuroshima lobby alice opened in server A, with bob seated."""
    made = await run(service, "alice", "neuroshima new", **IN_A, **options)
    assert made.game_id is not None
    await run(service, "bob", "neuroshima join", game=made.game_id, **IN_A)
    return made.game_id


async def game_in_a(service: Service) -> int:
    """A running Neuroshima duel of alice and bob in server A."""
    gid = await lobby_in_a(service)
    await run(service, "alice", "neuroshima start", game=gid, **IN_A)
    return gid


async def snapshot(service: Service, gid: int) -> tuple[Any, ...]:
    """What a refused command must not change: status, version and seats."""
    record = await service.store.get_game(gid)
    seats = sorted((s.seat, s.user_id, s.role) for s in await service.store.seats(gid))
    return record.status, record.version, tuple(seats), record.config


async def test_another_servers_admin_cannot_cancel_abort_pause_or_replace(service: Service) -> None:
    gid = await game_in_a(service)
    before = await snapshot(service, gid)
    err = await refused(service, "mallory", "cancel", "not_here", game=gid, **ADMIN_B)
    assert err.user_message == f"There is no game {gid} here."
    await refused(service, "mallory", "abort", "not_here", game=gid, **ADMIN_B)
    await refused(service, "mallory", "pause", "not_here", game=gid, **ADMIN_B)
    await refused(service, "mallory", "resign", "not_here", game=gid, **ADMIN_B)
    await refused(
        service, "mallory", REPLACE, "not_here", game=gid, old="bob", new="mallory", **ADMIN_B
    )
    await refused(service, "mallory", "neuroshima act", "not_here", game=gid, action="end",
                  **ADMIN_B)  # fmt: skip
    assert await snapshot(service, gid) == before


async def test_another_servers_admin_cannot_start_join_or_seat_ai(service: Service) -> None:
    gid = await lobby_in_a(service)
    before = await snapshot(service, gid)
    await refused(service, "mallory", START, "not_here", game=gid, **ADMIN_B)
    await refused(service, "mallory", "neuroshima start", "not_here", game=gid, **ADMIN_B)
    await refused(service, "mallory", "neuroshima add-ai", "not_here", game=gid, **ADMIN_B)
    await refused(service, "mallory", "neuroshima join", "not_here", game=gid, **IN_B)
    await refused(service, "mallory", "invite", "not_here", game=gid, user="eve", **ADMIN_B)
    await refused(service, "mallory", "cancel", "not_here", game=gid, **ADMIN_B)
    assert await snapshot(service, gid) == before


async def test_nobody_looks_at_another_servers_game(service: Service) -> None:
    gid = await game_in_a(service)
    for path in ("board", "history", "replay"):
        await refused(service, "mallory", path, "not_here", game=gid, **IN_B)
        await refused(service, "mallory", path, "not_here", game=gid, **DM)
    await refused(service, "mallory", "hand", "not_here", game=gid, **IN_B)


async def test_players_act_on_their_game_from_anywhere(service: Service) -> None:
    gid = await game_in_a(service)
    shown = await run(service, "alice", "board", game=gid, **DM)
    assert shown.game_id == gid
    assert (await run(service, "bob", "history", game=gid, **IN_B)).game_id == gid
    await run(service, "bob", "pause", game=gid, **DM)
    assert (await service.store.get_game(gid)).status is GameStatus.ACTIVE


async def test_a_seated_admin_of_another_server_has_no_admin_power_here(service: Service) -> None:
    gid = await game_in_a(service)
    before = await snapshot(service, gid)
    # Bob plays in A and administrates B: in B he is only a player of A's game.
    await refused(service, "bob", "cancel", "not_admin", game=gid, **ADMIN_B)
    await refused(service, "bob", REPLACE, "not_admin", game=gid, old="alice", new="bob",
                  **ADMIN_B)  # fmt: skip
    assert await snapshot(service, gid) == before
    # The same power given in A works.
    cancelled = await run(service, "root", "cancel", game=gid, **IN_A, _admin=True)
    assert cancelled.text
    assert (await service.store.get_game(gid)).status is not GameStatus.ACTIVE


async def test_a_seated_admin_cannot_start_another_servers_lobby(service: Service) -> None:
    gid = await lobby_in_a(service)
    before = await snapshot(service, gid)
    await refused(service, "bob", START, "not_admin", game=gid, **ADMIN_B)
    await refused(service, "bob", "neuroshima start", "not_host", game=gid, **ADMIN_B)
    assert await snapshot(service, gid) == before
    started = await run(service, "root", START, game=gid, **IN_A, _admin=True)
    assert started.game_id == gid
    assert (await service.store.get_game(gid)).status is GameStatus.ACTIVE


async def test_an_invited_player_joins_from_dms(service: Service) -> None:
    made = await run(service, "alice", "neuroshima challenge", opponent="carol", **IN_A)
    gid = made.game_id
    assert gid is not None
    await refused(service, "mallory", "neuroshima join", "not_here", game=gid, **IN_B)
    joined = await run(service, "carol", "neuroshima join", game=gid, **DM)
    assert joined.game_id == gid
    seated = {s.user_id for s in await service.store.seats(gid)}
    assert service.user("carol") in seated


async def suggestions(service: Service, user: str, path: str, option: str, **ctx: Any) -> set[str]:
    """The values autocomplete offers."""
    found = await complete(service, user, command(path), option, ctx)
    return {s.value for s in found}


async def test_open_lobbies_lists_only_this_servers_open_lobbies(service: Service) -> None:
    public = (await run(service, "alice", "neuroshima new", **IN_A)).game_id
    challenge = await run(service, "alice", "neuroshima challenge", opponent="carol", **IN_A)
    private = challenge.game_id
    elsewhere = (await run(service, "zed", "neuroshima new", **IN_B)).game_id
    assert await suggestions(service, "dave", "neuroshima join", "game", **IN_A) == {str(public)}
    assert await suggestions(service, "dave", "neuroshima join", "game", **IN_B) == {str(elsewhere)}
    # The invitee and the host see the invitation-only lobby; from DMs only that one.
    assert str(private) in await suggestions(service, "carol", "neuroshima join", "game", **IN_A)
    assert await suggestions(service, "carol", "neuroshima join", "game", **DM) == {str(private)}
    assert str(private) in await suggestions(service, "alice", "neuroshima join", "game", **IN_B)


async def test_other_servers_games_are_not_suggested(service: Service) -> None:
    gid = await game_in_a(service)
    assert await suggestions(service, "mallory", "board", "game", **IN_B) == set()
    assert await suggestions(service, "alice", "board", "game", **IN_B) == {str(gid)}
    lobby = await lobby_in_a(service)
    assert await suggestions(service, "mallory", "neuroshima army", "army", game=lobby,
                             **IN_B) == set()  # fmt: skip


async def test_league_organiser_powers_stop_at_the_server(service: Service) -> None:
    ctx = {**IN_A, "_seed": "servers"}
    await run(service, "olga", "league create", name="Tuesday", game="stones", rounds=1, **ctx)
    for name in ("alice", "bob"):
        await run(service, name, "league join", **ctx)
    started = await run(service, "olga", "league start", **ctx)
    assert started.text
    table = next(iter(await service.store.games_with_status(GameStatus.ACTIVE)))
    before = await snapshot(service, table.id)
    for line, extra in (
        ("league pause", {"reason": "x"}),
        ("league result", {"game": table.id, "draw": True, "reason": "x"}),
        ("league adjudicate", {"game": table.id}),
        ("league standings", {}),
    ):
        await refused(service, "mallory", line, "no_league", league="Tuesday", **ADMIN_B, **extra)
    assert await snapshot(service, table.id) == before
