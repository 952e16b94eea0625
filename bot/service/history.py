"""History: a readable per-turn log, an export of the whole record, replays rebuilt from the log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.service.outbox import Image
from bot.service.sight import sight
from bot.service.table import Host, Table, load_table, replay_state
from bot.service.timeline import Move, Note
from bot.service.updates import board_images, describe, move_text, outcome_reason, seat_name
from games.base import CHANCE
from games.text import Text
from storage.base import dumps

EXPORT_FORMAT = "muster.game/1"


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


def _note_line(host: Host, table: Table, note: Note) -> Text:
    seat = int(note.data.get("seat", -1))
    who = seat_name(host, table, seat) if seat >= 0 else Text("the host")
    kind = note.kind
    if kind == "replace":
        return Text(
            "  ({player} took over seat {seat} from {old})",
            player=host.name(int(note.data["to"])),
            seat=seat,
            old=host.name(int(note.data["from"])),
        )
    if kind == "undo" and note.data.get("why") == "takeback":
        kind = "takeback"
    line = NOTES.get(kind)
    if line is None:
        return Text.verbatim(f"  ({who} {kind})")
    asked = str(note.data.get("what"))
    what = REQUESTS.get(asked) or Text.verbatim(asked)
    return Text(line.template, player=who, what=what)


async def log_lines(host: Host, game_id: int) -> list[str]:
    """The game's log as lines, a new turn number whenever the acting seat changes."""
    table = await load_table(host, game_id)
    voided = {m.seq for m in table.timeline.voided}
    entries: list[Move | Note] = sorted(
        [*table.timeline.moves, *table.timeline.voided, *table.timeline.notes], key=lambda e: e.seq
    )
    lines: list[str] = []
    turn, last_seat = 0, None
    for entry in entries:
        if isinstance(entry, Note):
            lines.append(_note_line(host, table, entry))
            continue
        if entry.seat != CHANCE and entry.seat != last_seat:
            turn += 1
            last_seat = entry.seat
            who = seat_name(host, table, entry.seat)
            lines.append(Text("Turn {turn} - {player}", turn=turn, player=who))
        move = move_text(table, entry.seat, entry.action)
        chance = entry.seat == CHANCE
        undone = entry.seq in voided
        if undone:
            lines.append(
                Text(
                    "  {seq}. chance: {move} [undone]" if chance else "  {seq}. {move} [undone]",
                    seq=entry.seq,
                    move=move,
                )
            )
        else:
            lines.append(
                Text(
                    "  {seq}. chance: {move}" if chance else "  {seq}. {move}",
                    seq=entry.seq,
                    move=move,
                )
            )
    outcome = table.record.outcome
    if outcome:
        lines.append(Text("Result: {reason}", reason=outcome_reason(outcome)))
    return lines


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
    return data, board_images(table, table.state, "final", seen.cut)


@dataclass(frozen=True, slots=True)
class Frame:
    """One step of a replay: its number, a caption, the public view and its board image."""

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
    frames = [Frame(0, "setup", seen.view(state), ())]
    for index, move in enumerate(moves, start=1):
        state = rules.apply(state, move.seat, move.action)
        if move.seat == CHANCE and not include_chance:
            continue
        caption = describe(host, table, move.seat, move.action)
        frames.append(
            Frame(
                index,
                caption,
                seen.view(state),
                board_images(table, state, f"step{index}", seen.cut),
            )
        )
    return frames
