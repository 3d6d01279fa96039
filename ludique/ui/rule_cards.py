"""Rule cards and history panels drawn as one tall surface, ready to scroll.

Sizes are in layout units (a 1920x1080 screen's pixels), read from 1.5 m: body text 30 units,
headings larger in the display face, and none under the visitors' floor (capitals
``layout.VISITOR_CAP`` units high: 36 units of Noto Serif); ``scale`` turns them into the
screen's own pixels.
Text is dark ink on parchment; the kiosk rules stand in a framed band; diagrams sit
on the dark colour of the game screen so that they look like the boards the visitor plays on.
"""

from __future__ import annotations

import logging
import re

import pygame

from ludique.ui import diagrams, palette
from ludique.ui.fonts import font
from ludique.ui.layout import VISITOR_CAP, size_for_cap
from ludique.words.document import (
    Block,
    ContentError,
    Run,
    card_ids_for,
    history_id_for,
    load,
)

log = logging.getLogger(__name__)

BODY = 30
CAPTION = 26
HEADING = {1: 54, 2: 40, 3: 33}
LINE = 1.42  # line height as a multiple of the font size
NOTE_PAD = 22

# French puts a space before : ; ! ? and inside « »; it must never start a line.
_NBSP_BEFORE = re.compile(r" ([:;!?»])")
_NBSP_AFTER = re.compile(r"(«) ")


def _tie(text: str) -> str:
    return _NBSP_AFTER.sub("\\1\u00a0", _NBSP_BEFORE.sub("\u00a0\\1", text))


def _face(style: str, size: int, heading: bool) -> pygame.font.Font:
    if heading:
        return font("display", size)
    return font({"text": "text", "bold": "bold", "italic": "italic"}[style], size)


def _words(runs: list[Run]) -> list[tuple[str, str, bool]]:
    """(word, style, space before) for every word, spaces split only on ordinary spaces."""
    out: list[tuple[str, str, bool]] = []
    pending_space = False
    for run in runs:
        text = _tie(run.text.replace("\n", " "))
        parts = text.split(" ")
        for i, part in enumerate(parts):
            if i > 0:
                pending_space = True
            if part:
                out.append((part, run.style, pending_space and bool(out)))
                pending_space = False
    return out


def _lines(runs: list[Run], size: int, width: int, heading: bool) -> list[list[tuple[str, str]]]:
    """The runs cut into lines of at most ``width`` pixels; each line a list of (text, style).

    A line breaks only at a space: words of two styles written together ("**Linie 1**.")
    move to the next line as one, so a line never starts with the sign that ends a bold word.
    """
    groups: list[list[tuple[str, str]]] = []  # the words between two spaces, with their styles
    for word, style, spaced in _words(runs):
        if spaced or not groups:
            groups.append([])
        groups[-1].append((word, style))
    lines: list[list[tuple[str, str]]] = []
    line: list[tuple[str, str]] = []
    used = 0
    for group in groups:
        gap = _face(group[0][1], size, heading).size(" ")[0] if line else 0
        w = sum(_face(style, size, heading).size(word)[0] for word, style in group)
        if line and used + gap + w > width:
            lines.append(line)
            line, used, gap = [], 0, 0
        for i, (word, style) in enumerate(group):
            text = (" " if gap and i == 0 else "") + word
            if line and line[-1][1] == style:
                line[-1] = (line[-1][0] + text, style)
            else:
                line.append((text, style))
        used += gap + w
    if line:
        lines.append(line)
    return lines


