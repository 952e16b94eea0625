"""The dependency rules hold on the real tree, and the checker catches each kind of breach."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.architecture import check_tree
from tests.import_cycles import cycles, import_graph

ROOT = Path(__file__).resolve().parent.parent


def test_real_tree_follows_the_dependency_rules() -> None:
    violations = check_tree(ROOT)
    assert not violations, "\n".join(str(v) for v in violations)


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    for layer in ("games", "rendering", "storage", "bot"):
        (tmp_path / layer).mkdir(exist_ok=True)
    return tmp_path


CLEAN = {
    "games/__init__.py": "",
    "games/base.py": "from dataclasses import dataclass\n",
    "games/chess/rules.py": (
        "from games.base import Seat\nfrom . import board\nimport random\nr = random.Random('x')\n"
    ),
    "games/chess/board.py": "from games.chess.rules import x\n",
    "rendering/chess.py": "from PIL import Image\nfrom games.chess import board\n",
    "storage/sqlite.py": "import aiosqlite\nfrom games.base import Seat\n",
    "bot/service/play.py": "from games import registry\nfrom storage import sqlite\n",
    "bot/discord/cog.py": "import discord\nfrom bot.service import play\n",
}


def test_clean_synthetic_tree_passes(tmp_path: Path) -> None:
    assert check_tree(_tree(tmp_path, CLEAN)) == []


def test_warzone_alone_may_use_shapely_for_table_geometry(tmp_path: Path) -> None:
    tree = {**CLEAN, "games/warzone/table.py": "from shapely.geometry import Polygon\n"}
    assert check_tree(_tree(tmp_path, tree)) == []


@pytest.mark.parametrize(
    ("path", "source", "rule"),
    [
        ("games/chess/ai.py", "import discord\n", "games imports only the standard library"),
        ("games/chess/ai.py", "import shapely\n", "games imports only the standard library"),
        ("games/chess/ai.py", "from PIL import Image\n", "games imports only the standard library"),
        ("games/chess/ai.py", "import asyncio\n", "games is pure"),
        ("games/chess/ai.py", "import sqlite3\n", "games is pure"),
        ("games/chess/ai.py", "import time\n", "games is pure"),
        ("games/chess/ai.py", "import random\nx = random.random()\n", "random.Random(seed) only"),
        ("games/chess/ai.py", "from random import shuffle\n", "random.Random(seed) only"),
        ("games/chess/ai.py", "from games.go import board\n", "never imports another game"),
        ("games/chess/ai.py", "from ..go import board\n", "never imports another game"),
        ("games/chess/ai.py", "import bot.service\n", "games imports only the standard library"),
        ("rendering/chess.py", "from bot.service import play\n", "rendering never imports bot"),
        ("rendering/chess.py", "import storage.sqlite\n", "rendering never imports storage"),
        ("storage/pg.py", "from rendering import chess\n", "storage never imports rendering"),
        ("storage/pg.py", "from bot import config\n", "storage never imports bot"),
        ("storage/pg.py", "from games.chess import rules\n", "only games.base and games.engine"),
        ("bot/service/lobby.py", "import discord\n", "only bot.discord imports discord"),
        ("bot/console/app.py", "from discord import ui\n", "only bot.discord imports discord"),
        ("bot/service/lobby.py", "from bot.discord import cog\n", "never imports a front-end"),
    ],
)
def test_each_forbidden_import_is_reported(
    tmp_path: Path, path: str, source: str, rule: str
) -> None:
    root = _tree(tmp_path, {**CLEAN, path: source})
    violations = check_tree(root)
    assert len(violations) == 1, violations
    assert rule in violations[0].rule
    assert violations[0].module == path.removesuffix(".py").replace("/", ".")


def test_no_import_cycles_between_modules() -> None:
    graph = import_graph(ROOT, ("bot", "games", "rendering", "storage"))
    found = [" ".join(component) for component in cycles(graph)]
    assert not found, "import cycles:\n" + "\n".join(found)


CYCLIC = {
    "pkg/__init__.py": "from pkg.board import Board\n",
    "pkg/board.py": "from pkg import Tile\n",
    "pkg/tiles.py": "def draw():\n    from pkg.rules import legal\n",
    "pkg/rules.py": "from . import tiles\n",
    "pkg/view.py": (
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.shown import Shown\n"
    ),
    "pkg/shown.py": "from pkg.view import View\nfrom pkg import board\n",
}


def test_the_cycle_checker_finds_reexports_deferred_imports_and_spares_type_checking(
    tmp_path: Path,
) -> None:
    root = _tree(tmp_path, CYCLIC)
    graph = import_graph(root, ("pkg",))
    assert graph["pkg.shown"] == {"pkg.view", "pkg.board"}  # `from pkg import board`: a module
    assert graph["pkg.board"] == {"pkg"}  # `from pkg import Tile`: a name of the package
    assert cycles(graph) == [["pkg", "pkg.board"], ["pkg.rules", "pkg.tiles"]]


def test_the_cycle_checker_passes_a_tree_that_only_imports_downwards(tmp_path: Path) -> None:
    tree = {**CYCLIC, "pkg/board.py": "from pkg.tiles import draw\n", "pkg/tiles.py": ""}
    assert cycles(import_graph(_tree(tmp_path, tree), ("pkg",))) == []
