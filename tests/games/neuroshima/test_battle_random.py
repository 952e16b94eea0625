"""Random positions: a battle never crashes, is deterministic, and keeps its invariants."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.neuroshima.battle import resolve_battle
from games.neuroshima.board import STANDARD_BOARD, Hex
from games.neuroshima.position import PlacedTile, Position
from games.neuroshima.tiles import Kind, armies

ARMIES = ("moloch", "outpost", "borgo", "hegemony", "ddm2e", "doomsday")
EXTRAS = tuple(t.id for key in ("merc", "neutral") for t in armies()[key].tiles)


def board_tiles(army: str) -> list[str]:
    """The tile ids of an army that stand on the board, HQ excluded."""
    return [t.id for t in armies()[army].tiles if t.kind not in (Kind.INSTANT, Kind.HQ)]


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A random position: 2-4 seats, optional teams or scoring, up to a full board."""
    seats = draw(st.integers(2, 4))
    chosen = tuple(draw(st.sampled_from(ARMIES)) for _ in range(seats))
    teams: tuple[tuple[int, ...], ...] = ()
    if seats == 4 and draw(st.booleans()):
        teams = ((0, 2), (1, 3))
    scoring = draw(st.booleans())
    hexes = list(STANDARD_BOARD.hexes)
    order = draw(st.permutations(hexes))
    count = draw(st.integers(seats, len(hexes)))
    tiles: dict[Hex, PlacedTile] = {}
    for i, h in enumerate(order[:count]):
        facing = draw(st.integers(0, 5))
        if i < seats:
            tiles[h] = PlacedTile(armies()[chosen[i]].hq.id, i, facing)
            continue
        seat = draw(st.integers(0, seats - 1))
        pool = board_tiles(chosen[seat]) + list(EXTRAS)
        tile = draw(st.sampled_from(pool))
        owner = None if tile == "neutral.mad_bomber" and draw(st.booleans()) else seat
        tiles[h] = PlacedTile(tile, owner, facing)
    hp = tuple(draw(st.integers(0 if scoring else 1, 20)) for _ in range(seats))
    return Position.of(tiles, chosen, hp, teams=teams, scoring=scoring)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_random_battles_keep_their_invariants(position: Position) -> None:
    report = resolve_battle(position)
    assert resolve_battle(position) == report
    before = position.by_hex()
    after = report.position.by_hex()
    removed = {r.hex for r in report.destroyed}
    assert set(after) | removed == set(before) and not set(after) & removed
    phases = [r.phase for r in report.destroyed]
    assert phases == sorted(phases, reverse=True)
    for h, placed in after.items():
        assert placed.tile == before[h].tile and placed.owner == before[h].owner
        assert (
            before[h].wounds <= placed.wounds < placed.type.hit_points
            or placed.type.kind is Kind.HQ
        )
    for seat, (old, new) in enumerate(zip(position.hq_hp, report.position.hq_hp, strict=True)):
        if position.scoring:
            assert new == old + report.points[seat] and new >= old
        else:
            assert 0 <= new <= old
            assert (new == 0) == (seat in report.eliminated) or seat not in report.eliminated
    assert all(isinstance(line, str) for line in report.log)
