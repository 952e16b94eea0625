"""No sentence says a count without plural forms.

Czech, Russian and Polish each have three plural forms (1 zásah / 2 zásahy / 5 zásahů), and a
number next to a noun, or behind a label ("Turns played: {turns}"), can only be said right with
`Text.plural` (ngettext). Every message of the catalogues is checked, in its English (both forms
of a plural message, whose own `{count}` is what its forms agree with). A field is a count said
without plural forms when:

1. it is *named as a count* (COUNT_FIELDS: the names this project gives numbers of things),
   unless it is a bound or a fraction whose number agrees with nothing: right after a sign
   ("+{n} attack", "HQ −{damage}"), in a range ("1..{turns}", "{low}-{high}"), in "{a} of {b}"
   ("round 3 of 7", "3 of 5 solved": "3 z 7", "3 из 7", "3 z 7"), or after "at most", "at least",
   "more than" ("at most {turns}");
2. or it is *followed by a countable noun* (COUNTED_NOUNS, optionally behind one qualifier such
   as "rated" or "HQ hit"), or by "left" ("{count} left": Czech says "zbývá 1, zbývají 2, zbývá
   5"), unless the field names a thing rather than a number (THING_FIELDS: "{player} wins",
   "{model} moves" are a name and a verb);

and the code that says the message does not fill that field with a *plural fragment*: a
sentence with two counts is composed of fragments, each a `Text.plural` ("Initiative
{initiative}: {hits}, {wounds}" with `hits=Text.plural("{count} hit", "{count} hits", n)`). A
field is a fragment when the module saying the message fills a field of that name with an
expression holding a `Text.plural` (or `Text.plural_in_context`) call, a call of a function that
returns one, or a variable assigned from either (`hits=...`, `"hits": ...`).

NOT_COUNTS lists, field by field, the few messages where such a field is no count of things; each
says why.
"""

from __future__ import annotations

import ast
import re
import string
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Message

from bot.service import translating
from bot.service.i18n import localise
from games.text import Text
from tests.i18n.test_catalogues import DOMAINS, po

COUNT_FIELDS = frozenset({
    "count", "n", "turns", "tries", "solved", "wins", "won", "hits", "wounds", "saved", "lost",
    "deck", "days", "rounds", "missions", "repeats", "dropped", "tables", "more", "entries",
    "groups", "phases", "seats", "points",
})  # fmt: skip
"""Field names that hold a number of things wherever the project uses them (names that are also
lists, such as {players}, {tiles} or {moves}, are caught by the noun that follows a count)."""
COUNTED_NOUNS = (
    "players?", "games?", "seats?", "moves?", "hits?", "wounds?", "wound\\(s\\)", "tiles?",
    "tables?", "rounds?", "points?", "tokens?", "tries", "try", "turns?", "entries", "entry",
    "characters?", "targets?", "models?", "rays?", "mercenaries", "objectives?", "missions?",
    "hours?", "days?", "phases?", "cards?", "spaces?", "results?", "groups?", "meetings?",
    "meeting\\(s\\)", "steps?", "options?", "wins?", "ids?", "left",
)  # fmt: skip
QUALIFIERS = ("rated", "HQ hit", "hit", "threat", "chance", "score", "initiative", "repeat",
              "other", "order", "tile")  # fmt: skip
THING_FIELDS = frozenset({
    "player", "attacker", "target", "model", "crew", "threat", "defender", "winner", "winners",
    "last", "game", "round", "kind", "army", "action", "mode", "key", "who", "whose", "tile",
    "unit", "weapon", "name", "league", "shooter", "medic", "squad", "guard", "faction",
})  # fmt: skip
"""Fields that name a player, a piece or a thing: the word after them is a verb or a name."""

