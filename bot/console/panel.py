"""A game's private panel in the console: its steps as numbered entries, picked with /panel N.

The console draws the same screens as Discord (`bot.service.panel_flow`): every choice of a
menu and every button is one numbered line; picking one sends the same click the Discord
component would, so a panel plays alike in both front-ends and ends in the same typed command.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.console.show import Images
from bot.service import Service
from bot.service.outbox import Reply
from bot.service.panel_flow import OTHER, answer, panel_message
from bot.service.panel_screen import Button, Click, Fresh, Menu, Played, Refused, Screen
from bot.service.panels import Panel
from games.text import Text

MAX_LISTED_MOVES = 25
"""Other moves listed one per line at most; more are typed (Tab completes them)."""
ROLES = {
    "back": Text("Back"),
    "undo": Text("Undo"),
    "left": Text("Rotate ⟲"),
    "right": Text("Rotate ⟳"),
    "confirm": Text("Confirm"),
}
"""The words of the buttons every panel has, as the console says them."""
REFUSED = {
    "not_yours": Text("This panel belongs to another player."),
    "stale": Text("This panel is out of date: the game has moved on. /panel shows it anew."),
}


@dataclass(frozen=True, slots=True)
class Entry:
    """One numbered line of a panel: the click it sends, and what it says."""

    click: Click
    label: tuple[Text | str, ...]
    """Its words: a menu's and its choice's, or a button's."""
    panel: Panel | None = None
    """The panel it belongs to (None: its game's)."""


@dataclass(frozen=True, slots=True)
class Shown:
    """What /panel printed and /panel N picks from."""

    lines: list[str]
    entries: list[Entry]
    played: Reply | None = None


def entries(screen: Screen, panel: Panel | None = None) -> tuple[list[Entry], list[Text | str]]:
    """A screen's components as numbered entries (and lines for moves that are only typed)."""
    game, seat, version = screen.stamp
    found: list[Entry] = []
    notes: list[Text | str] = []
    for c in screen.components:
        if isinstance(c, Menu) and c.role == OTHER and len(c.choices) > MAX_LISTED_MOVES:
            notes.append(Text.plural("{count} other move: type it (Tab completes it).",
                                     "{count} other moves: type one (Tab completes it).",
                                     len(c.choices)))  # fmt: skip
        elif isinstance(c, Menu):
            heading = c.placeholder or Text("Other moves…")
            for choice in c.choices:
                click = Click(game, seat, version, c.op, c.args, choice.value)
                found.append(Entry(click, (heading, choice.name), panel))
        elif isinstance(c, Button):
            label = c.label if c.label is not None else ROLES.get(c.role, c.op)
            found.append(Entry(Click(game, seat, version, c.op, c.args), (label,), panel))
    return found, notes


def show(
    screen: Screen, images: Images, say: Callable[[str], str], panel: Panel | None = None
) -> Shown:
    """The lines of a screen: its text and images when they change, then its entries."""
    lines = [say(screen.text)] if screen.text else []
    lines += [line for line in (images.image(i) for i in screen.images or ()) if line]
    found, notes = entries(screen, panel)
    if found:
        lines.append(say(Text("Pick one with /panel N:")))
    for n, entry in enumerate(found, start=1):
        lines.append(f"  {n}. " + " ".join(say(part) for part in entry.label))
    lines += [say(note) for note in notes]
    if not found and not notes:
        lines.append(say(Text("Nothing to pick: it is not your move.")))
    return Shown(lines, found)


async def fresh(
    service: Service,
    game: int,
    user: str,
    images: Images,
    say: Callable[[str], str],
    switched: str | None = None,
    panel: Panel | None = None,
) -> Shown:
    """The user's panel in a game (or `panel` over what it names) as a fresh one shows it."""
    screen = await panel_message(service, game, user, switched, panel)
    return show(screen, images, say, panel)


async def pick(
    service: Service, user: str, entry: Entry, images: Images, say: Callable[[str], str]
) -> Shown:
    """Send an entry's click: the next screen, or the move played (its reply is printed)."""
    panel = entry.panel
    found = await answer(service, user, entry.click, panel)
    if isinstance(found, Refused):
        return Shown([say(found.said or REFUSED[found.reason])], [])
    if isinstance(found, Fresh):
        return await fresh(service, entry.click.game, user, images, say, panel=panel)
    if isinstance(found, Played) and found.redraw:
        # Redrawn in place, as Discord does: the reply first, then the panel as it is now.
        game = entry.click.game
        again = await fresh(service, game, user, images, say, found.switched, panel)
        return Shown(again.lines, again.entries, found.reply)
    if isinstance(found, Played):
        done = say(Text("Played: {action}", action=Text.verbatim(found.said)))
        return Shown([done], [], found.reply)
    return show(found, images, say, panel)
