"""Settings read once from the environment and `.env` files (see `load_settings`)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bot.home import anchored, default_database, home_from
from games.text import Text
from storage.urls import safe_url

LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
LOG_FORMATS = ("text", "json")


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
    database: str = ""
    """Empty means the SQLite file in `home`."""
    dev_guild: int | None = None
    locale: str = "en"
    log_level: str = "INFO"
    lag_report: Path | None = None
    """Where the bot writes its event loop's largest stall (MUSTER_LAG_REPORT; benchmarks)."""
    discord_api: str | None = None
    """Test-only: the base URL of a Discord simulator (REST under /api/v10, gateway at its root);
    None talks to discord.com. Never set in production."""
    home: Path = field(default_factory=lambda: home_from({}))
    log_format: str = "text"
    metrics: tuple[str, int] | None = None
    """Where /healthz, /readyz and /metrics are served (host, port); None: not served."""

    def __post_init__(self) -> None:
        if not self.database:
            object.__setattr__(self, "database", default_database(self.home))

    @property
    def has_discord(self) -> bool:
        """True when a Discord bot token is configured."""
        return bool(self.discord_token)

    def __repr__(self) -> str:
        # The token must never reach a log line or a traceback.
        token = "set" if self.discord_token else "unset"
        return (
            f"Settings(home={str(self.home)!r}, database={safe_url(self.database)!r}, "
            f"discord_token=<{token}>, dev_guild={self.dev_guild}, locale={self.locale!r}, "
            f"log_level={self.log_level!r}, log_format={self.log_format!r}, "
            f"metrics={self.metrics}"
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


def _database(raw: str | None, home: Path) -> str:
    url = (raw or "").strip() or default_database(home)
    if not url.startswith(("sqlite:///", "postgresql://", "postgres://")):
        raise ConfigError(
            Text(
                "MUSTER_DATABASE must start with sqlite:/// or postgresql:// (got {scheme})",
                scheme=repr(url.split(":", 1)[0]),
            )
        )
    return anchored(url, home)


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


def _log_format(raw: str | None) -> str:
    chosen = (raw or "text").strip().lower()
    if chosen not in LOG_FORMATS:
        raise ConfigError(
            Text("MUSTER_LOG_FORMAT must be one of {formats}", formats=", ".join(LOG_FORMATS))
        )
    return chosen


METRICS_HOST = "127.0.0.1"
"""The health port listens on loopback unless MUSTER_METRICS_PORT names another address."""


def _metrics(raw: str | None) -> tuple[str, int] | None:
    if not raw or not raw.strip():
        return None
    host, _, port = raw.strip().rpartition(":")
    if not port.isascii() or not port.isdigit() or not 0 < int(port) < 65536:
        raise ConfigError(
            Text(
                "MUSTER_METRICS_PORT must be a port number from 1 to 65535 (or HOST:PORT),"
                " not {value}",
                value=repr(raw),
            )
        )
    return (host.strip("[]") or METRICS_HOST, int(port))


def locale_from(environ: Mapping[str, str]) -> str:
    """The console's language (MUSTER_LOCALE), also for errors before the other settings."""
    return (environ.get("MUSTER_LOCALE") or "en").strip() or "en"


LAG_REPORT = "MUSTER_LAG_REPORT"


def settings_from(environ: Mapping[str, str]) -> Settings:
    """Settings from a mapping of environment variables (no .env reading)."""
    home = home_from(environ)
    return Settings(
        home=home,
        database=_database(environ.get("MUSTER_DATABASE"), home),
        discord_token=(environ.get("DISCORD_TOKEN") or "").strip() or None,
        dev_guild=_dev_guild(environ.get("MUSTER_DEV_GUILD")),
        locale=locale_from(environ),
        log_level=_log_level(environ.get("MUSTER_LOG_LEVEL")),
        lag_report=Path(report) if (report := (environ.get(LAG_REPORT) or "").strip()) else None,
        discord_api=_discord_api(environ.get("MUSTER_DISCORD_API")),
        log_format=_log_format(environ.get("MUSTER_LOG_FORMAT")),
        metrics=_metrics(environ.get("MUSTER_METRICS_PORT")),
    )


def load_settings(env_file: Path | None = Path(".env")) -> Settings:
    """Settings from the process environment and the `.env` files, environment first.

    `env_file` (the working directory's `.env`, for a checkout) is read first, then
    `$MUSTER_HOME/.env`, the one a deployment keeps; a variable set earlier is never overridden,
    so the environment wins over both files and a checkout's `.env` over the home's.
    """
    from dotenv import load_dotenv

    if env_file is not None and env_file.is_file():
        load_dotenv(env_file, override=False)
    home_env = home_from(os.environ) / ".env"
    if home_env.is_file():
        load_dotenv(home_env, override=False)
    return settings_from(os.environ)


def where(settings: Settings) -> Text:
    """Which home and database a run uses, as said when it starts (no password)."""
    return Text(
        "Muster home: {home}; database: {database}",
        home=str(settings.home),
        database=safe_url(settings.database),
    )


def configure_logging(settings: Settings, *, to_file: bool = False) -> None:
    """Log to stderr at the configured level and format; the bot also keeps a file in its home."""
    from bot import logs

    secrets = (settings.discord_token,) if settings.discord_token else ()
    file = settings.home / "logs" / "muster.log" if to_file else None
    logs.setup(settings.log_level, settings.log_format, secrets=secrets, file=file)
