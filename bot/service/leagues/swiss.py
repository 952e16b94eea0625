"""Swiss pairings by maximum-weight matching: duels, and 4-player tables by score groups.

Priorities, each absolute over the next: nobody gets a second bye, no rematch, the smallest
score differences, first-player (seat) balance, top half against bottom half within a score
group, then a seeded tie-break. Tables of four are two matchings: players into pairs, then
pairs into tables; a field that does not divide by four gets 3-player tables when the mode
allows them, else byes for the lowest-ranked players without one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from bot.service.leagues.matching import FULL_LIMIT, Cost, Virtual, blocked
from games.text import Text

BYE = Virtual("BYE")
GHOST = "ghost"


@dataclass(frozen=True, slots=True)
class Player:
    """What Swiss pairing knows of an entrant: standing, score, byes and seat history."""

    id: int
    score: float
    byes: int = 0
    balance: int = 0
    last_first: bool | None = None
    firsts: int = 0


@dataclass(frozen=True, slots=True)
class Pairing:
    """Tables (entrants in seat order, the first player first), byes, and why."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]
    why: tuple[Text, ...]


def ref(entrant: int) -> str:
    """How an explanation names an entrant ('#12'); the league fills in the name when shown."""
    return f"#{entrant}"


def _scored(entrant: int, score: float) -> Text:
    """'#12 (2.5)': an entrant with its score, the reference kept apart for naming."""
    said = Text.joined("", [Text.verbatim("("), Text.figure(score), Text.verbatim(")")])
    return Text.joined(" ", [Text.verbatim(ref(entrant)), said])


def _q(score: float) -> int:
    # Scores are multiples of 1/4 at worst (shared places at short tables), so x4 is exact.
    return round(score * 4)


def _noise(seed: str, a: int, b: int) -> int:
    lo, hi = min(a, b), max(a, b)
    return random.Random(f"{seed}:{lo}:{hi}").randrange(8)


def _preference(p: Player) -> int:
    """+1 wants to go first, -1 second, 0 no preference; doubled when the imbalance is big."""
    if p.balance:
        sign = -1 if p.balance > 0 else 1
        return sign * (2 if abs(p.balance) >= 2 else 1)
    if p.last_first is None:
        return 0
    return -1 if p.last_first else 1


