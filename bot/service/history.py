"""History: a readable per-turn log, an export of the whole record, replays rebuilt from the log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.service.outbox import Image
from bot.service.presenters import presenter_for
from bot.service.sight import sight
from bot.service.table import Host, Table, load_table, replay_state
from bot.service.timeline import Move, Note
from bot.service.updates import (
    board_images,
    describe,
    labelling_view,
    move_text,
    outcome_reason,
    player_names,
)
from games.base import CHANCE, Seat
from games.text import Text
from storage.base import dumps

EXPORT_FORMAT = "muster.game/1"
RESULT = -1
"""The turn number `turn_log` gives the result line."""


NOTES = {
    "resign": Text("  ({player} resigned)"),
    "pause": Text("  ({player} paused the game)"),
    "resume": Text("  ({player} resumed the game)"),
    "timeout": Text("  ({player} ran out of time)"),
    "takeback": Text("  ({player} took back a turn)"),
    "undo": Text("  ({player} undid)"),
    "offer": Text("  ({player} asked for {what})"),
    "consent": Text("  ({player} agreed to {what})"),
    "decline": Text("  ({player} declined {what})"),
}
"""The log line of each kind of note, by kind (an undo by why it was undone)."""
REQUESTS = {"takeback": Text("takeback"), "abort": Text("abort"), "pause": Text("pause")}
"""What a request asks for, as the log names it."""


def _note_line(table: Table, note: Note) -> Text:
    seat = int(note.data.get("seat", -1))
    who = table.names.seat(seat) if seat >= 0 else Text("the host")
    kind = note.kind
    if kind == "replace":
        return Text(
            "  ({player} took over seat {seat} from {old})",
            player=table.names.user(int(note.data["to"])),
            seat=seat,
            old=table.names.user(int(note.data["from"])),
        )
    if kind == "undo" and note.data.get("why") == "takeback":
        kind = "takeback"
    if kind == "resign" and note.data.get("why") == "timeout":
        kind = "timeout"  # lost on time: the seat did not resign
    line = NOTES.get(kind)
    if line is None:
        return Text.verbatim(f"  ({who} {kind})")
    asked = str(note.data.get("what"))
    what = REQUESTS.get(asked) or Text.verbatim(asked)
    return Text(line.template, player=who, what=what)


async def log_lines(host: Host, game_id: int) -> list[str]:
    """The game's log as lines under turn headings (see `turn_log`)."""
    return [line for _, lines in await turn_log(host, game_id) for line in lines]


async def turn_log(host: Host, game_id: int) -> list[tuple[int, list[str]]]:
    """The game's log turn by turn: each turn's number and lines (its heading first), then the
    result under the last turn. Turns are numbered as the game's board titles number them when
    its presenter says (a draw shows under the turn it opens), else anew whenever another seat
    acts; moves carry their log number, which /replay step:N takes. The result comes last,
    as a turn of its own numbered RESULT."""
    table = await load_table(host, game_id)
    voided = {m.seq for m in table.timeline.voided}
    entries: list[Move | Note] = sorted(
        [*table.timeline.moves, *table.timeline.voided, *table.timeline.notes], key=lambda e: e.seq
    )
    public = labelling_view(table, None)  # the board's size never changes in a game
    numbered = presenter_for(table.spec.key).turn
    rules = table.spec.rules
    state = replay_state(table.spec, table.game_config, table.settings.seats, table.record.seed, ())
    turns: list[tuple[int, list[str]]] = [(0, [])]
    current: tuple[int, Seat] | None = None
    turn: tuple[int, Seat] | None
    for entry in entries:
        if isinstance(entry, Note):
            turns[-1][1].append(_note_line(table, entry))
            continue
        undone = entry.seq in voided
        if numbered is not None:
            turn = numbered(rules.player_view(state, None))
        elif entry.seat == CHANCE or (current is not None and entry.seat == current[1]):
            turn = current
        else:
            turn = (current[0] + 1 if current is not None else 1, entry.seat)
        if turn is not None and turn != current:
            current = turn
            who = table.names.seat(turn[1])
            turns.append((turn[0], [Text("Turn {turn} - {player}", turn=turn[0], player=who)]))
        if not undone:
            state = rules.apply(state, entry.seat, entry.action)
        turns[-1][1].append(_move_line(table, entry, undone, public))
    outcome = table.record.outcome
    if outcome:
        turns.append((RESULT, [Text("Result: {reason}", reason=outcome_reason(outcome))]))
    return [t for t in turns if t[1]]


