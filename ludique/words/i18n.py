"""Every word on screen, from the TOML files in ``locales/<lang>/``.

A catalogue is the merge of every ``*.toml`` file of one language folder; keys are dotted paths
(``turn.yours``).  Values may hold ``{name}`` fields filled by :meth:`Catalog.t`.  A key may be
defined in only one file of a language, so that a translator always knows where a word lives.

Nothing here stops the kiosk: a broken file or a missing key is reported (logged, and listed by
:func:`check_locales` for the admin panel and the self-test) with the file and the key named, and
the English text stands in.  Only :func:`read_language`, used by tools and tests, raises.
"""

from __future__ import annotations

import logging
import re
import string
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ludique.paths import locales_dir
from ludique.words.glyphs import describe, lacking

LANGUAGES: tuple[str, ...] = ("fr", "de", "en")
FALLBACK = "en"

log = logging.getLogger(__name__)


class LocaleError(Exception):
    """A locale file that cannot be read; the message names the file (and line where known)."""


def _flatten(
    table: dict[str, object], prefix: str, out: dict[str, str], bad: dict[str, str]
) -> None:
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, dict):
            _flatten(value, key + ".", out, bad)
        elif isinstance(value, str):
            out[key] = value
        else:
            bad[key] = f"must be text in quotes, not {type(value).__name__}"


def _line_of(raw: str, key: str) -> str:
    """`` (line N)`` where the last part of ``key`` is assigned, or nothing."""
    name = re.escape(key.rsplit(".", 1)[-1])
    found = re.search(rf"^[ \t]*[\"']?{name}[\"']?[ \t]*=", raw, re.M)
    return f" (line {raw.count(chr(10), 0, found.start()) + 1})" if found else ""


def read_file(path: Path) -> dict[str, str]:
    """The flattened keys of one TOML file.  Raises ``LocaleError`` naming the file and line."""
    flat, problems = read_file_keys(path)
    if problems:
        raise LocaleError("; ".join(problems.values()))
    return flat


def read_file_keys(path: Path) -> tuple[dict[str, str], dict[str, str]]:
    """The flattened keys of one TOML file that are usable text, and a problem for each key
    that is not (a number, a list, an empty text), naming the file, the key and its line: one
    bad key costs that key, never the rest of the file.  Raises ``LocaleError`` for a file that
    cannot be read at all."""
    try:
        raw = path.read_bytes().decode("utf-8")
        table = tomllib.loads(raw)
    except tomllib.TOMLDecodeError as exc:
        where = ""
        if "end of document" in str(exc):  # a file without a final newline: its last line
            where = f" (line {len(raw.splitlines()) or 1})"
        raise LocaleError(f"{path}: {exc}{where}") from None
    except RecursionError:
        raise LocaleError(f"{path}: brackets nested too deep") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LocaleError(f"{path}: cannot be read ({exc})") from None
    flat: dict[str, str] = {}
    bad: dict[str, str] = {}
    _flatten(table, "", flat, bad)
    for key, value in list(flat.items()):
        if not value.strip():
            bad[key] = "is empty"
            del flat[key]
    return flat, {key: f"{path}: key {key!r} {why}{_line_of(raw, key)}" for key, why in bad.items()}


@dataclass
class Language:
    """What could be read of one language: its texts, the file of each key, and the problems."""

    lang: str
    folder: Path
    entries: dict[str, str] = field(default_factory=dict)
    sources: dict[str, Path] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    broken: set[str] = field(default_factory=set)  # names of the files that could not be read
    # keys written as a table here where the other languages have text (reported here, once)
    clashed: set[str] = field(default_factory=set)
    bad_keys: set[str] = field(default_factory=set)  # keys whose value is not usable text


