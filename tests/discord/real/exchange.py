"""One interaction and everything the bot sent while handling it."""

from __future__ import annotations

from dataclasses import dataclass

from tests.discord.real.api import FakeDiscord
from tests.discord.real.payloads import JSON
from tests.discord.real.state import Request


@dataclass
class Exchange:
    """An interaction payload, when it was dispatched, and the requests it caused, in order."""

    payload: JSON
    started: float
    fake: FakeDiscord
    requests: list[Request]

    @property
    def token(self) -> str:
        """The interaction's token (its webhook routes carry it)."""
        return str(self.payload["token"])

    def own(self) -> list[Request]:
        """The callback and webhook requests of this interaction (not channel posts or DMs)."""
        return [r for r in self.requests if r.via == "webhook" and self.token in r.path]

    @property
    def callback(self) -> Request | None:
        """The initial response (reply, deferral, update or autocomplete answer)."""
        return next((r for r in self.own() if r.path.endswith("/callback")), None)

    @property
    def followups(self) -> list[Request]:
        """Followup messages, in order."""
        return [r for r in self.own() if r.method == "POST" and not r.path.endswith("/callback")]

    @property
    def edits(self) -> list[Request]:
        """Edits of the original response (the clicked panel, for a component)."""
        return [r for r in self.own() if r.method == "PATCH"]

    @property
    def original(self) -> JSON | None:
        """The interaction's response message as it is now on Discord."""
        found = self.fake.interactions[self.token]
        return self.fake.messages.get(found.original) if found.original else None

    @property
    def message(self) -> JSON:
        """The message a slash command's answer ended up as (the lobby, a board, an error)."""
        found = self.original
        assert found is not None, "the interaction has no response message"
        return found

    def replies(self) -> list[JSON]:
        """Every message this interaction created or edited, as each is now on Discord."""
        ids: list[str] = []
        for r in self.own():
            if r.message_id and r.message_id not in ids:
                ids.append(r.message_id)
        return [self.fake.messages[int(i)] for i in ids if int(i) in self.fake.messages]

    def texts(self) -> list[str]:
        """The text of every message this interaction left, as each reads now."""
        return [m["content"] for m in self.replies()]

    @property
    def deferred_in(self) -> float:
        """Seconds from dispatch to the initial response."""
        answer = self.callback
        assert answer is not None, "the interaction was never answered"
        return answer.at - self.started
