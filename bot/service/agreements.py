"""Decisions about the table itself: resign, takeback, abort vote, pause, replace
(a rematch: bot.service.rematches)."""

from __future__ import annotations

from dataclasses import replace as dataclass_replace
from datetime import datetime, timedelta

from bot.service.errors import LobbyError, PermissionDeniedError, RequestError
from bot.service.moments import Moment
from bot.service.outbox import ConsentRequest, Message, Notice, Reply
from bot.service.play import Draft, Plan, run
from bot.service.profiles import ANDROID, LEAVER
from bot.service.settle import settle
from bot.service.table import Host, Table, load_table
from bot.service.timeline import (
    ABORT,
    CONSENT,
    DECLINE,
    OFFER,
    PAUSE,
    PAUSE_REQUEST,
    RESIGN,
    RESUME,
    TAKEBACK,
    takeback_start,
)
from bot.service.turns import playing_seat
from bot.service.updates import resignation
from games.base import Seat
from games.text import Text
from storage.base import ConflictError, SeatTakenError
from storage.records import GameStatus, Handover

WHAT = {
    TAKEBACK: Text("a takeback"),
    ABORT: Text("aborting the game"),
    PAUSE_REQUEST: Text("a pause"),
}


def plan_resign(table: Table, seat: Seat, why: str) -> Plan:
    """The plan for a seat leaving the game: the bot plays on for it unless the game is decided."""
    draft = Draft(table)
    draft.note(RESIGN, seat=seat, why=why)
    draft.say(Text("{sentence}.", sentence=resignation(table, seat, why)))
    if table.profile.cooperative:
        return _crew_member_leaves(table, draft, seat, why)
    resigned = set(draft.timeline.resigned)
    teams = table.profile.teams(table.game_config, table.settings.seats)
    alive = [team for team in teams if any(s not in resigned for s in team)]
    humans_left = [s for s in table.human_seats() if s not in resigned]
    if len(alive) <= 1 or not humans_left:
        winners = sorted(s for team in alive for s in team if s not in resigned)
        outcome = {
            "winners": winners,
            "reason": str(resignation(table, seat, why)),
            "scores": [],
            "resigned": list(draft.timeline.resigned),
            "ended_by": why,
        }
        return draft.finish(seat, status=GameStatus.FINISHED, outcome=outcome)
    draft.bots()
    return draft.finish(seat)


def _crew_member_leaves(table: Table, draft: Draft, seat: Seat, why: str) -> Plan:
    """A crew never wins by a departure: an android flies on for the leaver (while someone
    is left to fly with it), or, by the host's choice in the lobby, the mission is aborted
    and counts as lost (see docs/rulings.md)."""
    resigned = set(draft.timeline.resigned)
    humans_left = [s for s in table.human_seats() if s not in resigned]
    policy = table.settings.options.get(LEAVER, ANDROID)
    if humans_left and policy == ANDROID:
        draft.say(
            Text("An android takes over the post of {player}.", player=table.names.seat(seat))
        )
        draft.bots()
        return draft.finish(seat)
    outcome = {
        "winners": [],
        "reason": str(resignation(table, seat, why)),
        "scores": [],
        "resigned": list(draft.timeline.resigned),
        "ended_by": why,
        "lost": True,
    }
    return draft.finish(seat, status=GameStatus.FINISHED, outcome=outcome)


async def resign(host: Host, game_id: int, user: int) -> Reply:
    """Give up: a decided game ends; otherwise the bot takes over the seat and you rank last."""

    def build(table: Table) -> Plan:
        return plan_resign(table, playing_seat(table, user), "resign")

    plan, after = await run(host, game_id, build)
    messages = await settle(host, plan, after)
    return Reply(plan.lines[0], tuple(messages), game_id)


def _others(table: Table, seat: Seat) -> list[Seat]:
    return [s for s in table.human_seats() if s != seat]


