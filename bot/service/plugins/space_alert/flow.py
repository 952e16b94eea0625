"""What a Space Alert change tells whom: quiet planning, the bridge, the replay and the score card.

The host's generic update posts every move in the channel and sends every waiting player their
panel. Simultaneous private planning needs less: a placed card is news only for its player (and
a handed card for its receiver), a lock-in only changes the phase's bridge message (edited in
place), and only seats that start planning (or just moved) get a fresh panel. A new phase gets
its announcements (in live mode: on the clock instead) and a new bridge. After the flight
resolves the channel gets the replay (GIF) and the score card; the game's own clocks are
scheduled here too.
"""

from __future__ import annotations

from dataclasses import replace

from bot.service.outbox import GameOver, Image, Message, PrivateUpdate, PublicUpdate
from bot.service.play import Plan
from bot.service.plugins.space_alert import clock
from bot.service.plugins.space_alert.bridge import (
    bridge_update,
    crew_names,
    heard,
    private_update,
)
from bot.service.plugins.space_alert.hosting import PRIVATE_MOVES, crew_position
from bot.service.plugins.space_alert.schedule import Timing
from bot.service.presenters import image as said_image
from bot.service.sight import public_view
from bot.service.table import Host, Table
from bot.service.updates import reason_text
from games.base import CHANCE, Seat
from games.space_alert.actions import DamageDrawn, GiveCard, LockIn, PhaseOpened
from games.space_alert.rules import outcome
from games.space_alert.state import Stage, State
from games.space_alert.view import View
from games.text import Text
from storage.records import GameStatus


def captain_order(host: Host, table: Table, state: State) -> Text:
    """'Captain order: alice (captain), bob (crew 2), Android C (crew 3) ...'."""
    names = crew_names(table)
    shown = []
    for index, board in enumerate(state.boards):
        name = Text.verbatim(board.name if board.seat is None else names[board.seat])
        shown.append(Text("{name} ({position})", name=name, position=crew_position(index)))
    return Text("Captain order: {crew}.", crew=Text.joined(", ", shown))


def public_images(host: Host, table: Table, state: State, label: str) -> tuple[Image, ...]:
    """The bridge (before the flight resolves) or the programs summary, with players' names."""
    from rendering.space_alert import bridge_png, mission_summary_png

    view = public_view(table, state)
    names = crew_names(table)
    if view.result is None:
        return (said_image(f"game{table.id}-{label}-bridge.png", bridge_png, view, names),)
    return (said_image(f"game{table.id}-{label}-summary.png", mission_summary_png, view, names),)


def resolution(host: Host, table: Table, state: State) -> PublicUpdate:
    """The replay GIF and the score card of the flight just resolved (public: it is over)."""
    from rendering.space_alert import replay_animation, score_card_png

    view: View = public_view(table, state)
    names = crew_names(table)
    result = view.result
    assert result is not None
    if result.lost:
        verdict = Text("The ship was lost: {reason}.", reason=result.loss_reason)
    else:
        verdict = Text("The ship returned: score {score}.", score=result.score)
    base = f"game{table.id}-flight{state.flight}"
    images = (
        said_image(f"{base}-replay.gif", replay_animation, view, names),
        said_image(f"{base}-score.png", score_card_png, view),
    )
    text = Text.joined(
        " ",
        [
            Text("Flight {flight} of game {game} resolved.", flight=state.flight, game=table.id),
            verdict,
            Text("The replay, turn by turn:"),
        ],
    )
    return PublicUpdate(table.id, text, images)


def _reason(state: State, stored: str) -> Text:
    """The stored outcome reason, said again from the state when the rules wrote it (the
    record keeps English; a host's reason such as an abort is the host's to say)."""
    found = outcome(state)
    if found is not None and str(found.reason) == stored and isinstance(found.reason, Text):
        return found.reason
    return reason_text(stored)


def _quiet(plan: Plan) -> bool:
    moves = [s for s in plan.steps if s.seat != CHANCE]
    return bool(moves) and all(
        s.seat != CHANCE and isinstance(s.action, PRIVATE_MOVES) for s in plan.steps
    )


