"""`muster neuroshima puzzle`: generate puzzles from AI self-play, and check puzzle files.

    muster neuroshima puzzle generate --count N --seed S --out DIR [--jobs J]
    muster neuroshima puzzle check FILE...

`check` re-verifies each file by exhaustive search: exit 0 when every file's listed solutions
are exactly the turns that reach its goal, 1 when one is not, 2 when a file is malformed (one
line on stderr naming the problem and docs/formats/neuroshima-puzzle.md). `generate` writes
one file per puzzle, named by its id, and is deterministic for a seed whatever --jobs says.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bot.cli import OneLineParser

FORMAT_DOC = "docs/formats/neuroshima-puzzle.md"
EXIT_FAILED = 1
EXIT_MALFORMED = 2


def _parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="muster neuroshima puzzle", description=__doc__)
    sub = parser.add_subparsers(dest="tool", metavar="TOOL", required=True)
    generate = sub.add_parser("generate", help="mine puzzles from AI self-play")
    generate.add_argument("--count", type=int, required=True, help="puzzles to write")
    generate.add_argument("--seed", required=True, help="same seed, same puzzles")
    generate.add_argument("--out", type=Path, required=True, help="folder for the puzzle files")
    generate.add_argument("--jobs", type=int, default=1, help="processes mining games (default 1)")
    check = sub.add_parser("check", help="re-verify puzzle files by exhaustive search")
    check.add_argument("files", type=Path, nargs="+", metavar="FILE")
    return parser


def _say(message: str) -> str:
    from bot.config import locale_from
    from bot.service.i18n import localise

    return localise(message, locale_from(os.environ))


def _load(path: Path) -> Any:
    """The puzzle in `path`; ValueError with one readable line when it cannot be used."""
    from games.base import GameError
    from games.neuroshima.puzzles import load
    from games.text import Text

    try:
        return load(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        raise ValueError(Text("{path}: no such file", path=str(path))) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ValueError(
            Text("{path}: cannot read ({error})", path=str(path), error=str(err))
        ) from None
    except GameError as err:
        raise ValueError(
            Text("{error} (format: {doc})", error=err.user_message, doc=FORMAT_DOC)
        ) from None


def check_files(paths: Sequence[Path]) -> int:
    """Check each file; one line per file on stdout, problems on stderr; the exit status."""
    from games.base import GameError
    from games.neuroshima.puzzles import check

    status = 0
    for path in paths:
        try:
            puzzle = _load(path)
        except ValueError as err:
            print(f"muster: {path}: {_say(str(err.args[0]))}", file=sys.stderr)
            status = EXIT_MALFORMED
            continue
        started = time.process_time()
        try:
            ok, solved = check(puzzle)
        except GameError as err:
            print(f"{path}: FAILED {_say(err.user_message)}")
            status = max(status, EXIT_FAILED)
            continue
        spent = time.process_time() - started
        if ok:
            print(f"{path}: ok ({solved.turns} turns, {len(puzzle.solutions)} lines, {spent:.2f}s)")
            continue
        status = max(status, EXIT_FAILED)
        print(f"{path}: FAILED {_difference(puzzle.solutions, solved)}")
    return status


def _difference(listed: Sequence[tuple[str, ...]], solved: Any) -> str:
    if not solved.solutions:
        return "no turn reaches the goal"
    if not solved.unique:
        return f"{len(solved.solutions)} different turns reach the goal"
    found = set(solved.texts())
    missing = sorted(found - set(listed))
    extra = sorted(set(listed) - found)
    parts = []
    for what, lines in (("not listed", missing), ("listed but wrong", extra)):
        if lines:
            more = f" (and {len(lines) - 1} more)" if len(lines) > 1 else ""
            parts.append(f"{what}: {' / '.join(lines[0])}{more}")
    return "; ".join(parts)


def _mapper(jobs: int) -> tuple[Callable[..., Iterator[Any]], ProcessPoolExecutor | None]:
    if jobs <= 1:
        return map, None
    pool = ProcessPoolExecutor(max_workers=jobs)
    return pool.map, pool


def generate(count: int, seed: str, out: Path, jobs: int = 1) -> int:
    """Write `count` puzzles mined with `seed` into `out`; progress on stderr, a summary last."""
    from games.neuroshima.puzzles import dump
    from games.neuroshima.puzzles.generate import generate as mine_puzzles

    out.mkdir(parents=True, exist_ok=True)
    mapper, pool = _mapper(jobs)
    started = time.monotonic()
    written = games = positions = 0
    try:
        for puzzle, mining in mine_puzzles(count, seed, mapper, batch=max(2, 2 * jobs)):
            if puzzle is None:
                games += 1
                positions += mining.positions
                continue
            written += 1
            text = json.dumps(dump(puzzle), indent=1, ensure_ascii=False) + "\n"
            (out / f"{puzzle.id}.json").write_text(text, encoding="utf-8")
            print(f"{written}/{count} {puzzle.id} {puzzle.goal.kind.value}", file=sys.stderr)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    seconds = time.monotonic() - started
    print(
        f"wrote {written} puzzles to {out} from {games} games "
        f"({positions} positions searched) in {seconds:.0f}s"
    )
    return 0


def main(argv: Iterable[str]) -> int:
    """Run `muster neuroshima puzzle ...`; returns the exit status."""
    args = _parser().parse_args(list(argv))
    if args.tool == "generate":
        if args.count < 1 or args.jobs < 1:
            print(
                "muster neuroshima puzzle: --count and --jobs must be at least 1", file=sys.stderr
            )
            return EXIT_MALFORMED
        return generate(args.count, args.seed, args.out, args.jobs)
    return check_files(args.files)
