"""The printed cards (ludique.ui.printed_cards): A4 PDF files whose text is the cards' own text,
set in the project's embedded faces, with every word inside its page."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pypdf  # the test extra (never skipped: CI builds the set); the kiosk never reads a PDF
import pytest

from ludique.ui.printed_cards import A4, MARGIN, write_cards
from ludique.words.document import CARD_IDS, HISTORY_IDS, load
from ludique.words.i18n import LANGUAGES

MM = 72 / 25.4  # PDF points per millimetre
FACE_FILES = {  # the embedded face's name -> its file, to measure how far a line reaches
    "NotoSerif": "NotoSerif-Regular.ttf",
    "NotoSerifBold": "NotoSerif-Bold.ttf",
    "NotoSerifItalic": "NotoSerif-Italic.ttf",
    "NotoSerifDisplayBold": "NotoSerifDisplay-Bold.ttf",
}


@pytest.fixture(scope="module")
def advance():
    """advance(face name, text, size): the text's width in points, from the face's metrics."""
    from fontTools.ttLib import TTFont

    from ludique.paths import asset_path

    faces = {}

    def measure(name: str, text: str, size: float) -> float:
        file = FACE_FILES[name.split("+")[-1]]
        if file not in faces:
            font = TTFont(asset_path("fonts", file))
            faces[file] = (font.getBestCmap(), font["hmtx"].metrics, font["head"].unitsPerEm)
        cmap, metrics, em = faces[file]
        return sum(metrics[cmap.get(ord(c), ".notdef")][0] for c in text) * size / em

    return measure


def _words(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", text).replace("\u00a0", " ")
    return re.findall(r"[^\W_]+", text.casefold())


# the kinds of block on each page of each PDF the ``cards`` fixture wrote, as it laid them out
# (the layout is the costly part: the tests of pages read it instead of laying out again)
PAGES: dict[Path, list[list[str]]] = {}


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> dict[tuple[str, str, str], Path]:
    out = tmp_path_factory.mktemp("cards")
    paths = write_cards(out, pages=PAGES)
    found = {}
    for path in paths:
        folder, _, doc_id = path.stem.partition("-")
        found[(path.parent.name, folder, doc_id)] = path
    return found


def test_every_card_and_panel_is_written_in_every_language(cards):
    expected = {
        (lang, folder, doc_id)
        for lang in LANGUAGES
        for folder, ids in (("rules", CARD_IDS), ("history", HISTORY_IDS))
        for doc_id in ids
    }
    assert set(cards) == expected


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_printed_text_is_the_cards_text(cards, lang):
    problems = []
    for (doc_lang, folder, doc_id), path in cards.items():
        if doc_lang != lang:
            continue
        reader = pypdf.PdfReader(path)
        printed = _words(" ".join(page.extract_text() for page in reader.pages))
        written = _words(" ".join(b.paper_text for b in load(lang, folder, doc_id)))
        if printed != written:
            at = next(
                (i for i, (a, b) in enumerate(zip(printed, written, strict=False)) if a != b),
                min(len(printed), len(written)),
            )
            problems.append(
                f"{path.name}: printed {' '.join(printed[at : at + 8])!r}, "
                f"card {' '.join(written[at : at + 8])!r}"
            )
    assert problems == []


def test_the_comparisons_can_fail(advance):
    assert _words("Ein **Stein** auf 3B.") == ["ein", "stein", "auf", "3b"]
    assert _words("Ziel\u00a0: 3B") != _words("Ziel : 3A")
    # a line of the body's width measures about the column's width (174 mm = 493 pt)
    line = "Tippen Sie auf den Würfel und ziehen Sie dann einen Ihrer Steine um so viele Punkte"
    assert 400 < advance("MPDFAA+NotoSerif", line, 10.5) < (A4[0] - 2 * MARGIN) * MM


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_are_a4_with_embedded_faces_and_text_inside_the_margins(cards, lang, advance):
    width, height = A4[0] * MM, A4[1] * MM
    inside = (MARGIN - 1) * MM
    problems = []
    for (doc_lang, _, _), path in cards.items():
        if doc_lang != lang:
            continue
        for number, page in enumerate(pypdf.PdfReader(path).pages, 1):
            box = page.mediabox
            if abs(float(box.width) - width) > 1 or abs(float(box.height) - height) > 1:
                problems.append(f"{path.name} p.{number}: {box.width} x {box.height} pt")
            fonts = page["/Resources"]["/Font"]
            for font in fonts.values():
                font = font.get_object()
                descendant = font["/DescendantFonts"][0].get_object()
                descriptor = descendant["/FontDescriptor"].get_object()
                if "/FontFile2" not in descriptor or "Noto" not in str(font["/BaseFont"]):
                    problems.append(f"{path.name} p.{number}: {font['/BaseFont']} not embedded")

            def visit(text, cm, tm, font, size, where=f"{path.name} p.{number}"):
                if not text.strip() or font is None:
                    return
                x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
                end = x + advance(str(font["/BaseFont"]), text.rstrip(), size * tm[0] * cm[0])
                if not (inside <= x and end <= width - inside and inside <= y <= height - inside):
                    problems.append(f"{where}: {text!r} from ({x:.0f}, {y:.0f}) to {end:.0f} pt")

            page.extract_text(visitor_text=visit)
    assert problems == []


# --- ready to print (issue 36) ---------------------------------------------------------------


def test_no_page_holds_only_a_diagram_and_every_move_is_printed(cards):
    from ludique.ui.diagrams import DIAGRAMS
    from ludique.ui.printed_cards import frame_rects, thin_last_page

    thin = []
    assert set(PAGES) == set(cards.values())  # every document written, as it was laid out
    for (lang, folder, doc_id), path in sorted(cards.items()):
        thin += [
            f"{lang} {folder}-{doc_id} p.{n}"
            for n, kinds in enumerate(PAGES[path], 1)
            if set(kinds) <= {"diagram", "caption"}
        ]
    assert thin == []
    assert thin_last_page([["heading", "paragraph"], ["diagram", "caption"]])
    for name, diagram in DIAGRAMS.items():
        boards = max(1, len(diagram.moves)) + (1 if diagram.result else 0)
        assert len(frame_rects(name, 2000)) == boards, name
    # Blue catches, White frees, and the freed piece (issue 60)
    assert len(frame_rects("latrunculi-incitus", 2000)) == 3


def test_board_labels_print_at_least_2_5_mm_on_light_panels():
    import pygame

    from ludique.ui.boards import view_for
    from ludique.ui.fonts import font
    from ludique.ui.printed_cards import DPI, LABEL_MM, label_unit, render_frames

    pygame.display.init()
    pygame.font.init()
    for game_id in ("pente-grammai", "epaminondas", "latrunculi-petteia", "latrunculi-seneca"):
        view = view_for(game_id, (0, 0, 900, 700), unit=label_unit())
        figure = font("bold", view.label_px).render("8", True, (0, 0, 0))
        height_mm = figure.get_bounding_rect().height / DPI * 25.4
        assert height_mm >= LABEL_MM, (game_id, height_mm)
    picture = render_frames("latrunculi-custodian", 100.0)
    panel = picture.get_at((picture.get_width() // 2, 8))  # the panel above the board
    assert sum(panel[:3]) / 3 > 180, panel  # light, not the screen's near-black


def test_a_printed_card_points_at_no_other_card_by_its_place():
    # "the card above/below" is true on the screen, where the variant's card follows the common
    # one, and false on paper, where each card is its own sheet
    screen_only = {
        "en": ("card above", "card below", "below this one", "above this one"),
        "fr": ("fiche ci-dessus", "fiche ci-dessous", "sous celle-ci", "au-dessus de celle-ci"),
        "de": ("Karte oben", "weiter unten", "Karte unten"),
    }
    found = [
        f"{lang} {card_id}: {phrase!r}"
        for lang in LANGUAGES
        for card_id in CARD_IDS
        for block in load(lang, "rules", card_id)
        for phrase in screen_only[lang]
        if phrase.casefold() in block.text.casefold()
    ]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_printed_caption_ends_with_one_word_on_its_line(lang):
    """A centred caption whose last line holds a single word ("d5." under a German caption)
    reads as a slip (issue 60): every caption of every card, wrapped as the PDF wraps it."""
    from ludique.ui.printed_cards import CAPTION_PT, LINE, PT, _new_pdf, caption_text

    pdf = _new_pdf("captions", lang)
    pdf.set_font("text", "", CAPTION_PT)
    width = pdf.w - 2 * MARGIN - 20
    alone = []
    for card_id in CARD_IDS:
        for block in load(lang, "rules", card_id):
            if block.kind != "caption":
                continue
            lines = pdf.multi_cell(
                width,
                CAPTION_PT * LINE * PT,
                caption_text(block),
                markdown=True,
                align="C",
                dry_run=True,
                output="LINES",
            )
            last = lines[-1].replace("\u00a0", " ").split()
            if len(lines) > 1 and len(last) < 2:
                alone.append(f"{card_id}:{block.line}: {lines[-1]!r}")
    assert alone == [], alone


def test_no_arrow_covers_the_mark_of_the_piece_it_moves():
    """The arrow of a diagram's move starts at the edge of the moving piece, so that the piece's
    own mark (the dux's star, a prisoner's sign) stays in view (issue 60: the Dux arrow covered
    the star)."""
    import pygame

    from ludique.ui import palette
    from ludique.ui.boards import view_for
    from ludique.ui.diagrams import DIAGRAMS, _move_path, panel_surface, positions

    size = (600, 600)
    covered = []
    for name, diagram in DIAGRAMS.items():
        if not diagram.moves:
            continue
        state = positions(name)[0]
        path, mover = _move_path(state, diagram.moves[0])
        if path[0] == "off":
            continue
        panel = panel_surface(state, diagram.game_id, size, diagram.moves[0], diagram.roll, [])
        rect = pygame.Rect(0, 0, *size).inflate(-24, -24)
        view = view_for(diagram.game_id, rect)
        x, y = view.centre(path[0], state, mover)
        r = max(2, int(view.radius * 0.5))
        bright = sum(
            1
            for dx in range(-r, r + 1)
            for dy in range(-r, r + 1)
            if dx * dx + dy * dy <= r * r
            and panel.get_at((x + dx, y + dy))[:3] == palette.HIGHLIGHT[:3]
        )
        if bright:
            covered.append(f"{name}: {bright} arrow pixels on the piece at {path[0]}")
    assert covered == [], covered


def test_the_incitus_diagram_prints_the_freeing():
    """The caption ends "... and frees d4": on paper, where nothing moves, the last board is
    the position after White's move, d4 no longer a prisoner and glowing (issue 60)."""
    from ludique.ui.diagrams import DIAGRAMS, landed_squares, positions
    from ludique.ui.printed_cards import frame_rects

    diagram = DIAGRAMS["latrunculi-incitus"]
    assert len(frame_rects("latrunculi-incitus", 1000)) == len(diagram.moves) + 1
    states = positions("latrunculi-incitus")
    last = states[-1]
    assert "d4" in last.freed
    assert "d4" not in {p.square for p in last.pieces() if p.kind == "incitus"}
    assert "d4" in landed_squares(states[-2], diagram.moves[-1])  # it glows on the result board


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_but_the_last_is_more_than_a_third_empty(cards, lang):
    """A page that breaks early (a diagram pushed over) leaves a blank a reader takes for the
    end of the card (issue 60: Seneca's page about 70% blank, Pente grammai's 45%): below its
    last line, no page but a document's last keeps more than a third of its column empty."""
    height = A4[1] * MM
    column = height - 2 * MARGIN * MM
    empty = []
    for (doc_lang, folder, doc_id), path in cards.items():
        if doc_lang != lang:
            continue
        pages = pypdf.PdfReader(path).pages
        for number, page in enumerate(pages[:-1], 1):
            lowest = [height]

            def visit(text, cm, tm, font, size, lowest=lowest):
                if text.strip():
                    lowest[0] = min(lowest[0], tm[5] * cm[3] + cm[5])

            page.extract_text(visitor_text=visit)
            share = (lowest[0] - MARGIN * MM) / column
            if share > 1 / 3:
                empty.append(f"{folder}-{doc_id} p.{number}: {share:.0%} empty")
    assert empty == [], empty


