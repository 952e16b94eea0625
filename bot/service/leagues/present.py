"""Texts and images of a league: names, standings (text and Pillow image), podium, the log."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

import bot.service.leagues.pictures as pictures
from bot.service.leagues.standings import Line, knockout_ranking, lines, ranking
from bot.service.leagues.state import AI_BLOCK, RESULT, LeagueState, is_ai_entrant
from bot.service.leagues.swiss import ref
from bot.service.moments import Moment
from bot.service.outbox import Image
from bot.service.table import Host
from bot.service.updates import outcome_reason
from games.text import Text
from storage.leagues import LeagueEvent

TERMS = {
    "swiss": Text("swiss"),
    "round-robin": Text("round-robin"),
    "knockout": Text("knockout"),
    "night": Text("night"),
    "season": Text("season"),
    "signup": Text("signup"),
    "running": Text("running"),
    "paused": Text("paused"),
    "finished": Text("finished"),
    "cancelled": Text("cancelled"),
}
"""League formats, kinds and phases as players read them (option values stay English)."""


REASONS = {
    "withdrew": Text("withdrew"),
    "organiser's pause": Text("organiser's pause"),
    "removed": Text("removed"),
    "replaced": Text("replaced"),
    "re-paired": Text("re-paired"),
    "too few players": Text("too few players"),
}
"""Reasons the leagues write themselves (an organiser's own words are shown as typed)."""

SOURCES = {"game": Text("game"), "adjudicated": Text("adjudicated"), "override": Text("override")}
"""Where a table's result came from, as the log says it."""


def league_reason(reason: str) -> str:
    """A reason of the league log as players read it."""
    return REASONS.get(reason) or reason


def term(word: str) -> Text:
    """A league format, kind or phase as players read it (an unknown one verbatim)."""
    return TERMS.get(word) or Text.verbatim(word)


def entrant_name(host: Host, state: LeagueState, entrant: int) -> str:
    """How an entrant is called: the holder's name (with whom they replaced), or 'AI easy 2'."""
    if is_ai_entrant(entrant):
        number, level = divmod(-entrant, AI_BLOCK)
        return ai_entrant_name(level, number)
    record = state.entrants.get(entrant)
    if record is None or record.user == entrant:
        return host.name(entrant)
    return Text(
        "{player} (for {replaced})", player=host.name(record.user), replaced=host.name(entrant)
    )


def explained(host: Host, state: LeagueState, line: str) -> Text:
    """A line of a pairing's explanation with the entrants' names for their '#id' (older
    leagues stored plain English lines: those are named and shown as they are)."""
    if isinstance(line, Text) and line.parts:
        return Text.joined(line.separator, (explained(host, state, p) for p in line.parts))
    if isinstance(line, Text) and line.template:
        params = line.params.items()
        named = {k: explained(host, state, v) if isinstance(v, str) else v for k, v in params}
        return line.refill(**named)
    entrant = next((e for e in state.entrants if line == ref(e)), None)
    if entrant is not None:
        name = entrant_name(host, state, entrant)
        return name if isinstance(name, Text) else Text.verbatim(name)
    text = str(line)
    for e in sorted(state.entrants, key=lambda x: -len(str(x))):
        text = text.replace(ref(e), entrant_name(host, state, e))
    return Text.verbatim(text)


def ai_entrant_name(level: int, number: int) -> Text:
    """The league's `number`-th AI player of a level (1 easy, 2 normal, 3 hard): 'AI easy 2'."""
    if level == 1:
        return Text("AI easy {number}", number=number)
    if level == 3:
        return Text("AI hard {number}", number=number)
    return Text("AI normal {number}", number=number)


def ordered(state: LeagueState, ratings: dict[int, float]) -> list[int]:
    """Entrants in standings order (knockout: by how far they went)."""
    table = lines(state)
    everyone = sorted(state.entrants)
    if state.config.format == "knockout" and state.seeds:
        rest = [e for e in everyone if e not in state.seeds]
        return knockout_ranking(state, state.seeds) + rest
    return ranking(table, everyone, ratings, state.config.seed)


def record(line: Line) -> str:
    """W-D-L (byes count as wins)."""
    return f"{line.wins + line.byes}-{line.draws}-{line.losses}"


def subtitle(state: LeagueState) -> Text:
    """Format, round and field size in a line."""
    cfg = state.config
    played = len(state.rounds)
    total = state.planned if state.planned else cfg.planned_rounds(len(state.active()))
    where = (
        Text("round {played} of {total}", played=played, total=total)
        if played
        else Text("not paired yet")
    )
    seats = (
        Text("duels")
        if cfg.duels
        else Text.plural("tables of {count}", "tables of {count}", cfg.seats)
    )
    return Text(
        "{format}, {seats}, {where} · {players} · {phase}",
        format=term(cfg.format),
        seats=seats,
        where=where,
        players=Text.plural("{count} player", "{count} players", len(state.active())),
        phase=term(state.phase),
    )


def score_line(points: Iterable[float]) -> Text:
    """A table's points seat by seat ('1-0', '0.5-0.5'), numbers as the reader writes them."""
    return Text.joined("-", [Text.figure(float(p)) for p in points])


def standings_text(host: Host, state: LeagueState, ratings: dict[int, float]) -> Text:
    """The standings as text lines."""
    table = lines(state)
    out: list[str] = [
        Text("{league} ({subtitle})", league=state.head.name, subtitle=subtitle(state))
    ]
    for rank, e in enumerate(ordered(state, ratings), start=1):
        line = table[e]
        values: dict[str, object] = {
            "rank": rank,
            "player": entrant_name(host, state, e),
            "points": Text.figure(line.points),
            "bh": Text.figure(line.buchholz),
            "sb": Text.figure(line.sonneborn),
            "record": record(line),
        }
        out.append(
            Text("  {rank}. {player}: {points} pts, Bh {bh}, SB {sb}, {record}", **values)
            if line.active
            else Text(
                "  {rank}. {player} (out): {points} pts, Bh {bh}, SB {sb}, {record}", **values
            )
        )
    current = state.current()
    if current is not None:
        out.append(Text("Round {round} tables:", round=current.number))
        out += [Text("  {line}", line=t) for t in table_lines(host, state)]
        out.append(round_ends(state, host.clock.now()))
    return Text.lines(out)


def round_ends(state: LeagueState, now: datetime) -> Text:
    """When the current round ends, for the league's channel: a moment each reader's
    front-end writes in their own zone (unfinished games are then adjudicated)."""
    current = state.current()
    assert current is not None
    return Text("The round ends {deadline}.", deadline=Moment(current.deadline, said=now))


def table_lines(host: Host, state: LeagueState) -> list[Text]:
    """The current round's tables (and byes) as lines."""
    current = state.current()
    if current is None:
        return []
    out = []
    for t in current.tables:
        who = Text.joined(" v ", (entrant_name(host, state, e) for e in t.seats))
        out.append(
            Text(
                "table {board}: {players} (game {game}) {result}",
                board=t.board,
                players=who,
                game=t.game_id,
                result=_state(t.result),
            )
        )
    out += [Text("bye: {player}", player=entrant_name(host, state, b)) for b in current.byes]
    return out


def _state(result: Any) -> Text:
    if result is None:
        return Text("playing")
    return score_line(result.points)


def standings_image(host: Host, state: LeagueState, ratings: dict[int, float]) -> Image:
    """The standings image (drawn lazily, off the event loop by the front-end)."""
    table = lines(state)
    names = {e: entrant_name(host, state, e) for e in state.entrants}
    rows = tuple(
        (rank, names[e], table[e].points, table[e].buchholz, table[e].sonneborn,
         table[e].games, record(table[e]), not table[e].active)
        for rank, e in enumerate(ordered(state, ratings), start=1)
    )  # fmt: skip
    current = state.current()
    tables = () if current is None else tuple(
        (t.board, tuple(names.get(e, "?") for e in t.seats), _state(t.result))
        for t in current.tables
    )  # fmt: skip
    number = None if current is None else current.number
    args = (state.head.name, subtitle(state), rows, tables, number)
    return pictures.picture("league-standings", f"league-{state.id}-standings.png", *args)


def podium_image(host: Host, state: LeagueState, ratings: dict[int, float]) -> Image:
    """The final podium image."""
    table = lines(state)
    places = tuple(
        (entrant_name(host, state, e), table[e].points) for e in ordered(state, ratings)[:3]
    )
    title = Text("{league}: final", league=state.head.name)
    return pictures.picture("league-podium", f"league-{state.id}-podium.png", title, places)


LOG_LINES = {
    "created": Text("league created"),
    "joined": Text("{player} joined"),
    "left": Text("{player} left"),
    "checked_in": Text("{player} checked in"),
    "checkin_open": Text("check-in opened"),
    # Counting lines keep their plural forms here; log_line fills them (LOG_COUNTS).
    "started": Text.plural(
        "started with {count} player, {dropped}",
        "started with {count} players, {dropped}",
        0,
        dropped="",
    ),
    "paired": Text.plural(
        "round {round} paired: {count} table", "round {round} paired: {count} tables", 0, round=""
    ),
    "result": Text("round {round} table {board}: {points} ({source}: {reason})"),
    "voided": Text("round {round} voided for re-pairing: {reason}"),
    "paused": Text("paused: {reason}"),
    "resumed": Text("resumed"),
    "removed": Text("{player} removed: {reason}"),
    "replaced": Text("{user} replaces {player}: {reason}"),
    "linked": Text("linked to the server's scheduled event"),
    "finished": Text("finished"),
    "cancelled": Text("cancelled: {reason}"),
}
"""What each kind of league event says."""
LOG_LINES_BY = {
    "created": Text("league created by {actor}"),
    "result": Text("round {round} table {board}: {points} ({source}: {reason}) by {actor}"),
    "voided": Text("round {round} voided for re-pairing by {actor}: {reason}"),
    "paused": Text("paused by {actor}: {reason}"),
    "resumed": Text("resumed by {actor}"),
    "removed": Text("{player} removed by {actor}: {reason}"),
    "replaced": Text("{user} replaces {player} by {actor}: {reason}"),
    "cancelled": Text("cancelled by {actor}: {reason}"),
}
"""The same, for the kinds that name who did it when someone did."""
LOG_COUNTS = {"started": "players", "paired": "tables"}
"""The kinds whose line counts something: the event's list whose length is the count."""


def _logged_reason(e: LeagueEvent) -> str:
    """A logged reason: a result's is its game's outcome reason, the others the league's."""
    if e.kind == RESULT:
        return outcome_reason(e.data)
    return league_reason(str(e.data.get("reason", "")))


def log_line(host: Host, state: LeagueState, e: LeagueEvent) -> Text:
    """One league event as a line players read."""
    d = e.data
    when = Moment(e.created)
    name = entrant_name(host, state, int(d["entrant"])) if "entrant" in d else "?"
    said = LOG_LINES.get(e.kind)
    if e.actor is not None and e.kind in LOG_LINES_BY:
        said = LOG_LINES_BY[e.kind]
    if said is None:
        what: Text = Text.verbatim(e.kind)
    else:
        dropped = len(d.get("dropped", []))
        counted = LOG_COUNTS.get(e.kind)
        values: dict[str, object] = {
            "player": name,
            "user": host.name(int(d.get("user", 0))),
            "dropped": Text.plural(
                "{count} dropped for not checking in",
                "{count} dropped for not checking in",
                dropped,
            ),
            "round": d.get("round"),
            "board": d.get("board"),
            "points": score_line(d.get("points", [])),
            "source": SOURCES.get(str(d.get("source"))) or d.get("source"),
            "reason": _logged_reason(e),
            "actor": host.name(e.actor),
        }
        if counted:
            values["count"] = len(d.get(counted, []))
        what = Text.message(said.template, values, said.plural_template)
    return Text("{when} #{seq} {what}", when=when, seq=e.seq, what=what)
