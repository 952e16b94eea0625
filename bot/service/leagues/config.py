"""A league's settings as stored in its config: format, rounds, clocks, check-in, adjudication."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.service.errors import LobbyError
from bot.service.profiles import profile_for
from games.registry import find_game
from games.text import Text

FORMATS = ("swiss", "round-robin", "knockout")
KINDS = ("night", "season")
ADJUDICATIONS = ("hq", "draw")
SEASON_RATINGS = ("reset", "carry")
NIGHT_ROUND = 2 * 3600
SEASON_ROUND = 7 * 86400
MAX_ROUNDS = 30


class LeagueError(LobbyError):
    """A league step that cannot happen now (full, not running, already paired, ...)."""

    default_code = "league"


@dataclass(frozen=True, slots=True)
class LeagueConfig:
    """How a league runs; stored as JSON in the league row and in its `created` event."""

    format: str = "swiss"
    rounds: int | None = None
    clock: int | None = None
    start: datetime | None = None
    seats: int = 2
    mode: str = "duel"
    rated: bool = True
    checkin: int = 15 * 60
    late_join: bool = True
    adjudication: str = "hq"
    round_time: int = NIGHT_ROUND
    kind: str = "night"
    season_ratings: str = "reset"
    carry_from: int | None = None
    seed: str = ""
    creator: int = 0

    def to_json(self) -> dict[str, Any]:
        """The stored form."""
        return {
            "format": self.format,
            "rounds": self.rounds,
            "clock": self.clock,
            "start": None if self.start is None else self.start.isoformat(),
            "seats": self.seats,
            "mode": self.mode,
            "rated": self.rated,
            "checkin": self.checkin,
            "late_join": self.late_join,
            "adjudication": self.adjudication,
            "round_time": self.round_time,
            "kind": self.kind,
            "season_ratings": self.season_ratings,
            "carry_from": self.carry_from,
            "seed": self.seed,
            "creator": self.creator,
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> LeagueConfig:
        """Read the stored form back (missing keys take their defaults)."""
        base = LeagueConfig()
        start = data.get("start")
        return LeagueConfig(
            format=str(data.get("format", base.format)),
            rounds=None if data.get("rounds") is None else int(data["rounds"]),
            clock=None if data.get("clock") is None else int(data["clock"]),
            start=None if start is None else datetime.fromisoformat(str(start)),
            seats=int(data.get("seats", base.seats)),
            mode=str(data.get("mode", base.mode)),
            rated=bool(data.get("rated", base.rated)),
            checkin=int(data.get("checkin", base.checkin)),
            late_join=bool(data.get("late_join", base.late_join)),
            adjudication=str(data.get("adjudication", base.adjudication)),
            round_time=int(data.get("round_time", base.round_time)),
            kind=str(data.get("kind", base.kind)),
            season_ratings=str(data.get("season_ratings", base.season_ratings)),
            carry_from=None if data.get("carry_from") is None else int(data["carry_from"]),
            seed=str(data.get("seed", "")),
            creator=int(data.get("creator", 0)),
        )

    @property
    def duels(self) -> bool:
        """True when every table is two players."""
        return self.seats == 2

    @property
    def checkin_opens(self) -> datetime | None:
        """When check-in starts (None without a start time or a check-in window)."""
        if self.start is None or self.checkin <= 0:
            return None
        return self.start - timedelta(seconds=self.checkin)

    def planned_rounds(self, players: int) -> int:
        """Rounds the league plays with `players` entrants (the setting, or the format's own)."""
        if self.format == "round-robin":
            return players - 1 if players % 2 == 0 else players
        if self.format == "knockout":
            return max(1, (players - 1).bit_length())
        if self.rounds is not None:
            return self.rounds
        # Enough Swiss rounds to separate a winner: log2 of the field, at least three.
        tables = max(1, players // max(2, self.seats))
        return max(3, (tables * 2 - 1).bit_length())


def build_config(game_key: str, **given: Any) -> LeagueConfig:
    """A checked LeagueConfig for a game; raises LeagueError naming the first problem."""
    spec = find_game(game_key)
    profile = profile_for(spec)
    cfg = LeagueConfig(**{k: v for k, v in given.items() if v is not None})
    if cfg.format not in FORMATS:
        raise LeagueError(
            "Format must be one of {formats}.", code="bad_format", formats=", ".join(FORMATS)
        )
    if cfg.kind not in KINDS:
        raise LeagueError("Kind must be one of {kinds}.", code="bad_option", kinds=", ".join(KINDS))
    if cfg.adjudication not in ADJUDICATIONS:
        raise LeagueError("Adjudication is hq (points lead) or draw.", code="bad_option")
    if cfg.season_ratings not in SEASON_RATINGS:
        raise LeagueError("Season ratings reset or carry.", code="bad_option")
    if cfg.seats != 2 and cfg.format != "swiss":
        raise LeagueError(
            "Round-robin and knockout leagues are for duels; use swiss for 4-player tables.",
            code="bad_format",
        )
    modes = [m for m in profile.modes if cfg.seats in m.seats and m.name != "teams"]
    chosen = next((m for m in modes if m.name == given.get("mode")), modes[0] if modes else None)
    if chosen is None:
        raise LeagueError(
            Text.plural(
                "{game} has no mode for {count} player.",
                "{game} has no mode for {count} players.",
                cfg.seats,
                game=spec.name,
            ),
            code="wrong_mode",
        )
    if cfg.rounds is not None and not 1 <= cfg.rounds <= MAX_ROUNDS:
        raise LeagueError("Rounds must be 1 to {max}.", code="bad_rounds", max=MAX_ROUNDS)
    if cfg.start is not None and cfg.start.tzinfo is None:
        raise LeagueError("The start time needs a time zone.", code="bad_time")
    if cfg.round_time < 60:
        raise LeagueError("A round needs at least a minute.", code="bad_clock")
    return LeagueConfig(**{**_fields(cfg), "mode": chosen.name})


def _fields(cfg: LeagueConfig) -> dict[str, Any]:
    return {name: getattr(cfg, name) for name in LeagueConfig.__dataclass_fields__}


def allows_seats(game_key: str, mode: str, seats: int) -> bool:
    """True when the game's `mode` can be played at `seats` (short tables of a 4-player Swiss)."""
    profile = profile_for(find_game(game_key))
    return any(m.name == mode and seats in m.seats for m in profile.modes)
