"""Neuroshima Hex at the table: its modes, armies, teams, undo barrier and timeout pass."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.profiles import HostProfile, Mode, no_teams
from games.base import CHANCE, Seat

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


def profile() -> HostProfile:
    """The Neuroshima Hex host profile: three modes, five armies, a battle as the undo barrier."""
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
