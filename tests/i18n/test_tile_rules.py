"""The rules reminders printed under hand tiles come from the tile data, so their catalogue is
checked against the data (an extraction method of its own) rather than against code markers."""

from __future__ import annotations

import pytest

from bot.service import i18n, translating
from games.neuroshima.tiles import tile_types
from games.text import Text

DOMAIN = "neuroshima_rules"


def reminders() -> set[str]:
    """Every rules reminder a tile of any army prints."""
    return {t.rules_text for t in tile_types().values() if t.rules_text}


def test_the_rules_domain_holds_exactly_the_reminders_of_the_army_files() -> None:
    assert {m.id for m in translating.template(DOMAIN) if m.id} == reminders()


@pytest.mark.parametrize("lang", i18n.TRANSLATED)
def test_every_reminder_has_a_translation(lang: str) -> None:
    said = i18n.translations(lang)
    assert sorted(r for r in reminders() if said.gettext(r) == r) == []


def test_a_reminder_is_said_in_the_readers_language() -> None:
    text = Text("Adjacent friendly units: +1 initiative")
    assert i18n.localise(text, "en") == "Adjacent friendly units: +1 initiative"
    assert all(i18n.localise(text, lang) != str(text) for lang in i18n.TRANSLATED)
