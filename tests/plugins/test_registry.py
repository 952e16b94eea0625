"""The registry is the only way a game is hosted: the service core and the front-ends' generic
code name no game, and what a service is built with is exactly what it hosts."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.service.plugin import GamePlugin, group_name, install, installed, plugin_for
from bot.service.plugins.registry import builtin
from bot.service.presenters import TEXT_ONLY, Presenter, presenter_for
from bot.service.profiles import HostProfile, Mode, profile_for
from bot.service.workers import Workers
from games.registry import find_game

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "bot" / "service"
PLUGINS = CORE / "plugins"
SHIPPED = ("neuroshima", "space_alert", "sniper_elite", "warzone")
FRONT_ENDS = (ROOT / "bot" / "discord", ROOT / "bot" / "console")
GAME_MODULE = re.compile(
    rf"^(games|rendering|bot\.service\.plugins)\.({'|'.join(SHIPPED)})\b"
    r"|^bot\.(discord|console)\.plugins\.(?!registry\b)\w+"
)
"""A game's code: its rules, drawings and service plug-in, and any front-end plug-in package
(a front-end's plug-in registry is the one place that names them)."""


def core_modules() -> list[Path]:
    return [p for p in sorted(CORE.rglob("*.py")) if PLUGINS not in p.parents]


def generic_front_end_modules() -> list[Path]:
    """Every module of the Discord and console front-ends outside their plugins/ packages."""
    return [
        p
        for front in FRONT_ENDS
        for p in sorted(front.rglob("*.py"))
        if front / "plugins" not in p.parents
    ]


def _names_a_game(value: object) -> bool:
    return isinstance(value, str) and (value in SHIPPED or GAME_MODULE.match(value) is not None)


def named_games(path: Path) -> list[str]:
    """Where a module names a shipped game: an import of its code, or its key as a value."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        modules: list[str] = []
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Constant) and _names_a_game(node.value):
            found.append(f"line {line}: {node.value!r}")
        found += [f"line {line}: {m}" for m in modules if GAME_MODULE.match(m)]
    return found


def test_the_service_core_names_no_game() -> None:
    named = {
        p.relative_to(ROOT).as_posix(): found for p in core_modules() if (found := named_games(p))
    }
    assert named == {}


def test_the_front_ends_generic_code_names_no_game() -> None:
    modules = generic_front_end_modules()
    assert ROOT / "bot" / "discord" / "delivery.py" in modules
    named = {p.relative_to(ROOT).as_posix(): found for p in modules if (found := named_games(p))}
    assert named == {}


def test_the_check_sees_a_game_named_in_every_way(tmp_path: Path) -> None:
    module = tmp_path / "named.py"
    module.write_text(
        "from bot.discord.plugins import neuroshima\n"
        "import bot.console.plugins.neuroshima.plugin\n"
        "from bot.discord.plugins.registry import builtin\n"
        "from games.space_alert.rules import SPEC\n"
        "KEY = 'warzone'\n",
        encoding="utf-8",
    )
    assert named_games(module) == [
        "line 1: bot.discord.plugins.neuroshima",
        "line 2: bot.console.plugins.neuroshima.plugin",
        "line 4: games.space_alert.rules",
        "line 4: games.space_alert.rules.SPEC",
        "line 5: 'warzone'",
    ]


def test_importing_the_host_installs_no_game() -> None:
    # Games are hosted because a Service is built with them, never because a module was imported.
    code = (
        "import bot.service, bot.service.plugins.registry, bot.discord.app, bot.console.session\n"
        "from bot.service.plugin import installed\n"
        "print(len(installed()))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert (done.returncode, done.stdout) == (0, "0\n"), done.stderr
    assert [p.key for p in builtin()] == list(SHIPPED)


def test_a_service_hosts_exactly_its_list() -> None:
    plain = GamePlugin(key="neuroshima")
    try:
        install([plain])
        assert installed() == (plain,) and plugin_for("warzone") is None
        # Without its plug-in's builders, a game is hosted from its rules alone.
        assert presenter_for("neuroshima") is TEXT_ONLY
        assert profile_for(find_game("neuroshima")) == HostProfile(
            "neuroshima", (Mode("standard", (2, 3, 4, 5, 6)),)
        )
        assert group_name("space_alert") == "space-alert"
    finally:
        install(builtin())
    assert presenter_for("neuroshima").board is not None
    assert profile_for(find_game("neuroshima")).role_label == "army"
    assert group_name("sniper_elite") == "sniper"


def test_one_game_has_one_plug_in() -> None:
    with pytest.raises(ValueError, match="two plug-ins for one game"):
        install([*builtin(), GamePlugin(key="warzone", presenter=Presenter)])
    assert [p.key for p in installed()] == list(SHIPPED)


async def test_worker_processes_warm_the_installed_games_modules() -> None:
    workers = Workers(1)
    try:
        assert await workers.run(divmod, 7, 2) == (3, 1)
        assert workers.warm == (
            "games.neuroshima.ai",
            "rendering.neuroshima.board",
            "rendering.neuroshima.battle",
        )
    finally:
        workers.close()
    assert await workers.run(divmod, 9, 4) == (2, 1)  # closed: the job runs in a thread
    assert workers.jobs == 1
