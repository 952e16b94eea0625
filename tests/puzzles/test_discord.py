"""Puzzles through discord.py's real objects: /puzzle, its private panel, the daily post."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.discord import i18n
from bot.discord.app import tick_once
from bot.service.plugins.neuroshima.puzzles import choice, skill
from bot.service.presenters import _PRESENTERS
from games.neuroshima.puzzles import Puzzle
from storage.puzzles import DailySettings
from storage.records import GuildSettings
from tests.discord.real.images import quick_neuroshima
from tests.discord.real.payloads import EPHEMERAL, JSON
from tests.discord.real.world import GUILD, DiscordWorld, Person
from tests.puzzles.conftest import placing


@pytest.fixture(autouse=True)
def quick_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiny images: these tests are about round trips, the renderer has its own tests."""
    monkeypatch.setitem(_PRESENTERS, "neuroshima", quick_neuroshima())


@pytest.fixture
async def world(tmp_path: Path) -> AsyncIterator[DiscordWorld]:
    found = await DiscordWorld.open(tmp_path)
    yield found
    await found.close()
    assert found.problems() == []


def today() -> Puzzle:
    return choice.daily(datetime.now(UTC).date())


def ids(message: JSON) -> list[str]:
    return [c["custom_id"] for row in message["components"] for c in row["components"]]


def op(message: JSON, name: str) -> str:
    """The custom id of the puzzle panel component doing `name`."""
    return next(i for i in ids(message) if i.startswith("z") and i.split(":")[4] == name)


def menus(message: JSON, name: str) -> list[JSON]:
    """The puzzle panel's menus doing `name` (a long list is spread over several)."""
    return [
        c
        for row in message["components"]
        for c in row["components"]
        if c["type"] == 3
        and c["custom_id"].startswith("zs:")
        and c["custom_id"].split(":")[4] == name
    ]


async def pick(world: DiscordWorld, who: Person, panel: JSON, name: str, value: str) -> JSON:
    """Pick `value` in the panel's `name` menus, opening groups of moves on the way."""
    for _ in range(8):
        shown = world.fake.message(int(panel["id"]))
        for menu in menus(shown, name):
            values = [o["value"] for o in menu["options"]]
            group = [v for v in values if v.startswith("»") and value.startswith(v[1:] + " ")]
            if value in values or group:
                await world.select(
                    who, shown, menu["custom_id"], value if value in values else group[0]
                )
                break
        else:
            raise AssertionError(f"{value!r} is in no {name} menu")
        if value in values:
            return world.fake.message(int(panel["id"]))
    raise AssertionError(f"{value!r} was never offered")


async def play_action(world: DiscordWorld, who: Person, panel: JSON, action: str) -> JSON:
    """Play one action on the panel as a player clicks it; the panel as it is after."""
    words = action.split()
    if words[0] != "place":
        return await pick(world, who, panel, "act", action)
    tile, where, facing = words[1], words[2], words[3]
    await pick(world, who, panel, "tile", tile)
    await pick(world, who, panel, "hex", where)
    for _ in range(6):
        shown = world.fake.message(int(panel["id"]))
        assert len(world.fake.attachments(shown)) == 1  # the live preview
        confirm = op(shown, "ok")
        if confirm.split(":")[-1] == facing:
            await world.click(who, shown, confirm)
            return world.fake.message(int(panel["id"]))
        await world.click(who, shown, i18n.t("right", "en"))
    raise AssertionError(f"facing {facing} never offered")


def kinds() -> list[Puzzle]:
    """One shipped puzzle per kind of first move (place, push, move, an instant...)."""
    found: dict[str, Puzzle] = {}
    for puzzle in choice.shipped():
        found.setdefault(puzzle.solutions[0][0].split()[0], puzzle)
    return list(found.values())


