"""Per-game host knowledge the rules contract leaves out: modes, roles, barriers, passes, teams.

A profile is optional: a game's plug-in (bot.service.plugin) may bring one, else a plain one is
derived from the GameSpec, so any registered game can be hosted (docs/adding-a-game.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.service.plugin import on_change, plugin_for
from games.base import CHANCE, GameSpec, Seat

RANDOM_ROLE = "random"
"""The role a player picks to have one dealt at the start."""


@dataclass(frozen=True, slots=True)
class Mode:
    """A way to play a game: its name and the seat counts it allows."""

    name: str
    seats: tuple[int, ...]
    description: str = ""


def chance_only(seat: Seat, action: Any) -> bool:
    """The default undo barrier: chance results only."""
    del action
    return seat == CHANCE


def no_pass(legal: Sequence[Any]) -> Any | None:
    """The default timeout move: none, so a timeout leads to a forfeit."""
    del legal
    return None


def no_teams(config: Mapping[str, Any], seats: int) -> tuple[tuple[Seat, ...], ...]:
    """Every seat for itself."""
    del config
    return tuple((s,) for s in range(seats))


LEAVER = "leaver"
"""The lobby option of a cooperative game saying what happens when a player leaves."""
ANDROID = "android"
"""The bot plays the leaver's character on (an android of the crew)."""
ABORT_LOST = "abort"
"""The mission is aborted and counts as lost."""
LEAVER_CHOICES = (ANDROID, ABORT_LOST)


def plain_config(
    options: Mapping[str, Any], mode: str, roles: Sequence[str | None]
) -> dict[str, Any]:
    """The game config for a game without roles: the options plus the mode."""
    del roles
    return {**options, "mode": mode}


@dataclass(frozen=True, slots=True)
class HostProfile:
    """What the host needs to run a lobby and a table for one game."""

    key: str
    modes: tuple[Mode, ...]
    roles: tuple[str, ...] = ()
    role_label: str = "role"
    unique_roles: bool = True
    options: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    build_config: Callable[[Mapping[str, Any], str, Sequence[str | None]], dict[str, Any]] = (
        plain_config
    )
    is_barrier: Callable[[Seat, Any], bool] = chance_only
    pass_action: Callable[[Sequence[Any]], Any | None] = no_pass
    teams: Callable[[Mapping[str, Any], int], tuple[tuple[Seat, ...], ...]] = no_teams
    seat_options: tuple[str, ...] = ()
    """Options kept by seat (`{"0": ...}`): a rematch moves each entry with its player."""
    commit_first: bool = False
    """Dice committed before players add words (bot.service.dice_audit): a rematch waits."""
    role_name: Callable[[str], str] = str
    """A role as players read it (an army's name, not its key: "Doomsday Machine", not
    "ddm2e")."""
    cooperative: bool = False
    """The whole table is one crew against the game: it wins or loses together, a player who
    leaves never hands the others a win (see `LEAVER`), and there is nothing to rate."""

    def mode(self, name: str | None) -> Mode:
        """The named mode (the first one when None); raises KeyError for an unknown name."""
        if name is None:
            return self.modes[0]
        for mode in self.modes:
            if mode.name == name:
                return mode
        raise KeyError(name)


_PROFILES: dict[str, HostProfile] = {}
"""Stand-ins that win over the installed plug-ins (a test's game without a plug-in)."""
_BUILT: dict[str, HostProfile] = {}


def register_profile(profile: HostProfile) -> None:
    """Use `profile` for its game from now on, over its plug-in's (a test's stand-in)."""
    _PROFILES[profile.key] = profile


def profile_for(spec: GameSpec[Any, Any, Any]) -> HostProfile:
    """The host profile of a game: a stand-in, its plug-in's, or derived from its seat limits."""
    found = _PROFILES.get(spec.key) or _BUILT.get(spec.key)
    if found is None:
        plugin = plugin_for(spec.key)
        build = plugin.profile if plugin is not None else None
        found = build() if build is not None else _derived(spec)
        _BUILT[spec.key] = found
    return found


def _forget(keys: Iterable[str]) -> None:
    # A game's plug-in changed: what was built from the old one, or set over it, goes.
    for key in keys:
        _BUILT.pop(key, None)
        _PROFILES.pop(key, None)


on_change(_forget)


def _derived(spec: GameSpec[Any, Any, Any]) -> HostProfile:
    seats = tuple(range(spec.min_seats, spec.max_seats + 1))
    return HostProfile(key=spec.key, modes=(Mode("standard", seats),))
