"""League pictures (the standings, the podium) drawn from data alone.

A league announcement waits in the outbox, maybe across a restart, and its picture must come out
as it was announced: the standings of that round, with the names players had then (a new process
may not know them yet). So the picture is a recipe (a kind and plain arguments: numbers, names as
Texts) that the outbox stores with its message and draws again with `redraw`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import bot.service.presenters as presenters
from bot.service.outbox import Image
from bot.service.presenters import Say

StandingRowData = tuple[int, str, float, float, float, int, str, bool]
"""Rank, name, points, Buchholz, Sonneborn-Berger, games, W-D-L, out of the league."""
TableData = tuple[int, Sequence[str], str]
"""Board, the players' names, its state ('playing' or the score)."""


def draw_standings(
    title: str,
    subtitle: str,
    rows: Sequence[StandingRowData],
    tables: Sequence[TableData],
    round_number: int | None,
    say: Say = str,
) -> bytes:
    """The standings PNG (with the current round's tables when a round is on)."""
    module = importlib.import_module("rendering.leagues")
    canvas = importlib.import_module("rendering.canvas")
    data = module.Standings(
        title,
        subtitle,
        tuple(module.StandingRow(*row) for row in rows),
        tuple(module.TableLine(board, tuple(names), state) for board, names, state in tables),
        "" if round_number is None else module.round_tables(round_number),
    )
    png: bytes = canvas.png_bytes(module.standings(data, say))
    return png


def draw_podium(title: str, places: Sequence[tuple[str, float]], say: Say = str) -> bytes:
    """The final podium PNG: up to three names with their points."""
    module = importlib.import_module("rendering.leagues")
    canvas = importlib.import_module("rendering.canvas")
    png: bytes = canvas.png_bytes(module.podium(title, tuple(map(tuple, places)), say))
    return png


PICTURES: dict[str, Callable[..., bytes]] = {
    "league-standings": draw_standings,
    "league-podium": draw_podium,
}
"""Every kind of picture a recipe may name, and what draws it."""


def picture(kind: str, name: str, *args: Any) -> Image:
    """The image `name` of a picture of `kind` over `args`, carrying its recipe."""
    image = presenters.image(name, PICTURES[kind], *args)
    return replace(image, recipe=(kind, args))


def redraw(name: str, kind: str, args: Sequence[Any]) -> Image | None:
    """The picture a stored recipe describes (None for a kind this version does not know)."""
    if kind not in PICTURES:
        return None
    return picture(kind, name, *args)
