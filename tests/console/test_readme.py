"""README tells the truth: every console example it shows is run here, and its links resolve."""

from __future__ import annotations

import re
from pathlib import Path

from bot.console.session import Session
from tests.console.helpers import run

ROOT = Path(__file__).parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
ERROR = re.compile(r"^Error \(|not a command|Unknown command", re.MULTILINE)


def console_block() -> list[list[str]]:
    """The Console section's example block, line by line: the commands each line shows (the
    first column, an "or: ..." alternative, or several commands on one line)."""
    section = README.split("## Console", 1)[1]
    block = section.split("```", 2)[1].strip("\n")
    lines = []
    for line in block.splitlines():
        parts = [p.strip() for p in re.split(r"\s{3,}", line) if p.strip()]
        shown = [parts[0]]
        shown += [p.removeprefix("or: ") for p in parts[1:] if p.startswith(("or: ", "/"))]
        lines.append(shown)
    return lines


def hot_seat_commands() -> list[str]:
    """The commands of the hot-seat paragraph, in order ("..." left out)."""
    paragraph = README.split("Hot-seat with friends:", 1)[1].split("Images (board", 1)[0]
    return [c for c in re.findall(r"`(/[^`]+)`", paragraph) if c != "/as NAME"]


def test_the_console_block_is_what_this_test_runs() -> None:
    # If README's block changes, this test must learn the new lines: nothing is skipped.
    assert console_block() == [
        ["/neuroshima new mode:duel vs:ai level:normal army:outpost"],
        ["/neuroshima hq hex:C3"],
        ["/neuroshima place tile:runner hex:C2 facing:2", "/neuroshima place runner C2 2"],
        ["place runner C2 2"],
        ["/undo", "/hand", "/board", "/history", "/replay step:2", "/neuroshima resign"],
    ]


async def test_every_console_example_in_readme_runs(session: Session) -> None:
    # A seed whose first draw holds a Runner, so the README's placement is legal as written.
    first, hq, place_slash, place_bare, rest = console_block()
    out = await run(session, "/seed readme-69", *first, *hq)
    assert not ERROR.search(out), out
    placements = [*place_slash, *place_bare]
    for number, placement in enumerate(placements, start=1):
        out = await run(session, placement)
        assert "you (Outpost): place outpost.runner C2 2" in out, (placement, out)
        if number < len(placements):  # the README's own /undo takes the last one back
            out = await run(session, "/undo")
            assert not ERROR.search(out), out
    for command in rest:
        out = await run(session, command)
        assert not ERROR.search(out), (command, out)
    assert "resigned" in out


async def test_the_hot_seat_example_runs(session: Session) -> None:
    commands = hot_seat_commands()
    assert commands[:3] == [
        "/neuroshima new mode:deathmatch seats:4 army:moloch",
        "/as bob",
        "/neuroshima join game:1 army:borgo",
    ]
    out = await run(
        session,
        *commands[:3],
        "/as carol",
        "/neuroshima join game:1 army:hegemony",
        *commands[3:],
    )
    assert not ERROR.search(out), out
    assert "Game 1 started." in out


def console_only_commands() -> list[str]:
    """The console-only commands README lists, with its placeholders filled in."""
    paragraph = README.split("Console-only commands:", 1)[1].split("`muster console --script", 1)[0]
    listed = re.findall(r"`(/[^`]+)`", paragraph)
    filled = {"NAME": "bob", "N": "1", "[N]": "1", "TEXT": "again"}
    return [" ".join(filled.get(w, w) for w in c.split()) for c in listed]


async def test_the_console_only_commands_in_readme_run(session: Session) -> None:
    commands = console_only_commands()
    assert [c.split()[0] for c in commands] == [
        "/as",
        "/game",
        "/wait",
        "/seed",
        "/export",
        "/quit",
    ]
    await run(session, "/seed readme-69", "/neuroshima new mode:duel vs:ai army:outpost")
    for command in commands:
        out = await run(session, command)
        assert not ERROR.search(out), (command, out)


def test_readme_links_point_inside_the_repository() -> None:
    for target in re.findall(r"\]\(([^)#]+)\)", README):
        if target.startswith(("http://", "https://")):
            continue
        assert not target.startswith(".."), f"{target} is outside the repository"
        assert (ROOT / target).exists(), target
    assert "docs/formats/neuroshima-battle.md" in README
    assert "docs/formats/space-alert-mission.md" in README
    for doc in ("neuroshima-battle.md", "space-alert-mission.md"):
        page = (ROOT / "docs" / "formats" / doc).read_text(encoding="utf-8")
        assert "muster." in page and "## Input" in page and "## Output" in page