def _complete(table: Table, draft: Draft, what: str, by: Seat, now: datetime | None = None) -> Plan:
    """Carry out a request everyone accepted (`now`: when, for a pause's "in 2 days")."""
    if what == TAKEBACK:
        index = takeback_start(draft.timeline, by)
        if index is None:
            raise RequestError("That turn can no longer be taken back.", code="takeback_barrier")
        count = draft.undo_to(index, by, "takeback")
        draft.say(
            Text.plural(
                "{player} took back their last turn ({count} action).",
                "{player} took back their last turn ({count} actions).",
                count,
                player=table.names.seat(by),
            )
        )
        return draft.finish(by)
    if what == ABORT:
        draft.say(Text("Game {game} was aborted by agreement.", game=table.id))
        outcome = {"winners": [], "reason": "aborted by vote", "ended_by": "abort"}
        return draft.finish(by, status=GameStatus.ABANDONED, outcome=outcome)
    request = draft.timeline.requests.get(what)
    until = request.data.get("until") if request else None
    draft.note(PAUSE, seat=by, until=until)
    if until:
        # The thread reads it: a moment each reader's front-end writes in their own zone.
        back = Moment(datetime.fromisoformat(until), said=now)
        draft.say(
            Text("Game {game} is paused until {until}: clocks stopped.", game=table.id, until=back)
        )
    else:
        draft.say(Text("Game {game} is paused: clocks stopped.", game=table.id))
    return draft.finish(by)


def plan_offer(
    table: Table, user: int, what: str, until: str | None, now: datetime | None = None
) -> Plan:
    """Ask for a takeback, an abort or a pause (carried out at once when nobody else must agree)."""
    seat = playing_seat(table, user)
    t = table.timeline
    if what == TAKEBACK and takeback_start(t, seat) is None:
        raise RequestError(
            "There is no turn of yours to take back since the last battle or draw.",
            code="takeback_barrier",
        )
    if what == PAUSE_REQUEST and t.paused is not None:
        raise RequestError("The game is already paused.", code="already_paused")
    draft = Draft(table)
    data = {"what": what, "seat": seat, "basis": t.basis}
    if until is not None:
        data["until"] = until
    draft.note(OFFER, **data)
    if not _others(table, seat):
        return _complete(table, draft, what, seat, now)
    draft.say(Text("{player} asks for {what}.", player=table.names.seat(seat), what=WHAT[what]))
    return draft.finish(seat)


def plan_answer(
    table: Table, user: int, what: str, accept: bool, now: datetime | None = None
) -> Plan:
    """Accept or decline a pending request; the last acceptance carries it out."""
    seat = playing_seat(table, user)
    t = table.timeline
    request = t.requests.get(what)
    if request is None:
        raise RequestError(
            "Nobody asked for {what}.", code="no_request", what=WHAT.get(what) or what
        )
    draft = Draft(table)
    if what == TAKEBACK and request.basis != t.basis:
        draft.note(DECLINE, what=what, seat=seat)
        draft.say(Text("The takeback lapsed: the game moved on since it was asked."))
        return draft.finish(seat)
    if not accept:
        draft.note(DECLINE, what=what, seat=seat)
        draft.say(Text("{player} declined {what}.", player=table.names.seat(seat), what=WHAT[what]))
        return draft.finish(seat)
    if seat in request.yes:
        raise RequestError("You already agreed.", code="already_agreed")
    draft.note(CONSENT, what=what, seat=seat)
    if set(table.human_seats()) <= request.yes | {seat}:
        return _complete(table, draft, what, request.by, now)
    draft.say(Text("{player} agrees to {what}.", player=table.names.seat(seat), what=WHAT[what]))
    return draft.finish(seat)


async def _request_messages(host: Host, plan: Plan, after: Table, what: str) -> list[Message]:
    messages = await settle(host, plan, after)
    request = after.timeline.requests.get(what)
    if request is not None and plan.actor == request.by:
        users = tuple(u for s in _others(after, request.by) if (u := after.user_at(s)) is not None)
        text = Text(
            "{request} Answer with accept or decline ({what}).",
            request=plan.lines[-1],
            what=Text.verbatim(what),
        )
        messages.append(ConsentRequest(after.id, users, what, text))
    return messages


async def offer(
    host: Host, game_id: int, user: int, what: str, until: datetime | None = None
) -> Reply:
    """Ask the others for a takeback, an abort or a pause (until a time, for vacations)."""
    if what not in WHAT:
        raise RequestError("One can ask for: {what}.", code="bad_request", what=", ".join(WHAT))
    stamp = until.isoformat() if until else None
    now = host.clock.now()
    plan, after = await run(host, game_id, lambda t: plan_offer(t, user, what, stamp, now))
    if until is not None and after.timeline.paused is not None:
        await host.store.add_deadline(game_id, None, "resume", until)
    messages = await _request_messages(host, plan, after, what)
    return Reply(plan.lines[-1], tuple(messages), game_id)


