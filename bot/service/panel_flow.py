"""Answering any game's panel from its data: the main screen, and what a click or pick leads to.

A front-end draws a `Screen` (menus and buttons, and the text and images to show) and sends
back the operation and arguments of the component used, with the value picked. Arguments are
the switch's value (when the panel has one), then the values picked so far, then (buttons of
a row of choices, turns) the value the button stands for: a panel works after a restart, and
one made for an older version of the game says it is out of date.
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.service.commands import catalogue, dispatch
from bot.service.commands.frontend import Seat, legal_choices, seat_of
from bot.service.commands.hosting import group_name
from bot.service.commands.spec import Suggestion
from bot.service.outbox import PrivateUpdate, Reply
from bot.service.panel_screen import Answer, Button, Click, Fresh, Menu, Played, Refused, Screen
from bot.service.panels import GENERIC, REDRAW, Ask, Flow, Panel, Pick, Press, Turn, panel_for
from games.text import Text

if TYPE_CHECKING:
    from bot.service.service import Service, UserId

MAX_WORD_BUTTONS = 4
"""One-word moves shown as buttons (with undo they fill one row)."""
OTHER = "other"
"""The role of the menus listing the seat's other legal moves (a front-end may group them)."""


async def panel_seat(
    service: Service, game: int, user: UserId, panel: Panel | None = None
) -> tuple[Panel, Seat | None]:
    """The game's panel (or `panel`, over what its own seat lookup names) and the user's seat
    as the panel stamps it."""
    if panel is not None and panel.seat is not None:
        return panel, await panel.seat(service, game, user)
    where = await seat_of(service, game, user)
    if where is None:
        return panel or GENERIC, None
    panel = panel or panel_for(where.game_key)
    if panel.seat is not None:
        return panel, await panel.seat(service, game, user)
    return panel, where


async def legal_moves(
    service: Service, game: int, user: UserId, panel: Panel | None = None
) -> list[str]:
    """The seat's legal moves as its panel offers them (typed)."""
    panel, seat = await panel_seat(service, game, user, panel)
    if panel.legal is None:
        return await service.options(game, user)
    if seat is None:
        return []
    return list(await panel.legal(Ask(service, seat.game_id, service.user(user), seat.seat,
                                      stamp=_stamp(seat))))  # fmt: skip


async def content(service: Service, update: PrivateUpdate) -> PrivateUpdate:
    """A private update as its game's panel shows it (unchanged when the panel has no own)."""
    where = await seat_of(service, update.game_id, update.user_id)
    if where is None:
        return update
    own = panel_for(where.game_key).content
    found = await own(service, update.game_id, update.user_id) if own is not None else None
    return found or update


async def panel_message(
    service: Service,
    game: int,
    user: UserId,
    switched: str | None = None,
    panel: Panel | None = None,
) -> Screen:
    """The main screen with the panel's text and images, as a fresh panel shows them."""
    panel, seat = await panel_seat(service, game, user, panel)
    update = await panel.content(service, game, user) if panel.content and seat else None
    if update is None:  # the hand as the service shows it
        reply = await service.hand(game, user)
        update = next(m for m in reply.messages if isinstance(m, PrivateUpdate))
    screen = await main_screen(service, game, user, switched, panel)
    return replace(screen, text=update.text, images=update.images)


async def main_screen(
    service: Service,
    game: int,
    user: UserId,
    switched: str | None = None,
    panel: Panel | None = None,
) -> Screen:
    """The panel's first screen for a user (no components when it is not their move)."""
    panel, seat = await panel_seat(service, game, user, panel)
    if seat is None or not seat.to_act:
        return Screen((), ids=panel.ids)
    ask = Ask(service, seat.game_id, service.user(user), seat.seat, stamp=_stamp(seat))
    menus: list[Menu | Button] = []
    buttons: list[Menu | Button] = []
    context: tuple[str, ...] = ()
    if panel.switch is not None:
        switch = panel.switch
        current = switched if switched is not None else await switch.current(ask)
        ask.picked[switch.option] = current
        context = (current,)
        found = tuple(await switch.choices(ask))
        if len(found) > 1:
            name = next((c.name for c in found if c.value == current), "")
            shown = Text(switch.placeholder.template, **{switch.option: name})
            menus.append(Menu(switch.option, (), found, shown))
    covered: set[str] = set()
    for flow in panel.flows:
        if isinstance(flow, Press):
            label = await flow.label(ask)
            if label is not None:
                buttons.append(Button(flow.op, context, label, tone=flow.tone))
            continue
        first = flow.steps[0]
        found = tuple(await choices(ask, flow, 0))
        if found:
            placeholder = first.placeholder if isinstance(first, Pick) else ""
            menus.append(Menu(flow.op, context, found, _said(placeholder, ask.picked)))
            covered.add(flow.command)
    if panel.moves:
        texts = await legal_moves(service, game, user, panel)
        words = [t for t in texts if " " not in t][:MAX_WORD_BUTTONS]
        others = [t for t in texts if t not in words and t.split(" ", 1)[0] not in covered]
        if others:
            menus.append(Menu("act", (), tuple(Suggestion(t, t) for t in others), role=OTHER))
        buttons += [Button("do", (w,), w, tone="primary") for w in words]
    if panel.undo:
        buttons.append(Button("undo", role="undo"))
    return Screen((*menus, *buttons), stamp=ask.stamp, ids=panel.ids)


