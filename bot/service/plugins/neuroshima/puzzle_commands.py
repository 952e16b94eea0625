"""The `/puzzle` group: Neuroshima Hex battle puzzles, today's or one of a theme or difficulty.

A try is played with the same commands (and the same panel) as a Neuroshima game: `place`
takes the options of `/neuroshima place` and the legal values its autocomplete offers come from
the same LegalShape, over the try's state instead of a game's. Every answer is for the caller
only; the daily post (`/puzzle daily`, admins) is what a channel sees.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from bot.service.commands.hosting import words
from bot.service.commands.place import caller_place
from bot.service.commands.sources import SOURCES, Ask, values_of
from bot.service.commands.spec import (
    CONTEXT_ADMIN,
    CONTEXT_CHANNEL,
    Command,
    Group,
    LegalShape,
    Options,
    Suggestion,
    opt,
    required_str,
)
from bot.service.outbox import Reply
from bot.service.plugins.neuroshima.commands import action_commands
from bot.service.plugins.neuroshima.puzzles import choice, daily, skill, tries
from bot.service.plugins.neuroshima.puzzles.shown import streak_line
from games.neuroshima.puzzles import THEMES
from games.text import Text

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

GROUP = "puzzle"
LEGAL = "puzzle_legal"
ACTIONS = "puzzle_actions"
LEADERBOARD_SIZE = 10


def _scope(o: Options) -> int:
    return caller_place(o) or 0


def place_command() -> Command:
    command = next(c for c in action_commands() if c.name == "place")
    assert command.legal is not None
    return command


async def _legal(ask: Ask) -> list[Suggestion]:
    """Legal values of a puzzle command's option, over the caller's try (like a game's)."""
    shape: LegalShape | None = ask.command.legal
    if shape is None:
        return []
    desk = await tries.desk(ask.service, ask.user)
    return values_of(shape, desk.legal(), desk.view(), ask.option, ask.options)


async def _actions(ask: Ask) -> list[Suggestion]:
    """The caller's legal actions in their try, as typed."""
    desk = await tries.desk(ask.service, ask.user)
    return [Suggestion(t, t) for t in desk.legal_texts()]


SOURCES[LEGAL] = _legal
SOURCES[ACTIONS] = _actions


# --- handlers ----------------------------------------------------------------------------
async def _play(service: Service, user: UserId, o: Options) -> Reply:
    theme, difficulty = o.get("theme"), o.get("difficulty")
    return await tries.begin(service, user, _scope(o), theme=theme, difficulty=difficulty)


async def _retry(service: Service, user: UserId, o: Options) -> Reply:
    return await tries.retry(service, user, _scope(o))


async def _place(service: Service, user: UserId, o: Options) -> Reply:
    text = words("place", o["tile"], o["hex"], o.get("facing", 0))
    return await tries.act(service, user, text, scope=_scope(o))


async def _act(service: Service, user: UserId, o: Options) -> Reply:
    return await tries.act(service, user, required_str(o, "action"), scope=_scope(o))


async def _undo(service: Service, user: UserId, o: Options) -> Reply:
    return await tries.undo(service, user, scope=_scope(o))


async def _end(service: Service, user: UserId, o: Options) -> Reply:
    return await tries.fight(service, user, scope=_scope(o))


async def _show(service: Service, user: UserId, o: Options) -> Reply:
    desk = await tries.desk(service, user, _scope(o))
    return await tries.panel_reply(service, desk)


async def _rating(service: Service, user: UserId, o: Options) -> Reply:
    scope, uid = _scope(o), service.user(user)
    rating = await tries.rating_of(service, scope, uid)
    day = await tries.today(service, scope)
    streak = tries.standing(await service.store.puzzle_streak(scope, uid), day)
    said = Text(
        "Your puzzle rating here: {rating} ({tries}, {solved}).",
        rating=skill.shown(rating),
        tries=Text.plural("{count} rated try", "{count} rated tries", rating.tries),
        solved=Text.plural("{count} solved", "{count} solved", rating.solved),
    )
    return Reply(Text.lines([said, streak_line(streak)]))


async def _leaderboard(service: Service, user: UserId, o: Options) -> Reply:
    del user
    rows = await service.store.puzzle_leaderboard(_scope(o), LEADERBOARD_SIZE)
    if not rows:
        return Reply(Text("Nobody has a puzzle rating here yet: /puzzle play."))
    lines = [Text("Best puzzle solvers here:")]
    lines += [
        Text(
            "{place}. {player}: {rating} ({solved} of {tries} solved)",
            place=n,
            player=service.host.name(row.user_id),
            rating=skill.shown(row.skill),
            solved=row.skill.solved,
            tries=row.skill.tries,
        )
        for n, row in enumerate(rows, start=1)
    ]
    return Reply(Text.lines(lines))


async def _daily(service: Service, user: UserId, o: Options) -> Reply:
    del user
    channel = o.get("channel")
    said = await daily.configure(
        service,
        caller_place(o),
        bool(o.get(CONTEXT_ADMIN)),
        channel=daily.read_channel(str(channel)) if channel else None,
        here=int(o[CONTEXT_CHANNEL]) if o.get(CONTEXT_CHANNEL) else None,
        time=o.get("time"),
        zone=o.get("zone"),
        off=bool(o.get("off")),
    )
    return Reply(said)


def group() -> Group:
    """The /puzzle command group."""
    place = place_command()
    legal = tuple(
        replace(o, autocomplete=LEGAL) for o in place.options if o.name in ("tile", "hex", "facing")
    )
    action = opt("action", "str", "A legal action, as typed", True, autocomplete=ACTIONS)
    return Group(
        GROUP,
        Text("Neuroshima Hex puzzles: one turn, one battle, one goal"),
        GROUP,
        (
            Command("play", "Today's puzzle, or one of a theme or difficulty", _play,
                    (opt("theme", "choice", "What the puzzle is about", choices=THEMES),
                     opt("difficulty", "choice", "Easier or harder than your rating",
                         choices=tuple(choice.DIFFICULTY))), GROUP),
            Command("place", "Place a tile from your hand", _place, legal, GROUP,
                    place.legal),
            Command("act", "Play any legal action of your turn", _act, (action,), GROUP),
            Command("undo", "Take back your last action", _undo, (), GROUP),
            Command("end", "End your turn: the battle is fought and judged", _end, (),
                    GROUP),
            Command("show", "Show your puzzle in play again", _show, (), GROUP),
            Command("retry", "Try your last puzzle again", _retry, (), GROUP),
            Command("rating", "Your puzzle rating and daily streak here", _rating, (),
                    GROUP),
            Command("leaderboard", "The best puzzle solvers of this server", _leaderboard,
                    (), GROUP),
            Command("daily", "The daily puzzle post: channel and time (admins)", _daily,
                    (opt("time", "str", "Time of day, e.g. 09:00"),
                     opt("zone", "str", "Time zone, e.g. Europe/Prague"),
                     opt("channel", "str", "The channel (default: this one)"),
                     opt("off", "bool", "Stop the daily post")), GROUP),
        ),
    )  # fmt: skip
