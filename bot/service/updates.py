"""Turning a written change into messages: public update, battle replays, private panels."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

from bot.service.i18n import restored
from bot.service.outbox import (
    BattleReplay,
    GameOver,
    Image,
    Message,
    PrivateUpdate,
    PublicUpdate,
)
from bot.service.play import Plan, Step
from bot.service.presenters import image, presenter_for, words
from bot.service.sight import Cut, public_view
from bot.service.summaries import describe_action
from bot.service.table import Host, Table, replay_state
from games.base import CHANCE, Seat
from games.text import Text
from storage.records import GameStatus

log = logging.getLogger(__name__)

STATUSES = {
    GameStatus.LOBBY: Text("lobby"),
    GameStatus.ACTIVE: Text("active"),
    GameStatus.FINISHED: Text("finished"),
    GameStatus.ABANDONED: Text("abandoned"),
}
"""A game's status as players read it."""
REASONS = {
    "no result": Text("no result"),
    "the host left": Text("the host left"),
    "aborted by vote": Text("aborted by vote"),
}
"""Reasons the host itself writes into an outcome, as players read them."""


def reason_text(reason: str) -> Text:
    """An outcome's stored reason as players read it.

    Reasons are stored as English sentences (the log must not depend on a language): the host's
    own are looked up here, a game's are its rules' templates (translated when a game catalogue
    has them), and reasons naming a player ("X resigned") are composed by `resigned_reason`.
    """
    known = REASONS.get(reason)
    if known is not None:
        return known
    return Text(reason) if "{" not in reason else Text.verbatim(reason)


def outcome_reason(outcome: Mapping[str, Any], default: str = "") -> Text:
    """An outcome's reason as players read it: the Text stored with it (`said`, see
    `i18n.stored`) when it has one, else its English `reason` by `reason_text`."""
    said = restored(outcome["said"]) if "said" in outcome else None
    if isinstance(said, Text):
        return said
    return reason_text(str(outcome.get("reason", default)))


MAX_LISTED_OPTIONS = 12


def seat_name(host: Host, table: Table, seat: Seat) -> Text:
    """How a seat is called: its holder's name and role."""
    if seat == CHANCE:
        return Text("chance")
    name = host.name(table.user_at(seat))
    role = next((s.role for s in table.seats if s.seat == seat), None)
    if role:
        return Text.joined(" ", [name, Text.verbatim(f"({role})")])
    # An AI seat's name is a Text, said in the reader's language.
    return name if isinstance(name, Text) else Text.verbatim(name)


def move_text(table: Table, seat: Seat, action: Any) -> str:
    """What a move did, without who made it."""
    presenter = presenter_for(table.spec.key)
    if presenter.describe:
        return presenter.describe(seat, action)
    return describe_action(table.spec.codec, seat, action)


def describe(host: Host, table: Table, seat: Seat, action: Any) -> Text:
    """One line for one move."""
    move = move_text(table, seat, action)
    return Text("{player}: {move}", player=seat_name(host, table, seat), move=move)


def board_images(table: Table, state: Any, label: str, cut: Cut | None = None) -> tuple[Image, ...]:
    """The public board image of a state (its view trimmed by `cut`), when the game has one."""
    presenter = presenter_for(table.spec.key)
    draw = presenter.board
    if draw is None or state is None:
        return ()
    view = public_view(table, state, cut)
    return (image(f"game{table.id}-{label}-board.png", draw, view),)


def turn_line(host: Host, table: Table) -> Text:
    """Who the game waits for."""
    waiting = sorted(table.to_act())
    if not waiting:
        return Text("Nobody is to act.")
    names = Text.joined(", ", (seat_name(host, table, s) for s in waiting))
    return Text("To act: {players}.", players=names)


def replays(table: Table, steps: Sequence[Step], host: Host) -> list[Message]:
    """Battle replays for the barrier moves players made (when the presenter animates them)."""
    animate = presenter_for(table.spec.key).replay
    if animate is None:
        return []
    found: list[Message] = []
    for step in steps:
        if step.barrier and step.seat != CHANCE:
            caption = describe(host, table, step.seat, step.action)
            name = f"game{table.id}-{step.seq}-battle"
            found.append(BattleReplay(table.id, caption, name, _frames(animate, table, step)))
    return found


