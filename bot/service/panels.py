"""A game's private panel as data: the steps of each move it offers, drawn by any front-end.

A panel's main screen offers flows: a move made step by step (pick a tile, pick a hex, turn the
tile with a live preview, confirm), each shown by its first step; then, when the game wants
them, the seat's other legal moves and an undo. A step says which option of the move it fills,
where its choices come from and how it is shown (a menu, a row of buttons, a turn with a
preview); the front-ends draw any game's steps with one component set (`bot.service.panel_flow`
answers their clicks), and every finished flow ends in a command the rules check again.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.service.commands.spec import Suggestion
from bot.service.outbox import Image, PrivateUpdate, Reply
from bot.service.plugin import GamePlugin, installed, plugin_for
from games.text import Text

if TYPE_CHECKING:
    from bot.service.commands.frontend import Seat
    from bot.service.service import Service, UserId

CLOSE = "close"
"""After a move the panel says what was played and closes (a fresh one comes with the turn)."""
REDRAW = "redraw"
"""After a move the panel is redrawn in place: its image is a live preview of the plan."""
RESERVED_OPS = frozenset({"act", "do", "undo", "back", "fresh"})
"""Operations every panel understands: other moves, one-word moves, undo, back, fresh panel."""


@dataclass(slots=True)
class Ask:
    """What a step's source is asked with: who, in which game, and what is picked so far."""

    service: Service
    game: int
    user: int
    seat: int
    picked: dict[str, str] = field(default_factory=dict)
    memo: dict[str, Any] = field(default_factory=dict)
    stamp: tuple[int, int, int] = (0, 0, 0)
    """Game, seat and panel version of the panel being answered."""
    """What one answer's sources share (a game's panel state read once, not once per menu)."""


Source = Callable[[Ask], Awaitable[Sequence[Suggestion]]]
"""The choices of a step, given what is picked so far."""
Preview = Callable[[Ask], Awaitable[Image | None]]
"""The image a turn step shows for the value it is turned to."""
Play = Callable[[Ask], Awaitable[Reply]]
"""The move a finished flow plays (its picked values in `Ask.picked`)."""
Label = Callable[[Ask], Awaitable[Text | None]]
"""A button's label now (None: the button is not offered now)."""
SeatLookup = Callable[["Service", int, "UserId"], Awaitable["Seat | None"]]
"""The user's seat in a game as the panel stamps it (version: what makes a panel out of date)."""
Content = Callable[["Service", int, "UserId"], Awaitable[PrivateUpdate | None]]
"""The panel's own text and images for a user (None: the hand as the service shows it)."""
Moves = Callable[[Ask], Awaitable[Sequence[str]]]
"""The seat's legal moves as they are typed."""
Act = Callable[[Ask, str], Awaitable[Reply]]
"""Play one legal move, as typed."""


@dataclass(frozen=True, slots=True)
class Pick:
    """Pick one value of `option` from a menu (or, with `buttons`, from a row of buttons)."""

    option: str
    placeholder: Text | str = ""
    """The menu's placeholder; its fields are the values picked so far."""
    prompt: Text | None = None
    """The panel's text when this step is reached after another (fields: the picked values)."""
    choices: Source | None = None
    """Where the choices come from (None: the legal values of the flow's command option)."""
    buttons: bool = False
    op: str = ""
    """The step's name in component ids (default: the option's)."""

    @property
    def name(self) -> str:
        """The step's name in component ids."""
        return self.op or self.option


@dataclass(frozen=True, slots=True)
class Turn:
    """Step through the values of `option` with a live preview (left, right), then confirm."""

    option: str
    prompt: Text
    """The panel's text next to the preview (fields: the picked values and `option`)."""
    preview: Preview | None = None
    choices: Source | None = None
    rotate: str = "rot"
    confirm: str = "ok"

    @property
    def name(self) -> str:
        """The step's name in component ids (its rotate buttons)."""
        return self.rotate


Step = Pick | Turn


