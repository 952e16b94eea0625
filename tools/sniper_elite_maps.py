"""Author the two original Sniper Elite solo boards and write their JSON (with the sight cache).

Each space is a rectangle of grid cells; its label is the column letter and row number of its
top-left cell. Run: `.venv/bin/python tools/sniper_elite_maps.py` (about a minute).
"""

from __future__ import annotations

import json
import string
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.sniper_elite.board import Space, build_board  # noqa: E402
from games.sniper_elite.geometry import rectangle  # noqa: E402
from games.sniper_elite.sight import compute_sight  # noqa: E402

# (x, y, w, h, type, area, extras) -- extras: building, difficult, objective, cross, entry
R = "red"
Y = "yellow"
K = "black"
W = "white"
O = "open"  # noqa: E741
E = "enclosed"
H = "elevated"

TIDEWATER: dict[str, Any] = {
    "key": "tidewater",
    "name": "Tidewater Depot",
    "width": 20,
    "height": 14,
    "spaces": [
        (0, 0, 3, 2, E, R, {"building": "warehouse", "objective": 1}),
        (3, 0, 2, 2, E, R, {"building": "warehouse"}),
        (0, 2, 2, 3, E, R, {"building": "warehouse"}),
        (2, 2, 3, 3, E, R, {"building": "warehouse"}),
        (5, 0, 2, 5, O, R, {}),
        (0, 5, 1, 2, O, R, {}),
        (1, 5, 4, 4, O, R, {"cross": True}),
        (0, 7, 1, 1, O, R, {"entry": True}),
        (0, 8, 1, 2, O, R, {}),
        (5, 5, 2, 3, O, R, {"difficult": True}),
        (5, 8, 2, 2, H, R, {"objective": 2}),
        (1, 9, 4, 1, O, R, {}),
        (0, 10, 3, 2, E, R, {"building": "barracks", "objective": 3}),
        (3, 10, 2, 2, E, R, {"building": "barracks"}),
        (0, 12, 5, 2, O, R, {}),
        (5, 10, 2, 4, O, R, {}),
        (7, 0, 1, 7, O, W, {}),
        (7, 7, 1, 7, O, W, {}),
        (8, 0, 5, 2, O, W, {}),
        (8, 2, 2, 2, H, W, {}),
        (10, 2, 3, 3, O, W, {"difficult": True}),
        (8, 4, 2, 3, E, W, {"building": "depot office", "objective": 4}),
        (10, 5, 3, 2, O, W, {}),
        (10, 7, 3, 3, O, W, {}),
        (8, 9, 2, 2, O, W, {}),
        (10, 10, 3, 1, O, W, {}),
        (10, 11, 1, 1, O, W, {}),
        (8, 12, 4, 2, O, W, {}),
        (12, 12, 1, 1, O, W, {}),
        (12, 13, 1, 1, O, W, {"entry": True}),
        (13, 0, 4, 2, E, Y, {"building": "engine shed", "objective": 5}),
        (17, 0, 3, 2, E, Y, {"building": "engine shed"}),
        (13, 2, 2, 3, O, Y, {"objective": 6}),
        (15, 2, 4, 1, H, Y, {}),
        (19, 2, 1, 1, O, Y, {"entry": True}),
        (15, 3, 4, 2, O, Y, {"difficult": True}),
        (19, 3, 1, 2, O, Y, {}),
        (13, 5, 2, 2, E, Y, {"building": "signal box"}),
        (15, 5, 2, 2, H, Y, {"objective": 7}),
        (17, 5, 3, 2, O, Y, {"cross": True}),
        (13, 7, 3, 2, O, K, {"cross": True}),
        (16, 7, 2, 2, E, K, {"building": "harbour office", "objective": 8}),
        (18, 7, 2, 3, H, K, {}),
        (13, 9, 2, 2, O, K, {}),
        (15, 9, 3, 1, O, K, {}),
        (18, 10, 2, 2, O, K, {}),
        (13, 11, 2, 3, O, K, {"objective": 9}),
        (15, 12, 3, 2, O, K, {"difficult": True}),
        (18, 12, 2, 1, O, K, {}),
        (18, 13, 2, 1, O, K, {"entry": True}),
    ],
    "features": [
        ("obstruction", 8, 7, 2, 2),
        ("water", 8, 11, 2, 1),
        ("water", 11, 11, 2, 1),
        ("water", 15, 10, 3, 2),
    ],
    "doors": [
        ("A1", "D1"),
        ("A1", "A3"),
        ("A3", "C3"),
        ("D1", "C3"),
        ("D1", "F1"),
        ("C3", "B6"),
        ("A3", "A6"),
        ("A11", "D11"),
        ("A11", "B10"),
        ("D11", "F11"),
        ("D11", "A13"),
        ("I5", "H1"),
        ("I5", "K6"),
        ("N1", "R1"),
        ("N1", "N3"),
        ("N1", "I1"),
        ("N6", "N3"),
        ("N6", "K6"),
        ("N6", "N8"),
        ("Q8", "N8"),
        ("Q8", "P10"),
    ],
    "ladders": [
        ("F9", "B6"),
        ("I3", "I1"),
        ("P3", "P4"),
        ("P6", "P4"),
        ("P6", "R6"),
        ("S8", "P10"),
        ("S8", "S11"),
    ],
}

