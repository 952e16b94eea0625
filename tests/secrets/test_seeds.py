"""Every game's seed is its own secret, committed at creation, revealed only for that game."""

from __future__ import annotations

import hashlib
import re

import pytest

from bot.service import Service
from bot.service.leagues import LeagueService
from games import registry
from games.base import GameError
from tests.contract.stones import STONES
from tests.hosting.helpers import command

SECRET = re.compile(r"^[0-9a-f]{32}$")


@pytest.fixture(autouse=True)
def stones_registered() -> None:
    if "stones" not in registry.GAMES:
        registry.register(STONES)


async def code_of(call: object) -> str:
    try:
        await call  # type: ignore[misc]
    except GameError as err:
        return err.code
    raise AssertionError("no error")


async def test_league_tables_have_unrelated_secret_seeds(service: Service) -> None:
    leagues = LeagueService(service)
    org = leagues.caller("olga")
    lid = (await leagues.create(org, 3, "Open", "stones", rounds=2, round_time=3600,
                                seed="public words")).league_id  # fmt: skip
    assert lid is not None
    for name in ("alice", "bob", "carol", "dave"):
        await leagues.join(lid, name)
    await leagues.start_now(lid, org)
    current = (await leagues.state(lid)).current()
    assert current is not None
    seeds = [(await service.store.get_game(t.game_id)).seed for t in current.tables]
    assert len(seeds) == 2 and seeds[0] != seeds[1]
    assert all(SECRET.match(seed) for seed in seeds), seeds


async def test_every_game_keeps_its_commitment_from_creation(service: Service) -> None:
    for key in ("neuroshima", "space_alert", "stones"):
        created = await service.create(key, "alice")
        record = await service.store.get_game(created.game_id or 0)
        assert SECRET.match(record.seed)
        digest = hashlib.sha256(record.seed.encode()).hexdigest()
        assert record.config["dice"] == {"commitment": digest}


async def test_verify_reveals_only_a_finished_game_of_its_own_kind(service: Service) -> None:
    created = await service.create("stones", "alice")
    gid = created.game_id
    assert gid is not None
    await service.join(gid, "bob")
    await service.start(gid, "alice")
    await service.resign(gid, "bob")
    # Any kind's verify used to reveal any finished game's seed.
    wrong = command(service, "mallory", "warzone verify", game=gid)
    assert await code_of(wrong) == "wrong_game_kind"
    sniper = command(service, "mallory", "sniper verify", game=gid)
    assert await code_of(sniper) == "wrong_game_kind"
    running = await service.create("neuroshima", "alice")
    assert await code_of(command(service, "alice", "warzone verify",
                                 game=running.game_id)) == "wrong_game_kind"  # fmt: skip


async def test_a_rematch_draws_a_fresh_secret(service: Service) -> None:
    created = await service.create("stones", "alice")
    gid = created.game_id
    assert gid is not None
    await service.join(gid, "bob")
    await service.start(gid, "alice")
    await service.resign(gid, "bob")
    again = await service.rematch(gid, "bob")
    old, new = [(await service.store.get_game(g or 0)).seed for g in (gid, again.game_id)]
    assert old != new and SECRET.match(new)


async def test_any_game_can_be_verified_once_it_is_over(service: Service) -> None:
    created = await service.create("neuroshima", "alice", role="moloch")
    gid = created.game_id
    assert gid is not None
    await service.join(gid, "bob", "outpost")
    await service.start(gid, "alice")
    seed = (await service.store.get_game(gid)).seed
    digest = hashlib.sha256(seed.encode()).hexdigest()
    running = await command(service, "mallory", "verify", game=gid)
    assert digest in str(running.text) and seed not in str(running.text)
    assert "The seed is revealed when the game is over." in str(running.text)
    await service.resign(gid, "bob")
    over = str((await command(service, "mallory", "verify", game=gid)).text)
    assert seed in over and "FAILED" not in over


async def test_verify_offers_words_only_where_players_can_add_them(service: Service) -> None:
    created = await service.create("neuroshima", "alice", role="moloch")
    text = str((await command(service, "alice", "verify", game=created.game_id)).text)
    assert "Dice commitment for game" in text and "any player may" not in text
