"""What a game says: statuses, reasons, moves, who is to act, board images and battle replays
(the messages after a change are put together in bot.service.announce)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from functools import cache, partial
from typing import Any

from bot.service.i18n import restored
from bot.service.outbox import (
    BattleReplay,
    Image,
    Message,
)
from bot.service.play import Step
from bot.service.presenters import image, presenter_for, takes, words
from bot.service.sight import Cut, public_view
from bot.service.summaries import describe_action, format_action, reads_view
from bot.service.table import Table
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
"""Legal moves listed on one line; past it they are grouped by kind."""
MAX_PER_KIND = 6
"""Moves shown of one kind; the rest of that kind is counted."""


def can_lines(options: Sequence[str]) -> list[str]:
    """What a seat may do: one line when short, else one line per kind of move (its first
    word: move, shoot, loot, objective, equip...) with its count, so a rare kind is never
    hidden behind a hundred moves of another."""
    if len(options) <= MAX_LISTED_OPTIONS:
        return [Text("You can: {actions}", actions=", ".join(options))]
    kinds: dict[str, list[str]] = {}
    for option in options:
        kinds.setdefault(option.split(" ", 1)[0], []).append(option)
    lines: list[str] = [Text("You can:")]
    for kind, moves in kinds.items():
        shown = ", ".join(moves[:MAX_PER_KIND])
        said = {"kind": Text.verbatim(kind), "actions": shown}
        if len(moves) > MAX_PER_KIND:
            more = len(moves) - MAX_PER_KIND
            lines.append(
                Text.plural("  {kind}, {count} option: {actions} (+{more})",
                            "  {kind}, {count} options: {actions} (+{more})", len(moves), **said,
                            more=Text.plural("{count} more", "{count} more", more))
            )  # fmt: skip
        else:
            lines.append(
                Text.plural(
                    "  {kind}, {count} option: {actions}",
                    "  {kind}, {count} options: {actions}",
                    len(moves),
                    **said,
                )
            )
    return lines


def move_text(table: Table, seat: Seat, action: Any, view: Any = None) -> str:
    """What a move did, without who made it (hexes named as on `view`, else the public view)."""
    presenter = presenter_for(table.spec.key)
    shown = view or labelling_view(table, None)
    if presenter.describe:
        named = {"view": shown} if takes(presenter.describe, "view") else {}
        return presenter.describe(seat, action, **named)
    return describe_action(table.spec.codec, seat, action, shown)


def labelling_view(table: Table, seat: Seat | None) -> Any:
    """The view the codec names things by for `seat`, or None when its texts need none."""
    if table.state is None or not reads_view(table.spec.codec):
        return None  # a lobby has no board yet: its moves (none) need no names
    return table.view(seat)


def describe(table: Table, seat: Seat, action: Any) -> Text:
    """One line for one move."""
    move = move_text(table, seat, action)
    return Text("{player}: {move}", player=table.names.seat(seat), move=move)


def board_images(
    table: Table,
    state: Any,
    label: str,
    cut: Cut | None = None,
    names: Sequence[str] | None = None,
) -> tuple[Image, ...]:
    """The public board image of a state (its view trimmed by `cut`), when the game has one,
    with the seats' `names` on it."""
    presenter = presenter_for(table.spec.key)
    draw = presenter.board
    if draw is None or state is None:
        return ()
    view = public_view(table, state, cut)
    return (image(f"game{table.id}-{label}-board.png", draw, view, names=names),)


def turn_line(table: Table) -> Text:
    """Who the game waits for."""
    waiting = sorted(table.to_act())
    if not waiting:
        return Text("Nobody is to act.")
    names = Text.joined(", ", (table.names.seat(s) for s in waiting))
    return Text("To act: {players}.", players=names)


def player_names(table: Table) -> tuple[str, ...]:
    """Each seat's name as the pictures and battle narrations say it (see SeatNames.players)."""
    return table.names.players()


def replays(table: Table, steps: Sequence[Step]) -> list[Message]:
    """Battle replays (frames, a summary image and the battle in words) for the steps that
    fought one, whoever made them: the presenter says which (see Presenter.fought)."""
    presenter = presenter_for(table.spec.key)
    if presenter.replay is None and presenter.narrate is None:
        return []
    names = player_names(table)
    found: list[Message] = []
    for step in steps:
        views = step_views(table, step)
        if presenter.fought is not None:
            if not presenter.fought(*views()):
                continue
        elif not (step.barrier and step.seat != CHANCE):
            continue
        caption, narration = _told(presenter, views()[1], names)
        if not caption:
            caption = describe(table, step.seat, step.action)
        name = f"game{table.id}-{step.seq}-battle"
        render = _frames(presenter.replay, table, step, names)
        found.append(
            BattleReplay(table.id, caption, name, render, narration=narration, seq=step.seq)
        )
    return found


def _told(presenter: Any, view: Any, names: Sequence[str]) -> tuple[str, str]:
    if presenter.narrate is None:
        return "", ""
    heading, body = presenter.narrate(view, names)
    return heading, body


def step_views(table: Table, step: Step) -> Callable[[], tuple[Any, Any]]:
    """The public views before and after a step, made once when first asked for."""

    @cache
    def views() -> tuple[Any, Any]:
        return public_view(table, step.before), public_view(table, step.after)

    return views


def _frames(
    animate: Callable[..., Sequence[bytes]] | None,
    table: Table,
    step: Step,
    names: Sequence[str],
) -> Callable[[str], tuple[bytes, ...]]:
    if animate is None:  # a game shown in words only
        return no_frames
    named = {"names": tuple(names)} if takes(animate, "names") else {}
    rules = table.spec.rules
    return partial(
        draw_frames, animate, rules, step.before, step.seat, step.action, step.after, named
    )


def no_frames(lang: str) -> tuple[bytes, ...]:
    """The frames of a game shown in words only: none."""
    del lang
    return ()


def draw_frames(
    animate: Callable[..., Sequence[bytes]],
    rules: Any,
    before: Any,
    seat: Seat,
    action: Any,
    after: Any,
    named: dict[str, Any],
    lang: str,
) -> tuple[bytes, ...]:
    """A replay's frames in `lang` from the states around the move (pickles for the pool)."""
    seen_before, seen_after = rules.player_view(before, None), rules.player_view(after, None)
    return tuple(animate(seen_before, seat, action, seen_after, **words(animate, lang), **named))


def legal_texts(table: Table, seat: Seat, state: Any = None) -> list[str]:
    """The typed forms of a seat's legal actions (for help lines and autocomplete)."""
    state = table.state if state is None else state
    codec = table.spec.codec
    view = table.spec.rules.player_view(state, seat) if reads_view(codec) else None
    texts: list[str] = []
    for action in table.spec.rules.legal_actions(state, seat):
        try:
            texts.append(format_action(codec, action, view))
        except Exception:  # an action without a typed form is offered by buttons only
            continue
    return texts


def resignation(table: Table, seat: Seat, why: str) -> Text:
    """'X resigned' or 'X ran out of time and forfeits' (also an outcome's reason)."""
    who = table.names.seat(seat)
    if why == "resign":
        return Text("{player} resigned", player=who)
    return Text("{player} ran out of time and forfeits", player=who)
