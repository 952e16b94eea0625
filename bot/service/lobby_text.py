"""How a lobby reads: game, mode, clock and who sits where, in words a catalogue translates."""

from __future__ import annotations

from bot.service.profiles import HostProfile
from bot.service.table import Host, Table
from games.text import Text

MODE_NAMES = {
    "duel": Text("duel"),
    "deathmatch": Text("deathmatch"),
    "teams": Text("teams"),
    "standard": Text("standard"),
    "solo": Text("solo"),
    "crew": Text("crew"),
    "skirmish": Text("skirmish"),
}
"""Lobby modes as players read them (the option values stay English)."""
ROLE_LABELS = {"army": Text("army"), "role": Text("role")}


def mode_name(mode: str) -> Text:
    """A mode as players read it (an unknown one verbatim)."""
    return MODE_NAMES.get(mode) or Text.verbatim(mode)


def role_label(profile: HostProfile) -> Text:
    """What a game calls a seat's role ('army')."""
    return ROLE_LABELS.get(profile.role_label) or Text.verbatim(profile.role_label)


def lobby_text(host: Host, table: Table) -> Text:
    """The lobby as a few lines: game, mode, clock and who sits where."""
    s = table.settings
    if s.clock:
        clock = Text("{minutes} min per turn", minutes=s.clock // 60)
    else:
        clock = Text("no turn clock")
    said = {
        "game": table.id,
        "name": Text.verbatim(table.spec.name),
        "mode": mode_name(s.mode),
        "clock": clock,
        "host": host.name(s.host_user),
    }
    head = (
        Text.plural(
            "Game {game}: {name}, {mode}, {count} seat, {clock}, rated. Host: {host}.",
            "Game {game}: {name}, {mode}, {count} seats, {clock}, rated. Host: {host}.",
            s.seats,
            **said,
        )
        if s.rated
        else Text.plural(
            "Game {game}: {name}, {mode}, {count} seat, {clock}. Host: {host}.",
            "Game {game}: {name}, {mode}, {count} seats, {clock}. Host: {host}.",
            s.seats,
            **said,
        )
    )
    lines = [head]
    for seat in range(s.seats):
        record = next((r for r in table.seats if r.seat == seat), None)
        if record is None:
            lines.append(Text("  seat {seat}: (open)", seat=seat))
            continue
        who = host.name(record.user_id)
        if record.role:
            role = Text.verbatim(table.profile.role_name(record.role))
            lines.append(
                Text("  seat {seat}: {player} as {role}", seat=seat, player=who, role=role)
            )
        else:
            lines.append(Text("  seat {seat}: {player}", seat=seat, player=who))
    return Text.lines(lines)
