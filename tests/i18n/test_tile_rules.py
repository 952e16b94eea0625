"""The rules reminders printed under hand tiles come from the tile data, so their catalogue is
checked against the data rather than against templates found in code."""

from __future__ import annotations

import pytest

from bot.service import i18n
from games.neuroshima.tiles import tile_types
from games.text import Text

DOMAIN = "neuroshima_rules"


def reminders() -> set[str]:
    """Every rules reminder a tile of any army prints."""
    return {t.rules_text for t in tile_types().values() if t.rules_text}


@pytest.mark.parametrize("lang", i18n.TRANSLATED)
def test_every_reminder_has_exactly_one_translation(lang: str) -> None:
    entries = i18n.domains(lang).get(DOMAIN, {})
    assert sorted(reminders() - set(entries)) == []
    assert sorted(set(entries) - reminders()) == []
    assert [k for k, v in entries.items() if not v.strip()] == []


def test_a_reminder_is_said_in_the_readers_language() -> None:
    text = Text("Adjacent friendly units: +1 initiative")
    assert i18n.localise(text, "en") == "Adjacent friendly units: +1 initiative"
    assert all(i18n.localise(text, lang) != str(text) for lang in i18n.TRANSLATED)