# what tells a visitor how to use the screen, in each language (issue 60: "Touch the die" was
# printed); "touch" as in "no capture can touch the dux" (« toucher le dux ») is no instruction
SCREEN_WORDS = {
    "en": re.compile(r"\b(?:touch|tap|drag)\b(?! the dux)|\bscreen\b|\bbutton\b", re.I),
    "fr": re.compile(r"\btouche[zr]\b(?! le dux)|\bécran\b|\bfaites glisser\b|\bbouton\b", re.I),
    "de": re.compile(r"\btippen\b|\bantippen\b|\bbildschirm\w*|\bschaltfläche\b", re.I),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_instructions_for_the_screen_are_left_off_paper(cards, lang):
    """A card says "Touch the die" on the screen and "Throw the die" on paper
    (``{screen|paper}`` in its Markdown); no printed page tells a reader to touch, drag or
    look at a screen."""
    found = []
    for (doc_lang, folder, doc_id), path in cards.items():
        if doc_lang != lang:
            continue
        for number, page in enumerate(pypdf.PdfReader(path).pages, 1):
            text = " ".join(page.extract_text().split())
            found += [
                f"{folder}-{doc_id} p.{number}: {m.group()!r}"
                for m in SCREEN_WORDS[lang].finditer(text)
            ]
    assert found == [], found
    # and the screen keeps its instruction
    screen = " ".join(b.text for b in load(lang, "rules", "pente-grammai"))
    assert SCREEN_WORDS[lang].search(screen)


def test_a_choice_between_screen_and_paper_is_read_from_the_markdown():
    from ludique.words.document import parse

    block = parse(
        "{Touch the die|Throw the die}, then move{ on the screen|}. {#x.y}", Path("t.md")
    )[0]
    assert block.text == "Touch the die, then move on the screen."
    assert block.paper_text == "Throw the die, then move."
    assert block.claim == "x.y"
    plain = parse("No choice {here}.", Path("t.md"))[0]
    assert plain.paper_runs is None and plain.paper_text == plain.text == "No choice {here}."
