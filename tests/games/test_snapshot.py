"""The state snapshot codec: exact, canonical round trips for every registered game."""

from __future__ import annotations

import gettext
import json
import random
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal, NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import engine, registry, snapshot
from games.base import CHANCE, GameError, GameSpec
from games.snapshot import FORMAT, SnapshotError, decode, dumps, encode, type_name
from games.text import Text, say

registry._load_builtin_games()
GAME_KEYS = sorted(registry.GAMES)


# --- the codec on small types ---------------------------------------------------------------
class Colour(Enum):
    RED = "red"
    BLUE = "blue"


class Point(NamedTuple):
    q: int
    r: int


@dataclass(frozen=True, slots=True)
class Leaf:
    name: str
    weight: float = 1.0


@dataclass(frozen=True, slots=True)
class Other:
    flag: bool


@dataclass(frozen=True, slots=True)
class Everything:
    colour: Colour
    points: frozenset[Point]
    pair: tuple[int, str]
    many: tuple[Leaf, ...]
    maybe: Leaf | None
    either: Leaf | Other | None
    by_name: dict[str, int]
    by_point: dict[Point, Colour]
    kind: Literal["a", "b"] = "a"
    empty: tuple[()] = ()
    nested: tuple[tuple[Point, ...], ...] = ()
    later: int = field(default=0, init=False)


def everything(seed: int = 0) -> Everything:
    rng = random.Random(seed)
    points = [Point(rng.randrange(-3, 4), rng.randrange(-3, 4)) for _ in range(8)]
    rng.shuffle(points)
    return Everything(
        colour=Colour.BLUE,
        points=frozenset(points),
        pair=(3, "x"),
        many=(Leaf("a"), Leaf("b", 0.1), Leaf("c", 2)),
        maybe=None,
        either=Other(True),
        by_name={"z": 1, "a": 2},
        by_point=dict.fromkeys(points[:3], Colour.RED),
        kind="b",
        nested=((Point(0, 0),), ()),
    )


def round_trip(value: Any) -> Any:
    text = snapshot.dumps(snapshot.encode(value))
    back = snapshot.decode(json.loads(text), type(value))
    assert snapshot.dumps(snapshot.encode(back)) == text
    return back


def test_every_supported_kind_round_trips() -> None:
    value = everything()
    back = round_trip(value)
    assert back == value
    assert type(back.many[2].weight) is int  # an int in a float field stays an int
    assert type(next(iter(back.points))) is Point


def test_the_encoding_is_canonical_whatever_the_set_order() -> None:
    texts = {snapshot.dumps(snapshot.encode(everything())) for _ in range(3)}
    reordered = everything()
    reordered = Everything(
        **{**{f: getattr(reordered, f) for f in reordered.__dataclass_fields__ if f != "later"},
           "points": frozenset(sorted(reordered.points, reverse=True))}
    )  # fmt: skip
    texts.add(snapshot.dumps(snapshot.encode(reordered)))
    assert len(texts) == 1
    data = snapshot.encode(everything())
    assert data["format"] == snapshot.FORMAT
    assert data["type"] == f"{__name__}.Everything"
    assert data["state"]["either"] == {"$t": "Other", "v": {"flag": True}}
    points = data["state"]["points"]
    assert points == sorted(points, key=snapshot.dumps)


def test_a_field_outside_init_is_restored() -> None:
    value = everything()
    object.__setattr__(value, "later", 7)
    assert round_trip(value).later == 7


@dataclass(frozen=True)
class Loose:
    anything: Any


@dataclass(frozen=True)
class Listy:
    items: tuple[int, ...]


@dataclass(frozen=True)
class Numbers:
    count: int
    ratio: float = 0.5


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (Loose(1), "Loose.anything: cannot snapshot a value declared as Any"),
        (Listy([1, 2]), "Listy.items: expected tuple"),  # type: ignore[arg-type]
        (Listy((1, "2")), r"Listy.items\[1\]: expected int, found str"),  # type: ignore[arg-type]
        (Numbers(True), "Numbers.count: expected int, found bool"),
        (Numbers(1, float("nan")), "cannot snapshot the float nan"),
        (Point(1, 2), "needs a dataclass state"),
    ],
)
def test_what_cannot_be_encoded_is_named(value: object, message: str) -> None:
    with pytest.raises(SnapshotError, match=message):
        snapshot.encode(value)


def test_decoding_checks_the_tag_the_type_and_the_fields() -> None:
    data = snapshot.encode(Numbers(1))
    assert snapshot.decode(data, Numbers) == Numbers(1)
    with pytest.raises(SnapshotError, match=r"not a muster\.state/1 snapshot"):
        snapshot.decode({**data, "format": "muster.state/0"}, Numbers)
    with pytest.raises(SnapshotError, match=r"holds a .*Numbers, not a .*Listy"):
        snapshot.decode(data, Listy)
    with pytest.raises(SnapshotError, match="fields differ: extra"):
        snapshot.decode({**data, "state": {"count": 1, "ratio": 0.5, "extra": 1}}, Numbers)
    with pytest.raises(SnapshotError, match=r"Numbers\.count: expected int, found str"):
        snapshot.decode({**data, "state": {"count": "1", "ratio": 0.5}}, Numbers)
    colour = snapshot.encode(everything())
    colour["state"]["colour"] = "green"
    with pytest.raises(SnapshotError, match="'green' is not a Colour"):
        snapshot.decode(colour, Everything)


