"""Rule cards and history panels: find the Markdown files and parse them into blocks.

The Markdown subset (documented in ``docs/content.md``) is parsed by markdown-it-py with only the
rules the cards need switched on, so anything else (links, tables, code, HTML) simply stays as
plain text for a curator to see and fix, instead of vanishing.

* ``# Title``, ``## Section``, ``### Subsection``;
* paragraphs; ``*italic*`` and ``**bold**``;
* bulleted (``-``) and numbered (``1.``) lists;
* ``> **Kiosk rule.** ...``: a quoted paragraph is drawn as a framed note; the cards use it for
  every rule that is the kiosk's own decision rather than a rule of the sources;
* ``::: diagram NAME`` alone on a line places the drawn diagram ``NAME``
  (``ludique.ui.diagrams.DIAGRAMS``); the paragraph right after it is its caption.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from ludique.games import GAME_IDS, is_game, spec, specs
from ludique.paths import locales_dir
from ludique.words.glyphs import describe, lacking
from ludique.words.i18n import FALLBACK, LANGUAGES

log = logging.getLogger(__name__)


def card_ids() -> tuple[str, ...]:
    """Every game's rule cards (their specs' ``cards``), each once, in the games' order: the
    common card of a family comes before each variant's."""
    return tuple(dict.fromkeys(card for one in specs() for card in one.cards))


def history_ids() -> tuple[str, ...]:
    """Every game's history panel (their specs' ``history``), each once."""
    return tuple(dict.fromkeys(one.history for one in specs() if one.history))


# the kiosk's own (``ludique.games.GAME_IDS``): the cards printed, checked and shipped
CARD_IDS: tuple[str, ...] = tuple(dict.fromkeys(c for g in GAME_IDS for c in spec(g).cards))
HISTORY_IDS: tuple[str, ...] = tuple(dict.fromkeys(spec(g).history for g in GAME_IDS))

# The largest card is 3.5 KB.  The Rules screen draws its cards in the loop, as one picture:
# 372 KB froze it 28.5 s at 2.1 GB, near the watchdog's 30 s.  Measured at 1300 px wide: 16 KB
# of card took 0.29 s and a picture of 164 MB; at this limit, about half of that.
MAX_DOCUMENT_BYTES = 8 * 1024
DIAGRAM_LINE = re.compile(r"^:::\s*diagram\s+([a-z0-9-]+)\s*$")


class ContentError(Exception):
    """A rule card or history panel that cannot be used; the message names the file and line."""


@dataclass(frozen=True)
class Run:
    """A stretch of text in one style: ``"text"``, ``"bold"`` or ``"italic"``."""

    text: str
    style: str


@dataclass
class Block:
    """One block of a document.

    ``kind`` is ``"heading"`` (with ``level``), ``"paragraph"``, ``"item"`` (a list item, with
    ``marker`` "•" or "3." and ``level`` for nesting), ``"diagram"`` (with ``name``) or
    ``"caption"``.  ``note`` is true inside a quoted note (a kiosk rule).
    """

    kind: str
    runs: list[Run] = field(default_factory=list)
    level: int = 0
    marker: str = ""
    name: str = ""
    note: bool = False
    line: int = 0
    claim: str = ""  # the rule claim the block states (``{#id}`` at its end; assets/claims.toml)
    source: str = ""  # the file it comes from, for the log
    # the runs on paper where they differ from the screen's (``{screen|paper}``), else None
    paper_runs: list[Run] | None = None

    @property
    def text(self) -> str:
        """The block's text as the kiosk's screen shows it."""
        return "".join(run.text for run in self.runs)

    @property
    def paper_text(self) -> str:
        """The block's text as the printed card prints it."""
        runs = self.runs if self.paper_runs is None else self.paper_runs
        return "".join(run.text for run in runs)


def card_ids_for(game_id: str) -> list[str]:
    """The cards to show for ``game_id`` (an id of ``ludique.games.game_ids()``), in order."""
    cards = spec(game_id).cards if is_game(game_id) else ()
    if cards:
        return list(cards)  # a variant's: its family's card first
    raise ContentError(f"no rule card for game id {game_id!r}")


def history_id_for(game_id: str) -> str:
    """The history panel of ``game_id`` (a family's variants share one)."""
    base = spec(game_id).history if is_game(game_id) else game_id  # a game, or its family
    if base not in history_ids():
        raise ContentError(f"no history panel for game id {game_id!r}")
    return base


def _words_of(doc_id: str) -> Path:
    """Where a card or history panel lives: the kiosk's locales, or the folder of words of a
    game kept outside them (its spec's ``words``)."""
    for one in specs():
        if one.words is not None and (doc_id in one.cards or doc_id == one.history):
            return one.words
    return locales_dir()


