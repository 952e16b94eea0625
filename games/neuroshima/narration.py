"""A battle told in words, phase by phase, for channels, consoles and screen readers.

Said from the battle's summary alone (the same one its pictures are drawn from): who hit whom
for how much, which tiles nets held, which hits a Medic took, what each HQ lost and who fell.
Tiles are named by their owner, name and hex, players by the names the host gives the seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from games.neuroshima.attacks import HIT_KINDS
from games.neuroshima.board import Hex
from games.neuroshima.position import Position, netted
from games.neuroshima.state import AttackSummary, BattleSummary, PhaseSummary
from games.neuroshima.tiles import tile_type
from games.text import Text

INDENT = Text.verbatim("  ")


@dataclass(frozen=True, slots=True)
class Narration:
    """A battle in words: one heading line, then the lines of its phases."""

    heading: Text
    lines: tuple[Text, ...]

    @property
    def body(self) -> Text:
        """The phase lines as one text (empty when nothing happened)."""
        return Text.lines(self.lines)


def seat_called(seat: int, names: Sequence[str]) -> str:
    """The name of `seat` as the host gives it, else "Seat N"."""
    if 0 <= seat < len(names):
        return names[seat]
    return Text("Seat {seat}", seat=seat)


def heading(summary: BattleSummary) -> Text:
    """What battle this was: the final one, one a full board started, or a Battle tile's."""
    if summary.final:
        return Text("The final battle (turn {turn}):", turn=summary.turn)
    board = summary.before.board
    if len(summary.before.tiles) >= len(board):
        return Text("Battle, the board is full (turn {turn}):", turn=summary.turn)
    return Text("Battle (turn {turn}):", turn=summary.turn)


def narrate(summary: BattleSummary, names: Sequence[str] = ()) -> Narration:
    """The whole battle in words, said with the players' `names` (seat order)."""
    teller = _Teller(summary, names)
    return Narration(heading(summary), tuple(teller.lines()))


class _Teller:
    """Walks the phases keeping the position (for nets) and HQ hit points up to date."""

    def __init__(self, summary: BattleSummary, names: Sequence[str]) -> None:
        self.summary = summary
        self.names = names
        self.tiles = dict(summary.before.tiles)
        self.board = summary.before.board

    def tile(self, h: Hex) -> Text:
        placed = self.tiles.get(h)
        where = self.board.label(h)
        if placed is None:
            return Text.verbatim(where)
        name = _tile_name(placed.tile)
        if placed.owner is None or placed.owner < 0:
            return Text("neutral {tile} ({hex})", tile=name, hex=where)
        owner = seat_called(placed.owner, self.names)
        return Text("{player}'s {tile} ({hex})", player=owner, tile=name, hex=where)

    def _position(self) -> Position:
        return replace(self.summary.before, tiles=tuple(sorted(self.tiles.items())))

    def lines(self) -> list[Text]:
        out: list[Text] = []
        held = netted(self._position())
        if held:
            out.append(
                Text("Netted, these neither shoot nor strike: {tiles}.", tiles=self._list(held))
            )
        hp = self.summary.before.hq_hp
        for phase in self.summary.phases:
            out += self._phase(phase, hp)
            hp = phase.hq_hp or hp
            freed = held - netted(self._position()) - {d.hex for d in phase.destroyed}
            held = netted(self._position())
            if freed:
                out.append(_indented(Text("No longer netted: {tiles}.", tiles=self._list(freed))))
        if not self.summary.phases:
            out.append(Text("Nobody could hit anything."))
        for seat in self.summary.eliminated:
            out.append(
                Text(
                    "{player}'s HQ was destroyed: {player} is out.",
                    player=seat_called(seat, self.names),
                )
            )
        return out

    def _list(self, hexes: frozenset[Hex] | set[Hex]) -> Text:
        return Text.joined(", ", (self.tile(h) for h in sorted(hexes)))

    def _phase(self, phase: PhaseSummary, hp_before: Sequence[int]) -> list[Text]:
        out = [Text("Initiative {initiative}:", initiative=phase.initiative)]
        for hit in phase.attacks:
            out.append(_indented(self._hit(phase, hit)))
        out += [_indented(t) for t in self._headquarters(phase, hp_before)]
        if phase.destroyed:
            fallen = Text.joined(", ", (self.tile(d.hex) for d in phase.destroyed))
            out.append(_indented(Text("Destroyed: {tiles}.", tiles=fallen)))
        for d in phase.destroyed:
            self.tiles.pop(d.hex, None)
        return out

    def _hit(self, phase: PhaseSummary, hit: AttackSummary) -> Text:
        kind = HIT_KINDS.get(hit.kind) or Text.verbatim(hit.kind)
        attacker, target = self.tile(hit.attacker), self.tile(hit.target)
        saved = next(
            (a for a in phase.absorbed if a.protected == hit.target and a.attacker == hit.attacker),
            None,
        )
        if saved is not None:
            return Text(
                "{attacker} hits {target} ({kind}, {damage}), but {medic} takes the hit.",
                attacker=attacker, target=target, kind=kind, damage=hit.damage,
                medic=self.tile(saved.medic),
            )  # fmt: skip
        return Text(
            "{attacker} hits {target} for {damage} ({kind}).",
            attacker=attacker, target=target, damage=hit.damage, kind=kind,
        )  # fmt: skip

    def _headquarters(self, phase: PhaseSummary, hp_before: Sequence[int]) -> list[Text]:
        out: list[Text] = []
        pairs = zip(hp_before, phase.hq_hp, strict=False)
        for seat, (before, after) in enumerate(pairs):
            if after == before:
                continue
            player = seat_called(seat, self.names)
            if self.summary.before.scoring:
                out.append(
                    Text.plural(
                        "{player} scores {count} point.",
                        "{player} scores {count} points.",
                        after - before,
                        player=player,
                    )
                )
            else:
                lost, left = before - after, max(after, 0)
                told = Text.plural(
                    "{player}'s HQ loses {damage} ({count} left).",
                    "{player}'s HQ loses {damage} ({count} left).",
                    left,
                    player=player,
                    damage=lost,
                )
                out.append(told)
        return out


def _indented(line: Text) -> Text:
    return Text.joined("", (INDENT, line))


def _tile_name(tile: str) -> Text:
    try:
        return Text.verbatim(tile_type(tile).name)
    except KeyError:  # an unknown id is said as it is
        return Text.verbatim(tile)
