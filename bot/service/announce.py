"""Announcing a written change: the public update, battle replays, hand panels, the result."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bot.service.outbox import GameOver, Image, Message, PrivateUpdate, PublicUpdate
from bot.service.play import Plan
from bot.service.presenters import image, presenter_for, takes, words
from bot.service.table import Table, replay_state
from bot.service.updates import (
    board_images,
    can_lines,
    describe,
    legal_texts,
    outcome_reason,
    player_names,
    replays,
    resignation,
    step_views,
    turn_line,
)
from games.base import CHANCE, Seat
from games.text import Text
from storage.records import GameStatus


def change_messages(plan: Plan, after: Table) -> list[Message]:
    """Everything to deliver after a change: the public update, replays, panels, the result."""
    messages: list[Message] = []
    lines: list[str] = list(plan.lines)
    effect = presenter_for(after.spec.key).effect
    names = player_names(after)
    for step in plan.steps:
        if step.seat == CHANCE:
            continue
        lines.append(describe(after, step.seat, step.action))
        if effect is not None:
            lines += [_indented(t) for t in effect(*step_views(after, step)(), names)]
    chance = [s for s in plan.steps if s.seat == CHANCE]
    if chance and len(chance) <= 3:
        lines += [describe(after, s.seat, s.action) for s in chance]
    elif chance:
        lines.append(
            Text.plural(
                "chance: {count} random result", "chance: {count} random results", len(chance)
            )
        )
    finished = after.record.status is not GameStatus.ACTIVE
    if not finished:
        lines.append(turn_line(after))
    mention = tuple(u for s in after.humans_to_act() if (u := after.user_at(s)) is not None)
    images = board_images(after, after.state, f"v{after.record.version}", names=names)
    text = Text.lines(lines)
    messages.append(PublicUpdate(after.id, text, images, () if finished else mention))
    messages += replays(after, plan.steps)
    if finished:
        messages.append(game_over(after))
        return messages
    before_to_act = plan.table.to_act()
    for seat in after.humans_to_act():
        messages.append(private_panel(after, seat, new_turn=seat not in before_to_act))
    return messages


def _indented(line: str) -> Text:
    return Text.joined("", (Text.verbatim("  "), line))


def game_over(table: Table) -> GameOver:
    """The result message of a finished or abandoned game."""
    outcome = table.record.outcome or {}
    if table.record.status is GameStatus.ABANDONED:
        said = outcome_reason(outcome, "no result")
        return GameOver(
            table.id,
            Text("Game {game} was abandoned: {reason}.", game=table.id, reason=said),
            (),
            str(outcome.get("reason", "abandoned")),
        )
    winners = [int(s) for s in outcome.get("winners", [])]
    users = tuple(u for s in winners if (u := table.user_at(s)) is not None)
    reason = str(outcome.get("reason", ""))
    said = _reason(table, outcome)
    if winners:
        names = Text.joined(", ", (table.names.seat(s) for s in winners))
        text = Text(
            "Game {game} is over: {players} won ({reason}).",
            game=table.id,
            players=names,
            reason=said,
        )
    elif table.profile.cooperative:
        text = Text("Game {game} is over: the crew lost ({reason}).", game=table.id, reason=said)
    else:
        text = Text("Game {game} is over: a draw ({reason}).", game=table.id, reason=said)
    images = board_images(table, table.state, "final", names=player_names(table))
    return GameOver(table.id, text, users, reason, images)


def _reason(table: Table, outcome: dict[str, Any]) -> Text:
    """A finished game's reason; a resignation is said again from who resigned and why."""
    left = outcome.get("resigned") or []
    why = outcome.get("ended_by")
    if why in ("resign", "timeout") and left:
        return resignation(table, int(left[-1]), str(why))
    return outcome_reason(outcome)


def private_panel(
    table: Table,
    seat: Seat,
    *,
    new_turn: bool,
    cut: Callable[[Any], Any] | None = None,
) -> PrivateUpdate:
    """A seat's hand panel: what it sees (trimmed by `cut`), may do, and what changed since."""
    user = table.user_at(seat)
    assert user is not None
    presenter = presenter_for(table.spec.key)
    view = table.view(seat) if cut is None else cut(table.view(seat))
    options = legal_texts(table, seat)
    name = Text.verbatim(table.spec.name)
    lines: list[str] = [
        Text("Game {game} ({name}): your move.", game=table.id, name=name)
        if seat in table.to_act()
        else Text("Game {game} ({name}): your hand.", game=table.id, name=name)
    ]
    lines.append(presenter.summary(view))
    if options and seat in table.to_act():
        lines += can_lines(options)
    images: list[Image] = []
    hand = presenter.hand
    if hand is not None:
        filename = f"game{table.id}-v{table.record.version}-seat{seat}-hand.png"
        images.append(image(filename, hand, view, names=player_names(table)))
    since = presenter.since
    if new_turn and since is not None:
        then = _view_at_last_turn(table, seat)
        if then is not None:
            named = {"names": player_names(table)} if takes(since, "names") else {}
            since_name = f"game{table.id}-v{table.record.version}-seat{seat}-since.png"
            draw = partial(draw_since, since, then, view, named)
            images.append(Image.said(since_name, draw))
    return PrivateUpdate(user, table.id, seat, Text.lines(lines), tuple(images))


def draw_since(
    since: Callable[..., bytes],
    then: Callable[[], Any],
    view: Any,
    named: dict[str, Any],
    lang: str,
) -> bytes:
    """The since-last-turn image in `lang` (pickles for the pool)."""
    return since(then(), view, **words(since, lang), **named)


def _view_at_last_turn(table: Table, seat: Seat) -> Callable[[], Any] | None:
    moves = table.timeline.moves
    last = max((i for i, m in enumerate(moves) if m.seat == seat), default=None)
    if last is None:
        return None
    t = table
    return partial(
        seat_view_after,
        t.spec,
        t.game_config,
        t.settings.seats,
        t.record.seed,
        tuple(moves[: last + 1]),
        seat,
    )


def seat_view_after(
    spec: Any, config: Any, seats: int, seed: str, moves: Sequence[Any], seat: Seat
) -> Any:
    """What `seat` saw after `moves` (replayed from the setup; only when an image needs it)."""
    state = replay_state(spec, config, seats, seed, moves)
    return spec.rules.player_view(state, seat)
