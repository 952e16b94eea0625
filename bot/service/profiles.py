"""Per-game host knowledge the rules contract leaves out: modes, roles, barriers, passes, teams.

Games register nothing here; a profile is optional and a plain one is derived from the GameSpec,
so any registered game can be hosted (Stones proves it). Richer games get a profile below.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

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
"""The bot flies the leaver's character on (Space Alert's androids)."""
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
_BUILTIN: dict[str, Callable[[], HostProfile]] = {}


def register_profile(profile: HostProfile) -> None:
    """Use `profile` for its game from now on (replacing any earlier one)."""
    _PROFILES[profile.key] = profile


def profile_for(spec: GameSpec[Any, Any, Any]) -> HostProfile:
    """The host profile of a game: registered, built in, or derived from its seat limits."""
    found = _PROFILES.get(spec.key)
    if found is None:
        builder = _BUILTIN.get(spec.key)
        found = builder() if builder else _derived(spec)
        _PROFILES[spec.key] = found
    return found


def _derived(spec: GameSpec[Any, Any, Any]) -> HostProfile:
    seats = tuple(range(spec.min_seats, spec.max_seats + 1))
    return HostProfile(key=spec.key, modes=(Mode("standard", seats),))


# --- Neuroshima Hex ----------------------------------------------------------------------
NEUROSHIMA_ARMIES = ("moloch", "outpost", "borgo", "hegemony", "ddm2e")


def _neuroshima_config(
    options: Mapping[str, Any], mode: str, roles: Sequence[str | None]
) -> dict[str, Any]:
    config = {**options, "mode": mode}
    if any(role is not None for role in roles):
        # Seats without a choice get the first army nobody took, so armies stay distinct.
        free = [a for a in NEUROSHIMA_ARMIES if a not in roles]
        config["armies"] = [role if role is not None else free.pop(0) for role in roles]
    return config


def _neuroshima_army_name(key: str) -> str:
    from games.neuroshima.tiles import armies

    known = armies().get(key)
    return known.name.removesuffix(" (3.0)") if known is not None else key


def _neuroshima_barrier(seat: Seat, action: Any) -> bool:
    # A battle reveals and destroys: taking it back would let a player peek at the result.
    return seat == CHANCE or type(action).__name__ == "StartBattle"


def _neuroshima_pass(legal: Sequence[Any]) -> Any | None:
    # Ending the turn is the pass; when the rules first demand a discard, discard the first tile.
    for name in ("EndTurn", "Discard"):
        for action in legal:
            if type(action).__name__ == name:
                return action
    return None


def _neuroshima_teams(config: Mapping[str, Any], seats: int) -> tuple[tuple[Seat, ...], ...]:
    if config.get("mode") == "teams" and seats == 4:
        return ((0, 2), (1, 3))
    return no_teams(config, seats)


def _neuroshima() -> HostProfile:
    return HostProfile(
        key="neuroshima",
        modes=(
            Mode("duel", (2,), "two players"),
            Mode("deathmatch", (3, 4, 5, 6), "everyone for themselves"),
            Mode("teams", (4,), "two teams of two"),
        ),
        roles=NEUROSHIMA_ARMIES,
        role_label="army",
        options={
            "scoring": (False, True),
            "mercenaries": (0, 1, 2),
            "mad_bomber": ("off", "neutral", "mercenary"),
            "board": ("standard", "large"),
        },
        build_config=_neuroshima_config,
        is_barrier=_neuroshima_barrier,
        pass_action=_neuroshima_pass,
        role_name=_neuroshima_army_name,
        teams=_neuroshima_teams,
    )


_BUILTIN["neuroshima"] = _neuroshima


def _warzone() -> HostProfile:
    from bot.service.hosting import warzone

    return warzone.profile()


_BUILTIN["warzone"] = _warzone