@dataclass(frozen=True, slots=True)
class Flow:
    """A move made by filling its options step by step; the main screen shows its first step."""

    steps: tuple[Step, ...]
    command: str = ""
    """The game's catalogue command played at the end (e.g. 'place' of /neuroshima place)."""
    play: Play | None = None
    """How the move is played when it is not one catalogue command."""

    @property
    def op(self) -> str:
        """The name of its first step (the main screen's component)."""
        return self.steps[0].name


@dataclass(frozen=True, slots=True)
class Press:
    """A button of the main screen that plays one move at once (Space Alert's lock-in)."""

    op: str
    label: Label
    play: Play
    tone: str = "success"


@dataclass(frozen=True, slots=True)
class Switch:
    """A menu choosing what the main screen shows (whose board); every id carries its value."""

    option: str
    placeholder: Text
    """The menu's placeholder; the field named like `option` is the name of the value shown."""
    choices: Source
    """The values to switch between (fewer than two: no menu)."""
    current: Callable[[Ask], Awaitable[str]]
    """The value shown when nothing is switched yet."""


@dataclass(frozen=True, slots=True)
class Panel:
    """Everything a front-end needs to draw one game's private panel and answer its clicks."""

    flows: tuple[Flow | Press, ...] = ()
    switch: Switch | None = None
    moves: bool = True
    """The seat's other legal moves as menus, and one-word moves as buttons."""
    undo: bool = True
    after_move: str = CLOSE
    seat: SeatLookup | None = None
    """The seat and its panel version (None: the seat and the game's version)."""
    content: Content | None = None
    ids: tuple[str, str] = ("ms", "mp")
    """Prefixes of its menus' and buttons' component ids (kept: panels already sent carry them)."""
    legal: Moves | None = None
    """The other moves offered (None: the game's legal moves, as the service lists them)."""
    act: Act | None = None
    """How another move is played (None: the game's `act` command)."""
    take_back: Play | None = None
    """How undo is played (None: the `/undo` command)."""
    closes: Callable[[Reply], bool] | None = None
    """Whether a move's reply closes a panel that is otherwise redrawn (a puzzle's battle)."""
    stale: Text | None = None
    """What a click on an out-of-date panel is told (None: each front-end's words, with a fresh
    panel offered): a panel over no game has no fresh one to offer."""

    def __post_init__(self) -> None:
        ops = [self.switch.option] if self.switch else []
        for flow in self.flows:
            if isinstance(flow, Press):
                ops.append(flow.op)
                continue
            for step in flow.steps:
                ops += [step.rotate, step.confirm] if isinstance(step, Turn) else [step.name]
        taken = set(RESERVED_OPS if self.moves or self.undo else {"back", "fresh"})
        if len(set(ops)) != len(ops) or taken & set(ops):
            raise ValueError(f"a panel's steps need names of their own: {ops}")

    def find(self, op: str) -> tuple[Flow, int] | None:
        """The flow and step index an operation names (a Turn's confirm: its own index)."""
        for flow in self.flows:
            if isinstance(flow, Flow):
                for at, step in enumerate(flow.steps):
                    names = (step.rotate, step.confirm) if isinstance(step, Turn) else (step.name,)
                    if op in names:
                        return flow, at
        return None

    def press(self, op: str) -> Press | None:
        """The main-screen button an operation names."""
        return next((f for f in self.flows if isinstance(f, Press) and f.op == op), None)


GENERIC = Panel()
"""The panel of a game that describes none: its legal moves as menus and buttons, and undo."""


def panel_for(game_key: str) -> Panel:
    """The panel a game describes (its plug-in's `panel`), or the generic one."""
    plugin = plugin_for(game_key)
    return plugin.panel if plugin is not None and plugin.panel is not None else GENERIC


def id_prefixes(
    plugins: Sequence[GamePlugin] | None = None,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The menu and button id prefixes of the generic panel and of every panel `plugins`
    describe (default: the installed ones), so components sent before a restart still route."""
    found = installed() if plugins is None else plugins
    panels = [GENERIC, *(p.panel for p in found if p.panel is not None)]
    menus = tuple(dict.fromkeys(p.ids[0] for p in panels))
    buttons = tuple(dict.fromkeys(p.ids[1] for p in panels))
    return menus, buttons
