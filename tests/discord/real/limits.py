"""What Discord refuses with 400 / 50035 (Invalid Form Body): the message and choice limits.

Only the limits the bot can run into; each problem is the sentence a test failure shows.
"""

from __future__ import annotations

from typing import Any

MAX_CONTENT = 2000
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_FILES = 10
MAX_CHOICES = 25
MAX_CHOICE_TEXT = 100
ACTION_ROW, BUTTON, STRING_SELECT = 1, 2, 3
LINK_STYLE = 5


def message_problems(payload: dict[str, Any], files: int, *, creating: bool) -> list[str]:
    """Why Discord would refuse this message body (empty when it would accept it)."""
    problems: list[str] = []
    content = payload.get("content")
    if content is not None and len(content) > MAX_CONTENT:
        problems.append(f"content: {len(content)} characters, at most {MAX_CONTENT}")
    rows = payload.get("components") or []
    if creating and not (content or rows or files or payload.get("embeds")):
        problems.append("Cannot send an empty message")
    if files > MAX_FILES:
        problems.append(f"files: {files}, at most {MAX_FILES}")
    if len(rows) > MAX_ROWS:
        problems.append(f"components: {len(rows)} action rows, at most {MAX_ROWS}")
    seen: set[str] = set()
    for r, row in enumerate(rows):
        problems += _row_problems(r, row, seen)
    return problems


def _row_problems(r: int, row: dict[str, Any], seen: set[str]) -> list[str]:
    if row.get("type") != ACTION_ROW:
        return [f"components.{r}: top-level components must be action rows"]
    children = row.get("components") or []
    kinds = {c.get("type") for c in children}
    problems: list[str] = []
    if not children:
        problems.append(f"components.{r}: an action row needs a component")
    if STRING_SELECT in kinds and len(children) > 1:
        problems.append(f"components.{r}: a select menu fills its row alone")
    if len(children) > MAX_BUTTONS_PER_ROW:
        problems.append(f"components.{r}: {len(children)} buttons, at most 5")
    for c, child in enumerate(children):
        at = f"components.{r}.components.{c}"
        custom_id = child.get("custom_id")
        if child.get("type") == BUTTON and child.get("style") == LINK_STYLE:
            continue
        if not custom_id or len(custom_id) > MAX_CUSTOM_ID:
            problems.append(f"{at}.custom_id: 1-{MAX_CUSTOM_ID} characters, got {custom_id!r}")
        elif custom_id in seen:
            problems.append(f"{at}.custom_id: {custom_id!r} is used twice in one message")
        seen.add(custom_id or "")
        if child.get("type") == BUTTON and len(child.get("label") or "") > MAX_BUTTON_LABEL:
            problems.append(f"{at}.label: at most {MAX_BUTTON_LABEL} characters")
        if child.get("type") == STRING_SELECT:
            problems += _select_problems(at, child)
    return problems


def _select_problems(at: str, select: dict[str, Any]) -> list[str]:
    options = select.get("options") or []
    problems: list[str] = []
    if not 1 <= len(options) <= MAX_SELECT_OPTIONS:
        problems.append(f"{at}.options: {len(options)} options, 1-{MAX_SELECT_OPTIONS} allowed")
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        problems.append(f"{at}.options: option values must be unique")
    for o in options:
        for key in ("label", "value"):
            text = o.get(key) or ""
            if not 1 <= len(text) <= MAX_OPTION_TEXT:
                problems.append(f"{at}.options.{key}: 1-{MAX_OPTION_TEXT} characters, {text!r}")
    if len(select.get("placeholder") or "") > MAX_PLACEHOLDER:
        problems.append(f"{at}.placeholder: at most {MAX_PLACEHOLDER} characters")
    return problems


def choice_problems(choices: list[dict[str, Any]]) -> list[str]:
    """Why Discord would refuse an autocomplete answer."""
    problems: list[str] = []
    if len(choices) > MAX_CHOICES:
        problems.append(f"choices: {len(choices)}, at most {MAX_CHOICES}")
    for i, choice in enumerate(choices):
        name, value = choice.get("name") or "", choice.get("value")
        if not 1 <= len(name) <= MAX_CHOICE_TEXT:
            problems.append(f"choices.{i}.name: 1-{MAX_CHOICE_TEXT} characters, got {name!r}")
        if isinstance(value, str) and len(value) > MAX_CHOICE_TEXT:
            problems.append(f"choices.{i}.value: at most {MAX_CHOICE_TEXT} characters")
    return problems
