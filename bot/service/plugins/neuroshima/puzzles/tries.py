"""Playing puzzles: start or resume a try, play its actions, end it in a battle, rate it.

How tries count (decided here, as Lichess does):
- Only a user's first try at a puzzle in a server is rated; it moves their rating and the
  puzzle's (solved: the player wins; not solved: the puzzle wins). Later tries are practice.
- A rated try left for another puzzle before its battle counts as not solved (else a hard
  puzzle could be skipped for free after a look).
- A wrong try shows what its battle did; `/puzzle retry` plays the same puzzle again.
- The daily streak counts the days a user solved that day's puzzle in a server, on any try
  started while it was the day's puzzle; a day without one starts the streak again.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import replace
from datetime import date, timedelta
from typing import TYPE_CHECKING

from bot.service.errors import RequestError
from bot.service.plugins.neuroshima.puzzles import choice, shown, skill
from bot.service.plugins.neuroshima.puzzles.desk import Desk, check_version, desk_of, read_move
from bot.service.plugins.neuroshima.puzzles.shown import Panel, PuzzleReply
from games.neuroshima.puzzles import finish
from games.neuroshima.state import State
from games.text import Text
from storage.base import ConflictError, PuzzleRatingMovedError
from storage.puzzles import NewPuzzleTry, PuzzleTry, Skill, Streak, TryResult, TryStatus

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

RATING_ATTEMPTS = 5
"""Times a try's end is rated again when other tries of its puzzle keep ending meanwhile."""


async def today(service: Service, scope: int) -> date:
    """The date in a server's time zone (its daily puzzle's zone; UTC when it has none)."""
    settings = await service.store.puzzle_daily(scope) if scope else None
    return choice.local_day(service.host.clock.now(), settings.zone if settings else None)


async def rating_of(service: Service, scope: int, user: int) -> Skill:
    """A user's puzzle rating in a server (a newcomer's when they have none)."""
    return await service.store.puzzle_skill(scope, user) or skill.newcomer()


async def strength_of(service: Service, puzzle_id: str) -> Skill:
    """A puzzle's own rating (its difficulty until someone has tried it)."""
    found = await service.store.puzzle_strength(puzzle_id)
    return found or skill.seeded(choice.find(puzzle_id).difficulty)


def standing(streak: Streak | None, day: date) -> Streak:
    """A streak as it stands on `day`: broken (0) when neither `day` nor the day before
    ended it."""
    if streak is None:
        return Streak(0, 0, "")
    alive = streak.last_day in (day.isoformat(), (day - timedelta(days=1)).isoformat())
    return streak if alive else Streak(0, streak.best, streak.last_day)


def extended(streak: Streak | None, day: date) -> Streak | None:
    """The streak after solving `day`'s puzzle (None: that day, or a later one, counted)."""
    if streak is not None and streak.last_day >= day.isoformat():
        return None
    yesterday = (day - timedelta(days=1)).isoformat()
    current = streak.current + 1 if streak is not None and streak.last_day == yesterday else 1
    best = max(current, streak.best if streak is not None else 0)
    return Streak(current, best, day.isoformat())


# --- starting ------------------------------------------------------------------------------
async def begin(
    service: Service,
    user: UserId,
    scope: int,
    *,
    theme: str | None = None,
    difficulty: str | None = None,
) -> PuzzleReply:
    """Today's puzzle (no theme or difficulty), else one the user has not solved here."""
    uid = service.user(user)
    day = await today(service, scope)
    todays = choice.daily(day)
    if theme is None and difficulty is None:
        puzzle = todays
    else:
        rating = skill.shown(await rating_of(service, scope, uid))
        tries = await service.store.puzzle_tries(scope, uid)
        puzzle = choice.pick(
            rating,
            theme=theme,
            difficulty=difficulty,
            solved=await service.store.solved_puzzles(scope, uid),
            tried={t.puzzle_id for t in tries} | {todays.id},  # another than today's
            salt=f"{uid}:{len(tries)}",
        )
    return await _open(service, uid, scope, puzzle.id, day if puzzle.id == todays.id else None)


async def retry(service: Service, user: UserId, scope: int) -> PuzzleReply:
    """The puzzle of the user's last try here, again."""
    uid = service.user(user)
    tries = await service.store.puzzle_tries(scope, uid)
    if not tries:
        raise RequestError("You have not tried a puzzle here yet: /puzzle play.", "no_try")
    last = tries[-1]
    day = await today(service, scope)
    todays = choice.daily(day).id == last.puzzle_id
    return await _open(service, uid, scope, last.puzzle_id, day if todays else None)


async def _open(
    service: Service, uid: int, scope: int, puzzle_id: str, day: date | None
) -> PuzzleReply:
    store = service.store
    current = await store.open_puzzle_try(uid)
    left: list[str] = []
    if current is not None:
        if current.puzzle_id == puzzle_id and current.guild_id == scope:
            return await panel_reply(service, desk_of(current))
        left.append(await _leave(service, current))
    first = not await store.puzzle_tries(scope, uid, puzzle_id)
    new = NewPuzzleTry(uid, scope, puzzle_id, day.isoformat() if day else None, rated=first)
    try:
        record = await store.start_puzzle_try(new)
    except ConflictError:
        raise RequestError(
            "You are already playing a puzzle: finish it first.", code="puzzle_busy"
        ) from None
    reply = await panel_reply(service, desk_of(record))
    return PuzzleReply(Text.lines([*left, reply.text]), panel=reply.panel, images=reply.images)


