"""The `muster` command line: run the bot or the console, and the tools around them."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bot.cli import OneLineParser
from bot.config import ConfigError, Settings, configure_logging, load_settings, locale_from
from games.text import Text

EXIT_USAGE = 2


def _parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="muster",
        description="Muster hosts tabletop games for asynchronous play on Discord. "
        "With no command: the Discord bot when DISCORD_TOKEN is set, else the local console.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    bot = sub.add_parser("bot", help="run the Discord bot (needs DISCORD_TOKEN)")
    bot.add_argument(
        "--sync-global",
        action="store_true",
        help="register the slash commands globally (once per release; may take an hour)",
    )
    bot.add_argument(
        "--shards",
        metavar="IDS",
        help="run only these shards, e.g. 0-3 or 4,5 (needs --shard-count and PostgreSQL)",
    )
    bot.add_argument(
        "--shard-count", type=int, metavar="N", help="shards over every process (default: auto)"
    )
    console = sub.add_parser("console", help="play in this terminal, without Discord")
    console.add_argument("--script", type=Path, help="read commands from FILE")
    console.add_argument("--out", type=Path, help="image folder (default: HOME/images)")
    console.add_argument("--open", action="store_true", help="open images as they are written")
    console.add_argument("--no-images", action="store_true", help="do not draw images")
    demo = sub.add_parser("demo", help="watch the bot play a whole game against itself")
    demo.add_argument("--seed", help="the game's seed (same seed, same game)")
    demo.add_argument("--players", type=int, default=2, help="2 to 4 AI players (default 2)")
    demo.add_argument("--out", type=Path, help="picture folder (default: HOME/demo)")
    demo.add_argument("--level", choices=("easy", "normal", "hard"), default="easy")

    neuroshima = sub.add_parser("neuroshima", help="Neuroshima Hex tools")
    ns_sub = neuroshima.add_subparsers(dest="ns_command", metavar="TOOL", required=True)
    battle = ns_sub.add_parser("battle", help="resolve battles from scenario files (JSON)")
    battle.add_argument(
        "files", type=Path, nargs="+", metavar="FILE", help="muster.neuroshima.battle/1 scenarios"
    )
    render = ns_sub.add_parser("render", help="draw a scenario position as a PNG")
    render.add_argument("file", type=Path, help="a muster.neuroshima.battle/1 scenario")
    render.add_argument("--out", type=Path, required=True, help="where to write the PNG")
    selfplay = ns_sub.add_parser("selfplay", help="bots play each other; prints a result table")
    selfplay.add_argument("args", nargs=argparse.REMAINDER, help="--a LEVEL --b LEVEL ...")
    puzzle = ns_sub.add_parser("puzzle", help="generate and check battle puzzles")
    puzzle.add_argument("args", nargs=argparse.REMAINDER, help="generate ... / check FILE...")

    space_alert = sub.add_parser("space-alert", help="Space Alert tools")
    sa_sub = space_alert.add_subparsers(dest="sa_command", metavar="TOOL", required=True)
    resolve = sa_sub.add_parser("resolve", help="resolve one mission from a file (JSON)")
    resolve.add_argument("file", type=Path, help="a Space Alert mission file")

    db = sub.add_parser("db", help="database tools: migrate, backup PATH, check, export GAME_ID")
    db.add_argument("args", nargs=argparse.REMAINDER, help="arguments of the db tool")
    return parser


def _say(message: str, locale: str | None) -> str:
    # Imported here: `muster --help` and the tools need no catalogues until something is said.
    from bot.service.i18n import localise

    return localise(message, locale)


def _fail(message: str, locale: str | None = None) -> int:
    print(f"muster: {_say(message, locale)}", file=sys.stderr)
    return EXIT_USAGE


def _message(err: ValueError) -> str:
    """An error's message: the Text it was raised with, else its plain words."""
    first = err.args[0] if err.args else None
    return first if isinstance(first, Text) else str(err)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(Text("{path}: no such file", path=str(path))) from None
    except (OSError, UnicodeDecodeError) as err:
        raise ValueError(
            Text("{path}: cannot read ({error})", path=str(path), error=str(err))
        ) from None
    except json.JSONDecodeError as err:
        raise ValueError(
            Text(
                "{path}: not valid JSON (line {line}: {error})",
                path=str(path),
                line=err.lineno,
                error=err.msg,
            )
        ) from None


FORMAT_DOCS = {
    "neuroshima": "docs/formats/neuroshima-battle.md",
    "space_alert": "docs/formats/space-alert-mission.md",
}
"""Where each public file format is described (in the repository), named by every error."""


def _run_format(path: Path, run: Callable[[Any], dict[str, Any]], locale: str, doc: str) -> int:
    """Read a JSON file, run a rules-core format tool on it, print its JSON answer."""
    from games.base import GameError

    try:
        result = run(_read_json(path))
    except ValueError as err:
        return _fail(Text("{error} (format: {doc})", error=_message(err), doc=doc), locale)
    except GameError as err:
        return _fail(Text("{error} (format: {doc})", error=err.user_message, doc=doc), locale)
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0


