"""Tab completion: command names, option names, and legal option values from the service."""

from __future__ import annotations

import re
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


QUALIFIED = re.compile(r"^[a-z][a-z0-9]*\.([a-z][a-z0-9_]*)$")
"""A value spelled with its set's prefix (`outpost.mobile_armor`): players type the short
name (`mobile_armor`), which every command accepts too."""


def short(value: str) -> str:
    """`outpost.move` -> `move`; any other value as it is."""
    found = QUALIFIED.match(value)
    return found[1] if found else value


def _matching(values: list[str], prefix: str) -> list[str]:
    """Values (short names unless the prefix is qualified) that start with `prefix`, once each;
    a short name two values share stays qualified, so nothing typed is ambiguous."""
    wanted = prefix.lower()
    values = list(dict.fromkeys(values))
    shorts = [short(v) for v in values]
    found: list[str] = []
    for value, name in zip(values, shorts, strict=True):
        shown = name if "." not in wanted and shorts.count(name) == 1 else value
        if shown.lower().startswith(wanted) and shown not in found:
            found.append(shown)
    return found


async def tab_candidates(session: Session, buffer: str) -> list[str]:
    """What Tab offers: `complete_line`'s words, each finished with a space so the next word
    can be typed at once (an option name waits for its value, without one)."""
    return [c if c.endswith(":") else f"{c} " for c in await complete_line(session, buffer)]


async def complete_line(session: Session, buffer: str) -> list[str]:
    """Candidates for the last word of `buffer` (the line up to the cursor)."""
    words = buffer.split(" ")
    last, done = words[-1], [w for w in words[:-1] if w]
    if not done and (last.startswith("/") or not last):
        return _top_level(last)
    if not done or not done[0].startswith("/"):
        return await _bare_move(session, done, last)
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
        session.service, session.user, command, option.name, {**context, **given}, prefix, None
    )
    return [f"{option.name}:{v}" for v in _matching([s.value for s in suggestions], prefix)]


async def _bare_move(session: Session, done: list[str], last: str) -> list[str]:
    """The next word of a move typed as bare text (`place mob` -> `mobile_armor`), from the
    legal moves of the game in focus."""
    if session.focus is None:
        return []
    try:
        moves = await session.service.options(session.focus, session.user)
    except GameError:
        return []
    typed = [short(w).lower() for w in done]
    at = len(done)
    following = [
        m.split()[at]
        for m in moves
        if len(m.split()) > at and [short(w).lower() for w in m.split()[:at]] == typed
    ]
    return _matching(following, last)


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
    suggestions = await complete(
        session.service, session.user, command, option.name, context, full, None
    )
    cut = len(typed) + 1 if typed else 0
    return [s.value[cut:] for s in suggestions if s.value.startswith(full)]