PINECREST: dict[str, Any] = {
    "key": "pinecrest",
    "name": "Pinecrest Signal Station",
    "width": 18,
    "height": 16,
    "spaces": [
        (0, 0, 4, 3, O, R, {"difficult": True}),
        (0, 3, 2, 2, O, R, {}),
        (2, 3, 2, 2, H, R, {"objective": 3}),
        (0, 5, 1, 1, O, R, {"entry": True}),
        (1, 5, 3, 3, O, R, {"cross": True}),
        (0, 6, 1, 4, O, R, {}),
        (1, 8, 3, 2, E, R, {"building": "hunting lodge", "objective": 6}),
        (0, 10, 2, 3, O, R, {"difficult": True}),
        (2, 10, 2, 2, E, R, {"building": "hunting lodge"}),
        (2, 12, 2, 1, O, R, {}),
        (0, 13, 4, 3, O, R, {}),
        (4, 0, 3, 2, E, K, {"building": "control block", "objective": 1}),
        (7, 0, 1, 1, O, K, {"entry": True}),
        (7, 1, 1, 1, O, K, {}),
        (8, 0, 2, 2, E, K, {"building": "control block"}),
        (10, 0, 4, 3, H, K, {"objective": 2}),
        (4, 2, 2, 2, O, K, {}),
        (6, 2, 4, 2, O, K, {"cross": True}),
        (10, 3, 2, 3, O, K, {}),
        (12, 3, 2, 3, E, K, {"building": "generator hut", "objective": 4}),
        (4, 4, 3, 2, O, K, {"difficult": True}),
        (7, 4, 3, 2, O, K, {}),
        (14, 0, 4, 2, O, Y, {}),
        (14, 2, 2, 3, E, Y, {"building": "barracks", "objective": 5}),
        (16, 2, 2, 3, E, Y, {"building": "barracks"}),
        (14, 5, 4, 2, O, Y, {"cross": True}),
        (14, 7, 2, 2, H, Y, {"objective": 8}),
        (16, 7, 2, 1, O, Y, {}),
        (17, 8, 1, 1, O, Y, {"entry": True}),
        (16, 8, 1, 2, O, Y, {}),
        (17, 9, 1, 1, O, Y, {}),
        (14, 9, 2, 3, O, Y, {"difficult": True}),
        (16, 10, 2, 2, E, Y, {"building": "garage", "objective": 9}),
        (14, 12, 4, 4, O, Y, {}),
        (4, 6, 2, 4, O, W, {}),
        (6, 6, 4, 2, O, W, {}),
        (10, 6, 4, 1, O, W, {}),
        (12, 7, 2, 3, O, W, {}),
        (6, 8, 2, 2, E, W, {"building": "chapel", "objective": 7}),
        (8, 8, 2, 3, O, W, {}),
        (4, 10, 2, 2, O, W, {}),
        (10, 9, 2, 2, O, W, {}),
        (12, 10, 2, 2, O, W, {}),
        (6, 11, 4, 2, O, W, {}),
        (10, 11, 2, 2, H, W, {}),
        (4, 12, 2, 4, O, W, {}),
        (12, 12, 2, 2, E, W, {"building": "inn"}),
        (6, 13, 2, 3, O, W, {"difficult": True}),
        (8, 13, 2, 2, O, W, {}),
        (10, 13, 2, 1, O, W, {}),
        (10, 14, 4, 2, O, W, {}),
        (8, 15, 2, 1, O, W, {"entry": True}),
    ],
    "features": [
        ("water", 10, 7, 2, 2),
        ("obstruction", 6, 10, 2, 1),
    ],
    "doors": [
        ("B9", "A7"),
        ("B9", "C11"),
        ("C11", "C13"),
        ("B9", "B6"),
        ("E1", "E3"),
        ("I1", "G3"),
        ("E1", "H2"),
        ("M4", "K4"),
        ("M4", "O6"),
        ("O3", "Q3"),
        ("O3", "O1"),
        ("Q3", "O6"),
        ("Q11", "O13"),
        ("Q11", "R10"),
        ("G9", "G7"),
        ("G9", "E7"),
        ("M13", "M11"),
        ("M13", "K15"),
    ],
    "ladders": [
        ("C4", "B6"),
        ("C4", "A4"),
        ("K1", "K4"),
        ("K1", "O1"),
        ("O8", "O6"),
        ("O8", "Q8"),
        ("K12", "K14"),
    ],
}


