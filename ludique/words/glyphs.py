"""Which characters the bundled faces can draw, read from their own character maps.

SDL_ttf draws a box for a character its face lacks and says nothing (its metrics are those of
the box), so a curator's edit with Chinese, Hebrew or an emoji would show boxes to visitors with
no trace in the log.  The locale and card loaders ask :func:`lacking` and log what it finds,
naming the file.  Only the ``cmap`` table is read (formats 4 and 12, those of the Noto faces),
so that the kiosk needs no font library beyond pygame.
"""

from __future__ import annotations

import logging
import struct
from functools import cache
from pathlib import Path

from ludique.paths import asset_path

log = logging.getLogger(__name__)

FACES = (
    "NotoSerif-Regular.ttf",
    "NotoSerif-Bold.ttf",
    "NotoSerif-Italic.ttf",
    "NotoSerifDisplay-Bold.ttf",
)
# never drawn as glyphs: line breaks and the like
_IGNORED = frozenset("\n\r\t")


def _cmap_of(data: bytes) -> set[int]:
    """The code points of one TrueType/OpenType file's Unicode ``cmap`` subtables."""
    tables = struct.unpack_from(">H", data, 4)[0]
    offset = None
    for i in range(tables):
        tag, _, start, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            offset = start
    if offset is None:
        return set()
    points: set[int] = set()
    count = struct.unpack_from(">H", data, offset + 2)[0]
    for i in range(count):
        platform, encoding, sub = struct.unpack_from(">HHI", data, offset + 4 + 8 * i)
        if platform not in (0, 3):
            continue
        at = offset + sub
        fmt = struct.unpack_from(">H", data, at)[0]
        if fmt == 4:
            segments = struct.unpack_from(">H", data, at + 6)[0] // 2
            ends = struct.unpack_from(f">{segments}H", data, at + 14)
            starts = struct.unpack_from(f">{segments}H", data, at + 16 + 2 * segments)
            deltas = struct.unpack_from(f">{segments}h", data, at + 16 + 4 * segments)
            range_at = at + 16 + 6 * segments
            ranges = struct.unpack_from(f">{segments}H", data, range_at)
            for s, (first, last, delta, rng) in enumerate(
                zip(starts, ends, deltas, ranges, strict=True)
            ):
                for code in range(first, last + 1):
                    if code == 0xFFFF:
                        continue
                    if rng == 0:
                        glyph = (code + delta) & 0xFFFF
                    else:
                        where = range_at + 2 * s + rng + 2 * (code - first)
                        glyph = struct.unpack_from(">H", data, where)[0]
                        glyph = (glyph + delta) & 0xFFFF if glyph else 0
                    if glyph:
                        points.add(code)
        elif fmt == 12:
            groups = struct.unpack_from(">I", data, at + 12)[0]
            for g in range(groups):
                first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * g)
                points.update(range(first if glyph else first + 1, last + 1))
    return points


@cache
def drawable() -> frozenset[int]:
    """The code points every bundled face has (empty when the fonts cannot be read: then
    nothing is reported, rather than everything)."""
    common: set[int] | None = None
    for face in FACES:
        try:
            points = _cmap_of(Path(asset_path("fonts", face)).read_bytes())
        except (OSError, struct.error) as exc:
            log.warning("cannot read the character map of %s (%s)", face, exc)
            return frozenset()
        common = points if common is None else common & points
    return frozenset(common or ())


def lacking(text: str) -> str:
    """The characters of ``text`` the bundled faces cannot draw (each once, in order)."""
    faces = drawable()
    if not faces:
        return ""
    seen: dict[str, None] = {}
    for char in text:
        if char not in _IGNORED and ord(char) not in faces and char not in seen:
            seen[char] = None
    return "".join(seen)


def describe(chars: str, limit: int = 8) -> str:
    """``'中' (U+4E2D), ...`` for a log line."""
    shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in chars[:limit])
    return shown + (f" and {len(chars) - limit} more" if len(chars) > limit else "")
