"""Muster's home: the one folder that holds `.env`, the SQLite file, images and logs.

The bot used to look everything up relative to the working directory, so started from another
folder it opened an empty database. Now every default hangs off one folder: `MUSTER_HOME` when
set, else the user's data folder of this platform (platformdirs), the same from any directory.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from platformdirs import user_data_dir

SQLITE_PREFIX = "sqlite:///"
DATABASE_FILE = "muster.db"


def home_from(environ: Mapping[str, str]) -> Path:
    """The home folder: MUSTER_HOME (made absolute), else the platform's user data folder."""
    raw = (environ.get("MUSTER_HOME") or "").strip()
    chosen = Path(raw).expanduser() if raw else Path(user_data_dir("muster", appauthor=False))
    return chosen.resolve()


def default_database(home: Path) -> str:
    """The embedded SQLite database inside the home folder."""
    return f"{SQLITE_PREFIX}{home / DATABASE_FILE}"


def anchored(url: str, home: Path) -> str:
    """A SQLite URL with a relative path made relative to `home`; other URLs unchanged.

    `sqlite:///data/muster.db` (as in .env.example) then names the same file from any working
    directory; `sqlite:////srv/muster.db` is absolute and stays as it is.
    """
    if not url.startswith(SQLITE_PREFIX):
        return url
    path = Path(url[len(SQLITE_PREFIX) :]).expanduser()
    if path.is_absolute() or str(path) == ":memory:":
        return f"{SQLITE_PREFIX}{path}"
    return f"{SQLITE_PREFIX}{home / path}"
