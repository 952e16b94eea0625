"""Moments in texts: one reader's in their own time zone, many readers' in markup of their client.

A date and time a player reads is written by Babel in the reader's language. Where the reader is
one known user (a DM, a private reply), the service puts a `datetime` in that user's zone in the
Text (`deadlines.local`), and the language writes it there. A moment in a post many people read
(a game thread, a league channel) is a `Moment`: the service cannot know the readers' zones, so
the front-end decides how to write it (Discord: timestamp markup each client shows in its own
zone and language; the console: in its player's zone (UTC when unset), the zone named, and "in
2 days" counted from when the text was said). The service stays front-end agnostic:
`i18n.localise(text, lang, moments)`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from functools import partial

from babel.core import Locale
from babel.dates import (
    format_date,
    format_skeleton,
    format_time,
    format_timedelta,
    get_datetime_format,
)


@dataclass(frozen=True, slots=True)
class Moment:
    """A moment in a text many people read, written by each front-end for its readers."""

    at: datetime
    """When (aware; stored and compared in UTC)."""
    said: datetime | None = None
    """When the text was said: a front-end without live relative times counts "in 2 days"
    from here; None writes no relative time (a log's dates)."""

    def __format__(self, spec: str) -> str:
        """English in UTC (what a Text says before a front-end writes it for its readers)."""
        return joined(*in_utc(self, "en"))


MomentWriter = Callable[[Moment, str], tuple[str, str | None]]
"""How a front-end writes a Moment in a locale: the moment itself and, when the Moment has a
`said`, how far it is from then ("in 2 days", "3 hours ago"); the language joins the two."""


def in_utc(moment: Moment, locale: str) -> tuple[str, str | None]:
    """A Moment as a front-end without per-reader zones writes it: Babel's date and time in
    UTC with the zone named, and the relative time counted from when it was said."""
    return _written_in(UTC, moment, locale)


def in_zone(zone: tzinfo) -> MomentWriter:
    """Moments as one reader reads them (the console's player at the keyboard): in their zone,
    the zone named, the relative time counted from when the text was said."""
    return partial(_written_in, zone)


def _written_in(zone: tzinfo, moment: Moment, locale: str) -> tuple[str, str | None]:
    at = moment.at.astimezone(zone)
    relative = None if moment.said is None else relative_time(moment.at - moment.said, locale)
    return written(at, locale), relative


def written(at: datetime, locale: str, brief: bool = False) -> str:
    """A date and time in the zone `at` carries, the zone named ('Nov 28, 2026, 6:00 PM UTC');
    `brief`: the weekday, day and month without the year ('Sun, Oct 25, 7:00 AM CET')."""
    if brief:
        day = format_skeleton("MMMEd", at, tzinfo=at.tzinfo, locale=locale)
        hours = "Hm" if "H" in str(Locale.parse(locale).time_formats["short"]) else "hm"
        time = format_skeleton(hours, at, tzinfo=at.tzinfo, locale=locale)
    else:
        day = format_date(at, format="medium", locale=locale)
        time = format_time(at, format="short", tzinfo=at.tzinfo, locale=locale)
    pattern = str(get_datetime_format("medium", locale=locale))
    return f"{pattern.replace('{1}', day).replace('{0}', time)} {at.tzname() or 'UTC'}"


def relative_time(delta: timedelta, locale: str) -> str:
    """How far a moment is, with its direction ('in 2 days', 'před 3 hodinami')."""
    return format_timedelta(delta, threshold=1.1, add_direction=True, format="long", locale=locale)


def joined(moment: str, relative: str | None) -> str:
    """A moment and its relative time in English ('Nov 28, 2026, 6:00 PM UTC (in 2 days)')."""
    return moment if relative is None else f"{moment} ({relative})"
