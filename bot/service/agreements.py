"""Decisions about the table itself: resign, takeback, abort vote, pause, replace, rematch."""

from __future__ import annotations

from dataclasses import replace as dataclass_replace
from datetime import datetime, timedelta
from typing import Any

import bot.service.dice_audit as dice_audit
import bot.service.lobby as lobby
from bot.service.errors import LobbyError, PermissionDeniedError, RequestError
from bot.service.lobby_text import lobby_text
from bot.service.moments import Moment
from bot.service.outbox import ConsentRequest, LobbyUpdate, Message, Notice, PublicUpdate, Reply
from bot.service.play import Draft, Plan, run
from bot.service.profiles import ANDROID, LEAVER
from bot.service.settle import settle
from bot.service.table import Host, HostSettings, Table, load_table
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
from bot.service.updates import resignation, seat_name
from games.base import Seat
from games.text import Text
from storage.base import ConflictError, SeatTakenError
from storage.records import GameRecord, GameStatus, Handover, NewSeat

WHAT = {
    TAKEBACK: Text("a takeback"),
    ABORT: Text("aborting the game"),
    PAUSE_REQUEST: Text("a pause"),
}


def plan_resign(host: Host, table: Table, seat: Seat, why: str) -> Plan:
    """The plan for a seat leaving the game: the bot plays on for it unless the game is decided."""
    draft = Draft(table)
    draft.note(RESIGN, seat=seat, why=why)
    draft.say(Text("{sentence}.", sentence=resignation(host, table, seat, why)))
    if table.profile.cooperative:
        return _crew_member_leaves(host, table, draft, seat, why)
    resigned = set(draft.timeline.resigned)
    teams = table.profile.teams(table.game_config, table.settings.seats)
    alive = [team for team in teams if any(s not in resigned for s in team)]
    humans_left = [s for s in table.human_seats() if s not in resigned]
    if len(alive) <= 1 or not humans_left:
        winners = sorted(s for team in alive for s in team if s not in resigned)
        outcome = {
            "winners": winners,
            "reason": str(resignation(host, table, seat, why)),
            "scores": [],
            "resigned": list(draft.timeline.resigned),
            "ended_by": why,
        }
        return draft.finish(seat, status=GameStatus.FINISHED, outcome=outcome)
    draft.bots()
    return draft.finish(seat)


def _crew_member_leaves(host: Host, table: Table, draft: Draft, seat: Seat, why: str) -> Plan:
    """A crew never wins by a departure: an android flies on for the leaver (while someone
    is left to fly with it), or, by the host's choice in the lobby, the mission is aborted
    and counts as lost (see docs/rulings.md)."""
    resigned = set(draft.timeline.resigned)
    humans_left = [s for s in table.human_seats() if s not in resigned]
    policy = table.settings.options.get(LEAVER, ANDROID)
    if humans_left and policy == ANDROID:
        draft.say(
            Text("An android takes over the post of {player}.", player=seat_name(host, table, seat))
        )
        draft.bots()
        return draft.finish(seat)
    outcome = {
        "winners": [],
        "reason": str(resignation(host, table, seat, why)),
        "scores": [],
        "resigned": list(draft.timeline.resigned),
        "ended_by": why,
        "lost": True,
    }
    return draft.finish(seat, status=GameStatus.FINISHED, outcome=outcome)


async def resign(host: Host, game_id: int, user: int) -> Reply:
    """Give up: a decided game ends; otherwise the bot takes over the seat and you rank last."""

    def build(table: Table) -> Plan:
        return plan_resign(host, table, playing_seat(host, table, user), "resign")

    plan, after = await run(host, game_id, build)
    messages = await settle(host, plan, after)
    return Reply(plan.lines[0], tuple(messages), game_id)


def _others(table: Table, seat: Seat) -> list[Seat]:
    return [s for s in table.human_seats() if s != seat]


def _complete(host: Host, table: Table, draft: Draft, what: str, by: Seat) -> Plan:
    """Carry out a request everyone accepted."""
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
                player=seat_name(host, table, by),
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
        back = Moment(datetime.fromisoformat(until), said=host.clock.now())
        draft.say(
            Text("Game {game} is paused until {until}: clocks stopped.", game=table.id, until=back)
        )
    else:
        draft.say(Text("Game {game} is paused: clocks stopped.", game=table.id))
    return draft.finish(by)


def plan_offer(host: Host, table: Table, user: int, what: str, until: str | None) -> Plan:
    """Ask for a takeback, an abort or a pause (carried out at once when nobody else must agree)."""
    seat = playing_seat(host, table, user)
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
        return _complete(host, table, draft, what, seat)
    draft.say(
        Text("{player} asks for {what}.", player=seat_name(host, table, seat), what=WHAT[what])
    )
    return draft.finish(seat)


def plan_answer(host: Host, table: Table, user: int, what: str, accept: bool) -> Plan:
    """Accept or decline a pending request; the last acceptance carries it out."""
    seat = playing_seat(host, table, user)
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
        draft.say(
            Text("{player} declined {what}.", player=seat_name(host, table, seat), what=WHAT[what])
        )
        return draft.finish(seat)
    if seat in request.yes:
        raise RequestError("You already agreed.", code="already_agreed")
    draft.note(CONSENT, what=what, seat=seat)
    if set(table.human_seats()) <= request.yes | {seat}:
        return _complete(host, table, draft, what, request.by)
    draft.say(
        Text("{player} agrees to {what}.", player=seat_name(host, table, seat), what=WHAT[what])
    )
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
    plan, after = await run(host, game_id, lambda t: plan_offer(host, t, user, what, stamp))
    if until is not None and after.timeline.paused is not None:
        await host.store.add_deadline(game_id, None, "resume", until)
    messages = await _request_messages(host, plan, after, what)
    return Reply(plan.lines[-1], tuple(messages), game_id)


