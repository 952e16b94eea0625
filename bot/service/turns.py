"""Playing a turn: act (text or structured action) and undo within one's own turn."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from bot.service.errors import LobbyError, PermissionDeniedError, RequestError, not_seated
from bot.service.outbox import PublicUpdate, Reply
from bot.service.play import Draft, Plan, run
from bot.service.presenters import presenter_for
from bot.service.settle import settle
from bot.service.table import Host, Table
from bot.service.timeline import is_note, undo_start
from games.base import GameError, GameOverError, InvalidActionError, NotYourTurnError, Seat
from games.text import Text
from storage.records import GameStatus

log = logging.getLogger(__name__)

MAX_COMMAND = 500

Command = str | Mapping[str, Any] | object
"""What a player sends: typed text, a stored-form dict, or an action object from a button."""


def playing_seat(table: Table, user: int) -> Seat:
    """The seat a user plays in a running game (raises the error a player should read)."""
    status = table.record.status
    if status is GameStatus.LOBBY:
        raise LobbyError("Game {game} has not started yet.", code="not_started", game=table.id)
    if not status.is_open:
        raise GameOverError("Game {game} is over.", game=table.id)
    seat = table.seat_of(user)
    if seat is None:
        raise not_seated(table.id)
    if seat in table.timeline.resigned:
        raise PermissionDeniedError("You resigned from this game.", code="resigned")
    return seat


def my_turn(table: Table, user: int) -> Seat:
    """The user's seat, which must be to act now."""
    seat = playing_seat(table, user)
    to_act = table.to_act()
    if seat not in to_act:
        if not to_act:
            raise NotYourTurnError("It is not your turn (waiting for nobody).")
        names = Text.joined(", ", (table.names.seat(s) for s in sorted(to_act)))
        raise NotYourTurnError("It is not your turn (waiting for {names}).", names=names)
    return seat


def read_action(table: Table, seat: Seat, command: Command) -> Any:
    """The action a command stands for, read against the seat's view."""
    codec = table.spec.codec
    if isinstance(command, str):
        text = command.strip()
        if not text:
            raise InvalidActionError("Say what to do (try /help).", code="empty")
        if len(text) > MAX_COMMAND:
            raise InvalidActionError("That command is too long.", code="too_long")
        try:
            return codec.parse(text, table.view(seat))
        except GameError:
            raise
        except Exception:  # a parser bug must reach players as a message, and us as a log line
            log.exception("the %s codec failed on %r", table.spec.key, text)
            raise InvalidActionError("That command could not be read.", code="unreadable") from None
    if isinstance(command, Mapping):
        if is_note(command):
            raise InvalidActionError("That is not a game action.", code="bad_action")
        try:
            return codec.from_json(command)
        except GameError:
            raise
        except Exception:
            raise InvalidActionError("That action is malformed.", code="bad_action") from None
    return command


def presenter_summary(table: Table, seat: Seat | None) -> str:
    """The presenter's text for what `seat` (None: spectators) sees."""
    return presenter_for(table.spec.key).summary(table.view(seat))


def plan_act(table: Table, user: int, command: Command) -> Plan:
    """The plan for a player's command (pure; raises GameError on any rejection)."""
    seat = my_turn(table, user)
    action = read_action(table, seat, command)
    draft = Draft(table)
    draft.play(seat, action)
    draft.bots()
    return draft.finish(seat)


async def act(host: Host, game_id: int, user: int, command: Command) -> Reply:
    """Play a command for a user, then AI seats and chance steps until a person must act."""
    plan, after = await run(host, game_id, lambda t: plan_act(t, user, command))
    messages = await settle(host, plan, after)
    first = next((m.text for m in messages if isinstance(m, PublicUpdate)), Text("Done."))
    return Reply(first, tuple(messages), game_id)


def plan_undo(table: Table, user: int, steps: int | None) -> Plan:
    """The plan that takes back the user's last action(s) of the current turn."""
    seat = my_turn(table, user)
    t = table.timeline
    if steps is not None and steps < 1:
        raise RequestError("Undo at least one action.", code="bad_undo")
    index = undo_start(t, seat, steps)
    if index == len(t.moves):
        own_last = bool(t.moves) and t.moves[-1].seat == seat
        if own_last:
            raise RequestError(
                "You cannot undo past a battle or a random draw.", code="undo_barrier"
            )
        raise RequestError("There is nothing of yours to undo this turn.", code="nothing_to_undo")
    draft = Draft(table)
    count = draft.undo_to(index, seat, "undo")
    who = table.names.seat(seat)
    draft.say(
        Text.plural(
            "{player} undid {count} action.", "{player} undid {count} actions.", count, player=who
        )
    )
    return draft.finish(seat)


async def undo(host: Host, game_id: int, user: int, steps: int | None = 1) -> Reply:
    """Undo the user's last action (or, with steps=None, the whole turn so far)."""
    plan, after = await run(host, game_id, lambda t: plan_undo(t, user, steps))
    messages = await settle(host, plan, after)
    return Reply(plan.lines[0], tuple(messages), game_id)