NOT_COUNTS: dict[tuple[str, str], str] = {
    ("  {rank}. {player}: {points} pts, Bh {bh}, SB {sb}, {record}", "points"): "league "
    "standings: half points (a drawn duel scores 0.5), abbreviated as chess tables do",
    ("  {rank}. {player} (out): {points} pts, Bh {bh}, SB {sb}, {record}", "points"): "the same",
    ("{points} pts", "points"): "the same standings, drawn",
    ("round {round} table {board}: {points} ({source}: {reason})", "points"): "a result "
    "written as the seats' scores ('1-0'), no count",
    ("round {round} table {board}: {points} ({source}: {reason}) by {actor}", "points"): "the same",
    ("Phases 1 · 2 · 3: {points}", "points"): "a list of three scores ('3 · 0 · 5')",
    ("No entry {n} on this panel: /panel shows it again.", "n"): "an entry's number, an ordinal",
    ("bad wounds {wounds} for {tile} on {hex}", "wounds"): "the wrong value a file gave, quoted",
    ("phase {phase}: {source} {kind} {wounds} -> {target}", "wounds"): "battle notation of one "
    "hit (source, kind, strength, target)",
    ("The reward {kind} {count} is not available.", "count"): "the reward as the command names "
    "it ('recoil 2')",
    ("{count} {kind}", "count"): "a tally of the bag (a token's name and its number)",
    ("#{card} {face} (you hold {count})", "count"): "copies said with no noun ('máte jich 3', "
    "'у вас их 3', 'masz ich 3' agree with nothing)",
    ("{threat} drains {lost} from {zone} reactor", "lost"): "energy cubes said with no noun, as "
    "'{threat} deals {amount}'",
    ("{threat} drains {lost} from {zone} shields", "lost"): "the same",
    ("A skirmish force has {low}-{high} {slot}, this list has {count}.", "count"): "compared "
    "with the slot's name said once (characters, troops, support)",
    (
        "Game {game} ({name}) waits for your move: about {left} left on your clock (until "
        "{until:day}).",
        "left",
    ): "a duration Babel writes in the reader's language ('5 hours')",
}
"""(message, field) -> why the field is not a count of things."""

_NOUN = re.compile(
    r"\{(\w+)[^{}]*\}(?: (?:" + "|".join(QUALIFIERS) + r"))? (?:" + "|".join(COUNTED_NOUNS) + r")"
    r"(?![\w(])"
)
_NO_AGREEMENT = re.compile(
    r"[-+−]\{(\w+)|\.\.\{(\w+)|\{(\w+)\}(?=-\{)|\{(\w+)\}(?= of )|of \{(\w+)\}"
    r"|(?:at most|at least|more than) \{(\w+)\}"
)


def counts_without_plural(message: str) -> set[str]:
    """The fields of a message without plural forms that the rule above says are counts."""
    names = {name for _, name, _, _ in string.Formatter().parse(message) if name}
    bounds = {g for m in _NO_AGREEMENT.finditer(message) for g in m.groups() if g}
    found = {name for name in names & COUNT_FIELDS if name not in bounds}
    found |= {m.group(1) for m in _NOUN.finditer(message) if m.group(1) not in THING_FIELDS}
    return {name for name in found if (message, name) not in NOT_COUNTS}


def _is_plural_call(node: ast.AST, helpers: frozenset[str]) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    plural = ("Text.plural", translating.PLURAL_IN_CONTEXT)
    return translating._callee(node) in plural or name in helpers


def _holds_plural(node: ast.AST, helpers: frozenset[str], variables: set[str]) -> bool:
    return any(
        _is_plural_call(n, helpers) or (isinstance(n, ast.Name) and n.id in variables)
        for n in ast.walk(node)
    )


@cache
def _trees() -> dict[Path, ast.Module]:
    paths = {p for domain in DOMAINS for p in translating.files(domain) if p.suffix == ".py"}
    return {p: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(paths)}


def _helpers_in(tree: ast.Module) -> frozenset[str]:
    """The functions of a module that return a plural Text (`_hits(n)`, `rounds_left(n)`)."""
    return frozenset(
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
        and any(
            isinstance(r, ast.Return) and r.value is not None
            and _is_plural_call(r.value, frozenset())
            for r in ast.walk(node)
        )
    )  # fmt: skip


@cache
def _plural_helpers() -> frozenset[str]:
    """The project's functions that return a plural Text (called from other modules too)."""
    return frozenset(name for tree in _trees().values() for name in _helpers_in(tree))


def fragments(tree: ast.Module) -> set[str]:
    """The fields a module fills with plural fragments (see the rule above)."""
    helpers = _plural_helpers() | _helpers_in(tree)
    variables = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and _holds_plural(node.value, helpers, set())
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            found |= {
                kw.arg for kw in node.keywords
                if kw.arg and _holds_plural(kw.value, helpers, variables)
            }  # fmt: skip
        elif isinstance(node, ast.Dict):
            found |= {
                k.value for k, v in zip(node.keys, node.values, strict=True)
                if isinstance(k, ast.Constant) and isinstance(k.value, str)
                and _holds_plural(v, helpers, variables)
            }  # fmt: skip
    return found


