"""The full state of a Neuroshima Hex game between two actions.

A draw pile is stored as a sorted multiset: which tiles are left, never in which order. Draws
are chance steps that pick tiles at random from what is left, so the state cannot predict the
next draw and no view can leak an order that does not exist.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from games.base import Outcome, Seat
from games.neuroshima.board import Hex
from games.neuroshima.position import PlacedTile, Position


class Mode(Enum):
    """Who plays against whom."""

    DUEL = "duel"
    DEATHMATCH = "deathmatch"
    TEAMS = "teams"


class BomberMode(Enum):
    """How the Mad Bomber takes part (ru: "Безумный Подрывник")."""

    OFF = "off"
    NEUTRAL = "neutral"
    MERCENARY = "mercenary"


class Step(Enum):
    """What the game waits for."""

    PICK_MERCENARY = "pick_mercenary"
    PLACE_HQ = "place_hq"
    DRAW = "draw"
    DISCARD = "discard"
    PLAY = "play"
    PENDING = "pending"
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Options:
    """The lobby's choices, checked and completed by setup."""

    mode: Mode
    armies: tuple[str, ...]
    scoring: bool = False
    mercenaries: int = 0
    mad_bomber: BomberMode = BomberMode.OFF
    board_radius: int = 2

    @property
    def target_score(self) -> int:
        """Points that win at once in the scoring variant (a team counts together)."""
        return 40 if self.mode is Mode.TEAMS else 20


class PendingKind(Enum):
    """Decisions owed by a seat other than the one whose turn it is (or by it, for the bomber)."""

    PUSH = "push"
    GRAB = "grab"


@dataclass(frozen=True, slots=True)
class Pending:
    """A push or grab waiting for `seat` to choose where the moved tile ends up."""

    kind: PendingKind
    seat: Seat
    actor: Hex
    target: Hex
    options: tuple[Hex, ...]
    may_rotate: bool


@dataclass(frozen=True, slots=True)
class Change:
    """One visible change to the board: kind in placed/moved/rotated/pushed/grabbed/swapped/
    wounded/destroyed/removed/healed/exploded/used, with the tile as it is after the change.

    A wounded HQ has no tile (None) and `wounds` holds the hit points it lost (in the scoring
    variant: the points its attacker scored)."""

    kind: str
    hex: Hex | None
    from_hex: Hex | None
    tile: str | None
    seat: Seat | None
    facing: int | None = None
    """The tile's facing after the change (for a removed tile: the facing it had)."""
    wounds: int = 0
    """The tile's wounds after the change (for a removed tile: the wounds it had)."""


@dataclass(frozen=True, slots=True)
class AttackSummary:
    """One hit in a battle replay: who hit what, how, and how hard."""

    attacker: Hex
    target: Hex
    kind: str
    damage: int


@dataclass(frozen=True, slots=True)
class DestroyedTile:
    """A tile removed in a battle, with the initiative phase it fell in."""

    hex: Hex
    tile: str
    seat: Seat | None
    phase: int
    facing: int = 0


@dataclass(frozen=True, slots=True)
class Absorption:
    """A Medic that took every wound `attacker` dealt to `protected` in a phase."""

    medic: Hex
    protected: Hex
    attacker: Hex


@dataclass(frozen=True, slots=True)
class PhaseSummary:
    """One initiative phase of a battle, with the board's state at its end."""

    initiative: int
    attacks: tuple[AttackSummary, ...]
    destroyed: tuple[DestroyedTile, ...]
    """Every tile that left the board at the end of the phase."""
    hq_hp: tuple[int, ...] = ()
    """Each seat's HQ hit points (scoring variant: points) after the phase; () if unknown."""
    wounds: tuple[tuple[Hex, int], ...] = ()
    """Wounds of every wounded tile still on the board after the phase, by hex."""
    absorbed: tuple[Absorption, ...] = ()
    """Hits Medics took in the phase (the Medics themselves are among `destroyed`)."""

    def absorbed_hit(self, attack: AttackSummary) -> bool:
        """True when a Medic took this hit, so it dealt no wound."""
        return any(
            a.protected == attack.target and a.attacker == attack.attacker for a in self.absorbed
        )


@dataclass(frozen=True, slots=True)
class BattleSummary:
    """What the last battle did, enough to replay it picture by picture."""

    turn: int
    final: bool
    before: Position
    phases: tuple[PhaseSummary, ...]
    destroyed: tuple[DestroyedTile, ...]
    eliminated: tuple[Seat, ...]
    hq_hp: tuple[int, ...]
    log: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Highlight:
    """A key moment kept for the game-over picture: a battle, or an HQ falling outside one."""

    turn: int
    kind: str
    """"battle", "final_battle", or "hq_fell" (an HQ destroyed by an instant or explosion)."""
    hq_damage: tuple[int, ...] = ()
    """HQ hit points each seat lost (zeros in the scoring variant)."""
    points: tuple[int, ...] = ()
    """Points each seat scored (scoring variant; zeros otherwise)."""
    destroyed: tuple[int, ...] = ()
    """Tiles each seat lost."""
    eliminated: tuple[Seat, ...] = ()
    """Seats whose HQ fell, in the order they fell."""

    @property
    def weight(self) -> int:
        """How much happened: what decides which ordinary battles a full list forgets."""
        return 2 * (sum(self.hq_damage) + sum(self.points)) + sum(self.destroyed)

    @property
    def lasting(self) -> bool:
        """The final battle and eliminations are never forgotten."""
        return self.kind == "final_battle" or bool(self.eliminated)


