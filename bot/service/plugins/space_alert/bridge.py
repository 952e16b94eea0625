"""The bridge: one public message per phase showing the ship, the threats heard so far and who
has locked in, which front-ends edit in place; and what a live crew has heard so far.

A bridge update is a `PublicUpdate` of kind `BRIDGE` (a new phase: post a new bridge message)
or `BRIDGE_EDIT` (the same phase moved on: edit the last bridge message, or post one when
there is none). Front-ends that cannot edit simply show each one.

In live mode the crew hears each threat at its second of the operation (T+n): a view is cut
down to the announcements already made, so no image or panel runs ahead of the computer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial

import bot.service.plugins.space_alert.schedule as schedule
from bot.service.outbox import PrivateUpdate, PublicUpdate
from bot.service.plugins.space_alert.hosting import is_hand_line, summary, summary_lines
from bot.service.presenters import image as said_image
from bot.service.sight import public_view
from bot.service.table import Host, Table
from games.space_alert.ship import PHASES
from games.space_alert.state import Stage, State
from games.space_alert.view import View, player_view
from games.text import Text

BRIDGE = "bridge"
"""A new phase's bridge message: post it; later edits of this phase go to it."""
BRIDGE_EDIT = "bridge_edit"
"""The current bridge message, changed: edit it in place."""
PENDING_SCAN = 1000
"""Due deadlines looked at to find announcements not yet made (one tick's worth, with margin)."""


async def heard(host: Host, table: Table, state: State) -> frozenset[int] | None:
    """Indexes of the announcements a live crew has heard (None: asynchronous, all of them).

    An announcement is heard once its second has come and its deadline has fired (a due
    deadline still waiting for the clocks loop has not been announced yet).
    """
    if not schedule.Timing.of(table).live or state.schedule is None:
        return None
    if state.stage is not Stage.PLANNING:
        return None
    now = host.clock.now()
    elapsed = (now - await schedule.flight_start(host, table)).total_seconds()
    due = await host.store.due_deadlines(now, limit=PENDING_SCAN)
    waiting = {d.kind for d in due if d.game_id == table.id}
    return frozenset(
        i
        for i, a in enumerate(state.announced)
        if schedule.announcement_second(state, i) <= elapsed
        and schedule.announce_kind(state, a.slot.phase, i) not in waiting
    )


async def heard_cut(host: Host, table: Table) -> Callable[[View], View]:
    """What /hand and /board may show now: only the announcements a live crew has heard."""
    known = None if table.state is None else await heard(host, table, table.state)
    return partial(cut, known=known)


def crew_names(table: Table) -> list[str]:
    """Display names of the human seats in seat order."""
    return [table.names.plain(s) for s in range(table.settings.seats)]


def cut(view: View, known: frozenset[int] | None) -> View:
    """The view with only the announcements heard so far (all when `known` is None)."""
    if known is None:
        return view
    shown = tuple(a for i, a in enumerate(view.announcements) if i in known)
    return replace(view, announcements=shown)


def status(names: list[str], state: State) -> Text:
    """The bridge's caption: the phase being programmed and who has locked in."""
    humans = range(state.config.humans)
    done = [names[s] for s in humans if s in state.locked]
    busy = [names[s] for s in humans if s not in state.locked]
    first, last = PHASES[state.phase - 1]
    lines = [Text("Bridge, phase {phase} (turns {first}-{last}).", phase=state.phase,
                  first=first, last=last)]  # fmt: skip
    if done:
        lines.append(Text("Locked in: {names}.", names=Text.verbatim(", ".join(done))))
    if busy:
        lines.append(Text("Still programming: {names}.", names=Text.verbatim(", ".join(busy))))
    return Text.lines(lines)


def bridge_update(
    host: Host, table: Table, state: State, known: frozenset[int] | None, *, fresh: bool
) -> PublicUpdate:
    """The bridge of the phase being programmed, as a new message or as an edit."""
    from rendering.space_alert import bridge_png

    names = crew_names(table)
    view = public_view(table, state, partial(cut, known=known))
    shown = "all" if known is None else "-".join(str(i) for i in sorted(known)) or "none"
    name = f"game{table.id}-v{table.record.version}-heard-{shown}-bridge.png"
    image = said_image(name, bridge_png, view, names)
    kind = BRIDGE if fresh else BRIDGE_EDIT
    return PublicUpdate(table.id, status(names, state), (image,), kind=kind)


def private_update(
    host: Host,
    table: Table,
    seat: int,
    known: frozenset[int] | None,
    since: State | None = None,
) -> PrivateUpdate:
    """A seat's panel: its program and hand, with only the announcements heard so far.

    With `since` (the state before a change in the same phase) it says only the lines that
    changed, without the hand: the hand is said once per phase, and after a placement the
    seat reads what moved, not ninety cards again."""
    from rendering.space_alert import program_png

    user = table.user_at(seat)
    assert user is not None
    view = cut(player_view(table.state, seat), known)
    if since is not None:
        lines = summary_lines(view)
        then = set(summary_lines(cut(player_view(since, seat), known)))
        changed = [line for line in lines if line not in then and not is_hand_line(line)]
        head = Text("Game {game} (Space Alert): your program changed.", game=table.id)
        return PrivateUpdate(user, table.id, seat, Text.lines([head, *changed]), ())
    names = crew_names(table)
    if seat in table.to_act():
        head = Text("Game {game} (Space Alert): your move.", game=table.id)
    else:
        head = Text("Game {game} (Space Alert): your program.", game=table.id)
    name = f"game{table.id}-v{table.record.version}-seat{seat}-hand.png"
    image = said_image(name, program_png, view, names)
    return PrivateUpdate(user, table.id, seat, Text.lines([head, summary(view)]), (image,))
