"""Puzzle ratings: openskill with the puzzle as the opponent, as Lichess rates puzzles.

A try is a duel between the player and the puzzle: solved, the player wins; not solved, the
puzzle wins. Both ratings move. Players see ratings on the puzzle scale (800 easy, 2400 very
hard), which maps linearly onto openskill's mu: 1500 is mu 25, and 20 rating points are one mu.
A puzzle's own rating starts at its difficulty.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import PlackettLuce

from storage.puzzles import Skill

MODEL = PlackettLuce()
CENTRE = 1500
POINTS_PER_MU = 20.0
START_SIGMA = 25.0 / 3.0
"""Everyone's first uncertainty (openskill's default): a few tries settle a new rating."""


def shown(skill: Skill) -> int:
    """The rating players read (the puzzle scale)."""
    return round(CENTRE + (skill.mu - MODEL.mu) * POINTS_PER_MU)


def from_rating(rating: int) -> float:
    """The mu of a rating on the puzzle scale."""
    return MODEL.mu + (rating - CENTRE) / POINTS_PER_MU


def newcomer() -> Skill:
    """A player's rating before their first rated try (1500)."""
    return Skill(MODEL.mu, START_SIGMA)


def seeded(difficulty: int) -> Skill:
    """A puzzle's rating before anyone tried it: its difficulty."""
    return Skill(from_rating(difficulty), START_SIGMA)


@dataclass(frozen=True, slots=True)
class Rated:
    """Both ratings after one rated try."""

    player: Skill
    puzzle: Skill


def rate(player: Skill, puzzle: Skill, solved: bool) -> Rated:
    """The player's and the puzzle's ratings after a try: the winner's goes up, the other's
    down; the counts of tries and solves go up with it."""
    me = MODEL.rating(mu=player.mu, sigma=player.sigma)
    it = MODEL.rating(mu=puzzle.mu, sigma=puzzle.sigma)
    [[me_after], [it_after]] = MODEL.rate([[me], [it]], ranks=[0, 1] if solved else [1, 0])
    won = int(solved)
    return Rated(
        Skill(me_after.mu, me_after.sigma, player.tries + 1, player.solved + won),
        Skill(it_after.mu, it_after.sigma, puzzle.tries + 1, puzzle.solved + won),
    )