def _draw_lines(
    lines: list[list[tuple[str, str]]],
    size: int,
    colour: tuple[int, int, int],
    heading: bool,
    width: int,
    centred: bool = False,
) -> pygame.Surface:
    step = int(size * LINE)
    surface = pygame.Surface((width, max(1, step * len(lines))), pygame.SRCALPHA)
    for row, line in enumerate(lines):
        images = [_face(style, size, heading).render(text, True, colour) for text, style in line]
        total = sum(image.get_width() for image in images)
        x = (width - total) // 2 if centred else 0
        for image in images:
            surface.blit(image, (x, row * step + (step - image.get_height()) // 2))
            x += image.get_width()
    return surface


class _Column:
    """Stacks pieces of a document from top to bottom, then joins them into one surface."""

    def __init__(self, width: int, margin: int) -> None:
        self.width = width
        self.margin = margin
        self.inner = width - 2 * margin
        self.items: list[tuple[pygame.Surface, int, int]] = []  # image, x, y
        self.notes: list[pygame.Rect] = []
        self.y = margin

    def add(self, image: pygame.Surface, x: int, space_before: int) -> int:
        self.y += space_before
        top = self.y
        self.items.append((image, x, top))
        self.y += image.get_height()
        return top

    def surface(self) -> pygame.Surface:
        height = self.y + self.margin
        surface = pygame.Surface((self.width, height))
        surface.fill(palette.PAPER)
        for rect in self.notes:
            pygame.draw.rect(surface, palette.KIOSK_RULE, rect, border_radius=14)
            bar = pygame.Rect(rect.left, rect.top, 10, rect.height)
            pygame.draw.rect(surface, palette.INK_ACCENT, bar, border_radius=5)
        for image, x, y in self.items:
            surface.blit(image, (x, y))
        return surface


MIN_WIDTH = 240


def _render_blocks(
    blocks: list[Block],
    width: int,
    scale: float = 1.0,
    places: list[tuple[str, pygame.Rect]] | None = None,
) -> pygame.Surface:
    """The blocks as one column ``width`` pixels wide, sizes multiplied by ``scale`` (the
    screen's layout unit: the card is drawn at the size it is shown)."""
    # every text of the card at least the visitors' floor: capitals ``VISITOR_CAP`` units high
    cap = round(VISITOR_CAP * scale)
    least, least_heading = size_for_cap("text", cap), size_for_cap("display", cap)
    body, caption = max(round(BODY * scale), least), max(round(CAPTION * scale), least)
    pad = round(NOTE_PAD * scale)
    headings = {level: max(round(size * scale), least_heading) for level, size in HEADING.items()}
    if width < MIN_WIDTH:
        raise ValueError(f"a card needs a width of at least {MIN_WIDTH} px, not {width}")
    margin = max(round(24 * scale), width // 28)
    column = _Column(width, margin)
    note_start: int | None = None
    for index, block in enumerate(blocks):
        in_note = block.note
        if in_note and note_start is None:
            column.y += body // 2
            note_start = column.y
            column.y += pad
        indent = margin + (pad + 10 if in_note else 0)
        inner = column.inner - (2 * pad + 10 if in_note else 0)
        if block.kind == "heading":
            size = headings.get(block.level, headings[3])
            colour = palette.INK if block.level == 1 else palette.INK_ACCENT
            image = _draw_lines(_lines(block.runs, size, inner, True), size, colour, True, inner)
            column.add(image, indent, 0 if index == 0 else int(size * 0.8))
        elif block.kind == "diagram":
            try:
                image = diagrams.render_diagram(block.name, inner, scale)
            except Exception:  # a diagram must never take the rule card down with it
                log.exception(
                    "%s:%d: diagram %r could not be drawn", block.source, block.line, block.name
                )
                continue
            top = column.add(image, indent, body)
            if places is not None and diagrams.DIAGRAMS[block.name].moves:
                # where the diagram's first panel is, to play its move there
                first = diagrams.panel_rects(block.name, inner, scale)[0]
                places.append((block.name, first.move(indent, top)))
        elif block.kind == "caption":
            lines = _lines(block.runs, caption, inner - 2 * body, False)
            image = _draw_lines(lines, caption, palette.INK_MUTED, False, inner, centred=True)
            column.add(image, indent, body // 2)
        elif block.kind == "item":
            marker_face = _face("bold", body, False)
            hang = marker_face.size("00.")[0] + body // 2
            hang *= block.level
            marker = marker_face.render(block.marker, True, palette.INK_ACCENT)
            lines = _lines(block.runs, body, inner - hang, False)
            image = _draw_lines(lines, body, palette.INK, False, inner - hang)
            opens = index == 0 or blocks[index - 1].kind != "item"
            top = column.add(image, indent + hang, int(body * 0.7) if opens else body // 3)
            mx = indent + hang - marker.get_width() - body // 3
            step = int(body * LINE)
            column.items.append((marker, mx, top + (step - marker.get_height()) // 2))
        else:
            lines = _lines(block.runs, body, inner, False)
            image = _draw_lines(lines, body, palette.INK, False, inner)
            column.add(image, indent, int(body * 0.7))
        following = blocks[index + 1].note if index + 1 < len(blocks) else False
        if in_note and not following and note_start is not None:
            column.y += pad
            column.notes.append(
                pygame.Rect(margin, note_start, column.inner, column.y - note_start)
            )
            note_start = None
    return column.surface()


def render_card(lang: str, card_id: str, width: int, scale: float = 1.0) -> pygame.Surface:
    """Rule card ``card_id`` in ``lang``, ``width`` pixels wide and as tall as it needs.

    Not cached here: a card is some 20 MB of pixels, so the caller keeps the one it shows.  The
    costly part, the diagrams, is cached (``diagrams.render_diagram``); the text takes 0.1-0.3 s.
    """
    return _render_blocks(load(lang, "rules", card_id), width, scale)


def render_history(lang: str, game_id: str, width: int, scale: float = 1.0) -> pygame.Surface:
    """The history panel of ``game_id`` (any game id; a family's variants share one)."""
    return _render_blocks(load(lang, "history", history_id_for(game_id)), width, scale)


def _in_short(blocks: list[Block]) -> tuple[int, int] | None:
    """Where a card's "In short" section lies: its first level-2 heading up to the next one."""
    starts = [i for i, b in enumerate(blocks) if b.kind == "heading" and b.level == 2]
    if not starts:
        return None
    end = starts[1] if len(starts) > 1 else len(blocks)
    return starts[0], end


def gather_in_short(cards: list[list[Block]]) -> list[list[Block]]:
    """A Rules screen of several cards (a family's common card and a variant's) opens with
    every card's "In short", so that a visitor can start playing from the top of the screen: the
    later cards' sections move up under the first card's, each headed by its card's title."""
    if len(cards) < 2 or _in_short(cards[0]) is None:
        return cards
    first = list(cards[0])
    found = _in_short(first)
    assert found is not None  # (checked on cards[0] above)
    _, insert_at = found
    gathered: list[Block] = []
    rest: list[list[Block]] = []
    for card in cards[1:]:
        span = _in_short(card)
        if span is None:
            rest.append(card)
            continue
        start, end = span
        title = next((b for b in card if b.kind == "heading" and b.level == 1), None)
        if title is not None:
            gathered.append(Block("heading", list(title.runs), level=3))
        gathered.extend(card[start + 1 : end])
        rest.append(card[:start] + card[end:])
    return [first[:insert_at] + gathered + first[insert_at:], *rest]


def render_rules(
    lang: str, game_id: str, width: int, history: bool = True, scale: float = 1.0
) -> pygame.Surface:
    """What the Rules screen shows for ``game_id``: every card of ``card_ids_for(game_id)`` one
    below the other, then (with ``history``) the game's history panel, as one tall surface."""
    return render_rules_and_places(lang, game_id, width, history, scale)[0]


def render_rules_and_places(
    lang: str, game_id: str, width: int, history: bool = True, scale: float = 1.0
) -> tuple[pygame.Surface, list[tuple[str, pygame.Rect]]]:
    """``render_rules``, and where on it the first panel of each diagram stands (the Rules
    screen plays those moves there)."""
    cards = []
    for card_id in card_ids_for(game_id):
        try:
            cards.append(load(lang, "rules", card_id))
        except ContentError as exc:
            # a family's shared card lost must not take the variant's card with it
            log.error("rule card %s (%s) left out: %s", card_id, lang, exc)
    found: list[list[tuple[str, pygame.Rect]]] = []
    parts = []
    for blocks in gather_in_short(cards) if cards else []:
        found.append([])
        parts.append(_render_blocks(blocks, width, scale, found[-1]))
    if history:
        try:
            parts.append(render_history(lang, game_id, width, scale))
            found.append([])
        except ContentError as exc:
            log.error("history panel of %s (%s) left out: %s", game_id, lang, exc)
    if not parts:
        raise ContentError(f"nothing of {game_id} ({lang}) can be read; see the log")
    divider = round(40 * scale)
    height = sum(p.get_height() for p in parts) + divider * (len(parts) - 1)
    surface = pygame.Surface((width, height))
    surface.fill(palette.PAPER)
    places: list[tuple[str, pygame.Rect]] = []
    y = 0
    for i, part in enumerate(parts):
        if i:
            # a short rule with a diamond between two documents
            mid_y, mid_x = y + divider // 2, width // 2
            pygame.draw.line(
                surface, palette.INK_MUTED, (mid_x - 160, mid_y), (mid_x + 160, mid_y), 2
            )
            diamond = [
                (mid_x, mid_y - 9),
                (mid_x + 9, mid_y),
                (mid_x, mid_y + 9),
                (mid_x - 9, mid_y),
            ]
            pygame.draw.polygon(surface, palette.INK_ACCENT, diamond)
            y += divider
        surface.blit(part, (0, y))
        places += [(name, rect.move(0, y)) for name, rect in found[i]]
        y += part.get_height()
    return surface, places
