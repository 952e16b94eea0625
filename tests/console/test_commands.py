"""The command catalogue: Discord's limits, the grammar's mapping to service calls, autocomplete."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from bot.service import Reply
from bot.service.commands import (
    Catalogue,
    Command,
    Group,
    catalogue,
    check_command,
    dispatch,
    help_text,
    validate,
)
from bot.service.commands.spec import opt
from games.base import GameError

LETTERS = tuple("abcdefghijklmnopqrstuvwxyz")


class Recorder:
    """Stands in for the service: records the calls a handler makes."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.kind = "neuroshima"
        """The kind of every game it is asked about (commands check the game's kind)."""
        self.store = self

    async def get_game(self, game_id: int) -> Any:
        return SimpleNamespace(id=game_id, game_key=self.kind, guild_id=None, config={})

    async def seats(self, game_id: int) -> list[Any]:
        return []

    @staticmethod
    def game(game: Any) -> int:
        return int(str(game).lstrip("#"))

    async def act(self, game: int, user: Any, text: str) -> Reply:
        self.calls.append(("act", game, user, text))
        return Reply("ok", (), game)

    async def undo(self, game: int, user: Any, steps: int | None) -> Reply:
        self.calls.append(("undo", game, user, steps))
        return Reply("ok", (), game)


def test_the_catalogue_fits_discord_limits() -> None:
    assert validate() == []
    cat = catalogue()
    assert {g.name for g in cat.groups} == {
        "neuroshima",
        "space-alert",
        "sniper",
        "warzone",
        "league",
        "privacy",
        "puzzle",
    }
    shared = {c.name for c in cat.commands}
    for name in ("games", "board", "hand", "history", "profile", "leaderboard", "settings",
                 "undo", "takeback", "resign", "help"):  # fmt: skip
        assert name in shared


async def _noop(service: Any, user: Any, options: Any) -> Reply:
    return Reply("")


@pytest.mark.parametrize(
    ("command", "problem"),
    [
        (Command("Place", "x", _noop), "lowercase"),
        (Command("x" * 33, "x", _noop), "1-32"),
        (Command("place", "", _noop), "description"),
        (Command("place", "d" * 101, _noop), "description"),
        (Command("place", "d", _noop, tuple(opt(f"o{i}", "str", "d") for i in range(26))),
         "more than 25 options"),
        (Command("place", "d", _noop, (opt("a", "choice", "d", choices=LETTERS),)),
         "1-25 choices"),
        (Command("place", "d", _noop, (opt("a", "str", "d"), opt("b", "str", "d", True))),
         "required option b after"),
        (Command("place", "d", _noop, (opt("a", "str", "d", autocomplete="nowhere"),)),
         "unknown autocomplete source"),
        (Command("place", "d", _noop, (opt("a", "choice", "d", choices=("x",),
                                           autocomplete="free_hexes"),)), "not both"),
        (Command("place", "d", _noop, (opt("a", "str", "d"), opt("a", "int", "d"))), "repeated"),
        (Command("place", "d", _noop, (opt("a", "str", "d", min_value=1),)), "bounds"),
    ],
)  # fmt: skip
def test_the_validator_catches_each_limit(command: Command, problem: str) -> None:
    from bot.service.commands import SOURCES

    problems = check_command(command, SOURCES)
    assert any(problem in p for p in problems), problems


def test_the_validator_checks_groups_too() -> None:
    ns = catalogue().groups[0]
    crowded = replace(ns, commands=(*ns.commands, Command("extra", "d", _noop, group=ns.name)))
    problems = validate(Catalogue((crowded, crowded), ()))
    assert any("subcommands" in p for p in problems)
    assert any("share a name" in p for p in problems)
    assert validate(Catalogue((Group("Bad Name", "d", "neuroshima", ns.commands),), ()))


async def test_neuroshima_commands_map_to_codec_text() -> None:
    cat = catalogue()
    svc = Recorder()
    cases: list[tuple[str, dict[str, Any], str]] = [
        ("neuroshima place", {"tile": "runner", "hex": "C3", "facing": 2}, "place runner C3 2"),
        ("neuroshima hq", {"hex": "C3"}, "hq C3"),
        ("neuroshima move", {"from": "C3", "to": "C4", "facing": 5, "by": "tile"},
         "use move C3 C4 5"),
        ("neuroshima move", {"from": "C3", "to": "C4", "by": "mobility"}, "move C3 C4 mobility"),
        ("neuroshima rotate", {"hex": "C3", "facing": 4, "by": "hq"}, "rotate C3 4 hq"),
        ("neuroshima push", {"from": "C3", "target": "C4", "ability": True}, "push C3 C4 ability"),
        ("neuroshima snipe", {"target": "D2"}, "snipe D2"),
        ("neuroshima choose", {"hex": "C5", "facing": 3}, "choose C5 3"),
        ("neuroshima battle", {}, "battle"),
        ("neuroshima end", {}, "end"),
        ("neuroshima act", {"action": "discard 2"}, "discard 2"),
        ("space-alert place", {"card": 12, "slot": 3, "half": "move", "board": 2},
         "place 12 3 move on 2"),
        ("sniper shoot", {"target": "D2", "tokens": 3}, "shoot D2 3"),
    ]  # fmt: skip
    for path, options, text in cases:
        command = cat.find(path)
        assert command is not None, path
        values: dict[str, Any] = {**options, "game": 7}
        group = cat.group(path.split()[0])
        svc.kind = group.game_key if group else "neuroshima"
        await dispatch(svc, "alice", command, values)  # type: ignore[arg-type]
        assert svc.calls[-1] == ("act", 7, "alice", text), path
    undo = cat.find("undo")
    assert undo is not None
    await dispatch(svc, "alice", undo, {"game": "#7", "all": True})  # type: ignore[arg-type]
    assert svc.calls[-1] == ("undo", 7, "alice", None)


async def test_missing_required_options_are_a_clear_error() -> None:
    command = catalogue().find("neuroshima place")
    assert command is not None
    with pytest.raises(GameError) as err:
        await dispatch(Recorder(), "alice", command, {"tile": "runner"})  # type: ignore[arg-type]
    assert err.value.code == "missing_option" and "hex" in err.value.user_message


def test_options_read_typed_values() -> None:
    command = catalogue().find("neuroshima new")
    assert command is not None
    mode, rated, seats = (command.option(n) for n in ("mode", "rated", "seats"))
    assert mode and rated and seats
    assert mode.read("DUEL") == "duel" and rated.read("no") is False and seats.read("4") == 4
    for option, raw in ((mode, "chess"), (rated, "maybe"), (seats, "9"), (seats, "two")):
        with pytest.raises(GameError):
            option.read(raw)


def test_help_describes_groups_and_commands() -> None:
    assert "/neuroshima" in help_text() and "/board" in help_text()
    assert "/neuroshima place tile:str hex:str facing:int" in help_text("neuroshima")
    assert "facing" in help_text("/neuroshima place")
    assert "No command" in help_text("dance")
