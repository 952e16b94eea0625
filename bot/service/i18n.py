"""Saying the service's Texts in the reader's language: GNU gettext catalogues and Babel.

The catalogues are gettext's own (docs/translating.md): a template per domain,
bot/service/locales/<domain>.pot, and per language <lang>/LC_MESSAGES/<domain>.po with the
compiled <domain>.mo the bot reads here through the standard library. Domains are how
translators divide the work (the host, one per game, images, command descriptions); the bot
reads a language's domains as one chain, so a Text needs no domain: a message two domains
translate differently is a test failure, and a word with two meanings takes a context instead.
Numbers, dates and durations in a Text's values are written by Babel for the reader's locale;
a `Moment` (a time many people read) as the front-end says (`localise(..., moments=...)`).
"""

from __future__ import annotations

import gettext
import re
from datetime import date, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

from babel.dates import format_date, format_timedelta
from babel.numbers import format_decimal, format_percent

from bot.service.moments import Moment, MomentWriter, in_utc, relative_time, written
from games.snapshot.codecs import decoder, encoder
from games.text import Formatter, Text, Translations, marked, say

LANGUAGES = ("en", "cs", "ru", "pl")
TRANSLATED = LANGUAGES[1:]
"""The languages with catalogues (English is the templates themselves)."""
PSEUDO = "qps"
"""The pseudo-locale: every message accented and 40 % longer, to find overflowing layouts and
sentences that skip the catalogues (tests, or MUSTER_LOCALE=qps on a test server)."""
LOCALE_DIR = Path(__file__).with_name("locales")
COMMANDS = "commands"
"""The domain of command and option descriptions (context: the command key) and choice names
(context: 'option:<name>')."""


def language(code: str | None) -> str | None:
    """One of LANGUAGES for a locale value ('cs', 'en-US', 'pl'), None when unsupported."""
    if not code:
        return None
    if code == PSEUDO:
        return PSEUDO
    found = code.split("-")[0].split("_")[0].lower()
    return found if found in LANGUAGES else None


def pick(*candidates: str | None) -> str:
    """The first supported language among `candidates` (most specific first), else English."""
    for candidate in candidates:
        found = language(candidate)
        if found is not None:
            return found
    return "en"


def domains() -> tuple[str, ...]:
    """The catalogue domains, the host's first ('service', 'neuroshima', ...)."""
    names = sorted(path.stem for path in LOCALE_DIR.glob("*.pot"))
    return tuple(sorted(names, key=lambda name: name != "service"))


@cache
def translations(lang: str) -> Translations:
    """Every domain of one language as one gettext chain (English: the messages themselves)."""
    if lang == PSEUDO:
        return Pseudo()
    chain = gettext.NullTranslations()
    if lang not in TRANSLATED:
        return chain
    for domain in reversed(domains()):
        path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.mo"
        if path.exists():
            with path.open("rb") as compiled:
                found = gettext.GNUTranslations(compiled)
            found.add_fallback(chain)
            chain = found
    return chain


_FLOAT = re.compile(r"^(\+?)\.(\d)f$")
WITH_RELATIVE = marked("{moment} ({relative})")
"""How a language joins a moment and how far it is ('Nov 28, 2026, 6:00 PM UTC (in 2 days)')."""


@cache
def writer(lang: str, moments: MomentWriter = in_utc) -> Formatter:
    """How `lang` writes the values of a template: decimals, dates, times, durations, and
    Moments as `moments` says (the front-end's way)."""
    locale = "en" if lang in ("en", PSEUDO) else lang

    def write(value: Any, spec: str) -> str:
        if isinstance(value, Moment):
            moment, relative = moments(value, locale)
            if relative is None:
                return moment
            both = translations(lang).gettext(WITH_RELATIVE)
            return both.format(moment=moment, relative=relative)
        if isinstance(value, datetime):
            return _moment(value, spec, locale)
        if isinstance(value, date):
            return format_date(value, format=spec or "medium", locale=locale)
        if isinstance(value, timedelta):
            if spec == "in":
                return relative_time(value, locale)
            return format_timedelta(value, threshold=1.1, format="long", locale=locale)
        if isinstance(value, float) and spec.endswith("%"):
            return format_percent(value, locale=locale)
        if isinstance(value, float) and (spec in ("", "g") or _FLOAT.match(spec)):
            digits = _FLOAT.match(spec)
            pattern = None
            if digits:
                fixed = "0." + "0" * int(digits.group(2))
                pattern = f"+{fixed};-{fixed}" if digits.group(1) else fixed
            return format_decimal(value, format=pattern, locale=locale)
        return format(value, spec)

    return write


