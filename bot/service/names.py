"""How a table calls its players and seats: names fixed when the table is loaded.

A plan names seats from the table it is given (`Table.names`), never by asking the host, so
planning stays pure: the host's known display names, the names stored with the seats (for a
restarted bot) and the AI levels' names are read once, by `bot.service.table.load_table`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from bot.service.ai import is_ai, level_of
from games.base import CHANCE, Seat
from games.text import Text
from storage.records import SeatRecord, is_former_player

AI_NAMES = {"easy": Text("AI (easy)"), "normal": Text("AI (normal)"), "hard": Text("AI (hard)")}
"""AI seats as players read them (whole names, so a level word never stands alone)."""


def user_name(user_id: int | None, known: Mapping[int, str], fallback: Callable[[int], str]) -> str:
    """How a user (or AI seat) is called in messages: `known` display names first, else
    `fallback` (an AI seat and a former player have names of their own)."""
    if user_id is None:
        return Text("nobody")
    if is_ai(user_id):
        return AI_NAMES[level_of(user_id)]
    if is_former_player(user_id):
        return Text("a former player")
    return known.get(user_id) or fallback(user_id)


@dataclass(frozen=True, slots=True)
class SeatNames:
    """The names one table says: each seat's holder and role, and every user its log names."""

    count: int
    """Seats of the game (a lobby's empty seat is called "nobody")."""
    holders: Mapping[Seat, int] = field(default_factory=dict)
    users: Mapping[int, str] = field(default_factory=dict)
    roles: Mapping[Seat, str] = field(default_factory=dict)
    """A seat's role as players read it (an army's name, not its key)."""

    def user(self, user_id: int | None) -> str:
        """How a user of this table is called (an unnamed one as the host would default)."""
        return user_name(user_id, self.users, _unnamed)

    def plain(self, seat: Seat) -> str:
        """A seat's holder's name alone."""
        return self.user(self.holders.get(seat))

    def seat(self, seat: Seat) -> Text:
        """How a seat is called: its holder's name and role."""
        if seat == CHANCE:
            return Text("chance")
        name = self.plain(seat)
        role = self.roles.get(seat)
        if role:
            return Text.joined(" ", [name, Text.verbatim(f"({role})")])
        # An AI seat's name is a Text, said in the reader's language.
        return name if isinstance(name, Text) else Text.verbatim(name)

    def players(self) -> tuple[str, ...]:
        """Each seat's name as the pictures and battle narrations say it (a role tells two
        players of the same name apart, e.g. two AI seats of one level)."""
        plain = [self.plain(s) for s in range(self.count)]
        return tuple(
            self.seat(s) if plain.count(plain[s]) > 1 else plain[s] for s in range(self.count)
        )


def seat_names(
    count: int,
    seats: Iterable[SeatRecord],
    role_name: Callable[[str], str],
    named: Callable[[int], str],
    also: Iterable[int] = (),
) -> SeatNames:
    """The names of a table with `seats`: `named` names each holder and each user of `also`
    (users its log names who may have left, e.g. a replaced player)."""
    held = tuple(seats)
    holders = {s.seat: s.user_id for s in held}
    users = {u: named(u) for u in (*holders.values(), *also)}
    roles = {s.seat: role_name(s.role) for s in held if s.role}
    return SeatNames(count, holders, users, roles)


def _unnamed(user_id: int) -> str:
    return Text("player {user}", user=user_id)
