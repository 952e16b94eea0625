"""Settings read once from the environment (and a `.env` file beside the working directory)."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from games.text import Text

DEFAULT_DATABASE = "sqlite:///data/muster.db"
LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")


class ConfigError(Exception):
    """A setting has a value Muster cannot use; the message names the variable."""

    def __init__(self, message: Text) -> None:
        """`message` in English, said in MUSTER_LOCALE by the command line."""
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything Muster reads from its environment, validated once at start."""

    discord_token: str | None = field(default=None, repr=False)
    database: str = DEFAULT_DATABASE
    dev_guild: int | None = None
    locale: str = "en"
    log_level: str = "INFO"
    lag_report: Path | None = None
    """Where the bot writes its event loop's largest stall (MUSTER_LAG_REPORT; benchmarks)."""
    discord_api: str | None = None
    """Test-only: the base URL of a Discord simulator (REST under /api/v10, gateway at its root);
    None talks to discord.com. Never set in production."""

    @property
    def has_discord(self) -> bool:
        """True when a Discord bot token is configured."""
        return bool(self.discord_token)

    def __repr__(self) -> str:
        # The token must never reach a log line or a traceback.
        token = "set" if self.discord_token else "unset"
        return (
            f"Settings(discord_token=<{token}>, database={self.database!r}, "
            f"dev_guild={self.dev_guild}, locale={self.locale!r}, log_level={self.log_level!r}"
            + (f", discord_api={self.discord_api!r})" if self.discord_api else ")")
        )

    __str__ = __repr__


def _dev_guild(raw: str | None) -> int | None:
    if not raw:
        return None
    if not raw.strip().isdigit():
        raise ConfigError(
            Text(
                "MUSTER_DEV_GUILD must be a Discord server id (digits), not {value}",
                value=repr(raw),
            )
        )
    return int(raw.strip())


def _database(raw: str | None) -> str:
    url = (raw or DEFAULT_DATABASE).strip()
    if not url.startswith(("sqlite:///", "postgresql://", "postgres://")):
        raise ConfigError(
            Text(
                "MUSTER_DATABASE must start with sqlite:/// or postgresql:// (got {scheme})",
                scheme=repr(url.split(":", 1)[0]),
            )
        )
    return url


def _log_level(raw: str | None) -> str:
    level = (raw or "INFO").strip().upper()
    if level not in LOG_LEVELS:
        raise ConfigError(
            Text("MUSTER_LOG_LEVEL must be one of {levels}", levels=", ".join(LOG_LEVELS))
        )
    return level


def _discord_api(raw: str | None) -> str | None:
    url = (raw or "").strip().rstrip("/")
    if not url:
        return None
    if not url.startswith(("http://", "https://")):
        raise ConfigError(
            Text(
                "MUSTER_DISCORD_API must be an http:// or https:// URL (got {value})",
                value=repr(raw),
            )
        )
    return url


def locale_from(environ: Mapping[str, str]) -> str:
    """The console's language (MUSTER_LOCALE), also for errors before the other settings."""
    return (environ.get("MUSTER_LOCALE") or "en").strip() or "en"


LAG_REPORT = "MUSTER_LAG_REPORT"


def settings_from(environ: Mapping[str, str]) -> Settings:
    """Settings from a mapping of environment variables (no .env reading)."""
    return Settings(
        discord_token=(environ.get("DISCORD_TOKEN") or "").strip() or None,
        database=_database(environ.get("MUSTER_DATABASE")),
        dev_guild=_dev_guild(environ.get("MUSTER_DEV_GUILD")),
        locale=locale_from(environ),
        log_level=_log_level(environ.get("MUSTER_LOG_LEVEL")),
        lag_report=Path(report) if (report := (environ.get(LAG_REPORT) or "").strip()) else None,
        discord_api=_discord_api(environ.get("MUSTER_DISCORD_API")),
    )


def load_settings(env_file: Path | None = Path(".env")) -> Settings:
    """Settings from the process environment, after loading `env_file` if it exists.

    Variables already set in the environment win over the file.
    """
    if env_file is not None and env_file.is_file():
        from dotenv import load_dotenv

        load_dotenv(env_file, override=False)
    return settings_from(os.environ)


def configure_logging(settings: Settings) -> None:
    """Send log lines to stderr at the configured level."""
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