async def answer(host: Host, game_id: int, user: int, what: str, accept: bool) -> Reply:
    """Accept or decline a takeback, abort or pause request."""
    plan, after = await run(host, game_id, lambda t: plan_answer(host, t, user, what, accept))
    if after.timeline.paused is not None and plan.table.timeline.paused is None:
        until = after.timeline.paused.data.get("until")
        if until:
            await host.store.add_deadline(game_id, None, "resume", datetime.fromisoformat(until))
    messages = await settle(host, plan, after)
    return Reply(plan.lines[-1], tuple(messages), game_id)


def plan_resume(host: Host, table: Table, user: int | None) -> Plan:
    """The plan that restarts the clocks of a paused game."""
    if table.timeline.paused is None:
        raise RequestError("The game is not paused.", code="not_paused")
    seat = None if user is None else playing_seat(host, table, user)
    draft = Draft(table)
    draft.note(RESUME, seat=-1 if seat is None else seat)
    draft.say(Text("Game {game} resumed: clocks run again.", game=table.id))
    return draft.finish(seat)


async def resume(host: Host, game_id: int, user: int | None) -> Reply:
    """End a pause (any player, or the scheduled end of a vacation with user None)."""
    plan, after = await run(host, game_id, lambda t: plan_resume(host, t, user))
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


def _rematch_options(table: Table, order: list[int]) -> dict[str, Any]:
    """The finished game's options for its rematch, where old seat `order[n]` plays seat n.

    Per-seat options follow their player; players' dice words stay with the old game, whose
    secret seed they were mixed with.
    """
    kept = {k: v for k, v in table.settings.options.items() if k != dice_audit.WORDS}
    for key in table.profile.seat_options:
        if key in kept:
            old = {str(k): v for k, v in dict(kept[key]).items()}
            kept[key] = {str(new): old[str(s)] for new, s in enumerate(order) if str(s) in old}
    return kept


async def rematch(host: Host, game_id: int, user: int) -> Reply:
    """A new game with the same players, settings and roles, seats rotated by one, started.

    A game whose dice are committed first stays a lobby instead: its fresh commitment is
    posted now, and players add new words before its host starts it.
    """
    table = await load_table(host, game_id)
    if table.record.status.is_open:
        raise LobbyError("Finish this game before a rematch.", code="not_finished")
    if table.seat_of(user) is None:
        raise PermissionDeniedError(
            "Only players of that game can ask for a rematch.", code="not_seated"
        )
    commit_first = table.profile.commit_first
    made = await _made_rematch(host, game_id, user)
    if made is not None:
        # Asked again, or after a crash between its writes: the rematch already made goes on.
        return await _go_on(host, made, user, commit_first)
    s = table.settings
    seats = sorted(table.seats, key=lambda r: r.seat)
    order = seats[1:] + seats[:1]
    reply = await lobby.create(
        host,
        table.spec.key,
        user,
        mode=s.mode,
        seats=s.seats,
        options=_rematch_options(table, [r.seat for r in order]),
        clock=s.clock,
        rated=s.rated,
        timeout=s.timeout,
        guild_id=table.record.guild_id,
        channel_id=table.record.channel_id,
        join=False,
        rematch_of=game_id,
        seated=tuple(NewSeat(seat, r.user_id, r.role) for seat, r in enumerate(order)),
    )
    new_id = reply.game_id
    assert new_id is not None
    return await _go_on(host, await host.store.get_game(new_id), user, commit_first)


async def _made_rematch(host: Host, game_id: int, user: int) -> GameRecord | None:
    """The open rematch of `game_id` (every player of the old game sits in it), if made."""
    for record in await host.store.active_games_for_user(user):
        if HostSettings.from_json(record.config.get("host", {})).rematch_of == game_id:
            return record
    return None


async def _go_on(host: Host, record: GameRecord, user: int, commit_first: bool) -> Reply:
    """A made rematch: a committed lobby waits for words; any other lobby starts now."""
    if record.status is not GameStatus.LOBBY:
        return Reply(Text("Rematch: game {game}.", game=record.id), (), record.id)
    if commit_first:
        return await _committed_lobby(host, record.id)
    started = await lobby.start(host, record.id, user, admin=True)
    text = Text.lines([Text("Rematch: game {game}.", game=record.id), started.text])
    return Reply(text, started.messages, record.id)


async def _committed_lobby(host: Host, game_id: int) -> Reply:
    table = await load_table(host, game_id)
    await dice_audit.keep_commitment(host, table)
    commitment = dice_audit.commitment_text(table)
    head = Text(
        "Rematch: game {game}, the same set-up with a fresh secret seed. Add your own words "
        "to the dice now if you like, then start it.",
        game=game_id,
    )
    text = Text.lines([head, commitment, lobby_text(host, table)])
    # Posted on its own too: the lobby message is edited as players join and add words.
    return Reply(text, (LobbyUpdate(game_id, text), PublicUpdate(game_id, commitment)), game_id)


def pause_until(now: datetime, hours: float) -> datetime:
    """When a vacation of `hours` from now ends."""
    return now + timedelta(hours=hours)