def _panel_seats(plan: Plan, after: Table) -> set[Seat]:
    before = set(plan.table.humans_to_act()) if plan.table.state is not None else set()
    seats = set(after.humans_to_act()) - before
    if plan.actor is not None:
        seats.add(plan.actor)
    seats |= {s.action.to for s in plan.steps if isinstance(s.action, GiveCard)}
    return seats


def _blackout_over(plan: Plan) -> bool:
    """True when a phase with a communications blackout has just closed (asynchronous play)."""
    before: State | None = plan.table.state
    if before is None or before.schedule is None or before.config.solo or not before.phase:
        return False
    closed = any(isinstance(s.action, PhaseOpened | DamageDrawn) for s in plan.steps)
    return closed and bool(before.schedule.comms_down[before.phase - 1])


def _lock_ins_only(plan: Plan) -> bool:
    """True for a change that only locks seats in (the bridge is edited, nothing is posted)."""
    return (
        not plan.lines
        and bool(plan.steps)
        and all(s.seat != CHANCE and isinstance(s.action, LockIn) for s in plan.steps)
    )


def _announced(table: Table, state: State, phases: list[int]) -> list[Text]:
    """The computer's announcements of the phases just opened (asynchronous crews)."""
    view = public_view(table, state)
    return [a.text for a in view.announcements if a.phase in phases]


async def refine(host: Host, plan: Plan, after: Table, messages: list[Message]) -> list[Message]:
    """Space Alert's messages for one change (see the module docstring)."""
    state: State | None = after.state
    if state is None:
        return messages
    active = after.record.status is GameStatus.ACTIVE
    quiet = _quiet(plan) and active
    planning = active and state.stage is Stage.PLANNING
    panels = _panel_seats(plan, after)
    timing = Timing.of(after)
    known = await heard(host, after, state)
    opened = [s.action.phase for s in plan.steps if isinstance(s.action, PhaseOpened)]
    extra: list[Text] = []
    if opened and not timing.live:
        extra += _announced(after, state, opened)
    if plan.table.state is None:
        extra.append(captain_order(host, after, state))
        if timing.live:
            extra.append(
                Text("Live mission: the computer announces threats on the clock (10 minutes).")
            )
    if _blackout_over(plan) and not timing.live:
        extra.append(Text("All clear: communications restored."))
    schedule = state.schedule
    quiet_phase = schedule is not None and bool(schedule.comms_down[state.phase - 1])
    if opened and quiet_phase and not timing.live and not state.config.solo:
        extra.append(Text("Communications down: do not discuss the plan until the all-clear."))
    out: list[Message] = []
    label = f"v{after.record.version}"
    for m in messages:
        if isinstance(m, PublicUpdate):
            if quiet:
                continue
            if planning and _lock_ins_only(plan):
                out.append(bridge_update(host, after, state, known, fresh=False))
                continue
            text = Text.lines([m.text, *extra]) if extra else m.text
            images = () if planning else public_images(host, after, state, label)
            out.append(replace(m, text=text, images=images))
            if planning:
                out.append(bridge_update(host, after, state, known, fresh=bool(opened)))
            continue
        if isinstance(m, GameOver):
            text = m.text
            if state.result is not None:
                said = _reason(state, str((after.record.outcome or {}).get("reason", "")))
                text = Text("Game {game} is over. {reason}", game=after.id, reason=said)
            m = replace(m, text=text, images=public_images(host, after, state, "final"))
        elif isinstance(m, PrivateUpdate):
            if m.seat not in panels:
                continue
            if planning:
                m = private_update(host, after, m.seat, known, _same_phase(plan.table.state, state))
        out.append(m)
    if any(isinstance(s.action, DamageDrawn) for s in plan.steps) and state.result is not None:
        at = next((i for i, m in enumerate(out) if isinstance(m, GameOver)), len(out))
        out.insert(at, resolution(host, after, state))
    out += await clock.on_change(host, plan, after)
    return out


def _same_phase(before: State | None, after: State) -> State | None:
    """The state before a change that stayed in the same planning phase (panels then say only
    what changed), else None (a new phase: the whole panel, hand included)."""
    if before is None or before.stage is not Stage.PLANNING or after.stage is not Stage.PLANNING:
        return None
    return before if before.phase == after.phase else None
