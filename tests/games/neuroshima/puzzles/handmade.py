"""Hand-built puzzles whose answers are known without a search (tests hold the search to them)."""

from __future__ import annotations

from typing import Any

BATTLE = "muster.neuroshima.battle/1"
PUZZLE = "muster.neuroshima.puzzle/1"


def runner_to_the_gap() -> dict[str, Any]:
    """Moloch's HQ (1 hit point) is walled in by Blockers but for B2: a Runner there, facing
    it (facing 2), destroys it; a Runner anywhere else may run there with its Mobility."""
    return {
        "format": PUZZLE,
        "id": "runner-to-the-gap",
        "position": {
            "format": BATTLE,
            "players": [{"seat": 0, "army": "outpost"}, {"seat": 1, "army": "moloch", "hq_hp": 1}],
            "tiles": [
                {"hex": "C3", "tile": "moloch.hq", "seat": 1, "facing": 0},
                {"hex": "A1", "tile": "outpost.hq", "seat": 0, "facing": 0},
                *(
                    {"hex": h, "tile": "moloch.blocker", "seat": 1, "facing": f}
                    for f, h in enumerate(("C2", "D2", "D3", "C4", "B3"))
                ),
            ],
        },
        "seat": 0,
        "hand": ["outpost.runner"],
        "goal": {"kind": "destroy_hq", "seat": 1},
        "solutions": [["place outpost.runner B2 2"]],
        "themes": ["mobility"],
        "difficulty": 800,
    }


def snipe_the_hunter() -> dict[str, Any]:
    """Outpost's HQ has 1 hit point and a Hunter-Killer on A2 strikes it at initiative 3: the
    Sniper in hand kills the Hunter-Killer, the only enemy tile a Sniper may hit."""
    return {
        "format": PUZZLE,
        "id": "snipe-the-hunter",
        "position": {
            "format": BATTLE,
            "players": [{"seat": 0, "army": "outpost", "hq_hp": 1}, {"seat": 1, "army": "moloch"}],
            "tiles": [
                {"hex": "A1", "tile": "outpost.hq", "seat": 0, "facing": 0},
                {"hex": "A2", "tile": "moloch.hunter_killer", "seat": 1, "facing": 0},
                {"hex": "E3", "tile": "moloch.hq", "seat": 1, "facing": 0},
            ],
        },
        "seat": 0,
        "hand": ["outpost.sniper"],
        "goal": {"kind": "survive", "above": 0},
        "solutions": [["snipe A2"]],
        "themes": ["sniper"],
        "difficulty": 800,
    }


def push_into_the_line() -> dict[str, Any]:
    """A Guard on A1 aims along the row A1-B2-C3-D3 at Outpost's HQ (1 hit point) on D3, but a
    Recon Center on B2 stands in the way. Every push of it leaves its owner a hex still in the
    line (C3), and the owner answers against Moloch: no turn destroys the HQ, though a kind
    answer (C2 after a push from A2) would."""
    return {
        "format": PUZZLE,
        "id": "push-into-the-line",
        "position": {
            "format": BATTLE,
            "players": [{"seat": 0, "army": "moloch"}, {"seat": 1, "army": "outpost", "hq_hp": 1}],
            "tiles": [
                {"hex": "A1", "tile": "moloch.guard", "seat": 0, "facing": 2},
                {"hex": "A2", "tile": "moloch.blocker", "seat": 0, "facing": 0},
                {"hex": "B1", "tile": "moloch.blocker", "seat": 0, "facing": 0},
                {"hex": "E1", "tile": "moloch.hq", "seat": 0, "facing": 0},
                {"hex": "B2", "tile": "outpost.recon_center", "seat": 1, "facing": 0},
                {"hex": "D3", "tile": "outpost.hq", "seat": 1, "facing": 0},
            ],
        },
        "seat": 0,
        "hand": ["moloch.push_back"],
        "goal": {"kind": "destroy_hq", "seat": 1},
        "solutions": [["push A2 B2"]],
        "themes": ["push"],
        "difficulty": 1200,
    }
