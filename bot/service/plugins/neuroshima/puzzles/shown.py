"""How a puzzle is shown: its panel text and picture, the verdict, the battle replay.

Pictures are drawn from the player's view (or, for the battle, the public view after it) by the
same Neuroshima presenter games use; the drawing functions are module-level partials, so the
front-ends draw them in the process pool as they draw a game's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from bot.service.outbox import BattleReplay, Image, Reply
from bot.service.plugins.neuroshima.puzzles import skill
from bot.service.plugins.neuroshima.puzzles.desk import Desk
from bot.service.plugins.neuroshima.puzzles.words import goal, names, title
from bot.service.presenters import image, presenter_for, takes, words
from bot.service.updates import no_frames
from games.neuroshima.puzzles import Puzzle, Verdict, start
from games.neuroshima.rules import player_view
from games.neuroshima.tiles import tile_type
from games.text import Text
from storage.puzzles import Skill, Streak


@dataclass(frozen=True, slots=True)
class Panel:
    """What a front-end needs to build a try's panel (the components carry these)."""

    try_id: int
    user_id: int
    seat: int
    version: int


@dataclass(frozen=True, slots=True)
class PuzzleReply(Reply):
    """A puzzle answer: for the caller only, with the try's panel while it is open and the
    battle's replay once it is fought."""

    panel: Panel | None = None
    images: tuple[Image, ...] = ()
    replay: BattleReplay | None = None
    solved: bool | None = None
    """How the battle judged the turn (None: not fought yet)."""


def _tiles(ids: Sequence[str]) -> str:
    return Text.joined(", ", [Text.verbatim(f"{tile_type(t).name} ({t})") for t in ids])


def panel_text(desk: Desk, rating: Skill) -> Text:
    """The text of a try's panel: the puzzle, its goal, the hand, what was played so far."""
    puzzle = desk.puzzle
    army = names(puzzle)[puzzle.seat]
    lines = [
        title(puzzle, rating),
        Text("Goal: {goal}", goal=goal(puzzle)),
        Text("You play {army}; your hand: {tiles}.", army=army, tiles=_tiles(puzzle.hand)),
    ]
    played = desk.record.actions
    if played:
        lines.append(Text("Played so far: {moves}.", moves=Text.verbatim("; ".join(played))))
    lines.append(Text("Play your turn, then end it: the battle follows and decides."))
    return Text.lines(lines)


def pictures(view: Any, seats: tuple[str, ...], name: str) -> tuple[Image, ...]:
    """The board, then the hand to play, of a puzzle seen from `view` (as a game's panel)."""
    presenter = presenter_for("neuroshima")
    drawn = (("board", presenter.board), ("hand", presenter.hand))
    return tuple(
        image(f"{name}-{kind}.png", draw, view, names=seats) for kind, draw in drawn if draw
    )


def panel_images(desk: Desk) -> tuple[Image, ...]:
    """The pictures of a try's panel."""
    name = f"puzzle{desk.record.id}-v{desk.record.version}"
    return pictures(desk.view(), names(desk.puzzle), name)


def start_images(puzzle: Puzzle) -> tuple[Image, ...]:
    """The puzzle as it starts: the board and the hand to play (for the daily post)."""
    view = player_view(start(puzzle), puzzle.seat)
    return pictures(view, names(puzzle), f"puzzle-{puzzle.id}")


def battle_frames(
    animate: Callable[..., Sequence[bytes]], view: Any, seats: tuple[str, ...], lang: str
) -> tuple[bytes, ...]:
    """The battle's frames as PNGs, in `lang` (module-level: it pickles for the pool)."""
    named = {"names": seats} if takes(animate, "names") else {}
    return tuple(animate(None, 0, None, view, **named, **words(animate, lang)))


def battle_replay(try_id: int, puzzle: Puzzle, verdict: Verdict) -> BattleReplay:
    """The played turn's battle: its frames and the battle in words."""
    view = player_view(verdict.after, None)
    seats = names(puzzle)
    presenter = presenter_for("neuroshima")
    narrate, animate = presenter.narrate, presenter.replay
    heading, body = narrate(view, seats) if narrate is not None else ("", "")
    caption = heading or Text("The battle")
    render = partial(battle_frames, animate, view, seats) if animate else no_frames
    return BattleReplay(0, caption, f"puzzle{try_id}-battle", render, narration=body)


def rating_line(before: Skill, after: Skill | None) -> Text:
    """How the try moved the player's rating (or that it did not)."""
    if after is None:
        return Text(
            "Unrated: only your first try at a puzzle counts. Your rating: {rating}.",
            rating=skill.shown(before),
        )
    old, new = skill.shown(before), skill.shown(after)
    change = Text.verbatim(f"{new - old:+d}")
    return Text("Rating: {old} → {new} ({change}).", old=old, new=new, change=change)


def streak_line(streak: Streak) -> Text:
    """A daily streak as the player reads it."""
    return Text(
        "Daily streak: {days} (best {best}).", days=_days(streak.current), best=_days(streak.best)
    )


def _days(count: int) -> Text:
    return Text.plural("{count} day", "{count} days", count)
