"""Setting up a game from the lobby's config.

Config keys (all optional):

- ``mode``: "duel" (2 seats, the default for 2), "deathmatch" (3-6 seats, the default for 3+),
  "teams" (exactly 4 seats: seats 0 and 2 against 1 and 3; turn order 0, 1, 2, 3 so team-mates
  never play one after the other, the rulebook's 1-3-2-4).
- ``armies``: one army key per seat (moloch, outpost, borgo, hegemony, ddm2e). Default: that
  list in order, repeated for a sixth seat.
- ``scoring``: true for the optional scoring variant (20 points to win, 40 for a team).
- ``mercenaries``: Mercenaries from Alabama per seat: 0, 1 or 2 in a duel, 0 or 1 otherwise,
  and never more than the four that exist in all.
- ``mercenary_picks``: optional list (per seat) of lists of mercenary tile ids already chosen;
  without it the seats pick in turn order before placing their HQs.
- ``mad_bomber``: "off" (default), "neutral" or "mercenary".
- ``board``: "standard" (19 hexes) or "large" (37 hexes, the default for 5-6 seats).

Seat 0 is the starting player (the host decides who sits there).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.base import GameConfig, InvalidActionError, Seat
from games.neuroshima.board import Board, Hex
from games.neuroshima.position import PlacedTile, Position
from games.neuroshima.state import BomberMode, Mode, Options, State, Step
from games.neuroshima.tiles import Army, Special, armies
from games.text import Text

DEFAULT_ARMIES: tuple[str, ...] = ("moloch", "outpost", "borgo", "hegemony", "ddm2e")
HQ_HIT_POINTS = 20
MERCENARY_ARMY = "merc"
NEUTRAL_ARMY = "neutral"


def mercenary_tiles() -> tuple[str, ...]:
    """The ids of the four Mercenaries from Alabama."""
    return tuple(t.id for t in armies()[MERCENARY_ARMY].tiles)


def bomber_tile() -> str:
    """The id of the Mad Bomber tile."""
    return next(t.id for t in armies()[NEUTRAL_ARMY].tiles if Special.MAD_BOMBER in t.specials)


def _bad(message: str, **params: object) -> InvalidActionError:
    return InvalidActionError(message, code="bad_config", **params)


def _choice(config: GameConfig, key: str, allowed: Sequence[str], default: str) -> str:
    value = config.get(key, default)
    if value not in allowed:
        raise _bad(
            "{key} must be one of {allowed}, not {value}",
            key=key,
            allowed=", ".join(allowed),
            value=repr(value),
        )
    return str(value)


def read_options(config: GameConfig, seats: int) -> Options:
    """The checked options for `seats` players."""
    if not 2 <= seats <= 6:
        raise _bad("Neuroshima Hex is played by 2 to 6 players")
    mode = Mode(_choice(config, "mode", [m.value for m in Mode], "duel" if seats == 2 else
                        "deathmatch"))  # fmt: skip
    if mode is Mode.DUEL and seats != 2:
        raise _bad("a duel is for exactly 2 players")
    if mode is Mode.TEAMS and seats != 4:
        raise _bad("the team game is for exactly 4 players")
    if mode is Mode.DEATHMATCH and seats < 3:
        raise _bad("a deathmatch needs 3 to 6 players")
    chosen = config.get("armies") or [DEFAULT_ARMIES[i % len(DEFAULT_ARMIES)] for i in range(seats)]
    if len(chosen) != seats:
        raise _bad(
            Text.plural(
                "armies must name one army per seat ({count} seat)",
                "armies must name one army per seat ({count} seats)",
                seats,
            )
        )
    known = armies()
    for key in chosen:
        if key not in known or not known[key].playable or key in (MERCENARY_ARMY, NEUTRAL_ARMY):
            playable = sorted(k for k, a in known.items() if a.playable and k not in
                              (MERCENARY_ARMY, NEUTRAL_ARMY))  # fmt: skip
            raise _bad(
                "{army} is not a playable army; choose from {armies}",
                army=repr(key),
                armies=", ".join(playable),
            )
    mercs = config.get("mercenaries", 0)
    limit = 2 if seats == 2 else 1
    if not isinstance(mercs, int) or not 0 <= mercs <= limit or mercs * seats > 4:
        raise _bad("mercenaries must be 0..{limit} per player, at most 4 in all", limit=limit)
    bomber = BomberMode(_choice(config, "mad_bomber", [b.value for b in BomberMode], "off"))
    board = _choice(config, "board", ["standard", "large"], "large" if seats >= 5 else "standard")
    return Options(
        mode=mode,
        armies=tuple(chosen),
        scoring=bool(config.get("scoring", False)),
        mercenaries=mercs,
        mad_bomber=bomber,
        board_radius=3 if board == "large" else 2,
    )


def _picks(config: GameConfig, options: Options, seats: int) -> tuple[tuple[str, ...], ...] | None:
    raw: Any = config.get("mercenary_picks")
    if raw is None or options.mercenaries == 0:
        return None
    pool = set(mercenary_tiles())
    if len(raw) != seats or any(len(p) != options.mercenaries for p in raw):
        raise _bad(
            Text.plural(
                "mercenary_picks must list {count} mercenary per seat",
                "mercenary_picks must list {count} mercenaries per seat",
                options.mercenaries,
            )
        )
    flat = [t for p in raw for t in p]
    if len(set(flat)) != len(flat) or not set(flat) <= pool:
        raise _bad(
            "mercenary_picks must be distinct tiles of: {tiles}", tiles=", ".join(sorted(pool))
        )
    return tuple(tuple(p) for p in raw)


def teams_for(mode: Mode) -> tuple[tuple[Seat, ...], ...]:
    """The teams of a mode: (0, 2) against (1, 3) in the team game, none otherwise."""
    return ((0, 2), (1, 3)) if mode is Mode.TEAMS else ()


def setup(config: GameConfig, seats: int, seed: str) -> State:
    """The state before anyone has acted (the seed is not needed: draws are chance steps)."""
    del seed
    options = read_options(config, seats)
    board = Board(options.board_radius)
    start_hp = 0 if options.scoring else HQ_HIT_POINTS
    tiles: dict[Hex, PlacedTile] = {}
    if options.mad_bomber is not BomberMode.OFF:
        # ru: the bomber goes on the middle of the board before the HQs are placed.
        tiles[Hex(0, 0)] = PlacedTile(bomber_tile(), None, 0, 0)
    position = Position.of(
        tiles,
        options.armies,
        (start_hp,) * seats,
        teams=teams_for(options.mode),
        board=board,
        scoring=options.scoring,
    )
    known = armies()
    decks = tuple(tuple(sorted(_army(known, a).deck())) for a in options.armies)
    picks = _picks(config, options, seats)
    pool = mercenary_tiles() if options.mercenaries and picks is None else ()
    reserves = picks if picks is not None else tuple(() for _ in range(seats))
    empty: tuple[tuple[str, ...], ...] = tuple(() for _ in range(seats))
    return State(
        options=options,
        order=tuple(range(seats)),
        position=position,
        decks=decks,
        hands=empty,
        discards=empty,
        reserves=reserves,
        merc_pool=pool,
        step=Step.PICK_MERCENARY if pool else Step.PLACE_HQ,
        active=0,
        turn=0,
        turn_started=(-1,) * seats,
        previous_turn_started=(-1,) * seats,
    )


def _army(known: dict[str, Army], key: str) -> Army:
    return known[key]