def load_language(lang: str, root: Path | None = None) -> Language:
    """Read every file of ``lang``, skipping (and reporting) the broken ones; never raises."""
    folder = (root or locales_dir()) / lang
    result = Language(lang, folder)
    if not folder.is_dir():
        result.problems.append(f"{folder}: no locale folder for language {lang!r}")
        return result
    for path in sorted(folder.glob("*.toml")):
        try:
            flat, key_problems = read_file_keys(path)
        except LocaleError as exc:
            result.problems.append(str(exc))
            result.broken.add(path.name)
            continue
        result.problems += key_problems.values()
        result.bad_keys.update(key_problems)
        for key, value in flat.items():
            boxes = lacking(value)
            if boxes:  # drawn, but as boxes: the curator must hear of it
                result.problems.append(
                    f"{path}: key {key!r} has characters the fonts cannot draw (shown as "
                    f"boxes): {describe(boxes)}"
                )
            if key in result.entries:
                result.problems.append(
                    f"{path}: key {key!r} is already defined in {result.sources[key]}; "
                    "a key may be defined in only one file"
                )
                continue
            result.entries[key] = value
            result.sources[key] = path
    return result


def settle_clashes(languages: list[Language]) -> None:
    """A key that one language writes as a table (``title = { ... }``, or ``[a.title]``) where
    the others have text is that language's mistake: it is reported in its own file, its parts
    dropped, and the others are not blamed for lacking them (nor it for lacking the text)."""
    texts = {language.lang: set(language.entries) for language in languages}
    for language in languages:
        for key in list(language.entries):
            parts = key.split(".")
            for n in range(1, len(parts)):
                prefix = ".".join(parts[:n])
                holders = [lang for lang, keys in texts.items() if prefix in keys]
                if not holders or prefix in language.entries:
                    continue
                if prefix not in language.clashed:
                    language.clashed.add(prefix)
                    source = language.sources[key]
                    language.problems.append(
                        f"{source}: key {prefix!r} must be text in quotes, not a table "
                        f"({', '.join(holders)} have text there){_line_of_file(source, prefix)}"
                    )
                del language.entries[key]
                break


def _line_of_file(path: Path, key: str) -> str:
    try:
        return _line_of(path.read_text(encoding="utf-8"), key)
    except (OSError, UnicodeDecodeError):
        return ""


def read_language(lang: str, root: Path | None = None) -> dict[str, str]:
    """All keys of one language, flattened.  Raises ``LocaleError`` naming the bad file."""
    language = load_language(lang, root)
    if language.problems:
        raise LocaleError("; ".join(language.problems))
    return language.entries