def label(x: int, y: int) -> str:
    """Column letter and row number of a cell."""
    return f"{string.ascii_uppercase[x]}{y + 1}"


def author(spec: dict[str, Any]) -> dict[str, Any]:
    """The JSON form of an authored board, sight cache included."""
    spaces: list[dict[str, Any]] = []
    grid = [["." for _ in range(spec["width"])] for _ in range(spec["height"])]
    symbols = string.ascii_letters + string.digits
    for index, (x, y, w, h, kind, area, extra) in enumerate(spec["spaces"]):
        entry: dict[str, Any] = {
            "id": label(x, y),
            "polygon": [list(p) for p in rectangle(x, y, w, h)],
            "type": kind,
            "area": area,
        }
        if "building" in extra:
            entry["building"] = extra["building"]
        for flag, name in (("difficult", "difficult"), ("cross", "iron_cross"), ("entry", "entry")):
            if extra.get(flag):
                entry[name] = True
        if "objective" in extra:
            entry["objective"] = extra["objective"]
        spaces.append(entry)
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                if grid[yy][xx] != ".":
                    raise ValueError(f"{entry['id']} overlaps at {label(xx, yy)}")
                grid[yy][xx] = symbols[index]
    features = []
    for kind, x, y, w, h in spec["features"]:
        features.append({"kind": kind, "polygon": [list(p) for p in rectangle(x, y, w, h)]})
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                if grid[yy][xx] != ".":
                    raise ValueError(f"feature overlaps at {label(xx, yy)}")
                grid[yy][xx] = "#" if kind == "obstruction" else "~"
    holes = [label(x, y) for y, row in enumerate(grid) for x, c in enumerate(row) if c == "."]
    if holes:
        raise ValueError(f"cells not covered: {holes}")
    data: dict[str, Any] = {
        "key": spec["key"],
        "name": spec["name"],
        "width": spec["width"],
        "height": spec["height"],
        "layout": ["".join(row) for row in grid],
        "spaces": spaces,
        "features": features,
        "doors": [list(p) for p in spec["doors"]],
        "ladders": [list(p) for p in spec["ladders"]],
        "sight": {},
        "sight_overrides": [],
    }
    board = build_board(data)
    for a, b in [*spec["doors"], *spec["ladders"]]:
        if b not in board.adjacent[a]:
            raise ValueError(f"{a} and {b} share no edge")
    playing: list[Space] = list(board.spaces)
    table = compute_sight(playing, board.features)
    sight: dict[str, dict[str, int]] = {}
    for (a, b), distance in sorted(table.items()):
        sight.setdefault(a, {})[b] = distance
    data["sight"] = sight
    return data


def main() -> None:
    """Write both boards."""
    out = ROOT / "games" / "sniper_elite" / "data" / "maps"
    for spec in (TIDEWATER, PINECREST):
        data = author(spec)
        text = json.dumps(data, indent=1, sort_keys=False)
        (out / f"{spec['key']}.json").write_text(text + "\n", encoding="utf-8")
        print(spec["key"], len(data["spaces"]), "spaces", sum(map(len, data["sight"].values())))
        print("\n".join(data["layout"]))


if __name__ == "__main__":
    main()
