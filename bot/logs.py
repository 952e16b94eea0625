"""Log lines for operators: plain text or one JSON object per line, with the interaction's ids.

The runner names what an interaction is about (guild, game, command) once, in a context
variable; every line logged while it runs carries those ids, and an incident line its id too.
Message contents are never put in the context, so a private panel's words cannot reach a log.
"""

from __future__ import annotations

import contextvars
import json
import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import Any

CONTEXT_FIELDS = ("guild", "game", "command", "incident")
"""What a JSON line may say about the interaction it belongs to."""
LOG_FILE_BYTES = 10 * 1024 * 1024
LOG_FILE_COUNT = 5
"""The bot's log file rotates at 10 MB and keeps five old files: 60 MB at most in the home."""

_context: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "muster_log_context", default=None
)


@contextmanager
def about(**ids: Any) -> Iterator[None]:
    """Tag every line logged inside the block with these ids (guild=, game=, command=)."""
    known = {k: v for k, v in ids.items() if k in CONTEXT_FIELDS and v is not None}
    token = _context.set({**(_context.get() or {}), **known})
    try:
        yield
    finally:
        _context.reset(token)


class ContextFilter(logging.Filter):
    """Copies the current interaction's ids onto each record; hides a secret if one slips in."""

    def __init__(self, secrets: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.secrets = tuple(s for s in secrets if s)

    def filter(self, record: logging.LogRecord) -> bool:
        """Attach the ids; redact secrets from the formatted message."""
        for key, value in (_context.get() or {}).items():
            if not hasattr(record, key):
                setattr(record, key, value)
        if self.secrets:
            message = record.getMessage()
            if any(secret in message for secret in self.secrets):
                for secret in self.secrets:
                    message = message.replace(secret, "***")
                record.msg, record.args = message, None
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, the ids, and any traceback."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as a single JSON line."""
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key in CONTEXT_FIELDS:
            value = getattr(record, key, None)
            if value is not None:
                line[key] = value
        if record.exc_info:
            line["traceback"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def setup(
    level: str, style: str, *, secrets: tuple[str, ...] = (), file: Path | None = None
) -> None:
    """Log to stderr (and to a rotating `file` when given) in `style` ('text' or 'json')."""
    formatter: logging.Formatter = (
        JsonFormatter() if style == "json" else logging.Formatter(TEXT_FORMAT)
    )
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
    if file is not None:
        file.parent.mkdir(parents=True, exist_ok=True)
        handlers.append(
            RotatingFileHandler(
                file, maxBytes=LOG_FILE_BYTES, backupCount=LOG_FILE_COUNT, encoding="utf-8"
            )
        )
    guard = ContextFilter(secrets)
    for handler in handlers:
        handler.setFormatter(formatter)
        handler.addFilter(guard)
    logging.basicConfig(level=level, handlers=handlers, force=True)
