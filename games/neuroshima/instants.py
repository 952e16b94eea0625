"""Wounds dealt outside battles: Sniper, Air Strike, Grenade and the Mad Bomber's explosion.

They follow the battle rules for wounds: a tile dies when its wounds exceed its toughness, a
friendly Medic linked to a hit tile absorbs all wounds of that one hit and is removed
(cs "MEDIK": "z přímého napadení, od Odstřelovače, Vzdušného úderu či Granátu"), a Medic hit
by the same strike dies first and heals nobody, and Medic chains pass the absorption on.
"""

from __future__ import annotations

from dataclasses import replace

from games.base import Seat
from games.neuroshima.board import Hex
from games.neuroshima.modules import Bonus
from games.neuroshima.position import Position, netted, tile_bonuses
from games.neuroshima.queries import (
    hq_hex,
    is_hq,
    next_alive,
    note,
    opponents,
    with_tiles,
)
from games.neuroshima.state import BomberMode, Change, State
from games.neuroshima.tiles import Kind, Special

HQ_KILL = 10**6
"""A wound count that destroys any tile (the Grenade "zcela zničí")."""


def medics_of(position: Position, target: Hex, bonuses: dict[Hex, Bonus]) -> tuple[Hex, ...]:
    """Working Medics that protect the tile on `target` (nets and Scopers applied), hex order."""
    bonus = bonuses.get(target)
    return tuple(sorted(bonus.medics)) if bonus is not None else ()


def absorbing_medic(
    position: Position, target: Hex, hit: frozenset[Hex], bonuses: dict[Hex, Bonus]
) -> Hex | None:
    """The Medic that absorbs a hit on `target`, following chains; None if none can.

    Default policy (docs/rulings.md): among several Medics the first in hex order absorbs.
    """
    candidates = [m for m in medics_of(position, target, bonuses) if m not in hit]
    if not candidates:
        return None
    chosen = candidates[0]
    seen = {target, chosen}
    while True:
        behind = [
            m
            for m in medics_of(position, chosen, bonuses)
            if m not in hit and m not in seen and chosen not in medics_of(position, m, bonuses)
        ]
        if not behind:
            return chosen
        chosen = behind[0]
        seen.add(chosen)


def wound(state: State, hits: dict[Hex, int], attacker: Seat) -> State:
    """Apply simultaneous hits (hex -> wounds) dealt by `attacker`'s instant or bomber."""
    position = state.position
    nets = netted(position)
    bonuses = tile_bonuses(position)
    tiles = position.by_hex()
    hit = frozenset(hits)
    changes: list[Change] = []
    dead: list[Hex] = []
    medics_used: set[Hex] = set()
    bomber_hit: Hex | None = None
    hq_damage: dict[Seat, int] = {}
    for h in sorted(hits):
        placed = tiles.get(h)
        if placed is None:
            continue
        if is_hq(placed):
            assert placed.owner is not None
            hq_damage[placed.owner] = hq_damage.get(placed.owner, 0) + hits[h]
            continue
        bomber = Special.MAD_BOMBER in placed.type.specials
        if bomber and h not in nets:
            bomber_hit = h
            continue
        medic = None if bomber else absorbing_medic(position, h, hit, bonuses)
        if medic is not None and medic not in medics_used:
            medics_used.add(medic)
            changes.append(
                Change("healed", h, medic, placed.tile, placed.owner, placed.facing, placed.wounds)
            )
            continue
        wounds = placed.wounds + hits[h]
        if wounds >= placed.type.hit_points:
            dead.append(h)
        else:
            tiles[h] = replace(placed, wounds=wounds)
            changes.append(
                Change("wounded", h, None, placed.tile, placed.owner, placed.facing, wounds)
            )
    discards = [list(d) for d in state.discards]
    bomber_dead = False
    for h in [*sorted(medics_used), *dead]:
        placed = tiles.pop(h)
        changes.append(
            Change("destroyed", h, None, placed.tile, placed.owner, placed.facing, placed.wounds)
        )
        if Special.MAD_BOMBER in placed.type.specials:
            bomber_dead = True
        elif placed.owner is not None:
            discards[placed.owner].append(placed.tile)
    state = replace(
        state,
        position=with_tiles(position, tiles),
        discards=tuple(tuple(d) for d in discards),
    )
    state = note(state, changes)
    state = _damage_hqs(state, hq_damage, attacker)
    if bomber_hit is not None:
        return explode(state, bomber_hit, attacker)
    if bomber_dead:
        return replace(state, bomber_holder=next_alive(state, attacker))
    return state


def _damage_hqs(state: State, damage: dict[Seat, int], attacker: Seat) -> State:
    if not damage:
        return state
    hp = list(state.position.hq_hp)
    changes = []
    for seat, amount in sorted(damage.items()):
        if state.options.scoring:
            # The scoring variant counts HQ hits as points of the one who dealt them.
            hp[attacker] += amount
            lost = amount
        else:
            lost = min(amount, hp[seat])
            hp[seat] = max(0, hp[seat] - amount)
        changes.append(
            Change("wounded", hq_hex(state.position, seat), None, None, seat, None, lost)
        )
    position = replace(state.position, hq_hp=tuple(hp))
    return note(replace(state, position=position), changes)


def explode(state: State, h: Hex, attacker: Seat) -> State:
    """The Mad Bomber on `h` explodes: it leaves the board, then wounds its neighbours.

    ru: it then goes to the player after the one who set it off, as his next first draw.
    """
    tiles = state.position.by_hex()
    bomber = tiles.pop(h)
    owner = bomber.owner if state.options.mad_bomber is BomberMode.MERCENARY else None
    state = replace(
        state,
        position=with_tiles(state.position, tiles),
        bomber_holder=next_alive(state, attacker),
    )
    state = note(
        state,
        [Change("exploded", h, None, bomber.tile, bomber.owner, bomber.facing, bomber.wounds)],
    )
    hits: dict[Hex, int] = {}
    for n in state.position.board.neighbours(h):
        placed = tiles.get(n)
        if placed is None:
            continue
        if owner is None and placed.type.kind is Kind.HQ:
            continue
        if owner is not None and not opponents(state.position, owner, placed.owner):
            continue
        hits[n] = 1
    if not hits:
        return state
    return wound(state, hits, owner if owner is not None else attacker)


def air_strike_centres(position: Position) -> tuple[Hex, ...]:
    """Hexes an Air Strike may target: the hex and all six neighbours on the board."""
    board = position.board
    return tuple(h for h in board.hexes if len(board.neighbours(h)) == 6)


def air_strike_hits(position: Position, centre: Hex) -> dict[Hex, int]:
    """One wound to every non-HQ tile in the seven hexes, own tiles included."""
    area = (centre, *position.board.neighbours(centre))
    tiles = position.by_hex()
    return {h: 1 for h in area if h in tiles and not is_hq(tiles[h])}


def sniper_targets(position: Position, seat: Seat) -> tuple[Hex, ...]:
    """Enemy tiles a Sniper may wound: anything but an HQ."""
    return tuple(
        h for h, p in position.tiles if not is_hq(p) and opponents(position, seat, p.owner)
    )


def grenade_targets(position: Position, seat: Seat) -> tuple[Hex, ...]:
    """Enemy non-HQ tiles next to `seat`'s HQ, unless that HQ is netted."""
    home = hq_hex(position, seat)
    if home is None or home in netted(position):
        return ()
    tiles = position.by_hex()
    return tuple(
        sorted(
            n
            for n in position.board.neighbours(home)
            if n in tiles and not is_hq(tiles[n]) and opponents(position, seat, tiles[n].owner)
        )
    )
