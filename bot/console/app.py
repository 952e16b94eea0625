"""The console program: open the bot's database, then answer lines from the keyboard or a file."""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import TextIO

from bot.config import Settings, where
from bot.console.completion import tab_candidates
from bot.console.session import Session, help_overview
from bot.console.show import Images
from bot.service import Service, SystemClock
from bot.service.i18n import localise
from games.text import Text
from storage.base import StorageError
from storage.factory import open_store

log = logging.getLogger(__name__)

PROMPT = "muster> "
NAMES_FILE = "console-names.json"


class OffsetClock:
    """The real clock plus however much time `/wait` let pass."""

    def __init__(self) -> None:
        self._offset = timedelta(0)
        self._real = SystemClock()

    def now(self) -> datetime:
        """The current time, shifted."""
        return self._real.now() + self._offset

    def advance(self, delta: timedelta) -> datetime:
        """Let `delta` pass."""
        self._offset += delta
        return self.now()


@dataclass(frozen=True, slots=True)
class ConsoleOptions:
    """How the console runs: where images go, whether to open them, whether to draw them."""

    out: Path
    open_images: bool = False
    images: bool = True


def names_path(settings: Settings) -> Path:
    """Where the console remembers local player names (beside a SQLite database, else home)."""
    if settings.database.startswith("sqlite:///"):
        return Path(settings.database[len("sqlite:///") :]).with_name(NAMES_FILE)
    return settings.home / NAMES_FILE


class NameBook:
    """Local player names kept in a small JSON file, so messages name them after a restart."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            loaded = json.loads(path.read_text(encoding="utf-8"))
            self.names = [str(n) for n in loaded] if isinstance(loaded, list) else []
        except (OSError, ValueError):
            self.names = []

    def add(self, name: str) -> None:
        """Remember a name (written at once)."""
        if name in self.names:
            return
        self.names.append(name)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps(self.names, indent=1) + "\n", encoding="utf-8")
        except OSError as err:  # names only make messages nicer; play goes on without them
            log.info("cannot save console names to %s: %s", self.path, err)


async def open_session(settings: Settings, options: ConsoleOptions) -> Session:
    """A session over the configured database (the same one the Discord bot uses)."""
    clock = OffsetClock()
    store = await open_store(settings.database, clock=clock.now)
    service = Service(store, clock)
    book = NameBook(names_path(settings))
    for name in book.names:
        service.user(name)
    images = Images(options.out if options.images else None, options.open_images, options.out)
    session = Session(service, images, clock, remember=book.add, language=settings.locale)
    book.add(session.user)
    return session


def run_lines(
    loop: asyncio.AbstractEventLoop,
    session: Session,
    lines: Iterable[str],
    out: TextIO,
    before: Callable[[str], None],
) -> int:
    """Answer each line until /quit or the end of input; returns the exit code (1 when any
    line ended in an internal error, so a script run fails visibly)."""
    for line in lines:
        before(line)
        answer = loop.run_until_complete(session.handle(line))
        if answer.text:
            print(answer.text, file=out, flush=True)
        if answer.stop:
            break
    return 1 if session.internal_errors else 0


def _readline(loop: asyncio.AbstractEventLoop, session: Session) -> None:
    try:
        import readline
    except ImportError:  # Windows without pyreadline: no completion, the console still works
        return

    found: list[str] = []

    def completer(text: str, state: int) -> str | None:
        if state == 0:
            buffer = readline.get_line_buffer()[: readline.get_endidx()]
            try:
                found[:] = loop.run_until_complete(tab_candidates(session, buffer))
            except Exception:  # a completion must never break the prompt
                log.exception("completion failed")
                found[:] = []
        return found[state] if state < len(found) else None

    readline.set_completer_delims(" ")
    readline.set_completer(completer)
    readline.parse_and_bind("tab: complete")


def _interactive(loop: asyncio.AbstractEventLoop, session: Session) -> int:
    _readline(loop, session)
    say = session.say
    print(say(Text("Muster console. Type /help for commands, /quit to leave.")))
    folder = str(session.images.folder)
    you = Text(
        "You are {user!r} (/as NAME to switch). Images go to {folder}.",
        user=session.user,
        folder=folder,
    )
    print(say(you))
    while True:
        try:
            line = input(session.prompt)
        except EOFError:
            print()
            return 0
        answer = loop.run_until_complete(session.handle(line))
        if answer.text:
            print(answer.text, flush=True)
        if answer.stop:
            return 0


def run_console(
    settings: Settings, script: Path | None, options: ConsoleOptions | None = None
) -> int:
    """Run the console on the keyboard, or on a script file when one is given."""
    options = options or ConsoleOptions(settings.home / "images")
    lines: list[str] | None = None
    if script is not None:
        try:
            lines = script.read_text(encoding="utf-8").splitlines()
        except OSError as err:
            unread = Text("cannot read {path}: {error}", path=str(script), error=err.strerror)
            print(f"muster: {localise(unread, settings.locale)}", file=sys.stderr)
            return 2
    # stderr: a transcript on stdout stays the game's alone.
    print(localise(where(settings), settings.locale), file=sys.stderr)
    loop = asyncio.new_event_loop()
    try:
        try:
            session = loop.run_until_complete(open_session(settings, options))
        except StorageError as err:
            print(f"muster: {err}", file=sys.stderr)
            return 2
        try:
            if lines is not None:
                return run_lines(loop, session, lines, sys.stdout, _echo)
            if sys.stdin.isatty():
                return _interactive(loop, session)
            return run_lines(loop, session, sys.stdin, sys.stdout, lambda line: None)
        except KeyboardInterrupt:
            print()
            return 0
        finally:
            loop.run_until_complete(session.service.close())
    finally:
        loop.close()


def _echo(line: str) -> None:
    # Scripts print as a transcript: each command, then its answer.
    text = line.strip()
    if text and not text.startswith("#"):
        print(f"> {text}", flush=True)


__all__ = ["ConsoleOptions", "OffsetClock", "help_overview", "run_console", "run_lines"]