def fields_of(text: str) -> set[str]:
    """The ``{name}`` fields of a text (what the program fills in)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:  # an unbalanced brace: reported by compare()
        return {"<unbalanced braces>"}


def compare(language: Language, english: Language) -> list[str]:
    """Problems of ``language`` against English: missing keys, extra keys, different fields."""
    problems = []
    for key in sorted(english.entries.keys() - language.entries.keys()):
        name = english.sources[key].name
        if name in language.broken or not (language.folder / name).is_file():
            continue  # the whole file is reported once, not each of its keys
        if key in language.clashed or key in language.bad_keys:
            continue  # reported in this language's file as a table or a bad value
        problems.append(f"{language.folder / name}: missing key {key!r} (English is used)")
    for key in sorted(language.entries.keys() - english.entries.keys()):
        name = language.sources[key].name
        if name in english.broken or not (english.folder / name).is_file():
            continue  # English's file is broken or missing: reported once as such
        if key in english.clashed or key in english.bad_keys:
            continue  # English's own mistake, reported in English's file
        problems.append(f"{language.sources[key]}: key {key!r} is not in English")
    for key in sorted(language.entries.keys() & english.entries.keys()):
        ours, theirs = fields_of(language.entries[key]), fields_of(english.entries[key])
        if ours != theirs:
            problems.append(
                f"{language.sources[key]}: key {key!r} has fields {sorted(ours)}, "
                f"English has {sorted(theirs)}"
            )
    return problems


def missing_files(languages: list[Language]) -> list[str]:
    """A file one language has and another lacks (deleted, renamed), named once per language."""
    names = {lang.lang: {p.name for p in lang.folder.glob("*.toml")} for lang in languages}
    everywhere = set().union(*names.values()) if names else set()
    problems = []
    for language in languages:
        for name in sorted(everywhere - names[language.lang]):
            others = ", ".join(lang for lang in names if name in names[lang])
            problems.append(
                f"{language.folder / name}: file missing (it exists in {others}); "
                "its texts are taken from another language"
            )
    return problems


def check_locales(root: Path | None = None) -> list[str]:
    """Every problem of every language, each naming its file and key (empty when all is well)."""
    english = load_language(FALLBACK, root)
    languages = [english] + [load_language(lang, root) for lang in LANGUAGES if lang != FALLBACK]
    settle_clashes(languages)
    problems = list(english.problems)
    for language in languages[1:]:
        problems += language.problems + compare(language, english)
    return problems + missing_files(languages)


_FIELD = re.compile(r"\{(\w+)\}")


@dataclass
class Catalog:
    """The texts of one language, with English behind it for any key it lacks."""

    lang: str
    entries: dict[str, str]
    # for a key this language lacks: English's text, else another language's (key by key)
    fallback: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    _reported: set[str] = field(default_factory=set, repr=False)
    # keys whose absence is already reported (their whole file broken or missing)
    explained: frozenset[str] = frozenset()
    sources: dict[str, Path] = field(default_factory=dict, repr=False)  # key -> its file

    def t(self, key: str, **fields: object) -> str:
        """The text of ``key`` with its ``{fields}`` filled; English's (or another language's)
        if missing here, and the key itself only when no language has it."""
        text = self.entries.get(key)
        if text is None:
            text = self.fallback.get(key)
            if key not in self.explained:
                self._report(
                    key, f"locale {self.lang!r}: missing key {key!r} (using another language)"
                )
            if text is None:
                return key
        try:
            return text.format(**fields)
        except (KeyError, IndexError, ValueError, AttributeError) as exc:
            where = self.sources.get(key, f"locale {self.lang!r}")
            self._report(key, f"{where}: key {key!r} cannot be filled ({exc!r})")
            english = self.fallback.get(key)
            if english is not None and english is not text:
                try:
                    return english.format(**fields)
                except (KeyError, IndexError, ValueError, AttributeError):
                    pass
            # never show raw braces to a visitor
            return _FIELD.sub(lambda m: str(fields.get(m.group(1), "")), text)

    def _report(self, key: str, message: str) -> None:
        if key not in self._reported:
            self._reported.add(key)
            log.error("%s", message)

    def __contains__(self, key: str) -> bool:
        return key in self.entries


@cache
def startup_report() -> tuple[str, ...]:
    """Check every language once, when the first catalogue is asked for (at start-up), and log
    each problem: a broken German file is reported even while the kiosk shows French."""
    problems = tuple(check_locales())
    for problem in problems:
        log.error("%s", problem)
    return problems


@cache
def catalog(lang: str) -> Catalog:
    """The catalogue of ``lang`` (cached).  Broken files are logged and English stands in."""
    if lang not in LANGUAGES:
        raise LocaleError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    startup_report()
    english = load_language(FALLBACK)
    loaded = {FALLBACK: english}
    for other in LANGUAGES:
        if other != FALLBACK:
            loaded[other] = load_language(other)
    settle_clashes(list(loaded.values()))
    language = loaded[lang]
    problems = list(language.problems)
    if lang != FALLBACK:
        problems += compare(language, english)
    # English first, then the other languages: a key lost to a broken file is still worded
    fallback: dict[str, str] = {}
    for other in [FALLBACK, *LANGUAGES]:
        if other != lang:
            for key, text in loaded[other].entries.items():
                fallback.setdefault(key, text)
    present = (
        {p.name for p in language.folder.glob("*.toml")} if language.folder.is_dir() else set()
    )
    explained = frozenset(
        key
        for other in loaded.values()
        for key, source in other.sources.items()
        if key not in language.entries
        and (source.name in language.broken or source.name not in present)
    )
    return Catalog(
        lang, language.entries, fallback, problems, explained=explained, sources=language.sources
    )


def main() -> int:
    """``python3 -m ludique.words.i18n``: check every locale file, print each problem, exit 1 if
    any."""
    problems = check_locales()
    for problem in problems:
        print(problem)
    if not problems:
        print(f"{locales_dir()}: all {len(LANGUAGES)} languages complete and consistent")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
