"""Saying the service's Texts in the reader's language: catalogues, lookup and language choice.

Catalogues live in bot/service/locales/<lang>/<domain>.json, one flat JSON object per domain
(`service.json` for the host, one file per game): English template -> translated template.
The domains of a language are merged once; a key two domains translate differently is an error
(one sentence, one translation). Choice names are keyed 'option:choice' (see `choice_key`).
Command and option descriptions keep their own catalogue, keyed by command path (see
`command_descriptions`), because Discord asks for them by path.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from games.snapshot.codecs import decoder, encoder
from games.text import Text, say

LANGUAGES = ("en", "cs", "ru", "pl")
TRANSLATED = LANGUAGES[1:]
"""The languages with catalogues (English is the templates themselves)."""
LOCALE_DIR = Path(__file__).with_name("locales")
COMMAND_DIR = Path(__file__).with_name("command_locales")
"""The command-description catalogue, <lang>.json keyed by command path (see bot.discord.i18n)."""
COMMAND_KEY = "\x1fcommand:"
"""Prefix of a lookup key naming a command description instead of a template (a control
character, so no template can start with it)."""


class CatalogueError(ValueError):
    """A catalogue that cannot be used: bad JSON shape, or one key translated two ways."""


def language(code: str | None) -> str | None:
    """One of LANGUAGES for a locale value ('cs', 'en-US', 'pl'), None when unsupported."""
    if not code:
        return None
    found = code.split("-")[0].split("_")[0].lower()
    return found if found in LANGUAGES else None


def pick(*candidates: str | None) -> str:
    """The first supported language among `candidates` (most specific first), else English."""
    for candidate in candidates:
        found = language(candidate)
        if found is not None:
            return found
    return "en"


def _read(path: Path) -> dict[str, str]:
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise CatalogueError(f"{path} must be a flat JSON object of strings")
    return data


def domains(lang: str) -> dict[str, dict[str, str]]:
    """Each domain's catalogue of one language by domain name ('service', 'neuroshima')."""
    folder = LOCALE_DIR / lang
    if lang not in TRANSLATED or not folder.is_dir():
        return {}
    return {path.stem: _read(path) for path in sorted(folder.glob("*.json"))}


@cache
def catalogue(lang: str) -> Mapping[str, str]:
    """Every template of one language merged over its domains (empty for English)."""
    merged: dict[str, str] = {}
    origin: dict[str, str] = {}
    for domain, entries in domains(lang).items():
        for key, value in entries.items():
            if key in merged and merged[key] != value:
                raise CatalogueError(
                    f"{lang}: {key!r} is translated differently in {origin[key]} and {domain}"
                )
            merged[key], origin[key] = value, domain
    return merged


@cache
def command_descriptions(lang: str) -> Mapping[str, str]:
    """Command and option descriptions of one language by key ('neuroshima.new.mode')."""
    path = COMMAND_DIR / f"{lang}.json"
    if lang not in TRANSLATED or not path.exists():
        return {}
    return _read(path)


def lookup(lang: str) -> Callable[[str], str | None]:
    """The translation of a template (or of a COMMAND_KEY-prefixed command key) in a language."""
    templates = catalogue(lang)
    commands = command_descriptions(lang)

    def find(key: str) -> str | None:
        if key.startswith(COMMAND_KEY):
            return commands.get(key[len(COMMAND_KEY) :])
        return templates.get(key)

    return find


def choice_key(option: str, choice: str) -> str:
    """The catalogue key of a choice's name ('adjudication:draw'): the option tells a drawn
    game from drawing tiles, so a choice is not keyed by its bare English word."""
    return f"{option}:{choice}"


def stored(text: str) -> Any:
    """A Text as JSON keeping its template and values, so a log can say it again in any
    language (a plain string stays itself)."""
    return encoder(str)(text)


def restored(data: Any) -> str:
    """What `stored` wrote, a Text again; a plain string (an older record) as it was."""
    text: str = decoder(str)(data)
    return text


def localise(text: str, lang: str | None) -> str:
    """`text` said in `lang`: Texts are translated (English where a key is missing)."""
    found = language(lang)
    if found is None or found == "en":
        return str(text)
    return say(text, lookup(found))


class Described(Text):
    """A command or option description: English as written, translated by its command key."""

    key: str

    def __new__(cls, english: str, /, **params: object) -> Described:
        """`english` as the catalogue wrote it; `key=` names it ('neuroshima.new.mode')."""
        key = str(params.pop("key"))
        self = super().__new__(cls, "{description}", description=Text.verbatim(english))
        assert isinstance(self, Described)
        self.key = key
        return self

    def say(self, find: Callable[[str], str | None]) -> str:
        """The description in the language `find` knows (English where it has no entry)."""
        return find(COMMAND_KEY + self.key) or str(self)


def described(english: str, key: str) -> Text:
    """A description that translates through the command catalogue."""
    return Described(english, key=key)
