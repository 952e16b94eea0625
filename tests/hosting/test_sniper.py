"""The solo sniper mission through the service: commitment, play, images, verify, records."""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace

from bot.service import GameOver, PublicUpdate, Service
from bot.service.commands import catalogue, complete
from bot.service.hosting.sniper_dice import commitment, game_seed, text_digest, verify
from bot.service.table import load_table
from games.sniper_elite.actions import TokensDrawn
from tests.hosting.helpers import command, public


async def _play_out(service: Service, gid: int, rng: random.Random) -> list[object]:
    messages: list[object] = []
    for _ in range(500):
        options = await service.options(gid, "sam")
        if not options:
            return messages
        shots = [o for o in options if o.startswith("shoot")]
        pick = rng.choice(shots) if shots and rng.random() < 0.5 else rng.choice(options)
        messages += (await command(service, "sam", "sniper act", action=pick)).messages
    raise AssertionError("the mission did not end")


async def test_a_mission_commits_to_its_seed_and_reveals_it_at_the_end(service: Service) -> None:
    started = await command(service, "sam", "sniper new", map="pinecrest", challenge="marksman",
                            seed="my lucky words", _seed="server-secret")  # fmt: skip
    gid = started.game_id
    assert gid is not None
    seed = game_seed("server-secret", "my lucky words")
    record = await service.store.get_game(gid)
    assert record.seed == seed and seed.endswith(text_digest("my lucky words"))
    digest = hashlib.sha256(seed.encode()).hexdigest()
    assert digest == commitment(seed) and digest in started.text
    [opening] = public(started.messages)
    assert digest in opening.text and opening.images[0].name.endswith("-board.png")
    early = await command(service, "sam", "sniper verify", game=gid)
    assert "stays secret" in early.text and seed not in early.text
    messages = await _play_out(service, gid, random.Random(11))
    before_end = [m for m in messages if not isinstance(m, GameOver)]
    assert not any(seed in getattr(m, "text", "") for m in before_end)
    [over] = [m for m in messages if isinstance(m, GameOver)]
    assert seed in over.text and over.images[0].name.endswith("-final-board.png")
    turns = [
        m for m in messages if isinstance(m, PublicUpdate) and "the defenders' turn (" in m.text
    ]
    assert turns and turns[0].images[0].name.endswith("-defenders.png")
    checked = await command(service, "sam", "sniper verify", game=gid)
    assert "Match: all" in checked.text and seed in checked.text


async def test_verify_finds_a_chance_result_that_the_seed_does_not_give(service: Service) -> None:
    started = await command(service, "sam", "sniper new", _seed="tamper")
    gid = started.game_id
    assert gid is not None
    await _play_out(service, gid, random.Random(3))
    table = await load_table(service.host, gid)
    moves = list(table.timeline.moves)
    honest = verify(table.spec, table.game_config, 1, table.record.seed, moves)
    assert honest.ok and honest.checked == sum(1 for m in moves if m.seat < 0)
    wrong = verify(table.spec, table.game_config, 1, table.record.seed + "x", moves)
    assert not wrong.ok and "MISMATCH" in "\n".join(wrong.lines())
    shot = next((i for i, m in enumerate(moves) if isinstance(m.action, TokensDrawn)), None)
    if shot is not None:
        action = moves[shot].action
        forged = replace(action, tiebreak=action.tiebreak + 1)
        moves[shot] = replace(moves[shot], action=forged)
        assert not verify(table.spec, table.game_config, 1, table.record.seed, moves).ok


async def test_actions_autocomplete_from_legal_moves(service: Service) -> None:
    started = await command(service, "sam", "sniper new", map="tidewater", _seed="complete")
    gid = started.game_id
    assert gid is not None
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
        for _ in range(500):
            options = await service.options(started.game_id, user)
            if not options:
                break
            await command(service, user, "sniper act", action=options[-1])
    board = await command(service, "sam", "sniper leaderboard", map="tidewater")
    lines = board.text.splitlines()
    assert lines[0].startswith("Sniper leaderboard, tidewater, challenge none")
    assert len(lines) == 3 and any("of 2 won" in line for line in lines)
    mine = await command(service, "sam", "sniper records")
    assert "tidewater / none: 2 missions" in mine.text
