"""Rule cards and history panels as print-ready A4 PDF files, for the museum's walls and tables.

    from ludique.ui.printed_cards import write_cards
    paths = write_cards(Path("out"))          # out/<lang>/rules-<card>.pdf, history-<game>.pdf

The same Markdown files as the Rules screen (``locales/<lang>/rules``, ``history``), so a
printed card never says something the kiosk does not.  Written with fpdf2 (pure Python): the
project's own faces (``assets/fonts``, Noto Serif with Greek and U+A74A) are embedded as
subsets, text is real text (searchable, sharp at any size), and each diagram is the kiosk's own
drawing of the engine's positions, rendered by pygame at 300 dpi.  Text wraps inside the margins
and a page breaks before anything that would cross the bottom margin.  On paper a diagram
prints every move on a board of its own (the screen plays them on one), on a light panel, with
labels ``LABEL_MM`` high; a card's diagrams shrink a little when that spares a page or a last
page holding nothing but a diagram.

``ludique cards --pdf DIR`` runs it (``ludique.cli``).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ludique.paths import asset_path
from ludique.words.document import CARD_IDS, HISTORY_IDS, Block, ContentError, load
from ludique.words.i18n import LANGUAGES

if TYPE_CHECKING:  # fpdf2 is the optional extra "cards": imported only when a PDF is written
    from fpdf import FPDF

A4 = (210.0, 297.0)  # mm
MARGIN = 18.0  # mm on every side: inside what an office printer can print
DPI = 300  # the diagrams' resolution on paper
DIAGRAM_MM = 112.0  # a one-board diagram's width: its board larger than on the kiosk's card
FRAMES_MM = 174.0  # a diagram of several moves: one board per move, two to a row, full width
# a card's diagrams shrink by the least of these that spares it a page, or a last page holding
# a diagram alone (the boards' labels keep their size on paper)
SHRINK = (1.0, 0.9, 0.8, 0.7)
KIOSK_CARD_PX = 1300  # the width the diagrams are designed for on the Rules screen (scale 1.0)
LABEL_MM = (
    2.5  # the height of a board label's figures on paper (1A, a..h): readable at arm's length
)
PANEL_PAPER = (226, 214, 194)  # the panel round a printed board: light, not the screen's dark
BODY_PT = 10.5
CAPTION_PT = 9.0
HEADING_PT = {1: 22.0, 2: 14.0, 3: 12.0}
LINE = 1.35  # line height as a multiple of the font size
PT = 25.4 / 72  # one point in mm

INK = (38, 27, 20)  # the palette of the cards on screen (ludique/ui/palette.py), on white paper
INK_MUTED = (96, 74, 56)
INK_ACCENT = (140, 60, 32)
KIOSK_RULE = (240, 230, 210)  # lighter than on screen: toner on white paper

FACES = {
    ("text", ""): "NotoSerif-Regular.ttf",
    ("text", "B"): "NotoSerif-Bold.ttf",
    ("text", "I"): "NotoSerif-Italic.ttf",
    ("display", ""): "NotoSerifDisplay-Bold.ttf",
}

# French sets a thin space before ; : ! ? » and after «: made unbreakable, as on screen, so a
# sign never starts a line (ludique.ui.rule_cards does the same for the kiosk)
_NBSP_BEFORE = re.compile(r" ([:;!?»])")
_NBSP_AFTER = re.compile(r"(«) ")


def _tie(text: str) -> str:
    return _NBSP_AFTER.sub("\\1\u00a0", _NBSP_BEFORE.sub("\u00a0\\1", text))


def _no_widow(text: str) -> str:
    """The last two words tied, so that a centred caption never ends with one word alone on
    its line (German's long words left "d5." by itself)."""
    return re.sub(r" (\S+)$", "\u00a0\\1", text.rstrip())


def caption_text(block: Block) -> str:
    """A diagram's caption as printed: its last two words tied (``_no_widow``)."""
    return _no_widow(_markdown(block))


def _markdown(block: Block) -> str:
    """The block's runs on paper in fpdf2's own inline markup (``**bold**``, ``__italic__``):
    an instruction for the screen gives way to its paper wording (``Block.paper_runs``)."""
    out = []
    for run in block.runs if block.paper_runs is None else block.paper_runs:
        text = _tie(run.text.replace("\n", " "))
        if run.style == "bold" and text.strip():
            out.append(f"**{text}**")
        elif run.style == "italic" and text.strip():
            out.append(f"__{text}__")
        else:
            out.append(text)
    return "".join(out)


def label_unit() -> float:
    """The board views' ``unit`` that sets their labels' capitals (and figures) ``LABEL_MM``
    high at ``DPI``: a board's labels stand ``layout.VISITOR_CAP`` units high."""
    from ludique.ui.layout import VISITOR_CAP

    return LABEL_MM / 25.4 * DPI / VISITOR_CAP


def frame_rects(name: str, width: int) -> list[tuple[int, int, int, int]]:
    """Where each board of diagram ``name`` stands in its picture ``width`` pixels wide: one per
    move (a still diagram, one), two to a row."""
    from ludique.games import spec
    from ludique.ui.diagrams import DIAGRAMS, PANEL_GAP

    diagram = DIAGRAMS[name]
    count = max(1, len(diagram.moves)) + (1 if diagram.result else 0)
    per_row = min(count, 2)
    gap = round(PANEL_GAP * width / KIOSK_CARD_PX)
    # the screen caps a panel's height (its card scrolls); paper gives each board its frame's width
    board_w = (width - gap * (per_row - 1)) // per_row
    board_h = int(board_w * spec(diagram.game_id).diagram_aspect)
    rects = []
    for i in range(count):
        row, col = divmod(i, per_row)
        in_row = min(per_row, count - row * per_row)
        x = (width - (board_w * in_row + gap * (in_row - 1))) // 2 + col * (board_w + gap)
        rects.append((x, row * (board_h + gap // 2), board_w, board_h))
    return rects


def render_frames(name: str, width_mm: float):
    """Diagram ``name`` for paper, ``width_mm`` wide at ``DPI``: one board per move (the position
    before it, with its arrow), so a diagram of two moves prints both; a still diagram, its one
    board; a diagram whose caption ends on what its moves did (``Diagram.result``), the position
    after them too, the pieces moved or freed glowing.  Light panels, and labels ``LABEL_MM``
    high whatever the width."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window: drawing only
    import pygame

    from ludique.ui.diagrams import DIAGRAMS, draw_chevron, landed_squares, panel_surface, positions

    pygame.display.init()  # not pygame.init(): no sound device is needed to draw
    pygame.font.init()
    diagram = DIAGRAMS[name]
    width = round(width_mm / 25.4 * DPI)
    states = positions(name)
    rects = frame_rects(name, width)
    paper = pygame.Surface((width, max(y + h for _, y, _, h in rects)))
    paper.fill((255, 255, 255))
    landed: list[str] = []
    for i, (x, y, w, h) in enumerate(rects):
        move = diagram.moves[i] if i < len(diagram.moves) else None
        panel = panel_surface(
            states[i],
            diagram.game_id,
            (w, h),
            move,
            diagram.roll if i == 0 else None,
            landed,
            diagram.badges if i == 0 else (),
            diagram.track if i == 0 else (),
            unit=label_unit(),
            background=PANEL_PAPER,
        )
        paper.blit(panel, (x, y))
        if i and y == rects[i - 1][1]:  # a chevron from the board before, in the same row
            gap = x - (rects[i - 1][0] + rects[i - 1][2])
            draw_chevron(paper, (x - gap // 2, y + h // 2), gap // 3)
        if move is not None:
            landed = landed_squares(states[i], move)
    return paper


class _Diagrams:
    """Each diagram drawn once per width as PNG at 300 dpi, shared by the three languages."""

    def __init__(self) -> None:
        self.pngs: dict[tuple[str, float], tuple[bytes, float, float]] = {}

    def get(self, name: str, shrink: float = 1.0) -> tuple[bytes, float, float]:
        """(PNG bytes, width and height in mm) of diagram ``name``, ``shrink`` times its size;
        ``KeyError`` naming it when there is no such diagram."""
        if (name, shrink) not in self.pngs:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window: drawing only
            os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the command's
            import pygame

            from ludique.ui.diagrams import DIAGRAMS

            if name not in DIAGRAMS:
                raise KeyError(f"unknown diagram {name!r}")
            frames = len(DIAGRAMS[name].moves) > 1
            width_mm = (FRAMES_MM if frames else DIAGRAM_MM) * shrink
            drawn = render_frames(name, width_mm)
            buffer = io.BytesIO()
            pygame.image.save(drawn, buffer, "diagram.png")
            height_mm = drawn.get_height() / DPI * 25.4
            self.pngs[(name, shrink)] = (buffer.getvalue(), width_mm, height_mm)
        return self.pngs[(name, shrink)]


def _new_pdf(title: str, lang: str) -> FPDF:
    from fpdf import FPDF

    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.set_auto_page_break(True, MARGIN)
    pdf.set_title(title)
    pdf.set_lang(lang)
    pdf.set_creator("Ludique")
    for (family, style), file in FACES.items():
        pdf.add_font(family, style, str(asset_path("fonts", file)))
    pdf.add_page()
    return pdf


def _height(pdf, text: str, width: float, size: float) -> float:
    """How tall ``text`` stands when wrapped to ``width`` mm (nothing is drawn)."""
    pdf.set_font("text", "", size)
    step = size * LINE * PT
    lines = pdf.multi_cell(width, step, text, markdown=True, dry_run=True, output="LINES")
    return len(lines) * step


def _keep(pdf, height: float) -> None:
    """A new page if ``height`` mm would cross the bottom margin (a block is never split from
    its heading or its picture cut)."""
    if pdf.get_y() + height > pdf.h - MARGIN:
        pdf.add_page()


def _text(pdf, block: Block, width: float, size: float, colour, align: str = "L") -> None:
    pdf.set_text_color(*colour)
    pdf.set_font("text", "", size)
    pdf.multi_cell(width, size * LINE * PT, _markdown(block), markdown=True, align=align)


def write_document(
    pdf: FPDF,
    blocks: list[Block],
    diagrams: _Diagrams,
    shrink: float = 1.0,
    problems: list[str] | None = None,
) -> list[list[str]]:
    """Lay ``blocks`` (one card or panel) out on ``pdf``'s pages, its diagrams ``shrink`` times
    their size; returns the kinds of block each page holds.  A diagram that cannot be drawn (an
    unknown name) is left out and said in ``problems``, as the kiosk's card does."""
    width = pdf.w - 2 * MARGIN
    body_line = BODY_PT * LINE * PT
    pages: list[list[str]] = []
    for index, block in enumerate(blocks):
        following = blocks[index + 1] if index + 1 < len(blocks) else None
        _place(pdf, block, following, index, diagrams, shrink, width, body_line, problems)
        while len(pages) < pdf.page_no():
            pages.append([])
        pages[-1].append(block.kind)
    return pages


def _place(pdf, block, following, index, diagrams, shrink, width, body_line, problems) -> None:
    """One block at the cursor (a new page first when it would not fit)."""
    if block.kind == "heading":
        size = HEADING_PT.get(block.level, HEADING_PT[3])
        # a heading stays with the first lines of what it heads
        _keep(pdf, size * LINE * PT + 3 * body_line)
        if index:
            pdf.ln(size * 0.6 * PT)
        pdf.set_font("display", "", size)
        pdf.set_text_color(*(INK if block.level == 1 else INK_ACCENT))
        pdf.multi_cell(width, size * 1.2 * PT, _tie(block.paper_text))
        pdf.ln(1.0)
    elif block.kind == "diagram":
        try:
            png, picture_w, height = diagrams.get(block.name, shrink)
        except KeyError as exc:
            if problems is not None:
                problems.append(f"{block.source}:{block.line}: {exc.args[0]}; left out")
            return
        caption = 0.0
        if following is not None and following.kind == "caption":
            caption = _height(pdf, _markdown(following), width - 20, CAPTION_PT)
        _keep(pdf, height + caption + 6)
        pdf.ln(2)
        pdf.image(io.BytesIO(png), x=(pdf.w - picture_w) / 2, w=picture_w, h=height)
        pdf.ln(1.5)
    elif block.kind == "caption":
        pdf.set_x(MARGIN + 10)
        pdf.set_text_color(*INK_MUTED)
        pdf.set_font("text", "", CAPTION_PT)
        text = caption_text(block)
        pdf.multi_cell(width - 20, CAPTION_PT * LINE * PT, text, markdown=True, align="C")
        pdf.ln(2)
    elif block.note:
        inner = width - 12
        height = _height(pdf, _markdown(block), inner, BODY_PT) + 6
        _keep(pdf, height + 2)
        pdf.ln(1.5)
        top = pdf.get_y()
        pdf.set_fill_color(*KIOSK_RULE)
        pdf.rect(MARGIN, top, width, height, style="F")
        pdf.set_fill_color(*INK_ACCENT)
        pdf.rect(MARGIN, top, 1.8, height, style="F")
        pdf.set_xy(MARGIN + 7, top + 3)
        _text(pdf, block, inner, BODY_PT, INK)
        pdf.set_y(top + height + 2)
    elif block.kind == "item":
        hang = 6.0 * block.level
        _keep(pdf, 2 * body_line)
        pdf.ln(0.8)
        top = pdf.get_y()
        pdf.set_text_color(*INK_ACCENT)
        pdf.set_font("text", "B", BODY_PT)
        pdf.set_xy(MARGIN + hang - 4.5, top)
        pdf.cell(4.5, body_line, block.marker)
        pdf.set_xy(MARGIN + hang, top)
        _text(pdf, block, width - hang, BODY_PT, INK)
    else:
        pdf.ln(1.6)
        _text(pdf, block, width, BODY_PT, INK)


def thin_last_page(pages: list[list[str]]) -> bool:
    """Whether the last of several pages holds only what a diagram brings (no text of its own)."""
    return len(pages) > 1 and set(pages[-1]) <= {"diagram", "caption"}


def lay_out(
    blocks: list[Block],
    title: str,
    lang: str,
    diagrams: _Diagrams,
    problems: list[str] | None = None,
):
    """(the PDF, the kinds of block on each page) of one document: its diagrams at full size,
    or as little smaller as spares a page or a last page holding a diagram alone.  What could
    not be drawn is said once in ``problems``."""
    best = None
    for shrink in SHRINK:
        pdf = _new_pdf(title, lang)
        said: list[str] = []
        pages = write_document(pdf, blocks, diagrams, shrink, said)
        if best is None or (thin_last_page(pages), len(pages)) < best[2]:
            best = (pdf, pages, (thin_last_page(pages), len(pages)), said)
        if len(pages) == 1:
            break
    assert best is not None
    if problems is not None:
        problems.extend(best[3])
    return best[0], best[1]


def _documents(langs: Iterable[str]) -> list[tuple[str, str, str]]:
    return [
        (lang, folder, doc_id)
        for lang in langs
        for folder, ids in (("rules", CARD_IDS), ("history", HISTORY_IDS))
        for doc_id in ids
    ]


class CardsError(Exception):
    """The cards cannot be written at all (the folder, the disk); the message names the path."""


def _writable_folder(folder: Path) -> None:
    """Raises ``CardsError`` unless files can be made in ``folder`` (made if missing): said
    before any card is drawn, not after."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".ludique-cards-", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise CardsError(f"{folder}: cannot write there ({exc.strerror or exc})") from None


def _write_whole(path: Path, data: bytes) -> None:
    """``data`` to ``path`` through a temporary file renamed at the end: a full disk leaves the
    old file or none, never a truncated PDF that a printer would take."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise CardsError(f"{path}: not written ({exc.strerror or exc})") from None


def write_cards(
    out_dir: Path,
    langs: Iterable[str] = LANGUAGES,
    problems: list[str] | None = None,
    pages: dict[Path, list[list[str]]] | None = None,
) -> list[Path]:
    """Every rule card and history panel of ``langs`` as A4 PDF files under ``out_dir``
    (``<lang>/rules-<card>.pdf``, ``<lang>/history-<game>.pdf``); returns their paths, and in
    ``pages`` (when given) the kinds of block each page of each file holds, as laid out.

    A card that cannot be read (empty, missing, broken) or a diagram that cannot be drawn is
    said in ``problems`` and the others are written; a folder or a disk that takes no file
    raises ``CardsError``."""
    problems = [] if problems is None else problems
    langs = list(dict.fromkeys(langs))  # --lang en --lang en: each card once
    for lang in langs:
        _writable_folder(Path(out_dir) / lang)
    diagrams = _Diagrams()
    written: list[Path] = []
    for lang, folder, doc_id in _documents(langs):
        try:
            blocks = load(lang, folder, doc_id)
        except ContentError as exc:
            problems.append(f"{exc}; not written")
            continue
        title = blocks[0].text if blocks and blocks[0].kind == "heading" else doc_id
        pdf, kinds = lay_out(blocks, title, lang, diagrams, problems)
        path = Path(out_dir) / lang / f"{folder}-{doc_id}.pdf"
        _write_whole(path, bytes(pdf.output()))
        if pages is not None:
            pages[path] = kinds
        written.append(path)
    return written
