"""Numbered schema migrations, one SQL file per version and dialect."""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.(sqlite|postgres)\.sql$")


@dataclass(frozen=True, slots=True)
class Migration:
    """One step of the schema: version N is reached by running `sql` at version N-1."""

    version: int
    name: str
    sql: str


def migrations(dialect: str) -> tuple[Migration, ...]:
    """The migrations for `dialect` ('sqlite' or 'postgres'), in order, checked for gaps."""
    found: list[Migration] = []
    for entry in resources.files(__name__).iterdir():
        match = _NAME.match(entry.name)
        if match and match.group(3) == dialect:
            found.append(Migration(int(match.group(1)), match.group(2), entry.read_text("utf-8")))
    found.sort(key=lambda m: m.version)
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise RuntimeError(
                f"{dialect} migrations skip from {expected - 1} to {migration.version}"
            )
    return tuple(found)


def latest(dialect: str) -> int:
    """The schema version the code expects."""
    return len(migrations(dialect))
