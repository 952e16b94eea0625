"""The front-ends' plug-ins: a game's own replies, messages and components reach the generic
Discord and console code only through the explicit lists a bot and a console are built with."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.console.plugin import ConsolePlugin, ConsolePlugins
from bot.console.plugins.registry import builtin as console_builtin
from bot.console.show import Images
from bot.discord.app import DYNAMIC_ITEMS, HOST_ITEMS
from bot.discord.plugin import DiscordPlugin, DiscordPlugins
from bot.discord.plugins.neuroshima.daily import post_daily
from bot.discord.plugins.neuroshima.puzzles import PuzzleButton, PuzzleSelect, present
from bot.discord.plugins.registry import builtin as discord_builtin
from bot.discord.plugins.space_alert.bridge import deliver_bridge
from bot.service.outbox import Reply
from bot.service.plugins.neuroshima.puzzles.messages import DailyPuzzle
from bot.service.plugins.neuroshima.puzzles.shown import Panel, PuzzleReply
from bot.service.plugins.registry import builtin
from bot.service.plugins.space_alert.bridge import BRIDGE, BRIDGE_EDIT

ROOT = Path(__file__).resolve().parents[2]


def test_each_front_end_plug_in_belongs_to_one_hosted_game() -> None:
    hosted = [p.key for p in builtin()]
    for plugins in (discord_builtin(), console_builtin()):
        keys = [p.key for p in plugins]
        assert len(set(keys)) == len(keys) and set(keys) <= set(hosted)


def test_the_shipped_discord_plug_ins_route_the_games_own_kinds() -> None:
    shipped = DiscordPlugins(discord_builtin())
    daily = DailyPuzzle(1, 2, "2026-11-26", "p1", "today")
    assert shipped.deliverer(daily.kind) is post_daily
    assert shipped.deliverer(BRIDGE) is shipped.deliverer(BRIDGE_EDIT) is deliver_bridge
    assert shipped.deliverer("public") is None  # a game update is the generic post
    assert shipped.presenter(PuzzleReply("solved")) is present
    assert shipped.presenter(Reply("done")) is None
    assert (shipped.own("zp"), shipped.own("zs"), shipped.own("mp")) == (
        PuzzleButton,
        PuzzleSelect,
        None,
    )


def test_a_bot_built_without_plug_ins_knows_no_games_own() -> None:
    bare = DiscordPlugins(())
    assert bare.items == () and bare.deliverer(BRIDGE) is None and bare.own("zp") is None
    assert bare.presenter(PuzzleReply("solved")) is None
    # The persistent components of the shipped bot: the host's, then the plug-ins'.
    assert (*HOST_ITEMS, PuzzleButton, PuzzleSelect) == DYNAMIC_ITEMS


async def _noop(*args: object) -> None:
    del args


def _lines(*args: object) -> list[str]:
    return [str(a) for a in args]


@pytest.mark.parametrize(
    "two",
    [
        (DiscordPlugin("a", deliverers={"x": _noop}), DiscordPlugin("b", deliverers={"x": _noop})),
        (
            DiscordPlugin("a", replies={PuzzleReply: _noop}),
            DiscordPlugin("b", replies={PuzzleReply: _noop}),
        ),
        (DiscordPlugin("a"), DiscordPlugin("a")),
    ],
)
def test_two_plug_ins_cannot_claim_one_thing(two: tuple[DiscordPlugin, DiscordPlugin]) -> None:
    with pytest.raises(ValueError, match="two Discord plug-ins"):
        DiscordPlugins(two)


@pytest.mark.parametrize(
    "claim",
    [
        DiscordPlugin("a", deliverers={"public": _noop}),  # every game's public update
        DiscordPlugin("a", deliverers={"catchup": _noop}),
        DiscordPlugin("a", deliverers={"league_table": _noop}),
        DiscordPlugin("a", replies={Reply: _noop}),  # every plain answer
        DiscordPlugin("a", panel_replies={Reply: _noop}),
    ],
)
def test_no_plug_in_takes_over_the_hosts_own_messages_or_replies(claim: DiscordPlugin) -> None:
    with pytest.raises(ValueError, match="claims the host's own"):
        DiscordPlugins([claim])


@pytest.mark.parametrize(
    "two",
    [
        (ConsolePlugin("a", lines={Reply: _lines}), ConsolePlugin("b", lines={Reply: _lines})),
        (ConsolePlugin("a"), ConsolePlugin("a")),
    ],
)
def test_two_console_plug_ins_cannot_claim_one_thing(
    two: tuple[ConsolePlugin, ConsolePlugin],
) -> None:
    with pytest.raises(ValueError, match="two console plug-ins"):
        ConsolePlugins(two)


def test_the_console_prints_a_puzzle_and_keeps_it_in_play_through_its_plug_in() -> None:
    shipped, bare = ConsolePlugins(console_builtin()), ConsolePlugins(())
    open_try = PuzzleReply("your turn", panel=Panel(7, 1, 0, 3))
    fought = PuzzleReply("solved", solved=True)
    mode = shipped.mode(open_try)
    assert mode is not None and mode.command == "/puzzle act action:"
    assert shipped.mode(fought) is None and bare.mode(open_try) is None
    assert bare.lines(fought, Images(None), str) == []