async def answer(host: Host, game_id: int, user: int, what: str, accept: bool) -> Reply:
    """Accept or decline a takeback, abort or pause request."""
    now = host.clock.now()
    plan, after = await run(host, game_id, lambda t: plan_answer(t, user, what, accept, now))
    if after.timeline.paused is not None and plan.table.timeline.paused is None:
        until = after.timeline.paused.data.get("until")
        if until:
            await host.store.add_deadline(game_id, None, "resume", datetime.fromisoformat(until))
    messages = await settle(host, plan, after)
    return Reply(plan.lines[-1], tuple(messages), game_id)


def plan_resume(table: Table, user: int | None) -> Plan:
    """The plan that restarts the clocks of a paused game."""
    if table.timeline.paused is None:
        raise RequestError("The game is not paused.", code="not_paused")
    seat = None if user is None else playing_seat(table, user)
    draft = Draft(table)
    draft.note(RESUME, seat=-1 if seat is None else seat)
    draft.say(Text("Game {game} resumed: clocks run again.", game=table.id))
    return draft.finish(seat)


async def resume(host: Host, game_id: int, user: int | None) -> Reply:
    """End a pause (any player, or the scheduled end of a vacation with user None)."""
    plan, after = await run(host, game_id, lambda t: plan_resume(t, user))
    messages = await settle(host, plan, after)
    return Reply(plan.lines[-1], tuple(messages), game_id)


async def replace_player(
    host: Host, game_id: int, by: int, old: int, new: int, admin: bool = False
) -> Reply:
    """Hand a seat to another user (by its holder, the host or an admin); history is kept."""
    table = await load_table(host, game_id)
    if not table.record.status.is_open:
        raise LobbyError("The game is over.", code="game_over")
    seat = table.seat_of(old)
    if seat is None:
        raise PermissionDeniedError(
            "{player} has no seat here.", code="not_seated", player=host.name(old)
        )
    if by not in (old, table.settings.host_user) and not admin:
        raise PermissionDeniedError(
            "Only the player, the host or an admin can do that.", code="not_host"
        )
    if table.seat_of(new) is not None:
        raise LobbyError("{player} already plays here.", code="already_in", player=host.name(new))
    handover = Handover(seat, old, new)
    text = Text(
        "{player} takes over seat {seat} from {old}.",
        player=host.name(new),
        seat=seat,
        old=host.name(old),
    )
    if table.record.status is GameStatus.LOBBY:
        await _hand_over(host, game_id, table.record.version, handover)
        return Reply(text, (Notice(game_id, text),), game_id)

    def build(t: Table) -> Plan:
        if t.seat_of(old) != seat:
            raise LobbyError("That seat changed a moment ago; look again.", code="seat_taken")
        draft = Draft(t)
        draft.note("replace", seat=seat, **{"from": old, "to": new})
        draft.say(text)
        return dataclass_replace(draft.finish(None), handover=handover)

    try:
        plan, after = await run(host, game_id, build)
    except (SeatTakenError, ConflictError):
        host.cache.pop(game_id, None)
        raise LobbyError("That seat changed a moment ago; look again.", code="seat_taken") from None
    messages = await settle(host, plan, after)
    if seat in after.humans_to_act():
        from bot.service.deadlines import start_clock

        await start_clock(host, after, seat, host.clock.now())
    return Reply(text, tuple(messages), game_id)


async def _hand_over(host: Host, game_id: int, version: int, handover: Handover) -> None:
    """A lobby seat changes hands in one write (a lobby logs no note)."""
    try:
        await host.store.append(game_id, version, (), handover=handover)
    except (SeatTakenError, ConflictError):
        raise LobbyError("That seat changed a moment ago; look again.", code="seat_taken") from None
    finally:
        host.cache.pop(game_id, None)


def pause_until(now: datetime, hours: float) -> datetime:
    """When a vacation of `hours` from now ends."""
    return now + timedelta(hours=hours)