def log_number(seq: int) -> int:
    """The number of the move at `seq` in /history and /replay: its place in the log from 1."""
    return seq + 1


def _move_line(table: Table, entry: Move, undone: bool, view: Any) -> Text:
    move = move_text(table, entry.seat, entry.action, view)
    chance = entry.seat == CHANCE
    if undone:
        return Text(
            "  {seq}. chance: {move} [undone]" if chance else "  {seq}. {move} [undone]",
            seq=log_number(entry.seq),
            move=move,
        )
    return Text(
        "  {seq}. chance: {move}" if chance else "  {seq}. {move}",
        seq=log_number(entry.seq),
        move=move,
    )


async def export(host: Host, game_id: int) -> tuple[dict[str, Any], tuple[Image, ...]]:
    """A game as a JSON-compatible record (raw events once it is over) and its last board image."""
    table = await load_table(host, game_id)
    seen = await sight(host, table)
    record = table.record
    seats = await host.store.seats(game_id, include_left=True)
    events = await host.store.events(game_id)
    data = {
        "format": EXPORT_FORMAT,
        "game": {
            "id": record.id,
            "key": record.game_key,
            "rules_version": record.rules_version,
            # A running game's seed would predict its next draws: revealed once it is over.
            "seed": None if record.status.is_open else record.seed,
            "config": record.config,
            "status": str(record.status),
            "outcome": record.outcome,
            "created": record.created.isoformat(),
            "updated": record.updated.isoformat(),
        },
        "seats": [
            {
                "seat": s.seat,
                "user": s.user_id,
                "role": s.role,
                "joined": s.joined.isoformat(),
                "left": s.left.isoformat() if s.left else None,
            }
            for s in seats
        ],
        # A running game's log holds what some seats may not see yet (programmed cards, face-down
        # draws): the raw events are exported once the game is over, like the seed.
        "events": None
        if record.status.is_open
        else [
            {"seq": e.seq, "seat": e.seat, "action": e.action, "time": e.created.isoformat()}
            for e in events
        ],
        "log": await log_lines(host, game_id),
    }
    dumps(data)  # proves the export is canonical JSON before anyone writes it out
    names = player_names(table)
    return data, board_images(table, table.state, "final", seen.cut, names)


@dataclass(frozen=True, slots=True)
class Frame:
    """One step of a replay: its log number (as /history prints it), a caption, the public
    view after it and its board image."""

    step: int
    caption: str
    view: Any
    images: tuple[Image, ...]


async def replay(host: Host, game_id: int, *, include_chance: bool = False) -> list[Frame]:
    """The game rebuilt from its log, one frame per effective move (players' moves by default)."""
    table = await load_table(host, game_id)
    # Every frame is trimmed to what the table has heard by now (a live crew's unannounced
    # threats are already in the log, but not yet said).
    seen = await sight(host, table)
    moves = table.timeline.moves
    rules = table.spec.rules
    state = replay_state(table.spec, table.game_config, table.settings.seats, table.record.seed, ())
    names = player_names(table)
    frames = [
        Frame(0, "setup", seen.view(state), board_images(table, state, "step0", seen.cut, names))
    ]
    for move in moves:
        state = rules.apply(state, move.seat, move.action)
        if move.seat == CHANCE and not include_chance:
            continue
        caption = describe(table, move.seat, move.action)
        frames.append(
            Frame(
                log_number(move.seq),
                caption,
                seen.view(state),
                board_images(table, state, f"step{log_number(move.seq)}", seen.cut, names),
            )
        )
    return frames
