"""The solo sniper mission through the service: commit-first dice, play, images, verify, records."""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace
from typing import Any

import pytest

from bot.service import GameOver, PublicUpdate, Service
from bot.service.commands import catalogue, complete
from bot.service.dice_audit import audit, salt, seeds_of
from bot.service.errors import LobbyError, PermissionDeniedError
from bot.service.table import load_table
from games.sniper_elite.actions import OrdersDealt, TokensDrawn
from games.sniper_elite.model import Modifier
from tests.hosting.helpers import command, public, state


async def _play_out(service: Service, gid: int, rng: random.Random) -> list[Any]:
    messages: list[Any] = []
    for _ in range(500):
        options = await service.options(gid, "sam")
        if not options:
            return messages
        shots = [o for o in options if o.startswith("shoot")]
        pick = rng.choice(shots) if shots and rng.random() < 0.5 else rng.choice(options)
        messages += (await command(service, "sam", "sniper act", action=pick)).messages
    raise AssertionError("the mission did not end")


async def _mission(service: Service, secret: str, words: str | None = None, **new: Any) -> int:
    created = await command(service, "sam", "sniper new", _seed=secret, **new)
    assert created.game_id is not None
    await command(service, "sam", "sniper start", game=created.game_id, seed=words)
    return created.game_id


async def test_the_host_commits_before_the_player_adds_words(service: Service) -> None:
    created = await command(service, "sam", "sniper new", map="pinecrest",
                            challenge="marksman", _seed="server-secret")  # fmt: skip
    gid = created.game_id
    assert gid is not None
    digest = hashlib.sha256(b"server-secret").hexdigest()
    assert (
        f"Dice commitment (SHA-256 of the host's secret seed): {digest}. Now /sniper start "
        "begins the mission; give seed: your own words to mix them into every draw."
    ) in created.text
    # Nothing is drawn before the player's words are in: the game is still a lobby.
    assert (await service.store.get_game(gid)).status.value == "lobby"
    assert await service.store.events(gid) == []
    started = await command(service, "sam", "sniper start", seed="my lucky words")
    [opening] = public(started.messages)
    assert (
        f"Dice: the host's secret seed was committed at creation (SHA-256 {digest}). Your "
        "words 'my lucky words' are mixed into every draw."
    ) in opening.text
    table = await load_table(service.host, gid)
    assert table.game_config["dice_salt"] == salt({"0": "my lucky words"})
    assert opening.images[0].name.endswith("-board.png")


async def test_the_words_change_every_draw_and_the_same_words_repeat_them(
    service: Service,
) -> None:
    games = [await _mission(service, "same-secret", w) for w in ("alpha", "beta", "alpha")]
    deals = []
    for gid in games:
        table = await load_table(service.host, gid)
        deals.append([m.action for m in table.timeline.moves if isinstance(m.action, OrdersDealt)])
    assert deals[0] == deals[2] and deals[0] != deals[1]


async def test_verify_reproduces_a_finished_mission_and_keeps_the_seed_secret_before(
    service: Service,
) -> None:
    gid = await _mission(service, "reveal-me", "my own words")
    early = await command(service, "sam", "sniper verify", game=gid)
    assert "stays secret" in early.text and "reveal-me" not in early.text
    messages = await _play_out(service, gid, random.Random(11))
    before_end = [m for m in messages if not isinstance(m, GameOver)]
    assert not any("reveal-me" in getattr(m, "text", "") for m in before_end)
    [over] = [m for m in messages if isinstance(m, GameOver)]
    assert "Dice: the seed was reveal-me" in over.text
    assert over.images[0].name.endswith("-final-board.png")
    turns = [m for m in messages if isinstance(m, PublicUpdate) and "defenders' turn (" in m.text]
    assert turns
    [gif] = turns[0].images
    assert gif.name.endswith("-defenders.gif") and gif.png().startswith(b"GIF89a")
    checked = await command(service, "sam", "sniper verify", game=gid)
    lines = checked.text.splitlines()
    assert lines[:4] == [
        f"Game {gid}: dice verification.",
        "Your words: 'my own words'.",
        f"Seed revealed: 'reveal-me'; its sha256 = {hashlib.sha256(b'reveal-me').hexdigest()}.",
        "It matches the commitment posted at the start.",
    ]
    assert lines[4] == "Players' seeds match the salt the game used."
    assert lines[5].endswith("chance results recomputed: all match.")


