"""A puzzle's board title names the seat to act once: its seats are named by their armies."""

from __future__ import annotations

from bot.service.i18n import localise
from bot.service.plugins.neuroshima.puzzles.words import names
from games.neuroshima.puzzles import shipped, start
from games.neuroshima.tiles import armies
from games.neuroshima.view import player_view
from rendering.neuroshima.board import title_for


def test_a_puzzle_title_says_the_army_once() -> None:
    puzzle = shipped()[0]
    view = player_view(start(puzzle), puzzle.seat)
    army = armies()[puzzle.position.armies[view.active]].name
    title, _, _ = title_for(view, names(puzzle))
    assert localise(title, "en") == f"Turn {view.turn} · {army} to play"
    assert localise(title, "cs") == f"Tah {view.turn} · hraje {army}"


def test_a_game_title_says_the_player_and_the_army() -> None:
    puzzle = shipped()[0]
    view = player_view(start(puzzle), puzzle.seat)
    army = armies()[puzzle.position.armies[view.active]].name
    players = ("alice", "bob", "carol", "dave")[: len(view.seats)]
    title, _, _ = title_for(view, players)
    assert localise(title, "en") == f"Turn {view.turn} · {players[view.active]} ({army}) to play"
