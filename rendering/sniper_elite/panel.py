"""The strips around the map: title, legend, order board, health and bag, objectives, caption."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import rendering.sniper_elite.style as st
from games.sniper_elite.view import SniperView
from games.text import Text
from rendering.assets import BOLD, REGULAR, font
from rendering.canvas import RGB, Point
from rendering.canvas import Text as Label
from rendering.sniper_elite.minimap import minimap
from rendering.sniper_elite.style import Say

TITLE = 26
HEAD = 18
BODY = 16
SMALL = 15
CARD_H = 168
MAP_H = 64
"""A regroup card's mini-map height."""
CARD_GAP = 12
LEGEND_GAP = 22
CARD_LEADING = ((SMALL, 3), (st.MIN_TEXT_PX, 2))
"""Order card text sizes, first choice first, with the space between their lines (the last
is the phone floor with tighter leading; past it a card's text ends in an ellipsis)."""


@dataclass(frozen=True, slots=True)
class Box:
    """A rounded rectangle drawn at final size."""

    box: tuple[int, int, int, int]
    fill: RGB | None
    outline: RGB | None = None
    width: int = 0
    radius: int = 8


@dataclass(frozen=True, slots=True)
class Sprite:
    """A cached sprite pasted centred on `centre`: kind and key select it."""

    kind: str
    key: str
    centre: Point
    size: int


@dataclass(slots=True)
class Strip:
    """Laid-out boxes, sprites and texts of one strip of the image."""

    top: int
    height: int = 0
    boxes: list[Box] = field(default_factory=list)
    sprites: list[Sprite] = field(default_factory=list)
    texts: list[Label] = field(default_factory=list)


def wrap(text: str, size: int, width: float, name: str = REGULAR) -> list[str]:
    """Greedy word wrap at `width` pixels."""
    f = font(size, name)
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}".strip()
        if current and f.getlength(candidate) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    return [*lines, current] if current else lines


def title_strip(top: int, title: str, detail: str, accent: RGB | None = None) -> Strip:
    """The title bar: the map and round on the left, what is going on at the right."""
    p = Strip(top, 56)
    p.texts.append(Label((st.MARGIN, top + 28), title, TITLE, st.TEXT, "lm"))
    p.texts.append(Label((st.WIDTH - st.MARGIN, top + 28), detail, HEAD, accent or st.MUTED, "rm"))
    return p


LEGEND = (
    ("area", "red", Text("Red area")),
    ("area", "yellow", Text("Yellow area")),
    ("area", "black", Text("Black area")),
    ("area", "white", Text("Neutral")),
    ("lka", "", Text("Last known area")),
    ("cube", "", Text("Probable objective")),
)


