"""Texts and images of a league: names, standings (text and Pillow image), podium, the log."""

from __future__ import annotations

import importlib
from typing import Any

from bot.service.leagues.standings import Line, knockout_ranking, lines, ranking
from bot.service.leagues.state import AI_BLOCK, LeagueState, is_ai_entrant
from bot.service.outbox import Image
from bot.service.table import Host
from storage.leagues import LeagueEvent

AI_LEVELS = {1: "easy", 2: "normal", 3: "hard"}


def entrant_name(host: Host, state: LeagueState, entrant: int) -> str:
    """How an entrant is called: the holder's name (with whom they replaced), or 'AI easy 2'."""
    if is_ai_entrant(entrant):
        number, level = divmod(-entrant, AI_BLOCK)
        return f"AI {AI_LEVELS.get(level, 'normal')} {number}"
    record = state.entrants.get(entrant)
    if record is None or record.user == entrant:
        return host.name(entrant)
    return f"{host.name(record.user)} (for {host.name(entrant)})"


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


def subtitle(state: LeagueState) -> str:
    """Format, round and field size in a line."""
    cfg = state.config
    played = len(state.rounds)
    total = state.planned if state.planned else cfg.planned_rounds(len(state.active()))
    where = f"round {played} of {total}" if played else "not paired yet"
    seats = "duels" if cfg.duels else f"tables of {cfg.seats}"
    return f"{cfg.format}, {seats}, {where} · {len(state.active())} players · {state.phase}"


def standings_text(host: Host, state: LeagueState, ratings: dict[int, float]) -> str:
    """The standings as text lines."""
    table = lines(state)
    out = [f"{state.head.name} ({subtitle(state)})"]
    for rank, e in enumerate(ordered(state, ratings), start=1):
        line = table[e]
        gone = "" if line.active else " (out)"
        out.append(
            f"  {rank}. {entrant_name(host, state, e)}{gone}: {line.points:g} pts,"
            f" Bh {line.buchholz:g}, SB {line.sonneborn:g}, {record(line)}"
        )
    current = state.current()
    if current is not None:
        out.append(f"Round {current.number} tables:")
        out += [f"  {t}" for t in table_lines(host, state)]
    return "\n".join(out)


def table_lines(host: Host, state: LeagueState) -> list[str]:
    """The current round's tables (and byes) as lines."""
    current = state.current()
    if current is None:
        return []
    out = []
    for t in current.tables:
        who = " v ".join(entrant_name(host, state, e) for e in t.seats)
        out.append(f"table {t.board}: {who} (game {t.game_id}) {_state(t.result)}")
    out += [f"bye: {entrant_name(host, state, b)}" for b in current.byes]
    return out


def _state(result: Any) -> str:
    if result is None:
        return "playing"
    return "-".join(f"{p:g}" for p in result.points)


def standings_image(host: Host, state: LeagueState, ratings: dict[int, float]) -> Image:
    """The standings image (drawn lazily, off the event loop by the front-end)."""
    table = lines(state)
    order = ordered(state, ratings)
    names = {e: entrant_name(host, state, e) for e in state.entrants}
    current = state.current()
    title = state.head.name
    sub = subtitle(state)

    def draw() -> bytes:
        module = importlib.import_module("rendering.leagues")
        canvas = importlib.import_module("rendering.canvas")
        rows = tuple(
            module.StandingRow(
                rank, names[e], table[e].points, table[e].buchholz, table[e].sonneborn,
                table[e].games, record(table[e]), not table[e].active,
            )
            for rank, e in enumerate(order, start=1)
        )  # fmt: skip
        tables: tuple[Any, ...] = ()
        caption = ""
        if current is not None:
            tables = tuple(
                module.TableLine(t.board, tuple(names.get(e, "?") for e in t.seats),
                                 _state(t.result))
                for t in current.tables
            )  # fmt: skip
            caption = f"Round {current.number} tables"
        image = module.standings(module.Standings(title, sub, rows, tables, caption))
        png: bytes = canvas.png_bytes(image)
        return png

    return Image.lazy(f"league-{state.id}-standings.png", draw)


def podium_image(host: Host, state: LeagueState, ratings: dict[int, float]) -> Image:
    """The final podium image."""
    table = lines(state)
    places = tuple(
        (entrant_name(host, state, e), table[e].points) for e in ordered(state, ratings)[:3]
    )
    title = f"{state.head.name}: final"

    def draw() -> bytes:
        module = importlib.import_module("rendering.leagues")
        canvas = importlib.import_module("rendering.canvas")
        png: bytes = canvas.png_bytes(module.podium(title, places))
        return png

    return Image.lazy(f"league-{state.id}-podium.png", draw)


def log_line(host: Host, state: LeagueState, e: LeagueEvent) -> str:
    """One league event as a line players read."""
    d = e.data
    who = "" if e.actor is None else f" by {host.name(e.actor)}"
    when = f"{e.created:%Y-%m-%d %H:%M}"

    def name(key: str) -> str:
        return entrant_name(host, state, int(d[key])) if key in d else "?"

    texts = {
        "created": f"league created{who}",
        "joined": f"{name('entrant')} joined",
        "left": f"{name('entrant')} left",
        "checked_in": f"{name('entrant')} checked in",
        "checkin_open": "check-in opened",
        "started": f"started with {len(d.get('players', []))} players,"
        f" {len(d.get('dropped', []))} dropped for not checking in",
        "paired": f"round {d.get('round')} paired: {len(d.get('tables', []))} tables",
        "result": f"round {d.get('round')} table {d.get('board')}: "
        f"{'-'.join(f'{p:g}' for p in d.get('points', []))} ({d.get('source')}:"
        f" {d.get('reason')}){who}",
        "voided": f"round {d.get('round')} voided for re-pairing{who}: {d.get('reason', '')}",
        "paused": f"paused{who}: {d.get('reason', '')}",
        "resumed": f"resumed{who}",
        "removed": f"{name('entrant')} removed{who}: {d.get('reason', '')}",
        "replaced": f"{host.name(int(d.get('user', 0)))} replaces {name('entrant')}{who}:"
        f" {d.get('reason', '')}",
        "linked": "linked to the server's scheduled event",
        "finished": "finished",
        "cancelled": f"cancelled{who}: {d.get('reason', '')}",
    }
    return f"{when} #{e.seq} {texts.get(e.kind, e.kind)}"
