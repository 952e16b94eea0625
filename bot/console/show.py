"""Printing replies: outbox messages as readable lines, images written to an output folder."""

from __future__ import annotations

import logging
import subprocess
import sys
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from bot.console.plugin import NO_PLUGINS, ConsolePlugins
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
from bot.service.moments import Moment
from games.text import Text

log = logging.getLogger(__name__)

Names = Callable[[int], str]
Say = Callable[[str], str]
"""Says a text in the reader's language (`str` keeps English)."""


class Images:
    """Writes PNGs into a folder (or nowhere: `folder=None` draws nothing and says nothing).

    A reply's data files (a privacy export) go to `files`, the output folder even when images
    are off; without one they are not written at all, never into the working directory.
    """

    def __init__(
        self, folder: Path | None, open_images: bool = False, files: Path | None = None
    ) -> None:
        self.folder = folder
        self.open_images = open_images
        self.files = files or folder
        self.written: list[Path] = []
        self.language = "en"
        """The language of the words drawn in images (the acting console user's)."""

    def write(self, name: str, draw: Callable[[], bytes]) -> str:
        """Write one PNG; returns the line to print about it (none when images are off)."""
        filename = name if "." in name else f"{name}.png"
        if self.folder is None:
            return ""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / filename
        path.write_bytes(draw())
        self.written.append(path)
        if self.open_images:
            _open(path)
        return Text("image: {file}", file=str(path))

    def image(self, image: Image) -> str:
        """Write an outbox image."""
        return self.write(image.name, partial(image.png, self.language))

    def file(self, image: Image) -> Text:
        """Write a reply's file (data, not a picture: written even when images are off)."""
        if self.files is None:
            return Text("file not written (no output folder): {file}", file=image.name)
        self.files.mkdir(parents=True, exist_ok=True)
        path = self.files / image.name
        path.write_bytes(image.png(self.language))
        return Text("file: {file}", file=str(path))

    def frames(self, replay: BattleReplay) -> list[Text]:
        """Write a battle's frames as NAME-1.png, NAME-2.png, ..."""
        if self.folder is None:
            return []
        frames = replay.frames(self.language)
        paths = [
            self.write(f"{replay.name}-{i}.png", partial(bytes, frame))
            for i, frame in enumerate(frames, start=1)
        ]
        return [
            Text.plural("{count} frame:", "{count} frames:", len(frames)),
            *(Text("  {line}", line=p) for p in paths),
        ]


def _open(path: Path) -> None:
    opener = {"darwin": "open", "win32": "start"}.get(sys.platform, "xdg-open")
    try:
        subprocess.Popen([opener, str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError as err:  # no viewer: the path printed is enough
        log.info("cannot open %s: %s", path, err)


def indent(text: str) -> list[str]:
    """A text's lines, each indented under its heading."""
    return [f"  {line}" for line in text.splitlines() if line.strip()]


def _who(names: Names, users: Iterable[int]) -> str:
    return Text.joined(", ", (names(u) for u in users))


def _head(message: Message, names: Names) -> Text:
    game = getattr(message, "game_id", None)
    if isinstance(message, LobbyUpdate):
        return Text("[lobby, game {game}]", game=game)
    if isinstance(message, PublicUpdate):
        if message.mention:
            players = _who(names, message.mention)
            return Text("[game {game}] (your move: {players})", game=game, players=players)
        return Text("[game {game}]", game=game)
    if isinstance(message, PrivateUpdate):
        return Text("[to {player}, game {game}, private]", player=names(message.user_id), game=game)
    if isinstance(message, GameOver):
        return Text("[game over, game {game}]", game=game)
    if isinstance(message, Reminder):
        return Text("[reminder to {player}, game {game}]", player=names(message.user_id), game=game)
    if isinstance(message, Digest):
        return Text("[digest to {player}]", player=names(message.user_id))
    if isinstance(message, Invite):
        return Text("[invite to {player}, game {game}]", player=names(message.user_id), game=game)
    if isinstance(message, ConsentRequest):
        players = _who(names, message.users)
        return Text("[request to {players}, game {game}]", players=players, game=game)
    return Text("[notice, game {game}]", game=game)


def message_lines(
    message: Message, names: Names, images: Images, shown: str, say: Say = str
) -> list[str]:
    """A message as printed lines; text already in `shown` (the reply's text) is not repeated."""
    text = say(getattr(message, "text", ""))
    body = [] if text and text in shown else indent(text)
    pictures: list[str] = []
    if isinstance(message, PublicUpdate | PrivateUpdate | GameOver):
        pictures = [f"  {say(line)}" for i in message.images if (line := images.image(i))]
    if isinstance(message, BattleReplay):
        frames = "\n".join(say(line) for line in images.frames(message))
        head = Text(
            "[battle, game {game}] {caption}", game=message.game_id, caption=message.caption
        )
        return [say(head), *indent(say(message.narration)), *indent(frames)]
    if not body and not pictures:
        return []
    return [say(_head(message, names)), *body, *pictures]


def league_lines(
    message: LeagueMessage, names: Names, images: Images, shown: str, say: Say = str
) -> list[str]:
    """A league message as printed lines (the console has no threads or Discord events)."""
    league = message.league_id
    if isinstance(message, LeagueAnnouncement):
        text = say(message.text)
        body = [] if text in shown else indent(text)
        pictures = [f"  {say(line)}" for i in message.images if (line := images.image(i))]
        head = say(Text("[league #{league}]", league=league))
        return [head, *body, *pictures] if body or pictures else []
    if isinstance(message, TableOpened):
        players = _who(names, message.users) or Text("AI players")
        line = Text(
            "[league #{league}] {title}: game {game}, {players}",
            league=league,
            title=message.title,
            game=message.game_id,
            players=players,
        )
        return [say(line)]
    if isinstance(message, ScheduledEvent):
        line = Text(
            "[league #{league}] {name}: {start} to {end} ({description})",
            league=league,
            name=message.name,
            start=Moment(message.start),
            end=Moment(message.end),
            description=message.description,
        )
        return [say(line)]
    status = STATUSES.get(message.status) or Text.verbatim(message.status)
    return [say(Text("[league #{league}] the night is {status}", league=league, status=status))]


STATUSES = {
    "active": Text("active"),
    "completed": Text("completed"),
    "cancelled": Text("cancelled"),
}
"""A league night's status as players read it."""


def reply_lines(
    reply: Reply, names: Names, images: Images, say: Say = str, plugins: ConsolePlugins = NO_PLUGINS
) -> list[str]:
    """A whole reply: its text, what a game's plug-in adds for its own replies (`plugins`), its
    league messages, then each message not already said."""
    shown = say(reply.text)
    lines = [shown] if reply.text else []
    lines += [f"  {say(images.file(f))}" for f in reply.files]
    lines += plugins.lines(reply, images, say)
    if isinstance(reply, LeagueReply):
        lines += [f"  {say(line)}" for i in reply.images if (line := images.image(i))]
        for league in reply.league:
            lines += league_lines(league, names, images, shown, say)
    for message in reply.messages:
        lines += message_lines(message, names, images, shown, say)
        shown += "\n" + say(getattr(message, "text", ""))
    return lines


def messages_lines(
    messages: Iterable[Message], names: Names, images: Images, say: Say = str
) -> list[str]:
    """Messages with no reply around them (reminders and digests from the clock)."""
    lines: list[str] = []
    for message in messages:
        lines += message_lines(message, names, images, "", say)
    return lines