def document_path(lang: str, folder: str, doc_id: str, root: Path | None = None) -> Path:
    """``locales/<lang>/<folder>/<doc_id>.md``, or the English one when ``lang`` lacks it."""
    if lang not in LANGUAGES:
        raise ContentError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    base = root or _words_of(doc_id)
    path = base / lang / folder / f"{doc_id}.md"
    if not path.is_file():
        english = base / FALLBACK / folder / f"{doc_id}.md"
        if english.is_file():
            if lang != FALLBACK:
                log.warning("%s: no such %s document; showing the English one", path, folder)
            return english
        raise ContentError(f"{path}: no such {folder} document (nor an English one)")
    return path


def _markdown() -> MarkdownIt:
    return MarkdownIt("zero").enable(["heading", "list", "blockquote", "emphasis", "newline"])


def _runs(inline: Token, path: Path, line: int) -> list[Run]:
    runs: list[Run] = []
    bold = italic = 0
    for token in inline.children or []:
        if token.type == "strong_open":
            bold += 1
        elif token.type == "strong_close":
            bold -= 1
        elif token.type == "em_open":
            italic += 1
        elif token.type == "em_close":
            italic -= 1
        elif token.type in ("softbreak", "hardbreak"):
            runs.append(Run(" ", "text"))
        elif token.type == "text":
            if not token.content:
                continue
            style = "bold" if bold else "italic" if italic else "text"
            runs.append(Run(token.content, style))
        else:  # pragma: no cover - the enabled rules produce nothing else
            raise ContentError(f"{path}:{line}: unsupported Markdown ({token.type})")
    return runs


CLAIM = re.compile(r"\s*\{#([a-z0-9][a-z0-9.\-]*)\}\s*$")
# ``{on the screen|on paper}``: an instruction for the screen ("Touch the die") and what the
# printed card says instead (either may be empty); within one style, never across ``**``
MEDIA = re.compile(r"\{([^{}|#][^{}|]*|)\|([^{}|]*)\}")


def _media(runs: list[Run]) -> tuple[list[Run], list[Run] | None]:
    """The runs for the screen and, where a ``{screen|paper}`` choice differs, for paper."""
    if not any(MEDIA.search(run.text) for run in runs):
        return runs, None
    screen = [Run(MEDIA.sub(r"\1", run.text), run.style) for run in runs]
    paper = [Run(MEDIA.sub(r"\2", run.text), run.style) for run in runs]
    return [r for r in screen if r.text], [r for r in paper if r.text]


def _take_claim(runs: list[Run]) -> str:
    """The id of ``{#id}`` at the end of a block, removed from its text: it names the rule
    claim that the engine checks (``tests/test_claims.py``) and is never shown."""
    if not runs:
        return ""
    match = CLAIM.search(runs[-1].text)
    if match is None:
        return ""
    last = runs.pop()
    if match.start():
        runs.append(Run(last.text[: match.start()], last.style))
    return match.group(1)


_MARKERS = re.compile(r"^\s*(?:(?:>|[-*+]|\d{1,9}[.)])(?:\s+|$))*")


def _report_dropped(text: str, tokens: list[Token], path: Path) -> None:
    """The parser leaves out, without a word, what is nested deeper than its limit (blockquotes
    or lists 20 deep): a line with words that no text token covers is logged, once."""
    covered: set[int] = set()
    for token in tokens:
        if token.type == "inline" and token.map:
            covered.update(range(token.map[0], token.map[1]))
    lines = text.splitlines()
    lost = [
        n for n, line in enumerate(lines) if n not in covered and _MARKERS.sub("", line).strip()
    ]
    if lost:
        log.warning(
            "%s:%d: Markdown nested deeper than %d levels: %d lines left out from here",
            path,
            lost[0] + 1,
            _markdown().options["maxNesting"],
            len(lost),
        )


def _report_nul(text: str, path: Path) -> None:
    """A NUL byte is no character: the parser shows it as U+FFFD (a box or a question mark on
    the card), so its first line is logged, with how many lines have one."""
    lines = [n for n, line in enumerate(text.splitlines(), 1) if "\x00" in line]
    if lines:
        log.warning(
            "%s:%d: a NUL byte, which is no character (shown as a replacement mark); "
            "%d lines have one",
            path,
            lines[0],
            len(lines),
        )


