"""Turning a written change into messages: public update, battle replays, private panels."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from functools import cache, partial
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
from bot.service.presenters import image, presenter_for, takes, words
from bot.service.sight import Cut, public_view
from bot.service.summaries import describe_action, format_action, reads_view
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


def seat_name(host: Host, table: Table, seat: Seat) -> Text:
    """How a seat is called: its holder's name and role."""
    if seat == CHANCE:
        return Text("chance")
    name = host.name(table.user_at(seat))
    role = next((s.role for s in table.seats if s.seat == seat), None)
    if role:
        return Text.joined(" ", [name, Text.verbatim(f"({table.profile.role_name(role)})")])
    # An AI seat's name is a Text, said in the reader's language.
    return name if isinstance(name, Text) else Text.verbatim(name)


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


def describe(host: Host, table: Table, seat: Seat, action: Any) -> Text:
    """One line for one move."""
    move = move_text(table, seat, action)
    return Text("{player}: {move}", player=seat_name(host, table, seat), move=move)


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


def turn_line(host: Host, table: Table) -> Text:
    """Who the game waits for."""
    waiting = sorted(table.to_act())
    if not waiting:
        return Text("Nobody is to act.")
    names = Text.joined(", ", (seat_name(host, table, s) for s in waiting))
    return Text("To act: {players}.", players=names)


def player_names(host: Host, table: Table) -> tuple[str, ...]:
    """Each seat's name as the pictures and battle narrations say it (a role tells two
    players of the same name apart, e.g. two AI seats of one level)."""
    seats = range(table.settings.seats)
    plain = [host.name(table.user_at(s)) for s in seats]
    return tuple(
        seat_name(host, table, s) if plain.count(plain[s]) > 1 else plain[s] for s in seats
    )


def replays(table: Table, steps: Sequence[Step], host: Host) -> list[Message]:
    """Battle replays (frames, a summary image and the battle in words) for the steps that
    fought one, whoever made them: the presenter says which (see Presenter.fought)."""
    presenter = presenter_for(table.spec.key)
    if presenter.replay is None and presenter.narrate is None:
        return []
    names = player_names(host, table)
    found: list[Message] = []
    for step in steps:
        views = _views(table, step)
        if presenter.fought is not None:
            if not presenter.fought(*views()):
                continue
        elif not (step.barrier and step.seat != CHANCE):
            continue
        caption, narration = _told(presenter, views()[1], names)
        if not caption:
            caption = describe(host, table, step.seat, step.action)
        name = f"game{table.id}-{step.seq}-battle"
        render = _frames(presenter.replay, table, step, names)
        found.append(
            BattleReplay(table.id, caption, name, render, narration=narration, seq=step.seq)
        )
    return found


def _indented(line: str) -> Text:
    return Text.joined("", (Text.verbatim("  "), line))


def _told(presenter: Any, view: Any, names: Sequence[str]) -> tuple[str, str]:
    if presenter.narrate is None:
        return "", ""
    heading, body = presenter.narrate(view, names)
    return heading, body


def _views(table: Table, step: Step) -> Callable[[], tuple[Any, Any]]:
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
        images.append(image(filename, hand, view, names=player_names(host, table)))
    since = presenter.since
    if new_turn and since is not None:
        then = _view_at_last_turn(table, seat)
        if then is not None:
            named = {"names": player_names(host, table)} if takes(since, "names") else {}
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


def resignation(host: Host, table: Table, seat: Seat, why: str) -> Text:
    """'X resigned' or 'X ran out of time and forfeits' (also an outcome's reason)."""
    who = seat_name(host, table, seat)
    if why == "resign":
        return Text("{player} resigned", player=who)
    return Text("{player} ran out of time and forfeits", player=who)


def _reason(host: Host, table: Table, outcome: dict[str, Any]) -> Text:
    """A finished game's reason; a resignation is said again from who resigned and why."""
    left = outcome.get("resigned") or []
    why = outcome.get("ended_by")
    if why in ("resign", "timeout") and left:
        return resignation(host, table, int(left[-1]), str(why))
    return outcome_reason(outcome)


def change_messages(host: Host, plan: Plan, after: Table) -> list[Message]:
    """Everything to deliver after a change: the public update, replays, panels, the result."""
    messages: list[Message] = []
    lines: list[str] = list(plan.lines)
    effect = presenter_for(after.spec.key).effect
    names = player_names(host, after)
    for step in plan.steps:
        if step.seat == CHANCE:
            continue
        lines.append(describe(host, after, step.seat, step.action))
        if effect is not None:
            lines += [_indented(t) for t in effect(*_views(after, step)(), names)]
    chance = [s for s in plan.steps if s.seat == CHANCE]
    if chance and len(chance) <= 3:
        lines += [describe(host, after, s.seat, s.action) for s in chance]
    elif chance:
        lines.append(
            Text.plural(
                "chance: {count} random result", "chance: {count} random results", len(chance)
            )
        )
    finished = after.record.status is not GameStatus.ACTIVE
    if not finished:
        lines.append(turn_line(host, after))
    mention = tuple(u for s in after.humans_to_act() if (u := after.user_at(s)) is not None)
    images = board_images(after, after.state, f"v{after.record.version}", names=names)
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
    images = board_images(table, table.state, "final", names=player_names(host, table))
    return GameOver(table.id, text, users, reason, images)
