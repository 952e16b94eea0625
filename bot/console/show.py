"""Printing replies: outbox messages as readable lines, images written to an output folder."""

from __future__ import annotations

import logging
import subprocess
import sys
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from bot.service import (
    BattleReplay,
    ConsentRequest,
    Digest,
    GameOver,
    Image,
    Invite,
    LobbyUpdate,
    Message,
    PrivateUpdate,
    PublicUpdate,
    Reminder,
    Reply,
)
from bot.service.leagues import (
    LeagueAnnouncement,
    LeagueMessage,
    LeagueReply,
    ScheduledEvent,
    TableOpened,
)

log = logging.getLogger(__name__)

Names = Callable[[int], str]


class Images:
    """Writes PNGs into a folder (or nowhere: `folder=None` only names what would be drawn)."""

    def __init__(self, folder: Path | None, open_images: bool = False) -> None:
        self.folder = folder
        self.open_images = open_images
        self.written: list[Path] = []

    def write(self, name: str, draw: Callable[[], bytes]) -> str:
        """Write one PNG; returns the line to print about it."""
        filename = name if name.endswith((".png", ".gif")) else f"{name}.png"
        if self.folder is None:
            return f"image: {filename} (not written: images are off)"
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / filename
        path.write_bytes(draw())
        self.written.append(path)
        if self.open_images:
            _open(path)
        return f"image: {path}"

    def image(self, image: Image) -> str:
        """Write an outbox image."""
        return self.write(image.name, image.png)

    def frames(self, replay: BattleReplay) -> list[str]:
        """Write a battle's frames as NAME-1.png, NAME-2.png, ..."""
        if self.folder is None:
            return [f"frames: {replay.name}-N.png (not written: images are off)"]
        frames = replay.frames()
        paths = [
            self.write(f"{replay.name}-{i}.png", partial(bytes, frame))
            for i, frame in enumerate(frames, start=1)
        ]
        return [f"{len(frames)} frames:", *(f"  {p}" for p in paths)]


def _open(path: Path) -> None:
    opener = {"darwin": "open", "win32": "start"}.get(sys.platform, "xdg-open")
    try:
        subprocess.Popen([opener, str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError as err:  # no viewer: the path printed is enough
        log.info("cannot open %s: %s", path, err)


def _indent(text: str) -> list[str]:
    return [f"  {line}" for line in text.splitlines() if line.strip()]


def _who(names: Names, users: Iterable[int]) -> str:
    return ", ".join(names(u) for u in users)


def message_lines(message: Message, names: Names, images: Images, shown: str) -> list[str]:
    """A message as printed lines; text already in `shown` (the reply's text) is not repeated."""
    text = getattr(message, "text", "")
    body = [] if text and text in shown else _indent(text)
    pictures: list[str] = []
    if isinstance(message, PublicUpdate | PrivateUpdate | GameOver):
        pictures = [f"  {images.image(i)}" for i in message.images]
    if isinstance(message, LobbyUpdate):
        head = f"[lobby, game {message.game_id}]"
    elif isinstance(message, PublicUpdate):
        waiting = f" (your move: {_who(names, message.mention)})" if message.mention else ""
        head = f"[game {message.game_id}]{waiting}"
    elif isinstance(message, PrivateUpdate):
        head = f"[to {names(message.user_id)}, game {message.game_id}, private]"
    elif isinstance(message, BattleReplay):
        frames = images.frames(message)
        return [f"[battle, game {message.game_id}] {message.caption}", *_indent("\n".join(frames))]
    elif isinstance(message, GameOver):
        head = f"[game over, game {message.game_id}]"
    elif isinstance(message, Reminder):
        head = f"[reminder to {names(message.user_id)}, game {message.game_id}]"
    elif isinstance(message, Digest):
        head = f"[digest to {names(message.user_id)}]"
    elif isinstance(message, Invite):
        head = f"[invite to {names(message.user_id)}, game {message.game_id}]"
    elif isinstance(message, ConsentRequest):
        head = f"[request to {_who(names, message.users)}, game {message.game_id}]"
    else:
        head = f"[notice, game {message.game_id}]"
    if not body and not pictures:
        return []
    return [head, *body, *pictures]


def league_lines(message: LeagueMessage, names: Names, images: Images, shown: str) -> list[str]:
    """A league message as printed lines (the console has no threads or Discord events)."""
    league = f"league #{message.league_id}"
    if isinstance(message, LeagueAnnouncement):
        body = [] if message.text in shown else _indent(message.text)
        pictures = [f"  {images.image(i)}" for i in message.images]
        return [f"[{league}]", *body, *pictures] if body or pictures else []
    if isinstance(message, TableOpened):
        players = _who(names, message.users) or "AI players"
        return [f"[{league}] {message.title}: game {message.game_id}, {players}"]
    if isinstance(message, ScheduledEvent):
        return [
            f"[{league}] {message.name}: {message.start:%Y-%m-%d %H:%M} to"
            f" {message.end:%H:%M} UTC ({message.description})"
        ]
    return [f"[{league}] the night is {message.status}"]


def reply_lines(reply: Reply, names: Names, images: Images) -> list[str]:
    """A whole reply: its text, its league messages, then each message not already said."""
    lines = [reply.text] if reply.text else []
    shown = reply.text
    if isinstance(reply, LeagueReply):
        lines += [f"  {images.image(i)}" for i in reply.images]
        for league in reply.league:
            lines += league_lines(league, names, images, shown)
    for message in reply.messages:
        lines += message_lines(message, names, images, shown)
        shown += "\n" + getattr(message, "text", "")
    return lines


def messages_lines(messages: Iterable[Message], names: Names, images: Images) -> list[str]:
    """Messages with no reply around them (reminders and digests from the clock)."""
    lines: list[str] = []
    for message in messages:
        lines += message_lines(message, names, images, "")
    return lines