async def _close(
    service: Service,
    record: PuzzleTry,
    status: TryStatus,
    actions: tuple[str, ...],
    streak: Streak | None = None,
) -> tuple[Skill, Skill | None]:
    """Write how a try ended with the ratings it moves (read again and rated again when
    another try of the puzzle ended meanwhile); the player's rating before, and after."""
    for _ in range(RATING_ATTEMPTS):
        before = await rating_of(service, record.guild_id, record.user_id)
        player = puzzle = None
        if record.rated:
            strength = await strength_of(service, record.puzzle_id)
            rated = skill.rate(before, strength, status is TryStatus.SOLVED)
            player, puzzle = rated.player, rated.puzzle
        result = TryResult(status, actions, player, puzzle, streak)
        try:
            await service.store.finish_puzzle_try(record.id, record.version, result)
        except PuzzleRatingMovedError:
            continue
        except ConflictError:
            raise RequestError("This puzzle try is already over.", code="stale_panel") from None
        return before, player
    raise RequestError("Too many tries end at once; end yours again.", code="puzzle_busy")


async def _leave(service: Service, record: PuzzleTry) -> str:
    """End an open try the user leaves for another puzzle (rated: as not solved)."""
    if not choice.ships(record.puzzle_id):  # a puzzle this release no longer has: unrated
        record = replace(record, rated=False)
    with suppress(RequestError):  # it ended meanwhile (another click): nothing to leave
        await _close(service, record, TryStatus.ABANDONED, record.actions)
    if record.rated:
        return Text("You left puzzle {puzzle}: it counts as not solved.", puzzle=record.puzzle_id)
    return Text("You left puzzle {puzzle}.", puzzle=record.puzzle_id)


async def panel_reply(service: Service, desk: Desk) -> PuzzleReply:
    """A try's panel: its text, its picture, and what a front-end builds the components from."""
    rating = await strength_of(service, desk.puzzle.id)
    text = shown.panel_text(desk, rating)
    r = desk.record
    panel = Panel(r.id, r.user_id, desk.seat, r.version)
    return PuzzleReply(text, panel=panel, images=shown.panel_images(desk))


# --- playing -------------------------------------------------------------------------------
async def desk(service: Service, user: UserId, scope: int | None = None) -> Desk:
    """The user's open try (where it was started: `scope` None skips that check)."""
    record = await service.store.open_puzzle_try(service.user(user))
    if record is None:
        raise RequestError("You have no puzzle in play: /puzzle play starts one.", "no_puzzle")
    if scope is not None and record.guild_id != scope:
        raise RequestError(
            "Your puzzle in play was started in another server: finish it there, or start one"
            " here with /puzzle play.",
            code="puzzle_elsewhere",
        )
    return desk_of(record)


async def act(
    service: Service,
    user: UserId,
    text: str,
    *,
    scope: int | None = None,
    try_id: int | None = None,
    version: int | None = None,
) -> PuzzleReply:
    """Play one action of the open try (typed, or from its panel at `try_id`/`version`)."""
    current = await desk(service, user, scope)
    if try_id is not None and try_id != current.record.id:
        raise RequestError("This puzzle is over; use the newest panel.", code="stale_panel")
    check_version(current, version)
    move = read_move(current, text)
    actions = current.record.actions if move.text == "end" else (*current.record.actions, move.text)
    if move.ends:
        return await _end(service, current, actions, move.state)
    try:
        record = await service.store.play_puzzle_try(current.record.id, current.record.version,
                                                     actions)  # fmt: skip
    except ConflictError:
        raise RequestError(
            "This puzzle panel is out of date; use the newest one.", code="stale_panel"
        ) from None
    return await panel_reply(service, desk_of(record))


async def undo(
    service: Service, user: UserId, *, scope: int | None = None, version: int | None = None
) -> PuzzleReply:
    """Take back the last action of the open try."""
    current = await desk(service, user, scope)
    check_version(current, version)
    if not current.record.actions:
        raise RequestError("Nothing to take back: you have not played yet.", code="nothing_to_undo")
    try:
        record = await service.store.play_puzzle_try(
            current.record.id, current.record.version, current.record.actions[:-1]
        )
    except ConflictError:
        raise RequestError(
            "This puzzle panel is out of date; use the newest one.", code="stale_panel"
        ) from None
    return await panel_reply(service, desk_of(record))


async def _end(
    service: Service, current: Desk, actions: tuple[str, ...], state: State
) -> PuzzleReply:
    """Fight the battle on `state`, judge the turn, and write the result with what it moves."""
    verdict = finish(current.puzzle, state)
    record = current.record
    status = TryStatus.SOLVED if verdict.solved else TryStatus.FAILED
    streak = None
    if verdict.solved and record.day is not None:
        old = await service.store.puzzle_streak(record.guild_id, record.user_id)
        streak = extended(old, date.fromisoformat(record.day))
    before, player = await _close(service, record, status, actions, streak)
    lines = [verdict.reason, Text("Your turn: {moves}.", moves=_moves(actions))]
    lines.append(shown.rating_line(before, player))
    if streak is not None:
        lines.append(shown.streak_line(streak))
    if not verdict.solved:
        lines.append(Text("Try again with /puzzle retry."))
    replay = shown.battle_replay(record.id, current.puzzle, verdict)
    return PuzzleReply(Text.lines(lines), replay=replay, solved=verdict.solved)


def _moves(actions: tuple[str, ...]) -> str:
    return Text.verbatim("; ".join(actions)) if actions else Text("nothing")


async def fight(
    service: Service, user: UserId, *, scope: int | None = None, version: int | None = None
) -> PuzzleReply:
    """End the open try's turn now: the battle is fought and judged."""
    current = await desk(service, user, scope)
    check_version(current, version)
    return await _end(service, current, current.record.actions, current.state)
