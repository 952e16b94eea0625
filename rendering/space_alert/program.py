"""A player's private image, sent by DM: their program board(s), their hand, the announcements.

Built from that player's own view (the seat's cards and the androids the crew programs); the
channel's view is refused, since it has no hand to show.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from PIL import Image

from games.space_alert.cards import Card, card_numbers
from games.space_alert.ship import PHASES
from games.space_alert.view import BoardView, View
from games.text import Text
from rendering.assets import CONDENSED_BOLD, REGULAR, text_width
from rendering.canvas import png_bytes
from rendering.space_alert.bridge import mission_title
from rendering.space_alert.style import (
    BEAM,
    BODY_PX,
    CELL_EDGE,
    DIM,
    GOOD,
    HEAD_PX,
    HULL,
    INK,
    LABEL_BG,
    MARGIN,
    MUTED,
    PAPER,
    SHIELD_PIP,
    SMALL_PX,
    SPACE,
    STATION,
    TEXT,
    TITLE_PX,
    WIDTH,
    ZONE_FILL,
    Painter,
    Say,
    fit,
)

NAME_W = 132
SLOT_H = 84
GROUP_GAP = 14
SLOT_GAP = 4
SLOT_W = (WIDTH - 2 * MARGIN - NAME_W - 2 * GROUP_GAP - 11 * SLOT_GAP) // 12
CARD_W, CARD_H, CARD_GAP = 116, 156, 12
NUMBER_H = 20
"""The line under each card with its numbers (what `card:` takes)."""
NUMBER_LINE = 18
"""Each further line of numbers, when a kind's numbers do not fit under its card."""
ROW_H = CARD_H + NUMBER_H + CARD_GAP
HEROIC: tuple[int, int, int] = (240, 200, 90)
ACTION_COLOUR = {"A": BEAM, "B": SHIELD_PIP, "C": GOOD, "bots": PAPER}
ACTION_CAPTION = {
    "A": Text("fire"),
    "B": Text("energy"),
    "C": Text("button C"),
    "bots": Text("battlebots"),
}
MOVE_GLYPH = {"red": "←", "blue": "→", "lift": "↕"}
MOVE_CAPTION = {"red": Text("to red"), "blue": Text("to blue"), "lift": Text("lift")}
MOVE_COLOUR = {"red": ZONE_FILL["red"], "blue": ZONE_FILL["blue"], "lift": PAPER}
STATION_NAMES = {
    "upper_red": Text("upper red"),
    "upper_white": Text("upper white"),
    "upper_blue": Text("upper blue"),
    "lower_red": Text("lower red"),
    "lower_white": Text("lower white"),
    "lower_blue": Text("lower blue"),
}
HEROIC_CAPTION = Text("heroic")


def half_face(play: str, say: Say = str) -> tuple[str, list[str], tuple[int, int, int]]:
    """How a half reads: big glyph, caption lines, colour ('Hmove:lower_red' -> heroic move)."""
    if play.startswith("Hmove:"):
        return "★", [say(HEROIC_CAPTION), say(STATION_NAMES[play[6:]])], HEROIC
    if play.startswith("H"):
        plain = play[1:]
        glyph = "⚙" if plain == "bots" else plain
        return glyph, [say(HEROIC_CAPTION), say(ACTION_CAPTION[plain])], HEROIC
    if play in MOVE_GLYPH:
        return MOVE_GLYPH[play], [say(MOVE_CAPTION[play])], MOVE_COLOUR[play]
    glyph = "⚙" if play == "bots" else play
    return glyph, [say(ACTION_CAPTION[play])], ACTION_COLOUR[play]


def _phase_of(slot: int) -> int:
    return next(i for i, (a, b) in enumerate(PHASES, 1) if a <= slot <= b)


def program_image(view: View, names: Sequence[str] | None = None, say: Say = str) -> Image.Image:
    """The private program image of the view's seat."""
    return program_painter(view, names, say).finish()


def program_png(view: View, names: Sequence[str] | None = None, say: Say = str) -> bytes:
    """The private program image as PNG bytes."""
    return png_bytes(program_image(view, names, say))


def _boards(view: View) -> list[BoardView]:
    own = [b for b in view.boards if b.seat == view.seat]
    return own + [b for b in view.boards if b.visible and b.seat != view.seat]


