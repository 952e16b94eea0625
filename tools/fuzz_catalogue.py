"""Long run of the catalogue fuzz (tests/fuzz/catalogue.py): every command, every life stage.

    python tools/fuzz_catalogue.py --steps 1000000 [--seed 1] [--world-steps 2000]

Steps run on fresh worlds (a SQLite store with games of every kind in every stage) of
`--world-steps` steps each. Progress and the first trace of each distinct finding go to stderr;
the last line on stdout is one JSON object with exactly these keys, in this order:

    {"steps": N, "internal_errors": N, "unclear": N, "state_changes_on_rejection": N}

steps: fuzz steps run; internal_errors: anything raised that is not a GameError (and logs that
do not replay); unclear: rejections without a code or a message; state_changes_on_rejection:
refused commands that changed the store. The exit code is 1 when any of them is not 0.
Ctrl-C (or SIGTERM) stops a run after its current step and still prints the line.
"""

from __future__ import annotations

import argparse
import json
import logging
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.service.plugin import install
from bot.service.plugins.registry import builtin

# The shipped games, installed before the fuzz's world reads the command catalogue (as every
# entry point and the test suite's conftest do).
install(builtin())

from tests.fuzz.catalogue import Tally, run  # noqa: E402


def _report(tally: Tally, started: float) -> None:
    rate = tally.steps / max(time.monotonic() - started, 1e-9)
    print(
        f"{tally.steps} steps ({rate:.0f}/s): {tally.internal_errors} internal, "
        f"{tally.unclear} unclear, {tally.state_changes_on_rejection} changed on rejection, "
        f"{tally.replay_mismatches} replay mismatches; {tally.accepted} accepted",
        file=sys.stderr,
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    """Run the fuzz; print findings to stderr and the four counts as the last line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--world-steps", type=int, default=2000)
    args = parser.parse_args(argv)
    logging.disable(logging.CRITICAL)  # the service logs every internal error; we count them
    tally = Tally()

    def stop(signum: int, frame: object) -> None:
        # Ctrl-C or kill ends a long run after the current step; the counts so far still print.
        del signum, frame
        tally.stopped = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    started = time.monotonic()
    shown: set[str] = set()
    chunk = max(1, args.world_steps)
    with tempfile.TemporaryDirectory(prefix="muster-fuzz-") as folder:
        n = 0
        while tally.steps < args.steps and not tally.stopped:
            steps = min(chunk, args.steps - tally.steps)
            run(Path(folder) / f"w{n}", args.seed * 1_000_003 + n, steps, steps, tally)
            n += 1
            _report(tally, started)
            for signature, trace in tally.first.items():
                if signature not in shown:
                    shown.add(signature)
                    print(f"=== {signature}\n{trace}", file=sys.stderr, flush=True)
    print(json.dumps(tally.summary()))
    return 1 if tally.breaches() else 0


if __name__ == "__main__":
    raise SystemExit(main())
