"""Whole solo sniper missions through the Discord layer: commit, words, every command, verify."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image as PILImage

import rendering.sniper_elite as sniper_images
from bot.service.commands.frontend import place
from bot.service.presenters import _PRESENTERS, presenter_for
from bot.service.table import load_table
from games.sniper_elite import rules
from games.sniper_elite.actions import (
    Complete,
    DiscardObjective,
    EndTurn,
    Enter,
    Equip,
    Keep,
    Loot,
    Move,
    Place,
    Reward,
    Shoot,
    SniperAction,
)
from games.sniper_elite.model import CHALLENGES, Phase, State
from games.sniper_elite.view import SniperView
from tests.discord.conftest import SEED, World
from tests.discord.fakes import Sent
from tests.games.sniper_elite import policy

PNG = b"\x89PNG\r\n\x1a\n"
COMMITMENT = hashlib.sha256(SEED.encode()).hexdigest()
MAX_COMMANDS = 400


def tiny_gif() -> bytes:
    """A real two-frame GIF (the renderer has its own golden tests; this test is the plumbing)."""
    frames = [PILImage.new("P", (8, 8), i) for i in (1, 2)]
    buffer = io.BytesIO()
    frames[0].save(buffer, "GIF", save_all=True, append_images=frames[1:], duration=100)
    return buffer.getvalue()


@pytest.fixture
def animated(monkeypatch: pytest.MonkeyPatch) -> list[SniperView]:
    """Quick images; the views the defenders' turn animation was drawn from."""
    drawn: list[SniperView] = []

    def animation(view: SniperView) -> bytes:
        drawn.append(view)
        return tiny_gif()

    quick = replace(presenter_for("sniper_elite"), board=lambda view: PNG)
    monkeypatch.setitem(_PRESENTERS, "sniper_elite", quick)
    monkeypatch.setattr(sniper_images, "turn_animation", animation)
    return drawn


def slash_for(action: SniperAction) -> tuple[str, dict[str, Any]]:
    """The dedicated /sniper command and options that play `action`."""
    match action:
        case Move(path):
            return "sniper move", {"path": ",".join(path)}
        case Shoot(target, tokens):
            return "sniper shoot", {"target": target, "tokens": tokens}
        case EndTurn():
            return "sniper end", {}
        case Complete():
            return "sniper objective", {}
        case Loot():
            return "sniper loot", {}
        case Enter(space):
            return "sniper enter", {"space": space}
        case DiscardObjective(number):
            return "sniper discard", {"number": number}
        case Reward(kind, count):
            return "sniper reward", {"kind": kind, "count": count}
        case Keep(card):
            return "sniper keep", {"card": card}
        case Place(space):
            return "sniper place", {"space": space}
        case Equip(card, arg):
            return "sniper equip", {"card": card, "arg": arg}
    raise AssertionError(f"no command for {action}")


def hold_still(state: State) -> SniperAction:
    """A sniper who leaves the entry and then only waits: the defenders close in."""
    legal = rules.legal_actions(state, 0)
    if state.phase is Phase.SNIPER and state.sniper is not None:
        waits = [a for a in legal if isinstance(a, EndTurn)]
        if waits:
            return waits[0]
    return legal[0]


async def mission(world: World, map_key: str, words: str, **new: Any) -> int:
    """`/sniper new`, then `/sniper start` with the player's words; returns the game id."""
    log = world.client.log
    await world.slash(world.alice, "sniper new", map=map_key, **new)
    lobby = log.of("followup")[-1]
    game = int(lobby.custom_ids[-1].split(":")[1])
    assert f"Dice commitment (SHA-256 of the host's secret seed): {COMMITMENT}." in (
        lobby.content or ""
    )
    await world.slash(world.alice, "sniper start", seed=words)
    assert (await place(world.service, game)).status == "active"
    return game


async def play(world: World, game: int, choose: Callable[[State], SniperAction]) -> State:
    """Play the mission to its end with `choose`, one slash command per decision."""
    for _ in range(MAX_COMMANDS):
        state: State | None = (await load_table(world.service.host, game)).state
        assert state is not None
        if state.result is not None:
            return state
        name, options = slash_for(choose(state))
        version = (await place(world.service, game)).version
        # Called like World.slash, whose own `path` argument would clash with /sniper move's.
        command: Any = world.command(name)
        await command.callback(world.interaction(world.alice), **options)
        answer = world.client.log[-1].content
        assert (await place(world.service, game)).version > version, (name, options, answer)
    raise AssertionError("the mission did not end")


def thread_posts(world: World, game: int) -> list[Sent]:
    """What the game's thread received."""
    where = next(
        s.where for s in world.client.log.of("thread") if f"game {game}" in (s.content or "")
    )
    return world.client.log.of("send", where)


