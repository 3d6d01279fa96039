"""Keep the kiosk's resident memory from creeping up over a day of visitors (glibc only).

Most of the kiosk's memory is pixels (rule cards, boards, text), allocated and freed in blocks of
a few hundred KB to tens of MB.  glibc raises its mmap threshold to the size of each large block
freed, so later large blocks come from the main heap, which is fragmented by small objects and
rarely shrinks: resident memory then swings by 100-200 MB and drifts upwards.  A fixed threshold
sends every large block to its own mapping, returned to the system when freed.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import sys

log = logging.getLogger(__name__)

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_THRESHOLD = 128 * 1024  # glibc's own starting value; fixing it stops the dynamic rise
TRIM_THRESHOLD = 1024 * 1024


def limit_heap_growth() -> bool:
    """Fix glibc's mmap and trim thresholds; True if done (False elsewhere, harmlessly)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # musl or another libc: nothing to tune
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    done = bool(mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD)
    )
    if not done:
        log.warning("mallopt refused the memory thresholds; memory may drift upwards")
    return done
