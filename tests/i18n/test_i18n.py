"""Catalogue loading and lookup: merged domains, conflicts, fallbacks and language choice."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service import i18n
from games.base import IllegalActionError
from games.text import Text


@pytest.fixture
def locales(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty locales folder the catalogues are read from (caches cleared around the test)."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.catalogue.cache_clear()
    yield tmp_path
    i18n.catalogue.cache_clear()


def write(folder: Path, lang: str, domain: str, entries: dict[str, str]) -> None:
    (folder / lang).mkdir(exist_ok=True)
    path = folder / lang / f"{domain}.json"
    path.write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")


def test_domains_merge_and_a_key_translated_two_ways_is_an_error(locales: Path) -> None:
    write(locales, "cs", "service", {"Done.": "Hotovo.", "{hex} is occupied": "{hex} je obsazeno"})
    write(locales, "cs", "neuroshima", {"{hex} is occupied": "{hex} je obsazeno"})
    assert i18n.catalogue("cs")["Done."] == "Hotovo."
    write(locales, "pl", "service", {"Done.": "Gotowe."})
    write(locales, "pl", "neuroshima", {"Done.": "Zrobione."})
    with pytest.raises(i18n.CatalogueError, match="translated differently"):
        i18n.catalogue("pl")


def test_nested_texts_are_said_part_by_part_with_english_where_a_key_is_missing(
    locales: Path,
) -> None:
    write(locales, "ru", "service", {"Game {game} is full.": "Игра {game} заполнена."})
    full = IllegalActionError("Game {game} is full.", code="full", game=3).user_message
    said = Text.lines([full, Text("Not translated yet."), Text.verbatim("C3")])
    assert i18n.localise(said, "ru") == "Игра 3 заполнена.\nNot translated yet.\nC3"
    assert i18n.localise(said, "en") == str(said) == i18n.localise(said, "de")
    assert i18n.localise("plain", "ru") == "plain"


def test_the_first_supported_language_wins() -> None:
    assert i18n.pick(None, "pl", "cs") == "pl"
    assert i18n.pick("de", "en-US", "ru") == "en"
    assert i18n.pick("cs_CZ") == "cs"
    assert i18n.pick(None, None) == "en"


def test_a_command_description_is_found_by_its_path() -> None:
    said = i18n.described("Show a game's board (anyone may look)", "board")
    assert str(said) == "Show a game's board (anyone may look)"
    assert i18n.localise(said, "cs") == i18n.command_descriptions("cs")["board"]
