"""Faults the simulated Discord injects on demand: 429s, 5xx answers and slow answers.

Each fault matches requests by method and path (a regular expression over the path after
/api/v10) and fires a given number of times, so a test says exactly what goes wrong and when.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass
class Fault:
    """One kind of trouble for the requests it matches, `times` more times."""

    path: re.Pattern[str]
    method: str | None
    times: int
    status: int = 0
    """The error answered instead of handling the request (0: handled, perhaps late)."""
    retry_after: float = 0.0
    everywhere: bool = False
    """A 429 of the global rate limit rather than of one route."""
    delay: float = 0.0
    posted: bool = False
    """For a slow answer: the request is carried out first and only its answer is late (a crash
    while waiting then leaves a post that Discord made and the bot never heard of)."""
    content: re.Pattern[str] | None = None
    """Only requests whose message text matches (a reminder DM among every other post)."""
    fired: int = 0

    def matches(self, method: str, path: str, text: str = "") -> bool:
        """Whether this fault applies to a request (and has shots left)."""
        if self.fired >= self.times or (self.method and self.method != method):
            return False
        if self.content is not None and self.content.search(text) is None:
            return False
        return self.path.fullmatch(path) is not None


@dataclass
class Faults:
    """The faults armed now; the REST front consults them before answering each request."""

    armed: list[Fault] = field(default_factory=list)

    def rate_limit(
        self,
        path: str = ".*",
        *,
        method: str | None = None,
        retry_after: float = 0.3,
        times: int = 1,
        everywhere: bool = False,
    ) -> Fault:
        """Answer 429 Too Many Requests with `retry_after` (per route, or global)."""
        return self._arm(
            Fault(re.compile(path), method, times, 429, retry_after, everywhere=everywhere)
        )

    def fail(
        self, status: int, path: str = ".*", *, method: str | None = None, times: int = 1
    ) -> Fault:
        """Answer a server error (500, 502...) without doing anything."""
        return self._arm(Fault(re.compile(path), method, times, status))

    def slow(
        self,
        seconds: float,
        path: str = ".*",
        *,
        method: str | None = None,
        times: int = 1,
        posted: bool = False,
        content: str | None = None,
    ) -> Fault:
        """Answer normally, `seconds` late (`posted`: carry the request out before waiting)."""
        pattern = None if content is None else re.compile(content)
        return self._arm(
            Fault(re.compile(path), method, times, delay=seconds, posted=posted, content=pattern)
        )

    def _arm(self, fault: Fault) -> Fault:
        self.armed.append(fault)
        return fault

    def take(self, method: str, path: str, text: str = "") -> Fault | None:
        """The fault this request meets, if any (its shot is used up); `text` is the message
        content the request carries."""
        for fault in self.armed:
            if fault.matches(method, path, text):
                fault.fired += 1
                return fault
        return None

    def clear(self) -> None:
        """Disarm everything."""
        self.armed.clear()
