"""What a panel component's custom id says: game, seat, panel version, operation, arguments.

The ids outlive the process (a panel sent before a restart still answers), so their shape is
kept: `<prefix>:<game>:<seat>:<version>:<op>[:<arg>...]`, the prefix naming the panel (its
menus' or its buttons') and, for a menu, its page last.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

KEY_TEMPLATE = (
    r"(?P<game>\d+):(?P<seat>\d+):(?P<version>\d+)"
    r":(?P<op>[a-z]+)(?P<args>(?::[^:]*)*)"
)
"""The custom_id after a component's prefix."""


@dataclass(frozen=True, slots=True)
class Key:
    """What a panel component stands for: game, seat, version, operation and its arguments."""

    game: int
    seat: int
    version: int
    op: str
    args: tuple[str, ...] = ()

    def custom_id(self, prefix: str) -> str:
        """The component's custom_id (Discord allows 100 characters)."""
        text = f"{prefix}:{self.game}:{self.seat}:{self.version}:{self.op}"
        return text + "".join(f":{a}" for a in self.args)

    @staticmethod
    def parse(match: re.Match[str]) -> Key:
        """The key a template match describes."""
        args = tuple(match["args"].split(":")[1:]) if match["args"] else ()
        return Key(int(match["game"]), int(match["seat"]), int(match["version"]), match["op"], args)