MAX_HIGHLIGHTS = 12
"""Highlights kept; past it the ordinary battle with the least effect (oldest first) goes."""


def add_highlight(kept: tuple[Highlight, ...], new: Highlight) -> tuple[Highlight, ...]:
    """`kept` with `new` appended, trimmed back to MAX_HIGHLIGHTS."""
    out = [*kept, new]
    while len(out) > MAX_HIGHLIGHTS:
        forgettable = [i for i, h in enumerate(out) if not h.lasting]
        if not forgettable:
            break
        out.pop(min(forgettable, key=lambda i: (out[i].weight, i)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class TurnMarks:
    """Once-per-turn abilities already used in the current turn (by the hex the tile is on now)."""

    mobility: frozenset[Hex] = frozenset()
    unit_ability: frozenset[Hex] = frozenset()
    turn_over: frozenset[Hex] = frozenset()
    hq_rotation: bool = False
    draw_decided: bool = False
    """The seat has said which reserved mercenaries it takes in this turn's draw."""

    def moved(self, frm: Hex, to: Hex) -> TurnMarks:
        """The marks after the tile on `frm` went to `to` (marks travel with their tile)."""

        def follow(marks: frozenset[Hex]) -> frozenset[Hex]:
            return (marks - {frm}) | {to} if frm in marks else marks - {to}

        return TurnMarks(
            follow(self.mobility), follow(self.unit_ability), follow(self.turn_over),
            self.hq_rotation, self.draw_decided,
        )  # fmt: skip

    def swapped(self, a: Hex, b: Hex) -> TurnMarks:
        """The marks after the tiles on `a` and `b` changed places."""

        def swap(marks: frozenset[Hex]) -> frozenset[Hex]:
            out = marks - {a, b}
            return out | ({b} if a in marks else set()) | ({a} if b in marks else set())

        return TurnMarks(
            swap(self.mobility), swap(self.unit_ability), swap(self.turn_over),
            self.hq_rotation, self.draw_decided,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class State:
    """Everything about a game at one moment; replaced, never mutated."""

    options: Options
    order: tuple[Seat, ...]
    """Turn order (seat numbers); in teams 0,1,2,3 alternate between the teams (0,2) and (1,3)."""
    position: Position
    decks: tuple[tuple[str, ...], ...]
    """Each seat's draw pile as a sorted multiset."""
    hands: tuple[tuple[str, ...], ...]
    """Drawn tiles in front of each seat (open information)."""
    discards: tuple[tuple[str, ...], ...]
    """Discarded, used and destroyed tiles of each seat, oldest first."""
    reserves: tuple[tuple[str, ...], ...] = ()
    """Mercenaries each seat may still take instead of an army tile."""
    merc_pool: tuple[str, ...] = ()
    """Mercenaries nobody has picked yet."""
    step: Step = Step.PLACE_HQ
    active: Seat = 0
    turn: int = 0
    """Counts turns: HQ placements and mercenary picks first, then play turns."""
    first_draw_done: frozenset[Seat] = frozenset()
    eliminated: frozenset[Seat] = frozenset()
    final_waiting: frozenset[Seat] | None = None
    """After someone drew his last tile: seats that must still finish a turn before the final
    battle (None until then)."""
    marks: TurnMarks = TurnMarks()
    pending: Pending | None = None
    bomber_holder: Seat | None = None
    """Seat that takes the Mad Bomber as its first tile at its next draw."""
    bomber_gone: bool = False
    changes: tuple[tuple[int, Change], ...] = ()
    """Recent board changes with the turn they happened in (older turns are trimmed)."""
    turn_started: tuple[int, ...] = ()
    """The turn number of each seat's most recent turn (-1 before its first)."""
    previous_turn_started: tuple[int, ...] = ()
    """The turn number of each seat's turn before its most recent one (-1 if none)."""
    last_battle: BattleSummary | None = None
    highlights: tuple[Highlight, ...] = ()
    """Key moments of the whole game, bounded (MAX_HIGHLIGHTS), oldest first."""
    outcome: Outcome | None = None

    @property
    def seats(self) -> int:
        """How many seats play."""
        return len(self.order)

    @property
    def to_move(self) -> Seat:
        """The seat owing the next decision (the pending seat during a push or grab)."""
        return self.pending.seat if self.pending is not None else self.active

    def tile_at(self, h: Hex) -> PlacedTile | None:
        """The tile on hex `h`, if any."""
        for where, placed in self.position.tiles:
            if where == h:
                return placed
        return None

    def points(self) -> tuple[int, ...]:
        """Points of each seat in the scoring variant (its HQ counter), zeros otherwise."""
        if self.options.scoring:
            return self.position.hq_hp
        return (0,) * len(self.order)

    def alive(self) -> tuple[Seat, ...]:
        """Seats still in the game, in turn order."""
        return tuple(s for s in self.order if s not in self.eliminated)