class _Duels:
    def __init__(
        self, players: Sequence[Player], met: Mapping[frozenset[int], int], seed: str
    ) -> None:
        self.players = {p.id: p for p in players}
        self.rank = {p.id: i for i, p in enumerate(players)}
        self.met = met
        self.seed = seed
        self.low = min((_q(p.score) for p in players), default=0)
        self.place: dict[int, tuple[int, int]] = {}
        for _, group in groupby(players, key=lambda p: _q(p.score)):
            members = list(group)
            for i, p in enumerate(members):
                self.place[p.id] = (i, len(members) // 2)

    def group(self, entrant: int) -> int:
        return _q(self.players[entrant].score)

    def cost(self, a: object, b: object) -> Cost | None:
        if isinstance(a, Virtual) and isinstance(b, Virtual):
            return None
        if isinstance(a, Virtual) or isinstance(b, Virtual):
            virtual, other = (a, b) if isinstance(a, Virtual) else (b, a)
            assert isinstance(other, int)
            who = self.players[other]
            repeat = who.byes if virtual is BYE else 0
            lift = (_q(who.score) - self.low) ** 2
            return (repeat, 0, lift, 0, len(self.rank) - self.rank[who.id], 0)
        assert isinstance(a, int) and isinstance(b, int)
        pa, pb = self.players[a], self.players[b]
        rematch = self.met.get(frozenset((a, b)), 0)
        gap = (_q(pa.score) - _q(pb.score)) ** 2
        wa, wb = _preference(pa), _preference(pb)
        clash = min(abs(wa), abs(wb)) if wa * wb > 0 else 0
        fold = 0
        if _q(pa.score) == _q(pb.score):
            # Top half meets bottom half: place i of a group ideally meets place i + half.
            (ia, half), (ib, _) = self.place[a], self.place[b]
            fold = abs(abs(ia - ib) - half)
        return (0, rematch, gap, clash, fold, _noise(self.seed, a, b))


def _first(a: Player, b: Player, board: int) -> bool:
    """True when `a` (the higher-ranked) plays first at this board."""
    wa, wb = _preference(a), _preference(b)
    if wa != wb:
        return wa > wb
    return board % 2 == 1


def duels(
    players: Sequence[Player], met: Mapping[frozenset[int], int], seed: str, round_no: int
) -> Pairing:
    """Pair duels; `players` in standings order (best first)."""
    d = _Duels(players, met, seed)
    groups: list[list[int]] = [list(g) for _, g in groupby((p.id for p in players), d.group)]
    pairs = blocked(groups, d.cost, lambda c: c[0] > 0 or c[1] > 0, BYE)
    tables: list[tuple[int, ...]] = []
    byes: list[int] = []
    ordered = sorted(
        pairs, key=lambda p: min(d.rank.get(x, 10**9) for x in p if isinstance(x, int))
    )
    why = [
        Text(
            "Swiss round {round}: {players} in {groups}; the matching avoids second byes, then"
            " rematches, then score gaps, then first-player imbalance, then pairs top half"
            " against bottom half.",
            round=round_no,
            players=Text.plural("{count} player", "{count} players", len(players)),
            groups=Text.plural("{count} score group", "{count} score groups", len(groups)),
        )
    ]
    for pair in ordered:
        if BYE in pair:
            who = d.players[next(x for x in pair if isinstance(x, int))]
            byes.append(who.id)
            bye = Text(
                "Bye: {player} ({score:g}), the lowest-ranked without a bye"
                " (a second bye: nobody else could take it)."
                if who.byes
                else "Bye: {player} ({score:g}), the lowest-ranked without a bye.",
                player=ref(who.id),
                score=who.score,
            )
            why.append(bye)
            continue
        a, b = sorted(
            (d.players[x] for x in pair if isinstance(x, int)), key=lambda p: d.rank[p.id]
        )
        board = len(tables) + 1
        first, second = (a, b) if _first(a, b, board) else (b, a)
        tables.append((first.id, second.id))
        why.append(_duel_why(board, first, second, met))
    return Pairing(tuple(tables), tuple(byes), tuple(why))


def _duel_why(board: int, first: Player, second: Player, met: Mapping[frozenset[int], int]) -> Text:
    parts = [
        Text(
            "Table {board}: {first} v {second}",
            board=board,
            first=_scored(first.id, first.score),
            second=_scored(second.id, second.score),
        )
    ]
    if first.score == second.score:
        parts.append(Text("same score group"))
    else:
        hi, lo = (first, second) if first.score > second.score else (second, first)
        parts.append(
            Text("{higher} floats down to meet {lower}", higher=ref(hi.id), lower=ref(lo.id))
        )
    if met.get(frozenset((first.id, second.id)), 0):
        parts.append(Text("a rematch: no pairing of the rest avoided one"))
    wa, ws = _preference(first), _preference(second)
    if wa > ws:
        parts.append(
            Text(
                "{player} plays first (first-player balance {balance:+d}).",
                player=ref(first.id),
                balance=first.balance,
            )
        )
    else:
        parts.append(Text("{player} plays first (alternating by table).", player=ref(first.id)))
    return Text.joined("; ", parts)


def _ids(pairs: Sequence[tuple[object, object]]) -> list[tuple[int, int]]:
    out = []
    for a, b in pairs:
        assert isinstance(a, int) and isinstance(b, int)
        out.append((a, b))
    return out


def tables(
    players: Sequence[Player],
    met: Mapping[frozenset[int], int],
    seed: str,
    round_no: int,
    size: int = 4,
    short_ok: bool = True,
) -> Pairing:
    """Tables of `size` by score groups; short tables (size - 1) or byes absorb the rest."""
    n = len(players)
    ghosts = (size - n % size) % size
    byes: list[Player] = []
    if ghosts and (not short_ok or n < (size - 1) * ghosts):
        # Byes for the lowest-ranked entrants who have had fewest byes.
        pool = sorted(enumerate(players), key=lambda ip: (ip[1].byes, -ip[0]))
        byes = [p for _, p in pool[: n % size]]
        ghosts = 0
    seated = [p for p in players if p not in byes]
    rank = {p.id: i for i, p in enumerate(seated)}
    # Ghost seats (empty places of short tables) get ids no entrant has (AI ids are negative).
    base = min([0, *(p.id for p in seated)]) - 1
    ghost_ids = [base - i for i in range(ghosts)]
    rank.update({g: len(seated) + i for i, g in enumerate(ghost_ids)})
    by_id = {p.id: p for p in seated}
    low = min((_q(p.score) for p in seated), default=0)

    penalty: dict[frozenset[int], int] = {}
    opponents: dict[int, set[int]] = {}
    for pair, times in met.items():
        if times:
            for x in pair:
                opponents.setdefault(x, set()).update(pair - {x})

    def pair_cost(a: object, b: object) -> Cost | None:
        if isinstance(a, Virtual) or isinstance(b, Virtual):
            other = b if isinstance(a, Virtual) else a
            if not isinstance(other, int):
                return None
            # The float down to the next block: the lowest-ranked, like a ghost seat.
            if other in ghost_ids:
                return (0, 0, 0, 0, 0, 0)
            who = by_id[other]
            return (0, 0, (_q(who.score) - low) ** 2, 0, len(seated) - rank[who.id], 0)
        assert isinstance(a, int) and isinstance(b, int)
        if a in ghost_ids and b in ghost_ids:
            return None
        if a in ghost_ids or b in ghost_ids:
            who = by_id[b if a in ghost_ids else a]
            return (0, 0, (_q(who.score) - low) ** 2, 0, len(seated) - rank[who.id], 0)
        rematch = met.get(frozenset((a, b)), 0)
        gap = (_q(by_id[a].score) - _q(by_id[b].score)) ** 2
        tried = penalty.get(frozenset((a, b)), 0)
        # Partners who met the same people leave more tables free of repeat meetings.
        apart = len(opponents.get(a, set()) ^ opponents.get(b, set()))
        noise = _noise(f"{seed}:{len(tries)}", a, b)
        return (rematch, tried, gap, apart, abs(rank[a] - rank[b]), noise)

    order = [p.id for p in seated] + ghost_ids
    groups = [
        list(g) for _, g in groupby(order, key=lambda i: _q(by_id[i].score) if i in by_id else -1)
    ]
    best: list[tuple[int, ...]] = []
    best_key = (10**9, 10**9)
    tries: list[int] = []
    for attempt in range(ATTEMPTS if n <= FULL_LIMIT else 2):
        tries.append(attempt)
        pairs = _ids(blocked(groups, pair_cost, lambda c: c[0] > 0, None, exact=False))
        result = _quads(pairs, rank, by_id, met, seed, size)
        repeats = [t for t in result if _repeats(t, met)]
        key = (sum(_repeats(t, met) for t in result), sum(_spread(t, by_id) for t in result))
        if key < best_key:
            best, best_key = result, key
        if not repeats:
            break
        # Pairs that ended at a table with a repeat meeting are discouraged next time.
        for t in repeats:
            for a, b in pairs:
                if a in t and b in t:
                    penalty[frozenset((a, b))] = penalty.get(frozenset((a, b)), 0) + 1
    result = best
    why = [
        Text(
            "Swiss round {round}: tables of {size} by score groups ({tables}); matchings pair"
            " players, then pairs into tables, avoiding repeat meetings first.",
            round=round_no,
            size=size,
            tables=Text.plural("{count} table", "{count} tables", len(result)),
        )
    ]
    for board, table in enumerate(result, start=1):
        shown = Text.joined(", ", (_scored(i, by_id[i].score) for i in table))
        again = sum(met.get(frozenset((a, b)), 0) for a in table for b in table if a < b)
        said = {"board": board, "players": shown, "first": ref(table[0])}
        line = (
            Text.plural(
                "Table {board}: {players}; {first} starts (fewest first turns);"
                " {count} repeat meeting could not be avoided.",
                "Table {board}: {players}; {first} starts (fewest first turns);"
                " {count} repeat meetings could not be avoided.",
                again,
                **said,
            )
            if again
            else Text("Table {board}: {players}; {first} starts (fewest first turns).", **said)
        )
        why.append(line)
    for p in byes:
        bye = Text(
            "Bye: {player} ({score:g}), lowest-ranked with the fewest byes.",
            player=ref(p.id),
            score=p.score,
        )
        why.append(bye)
    return Pairing(tuple(result), tuple(p.id for p in byes), tuple(why))


ATTEMPTS = 12


def _repeats(table: tuple[int, ...], met: Mapping[frozenset[int], int]) -> int:
    return sum(met.get(frozenset((a, b)), 0) for a in table for b in table if a < b)


def _spread(table: tuple[int, ...], by_id: Mapping[int, Player]) -> int:
    scores = [_q(by_id[i].score) for i in table]
    return (max(scores) - min(scores)) ** 2


def _quads(
    pairs: Sequence[tuple[int, int]],
    rank: Mapping[int, int],
    by_id: Mapping[int, Player],
    met: Mapping[frozenset[int], int],
    seed: str,
    size: int,
) -> list[tuple[int, ...]]:
    """Pairs matched into tables; each table seated with the fewest first turns first."""
    duos = sorted((tuple(sorted(p, key=rank.__getitem__)) for p in pairs), key=lambda p: rank[p[0]])
    index = dict(enumerate(duos))

    def group_cost(x: object, y: object) -> Cost | None:
        if isinstance(x, Virtual) or isinstance(y, Virtual):
            return None if isinstance(x, Virtual) and isinstance(y, Virtual) else (0, 0, 0, 0)
        assert isinstance(x, int) and isinstance(y, int)
        p, q = index[x], index[y]
        people = [i for i in (*p, *q) if i in by_id]
        if len(people) < size - 1:
            return None
        rematch = sum(met.get(frozenset((a, b)), 0) for a in p for b in q)
        return (rematch, _spread(tuple(people), by_id), abs(rank[p[0]] - rank[q[0]]),
                _noise(seed, p[0], q[0]))  # fmt: skip

    quads = _ids(blocked([list(index)], group_cost, lambda c: c[0] > 0, None, exact=False))
    result: list[tuple[int, ...]] = []
    for x, y in sorted(quads, key=lambda xy: min(rank[i] for i in (*index[xy[0]], *index[xy[1]]))):
        people = [by_id[i] for i in (*index[x], *index[y]) if i in by_id]
        # The first seat goes to whoever has started least often, then by standing.
        people.sort(key=lambda pl: (pl.firsts, rank[pl.id]))
        result.append(tuple(pl.id for pl in people))
    return result