def _moment(value: datetime, spec: str, locale: str) -> str:
    """A date and time in the zone it carries (the reader's, where the service knows it), the
    zone named. Spec 'date' is the date alone; 'day' the weekday, day and month with the time
    ('Sun, Oct 25, 6:00 PM CET'), for a moment within days of now."""
    if spec == "date":
        return format_date(value, format="medium", locale=locale)
    return written(value, locale, brief=spec == "day")


def localise(text: str, lang: str | None, moments: MomentWriter = in_utc) -> str:
    """`text` said in `lang`: Texts are translated (English where a message is missing), their
    Moments written by `moments` (the front-end's way; UTC with the zone named by default)."""
    found = language(lang) or "en"
    return say(text, translations(found), writer(found, moments))


def choice_key(option: str, choice: str) -> str:
    """The key discord.py carries for a choice's name ('adjudication:draw'): the option tells a
    drawn game from drawing tiles, so a choice name is translated in its option's context."""
    return f"{option}:{choice}"


def choice_context(option: str) -> str:
    """The gettext context of an option's choice names."""
    return f"option:{option}"


def choice_name(lang: str, key: str) -> str:
    """A choice's name in `lang` from its `choice_key` (English when untranslated)."""
    option, _, choice = key.partition(":")
    return translations(lang).pgettext(choice_context(option), choice)


def description(lang: str, key: str, english: str) -> str:
    """A command or option description in `lang`, by its command key ('neuroshima.new.mode')."""
    return translations(lang).pgettext(key, english)


def stored(text: str) -> Any:
    """A Text as JSON keeping its template and values, so a log can say it again in any
    language (a plain string stays itself)."""
    return encoder(str)(text)


def restored(data: Any) -> str:
    """What `stored` wrote, a Text again; a plain string (an older record) as it was."""
    text: str = decoder(str)(data)
    return text


def described(english: str, key: str) -> Text:
    """A command or option description, translated in the context of its command key."""
    return Text.in_context(key, english)


class Pseudo(gettext.NullTranslations):
    """The pseudo-locale's catalogue: each message accented and padded to 140 % (fields,
    markdown and mentions kept), so a layout that fits it fits real translations."""

    def gettext(self, message: str) -> str:
        """`message` pseudo-translated."""
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        """The English plural form pseudo-translated."""
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        """`message` pseudo-translated (the context changes nothing)."""
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        """The English plural form pseudo-translated."""
        return pseudo(msgid1 if n == 1 else msgid2)


_ACCENTED = str.maketrans("AaCcDdEeGgIiKkLlNnOoRrSsTtUuYyZz", "ÅåÇçÐðÉéĜĝÎîĶķĻļÑñÖöŘřŠšŢţÛûÝýŽž")
_KEPT = re.compile(r"(\{[^{}]*\}|<[^<>]*>|`[^`]*`|/[a-z][-a-z ]*\b|https?://\S+)")


def pseudo(message: str) -> str:
    """`message` accented and 40 % longer, its fields, code and commands untouched.

    >>> pseudo("{hex} is occupied")
    '[{hex} îš öççûpîéð ~~~~~]'
    """
    pieces = _KEPT.split(message)
    said = "".join(p if i % 2 else p.translate(_ACCENTED) for i, p in enumerate(pieces))
    padding = "~" * max(1, round(len(message) * 0.4) - 2)
    return f"[{said} {padding}]"
