"""The texts a visitor reads, held to the standard of issue 12.

* nothing is pasted from the museum's source cards (``../shared/seeds``): no run of
  ``SEED_RUN`` words in a row shared with a seed outside the bibliographies;
* the glossary ``assets/glossary.toml`` is kept (one word per idea; each drift named by file
  and line): each term is used, no forbidden alternative is;
* every rule card opens with its "In short" section of three or four one-sentence lines;
* each Rules screen (the cards of ``card_ids_for(game)`` together) stays short below them.
"""

from __future__ import annotations

import os
import re
import tomllib
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pytest

from ludique.content import CARD_IDS, HISTORY_IDS, card_ids_for
from ludique.content.document import Block, load
from ludique.games import GAME_IDS
from ludique.i18n import LANGUAGES, read_file
from ludique.paths import locales_dir

ROOT = locales_dir()
REPO = Path(__file__).resolve().parents[1]
SEEDS = REPO.parent / "shared" / "seeds"
GLOSSARY = REPO / "assets" / "glossary.toml"

SEED_RUN = 9  # words in a row that may not be shared with a source card
SCREEN_WORDS = 450  # words per Rules screen below the "In short" sections
IN_SHORT = {"en": "In short", "fr": "En bref", "de": "Kurz gesagt"}
IN_SHORT_LINES = (3, 4)
IN_SHORT_LINE_WORDS = 30  # one line on the card is about 16 words; two at most
# The headings that open a bibliography: in our history panels and in the source cards.
BIBLIOGRAPHY = ("further reading", "pour en savoir plus", "zum weiterlesen")


# --- reading the texts ------------------------------------------------------------------------


def _plain(text: str) -> list[str]:
    """The words of ``text``, lower case, accents and punctuation dropped.

    The German source card is an OCR scan that reads "ü" as "ii" ("Wiirfel"); writing "ii" as "u"
    on both sides lets such words still match, so a copied sentence cannot hide behind the scan.
    """
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = text.replace("ß", "ss").replace("ii", "u")
    return re.findall(r"[^\W_]+", text)


def _seed_words(path: Path) -> list[str]:
    """The words of one source card, its bibliography (a heading line and all after it) left out."""
    kept: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        heading = " ".join(_plain(line))
        if heading in BIBLIOGRAPHY:
            break
        kept.append(line)
    return _plain("\n".join(kept))


def _document_blocks(lang: str, folder: str, doc_id: str) -> list[Block]:
    """The blocks of a card or history panel, the history's bibliography left out."""
    out: list[Block] = []
    for block in load(lang, folder, doc_id):
        if block.kind == "heading" and " ".join(_plain(block.text)) in BIBLIOGRAPHY:
            break
        out.append(block)
    return out


def _toml_lines(path: Path) -> dict[str, int]:
    """The line of every ``key = "text"`` of a locale file, by its full key (tables and dotted
    keys joined), so that a drift is named where a curator fixes it."""
    lines: dict[str, int] = {}
    table = ""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        header = re.match(r"\s*\[([^\]]+)\]\s*(#.*)?$", line)
        if header:
            table = header[1].strip()
            continue
        pair = re.match(r"\s*([\w.\-\"]+)\s*=", line)
        if pair and not line.lstrip().startswith("#"):
            key = pair[1].replace('"', "")
            lines[f"{table}.{key}" if table else key] = number
    return lines


def _visitor_texts(lang: str) -> dict[str, str]:
    """Every text of ``lang`` outside the bibliographies, by where it is: ``rules/<id>:<line>``,
    ``history/<id>:<line>`` and ``<file>.toml:<key>`` (the values only, not the comments)."""
    texts: dict[str, str] = {}
    for card_id in CARD_IDS:
        for block in _document_blocks(lang, "rules", card_id):
            texts[f"rules/{card_id}:{block.line}"] = block.text
    for game in HISTORY_IDS:
        for block in _document_blocks(lang, "history", game):
            texts[f"history/{game}:{block.line}"] = block.text
    for path in sorted((ROOT / lang).glob("*.toml")):
        for key, value in read_file(path).items():
            texts[f"{path.name}:{key}"] = value
    return texts


def _file_and_line(lang: str, where: str) -> str:
    """``locales/de/rules/pente-grammai.md:53`` or ``locales/de/learn.toml:20 (kiosk.learn...)``."""
    doc, _, rest = where.partition(":")
    if doc.endswith(".toml"):
        line = _toml_lines(ROOT / lang / doc).get(rest, 0)
        return f"locales/{lang}/{doc}:{line} ({rest})"
    return f"locales/{lang}/{doc}.md:{rest}"


# --- 1. nothing pasted from the source cards ------------------------------------------------


