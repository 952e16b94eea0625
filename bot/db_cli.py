"""`muster db migrate | backup PATH | restore PATH | check | export GAME_ID`: operators' tools."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.cli import OneLineParser
from bot.config import ConfigError, load_settings
from storage import GameNotFoundError, GameStore, StorageError, open_store
from storage.migrations import latest
from storage.records import EventRecord, GameRecord, GameStatus, SeatRecord
from storage.restore import dump_postgres, restore_postgres, restore_sqlite
from storage.tools import CheckReport, check_games, export_game
from storage.urls import safe_url

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def _parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="muster db",
        description="Database tools. The database is MUSTER_DATABASE "
        "(sqlite:///PATH or postgresql://...; default: muster.db in MUSTER_HOME).",
    )
    sub = parser.add_subparsers(dest="tool", metavar="TOOL", required=True)
    migrate = sub.add_parser("migrate", help="bring the schema up to date (also done at start)")
    migrate.add_argument("--to", type=int, metavar="N", help="stop at schema version N")
    backup = sub.add_parser(
        "backup", help="copy the live database to PATH (SQLite file, or a pg_dump archive)"
    )
    backup.add_argument("path", type=Path, metavar="PATH")
    restore = sub.add_parser(
        "restore", help="replace the database by a backup (stop the bot first; keeps the old)"
    )
    restore.add_argument("path", type=Path, metavar="PATH")
    check = sub.add_parser("check", help="replay every active game and report mismatches")
    check.add_argument("--all", action="store_true", help="also finished and abandoned games")
    check.add_argument(
        "--keep-snapshots", action="store_true", help="report bad snapshots without discarding"
    )
    export = sub.add_parser("export", help="write a game's full record as JSON")
    export.add_argument("game_id", type=int, metavar="GAME_ID")
    export.add_argument("--out", type=Path, help="write to FILE instead of standard output")
    return parser


def main(argv: list[str]) -> int:
    """Run one database tool; 0 on success, 1 when it found or hit a problem, 2 on bad usage."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse has printed usage and the reason
        return EXIT_OK if stop.code in (0, None) else EXIT_USAGE
    try:
        url = load_settings().database
    except ConfigError as err:
        print(f"muster db: {err.message}", file=sys.stderr)
        return EXIT_USAGE
    try:
        if args.tool == "restore":
            return _restore(args.path, url)
        if args.tool == "backup" and _dialect(url) == "postgres":
            dump_postgres(url, args.path)
            print(f"backed up {safe_url(url)} to {args.path} ({args.path.stat().st_size} bytes)")
            return EXIT_OK
        return asyncio.run(_run(args, url))
    except StorageError as err:
        print(f"muster db: {err}", file=sys.stderr)
        return EXIT_FAILED


async def _run(args: argparse.Namespace, url: str) -> int:
    store = await open_store(url, migrate=False)
    try:
        if args.tool == "migrate":
            return await _migrate(store, args.to)
        if await store.schema_version() < latest(_dialect(url)):
            print(
                "muster db: the schema is out of date; run `muster db migrate` first",
                file=sys.stderr,
            )
            return EXIT_FAILED
        if args.tool == "backup":
            await store.backup(args.path)
            print(
                f"backed up {store.description} to {args.path} ({args.path.stat().st_size} bytes)"
            )
            return EXIT_OK
        if args.tool == "check":
            statuses = list(GameStatus) if args.all else [GameStatus.ACTIVE]
            report = await check_games(
                store, replay_with_registry, statuses=statuses, repair=not args.keep_snapshots
            )
            _print_report(report)
            return EXIT_OK if report.ok else EXIT_FAILED
        return await _export(store, args.game_id, args.out)
    finally:
        await store.close()


def _restore(backup: Path, url: str) -> int:
    """Put a backup in place of the database, then bring its schema up to date."""
    if _dialect(url) == "sqlite":
        kept = restore_sqlite(backup, Path(url[len("sqlite:///") :]))
        if kept is not None:
            print(f"kept the previous database as {kept}")
    else:
        restore_postgres(backup, url)
    version = asyncio.run(_migrated(url))
    print(f"restored {backup} into {safe_url(url)} (schema version {version})")
    return EXIT_OK


async def _migrated(url: str) -> int:
    store = await open_store(url)
    try:
        return await store.schema_version()
    finally:
        await store.close()


def _dialect(url: str) -> str:
    return "sqlite" if url.startswith("sqlite:") else "postgres"


async def _migrate(store: GameStore, target: int | None) -> int:
    before = await store.schema_version()
    after = await store.migrate(target)
    if before == after:
        print(f"{store.description}: schema version {after}, nothing to do")
    else:
        print(f"{store.description}: schema version {before} -> {after}")
    return EXIT_OK


async def _export(store: GameStore, game_id: int, out: Path | None) -> int:
    try:
        data = await export_game(store, game_id)
    except GameNotFoundError as err:
        print(f"muster db: {err}", file=sys.stderr)
        return EXIT_FAILED
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if out is None:
        sys.stdout.write(text)
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        print(f"wrote game {game_id} ({len(data['events'])} events) to {out}")
    return EXIT_OK


def _print_report(report: CheckReport) -> None:
    for problem in report.store_problems:
        print(f"database: {problem}")
    for game in report.failed:
        for problem in game.problems:
            print(f"game {game.game_id} ({game.game_key}, {game.version} events): {problem}")
    verdict = "all replay cleanly" if report.ok else f"{len(report.failed)} with problems"
    print(f"checked {report.checked} games: {verdict}")


def replay_with_registry(
    game: GameRecord, seats: Sequence[SeatRecord], events: Sequence[EventRecord]
) -> Any:
    """Replay a stored game with its registered rules and codec; raises when it cannot."""
    from games.base import GameError
    from games.engine import Event, replay
    from games.registry import find_game

    try:
        spec = find_game(game.game_key)
    except GameError as err:
        raise LookupError(err.user_message) from None
    if spec.rules_version != game.rules_version:
        raise LookupError(
            f"recorded with rules version {game.rules_version}; this Muster has"
            f" {spec.rules_version}, which may replay it differently"
        )
    if "game" in game.config:
        return _replay_hosted(spec, game, seats, events)
    log = [Event(e.seq, e.engine_seat, spec.codec.from_json(e.action)) for e in events]
    seat_count = len({s.seat for s in seats})
    replay(spec.rules, game.config, seat_count, game.seed, log)
    return None


def _replay_hosted(
    spec: Any, game: GameRecord, seats: Sequence[SeatRecord], events: Sequence[EventRecord]
) -> Any:
    """Replay a game the host service wrote: its log mixes moves with the host's own notes
    (undo, takeback, votes), so it is folded exactly as the service loads it, and the result is
    the service's snapshot form, which the check compares with stored snapshots."""
    from bot.service.plugin import install
    from bot.service.plugins.registry import builtin
    from bot.service.profiles import profile_for
    from bot.service.snapshots import TableFolder
    from bot.service.table import HostSettings

    install(builtin())  # the games' profiles, as the service that wrote the log had them
    settings = HostSettings.from_json(game.config.get("host", {}))
    folder = TableFolder(spec, profile_for(spec), game.config["game"], settings.seats)
    return folder.encode(folder.apply(folder.initial(game, seats), events))