def program_painter(view: View, names: Sequence[str] | None = None, say: Say = str) -> Painter:
    """The program image before its texts are drawn (tests read the texts)."""
    if view.seat is None:
        raise ValueError("the program image is private: render it from the player's own view")
    boards = _boards(view)
    groups = sorted(Counter(_card_key(c) for c in view.hand).items())
    rows = max(1, -(-len(groups) // 8))
    news = len(view.announcements)
    height = 104 + len(boards) * (SLOT_H + 44) + 42 + rows * _row_h(view)
    height += 48 + max(1, -(-news // 2)) * 22 + 16
    p = Painter(Image.new("RGB", (WIDTH, height), SPACE))
    me = names[view.seat] if names is not None and view.seat < len(names) else f"P{view.seat + 1}"
    own = next((b for b in view.boards if b.seat == view.seat), None)
    title = say(Text("Your program · {name}", name=Text.verbatim(me)))
    p.text((MARGIN, 16), title, TITLE_PX, TEXT)
    status = fit(say(_status(view, own)), 16, WIDTH - 2 * MARGIN, REGULAR)
    p.text((MARGIN, 56), status, 16, MUTED, "la", REGULAR)
    y = 104
    for board in boards:
        _board(p, view, board, y, say)
        y += SLOT_H + 44
    y = _hand(p, view, groups, y + 8, say)
    _announcements(p, view, y + 10, say)
    return p


STAGES = {
    "prepare": Text("prepare"),
    "open_phase": Text("open phase"),
    "planning": Text("planning"),
    "resolve": Text("resolve"),
    "debrief": Text("debrief"),
    "repair": Text("repair"),
    "stow_bots": Text("stow bots"),
    "over": Text("over"),
}
"""A stage as the status line names it (as the rules' stage keys read)."""


def _status(view: View, own: BoardView | None) -> Text:
    parts = [mission_title(view.mission)]
    if view.stage == "planning" and view.open_turns is not None:
        first, last = view.open_turns
        parts.append(
            Text(
                "phase {phase}: program turns {first}-{last}",
                phase=view.phase,
                first=first,
                last=last,
            )
        )
        locked = own is not None and own.locked
        parts.append(Text("locked in ✓") if locked else Text("not locked in yet"))
    else:
        parts.append(STAGES[view.stage])
    if view.transfers_left:
        left = view.transfers_left
        parts.append(Text.plural("{count} card to hand over", "{count} cards to hand over", left))
    return Text.joined(" · ", parts)


def _board(p: Painter, view: View, board: BoardView, y: int, say: Say) -> None:
    label = say(Text("Your board")) if board.seat == view.seat else board.name
    p.text((MARGIN, y + 22 + SLOT_H / 2), fit(label, BODY_PX, NAME_W - 8), BODY_PX, TEXT, "lm")
    if board.seat is None:
        android = say(Text("android"))
        p.text((MARGIN, y + 44 + SLOT_H / 2), android, SMALL_PX, MUTED, "lm", REGULAR)
    x = MARGIN + NAME_W
    for slot in range(1, 13):
        phase = _phase_of(slot)
        if slot > 1 and _phase_of(slot - 1) != phase:
            x += GROUP_GAP
        if slot == PHASES[phase - 1][0]:
            first, last = PHASES[phase - 1]
            heading = say(
                Text("phase {phase} · {first}-{last}", phase=phase, first=first, last=last)
            )
            room = (last - first + 1) * (SLOT_W + SLOT_GAP) + GROUP_GAP - 2 * SLOT_GAP
            p.text((x, y), fit(heading, SMALL_PX, room, REGULAR), SMALL_PX, MUTED, "la", REGULAR)
        play = board.slots[slot - 1] if slot <= len(board.slots) else None
        state = (
            "open"
            if phase == view.phase and view.stage == "planning"
            else ("past" if phase < view.phase else "future")
        )
        _slot(p, (x, y + 22), slot, play, state, say)
        x += SLOT_W + SLOT_GAP


def _slot(
    p: Painter, at: tuple[int, int], slot: int, play: str | None, state: str, say: Say
) -> None:
    x, y = at
    outline = BEAM if state == "open" else CELL_EDGE
    fill = STATION if state == "open" else HULL
    p.box((x, y, x + SLOT_W, y + SLOT_H), fill, outline, 8, 2 if state == "open" else 1)
    p.text((x + 7, y + 5), str(slot), SMALL_PX, DIM if state != "open" else MUTED, "la", REGULAR)
    if play is None:
        p.text((x + SLOT_W / 2, y + SLOT_H / 2 + 6), "·", 22, DIM, "mm")
        return
    glyph, caption, colour = half_face(play, say)
    if state == "past":
        colour = tuple(round(c * 0.75) for c in colour)  # type: ignore[assignment]
    p.text((x + SLOT_W / 2, y + 36), glyph, 28, colour, "mm")
    for k, line in enumerate(caption):
        text = fit(line, SMALL_PX, SLOT_W - 6, CONDENSED_BOLD)
        p.text((x + SLOT_W / 2, y + 57 + k * 16), text, SMALL_PX, TEXT, "mm", CONDENSED_BOLD)


def _card_key(card: Card) -> tuple[int, str, str]:
    move = card.play("move").text
    return (1 if card.heroic else 0, card.play("action").text, move)


def _hand(
    p: Painter, view: View, groups: list[tuple[tuple[int, str, str], int]], y: int, say: Say
) -> int:
    count = len(view.hand)
    heading = Text.plural("YOUR HAND · {count} card", "YOUR HAND · {count} cards", count)
    p.text((MARGIN, y), say(heading), HEAD_PX, TEXT)
    y += 34
    if not groups:
        p.text((MARGIN, y), say(Text("No cards in hand.")), BODY_PX, MUTED, "la", REGULAR)
        return y + CARD_H
    labels = _number_labels(view)
    row_h = _row_h(view)
    for i, (key, n) in enumerate(groups):
        heroic, action, move = key
        x = MARGIN + (i % 8) * (CARD_W + CARD_GAP)
        top = y + (i // 8) * row_h
        _card(p, (x, top), action, move, bool(heroic), n, say)
        for k, label in enumerate(labels[key]):
            at = (x + CARD_W / 2, top + CARD_H + 11 + k * NUMBER_LINE)
            p.text(at, label, SMALL_PX, MUTED, "mm", CONDENSED_BOLD)
    rows = -(-len(groups) // 8)
    return y + rows * row_h


def _number_labels(view: View) -> dict[tuple[int, str, str], list[str]]:
    """Each kind's card numbers in as many lines as they need under its card: every number
    `card:` takes is on the image, none cut off."""
    numbers: dict[tuple[int, str, str], list[int]] = {}
    for c in view.hand:
        numbers.setdefault(_card_key(c), []).append(c.id)
    room = CARD_W
    labels: dict[tuple[int, str, str], list[str]] = {}
    for key, ids in numbers.items():
        lines: list[str] = []
        for run in card_numbers(ids).split(", "):
            wider = f"{lines[-1]}, {run}" if lines else run
            if lines and text_width(wider, SMALL_PX, CONDENSED_BOLD) <= room:
                lines[-1] = wider
            else:
                lines.append(run)
        labels[key] = lines
    return labels


def _row_h(view: View) -> int:
    """A hand row: the card, its lines of numbers (the most any kind needs) and the gap."""
    lines = max((len(v) for v in _number_labels(view).values()), default=1)
    return ROW_H + (lines - 1) * NUMBER_LINE


def _card(
    p: Painter, at: tuple[int, int], action: str, move: str, heroic: bool, n: int, say: Say
) -> None:
    x, y = at
    edge = HEROIC if heroic else CELL_EDGE
    p.box((x, y, x + CARD_W, y + CARD_H), LABEL_BG, edge, 10, 2.5 if heroic else 1.5)
    mid = y + CARD_H / 2
    p.rect((x + 10, mid, x + CARD_W - 10, mid), CELL_EDGE)
    for half, top in ((action, y), (move, mid)):
        glyph, caption, colour = half_face(half, say)
        p.text((x + CARD_W / 2, top + 24), glyph, 28, colour, "mm")
        for k, line in enumerate(caption):
            text = fit(line, SMALL_PX, CARD_W - 10, CONDENSED_BOLD)
            p.text((x + CARD_W / 2, top + 49 + k * 17), text, SMALL_PX, TEXT, "mm", CONDENSED_BOLD)
    if n > 1:
        p.box((x + CARD_W - 36, y - 8, x + CARD_W + 6, y + 16), BEAM, INK, 8, 1.5)
        p.text((x + CARD_W - 15, y + 4), f"×{n}", SMALL_PX, INK, "mm")


WHERE = {
    "red": Text("red zone"),
    "white": Text("white zone"),
    "blue": Text("blue zone"),
    "internal": Text("internal"),
}


def _announcements(p: Painter, view: View, y: int, say: Say) -> None:
    p.text((MARGIN, y), say(Text("THREATS ANNOUNCED")), HEAD_PX, TEXT)
    if not view.announcements:
        p.text((MARGIN, y + 30), say(Text("None yet.")), BODY_PX, MUTED, "la", REGULAR)
    width = (WIDTH - 2 * MARGIN) / 2
    for i, a in enumerate(view.announcements):
        where = say(WHERE[a.zone])
        text = f"T+{a.turn}  {a.name} ({a.threat_id}) · {where}"
        x = MARGIN + (i % 2) * width
        top = y + 30 + (i // 2) * 22
        colour = TEXT if a.phase == view.phase else MUTED
        p.text((x, top), fit(text, BODY_PX, width - 12, REGULAR), BODY_PX, colour, "la", REGULAR)