def _neuroshima_battle(paths: Sequence[Path], locale: str) -> int:
    from games.base import GameError
    from games.neuroshima import scenario

    doc = FORMAT_DOCS["neuroshima"]
    if len(paths) == 1:
        return _run_format(paths[0], scenario.run, locale, doc)
    # Several files: one compact line each, in order; a bad file is a line of its own.
    status = 0
    for path in paths:
        try:
            line: dict[str, Any] = scenario.run(_read_json(path))
        except (ValueError, GameError) as err:
            said = _message(err) if isinstance(err, ValueError) else err.user_message
            line = {"file": str(path), "error": _say(said, locale)}
            status = EXIT_USAGE
        print(json.dumps(line, ensure_ascii=False, separators=(",", ":")))
    return status


def _space_alert_resolve(path: Path, locale: str) -> int:
    from games.space_alert import mission_format

    return _run_format(path, mission_format.run, locale, FORMAT_DOCS["space_alert"])


def _neuroshima_render(path: Path, out: Path, locale: str) -> int:
    from games.base import GameError
    from rendering.neuroshima import render_scenario

    doc = FORMAT_DOCS["neuroshima"]
    try:
        png = render_scenario(_read_json(path))
    except ValueError as err:
        return _fail(Text("{error} (format: {doc})", error=_message(err), doc=doc), locale)
    except GameError as err:
        return _fail(Text("{error} (format: {doc})", error=err.user_message, doc=doc), locale)
    out.write_bytes(png)
    print(_say(Text("wrote {path}", path=str(out)), locale))
    return 0


def _run_console(settings: Settings, args: argparse.Namespace | None) -> int:
    from bot.console.app import ConsoleOptions, run_console

    images = settings.home / "images"
    if args is None:
        return run_console(settings, None, ConsoleOptions(images))
    options = ConsoleOptions(args.out or images, args.open, not args.no_images)
    return run_console(settings, args.script, options)


def _run_demo(args: argparse.Namespace, settings: Settings) -> int:
    from bot.demo import run_demo

    return run_demo(args.seed, args.players, args.out or settings.home / "demo", args.level)


def _run_bot(settings: Settings, args: argparse.Namespace | None = None) -> int:
    if not settings.has_discord:
        no_token = Text("DISCORD_TOKEN is not set; put it in .env (see .env.example)")
        return _fail(no_token, settings.locale)
    from bot.config import where
    from bot.discord.app import AnotherBotError, run_bot
    from bot.discord.lifecycle import ShardError, parse_shards

    count = getattr(args, "shard_count", None)
    try:
        shards = parse_shards(getattr(args, "shards", None), count)
    except ShardError as err:
        return _fail(Text.verbatim(str(err)), settings.locale)
    # stderr: a transcript on stdout stays the game's alone.
    print(_say(where(settings), settings.locale), file=sys.stderr)
    try:
        return run_bot(
            settings,
            sync_global=bool(getattr(args, "sync_global", False)),
            shard_ids=shards,
            shard_count=count,
        )
    except AnotherBotError as err:
        refused = Text(
            "Another muster bot (process {pid}) already runs on {database}: stop it first,"
            " or use PostgreSQL to run several processes (see docs/deploy.md).",
            pid=err.holder,
            database=err.database,
        )
        return _fail(refused, settings.locale)


def _dispatch(args: argparse.Namespace, settings: Settings) -> int:
    command = args.command
    if command is None:
        if settings.has_discord:
            return _run_bot(settings)
        starting = Text(
            "No DISCORD_TOKEN set: starting the local console. "
            "To connect Discord, put DISCORD_TOKEN in .env (see README.md)."
        )
        print(_say(starting, settings.locale))
        return _run_console(settings, None)
    if command == "bot":
        return _run_bot(settings, args)
    if command == "console":
        return _run_console(settings, args)
    if command == "demo":
        return _run_demo(args, settings)
    if command == "neuroshima":
        if args.ns_command == "battle":
            return _neuroshima_battle(args.files, settings.locale)
        return _neuroshima_render(args.file, args.out, settings.locale)
    if command == "space-alert":
        return _space_alert_resolve(args.file, settings.locale)
    missing = Text("'muster {command}' is not available in this version yet", command=command)
    return _fail(missing, settings.locale)


PASS_THROUGH = {
    ("db",): "bot.db_cli:main",
    ("neuroshima", "selfplay"): "bot.selfplay:selfplay_main",
    ("neuroshima", "puzzle"): "bot.puzzles_cli:main",
}
"""Tools with their own argument parsers: the rest of the command line goes to them as is."""


def _pass_through(argv: Sequence[str]) -> int | None:
    import importlib

    for prefix, target in PASS_THROUGH.items():
        if tuple(argv[: len(prefix)]) == prefix and "-h" not in argv[:1]:
            module, function = target.split(":")
            tool = getattr(importlib.import_module(module), function)
            return int(tool(list(argv[len(prefix) :])))
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    passed = _pass_through(argv)
    if passed is not None:
        return passed
    args = _parser().parse_args(argv)
    try:
        settings = load_settings()
    except ConfigError as err:
        # No settings yet: the language is read on its own (.env is loaded by now).
        return _fail(err.message, locale_from(os.environ))
    bot = args.command == "bot" or (args.command is None and settings.has_discord)
    configure_logging(settings, to_file=bot)
    return _dispatch(args, settings)


if __name__ == "__main__":
    sys.exit(main())