async def choices(ask: Ask, flow: Flow, at: int) -> Sequence[Suggestion]:
    """The choices of a flow's step given what is picked so far."""
    step = flow.steps[at]
    if step.choices is not None:
        return await step.choices(ask)
    where = await seat_of(ask.service, ask.game, ask.user)
    group = catalogue().group(group_name(where.game_key)) if where else None
    command = group.command(flow.command) if group else None
    if command is None or command.legal is None:
        return []
    given = {"game": str(ask.game), **ask.picked}
    return await legal_choices(ask.service, ask.user, command, step.option, given)


def _said(template: Text | str, picked: dict[str, str]) -> Text | str:
    """A step's text with the values picked so far in its fields."""
    if isinstance(template, Text):
        return Text(template.template, **{k: Text.verbatim(v) for k, v in picked.items()})
    return template


def _stamp(seat: Seat) -> tuple[int, int, int]:
    return seat.game_id, seat.seat, seat.version


def refusal(seat: Seat | None, click: Click, panel: Panel = GENERIC) -> Refused | Fresh | None:
    """Why a click is not answered with a step: not the user's panel, a fresh panel asked
    for, or a panel the game has moved past (said in the panel's own words, if it has any)."""
    if seat is None or seat.seat != click.seat:
        return Refused("not_yours")
    if click.op == "fresh":
        return Fresh()
    if click.version != seat.version:
        return Refused("stale", panel.stale)
    return None


async def answer(
    service: Service, user: UserId, click: Click, panel: Panel | None = None
) -> Answer:
    """What a click or pick on a panel (the game's, or `panel`) leads to: a screen, a move
    played, or a refusal."""
    game, op, args, value = click.game, click.op, click.args, click.value
    panel, seat = await panel_seat(service, game, user, panel)
    refused = refusal(seat, click, panel)
    if refused is not None or seat is None:
        return refused or Refused("not_yours")
    ask = Ask(service, seat.game_id, service.user(user), seat.seat, stamp=_stamp(seat))
    context = args[:1] if panel.switch is not None else ()
    if panel.switch is not None and context:
        ask.picked[panel.switch.option] = context[0]
    if op == "back":
        return await panel_message(service, game, user, context[0] if context else None, panel)
    if panel.switch is not None and op == panel.switch.option and value is not None:
        # Another board, the same program image: only the text and the menus change.
        return replace(await panel_message(service, game, user, value, panel), images=None)
    press = panel.press(op)
    if press is not None:
        return await _played(panel, press.play(ask), op, ask)
    found = panel.find(op)
    if found is not None:
        return await _step(ask, panel, *found, op, args[len(context) :], value)
    return await _generic(ask, panel, op, args, value)


async def _generic(
    ask: Ask, panel: Panel, op: str, args: tuple[str, ...], value: str | None
) -> Answer:
    """Every panel's own operations: another legal move, a one-word move, undo."""
    move = value if op == "act" else args[0] if op == "do" and args else None
    if move is not None and panel.act is not None:
        return await _played(panel, panel.act(ask, move), move, ask)
    if move is not None:
        return await _command(ask, panel, "act", {"action": move})
    if op == "undo" and panel.take_back is not None:
        return await _played(panel, panel.take_back(ask), "undo", ask)
    if op == "undo":
        return await _command(ask, panel, "", {}, path="undo")
    return Refused("stale")  # an operation this panel no longer has