async def test_verify_fails_on_a_tampered_secret_log_or_words(service: Service) -> None:
    gid = await _mission(service, "tamper", "honest words")
    await _play_out(service, gid, random.Random(3))
    table = await load_table(service.host, gid)
    moves = list(table.timeline.moves)
    posted = hashlib.sha256(b"tamper").hexdigest()
    words = seeds_of(table)

    def check(seed: str = "tamper", log: Any = moves, seeds: Any = words) -> list[str]:
        found = audit(table.spec, table.game_config, 1, seed, log, seeds=seeds, posted=posted)
        return [line for line in found.lines() if line.startswith("FAILED")]

    assert check() == []
    [secret] = check(seed="tamper2")[:1]
    assert secret == (
        f"FAILED: the revealed seed does not match the commitment posted at the start ({posted})."
    )
    assert check(seeds={"0": "other words"}) == [
        "FAILED: Players' seeds DO NOT match the salt the game used."
    ]
    shot = next(i for i, m in enumerate(moves) if isinstance(m.action, TokensDrawn))
    forged = replace(moves[shot].action, tiebreak=moves[shot].action.tiebreak + 1)
    tampered = [*moves[:shot], replace(moves[shot], action=forged), *moves[shot + 1 :]]
    [draws] = check(log=tampered)
    assert draws.startswith("FAILED: ") and draws.endswith("chance results recomputed: 1 differs!")


async def test_single_advantages_and_disadvantages_from_the_command(service: Service) -> None:
    chosen = {"advantages": "quiet_two", "disadvantages": "far-scouts, loud_three"}
    gid = await _mission(service, "mods", None, map="tidewater", challenge="scout", **chosen)
    mission = await state(service, gid)
    assert mission.modifiers == {
        Modifier.LIGHT_WOUND_STACK, Modifier.HEARD_MOVING, Modifier.NO_OBJECTIVES_1_9,
        Modifier.QUIET_TWO, Modifier.FAR_SCOUTS, Modifier.LOUD_THREE,
    }  # fmt: skip
    with pytest.raises(LobbyError) as bad:
        await command(service, "sam", "sniper new", advantages="far_scouts")
    assert bad.value.user_message.startswith("'far_scouts' is not an advantage; choose from: ")
    group = catalogue().group("sniper")
    assert group is not None
    new = group.command("new")
    assert new is not None
    found = await complete(service, "sam", new, "advantages", {}, "quiet_two,ex")
    assert [s.value for s in found] == ["quiet_two,extra_equipment", "quiet_two,extra_precision"]
    found = await complete(service, "sam", new, "disadvantages", {}, "")
    assert len(found) == 12 and found[0].value == "extra_noise"


async def test_actions_autocomplete_from_legal_moves(service: Service) -> None:
    gid = await _mission(service, "complete", None, map="tidewater")
    group = catalogue().group("sniper")
    assert group is not None
    legal = await service.options(gid, "sam")
    for name, option, prefix in (("enter", "space", "enter "), ("discard", "number", "discard ")):
        command_ = group.command(name)
        assert command_ is not None
        found = await complete(service, "sam", command_, option, {"game": gid})
        assert (
            sorted(prefix + s.value for s in found)
            == sorted(o for o in legal if o.startswith(prefix))[:25]
        )
    while not any(o.startswith("move") for o in await service.options(gid, "sam")):
        first = (await service.options(gid, "sam"))[0]
        await command(service, "sam", "sniper act", action=first)
    move = group.command("move")
    assert move is not None
    paths = await complete(service, "sam", move, "path", {"game": gid})
    moves = [o for o in await service.options(gid, "sam") if o.startswith("move ")]
    assert paths and {f"move {p.value}" for p in paths} <= set(moves)
    await command(service, "sam", "sniper move", path=paths[0].value)


async def test_records_and_the_leaderboard_rank_finished_missions(service: Service) -> None:
    for user, seed in (("sam", "r1"), ("kim", "r2"), ("sam", "r3")):
        started = await command(service, user, "sniper new", map="tidewater", _seed=seed)
        assert started.game_id is not None
        await command(service, user, "sniper start", game=started.game_id)
        for _ in range(500):
            options = await service.options(started.game_id, user)
            if not options:
                break
            await command(service, user, "sniper act", action=options[-1])
    board = await command(service, "sam", "sniper leaderboard", map="tidewater")
    lines = board.text.splitlines()
    assert lines[0].startswith("Sniper leaderboard, Tidewater Depot, challenge none")
    assert len(lines) == 3 and any("of 2 won" in line for line in lines)
    mine = await command(service, "sam", "sniper records")
    assert "Tidewater Depot / none: 2 missions" in mine.text
    scout = await command(service, "sam", "sniper leaderboard", map="pinecrest", challenge="scout")
    assert scout.text == "No finished missions on Pinecrest Signal Station (Scout) yet."


async def test_only_the_player_who_prepared_a_mission_adds_words_and_starts_it(
    service: Service,
) -> None:
    created = await command(service, "sam", "sniper new", _seed="mine")
    gid = created.game_id
    assert gid is not None
    with pytest.raises(PermissionDeniedError) as refused:
        await command(service, "kim", "sniper start", game=gid, seed="kim's words")
    assert refused.value.user_message == f"Only the player who prepared mission {gid} can start it."
    table = await load_table(service.host, gid)
    assert "seeds" not in table.settings.options and table.record.status.value == "lobby"
