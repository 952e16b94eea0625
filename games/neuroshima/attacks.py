"""Attacks of one phase: melee, ranged, Gauss, redirection, the Clown's strike and explosions.

All attacks of a phase are worked out against the board as it stood when the phase began; each
becomes a `Hit` and wounds are applied together at the end of the phase (battle.py).
Rules (cs "Útok ztečí", "Střelecký útok", "Brnění", army lists, Doomsday section; see
docs/rulings.md):
- melee hits the adjacent tile on that edge, if the attacker's side may hit it;
- a shot hits the first such tile in the line; tiles it may not hit are passed over;
- armor on the struck edge takes 1 from a shot or a Gauss hit, never from melee;
- a Gauss shot wounds every such tile in the line by its printed strength (no bonuses);
- a shot entering a friendly, un-netted redirector through an "in" edge leaves through each
  "out" edge with the same strength; a shot never goes through one redirector twice;
- an HQ never attacks an HQ.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import NamedTuple

from games.neuroshima.board import Board, Hex
from games.neuroshima.lines import neighbour_table, ray_table
from games.neuroshima.modules import Bonus
from games.neuroshima.sides import Piece, Sides
from games.text import Text

NO_EDGE = -1

MELEE = "melee"
RANGED = "ranged"
GAUSS = "gauss"
AIR = "air strike"
BLAST = "blast"
HIT_KINDS: dict[str, Text] = {
    MELEE: Text("melee"),
    RANGED: Text("ranged"),
    GAUSS: Text("gauss"),
    AIR: Text("air strike"),
    BLAST: Text("blast"),
}
"""Each kind of hit as players read it in battle logs."""


class Hit(NamedTuple):
    """Wounds one attack deals to one tile (before Medics)."""

    source: Hex
    side: int
    target: Hex
    wounds: int
    edge: int
    """The target's side the attack came through (board direction), NO_EDGE if none."""
    kind: str


class Conversion(NamedTuple):
    """A Quartermaster turning the attack on one edge into the other kind."""

    direction: int
    to_ranged: bool


def fire(
    h: Hex,
    p: Piece,
    bonus: Bonus | None,
    conversions: tuple[Conversion, ...],
    pieces: Mapping[Hex, Piece],
    sides: Sides,
    netted: Collection[Hex],
    board: Board,
    hits: list[Hit],
) -> None:
    """Add the hits of one action of the fighter `p` on `h` to `hits`."""
    melee_plus = bonus.melee if bonus else 0
    ranged_plus = bonus.ranged if bonus else 0
    can_hit = sides.attack[p.side]
    hq = p.facts.is_hq
    around = neighbour_table(board)[h]
    for d, melee, ranged, gauss in p.facts.attacks:
        converted = 0
        conversion = None
        for c in conversions:
            if c.direction == d:
                conversion = c
        if conversion is not None:
            # cs: every melee and ranged bonus of the unit applies to the converted attack.
            if conversion.to_ranged and melee:
                converted, melee = melee + melee_plus + ranged_plus, 0
            elif not conversion.to_ranged and ranged:
                converted, ranged = ranged + melee_plus + ranged_plus, 0
        strike = melee + melee_plus if melee else 0
        if conversion is not None and not conversion.to_ranged and converted:
            strike += converted
            converted = 0
        if strike > 0:
            t = around[d]
            q = pieces.get(t) if t is not None else None
            if q is not None and t is not None and can_hit[q.side] and not (hq and q.facts.is_hq):
                hits.append(Hit(h, p.side, t, strike, (d + 3) % 6, MELEE))
        if ranged:
            shoot(h, p, d, ranged + ranged_plus, False, pieces, sides, netted, board, hits)
        if converted:
            shoot(h, p, d, converted, False, pieces, sides, netted, board, hits)
        if gauss:
            shoot(h, p, d, gauss, True, pieces, sides, netted, board, hits)


def shoot(
    origin: Hex,
    p: Piece,
    d: int,
    strength: int,
    gauss: bool,
    pieces: Mapping[Hex, Piece],
    sides: Sides,
    netted: Collection[Hex],
    board: Board,
    hits: list[Hit],
    redirected_by: tuple[Hex, ...] = (),
    shooter: Hex | None = None,
) -> None:
    """Add the hits of a shot of `p` leaving `origin` towards `d` (through redirectors)."""
    source = origin if shooter is None else shooter
    can_hit = sides.attack[p.side]
    friend = sides.friend[p.side]
    hq = p.facts.is_hq
    back = (d + 3) % 6
    for x in ray_table(board)[origin][d]:
        q = pieces.get(x)
        if q is None:
            continue
        f = q.facts
        if can_hit[q.side] and not (hq and f.is_hq):
            wounds = strength - 1 if f.armor[back] else strength
            if wounds > 0:
                hits.append(Hit(source, p.side, x, wounds, back, GAUSS if gauss else RANGED))
            if not gauss:
                return
        elif f.redirect_in[back] and friend[q.side] and x not in netted:
            if x in redirected_by:
                return
            for out in f.redirect_out:
                shoot(
                    x,
                    p,
                    out,
                    strength,
                    gauss,
                    pieces,
                    sides,
                    netted,
                    board,
                    hits,
                    (*redirected_by, x),
                    source,
                )
            return


def air_strike(
    h: Hex, p: Piece, pieces: Mapping[Hex, Piece], board: Board, hits: list[Hit]
) -> None:
    """The Clown's strike on itself: 1 wound on every non-HQ tile around it (not on itself)."""
    for t in neighbour_table(board)[h]:
        q = pieces.get(t) if t is not None else None
        if q is not None and t is not None and not q.facts.is_hq:
            hits.append(Hit(h, p.side, t, 1, NO_EDGE, AIR))


def blast(
    h: Hex, p: Piece, pieces: Mapping[Hex, Piece], sides: Sides, board: Board, hits: list[Hit]
) -> None:
    """An explosion of a Trap or the Mad Bomber on `h`: 1 wound to the tiles around it.

    The Trap hits every adjacent tile, HQs included; the neutral Mad Bomber every adjacent
    tile but HQs; a mercenary Mad Bomber every adjacent enemy tile, HQs included (ru).
    """
    for d, t in enumerate(neighbour_table(board)[h]):
        q = pieces.get(t) if t is not None else None
        if q is None or t is None:
            continue
        if p.facts.bomber:
            if p.side == sides.neutral:
                if q.facts.is_hq:
                    continue
            elif not sides.enemy[p.side][q.side]:
                continue
        hits.append(Hit(h, p.side, t, 1, (d + 3) % 6, BLAST))