def parse(text: str, path: Path) -> list[Block]:
    """The blocks of one Markdown document (``path`` only names it in error messages)."""
    _report_nul(text, path)
    tokens = _markdown().parse(text)
    _report_dropped(text, tokens, path)
    reading = _Reading(path)
    for token in tokens:
        if token.type == "inline":
            reading.inline(token, token.map[0] + 1 if token.map else 0)
        else:
            reading.structure(token)
    return reading.blocks


@dataclass
class _Reading:
    """Where ``parse`` stands in a document: the heading, quoted notes and lists open, the
    marker of the list item whose text comes next, whether the last block was a diagram."""

    path: Path
    blocks: list[Block] = field(default_factory=list)
    heading: int = 0
    note: int = 0
    lists: list[list[int | None]] = field(default_factory=list)  # [next number or None] each
    item_marker: str | None = None
    after_diagram: bool = False

    def structure(self, token: Token) -> None:
        """A heading, a quote, a list or a list item opened or closed."""
        kind = token.type
        if kind == "heading_open":
            self.heading = int(token.tag[1])
        elif kind == "heading_close":
            self.heading = 0
        elif kind == "blockquote_open":
            self.note += 1
        elif kind == "blockquote_close":
            self.note -= 1
        elif kind in ("bullet_list_open", "ordered_list_open"):
            start = token.attrGet("start")
            self.lists.append([int(start or 1) if kind == "ordered_list_open" else None])
        elif kind in ("bullet_list_close", "ordered_list_close"):
            self.lists.pop()
        elif kind == "list_item_open":
            number = self.lists[-1][0]
            if number is None:
                self.item_marker = "•"
            else:
                self.item_marker = f"{number}."
                self.lists[-1][0] = number + 1

    def inline(self, token: Token, line: int) -> None:
        """A line of text: a diagram's line, or a block of the kind the open structure says."""
        path = self.path
        runs = _runs(token, path, line)
        claim = _take_claim(runs)
        runs, paper_runs = _media(runs)
        plain = "".join(r.text for r in runs).strip()
        match = DIAGRAM_LINE.match(plain)
        if match and not self.heading and self.item_marker is None:
            diagram = Block("diagram", name=match.group(1), line=line, source=str(path))
            diagram.note = bool(self.note)
            self.blocks.append(diagram)
            self.after_diagram = True
            return
        if plain.startswith(":::"):
            # one bad line costs its diagram, never the whole card
            log.warning(
                "%s:%d: a diagram line reads '::: diagram NAME' on its own, found %r; left out",
                path,
                line,
                plain[:80],
            )
            return
        boxes = lacking(plain)
        if boxes:
            log.warning(
                "%s:%d: characters the fonts cannot draw (shown as boxes): %s",
                path,
                line,
                describe(boxes),
            )
        block = self._block(runs, line)
        block.note = bool(self.note)
        block.claim = claim
        block.paper_runs = paper_runs
        block.source = str(path)
        self.blocks.append(block)
        self.after_diagram = False

    def _block(self, runs: list[Run], line: int) -> Block:
        """A heading, a list item, a diagram's caption or a paragraph, as the text stands."""
        if self.heading:
            return Block("heading", runs, level=self.heading, line=line)
        if self.item_marker is not None:
            marker, self.item_marker = self.item_marker, None
            return Block("item", runs, level=len(self.lists), marker=marker, line=line)
        if self.after_diagram:
            return Block("caption", runs, line=line)
        return Block("paragraph", runs, line=line)


class _TooLarge(Exception):
    pass


def load(lang: str, folder: str, doc_id: str, root: Path | None = None) -> list[Block]:
    """Parse ``locales/<lang>/<folder>/<doc_id>.md`` (English if that language lacks it, is
    empty, cannot be read or is larger than ``MAX_DOCUMENT_BYTES``)."""
    path = document_path(lang, folder, doc_id, root)
    try:
        with path.open("rb") as fh:
            data = fh.read(MAX_DOCUMENT_BYTES + 1)
        if len(data) > MAX_DOCUMENT_BYTES:
            raise _TooLarge(
                f"{path}: {path.stat().st_size // 1024} KB, more than a card may hold "
                f"({MAX_DOCUMENT_BYTES // 1024} KB: the screen would freeze drawing it)"
            )
        text = data.decode("utf-8")
    except _TooLarge as exc:
        problem = str(exc)
    except (OSError, UnicodeDecodeError) as exc:
        problem = f"{path}: cannot be read ({exc})"
    else:
        blocks = parse(text, path)
        if blocks:
            return blocks
        problem = f"{path}: the document is empty"
    if lang == FALLBACK:
        raise ContentError(problem)
    # the visitor reads the English card rather than none
    log.warning("%s; showing the English one", problem)
    return load(FALLBACK, folder, doc_id, root)
