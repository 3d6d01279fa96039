"""Rule cards and history panels: present in every language, faithful, and drawable."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pygame
import pytest

from ludique.games import GAME_IDS
from ludique.paths import locales_dir
from ludique.ui import palette
from ludique.ui.diagrams import DIAGRAMS, positions, render_diagram
from ludique.ui.rule_cards import _tie, render_card, render_history, render_rules
from ludique.words import document
from ludique.words.document import (
    CARD_IDS,
    HISTORY_IDS,
    ContentError,
    card_ids_for,
    history_id_for,
    load,
    parse,
)
from ludique.words.i18n import LANGUAGES

ROOT = locales_dir()
KIOSK_RULE = {"en": "Kiosk rule.", "fr": "Règle de la borne.", "de": "Hausregel."}


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_and_history_panel_exists_in_every_language(lang):
    for card_id in CARD_IDS:
        assert (ROOT / lang / "rules" / f"{card_id}.md").is_file(), (lang, card_id)
    for game in HISTORY_IDS:
        assert (ROOT / lang / "history" / f"{game}.md").is_file(), (lang, game)
    extra = {p.stem for p in (ROOT / lang / "rules").glob("*.md")} - set(CARD_IDS)
    assert extra == set()


def _structure(lang: str, folder: str, doc_id: str):
    blocks = load(lang, folder, doc_id)
    return (
        [b.level for b in blocks if b.kind == "heading"],
        [b.name for b in blocks if b.kind == "diagram"],
        sum(1 for b in blocks if b.kind == "caption"),
        sum(1 for b in blocks if b.note),
        [b.claim for b in blocks if b.claim],  # the rule claims, in the same order (claims.toml)
    )


@pytest.mark.parametrize("card_id", CARD_IDS)
def test_the_three_languages_tell_the_same_card(card_id):
    english = _structure("en", "rules", card_id)
    for lang in LANGUAGES:
        assert _structure(lang, "rules", card_id) == english, lang


@pytest.mark.parametrize("game", HISTORY_IDS)
def test_the_three_languages_tell_the_same_history(game):
    english = _structure("en", "history", game)
    for lang in LANGUAGES:
        assert _structure(lang, "history", game) == english, lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_kiosk_rules_are_marked_as_such(lang):
    # rules.md marks one kiosk rule for Epaminondas and two common to all Latrunculi variants;
    # every game's short game is one more (issue 57)
    expected = {"pente-grammai": 1, "epaminondas": 2, "latrunculi": 3}
    for card_id in CARD_IDS:
        notes = [b for b in load(lang, "rules", card_id) if b.note]
        assert len(notes) == expected.get(card_id, 0), card_id
        for note in notes:
            assert note.runs[0].style == "bold" and note.runs[0].text == KIOSK_RULE[lang]


def test_every_required_diagram_is_on_a_card_and_every_card_diagram_exists():
    used = {b.name for c in CARD_IDS for b in load("en", "rules", c) if b.kind == "diagram"}
    required = {
        "pente-entering",
        "pente-capture",
        "pente-sacred-line",
        "epaminondas-phalanx",
        "epaminondas-capture",
        "latrunculi-custodian",
        "latrunculi-corner",
        "latrunculi-incitus",
        "latrunculi-dux",
    }
    assert required <= used
    assert used <= set(DIAGRAMS)


def test_each_card_shows_the_board_pieces_moves_captures_and_the_win():
    # the English cards' section headings and "In short" lines, one topic per rule the issue
    # asks for (what the "In short" lines say once is not said again below them)
    topics = {
        "pente-grammai": ["The board", "the counters", "A turn", "capturing", "Winning"],
        "epaminondas": ["The board", "the pieces", "Moving", "Capturing", "you win"],
        "latrunculi": ["The board", "Pieces move", "Capturing", "loses"],
        "latrunculi-seneca": ["placing", "Moving", "The incitus", "Removing a prisoner"],
        "latrunculi-piso": ["placing", "Moving", "Capturing"],
        "latrunculi-petteia": ["Setting up", "Moving", "Capturing"],
        "latrunculi-dux": ["Setting up", "Moving", "The dux", "Winning"],
    }
    for card_id, wanted in topics.items():
        blocks = load("en", "rules", card_id)
        end = [i for i, b in enumerate(blocks) if b.kind == "heading" and b.level == 2][1]
        said = " | ".join(b.text for b in blocks if b.kind == "heading")
        said += " | " + " | ".join(b.text for b in blocks[:end])
        for topic in wanted:
            assert topic in said, (card_id, topic)


# --- the diagrams show what their captions say ---------------------------------------------------


def _at(state, square):
    return sorted((p.colour, p.kind) for p in state.pieces() if p.square == square)


def _off(state, colour):
    return sum(1 for p in state.pieces() if p.square == "off" and p.colour == colour)


def test_pente_diagrams():
    start, end = positions("pente-entering")
    assert _at(end, "1B") == [("blue", "counter")] and _off(end, "blue") == _off(start, "blue") - 1
    start, end = positions("pente-capture")
    assert (
        _at(end, "2B") == [("blue", "counter")] and _off(end, "white") == _off(start, "white") + 1
    )
    start, end = positions("pente-sacred-line")
    assert end.outcome is not None and end.outcome.winner == "blue"
    assert end.outcome.reason == "sacred-line"


def test_epaminondas_diagrams():
    _, end = positions("epaminondas-phalanx")
    assert [_at(end, s) for s in ("c4", "c5", "c6")] == [[("white", "piece")]] * 3
    start, end = positions("epaminondas-capture")
    black = [p for p in start.pieces() if p.colour == "black"]
    assert len([p for p in end.pieces() if p.colour == "black"]) == len(black) - 2
    assert _at(end, "e7") == [("white", "piece")]
    (crossing,) = positions("epaminondas-crossing")
    assert crossing.outcome is not None and crossing.outcome.winner == "white"
    assert crossing.outcome.reason == "crossing"


def test_latrunculi_diagrams():
    _, end = positions("latrunculi-custodian")
    assert _at(end, "d4") == []
    _, end = positions("latrunculi-corner")
    assert _at(end, "a8") == []
    _, end = positions("latrunculi-jump")
    assert _at(end, "e5") == [("blue", "man")] and _at(end, "c3") == []
    start, caught, freed = positions("latrunculi-incitus")
    assert _at(caught, "d4") == [("white", "incitus")]
    assert _at(freed, "d4") == [("white", "man")] and _at(freed, "e4") == [("blue", "incitus")]
    _, end = positions("latrunculi-dux")
    assert _at(end, "d5") == [] and _at(end, "e5") == [("blue", "dux")]


@pytest.mark.parametrize("name", sorted(DIAGRAMS))
def test_every_diagram_draws_something(name):
    image = render_diagram(name, 1200)
    assert image.get_width() == 1200 and 200 < image.get_height() <= 1200
    # the dark panel behind the board is there, and so is the bright arrow
    colours = {tuple(image.get_at((x, 30)))[:3] for x in range(0, 1200, 3)}
    assert palette.BACKGROUND in colours
    # the bright arrow of the move, or the gold badges of a still position
    mark = palette.HIGHLIGHT if DIAGRAMS[name].moves or DIAGRAMS[name].track else palette.ACCENT
    assert pygame.mask.from_threshold(image, mark, (1, 1, 1, 255)).count() > 100


# --- rendering -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("card_id", CARD_IDS)
def test_render_card(lang, card_id):
    surface = render_card(lang, card_id, 1400)
    assert surface.get_width() == 1400 and surface.get_height() > 700
    ink = pygame.mask.from_threshold(surface, palette.INK, (40, 40, 40, 255))
    assert ink.count() > 5000  # text was drawn


@pytest.mark.parametrize("lang", LANGUAGES)
def test_render_history_and_narrow_widths(lang):
    for game_id in GAME_IDS:
        wide = render_history(lang, game_id, 1400)
        narrow = render_history(lang, game_id, 800)
        assert narrow.get_width() == 800 and narrow.get_height() > wide.get_height()
    assert (
        render_rules(lang, "latrunculi-dux", 900).get_height()
        > render_card(lang, "latrunculi-dux", 900).get_height()
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_text_is_wrapped_to_the_width(lang):
    # no line is wider than the text column: nothing of the ink lies in the right margin
    for card_id in CARD_IDS:
        surface = render_card(lang, card_id, 700)
        margin = max(24, 700 // 28)
        strip = surface.subsurface((700 - margin + 2, 0, margin - 2, surface.get_height()))
        ink = pygame.mask.from_threshold(strip, palette.INK, (40, 40, 40, 255))
        assert ink.count() == 0, card_id


def test_a_too_narrow_card_is_refused_clearly():
    with pytest.raises(ValueError, match="at least 240 px, not 100"):
        render_card("en", "latrunculi", 100)


def test_card_ids_for_every_game():
    assert card_ids_for("latrunculi-dux") == ["latrunculi", "latrunculi-dux"]
    assert card_ids_for("pente-grammai") == ["pente-grammai"]
    for game_id in GAME_IDS:
        assert all(c in CARD_IDS for c in card_ids_for(game_id))
        assert history_id_for(game_id) in HISTORY_IDS
    with pytest.raises(ContentError, match="chess"):
        card_ids_for("chess")


# --- the Markdown subset -------------------------------------------------------------------------


def test_parse_the_subset(tmp_path):
    text = (
        "# Title\n\nSome *soft* and **strong** words.\n\n- one\n- two\n\n1. first\n2. second\n\n"
        "::: diagram pente-entering\n\n*A caption.*\n\n> **Kiosk rule.** A note.\n"
    )
    blocks = parse(text, tmp_path / "x.md")
    kinds = [b.kind for b in blocks]
    assert kinds == ["heading", "paragraph", "item", "item", "item", "item", "diagram", "caption",
                     "paragraph"]  # fmt: skip
    assert [r.style for r in blocks[1].runs] == ["text", "italic", "text", "bold", "text"]
    assert [b.marker for b in blocks[2:6]] == ["•", "•", "1.", "2."]
    assert blocks[6].name == "pente-entering" and blocks[8].note


def test_a_malformed_diagram_line_names_file_and_line_and_keeps_the_card(tmp_path, caplog):
    blocks = parse("# T\n\n::: diagrm pente-entering\n\nText.\n", tmp_path / "card.md")
    assert [b.kind for b in blocks] == ["heading", "paragraph"]
    assert re.search(r"card\.md:3: .*diagram", caplog.text)


def test_a_card_missing_in_one_language_falls_back_to_english(tmp_path):
    root = tmp_path / "locales"
    shutil.copytree(ROOT, root)
    (root / "de" / "rules" / "epaminondas.md").unlink()
    path = document.document_path("de", "rules", "epaminondas", root)
    assert path == root / "en" / "rules" / "epaminondas.md"
    with pytest.raises(ContentError, match="no-such-card"):
        document.document_path("de", "rules", "no-such-card", root)


def test_french_punctuation_never_starts_a_line():
    assert (
        _tie("Bleu gagne : « oui » ; fin !")
        == "Bleu gagne\u00a0: «\u00a0oui\u00a0»\u00a0; fin\u00a0!"
    )


# --- palette and sounds --------------------------------------------------------------------------


def test_blue_and_white_counters_differ_in_lightness_and_have_opposite_outlines():
    from ludique.ui.palette import contrast_ratio, relative_luminance

    # lightness survives every kind of colour blindness; WCAG asks 4.5:1 for text
    assert contrast_ratio(palette.BLUE_COUNTER, palette.WHITE_COUNTER) >= 4.5
    for fill, edge in palette.PIECE_COLOURS.values():
        assert contrast_ratio(fill, edge) >= 4.5
        assert (relative_luminance(fill) < 0.3) != (relative_luminance(edge) < 0.3)
    assert contrast_ratio(palette.INK, palette.PAPER) >= 7
    assert contrast_ratio(palette.TEXT, palette.BACKGROUND) >= 7
    assert contrast_ratio(palette.INK, palette.KIOSK_RULE) >= 7
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21)


def test_sounds_are_synthesised_and_play_under_the_dummy_driver():
    from ludique.ui.sound import SOUND_NAMES, Sounds, synthesise

    for name in SOUND_NAMES:
        samples = synthesise(name, 22050)
        assert 0.1 * 22050 < len(samples) < 1.5 * 22050
        assert 0.3 < max(abs(v) for v in samples) <= 0.5
    sounds = Sounds(enabled=True)
    assert sounds.available
    for name in SOUND_NAMES:
        assert sounds.length(name) > 0.1
        sounds.play(name)
    with pytest.raises(ValueError, match="'bang'"):
        sounds.play("bang")


def test_sounds_stay_silent_without_an_audio_device():
    # a real SDL without any usable audio driver, in a fresh process (no mock of pygame)
    import os
    import subprocess
    import sys

    script = (
        "from ludique.ui.sound import Sounds\n"
        "s = Sounds(enabled=True)\n"
        "s.play('win'); s.play('capture')\n"
        "print(s.available, s.length('win'))\n"
    )
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-driver", PYGAME_HIDE_SUPPORT_PROMPT="1")
    result = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "0.0"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_latrunculi_rules_screen_opens_with_both_in_short_sections(lang):
    """The common card's "In short", then the variant's (under the variant's title), then the
    common card's full text: a visitor can start playing Seneca from the top of the screen."""
    from ludique.ui.rule_cards import gather_in_short
    from ludique.words.document import load

    common, seneca = load(lang, "rules", "latrunculi"), load(lang, "rules", "latrunculi-seneca")
    first, rest = gather_in_short([common, seneca])
    headings = [i for i, b in enumerate(first) if b.kind == "heading" and b.level == 2]
    short = first[headings[0] : headings[1]]
    seneca_title = next(b.text for b in seneca if b.kind == "heading" and b.level == 1)
    assert any(b.kind == "heading" and b.text == seneca_title for b in short)
    items = [b.text for b in short if b.kind == "item"]
    seneca_items = [b.text for b in seneca[: [i for i, b in enumerate(seneca) if b.level == 2][1]]]
    assert len(items) >= 6 and all(text in seneca_items for text in items[-3:])
    # nothing lost, nothing doubled
    assert len(first) + len(rest) == len(common) + len(seneca)
    assert not any(b.kind == "item" and b.text in items[-3:] for b in rest)


@pytest.mark.parametrize("name", [n for n, d in DIAGRAMS.items() if d.moves])
def test_every_diagram_with_a_move_plays_it(name):
    """The first panel, played: it starts on the diagram's position, the piece is somewhere else
    half-way through the glide, and it ends on the position after the move."""
    from ludique.ui.diagrams import MovingDiagram

    moving = MovingDiagram(name, (520, 440))
    start = moving.frame(0.1)
    middle = moving.frame(moving.HOLD + moving.GLIDE / 2)
    end = moving.frame(moving.CYCLE - 0.1)
    raw = pygame.image.tobytes
    assert raw(start, "RGBA") != raw(middle, "RGBA") != raw(end, "RGBA")
    # the last frame is the engine's position after the last move, drawn by the game's view
    expected = pygame.Surface(end.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(expected, (33, 24, 19), expected.get_rect(), border_radius=22)
    *_, before, after = positions(name)
    mover = before.to_move
    arrived = sorted(moving._own(after, mover) - moving._own(before, mover))
    moving.view.draw(expected, after, glow=arrived)
    assert raw(end, "RGBA") == raw(expected, "RGBA")
    # and it plays again: the next cycle starts where the first did
    assert raw(moving.frame(moving.CYCLE + 0.1), "RGBA") == raw(start, "RGBA")


@pytest.mark.parametrize("name", [n for n, d in DIAGRAMS.items() if d.moves])
def test_a_diagram_that_plays_its_moves_is_one_board(name):
    """Never a "before" that turns into the "after" while the "after" is shown beside it: the
    card holds one board, the one the moves are played on, for every move of the diagram."""
    from ludique.ui.diagrams import MovingDiagram, panel_rects

    rects = panel_rects(name, 1300)
    image = render_diagram(name, 1300)
    assert len(rects) == 1 and image.get_height() == rects[0].height
    # the card plays the diagram at the screen's unit, as the still one was drawn (scale 1.0)
    moving = MovingDiagram(name, rects[0].size, unit=1.0)
    each = moving.HOLD + moving.GLIDE + moving.FADE
    assert moving.CYCLE == pytest.approx(len(DIAGRAMS[name].moves) * each + moving.REST)
    # before each move the board shows it with its arrow, as the still card does
    assert pygame.image.tobytes(moving.frame(0.1), "RGBA") == pygame.image.tobytes(
        image.subsurface(rects[0]), "RGBA"
    )


def test_the_rules_screen_plays_the_diagrams_in_view_and_sends_only_them(app_factory):
    from kiosk_driver import button_centre, click

    app = app_factory(game="latrunculi-seneca", lang="de")
    click(app, button_centre(app, "rules"))
    scene = app.scene
    assert scene.name == "rules" and scene.card() is not None and scene.diagrams
    assert not scene.visible_diagrams() or scene.animating()
    scene.scroll = max(0, scene.diagrams[0].place.top - 50)
    (played, rect), *_ = scene.visible_diagrams()
    assert scene.animating() and rect in [r for _, r in scene.visible_diagrams()]
    frames = []
    for t in (0.1, played.moving.HOLD + played.moving.GLIDE / 2):
        app.now = lambda t=t: 40.0 + t
        app.draw()
        frames.append(pygame.image.tobytes(app.screen.subsurface(rect.clip(scene.frame)), "RGB"))
    assert frames[0] != frames[1]
    assert scene.changed_rects() == [r.clip(scene.frame) for _, r in scene.visible_diagrams()]
    # scrolled to the history at the end: no diagram in view, nothing to play
    scene.scroll = scene.card().get_height()
    scene._clamp()
    assert not scene.visible_diagrams() and not scene.animating()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_line_of_a_card_starts_with_the_sign_that_ends_a_word(lang):
    # "**Heilige Linie**." is two runs with no space between them: the full stop must stay on
    # the bold word's line (it once started a line, ". Linie 1", on the German Pente card)
    from ludique.ui.rule_cards import _lines
    from ludique.words.document import CARD_IDS, HISTORY_IDS

    runs = parse("Die **Heilige Linie**.", Path("example.md"))[0].runs
    assert all(line[0][0][0] != "." for line in _lines(runs, 30, 150, False))
    bad = []
    docs = [("rules", c) for c in CARD_IDS] + [("history", h) for h in HISTORY_IDS]
    for folder, doc_id in docs:
        for block in load(lang, folder, doc_id):
            for width in range(300, 1400, 37):
                for line in _lines(block.runs, 30, width, block.kind == "heading"):
                    if line and line[0][0][:1] in ".,;:!?)»\u00a0":
                        bad.append(f"{folder}/{doc_id}:{block.line} at {width}px: {line[0][0]!r}")
    assert bad == []


def test_the_common_latrunculi_cards_diagrams_are_true_in_every_variant():
    # the Ludus latrunculorum card is read with Seneca's and Piso's too, where a man steps one
    # square: each move it shows is one step along a line (a slide of two would be Petteia's)
    shown = [
        name
        for lang in LANGUAGES
        for block in load(lang, "rules", "latrunculi")
        if block.kind == "diagram"
        for name in [block.name]
    ]
    assert {"latrunculi-custodian", "latrunculi-corner"} <= set(shown)
    for name in set(shown):
        for move in DIAGRAMS[name].moves:
            (f1, r1), (f2, r2) = ((sq[0], int(sq[1:])) for sq in move.split("-"))
            assert abs(ord(f1) - ord(f2)) + abs(r1 - r2) == 1, f"{name}: {move} is no single step"
