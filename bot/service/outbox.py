"""What the host asks the front-ends to deliver: frozen messages with lazily drawn images."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import Any


@dataclass(frozen=True, slots=True)
class Image:
    """A PNG drawn on first use, in the language of the message it goes into (front-ends draw
    it off the event loop: `bot.service.workers.draw_images`).

    `render` pickles when it is a partial of module-level functions over views (see
    `presenters.image`), which lets the process pool draw it; what it drew is kept in `drawn`.
    A board or hand image is drawn again after a restart from its game (by its name); a picture
    with a `recipe`, from the recipe.
    """

    name: str
    render: Callable[[str], bytes] = field(compare=False, repr=False)
    speaks: bool = field(default=True, compare=False, repr=False)
    """Whether the words in the image depend on the language (else one drawing serves all)."""
    drawn: dict[str, bytes] = field(default_factory=dict, compare=False, repr=False)
    recipe: tuple[str, tuple[Any, ...]] | None = field(default=None, compare=False, repr=False)
    """A picture drawn from data alone: its kind and arguments, stored with its message so
    another process draws it again as it was (see `bot.service.leagues.pictures`)."""

    @staticmethod
    def lazy(name: str, draw: Callable[[], bytes]) -> Image:
        """An image without words to translate, drawn once, the first time it is asked for."""
        return Image(name, partial(_mute, draw), speaks=False)

    @staticmethod
    def said(name: str, draw: Callable[[str], bytes]) -> Image:
        """An image with words, drawn once per language (`draw` gets the language code)."""
        return Image(name, draw)

    def key(self, lang: str) -> str:
        """The language a drawing in `lang` is kept under ('' when the image has no words)."""
        return lang if self.speaks else ""

    def keep(self, lang: str, png: bytes) -> None:
        """Remember a drawing made elsewhere (in the pool)."""
        self.drawn[self.key(lang)] = png

    def png(self, lang: str = "en") -> bytes:
        """The PNG bytes in `lang` (drawing them now if this is the first call for it)."""
        found = self.drawn.get(self.key(lang))
        if found is None:
            found = self.render(lang)
            self.keep(lang, found)
        return found


def _mute(draw: Callable[[], bytes], lang: str) -> bytes:
    del lang  # an image without words looks the same in every language
    return draw()


@dataclass(frozen=True, slots=True)
class PublicUpdate:
    """For the game's channel or thread: what happened, the board, and who is to act."""

    game_id: int
    text: str
    images: tuple[Image, ...] = ()
    mention: tuple[int, ...] = ()
    kind: str = "public"


@dataclass(frozen=True, slots=True)
class PrivateUpdate:
    """For one seated user only (a DM): their hand panel and what changed since their turn."""

    user_id: int
    game_id: int
    seat: int
    text: str
    images: tuple[Image, ...] = ()
    kind: str = "private"


@dataclass(frozen=True, slots=True)
class BattleReplay:
    """The frames of one battle (or other resolution the presenter animates), for the channel."""

    game_id: int
    caption: str
    name: str
    render: Callable[[str], tuple[bytes, ...]] = field(compare=False, repr=False)
    kind: str = "battle"
    narration: str = ""
    """The battle in words, phase by phase (a Text: said in the reader's language)."""
    seq: int = -1
    """The log position of the move that fought the battle (-1: not from a move)."""
    drawn: dict[str, tuple[bytes, ...]] = field(default_factory=dict, compare=False, repr=False)

    def frames(self, lang: str = "en") -> tuple[bytes, ...]:
        """The PNG frames in order, their words in `lang` (drawn on the first call for it)."""
        found = self.drawn.get(lang)
        if found is None:
            found = self.drawn[lang] = tuple(self.render(lang))
        return found


@dataclass(frozen=True, slots=True)
class GameOver:
    """The result: winners as user ids, the reason, and rating changes when the game was rated."""

    game_id: int
    text: str
    winners: tuple[int, ...]
    reason: str
    images: tuple[Image, ...] = ()
    kind: str = "game_over"


@dataclass(frozen=True, slots=True)
class Reminder:
    """A nudge to a user whose turn clock is running out."""

    user_id: int
    game_id: int
    text: str
    due: datetime
    kind: str = "reminder"


@dataclass(frozen=True, slots=True)
class Digest:
    """Once a day: the games waiting for a user."""

    user_id: int
    text: str
    game_ids: tuple[int, ...]
    kind: str = "digest"


@dataclass(frozen=True, slots=True)
class Invite:
    """A user was invited or challenged to a lobby."""

    user_id: int
    game_id: int
    text: str
    kind: str = "invite"


@dataclass(frozen=True, slots=True)
class LobbyUpdate:
    """A lobby changed (joined, left, army chosen, started, cancelled)."""

    game_id: int
    text: str
    kind: str = "lobby"


@dataclass(frozen=True, slots=True)
class ConsentRequest:
    """Other players are asked to accept a takeback, an abort or a pause."""

    game_id: int
    users: tuple[int, ...]
    what: str
    text: str
    kind: str = "consent"


@dataclass(frozen=True, slots=True)
class Notice:
    """A short line about a game for its channel (or, with users, for those users)."""

    game_id: int
    text: str
    users: tuple[int, ...] = ()
    kind: str = "notice"


Message = (
    PublicUpdate
    | PrivateUpdate
    | BattleReplay
    | GameOver
    | Reminder
    | Digest
    | Invite
    | LobbyUpdate
    | ConsentRequest
    | Notice
)


PRIVATE_REPLY = "private"
"""What a reply is (`Reply.kind`): an answer the caller alone reads (the default)."""
PUBLIC_REPLY = "public"
"""An answer everyone in the channel reads (a move log, a profile, a leaderboard)."""
BOARD = "board"
"""An answer that shows a game's board: its public update's images go with it."""
LOBBY = "lobby"
"""A new lobby: the answer becomes the lobby message, with the game's thread."""
SEATED = "seated"
"""The caller took a seat in a lobby: answered privately, then seated in the game's thread."""
PANEL = "panel"
"""The caller's private hand panel."""
REMATCH = "rematch"
"""A new game with the same players: the answer starts the new game's thread."""
PUBLIC_KINDS = frozenset({PUBLIC_REPLY, BOARD, LOBBY})
"""Kinds of reply the channel sees (a front-end answers the others to the caller alone)."""


@dataclass(frozen=True, slots=True)
class Reply:
    """What a service call returns: an answer for the caller and messages to deliver."""

    text: str
    messages: tuple[Message, ...] = ()
    game_id: int | None = None
    files: tuple[Image, ...] = field(default=(), kw_only=True)
    """Files for the caller alone (images or data such as a /privacy export); keyword-only, so
    subclasses keep their positional fields."""
    kind: str = field(default=PRIVATE_REPLY, kw_only=True)
    """What the reply is, so a front-end knows where it goes (PRIVATE_REPLY, BOARD, ...)."""