@pytest.mark.parametrize("puzzle", kinds(), ids=lambda p: p.id)
async def test_a_puzzle_is_played_on_the_panel_and_rated_privately(
    world: DiscordWorld, monkeypatch: pytest.MonkeyPatch, puzzle: Puzzle
) -> None:
    monkeypatch.setattr(choice, "daily", lambda day: puzzle)  # today's puzzle, whatever the date
    started = await world.slash(world.alice, "puzzle play")
    assert started.callback is not None and started.callback.json["data"]["flags"] == EPHEMERAL
    (panel,) = [m for m in started.replies() if m["components"]]
    assert int(panel["flags"]) & EPHEMERAL
    assert f"Puzzle {puzzle.id} " in panel["content"]
    assert len(world.fake.attachments(panel)) == 2  # the board and the hand
    assert op(panel, "end").startswith("zp:")
    for action in puzzle.solutions[0]:
        panel = await play_action(world, world.alice, panel, action)
        if not panel["content"].startswith("Puzzle "):
            break  # the rules fought the battle themselves (a Battle tile, a full board)
        assert f"{action}." in panel["content"]  # "Played so far: ..."
    else:
        await world.click(world.alice, panel, op(panel, "end"))
    verdict = world.fake.message(int(panel["id"]))
    assert verdict["content"].startswith("Solved: the goal is reached.")
    shown = [a.filename for a in world.fake.attachments(verdict)]
    assert shown[0].endswith("-battle.gif")
    service = world.client.runner.service  # type: ignore[union-attr]
    rating = await service.store.puzzle_skill(GUILD, world.alice.id)
    assert rating is not None and skill.shown(rating) > 1500
    assert f"→ {skill.shown(rating)} " in verdict["content"]
    # Nothing of it was posted where others read.
    assert [m for m in world.messages(world.channel) if not int(m["flags"]) & EPHEMERAL] == []


async def test_a_wrong_try_shows_its_battle_and_offers_another(world: DiscordWorld) -> None:
    started = await world.slash(world.alice, "puzzle play")
    (panel,) = [m for m in started.replies() if m["components"]]
    await world.click(world.alice, panel, op(panel, "end"))
    verdict = world.fake.message(int(panel["id"]))
    assert verdict["content"].startswith("Not solved")
    again = await world.click(world.alice, verdict, "Try again")
    assert again.edits and today().id in world.fake.message(int(panel["id"]))["content"]
    assert "zp:" in op(world.fake.message(int(panel["id"])), "end")


async def test_another_player_cannot_answer_someones_panel(world: DiscordWorld) -> None:
    started = await world.slash(world.alice, "puzzle play")
    (panel,) = [m for m in started.replies() if m["components"]]
    await world.slash(world.bob, "puzzle play")  # bob has a puzzle of his own in play
    clicked = await world.click(world.bob, panel, op(panel, "end"))
    (refusal,) = clicked.followups
    assert refusal.json["content"] == i18n.t("not_yours", "en")
    assert refusal.json["flags"] == EPHEMERAL
    assert clicked.edits == []
    service = world.client.runner.service  # type: ignore[union-attr]
    assert (await service.store.open_puzzle_try(world.alice.id)) is not None


async def test_the_daily_post_goes_to_the_channel_once(world: DiscordWorld) -> None:
    service = world.client.runner.service  # type: ignore[union-attr]
    channel = int(world.channel["id"])
    await service.store.put_puzzle_daily(DailySettings(GUILD, channel, 0, "UTC"))
    delivery = world.client.runner.delivery  # type: ignore[union-attr]
    await tick_once(service, delivery, leagues=False)
    await tick_once(service, delivery, leagues=False)
    (post,) = world.messages(world.channel)
    assert post["content"].startswith(f"Daily puzzle of {datetime.now(UTC).date().isoformat()}.")
    assert today().id in post["content"] and len(world.fake.attachments(post)) == 2


