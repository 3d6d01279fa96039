"""Every word on screen, from the TOML files in ``locales/<lang>/``.

A catalogue is the merge of every ``*.toml`` file of one language folder; keys are dotted paths
(``button.play``).  Values may hold ``{name}`` fields filled by :meth:`Catalog.t`.  A key missing
from a language falls back to English, and the problem is reported once (never a crash).
"""

from __future__ import annotations

import logging
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ludique.paths import locales_dir

LANGUAGES: tuple[str, ...] = ("fr", "de", "en")
FALLBACK = "en"

log = logging.getLogger(__name__)


class LocaleError(Exception):
    """A locale file that cannot be read; the message names the file (and line where known)."""


def _flatten(table: dict, prefix: str, out: dict[str, str], source: Path) -> None:
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, dict):
            _flatten(value, key + ".", out, source)
        elif isinstance(value, str):
            out[key] = value
        else:
            raise LocaleError(f"{source}: key {key!r} must be text, not {type(value).__name__}")


def read_language(lang: str, root: Path | None = None) -> dict[str, str]:
    """All keys of one language, flattened.  Raises ``LocaleError`` naming the bad file."""
    folder = (root or locales_dir()) / lang
    if not folder.is_dir():
        raise LocaleError(f"{folder}: no locale folder for language {lang!r}")
    entries: dict[str, str] = {}
    for path in sorted(folder.glob("*.toml")):
        try:
            with path.open("rb") as fh:
                table = tomllib.load(fh)
        except tomllib.TOMLDecodeError as exc:
            raise LocaleError(f"{path}: {exc}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise LocaleError(f"{path}: cannot be read ({exc})") from None
        flat: dict[str, str] = {}
        _flatten(table, "", flat, path)
        for key in flat.keys() & entries.keys():
            raise LocaleError(f"{path}: key {key!r} is defined in two files of {lang!r}")
        entries.update(flat)
    return entries


@dataclass
class Catalog:
    """The texts of one language, with English behind it for any key it lacks."""

    lang: str
    entries: dict[str, str]
    fallback: dict[str, str] = field(default_factory=dict)
    _reported: set[str] = field(default_factory=set, repr=False)

    def t(self, key: str, **fields: object) -> str:
        text = self.entries.get(key)
        if text is None:
            text = self.fallback.get(key)
            if key not in self._reported:
                self._reported.add(key)
                log.error("locale %r: missing key %r (using English)", self.lang, key)
            if text is None:
                return key
        if fields:
            try:
                return text.format(**fields)
            except (KeyError, IndexError, ValueError) as exc:
                log.error("locale %r: key %r cannot be filled (%s)", self.lang, key, exc)
        return text

    def __contains__(self, key: str) -> bool:
        return key in self.entries


@cache
def catalog(lang: str) -> Catalog:
    """The catalogue of ``lang`` (cached).  A broken file is logged and English stands in."""
    if lang not in LANGUAGES:
        raise LocaleError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    english = read_language(FALLBACK)
    if lang == FALLBACK:
        return Catalog(lang, english, english)
    try:
        entries = read_language(lang)
    except LocaleError as exc:
        log.error("%s; showing English instead", exc)
        entries = {}
    return Catalog(lang, entries, english)
