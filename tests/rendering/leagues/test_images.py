"""League images against golden files: the standings table and the podium."""

from __future__ import annotations

from rendering.leagues import StandingRow, Standings, TableLine, fit, layout, podium, standings
from tests.rendering.leagues.golden import check


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
