"""League images against golden files: the standings table and the podium."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

import pytest

from bot.service.i18n import LANGUAGES, localise
from games.text import Text
from rendering.leagues import (
    COLUMNS,
    StandingRow,
    Standings,
    TableLine,
    fit,
    layout,
    podium,
    round_tables,
    standings,
)
from tests.rendering.leagues.golden import check

RUSSIAN = partial(localise, lang="ru")
POLISH = partial(localise, lang="pl")


def sample() -> Standings:
    """A Swiss night after three rounds, one player out, the fourth round being played."""
    names = ("Alice", "Bob", "Carol", "Dmitri Alexandrovich Karamazov-Smerdyakov", "Eve",
             "Frank", "AI easy 1", "Heidi")  # fmt: skip
    rows = tuple(
        StandingRow(i + 1, name, max(0.0, 3 - i * 0.5), 6.5 - i, 4.25 - i / 2, 3,
                    f"{3 - i // 2}-0-{i // 2}", out=name == "Frank")
        for i, name in enumerate(names)
    )  # fmt: skip
    tables = (
        TableLine(1, ("Alice", "Bob"), "1-0"),
        TableLine(2, ("Carol", "Dmitri Alexandrovich Karamazov-Smerdyakov"), "playing"),
        TableLine(3, ("Eve", "AI easy 1"), "0.5-0.5"),
    )
    return Standings("Friday Night Neuroshima", "swiss, duels, round 4 of 4 · 8 players",
                     rows, tables, "Round 4 tables")  # fmt: skip


def test_standings_golden() -> None:
    check("standings", standings(sample()))


def test_podium_golden() -> None:
    check("podium", podium("Friday Night: final", (("Alice", 4.0), ("Bob", 3.5), ("Carol", 3))))


def test_podium_with_two_places() -> None:
    check("podium_two", podium("Tiny cup", (("Alice", 1.0), ("Bob", 0.0))))


def test_layout_grows_with_rows_and_caps_them() -> None:
    base = sample()
    h8, _, boxes = layout(base)
    assert len(boxes) == 4  # every other row is striped
    many = Standings(base.title, base.subtitle, tuple(
        StandingRow(i, f"P{i}", 0, 0, 0, 0, "0-0-0") for i in range(1, 51)
    ))  # fmt: skip
    h50, texts, _ = layout(many)
    assert h50 > h8 and any("and 18 more" in t.text for t in texts)


def test_long_names_are_cut() -> None:
    assert fit("x" * 200, 100, 16).endswith("…")
    assert fit("Bob", 100, 16) == "Bob"


def said_sample() -> Standings:
    """The same night as the league service hands it over: its words are Texts."""
    base = sample()
    subtitle = Text(
        "{format}, {seats}, {where} · {players} · {phase}", format=Text("swiss"),
        seats=Text("duels"), where=Text("round {played} of {total}", played=4, total=4),
        players=Text.plural("{count} player", "{count} players", 8), phase=Text("running"),
    )  # fmt: skip
    tables = tuple(
        TableLine(t.board, t.players, Text("playing") if t.state == "playing" else t.state)
        for t in base.tables
    )
    return Standings(base.title, subtitle, base.rows, tables, round_tables(4))


def test_the_said_sample_reads_as_before_in_english() -> None:
    said = said_sample()
    assert said.subtitle == "swiss, duels, round 4 of 4 · 8 players · running"
    assert layout(said) == layout(replace(sample(), subtitle=said.subtitle))


def test_standings_in_russian() -> None:
    _, texts, _ = layout(said_sample(), RUSSIAN)
    words = [t.text for t in texts]
    assert words[1] == "швейцарская, дуэли, раунд 4 из 4 · 8 игроков · идёт"
    assert words[2:9] == ["#", "Игрок", "Очки", "Bh", "SB", "И", "В-Н-П"]
    assert "Frank (выбыл(а))" in words and "Столы раунда 4" in words
    assert "Стол 2: Carol v Dmitri Alexandrovich Karamazov-Smerdyakov" in words
    assert "идёт игра" in words
    check("standings.ru", standings(said_sample(), RUSSIAN))


def test_podium_in_polish() -> None:
    title = Text("{league}: final", league="Friday Night")
    image = podium(title, (("Alice", 4.0), ("Bob", 3.5), ("Carol", 3)), POLISH)
    check("podium.pl", image)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_column_headings_are_never_cut(lang: str) -> None:
    say = partial(localise, lang=lang)
    _, texts, _ = layout(said_sample(), say)
    assert [t.text for t in texts[2:9]] == [say(name) for name, _ in COLUMNS]
