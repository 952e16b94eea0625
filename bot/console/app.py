"""A line-oriented console over the host service: one command per line, replies printed."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TextIO

from bot.config import Settings

PROMPT = "muster> "
HELP = """Commands:
  /help   this list
  /quit   leave the console
"""


def handle_line(line: str) -> tuple[str, bool]:
    """The reply to one console line and whether the console should stop."""
    text = line.strip()
    if not text or text.startswith("#"):
        return "", False
    command, _, _rest = text.partition(" ")
    if command in ("/quit", "/exit"):
        return "Bye.", True
    if command == "/help":
        return HELP.rstrip(), False
    return f"Unknown command {command!r}. Type /help for the list.", False


def run_lines(lines: Iterable[str], out: TextIO, prompt: Callable[[], None]) -> int:
    """Answer each line until /quit or the end of input; returns the exit code."""
    prompt()
    for line in lines:
        reply, stop = handle_line(line)
        if reply:
            print(reply, file=out)
        if stop:
            return 0
        prompt()
    return 0


def run_console(settings: Settings, script: Path | None) -> int:
    """Run the console on the keyboard, or on a script file when one is given."""
    del settings  # the service arrives with the host issue; the console needs none yet
    if script is not None:
        try:
            lines = script.read_text(encoding="utf-8").splitlines()
        except OSError as err:
            print(f"muster: cannot read {script}: {err.strerror}", file=sys.stderr)
            return 2
        return run_lines(lines, sys.stdout, lambda: None)
    interactive = sys.stdin.isatty()

    def show_prompt() -> None:
        if interactive:
            print(PROMPT, end="", flush=True)

    print("Muster console. Type /help for commands, /quit to leave.")
    try:
        return run_lines(sys.stdin, sys.stdout, show_prompt)
    except KeyboardInterrupt:
        print()
        return 0
