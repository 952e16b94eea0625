"""Legal moves as menus a person can scan: at most 25 entries, grouped by their leading words.

A move's text starts with its kind and then its piece ("shoot A2.1 m50_assault_rifle B2.4"), so
the moves that do not fit one menu are grouped by kind, and a kind that does not fit by piece,
and so on word by word: picking a group opens the menu of its moves. Nothing is cut: every legal
move is one pick (or a few) away. Values stay within Discord's 100 characters: a move whose text
is longer goes by its place in the seat's list of legal moves (the panel's version pins it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.service.commands.spec import Suggestion

MAX_ENTRIES = 25
MAX_VALUE = 100
GROUP = "»"
"""A picked value that opens a group of moves (no move's text starts with it)."""
INDEX = "#"
"""A picked value naming a move by its place in the legal list (for texts over 100 chars)."""


def unique(texts: Iterable[str]) -> list[str]:
    """The texts without repeats, in their first order (Discord refuses repeated values)."""
    return list(dict.fromkeys(texts))


def _leaf(text: str, legal: Sequence[str]) -> Suggestion:
    if len(text) <= MAX_VALUE:
        return Suggestion(text, text)
    return Suggestion(text[: MAX_VALUE - 1] + "…", f"{INDEX}{legal.index(text)}")


def _group(prefix: str, count: int) -> Suggestion:
    return Suggestion(f"{prefix} … ({count})", f"{GROUP}{prefix}"[:MAX_VALUE])


def entries(moves: Sequence[str], legal: Sequence[str], depth: int = 0) -> list[Suggestion]:
    """Menu entries for `moves` (all sharing their first `depth` words): moves or groups.

    `legal` is the seat's whole list of legal moves, which long moves are numbered by.
    """
    moves = unique(moves)
    if len(moves) <= MAX_ENTRIES:
        return [_leaf(m, legal) for m in moves]
    buckets: dict[str, list[str]] = {}
    for move in moves:
        words = move.split(" ")
        head = " ".join(words[: depth + 1])
        buckets.setdefault(head, []).append(move)
    if len(buckets) == 1:  # every move shares the next word: group one word deeper
        return entries(moves, legal, depth + 1)
    found: list[Suggestion] = []
    for head, members in buckets.items():
        if len(members) == 1:
            found.append(_leaf(members[0], legal))
        else:
            found.append(_group(head, len(members)))
    return found


def in_group(prefix: str, legal: Sequence[str]) -> list[str]:
    """The legal moves a group stands for (those starting with its words)."""
    return [m for m in unique(legal) if m == prefix or m.startswith(prefix + " ")]


def group_depth(prefix: str) -> int:
    """How many leading words a group's moves share."""
    return len(prefix.split(" "))


def pages(found: Sequence[Suggestion], rows: int) -> list[list[Suggestion]]:
    """Entries split into menus of 25, at most `rows` of them; ValueError when they do not fit.

    Grouping keeps each level small; a level with more than `rows` x 25 entries would mean a
    move with over a hundred different next words, which no game has: say so instead of cutting.
    """
    parts = [list(found[i : i + MAX_ENTRIES]) for i in range(0, len(found), MAX_ENTRIES)]
    if len(parts) > rows:
        raise ValueError(f"{len(found)} menu entries do not fit {rows} menus")
    return parts


def picked(value: str, legal: Sequence[str]) -> str | None:
    """The move a picked leaf value stands for (None for a group or a number out of range)."""
    if value.startswith(GROUP):
        return None
    if value.startswith(INDEX) and value[1:].isdigit():
        at = int(value[1:])
        return legal[at] if at < len(legal) else None
    return value
