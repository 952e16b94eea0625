"""Warzone play helpers: one compact message per activation step, squad moves, measure, sight."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import bot.service.presenters as presenters
from bot.service.outbox import Image, Message, PublicUpdate, Reply
from bot.service.presenters import Say
from bot.service.sight import public_view
from bot.service.table import load_table
from games.base import GameError, IllegalActionError, InvalidActionError
from games.text import Text
from games.warzone.geometry import Vec, dist, gap
from games.warzone.sight import sight_among
from games.warzone.state import Model, State
from games.warzone.view import WarzoneView

if TYPE_CHECKING:
    from bot.service.service import Service, UserId
    from rendering.warzone import Overlay

MAX_TEXT = 1800
"""Discord allows 2000 characters; the turn line and a margin take the rest."""


def _png(view: WarzoneView, overlay: Overlay, say: Say = str) -> bytes:
    from rendering.warzone import table_png

    return table_png(view, overlay, say)


def image(gid: int, label: str, view: WarzoneView, overlay: Overlay) -> Image:
    """A lazily drawn table image with an overlay, in the language of each reader."""
    return presenters.image(f"game{gid}-{label}.png", _png, view, overlay)


def _compact(lines: list[str]) -> Text:
    """The lines; past MAX_TEXT characters only the newest whole lines that fit, after '…'."""
    text = "\n".join(lines)
    if len(text) <= MAX_TEXT:
        return Text.lines(lines)
    kept = text[-MAX_TEXT:].split("\n", 1)[-1]
    newest = lines[-(kept.count("\n") + 1) :]
    if "\n".join(newest) == kept:  # whole lines: each still said in the reader's language
        return Text.lines(["…", *newest])
    return Text.lines(["…", kept])


def _last_line(text: str) -> str:
    """The last line of a message, still a Text when the message was composed of lines."""
    if isinstance(text, Text) and text.parts and text.separator == "\n":
        return _last_line(text.parts[-1])
    return text.rsplit("\n", 1)[-1] if "\n" in text else text


async def act_report(
    service: Service,
    gid: int,
    user: UserId,
    commands: list[str],
    sights: tuple[tuple[str, str], ...] = (),
    path: tuple[Vec, ...] = (),
) -> Reply:
    """Play `commands` in order; one message with every new log line (each roll) and an image.

    Several commands are one order (a squad in formation): they are rehearsed first and played
    only when the rules accept every one. A later command refused because of what play brought
    (a sentry's shot, a die) stops the sequence; what was played stays played.
    """
    from rendering.warzone import Overlay

    before = await load_table(service.host, gid)
    start = len(before.state.log) if before.state is not None else 0
    if len(commands) > 1:
        _rehearse(before, service.user(user), commands)
    replies: list[Reply] = []
    refused: Text | None = None
    for i, command in enumerate(commands):
        try:
            replies.append(await service.act(gid, user, command))
        except (IllegalActionError, InvalidActionError) as err:
            if i == 0:
                raise
            refused = Text(
                "stopped at `{command}`: {reason}", command=command, reason=err.user_message
            )
            break
    after = await load_table(service.host, gid)
    state: State = after.state
    lines = [line.text for line in state.log[start:]] if len(state.log) >= start else []
    if refused:
        lines.append(refused)
    messages: list[Message] = [m for r in replies for m in r.messages]
    last_public = max((i for i, m in enumerate(messages) if isinstance(m, PublicUpdate)),
                      default=None)  # fmt: skip
    view = public_view(after, state)
    overlay = Overlay(sights=sights, path=path)
    picture = image(gid, f"v{after.record.version}-activation", view, overlay)
    kept: list[Message] = []
    for i, m in enumerate(messages):
        if isinstance(m, PublicUpdate):
            if i != last_public:
                continue
            last = _last_line(m.text)
            turn = [last] if last.startswith(("To act", "Nobody")) else []
            m = replace(m, text=_compact([*lines, *turn]), images=(picture,))
        kept.append(m)
    text = _compact(lines) if lines else Text("Done.")
    return Reply(text, tuple(kept), gid)


def _rehearse(table: Any, user: int, commands: list[str]) -> None:
    """Refuse the whole order, nothing played, when the rules would refuse one of its commands."""
    from games.warzone.flow import first_refusal

    seat = table.seat_of(user)
    if seat is None or table.state is None or seat not in table.to_act():
        return  # not a player here, or not now: the first command says why as usual
    view = table.view(seat)
    actions = []
    for command in commands:
        try:
            actions.append(table.spec.codec.parse(command, view))
        except InvalidActionError as err:
            raise _refused(command, err) from None
    refusal = first_refusal(table.state, seat, actions)
    if refusal is not None:
        index, reason = refusal
        raise _refused(commands[index], reason)


def _refused(command: str, err: GameError) -> IllegalActionError:
    return IllegalActionError(
        "`{command}` would be refused: {reason}. Nothing was played.",
        code=err.code,
        command=command,
        reason=err.user_message,
    )


# --- squad orders in formation ----------------------------------------------------------------


def squad_models(state: State, squad: str) -> list[Model]:
    """Living models that act in a squad's activation (with a joined character)."""
    keys = {squad} | {s.key for s in state.squads if s.attached_to == squad}
    return [m for m in state.models if m.squad in keys and m.alive and m.deployed]


def formation_orders(
    state: State, squad: str, path: tuple[Vec, ...], run: bool, target: str | None
) -> list[str]:
    """Walk (or run) each unfinished model along `path` shifted by its offset, keeping formation.

    The squad commander goes to the path's end; every other model keeps its offset from it. The
    models nearest the destination move first so nobody walks through a friend's base, and with a
    target each model shoots it right after moving (models act one at a time: moving the next one
    ends the previous model's activation).
    """
    members = [m for m in squad_models(state, squad) if not m.finished]
    if not members:
        raise IllegalActionError(
            "{squad} has no model left to move.", code="no_models", squad=squad
        )
    lead = next((m for m in members if m.key == state.squad(squad).commander), members[0])
    end = path[-1]
    ordered = sorted(members, key=lambda m: (-_progress(m, lead, end), m.key))
    verb = "run" if run else "walk"
    out = []
    for m in ordered:
        dx, dy = m.x - lead.x, m.y - lead.y
        points = " ".join(f"{p[0] + dx:.2f},{p[1] + dy:.2f}" for p in path)
        out.append(f"{verb} {m.key} {points}")
        if target:
            out.append(f"shoot {m.key} {first_gun(m)} {target}")
    return out


def _progress(m: Model, lead: Model, end: Vec) -> float:
    heading = math.atan2(end[1] - lead.y, end[0] - lead.x)
    return (m.x - lead.x) * math.cos(heading) + (m.y - lead.y) * math.sin(heading)


def first_gun(m: Model) -> str:
    """The model's first ranged weapon that is loaded (assault rifles come first in profiles)."""
    from games.warzone.profiles import weapon

    for key in m.weapons:
        w = weapon(key)
        if w.kind not in ("CC", "GR") and not w.template and key not in m.empty:
            return key
    return m.weapons[0]


# --- measuring and sight ----------------------------------------------------------------------


def point_or_model(view: WarzoneView, text: str) -> tuple[Vec, Model | None]:
    """A table point 'x,y' or a model key ('A2.3'), as (centre, model or None)."""
    text = text.strip()
    for m in view.models:
        if m.key.lower() == text.lower() and m.alive:
            return m.pos, m
    try:
        x, y = (float(v) for v in text.replace(" ", "").split(","))
    except ValueError:
        raise InvalidActionError(
            "{text} is neither a model (A2.3) nor a point (12,7.5).", code="bad_point",
            text=repr(text),
        ) from None  # fmt: skip
    if not (0 <= x <= view.table and 0 <= y <= view.table):
        raise InvalidActionError("({x:g}, {y:g}) is off the table.", code="bad_point", x=x, y=y)
    return (x, y), None


def measure_text(view: WarzoneView, a_text: str, b_text: str) -> tuple[Text, tuple[Vec, Vec]]:
    """Centre and base-to-base distance between two models or points."""
    (pa, ma), (pb, mb) = point_or_model(view, a_text), point_or_model(view, b_text)
    ra, rb = (ma.radius if ma else 0.0), (mb.radius if mb else 0.0)
    edge = gap(pa, ra, pb, rb)
    ends = {"a": a_text, "b": b_text, "edge": edge}
    if ma or mb:
        line = Text(
            "{a} to {b}: {edge:.2f} in base to base ({centre:.2f} in centre to centre)",
            centre=dist(pa, pb),
            **ends,
        )
    else:
        line = Text("{a} to {b}: {edge:.2f} in base to base", **ends)
    return line, (pa, pb)


def sight_pairs(view: WarzoneView, shooter: str, target: str | None) -> list[tuple[str, str]]:
    """The pairs to check: one target, or every living enemy of the shooter."""
    models = {m.key: m for m in view.models if m.alive and m.deployed}
    me = models.get(shooter)
    if me is None:
        raise InvalidActionError("No model {model} on the table.", code="bad_model", model=shooter)
    if target:
        if target not in models:
            raise InvalidActionError(
                "No model {model} on the table.", code="bad_model", model=target
            )
        return [(shooter, target)]
    return [(shooter, m.key) for m in models.values() if m.seat != me.seat]


def sight_lines(view: WarzoneView, pairs: list[tuple[str, str]]) -> list[Text]:
    """One verdict line per pair: arc, sight, cover, distance."""
    from rendering.warzone.words import verdict_text

    models = {m.key: m for m in view.models}
    out = []
    for s, t in pairs:
        seen = sight_among(view.terrain, view.models, models[s], models[t])
        verdict = verdict_text(seen.clear, seen.in_arc, seen.visible, seen.cover.value)
        rays = sum(1 for _, _, ok in seen.rays if ok)
        out.append(
            Text.plural(
                "{shooter} -> {target}: {verdict}; {clear} of {count} ray clear;"
                " {distance:.1f} in",
                "{shooter} -> {target}: {verdict}; {clear} of {count} rays clear;"
                " {distance:.1f} in",
                len(seen.rays), shooter=s, target=t, verdict=verdict, clear=rays,
                distance=seen.distance,
            )
        )  # fmt: skip
    return out


def zoom_window(view: WarzoneView, text: str, side: float) -> tuple[float, float, float]:
    """A zoom window around a point, a model or a squad's models."""
    members = [m for m in view.models if m.squad.lower() == text.strip().lower() and m.alive]
    if members:
        xs, ys = [m.x for m in members], [m.y for m in members]
        span = max(max(xs) - min(xs), max(ys) - min(ys)) + 4.0
        return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, max(side, span))
    centre, _ = point_or_model(view, text)
    return (centre[0], centre[1], side)


def any_view(table: Any) -> WarzoneView:
    """The channel's view of a loaded table."""
    view: WarzoneView = public_view(table, table.state)
    return view
