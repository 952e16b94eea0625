"""`tools/fuzz_catalogue.py` as a user runs it: its own process, nothing installed beforehand,
and the public last line (issue 22)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_long_run_tool_prints_its_four_counts_as_its_last_line() -> None:
    done = subprocess.run(
        # Seed 777 once drew /profile's game option while the tool had installed no game.
        [
            sys.executable,
            "tools/fuzz_catalogue.py",
            *["--steps", "200", "--world-steps", "200", "--seed", "777"],
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    last = json.loads(done.stdout.strip().splitlines()[-1])
    assert list(last) == ["steps", "internal_errors", "unclear", "state_changes_on_rejection"]
    assert last["steps"] == 200 and sum(last.values()) == 200
