"""Tab completion: command names, option names, and legal option values from the service."""

from __future__ import annotations

from typing import Any

from bot.console.parse import find_command, read_options
from bot.console.session import Session
from bot.service.commands import CONTEXT_GAME, Command, catalogue, complete
from games.base import GameError

CONSOLE_COMMANDS = ("/as", "/game", "/wait", "/tick", "/seed", "/export", "/quit")


def _top_level(prefix: str) -> list[str]:
    cat = catalogue()
    names = [f"/{g.name}" for g in cat.groups] + [f"/{c.name}" for c in cat.commands]
    return [n for n in (*names, *CONSOLE_COMMANDS) if n.startswith(prefix.lower())]


async def complete_line(session: Session, buffer: str) -> list[str]:
    """Candidates for the last word of `buffer` (the line up to the cursor)."""
    words = buffer.split(" ")
    last, done = words[-1], [w for w in words[:-1] if w]
    if not done:
        return _top_level(last) if last.startswith("/") or not last else []
    if not done[0].startswith("/"):
        return []
    cat = catalogue()
    group = cat.group(done[0].lstrip("/").lower())
    if group is not None and len(done) == 1:
        return [c.name for c in group.commands if c.name.startswith(last.lower())]
    try:
        command, rest = find_command(done, cat)
        given: dict[str, Any] = read_options(command, rest)
    except GameError:
        return []
    context: dict[str, Any] = {}
    if session.focus is not None:
        context[CONTEXT_GAME] = session.focus
    name, sep, prefix = last.partition(":")
    if not sep:
        names = [
            f"{o.name}:"
            for o in command.options
            if o.name not in given and o.name.startswith(name.lower())
        ]
        return names + await _continue_value(session, command, rest, last, context)
    option = command.option(name.lower())
    if option is None:
        return []
    if option.type == "bool":
        return [f"{option.name}:{v}" for v in ("true", "false") if v.startswith(prefix.lower())]
    suggestions = await complete(
        session.service, session.user, command, option.name, {**context, **given}, prefix
    )
    return [f"{option.name}:{s.value}" for s in suggestions]


async def _continue_value(
    session: Session, command: Command, rest: list[str], last: str, context: dict[str, Any]
) -> list[str]:
    """The next words of a multi-word value (`action:place runner C`): the rest of suggestions."""
    at = max((i for i, w in enumerate(rest) if ":" in w), default=None)
    if at is None:
        return []
    name, _, first = rest[at].partition(":")
    option = command.option(name.lower())
    if option is None or option.type != "str":
        return []
    typed = " ".join([first, *rest[at + 1 :]]).strip()
    full = f"{typed} {last}" if typed else last
    suggestions = await complete(session.service, session.user, command, option.name, context, full)
    cut = len(typed) + 1 if typed else 0
    return [s.value[cut:] for s in suggestions if s.value.startswith(full)]