def legend_strip(top: int, say: Say = str) -> Strip:
    """Swatches with patterns for the areas, the LKA outline and the track cube."""
    p = Strip(top, 40)
    labels = [(kind, key, say(words)) for kind, key, words in LEGEND]
    widths = [30 + int(font(SMALL, REGULAR).getlength(label)) for _, _, label in labels]
    # Longer words (Russian) close the gaps rather than run off the image.
    room = st.WIDTH - 2 * st.MARGIN - sum(widths)
    gap = min(LEGEND_GAP, max(room // (len(labels) - 1), 0))
    x = st.MARGIN
    for (kind, key, label), width in zip(labels, widths, strict=True):
        p.sprites.append(Sprite(f"legend_{kind}", key, (x + 12, top + 20), 24))
        p.texts.append(Label((x + 30, top + 20), label, SMALL, st.TEXT, "lm", REGULAR))
        x += width + gap
    return p


def order_strip(top: int, view: SniperView, rolled: int = 0, say: Say = str) -> Strip:
    """The order board: three slots under their die chevrons (the `rolled` one marked), the deck."""
    p = Strip(top, CARD_H + 46)
    deck_w = 132
    card_w = (st.WIDTH - 2 * st.MARGIN - deck_w - 3 * CARD_GAP) // 3
    y = top + 34
    p.texts.append(Label((st.MARGIN, top + 14), say(Text("Order board")), HEAD, st.TEXT, "lm"))
    for i, slot in enumerate(view.slots):
        x = st.MARGIN + i * (card_w + CARD_GAP)
        p.sprites.append(Sprite("chevrons", str(i + 1), (x + card_w - 18, top + 14), 24))
        box = (x, y, x + card_w, y + CARD_H)
        if rolled == i + 1:
            ring = (x - 6, y - 6, x + card_w + 6, y + CARD_H + 6)
            p.boxes.append(Box(ring, None, st.ROLLED, 4, 14))
            rolled_word = say(Text("rolled"))
            p.texts.append(Label((x + card_w - 40, top + 14), rolled_word, HEAD, st.ROLLED, "rm"))
        if slot is None:
            p.boxes.append(Box(box, None, st.PANEL_EDGE, 2))
            empty = say(Text("empty"))
            p.texts.append(Label((x + card_w / 2, y + CARD_H / 2), empty, BODY, st.MUTED, "mm"))
        elif not slot.face_up:
            word = say(Text("ORDERS"))
            back = f"{card_w}x{CARD_H}|{word}"
            p.sprites.append(Sprite("card_back", back, _mid(box), 0))
        else:
            p.boxes.append(Box(box, (244, 238, 222), (120, 110, 90), 2, 10))
            lines = wrap(slot.title or "", HEAD, card_w - 24, BOLD)[:2]
            ty = y + 10
            for line in lines:
                p.texts.append(Label((x + 12, ty), line, HEAD, st.INK))
                ty += HEAD + 4
            ty += 4
            bottom = y + CARD_H - 8
            shapes = minimap(
                view.board, slot.card, (x + 12, bottom - MAP_H, x + card_w - 12, bottom)
            )
            p.boxes += [Box(*shape) for shape in shapes]
            if shapes:  # the mini-map takes the card's lower part; its sentence goes above it
                bottom -= MAP_H + 4
            size, leading, body, room = _card_text(say(slot.text or ""), card_w - 24, bottom - ty)
            if len(body) > room:
                body = [*body[: room - 1], body[room - 1].rstrip(".") + " …"]
            for line in body:
                p.texts.append(Label((x + 12, ty), line, size, (52, 50, 46), font=REGULAR))
                ty += size + leading
    dx = st.WIDTH - st.MARGIN - deck_w
    p.boxes.append(Box((dx, y, dx + deck_w, y + CARD_H), st.PANEL_CARD, st.PANEL_EDGE, 2))
    rows = ((Text("Deck"), view.order_deck_size), (Text("Discard"), len(view.order_discard)))
    for k, (words, count) in enumerate(rows):
        label = say(words)
        cy = y + 18 + k * 74
        p.texts.append(Label((dx + deck_w / 2, cy), label, SMALL, st.MUTED, "mt", REGULAR))
        p.texts.append(Label((dx + deck_w / 2, cy + 22), str(count), 30, st.TEXT, "mt"))
    return p


def _card_text(text: str, width: int, height: int) -> tuple[int, int, list[str], int]:
    """The card text's size, leading, lines and room: the usual size, or the smallest one with
    tighter leading when a longer language needs it to say the whole card."""
    for size, leading in CARD_LEADING:
        body = wrap(text, size, width)
        room = height // (size + leading)
        if len(body) <= room:
            break
    return size, leading, body, room


def _mid(box: tuple[int, int, int, int]) -> Point:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def status_strip(top: int, view: SniperView, say: Say = str) -> Strip:
    """Health stack and wound, the bag, then your objectives and equipment."""
    p = Strip(top)
    half = (st.WIDTH - 2 * st.MARGIN - 16) // 2
    left, right = st.MARGIN, st.MARGIN + half + 16
    y = top + 8
    stack_head = say(Text("Health stack (bottom → top)"))
    p.texts.append(Label((left, y + 10), stack_head, HEAD, st.TEXT, "lm"))
    x = left + 14
    for kind in view.health_stack:
        p.sprites.append(Sprite("token", kind, (x, y + 44), 15))
        x += 34
    if not view.health_stack:
        empty = say(Text("empty"))
        p.texts.append(Label((x - 14, y + 44), empty, BODY, st.MUTED, "lm", REGULAR))
    wound = "wounded" if view.wounds else "unhurt"
    health = say(Text("Wounded") if view.wounds else Text("Unhurt"))
    p.sprites.append(Sprite("heart", wound, (left + half - 20, y + 40), 36))
    p.texts.append(Label((left + half - 44, y + 40), health, BODY, st.TEXT, "rm"))
    y2 = y + 78
    p.texts.append(Label((left, y2 + 10), say(Text("Bag")), HEAD, st.TEXT, "lm"))
    x = left + 14
    for kind, count in view.bag:
        if kind == "suppressor" and count == 0:
            continue
        p.sprites.append(Sprite("token", kind, (x, y2 + 44), 15))
        p.texts.append(Label((x + 22, y2 + 44), f"× {count}", BODY, st.TEXT, "lm"))
        x += 86
    hits = say(Text.plural("{count} hit this turn", "{count} hits this turn", view.hits_this_turn))
    p.texts.append(Label((left, y2 + 82), hits, BODY, st.MUTED, "lm", REGULAR))
    ry = y + 10
    p.texts.append(Label((right, ry), say(Text("Your objectives")), HEAD, st.TEXT, "lm"))
    ry += 28
    done = [(n, "done") for n in view.completed]
    for number, title in [*((n, t) for n, t in view.objectives), *done]:
        kind = "done" if title == "done" else "own"
        p.sprites.append(Sprite("badge", kind, (right + 12, ry), 12))
        p.texts.append(Label((right + 12, ry), str(number), BODY, st.INK, "mm"))
        label = say(Text("completed")) if kind == "done" else title
        p.texts.append(Label((right + 32, ry), label, BODY, st.TEXT, "lm", REGULAR))
        ry += 28
    ry += 6
    p.texts.append(Label((right, ry), say(Text("Equipment")), HEAD, st.TEXT, "lm"))
    ry += 26
    cards = [(t, True) for _, t in view.equipment] + [(u, False) for u in view.equipment_used]
    for title, ready in cards[:5]:
        mark = "•" if ready else "×"
        text = title if ready else say(Text("{title} (used)", title=_title(title)))
        colour = st.TEXT if ready else st.MUTED
        p.texts.append(Label((right + 4, ry), f"{mark} {text}", BODY, colour, "lm", REGULAR))
        ry += 24
    if not cards:
        none = say(Text("none"))
        p.texts.append(Label((right + 4, ry), none, BODY, st.MUTED, "lm", REGULAR))
        ry += 24
    p.height = max(y2 + 104, ry + 8) - top
    return p


def _title(card: str) -> str:
    from games.sniper_elite.cards import equipment_cards

    found = equipment_cards().get(card)
    return found.title if found else card


def caption_strip(
    top: int, heading: str, lines: Sequence[str], limit: int = 9, say: Say = str
) -> Strip:
    """A heading and bulleted lines (cut to `limit`), said through `say`."""
    p = Strip(top)
    if not lines:
        return p
    p.texts.append(Label((st.MARGIN, top + 10), say(heading), HEAD, st.TEXT))
    y = top + 40
    shown = list(lines[:limit])
    if len(lines) > limit:
        shown.append(Text.plural("… and {count} more", "… and {count} more", len(lines) - limit))
    for line in shown:
        for k, part in enumerate(wrap(say(line), BODY, st.WIDTH - 2 * st.MARGIN - 24)):
            if k == 0:
                p.texts.append(Label((st.MARGIN + 4, y), "•", BODY, st.MUTED, font=REGULAR))
            p.texts.append(Label((st.MARGIN + 22, y), part, BODY, st.TEXT, font=REGULAR))
            y += BODY + 7
    p.height = y - top + 8
    return p