@cache
def filled_by_fragments() -> dict[str, frozenset[str]]:
    """Each English message (a plural one by either form) -> the fields that the modules saying
    it fill with plural fragments."""
    found: dict[str, set[str]] = {}
    for path, tree in _trees().items():
        filled = fragments(tree)
        for _, _, said, _ in translating.scan(path.read_text(encoding="utf-8")).found:
            messages = said[-2:] if isinstance(said, tuple) and len(said) == 2 else (said,)
            for message in messages:
                found.setdefault(str(message), set()).update(filled)
    return {message: frozenset(names) for message, names in found.items()}


def bent(message: Message) -> list[tuple[str, list[str]]]:
    """The forms of a catalogue message that say a count without plural forms, with its fields."""
    forms = [str(f) for f in message.id] if message.pluralizable else [str(message.id)]
    own = {"count"} if message.pluralizable else set()
    out = []
    for form in forms:
        fields = counts_without_plural(form) - own - filled_by_fragments().get(form, frozenset())
        if fields:
            out.append((form, sorted(fields)))
    return out


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_count_next_to_a_noun_has_plural_forms(domain: str) -> None:
    found = [said for message in po(domain) if message.id for said in bent(message)]
    assert found == [], "say these with Text.plural (plural fragments for two counts)"


def test_every_exception_is_still_said() -> None:
    said = {str(m.id) for domain in DOMAINS for m in po(domain) if m.id and not m.pluralizable}
    assert [key for key in NOT_COUNTS if key[0] not in said] == []


FRAGMENTS = """
from games.text import Text


def _shots(n: int) -> Text:
    return Text.plural("{count} hit", "{count} hits", n)


def line(n: int, w: int, fast: bool) -> Text:
    deck = Text.plural("{count} in deck", "{count} in deck", n)
    said = {"wounds": Text.plural("{count} wound", "{count} wounds", w)}
    return Text("{hits}, {wounds}, {deck}, {turns}", hits=_shots(n), deck=deck, turns=n, **said)
"""


def test_a_field_filled_with_a_plural_fragment_is_not_a_bent_count() -> None:
    assert fragments(ast.parse(FRAGMENTS)) == {"hits", "wounds", "deck"}


def test_a_fragment_in_another_case_is_extracted_with_its_context() -> None:
    source = 'Text.plural_in_context("wounds an HQ takes", "{count} wound", "{count} wounds", n)'
    found = [(how, said) for _, how, said, _ in translating.scan(source).found]
    assert found == [("npgettext", ("wounds an HQ takes", "{count} wound", "{count} wounds"))]
    said = Text.plural_in_context("wounds an HQ takes", "{count} wound", "{count} wounds", 1)
    assert localise(said, "ru") == "1 рану"
    assert localise(said.refill(), "pl") == "1 ranę"
    assert localise(Text.plural("{count} wound", "{count} wounds", 1), "ru") == "1 рана"


@pytest.mark.parametrize(
    ("message", "fields"),
    [
        ("Turns played: {turns}", {"turns"}),
        ("Initiative {initiative}: {hits} hits, {wounds} wounds", {"hits", "wounds"}),
        ("({seats} seats, {moves} moves)", {"seats", "moves"}),
        ("{rating} ({tries} rated tries, {solved} solved)", {"tries", "solved"}),
        ("  {rank}. {player}: {rating} ({games} games)", {"games"}),
        ("{count} in all", {"count"}),
        ("HQ {hp}, {deck} in deck", {"deck"}),
        ("{player}'s HQ loses {damage} ({left} left).", {"left"}),
        ("Win by at least {points} HQ hit points.", {"points"}),
        ("{unit} has {low}-{high} models", {"high"}),
        ("Turn {number}", set()),
        ("round {played} of {total}", set()),
        ("+{n} attack", set()),
        ("{player} wins", set()),
        ("Threat {id}: 'turn' must be 1..{turns}.", set()),
        ("{crew} works on {target} ({count} of 3)", set()),
    ],
)
def test_the_rule_finds_counts_and_spares_ordinals(message: str, fields: set[str]) -> None:
    assert counts_without_plural(message) == fields
