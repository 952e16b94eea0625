"""A reply says what it is, so a front-end routes it by that and not by the command's name."""

from __future__ import annotations

from bot.service import Service
from bot.service.commands import catalogue, dispatch
from bot.service.commands.admin_tools import START
from bot.service.outbox import (
    BOARD,
    LOBBY,
    PANEL,
    PRIVATE_REPLY,
    PUBLIC_KINDS,
    PUBLIC_REPLY,
    SEATED,
)
from storage.records import GameStatus
from tests.hosting.helpers import command


async def test_each_reply_says_what_it_is(service: Service) -> None:
    lobby = await command(service, "alice", "neuroshima new", army="moloch", _seed="kinds")
    gid = lobby.game_id
    assert gid is not None and lobby.kind == LOBBY
    joined = await command(service, "bob", "neuroshima join", game=gid, army="outpost")
    assert joined.kind == SEATED
    started = await command(service, "alice", "neuroshima start", game=gid)
    assert started.kind == PRIVATE_REPLY
    assert (await command(service, "bob", "board", game=gid)).kind == BOARD
    assert (await command(service, "bob", "hand", game=gid)).kind == PANEL
    assert (await command(service, "bob", "history", game=gid)).kind == PUBLIC_REPLY
    solo = await command(service, "erin", "space-alert new", crew=1, _seed="kinds")
    assert solo.kind == LOBBY


def test_new_games_open_lobbies_and_boards_logs_and_league_nights_are_public() -> None:
    for group in catalogue().groups:
        opening = [c for c in group.commands if c.name in ("new", "challenge")]
        assert all(c.answers == LOBBY for c in opening), group.name
    public = {c.path for c in catalogue().commands if c.answers in PUBLIC_KINDS}
    assert public == {"board", "history", "replay", "profile", "leaderboard"}
    league = {c.name for g in catalogue().groups if g.name == "league" for c in g.commands
              if c.answers not in PUBLIC_KINDS}  # fmt: skip
    assert league == {"setup", "log"}


async def test_a_server_admin_starts_any_games_full_lobby(service: Service) -> None:
    here = {"_guild": 7, "_channel": 70}
    crew = await command(service, "alice", "space-alert new", crew=2, _seed="admin", **here)
    assert crew.game_id is not None
    await command(service, "bob", "space-alert join", game=crew.game_id, **here)
    skirmish = await command(service, "carol", "warzone new", army="capitol", **here)
    assert skirmish.game_id is not None
    await command(
        service, "dave", "warzone join", game=skirmish.game_id, army="dark_legion", **here
    )
    for gid in (crew.game_id, skirmish.game_id):
        started = await dispatch(service, "root", START, {"game": gid, **here, "_admin": True})
        assert started.game_id == gid
        assert (await service.store.get_game(gid)).status is GameStatus.ACTIVE