# --- every registered game ------------------------------------------------------------------
def playout(spec: GameSpec[Any, Any, Any], seats: int, seed: str, steps: int) -> list[Any]:
    """States met along a random legal playout (every few steps), ending with the last."""
    pick = random.Random(seed)
    state, log = engine.start(spec.rules, {}, seats, seed)
    states = [state]
    for step in range(steps):
        to_act = sorted(spec.rules.to_act(state))
        if not to_act:
            break
        seat = to_act[pick.randrange(len(to_act))]
        assert seat != CHANCE
        legal = list(spec.rules.legal_actions(state, seat))
        pick.shuffle(legal)
        for action in legal[:20]:
            # A game still being written may list an action it then refuses; the codec only
            # needs states, so try the next one (the game's own tests judge its legality).
            try:
                state, events = engine.play(spec.rules, state, seed, len(log), seat, action)
            except GameError:
                continue
            log.extend(events)
            break
        else:
            break
        if step % 7 == 0:
            states.append(state)
    states.append(state)
    replayed = engine.replay(spec.rules, {}, seats, seed, log)
    assert snapshot.dumps(snapshot.encode(replayed)) == snapshot.dumps(snapshot.encode(state))
    return states


def test_every_builtin_game_is_covered() -> None:
    for module in registry.BUILTIN_GAME_MODULES:
        assert module.rsplit(".", 1)[-1] in GAME_KEYS


@pytest.mark.parametrize("key", GAME_KEYS)
@settings(max_examples=8, deadline=None)
@given(data=st.data(), seed=st.integers(0, 10**6), steps=st.integers(0, 250))
def test_random_playout_states_round_trip(
    key: str, data: st.DataObject, seed: int, steps: int
) -> None:
    spec = registry.GAMES[key]
    seats = data.draw(st.integers(spec.min_seats, spec.max_seats), label="seats")
    for state in playout(spec, seats, f"snap{seed}", steps):
        encoded = snapshot.encode(state)
        text = snapshot.dumps(encoded)
        back = snapshot.decode(json.loads(text), type(state))
        assert back == state
        assert snapshot.dumps(snapshot.encode(back)) == text


@dataclass(frozen=True)
class Logged:
    lines: tuple[str, ...]
    note: str | None = None


def test_texts_keep_their_templates_through_a_snapshot() -> None:
    hit = Text("{tile} hits {hex} for {damage}", tile=Text.verbatim("Hunter"), hex="C4", damage=2)
    lines = (
        "plain",
        hit,
        Text.lines([Text("Battle!"), "as is", hit]),
        Text("{who} wins", who=Text("nobody")),
    )
    state = Logged(lines, Text("Done."))
    data = encode(state)
    assert data["state"]["lines"][0] == "plain"
    assert data["state"]["lines"][1] == {
        "$text": "{tile} hits {hex} for {damage}",
        "params": {"tile": "Hunter", "hex": "C4", "damage": 2},
    }
    back = decode(json.loads(dumps(data)), Logged)
    assert back == state
    czech = Catalogue({
        "{tile} hits {hex} for {damage}": "{tile} zasáhne {hex} za {damage}",
        "Battle!": "Bitva!",
        "{who} wins": "{who} vítězí",
        "nobody": "nikdo",
        "Done.": "Hotovo.",
    })  # fmt: skip
    assert (
        [say(line, czech) for line in back.lines]
        == [say(line, czech) for line in state.lines]
        == [
            "plain",
            "Hunter zasáhne C4 za 2",
            "Bitva!\nas is\nHunter zasáhne C4 za 2",
            "nikdo vítězí",
        ]
    )
    assert say(back.note or "", czech) == "Hotovo."


def test_a_text_with_an_unstorable_value_names_it() -> None:
    with pytest.raises(SnapshotError, match="cannot snapshot the value"):
        encode(Logged((Text("{x}", x=object()),)))
    with pytest.raises(SnapshotError, match="not a text"):
        decode(
            {
                "format": FORMAT,
                "type": type_name(Logged),
                "state": {"lines": [{"$x": 1}], "note": None},
            },
            Logged,
        )


class Catalogue(gettext.NullTranslations):
    """A catalogue from a dict: English message -> translation."""

    def __init__(self, table: dict[str, str]) -> None:
        super().__init__()
        self.table = table

    def gettext(self, message: str) -> str:
        """The translation of `message`, or itself."""
        return self.table.get(message, message)