def _runs(words: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def shared_runs(text: str, seed_runs: set[tuple[str, ...]], n: int = SEED_RUN) -> list[str]:
    """The runs of ``n`` words of ``text`` that are also in a source card, longest first joined."""
    words = _plain(text)
    hits = [i for i in range(len(words) - n + 1) if tuple(words[i : i + n]) in seed_runs]
    found: list[str] = []
    start = prev = None
    for i in hits + [None]:
        if start is not None and (i is None or i != prev + 1):
            found.append(" ".join(words[start : prev + n]))
            start = None
        if i is not None and start is None:
            start = i
        prev = i
    return found


def read_seed_runs(folder: Path, ci: bool) -> set[tuple[str, ...]]:
    """The runs of ``SEED_RUN`` words of every source card in ``folder``.

    Away from CI a checkout without the cards beside it skips the copy check; in CI (``CI`` set
    to true, the cards at ``../shared/seeds``) a folder missing, unreadable or empty fails it.
    """
    try:
        paths = sorted(p for p in folder.glob("*") if p.is_file()) if folder.is_dir() else []
        runs: set[tuple[str, ...]] = set()
        for path in paths:
            runs |= _runs(_seed_words(path), SEED_RUN)
    except (OSError, UnicodeDecodeError) as err:
        paths, runs, why = [], set(), f"cannot be read ({err})"
    else:
        why = "is missing" if not folder.is_dir() else "holds no text"
    if runs:
        return runs
    message = f"the museum's source cards {why}: {folder}"
    if ci:
        pytest.fail(message + " (in CI the copy check must run)")
    pytest.skip(message)


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


@pytest.fixture(scope="module")
def seed_runs() -> set[tuple[str, ...]]:
    return read_seed_runs(SEEDS, _in_ci())


def test_the_copy_check_fails_in_ci_when_the_seeds_cannot_be_read(tmp_path):
    missing = tmp_path / "seeds"
    with pytest.raises(pytest.fail.Exception, match="is missing"):
        read_seed_runs(missing, ci=True)
    with pytest.raises(pytest.skip.Exception):
        read_seed_runs(missing, ci=False)
    missing.mkdir()
    with pytest.raises(pytest.fail.Exception, match="holds no text"):
        read_seed_runs(missing, ci=True)
    (missing / "card.txt").write_bytes(b"\xff\xfe not text \xff")
    with pytest.raises(pytest.fail.Exception, match="cannot be read"):
        read_seed_runs(missing, ci=True)
    (missing / "card.txt").write_text(" ".join(f"w{i}" for i in range(12)), encoding="utf-8")
    assert len(read_seed_runs(missing, ci=True)) == 12 - SEED_RUN + 1


def test_the_seed_check_finds_a_pasted_sentence(seed_runs):
    # A sentence of the English source card, re-punctuated and re-cased, must be caught; the
    # same words with one changed every eight words must not.
    pasted = 'If no move is possible, THE player misses his turn; "Zugzwang": it is compulsory'
    assert shared_runs(pasted, seed_runs) != []
    assert shared_runs("If no move is possible the visitor misses a turn", seed_runs) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_run_of_nine_words_is_shared_with_a_source_card(lang, seed_runs):
    problems = [
        f"{where}: {run!r}"
        for where, text in _visitor_texts(lang).items()
        for run in shared_runs(text, seed_runs)
    ]
    assert problems == []


# --- 2. the glossary ------------------------------------------------------------------------


@dataclass(frozen=True)
class Term:
    scope: str  # "all", "rules", or documents / keys: "rules/epaminondas, kiosk.learn.dux.*"
    lang: str
    use: tuple[str, ...]  # each must appear (as the start of a word) somewhere in the scope
    avoid: tuple[str, ...]  # none may appear as a whole word or phrase in the scope
    idea: str = ""


def glossary(path: Path = GLOSSARY) -> list[Term]:
    """The terms of ``assets/glossary.toml``: per idea and language, its word and the words it
    must not be called."""
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    terms: list[Term] = []
    for entry in data["term"]:
        for lang in LANGUAGES:
            words = entry.get(lang)
            if words is None:
                continue
            assert set(words) <= {"use", "avoid"}, f"glossary {entry['idea']!r}: {words}"
            for kind, listed in words.items():
                # a string there would be checked letter by letter, and pass
                assert isinstance(listed, list) and all(
                    isinstance(word, str) and word.strip() for word in listed
                ), f"glossary {entry['idea']!r}: {lang}.{kind} must be a list of words in quotes"
            terms.append(
                Term(
                    entry["scope"],
                    lang,
                    tuple(words.get("use", ())),
                    tuple(words.get("avoid", ())),
                    entry["idea"],
                )
            )
    return terms


def _in_scope(where: str, scope: str) -> bool:
    if scope == "all":
        return True
    if scope == "rules":
        return where.startswith("rules/")
    doc, _, rest = where.partition(":")
    name = rest if doc.endswith(".toml") else doc
    for wanted in (s.strip() for s in scope.split(",")):
        if wanted.endswith("*") and name.startswith(wanted[:-1]):
            return True
        if name == wanted:
            return True
    return False


def _phrase(words: str, whole: bool) -> re.Pattern[str]:
    tail = r"(?!\w)" if whole else ""
    return re.compile(r"(?<!\w)" + re.escape(words) + tail, re.IGNORECASE)


@pytest.mark.parametrize("words", ['"Hausregel"', '["Hausregel", 3]', '[""]'])
def test_a_glossary_entry_that_is_not_a_list_of_words_is_refused(tmp_path, words):
    """Issue 37: ``use = "Hausregel"`` was read letter by letter, and its check passed."""
    path = tmp_path / "glossary.toml"
    path.write_text(
        f'[[term]]\nidea = "x"\nscope = "all"\nde = {{ use = {words} }}\n', encoding="utf-8"
    )
    with pytest.raises(AssertionError, match="de.use must be a list of words"):
        glossary(path)


def test_the_glossary_is_read_and_its_check_can_fail():
    terms = glossary()
    assert len(terms) >= 40
    assert any(t.lang == "de" and "Regel des Kiosks" in t.avoid for t in terms)
    # a forbidden word is found as a whole word, in any case, and not inside a longer word
    assert _phrase("roll", True).search("Roll the die")
    assert not _phrase("roll", True).search("the scroll")
    assert _in_scope("rules/epaminondas:12", "rules/epaminondas, kiosk.reason.crossing")
    assert _in_scope("kiosk.toml:kiosk.reason.crossing", "rules/epaminondas, kiosk.reason.crossing")
    assert _in_scope("learn.toml:kiosk.learn.latrunculi-dux.win.say", "kiosk.learn.latrunculi-*")
    assert not _in_scope("history/epaminondas:3", "rules/epaminondas")
    assert _file_and_line("de", "learn.toml:kiosk.learn.pente-grammai.throw.say").startswith(
        "locales/de/learn.toml:"
    )
    assert not _file_and_line("de", "learn.toml:kiosk.learn.pente-grammai.throw.say").startswith(
        "locales/de/learn.toml:0 "
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_terms_are_used_and_their_alternatives_are_not(lang):
    texts = _visitor_texts(lang)
    problems = []
    for term in (t for t in glossary() if t.lang == lang):
        scoped = {w: s for w, s in texts.items() if _in_scope(w, term.scope)}
        assert scoped, f"glossary scope {term.scope!r} names no text"
        for use in term.use:
            if not any(_phrase(use, False).search(s) for s in scoped.values()):
                problems.append(f"{term.scope}: the term {use!r} ({term.idea}) is never used")
        for avoid in term.avoid:
            pattern = _phrase(avoid, True)
            problems += [
                f"{_file_and_line(lang, w)}: {avoid!r} (say {' / '.join(term.use)}: {term.idea})"
                for w, s in scoped.items()
                if pattern.search(s)
            ]
    assert problems == [], "\n".join(problems)


# --- 3. "In short" and the length of a Rules screen -----------------------------------------


def in_short(lang: str, card_id: str) -> tuple[list[Block], list[Block]]:
    """The lines of the card's "In short" section, and every block below that section."""
    blocks = load(lang, "rules", card_id)
    sections = [i for i, b in enumerate(blocks) if b.kind == "heading" and b.level == 2]
    assert sections, f"{lang}/{card_id}: no section"
    first = sections[0]
    assert blocks[first].text == IN_SHORT[lang], (
        f"{lang}/{card_id}: opens with {blocks[first].text!r}"
    )
    end = sections[1] if len(sections) > 1 else len(blocks)
    return blocks[first + 1 : end], blocks[end:]


def _sentences(text: str) -> int:
    return len(re.findall(r"[.!?](?:\s|$)", text.strip()))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("card_id", CARD_IDS)
def test_every_card_opens_with_three_or_four_short_lines(lang, card_id):
    lines, _ = in_short(lang, card_id)
    assert len(lines) in IN_SHORT_LINES, [b.text for b in lines]
    for line in lines:
        assert line.kind == "item", line.text
        assert _sentences(line.text) == 1, f"not one sentence: {line.text!r}"
        assert len(line.text.split()) <= IN_SHORT_LINE_WORDS, line.text


def screen_words(lang: str, game_id: str) -> int:
    """Words on the Rules screen of ``game_id`` below the "In short" sections (captions,
    headings and notes included; the history panel is separate and not counted)."""
    return sum(
        len([w for block in rest for w in block.text.split() if re.search(r"\w", w)])
        for rest in (in_short(lang, card)[1] for card in card_ids_for(game_id))
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_rules_screen_is_short_below_in_short(lang, game_id):
    assert 150 <= screen_words(lang, game_id) <= SCREEN_WORDS


# --- 4. typography --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_typography_uses_the_languages_own_marks(lang):
    """Curly apostrophes (’) and each language's quotation marks: « » in French, „ “ in German,
    “ ” in English; a straight ' or " is a typewriter's mark, never a printer's."""
    problems = [
        f"{_file_and_line(lang, where)}: {text!r}"
        for where, text in _visitor_texts(lang).items()
        # the curator's messages quote the settings file, where a value stands in straight quotes
        if re.search(r"['\"]", text) and not where.startswith("common.toml:")
    ]
    assert problems == [], "\n".join(problems)
    assert re.search(r"['\"]", "White's throw")  # the check can fail