@pytest.mark.parametrize(
    ("map_key", "words", "choose", "result"),
    [
        ("tidewater", "WIN-T", policy.choose, "won"),
        ("pinecrest", "WIN-P", policy.choose, "won"),
        ("tidewater", "lost in the docks", hold_still, "lost"),
        ("pinecrest", "lost on the ridge", hold_still, "lost"),
    ],
)
async def test_a_whole_mission_through_discord_then_verify(
    world: World,
    animated: list[SniperView],
    map_key: str,
    words: str,
    choose: Callable[[State], SniperAction],
    result: str,
) -> None:
    game = await mission(world, map_key, words)
    end = await play(world, game, choose)
    assert end.result == result
    posts = thread_posts(world, game)
    texts = [p.content or "" for p in posts]
    assert texts[0].startswith(f"Dice commitment (SHA-256 of the host's secret seed): {COMMITMENT}")
    assert any(f"Your words '{words}' are mixed into every draw." in t for t in texts)
    turns = [p for p in posts if "the defenders' turn (round" in (p.content or "")]
    assert turns and all(p.files == [p.files[0]] for p in turns)
    assert all(p.files[0].endswith("-defenders.gif") for p in turns)
    assert len(animated) == len(turns) and all(v.steps for v in animated)
    assert animated[0].steps[0].text == "The defenders' turn."
    over = next(t for t in texts if f"Dice: the seed was {SEED}" in t)
    assert ("Mission accomplished" if result == "won" else "Mission failed") in over
    before = len(world.client.log)
    await world.slash(world.alice, "sniper verify")
    [answer] = [s for s in world.client.log[before:] if s.kind == "followup"]
    lines = (answer.content or "").splitlines()
    assert lines[:5] == [
        f"Game {game}: dice verification.",
        f"Your words: '{words}'.",
        f"Seed revealed: '{SEED}'; its sha256 = {COMMITMENT}.",
        "It matches the commitment posted at the start.",
        "Players' seeds match the salt the game used.",
    ]
    assert lines[5].endswith("chance results recomputed: all match.")
    assert not [s for s in world.client.log if "incident" in (s.content or "")]


@pytest.mark.parametrize("challenge", list(CHALLENGES))
async def test_every_officer_challenge_can_be_chosen(
    world: World, animated: list[SniperView], challenge: str
) -> None:
    map_key = "pinecrest" if len(challenge) % 2 else "tidewater"
    game = await mission(world, map_key, f"{challenge} words", challenge=challenge)
    state = (await load_table(world.service.host, game)).state
    assert state is not None and state.board == map_key
    assert state.modifiers == frozenset(CHALLENGES[challenge])


async def test_single_modifiers_through_discord(world: World, animated: list[SniperView]) -> None:
    game = await mission(world, "tidewater", "", advantages="suppressors,quiet_two",
                         disadvantages="five_hits")  # fmt: skip
    state = (await load_table(world.service.host, game)).state
    assert state is not None
    assert sorted(m.value for m in state.modifiers) == ["five_hits", "quiet_two", "suppressors"]


async def test_a_rematch_gets_its_own_thread_with_a_new_seed_committed_before_the_words(
    world: World, animated: list[SniperView]
) -> None:
    game = await mission(world, "tidewater", "first words", advantages="quiet_two",
                         disadvantages="five_hits")  # fmt: skip
    await world.slash(world.alice, "resign", game=game)
    await world.slash(world.alice, "rematch", game=game)
    again = game + 1
    table = await load_table(world.service.host, again)
    digest = hashlib.sha256(table.record.seed.encode()).hexdigest()
    assert table.record.seed != SEED and (await place(world.service, again)).status == "lobby"
    # The rematch's lobby message goes to the channel, with its buttons, and starts its thread.
    lobby = world.client.log.of("send", world.channel.id)[-1]
    assert (lobby.content or "").startswith(f"Rematch: game {again}, the same set-up")
    assert lobby.view is not None and lobby.custom_ids
    thread = (await place(world.service, again)).thread_id
    assert thread is not None and thread != (await place(world.service, game)).thread_id
    assert world.client.log.of("thread", thread)
    await world.slash(world.alice, "sniper start", game=again, seed="second words")
    texts = [s.content or "" for s in world.client.log.of("send", thread)]
    commitment = next(i for i, t in enumerate(texts) if t.startswith("Dice commitment"))
    assert texts[commitment].startswith(f"Dice commitment for game {again}: sha256 {digest}")
    assert any(f"(SHA-256 {digest}). Your words 'second words'" in t for t in texts[commitment:])
    state = (await load_table(world.service.host, again)).state
    assert state is not None and state.board == "tidewater"
    assert sorted(m.value for m in state.modifiers) == ["five_hits", "quiet_two"]