async def _step(
    ask: Ask,
    panel: Panel,
    flow: Flow,
    at: int,
    op: str,
    args: tuple[str, ...],
    value: str | None,
) -> Answer:
    """A step answered: its value is picked, then the next step is shown or the move played."""
    step = flow.steps[at]
    menu = isinstance(step, Pick) and not step.buttons
    earlier = args if menu else args[:-1]
    if len(earlier) != at or (menu and value is None) or (not menu and not args):
        return Refused("stale")  # a component of another shape: made by an older panel
    for before, picked in zip(flow.steps, earlier, strict=False):
        ask.picked[before.option] = picked
    chosen = value if menu else args[-1]
    assert chosen is not None
    if isinstance(step, Turn) and op == step.rotate:
        return await _turn(ask, panel, flow, at, chosen)
    ask.picked[step.option] = chosen
    if at + 1 < len(flow.steps):
        return await show_step(ask, panel, flow, at + 1)
    play = flow.play(ask) if flow.play is not None else None
    if play is not None:
        return await _played(panel, play, flow.command or op, ask)
    return await _command(ask, panel, flow.command, dict(ask.picked))


async def show_step(ask: Ask, panel: Panel, flow: Flow, at: int) -> Screen:
    """The screen of a flow's later step (a menu or buttons, or a turn at its first value)."""
    step = flow.steps[at]
    found = tuple(await choices(ask, flow, at))
    if isinstance(step, Turn):
        return await _turn(ask, panel, flow, at, found[0].value if found else "", found)
    args = _args(panel, ask, flow, at)
    back = Button("back", args[:1] if panel.switch else (), role="back")
    text = _said(step.prompt, ask.picked) if step.prompt is not None else None
    if step.buttons:
        row = tuple(Button(step.name, (*args, c.value), c.name, tone="primary") for c in found)
        return Screen((*row, back), text, stamp=ask.stamp, ids=panel.ids)
    menu = (Menu(step.name, args, found, _said(step.placeholder, ask.picked)),) if found else ()
    return Screen((*menu, back), text, stamp=ask.stamp, ids=panel.ids)


async def _turn(
    ask: Ask,
    panel: Panel,
    flow: Flow,
    at: int,
    chosen: str,
    found: Sequence[Suggestion] | None = None,
) -> Screen:
    step = flow.steps[at]
    assert isinstance(step, Turn)
    legal = [c.value for c in (found if found is not None else await choices(ask, flow, at))]
    back = Button("back", _args(panel, ask, flow, at)[:1] if panel.switch else (), role="back")
    if not legal:  # nothing to turn to any more: only the way back
        return Screen((back,), stamp=ask.stamp, ids=panel.ids)
    here = legal.index(chosen) if chosen in legal else 0
    chosen = legal[here]
    left, right = legal[(here - 1) % len(legal)], legal[(here + 1) % len(legal)]
    ask.picked[step.option] = chosen
    image = await step.preview(ask) if step.preview is not None else None
    args = _args(panel, ask, flow, at)
    components = (
        Button(step.rotate, (*args, left), role="left"),
        Button(step.rotate, (*args, right), role="right"),
        Button(step.confirm, (*args, chosen), role="confirm", tone="success"),
        back,
    )
    shown = _said(step.prompt, ask.picked)
    return Screen(components, shown, (image,) if image else (), ask.stamp, panel.ids)


def _args(panel: Panel, ask: Ask, flow: Flow, at: int) -> tuple[str, ...]:
    """A step's component arguments: the switch's value, then the values picked before it."""
    context = (ask.picked[panel.switch.option],) if panel.switch is not None else ()
    return (*context, *(ask.picked[s.option] for s in flow.steps[:at]))


async def _command(
    ask: Ask, panel: Panel, name: str, options: dict[str, str], path: str = ""
) -> Played:
    """Play a catalogue command of the game's group (or a top-level one) from the panel."""
    where = await seat_of(ask.service, ask.game, ask.user)
    path = path or f"{group_name(where.game_key if where else '')} {name}"
    command = catalogue().find(path)
    if command is None:
        raise KeyError(path)
    typed = {k: v for k, v in options.items() if command.option(k) is not None}
    reply = await dispatch(ask.service, ask.user, command, {**typed, "game": ask.game})
    action = typed.get("action") or " ".join(str(v) for v in typed.values())
    return Played(reply, f"{path.split()[-1]} {action}".strip(), panel.after_move == REDRAW)


async def _played(panel: Panel, play: Awaitable[Reply], said: str, ask: Ask) -> Played:
    reply = await play
    switched = ask.picked.get(panel.switch.option) if panel.switch is not None else None
    redraw = panel.after_move == REDRAW and not (panel.closes and panel.closes(reply))
    return Played(reply, said, redraw, switched)