async def test_the_daily_post_speaks_the_servers_language(world: DiscordWorld) -> None:
    service = world.client.runner.service  # type: ignore[union-attr]
    await service.store.put_guild_settings(GuildSettings(GUILD, "cs"))
    await service.store.put_puzzle_daily(DailySettings(GUILD, int(world.channel["id"]), 0, "UTC"))
    await tick_once(service, world.client.runner.delivery, leagues=False)  # type: ignore[union-attr]
    (post,) = world.messages(world.channel)
    assert post["content"].startswith("Denní úloha ")
    assert "Hrajte ji přes /puzzle play" in post["content"]


async def test_a_panel_works_after_a_restart_and_an_old_one_is_out_of_date(
    world: DiscordWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = placing()
    monkeypatch.setattr(choice, "daily", lambda day: puzzle)
    first = await world.slash(world.alice, "puzzle play")
    (old,) = [m for m in first.replies() if m["components"]]
    second = await world.slash(world.alice, "puzzle play")  # the same try, shown again
    (panel,) = [m for m in second.replies() if m["components"]]
    assert op(panel, "end") == op(old, "end")
    panel = await play_action(world, world.alice, panel, puzzle.solutions[0][0])
    await world.restart()
    late = await world.click(world.alice, old, op(old, "end"))
    (refusal,) = late.followups
    assert refusal.json["content"] == "This puzzle panel is out of date; use the newest one."
    assert late.edits == []
    for action in puzzle.solutions[0][1:]:
        panel = await play_action(world, world.alice, panel, action)
    if panel["content"].startswith("Puzzle "):
        await world.click(world.alice, panel, op(panel, "end"))
    verdict = world.fake.message(int(panel["id"]))
    assert verdict["content"].startswith("Solved: the goal is reached.")


async def test_the_daily_posts_play_button_answers_the_clicker_only(world: DiscordWorld) -> None:
    service = world.client.runner.service  # type: ignore[union-attr]
    await service.store.put_puzzle_daily(DailySettings(GUILD, int(world.channel["id"]), 0, "UTC"))
    await tick_once(service, world.client.runner.delivery, leagues=False)  # type: ignore[union-attr]
    (post,) = world.messages(world.channel)
    before = dict(post)
    clicked = await world.click(world.bob, post, "Play today's puzzle")
    (panel,) = [r.json for r in clicked.followups]
    assert panel["flags"] == EPHEMERAL and f"Puzzle {today().id} " in panel["content"]
    assert clicked.edits == [] and world.fake.message(int(post["id"])) == before
    assert (await service.store.open_puzzle_try(world.bob.id)) is not None
    assert (await service.store.open_puzzle_try(world.alice.id)) is None


async def test_undo_on_the_panel_and_a_finished_tries_panel_is_out_of_date(
    world: DiscordWorld, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = placing()
    monkeypatch.setattr(choice, "daily", lambda day: puzzle)
    started = await world.slash(world.alice, "puzzle play")
    (panel,) = [m for m in started.replies() if m["components"]]
    panel = await play_action(world, world.alice, panel, puzzle.solutions[0][0])
    assert "Played so far" in panel["content"]
    await world.click(world.alice, panel, op(panel, "undo"))
    undone = world.fake.message(int(panel["id"]))
    assert "Played so far" not in undone["content"] and undone["content"].startswith("Puzzle ")
    assert op(undone, "undo").split(":")[3] == "2"  # two writes: the place, then its undo
    shown = await world.slash(world.alice, "puzzle show")  # the try on a second panel
    (second,) = [m for m in shown.replies() if m["components"]]
    await world.click(world.alice, second, op(second, "end"))
    verdict = world.fake.message(int(second["id"]))
    assert verdict["content"].startswith("Not solved")
    late = await world.click(world.alice, undone, op(undone, "end"))  # the battle is fought
    (refusal,) = late.followups
    assert refusal.json["content"] == "This puzzle panel is out of date; use the newest one."
    assert refusal.json["flags"] == EPHEMERAL and not refusal.json.get("components")
    assert late.edits == []