def _frames(
    animate: Callable[..., Sequence[bytes]], table: Table, step: Step
) -> Callable[[str], tuple[bytes, ...]]:
    @cache
    def views() -> tuple[Any, Any]:
        return public_view(table, step.before), public_view(table, step.after)

    @cache
    def draw(lang: str) -> tuple[bytes, ...]:
        before, after = views()
        return tuple(animate(before, step.seat, step.action, after, **words(animate, lang)))

    return draw


def legal_texts(table: Table, seat: Seat, state: Any = None) -> list[str]:
    """The typed forms of a seat's legal actions (for help lines and autocomplete)."""
    state = table.state if state is None else state
    texts: list[str] = []
    for action in table.spec.rules.legal_actions(state, seat):
        try:
            texts.append(table.spec.codec.format(action))
        except Exception:  # an action without a typed form is offered by buttons only
            continue
    return texts


def private_panel(
    host: Host,
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
    shown = ", ".join(options[:MAX_LISTED_OPTIONS])
    name = Text.verbatim(table.spec.name)
    lines: list[str] = [
        Text("Game {game} ({name}): your move.", game=table.id, name=name)
        if seat in table.to_act()
        else Text("Game {game} ({name}): your hand.", game=table.id, name=name)
    ]
    lines.append(presenter.summary(view))
    if options and seat in table.to_act():
        if len(options) > MAX_LISTED_OPTIONS:
            more = len(options) - MAX_LISTED_OPTIONS
            lines.append(Text("You can: {actions} (+{more} more)", actions=shown, more=more))
        else:
            lines.append(Text("You can: {actions}", actions=shown))
    images: list[Image] = []
    hand = presenter.hand
    if hand is not None:
        images.append(
            image(f"game{table.id}-v{table.record.version}-seat{seat}-hand.png", hand, view)
        )
    since = presenter.since
    if new_turn and since is not None:
        then = _view_at_last_turn(table, seat)
        if then is not None:
            images.append(
                Image.said(
                    f"game{table.id}-v{table.record.version}-seat{seat}-since.png",
                    lambda lang: since(then(), view, **words(since, lang)),
                )
            )
    return PrivateUpdate(user, table.id, seat, Text.lines(lines), tuple(images))


def _view_at_last_turn(table: Table, seat: Seat) -> Callable[[], Any] | None:
    moves = table.timeline.moves
    last = max((i for i, m in enumerate(moves) if m.seat == seat), default=None)
    if last is None:
        return None

    def view() -> Any:
        state = replay_state(
            table.spec,
            table.game_config,
            table.settings.seats,
            table.record.seed,
            moves[: last + 1],
        )
        return table.spec.rules.player_view(state, seat)

    return view


def _reason(host: Host, table: Table, outcome: dict[str, Any]) -> Text:
    """A finished game's reason; a resignation is said again from who resigned and why."""
    from bot.service.agreements import resignation

    left = outcome.get("resigned") or []
    why = outcome.get("ended_by")
    if why in ("resign", "timeout") and left:
        return resignation(host, table, int(left[-1]), str(why))
    return outcome_reason(outcome)


def change_messages(host: Host, plan: Plan, after: Table) -> list[Message]:
    """Everything to deliver after a change: the public update, replays, panels, the result."""
    messages: list[Message] = []
    lines: list[str] = list(plan.lines)
    lines += [describe(host, after, s.seat, s.action) for s in plan.steps if s.seat != CHANCE]
    chance = [s for s in plan.steps if s.seat == CHANCE]
    if chance and len(chance) <= 3:
        lines += [describe(host, after, s.seat, s.action) for s in chance]
    elif chance:
        lines.append(Text("chance: {count} random results", count=len(chance)))
    finished = after.record.status is not GameStatus.ACTIVE
    if not finished:
        lines.append(turn_line(host, after))
    mention = tuple(u for s in after.humans_to_act() if (u := after.user_at(s)) is not None)
    images = board_images(after, after.state, f"v{after.record.version}")
    text = Text.lines(lines)
    messages.append(PublicUpdate(after.id, text, images, () if finished else mention))
    messages += replays(after, plan.steps, host)
    if finished:
        messages.append(game_over(host, after))
        return messages
    before_to_act = plan.table.to_act()
    for seat in after.humans_to_act():
        messages.append(private_panel(host, after, seat, new_turn=seat not in before_to_act))
    return messages


def game_over(host: Host, table: Table) -> GameOver:
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
    said = _reason(host, table, outcome)
    if winners:
        names = Text.joined(", ", (seat_name(host, table, s) for s in winners))
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
    images = board_images(table, table.state, "final")
    return GameOver(table.id, text, users, reason, images)
