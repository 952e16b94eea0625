"""Rendering benchmarks: prints median timings and sizes (targets from issue 5).

Board PNG of a full board (every hex taken, >= 1000 px wide): <= 50 ms median, <= 400 KB.
Battle animation of a full board: <= 600 ms, <= 3 MB.
Run: .venv/bin/python benchmarks/rendering.py
"""

from __future__ import annotations

import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path and its name would hide the
# `rendering` package; put the project root there instead.
sys.path[0] = str(Path(__file__).resolve().parents[1])

from games.neuroshima import rules  # noqa: E402
from games.neuroshima.board import Board  # noqa: E402
from games.neuroshima.position import PlacedTile  # noqa: E402
from games.neuroshima.state import AttackSummary, BattleSummary, DestroyedTile, PhaseSummary  # noqa: E402
from games.neuroshima.tiles import Kind, armies  # noqa: E402
from games.neuroshima.view import NeuroshimaView  # noqa: E402
from rendering import neuroshima  # noqa: E402
from rendering.neuroshima.tiles import tile_sprite  # noqa: E402
from tests.rendering.playouts import playout  # noqa: E402


def full_board_view() -> NeuroshimaView:
    """A real view with every one of the 19 hexes holding a tile (units of both armies)."""
    view = rules.player_view(playout("golden-3").after_battle(), None)
    board = Board(view.board_radius)
    units = [
        t.id
        for key in ("moloch", "outpost")
        for t in armies()[key].tiles
        if t.kind in (Kind.UNIT, Kind.MODULE)
    ]
    tiles = dict(view.tiles)
    for i, h in enumerate(board.hexes):
        if h not in tiles:
            tile = units[i % len(units)]
            tiles[h] = PlacedTile(tile, 0 if tile.startswith("moloch") else 1, i % 6, 0)
    placed = tuple(sorted(tiles.items()))
    assert view.last_battle is not None
    before = replace(view.last_battle.before, tiles=placed)
    hexes = [h for h, _ in placed]
    phases = tuple(
        PhaseSummary(
            init,
            tuple(
                AttackSummary(a, b, "melee", 1)
                for a, b in zip(hexes[k::4], hexes[k + 1 :: 4], strict=False)
            ),
            (DestroyedTile(hexes[k], placed[k][1].tile, placed[k][1].owner, init),),
        )
        for k, init in enumerate((3, 2, 1, 0))
    )
    battle = replace(view.last_battle, before=before, phases=phases, destroyed=())
    return replace(view, tiles=placed, last_battle=battle)


def timed(label: str, fn, runs: int) -> None:  # type: ignore[no-untyped-def]
    times, size = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        size = len(fn())
        times.append((time.perf_counter() - start) * 1000)
    print(
        f"{label:42s} median {statistics.median(times):7.1f} ms  first {times[0]:7.1f} ms  "
        f"size {size / 1024:7.1f} KB"
    )


def main() -> None:
    """Print the numbers."""
    view = full_board_view()
    assert isinstance(view.last_battle, BattleSummary)
    tile_sprite.cache_clear()
    timed("board PNG, full 19-hex board (cold start)", lambda: neuroshima.board_png(view), 1)
    timed("board PNG, full 19-hex board (warm)", lambda: neuroshima.board_png(view), 15)
    timed("battle GIF, full board, 4 phases", lambda: neuroshima.battle_animation(view), 5)
    width = neuroshima.board_image(view).width
    print(f"board width {width} px")


def sniper_elite_main() -> None:
    """Sniper Elite (issue 10): board image <= 80 ms; the defenders' turn GIF (no target yet)."""
    from games.sniper_elite import rules as sniper_rules
    from rendering.sniper_elite import board_image, board_png, turn_animation
    from rendering.sniper_elite.turn import frame_steps
    from tests.rendering.sniper_elite.scenes import first

    state = first("tidewater", "tidewater2", lambda s: s.round == 5)
    view = sniper_rules.player_view(state, None)
    timed("sniper board PNG (cold: map drawn once)", lambda: board_png(view), 1)
    timed("sniper board PNG (warm)", lambda: board_png(view), 15)
    timed("sniper board image, no encoding (warm)", lambda: board_image(view).tobytes(), 15)
    turn = sniper_rules.player_view(first("tidewater", "tidewater6", lambda s: s.round == 4), None)
    frames = len(frame_steps(turn)) + 1
    size = len(turn_animation(turn)) // 1024
    timed(f"sniper defenders' turn GIF ({frames} frames, {size} KB)",
          lambda: turn_animation(turn), 3)  # fmt: skip


def space_alert_bench() -> None:
    """Space Alert (issue 9): the replay GIF of a full 13-turn flight must take <= 1.5 s."""
    from rendering.space_alert import bridge_png, program_png, replay_animation
    from rendering.space_alert.backdrop import backdrop
    from rendering.space_alert.replay import animation_bytes, replay_frames
    from tests.rendering.space_alert.playouts import RULES, flight, mission

    f = flight("golden-1", 4, mission="mission_3")
    planning = f.planning(2, locked=2)
    plan, result = mission("31_leviathan_blast_finishes_swarm")
    tracks = (*plan.tracks, plan.internal_track)
    backdrop.cache_clear()
    timed(
        "SA replay GIF, 13 turns (cold start)",
        lambda: animation_bytes(replay_frames(result, tracks)),
        1,
    )
    warm = "SA replay GIF, 13 turns (warm)"
    timed(warm, lambda: animation_bytes(replay_frames(result, tracks)), 5)
    final = RULES.player_view(f.final, None)
    timed("SA replay GIF, lost ship (7 turns)", lambda: replay_animation(final), 5)
    timed("SA bridge PNG", lambda: bridge_png(RULES.player_view(planning, None)), 5)
    timed("SA program PNG", lambda: program_png(RULES.player_view(planning, 0)), 5)


def warzone_bench() -> None:
    """Warzone (issue 12): the table image (to scale, rings, sight rays) must take <= 150 ms."""
    from games.warzone import rules as wz_rules
    from rendering.warzone import Overlay, table_png
    from tests.rendering.warzone.test_images import _enemy, mid_game

    state = mid_game()
    assert state.active_model is not None
    view = wz_rules.player_view(state, None)
    timed("WZ table PNG (rings, relays)", lambda: table_png(view), 9)
    rays = Overlay(sights=((state.active_model, _enemy(state)),))
    timed("WZ table PNG with sight rays", lambda: table_png(view, rays), 9)
    m = state.model(state.active_model)
    timed("WZ zoom crop PNG", lambda: table_png(view, Overlay(zoom=(m.x, m.y, 10))), 9)


BENCHES = {
    "neuroshima": main,
    "sniper": sniper_elite_main,
    "space-alert": space_alert_bench,
    "warzone": warzone_bench,
}


if __name__ == "__main__":
    # `python benchmarks/rendering.py [neuroshima|sniper|space-alert ...]`: all when none named.
    wanted = [a.lstrip("-") for a in sys.argv[1:]] or list(BENCHES)
    for name in wanted:
        print(f"== {name}")
        BENCHES[name]()
